// `check` takes a path to a function, unquoted (serde's `with = "…"` style is not taken).
use elicit_core::Elicit;

#[derive(Elicit)]
struct Trip {
    #[elicit(check = "not_christmas")]
    date: String,
}

fn not_christmas(_: &String, _: &Trip) -> Result<(), String> {
    Ok(())
}

fn main() {}
