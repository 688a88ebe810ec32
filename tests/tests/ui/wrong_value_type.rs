use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(min_length = "3", title = 5)]
    name: String,
}

fn main() {}
