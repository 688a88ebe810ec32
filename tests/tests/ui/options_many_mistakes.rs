// Every mistake of a form filled at run time is reported at once.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, default = "2026-12-27", format = "date")]
    date: String,
    #[elicit(options, max_items = 3)]
    seat: u32,
    #[elicit(options)]
    agree: bool,
    #[elicit(options, minimum = 1)]
    build: u8,
    #[elicit(check = "enough")]
    travellers: u8,
    #[elicit(options, colour = "red")]
    extras: Vec<String>,
}

fn main() {}
