// A key is written once.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, options)]
    date: String,
    #[elicit(options)]
    #[elicit(options)]
    time: String,
}

fn main() {}
