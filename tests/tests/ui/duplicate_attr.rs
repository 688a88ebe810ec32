use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(title = "Name")]
    #[elicit(title = "Full name")]
    name: String,
}

fn main() {}
