use elicit_core::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Paint {
    #[elicit(default = Color::Purple)]
    color: Color,
}

fn main() {}
