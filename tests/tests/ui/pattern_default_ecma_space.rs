use elicit_core::Elicit;

#[derive(Elicit)]
struct Account {
    // ECMA-262 `\S` excludes the no-break space U+00A0, so this default does not match.
    #[elicit(pattern = "^\\S+$", default = "a\u{a0}b")]
    handle: String,
}

fn main() {}
