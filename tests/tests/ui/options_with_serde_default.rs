// serde's `default` on a field with `options` (or on its struct) would let the answer leave
// the field out with nothing offered to fall back on: the default of a select is one of its
// options, given at run time; an optional field is an `Option`.
use elicit_core::Elicit;

#[derive(Elicit, serde::Deserialize)]
struct Extras {
    #[elicit(options)]
    #[serde(default)]
    extras: Vec<String>,
}

#[derive(Elicit, serde::Deserialize)]
#[serde(default)]
struct Seat {
    #[elicit(options)]
    seat: String,
}

impl Default for Seat {
    fn default() -> Self {
        Self { seat: String::new() }
    }
}

fn main() {}
