// `shaped` asks for a struct form's builder: it belongs on the struct, nowhere else.
use elicit_core::Elicit;

/// Which size?
#[derive(Elicit)]
#[elicit(shaped)]
enum Size {
    Small,
    Large,
}

/// How many tickets?
#[derive(Elicit)]
struct Tickets {
    #[elicit(shaped)]
    count: u8,
}

/// A count of seats
#[derive(Elicit)]
#[elicit(shaped)]
struct Seats(u8);

fn main() {}
