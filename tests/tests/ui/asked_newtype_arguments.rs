// A tool's arguments (`Asked<T>`) are read as a struct form: a newtype (a field type) is none,
// and its arguments have no JSON schema.
use elicit_core::Elicit;
use elicit_core::dialog::Asked;

/// A percentage
#[derive(Elicit)]
struct Percent(#[elicit(maximum = 100)] u8);

fn input_schema<T: rmcp::schemars::JsonSchema>() {}

fn main() {
    input_schema::<Asked<Percent>>();
}
