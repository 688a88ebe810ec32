// A form's builder (`T::form()`) is written by the derive only when the struct asks for one
// with `#[elicit(shaped)]`: calling it on a form without one says what to write, once per call.
use elicit_core::Elicit;

/// How many tickets?
#[derive(Elicit)]
struct Tickets {
    #[elicit(minimum = 1, maximum = 10)]
    count: u8,
}

/// Which size?
#[derive(Elicit)]
enum Size {
    Small,
    Large,
}

fn main() {
    let _ = Tickets::form().count(|f| f.maximum(2)).build();
    let _ = Size::form();
}
