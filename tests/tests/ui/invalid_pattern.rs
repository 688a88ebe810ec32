use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    #[elicit(pattern = "^[a-z+$")]
    handle: String,
}

fn main() {}
