// On a form's builder, `minimum` and `maximum` narrow a number field: on a string field they
// are an error on the call, saying what a string field takes instead.
use elicit_core::Elicit;

/// Book a table
#[derive(Elicit)]
#[elicit(shaped)]
struct Booking {
    #[elicit(min_length = 1)]
    name: String,
    party: u8,
}

fn main() {
    let _ = Booking::form().name(|f| f.minimum(18)).build();
}
