use elicit_core::Elicit;

enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit)]
struct Pizza {
    toppings: Vec<Topping>,
}

fn main() {}
