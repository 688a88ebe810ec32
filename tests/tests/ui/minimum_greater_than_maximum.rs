use elicit_core::Elicit;

#[derive(Elicit)]
struct Booking {
    #[elicit(minimum = 10, maximum = 2)]
    guests: u8,
}

fn main() {}
