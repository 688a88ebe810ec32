// A flattened field has no property of its own, so no property attributes.
use elicit_core::Elicit;

#[derive(Elicit, Default)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Order {
    #[elicit(flatten, rename = "addr", title = "Address", default)]
    shipping: Address,
    #[elicit(skip, flatten)]
    billing: Address,
}

fn main() {}
