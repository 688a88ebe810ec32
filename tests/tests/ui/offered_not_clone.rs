// The values offered are kept with the form and handed back: they must be `Clone`.
use elicit_core::Elicit;

struct Room {
    id: u32,
}

#[derive(Elicit)]
struct Booking {
    #[elicit(options)]
    room: Room,
}

fn main() {}
