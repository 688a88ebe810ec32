use elicit_core::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Paint {
    #[elicit(min_items = 1, max_items = 2)]
    color: Color,
}

fn main() {}
