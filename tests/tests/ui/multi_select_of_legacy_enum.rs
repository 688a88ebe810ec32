use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(legacy_enum_names)]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit)]
struct Pizza {
    toppings: Vec<Topping>,
}

fn main() {}
