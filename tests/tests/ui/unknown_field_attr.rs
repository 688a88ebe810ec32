use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(colour = "red")]
    name: String,
}

fn main() {}
