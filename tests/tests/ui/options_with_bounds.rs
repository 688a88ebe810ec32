// An options field's answer is one of its options: no bounds apply.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Seat {
    #[elicit(options, minimum = 1, maximum = 40)]
    row: u32,
}

fn main() {}
