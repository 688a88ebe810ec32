use elicit_core::Elicit;

#[derive(Elicit)]
struct Booking {
    #[elicit(minimum = 1, maximum = 8, default = 10)]
    guests: u8,
}

fn main() {}
