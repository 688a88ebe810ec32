// `check` goes on the field it checks.
use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(check = not_christmas)]
struct Trip {
    date: String,
}

#[derive(Elicit)]
#[elicit(check = not_christmas)]
enum Class {
    Economy,
    Business,
}

fn not_christmas(_: &String, _: &Trip) -> Result<(), String> {
    Ok(())
}

fn main() {}
