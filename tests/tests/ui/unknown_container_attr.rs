use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(prompt = "Who are you?")]
struct Profile {
    name: String,
}

fn main() {}
