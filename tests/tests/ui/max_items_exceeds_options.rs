use elicit_core::Elicit;

#[derive(Elicit)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(max_items = 3)]
    toppings: Vec<Topping>,
}

fn main() {}
