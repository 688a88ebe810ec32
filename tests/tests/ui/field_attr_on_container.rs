use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(title = "Sign up")]
struct Profile {
    name: String,
}

fn main() {}
