// `check` names the function that checks the field.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Trip {
    #[elicit(check)]
    date: String,
}

fn main() {}
