// On a form's builder, `min_items` and `max_items` narrow a multi-select: on a single select
// (the enum itself) they are an error on the call.
use elicit_core::Elicit;

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Seating {
    Window,
    Aisle,
}

/// Book a table
#[derive(Elicit)]
#[elicit(shaped)]
struct Booking {
    seating: Seating,
    extras: Vec<Seating>,
}

fn main() {
    let _ = Booking::form()
        .extras(|f| f.max_items(1))
        .seating(|f| f.max_items(1))
        .build();
}
