use elicit_core::Elicit;

#[derive(Elicit)]
struct Doubled {
    #[elicit(pattern = "^(ab)\\1$")]
    word: String,
}

fn main() {}
