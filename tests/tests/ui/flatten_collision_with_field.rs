// A flattened form's wire name that the parent's own field has too, found through a form
// that the flattened one flattens in turn.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Postal {
    zip: String,
}

#[derive(Elicit)]
struct Address {
    street: String,
    #[elicit(flatten)]
    postal: Postal,
}

#[derive(Elicit)]
struct Order {
    #[elicit(rename = "zip")]
    zip_code: String,
    #[elicit(flatten)]
    shipping: Address,
}

fn main() {}
