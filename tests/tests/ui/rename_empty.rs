use elicit_core::Elicit;

#[derive(Elicit)]
struct Person {
    #[elicit(rename = "")]
    name: String,
}

fn main() {}
