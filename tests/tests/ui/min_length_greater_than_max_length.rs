use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(min_length = 10, max_length = 5)]
    name: String,
}

fn main() {}
