use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    // `\A` and `\z` are regex-crate anchors, not ECMA-262 escapes.
    #[elicit(pattern = "\\A[a-z]+\\z")]
    handle: String,
}

fn main() {}
