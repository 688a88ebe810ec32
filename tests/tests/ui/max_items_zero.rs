// `max_items = 0` leaves a multi-select one answer, `[]`: a question that asks nothing.
use elicit_core::Elicit;

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(max_items = 0)]
    toppings: Vec<Topping>,
    #[elicit(min_items = 0, max_items = 1)]
    extra: Vec<Topping>,
}

#[derive(Elicit)]
struct NoToppings(#[elicit(max_items = 0)] Vec<Topping>);

fn main() {}
