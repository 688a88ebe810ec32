use elicit_core::Elicit;

struct Address {
    street: String,
}

#[derive(Elicit)]
struct Order {
    name: String,
    address: Address,
}

fn main() {}
