// An options field's answer is one of its options: no length applies.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Colour {
    #[elicit(options, min_length = 1, max_length = 20)]
    colour: String,
}

fn main() {}
