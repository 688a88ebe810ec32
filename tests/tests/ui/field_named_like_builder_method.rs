// Every struct form has a builder (`T::form()`) with a method per field and a few of its
// own: a field cannot take one of those names.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Order {
    build: String,
    with_message: String,
}

fn main() {}
