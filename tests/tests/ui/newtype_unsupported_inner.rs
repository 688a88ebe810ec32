// A newtype wraps a field type: not an `Option` (that goes on the form field) and not a type
// that cannot be a field.
use elicit_core::Elicit;

#[derive(Elicit)]
struct MaybeEmail(Option<String>);

#[derive(Elicit)]
struct Tags(std::collections::HashMap<String, String>);

fn main() {}
