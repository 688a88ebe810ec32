use elicit_core::Elicit;

#[derive(Elicit, Debug, PartialEq)]
enum Topping {
    Cheese,
    Ham,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(default = [Topping::Cheese, Topping::Cheese])]
    toppings: Vec<Topping>,
    #[elicit(max_items = 1, default = [Topping::Cheese, Topping::Ham])]
    extras: Vec<Topping>,
}

fn main() {}
