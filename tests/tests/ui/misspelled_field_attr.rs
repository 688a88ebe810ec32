use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(max_len = 10)]
    name: String,
}

fn main() {}
