use elicit_core::Elicit;

#[derive(Elicit)]
struct Booking {
    #[elicit(default = "two")]
    guests: u8,
    #[elicit(default = 1)]
    name: String,
    #[elicit(default = 1.5)]
    rooms: u32,
}

fn main() {}
