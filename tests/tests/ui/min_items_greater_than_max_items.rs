use elicit_core::Elicit;

#[derive(Elicit)]
enum Topping {
    Cheese,
    Olives,
    Basil,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(min_items = 3, max_items = 1)]
    toppings: Vec<Topping>,
}

fn main() {}
