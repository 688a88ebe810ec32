// A skipped field is not asked, so there is no answer to check.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Trip {
    name: String,
    #[elicit(skip, check = not_empty)]
    notes: String,
}

fn not_empty(notes: &String, _: &Trip) -> Result<(), &'static str> {
    if notes.is_empty() { Err("empty") } else { Ok(()) }
}

fn main() {}
