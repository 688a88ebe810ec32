use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(minimum = 1)]
    name: String,
}

fn main() {}
