// `ask_if_missing` marks a tool argument the person is asked for when the call leaves it out:
// a skipped field is never read from the call, and a field that looks like a secret is not
// asked in form mode, `not_sensitive` or not. A flattened field has no property of its own,
// and a newtype no name. Every mistake is reported at once.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Address {
    city: String,
}

#[derive(Elicit)]
struct Order {
    #[elicit(skip, ask_if_missing)]
    note: String,
    #[elicit(not_sensitive, ask_if_missing)]
    api_token: String,
    #[elicit(flatten, ask_if_missing)]
    address: Address,
}

#[derive(Elicit)]
struct Size(#[elicit(ask_if_missing)] u8);

fn main() {}
