// A struct form with a builder (`shaped`: `T::form()`) has a method per field and a few of its
// own: a field cannot take one of those names. (Without a builder it can: `generated_names.rs`.)
use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(shaped)]
struct Order {
    build: String,
    with_message: String,
}

fn main() {}
