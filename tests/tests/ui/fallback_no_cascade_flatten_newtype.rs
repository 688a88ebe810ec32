// A mistake in a flattened form or in a newtype is reported once: the form that flattens or
// uses it (with attributes the newtype takes) compiles without further errors.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Address {
    #[elicit(colour = "red")]
    street: String,
}

#[derive(Elicit)]
struct Percent(#[elicit(minimum = 0, maximum = 100, titel = "Share")] u8);

#[derive(Elicit)]
struct Order {
    #[elicit(flatten)]
    shipping: Address,
    #[elicit(flatten)]
    billing: Option<Address>,
    #[elicit(minimum = 5)]
    discount: Percent,
}

fn ask<T: Elicit>() -> &'static str {
    T::message()
}

fn main() {
    let _ = ask::<Order>();
    let _ = ask::<Address>();
}
