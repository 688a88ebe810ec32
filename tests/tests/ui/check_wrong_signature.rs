// A check takes the field's value and the whole form, and returns `Result<(), impl Display>`:
// a function of another signature is an error on its path, saying what differs.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Trip {
    #[elicit(check = not_christmas)]
    date: String,
    #[elicit(options, check = enough_seats)]
    seats: u32,
    #[elicit(check = adults_only)]
    age: u8,
    #[elicit(check = known_city)]
    city: Option<String>,
}

fn not_christmas(date: &str) -> bool {
    !date.ends_with("-12-25")
}

fn enough_seats(_: &u32, _: &Trip) -> Option<String> {
    None
}

struct TooYoung;

fn adults_only(_: &u8, _: &Trip) -> Result<(), TooYoung> {
    Ok(())
}

fn known_city(_: &Option<String>, _: &Trip) -> Result<(), String> {
    Ok(())
}

fn main() {}
