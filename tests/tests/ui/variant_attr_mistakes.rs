use elicit_core::Elicit;

#[derive(Elicit)]
enum Color {
    #[elicit(description = "The red one")]
    Red,
    #[elicit(titel = "Green")]
    Green,
    #[elicit(title = "Blue", title = "Navy")]
    Blue,
}

fn main() {}
