use elicit_core::Elicit;

#[derive(Elicit)]
struct Person {
    #[elicit(pattern = "^\\p{L}+$")]
    name: String,
}

fn main() {}
