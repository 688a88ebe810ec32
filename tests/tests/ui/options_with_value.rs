// `options` is a flag: the options themselves are given at run time.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Colour {
    #[elicit(options = ["red", "green"])]
    colour: String,
}

fn main() {}
