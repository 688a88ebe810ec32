use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    #[elicit(pattern = "^[a-z]+$", default = "Ada99")]
    handle: String,
}

fn main() {}
