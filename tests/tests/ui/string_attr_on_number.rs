use elicit_core::Elicit;

#[derive(Elicit)]
struct Booking {
    #[elicit(format = "email", min_length = 1, pattern = "^[0-9]+$")]
    guests: u8,
}

fn main() {}
