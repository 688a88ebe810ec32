use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    // Inline flags are not ECMA-262: a JavaScript client would throw on this schema.
    #[elicit(pattern = "(?i)^[a-z]+$")]
    handle: String,
}

fn main() {}
