// A skipped field is not asked: it has no options to give.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    name: String,
    #[elicit(options, skip)]
    date: String,
}

fn main() {}
