// A choice offers every variant of its enum, and serde must be able to read each one back:
// a variant serde skips is refused, on its `skip`.
use elicit_core::Elicit;

#[derive(Elicit, serde::Deserialize)]
enum Status {
    Open,
    #[serde(skip)]
    Draft,
    #[serde(skip_deserializing)]
    Archived,
    // serde reads it; it only never writes it.
    #[serde(skip_serializing)]
    Closed,
}

fn main() {}
