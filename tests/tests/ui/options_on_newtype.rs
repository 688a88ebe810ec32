// A newtype is a field type of its own: the options are given on the form field using it.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Date(#[elicit(options)] String);

fn main() {}
