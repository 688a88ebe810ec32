use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(min_length = 3, default = "Al")]
    name: String,
}

fn main() {}
