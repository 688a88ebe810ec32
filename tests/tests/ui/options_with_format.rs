// An options field's answer is one of its options: no format applies.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, format = "date")]
    date: String,
}

fn main() {}
