use elicit_core::Elicit;

#[derive(Elicit)]
struct Signup {
    // Lookaround needs backtracking: patterns run in linear time.
    #[elicit(pattern = "^(?=.*[0-9])[a-z0-9]{8,}$")]
    label: String,
}

fn main() {}
