use elicit_core::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    #[elicit(rename = "Red")]
    Crimson,
}

fn main() {}
