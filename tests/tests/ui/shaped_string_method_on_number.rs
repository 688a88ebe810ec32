// On a form's builder, `min_length` and `max_length` narrow a string field: on a number field
// they are an error on the call, saying what a number field takes instead.
use elicit_core::Elicit;

/// Book a table
#[derive(Elicit)]
#[elicit(shaped)]
struct Booking {
    name: String,
    #[elicit(minimum = 1)]
    party: u8,
}

fn main() {
    let _ = Booking::form().party(|f| f.min_length(1).max_length(2)).build();
}
