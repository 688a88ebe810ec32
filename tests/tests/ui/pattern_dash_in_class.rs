use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    // Valid with the `u` flag, a syntax error with the `v` flag (HTML `<input pattern>`).
    #[elicit(pattern = "^[a-z-]+$")]
    slug: String,
}

fn main() {}
