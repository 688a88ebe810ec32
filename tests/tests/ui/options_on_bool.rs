// A `bool` has two fixed values: nothing to offer at run time.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Confirm {
    #[elicit(options)]
    agree: bool,
}

fn main() {}
