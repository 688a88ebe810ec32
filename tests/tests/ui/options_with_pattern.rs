// An options field's answer is one of its options: no pattern applies.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Colour {
    #[elicit(options, pattern = "^[a-z]+$")]
    colour: String,
}

fn main() {}
