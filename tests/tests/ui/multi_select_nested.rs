use elicit_core::Elicit;

#[derive(Elicit)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit)]
struct Order {
    pizzas: Vec<Vec<Topping>>,
}

fn main() {}
