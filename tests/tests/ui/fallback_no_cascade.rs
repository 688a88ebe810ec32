// A mistake in an enum's attributes is reported once: the struct that uses the enum, as a
// single and as a multi-select, and the code that uses both, compile without further errors.
use elicit_core::Elicit;

#[derive(Elicit, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(colour = "red")]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
#[elicit(crate = "elicit_core")]
struct Paint {
    color: Color,
    #[elicit(max_items = 2)]
    mix: std::collections::BTreeSet<Color>,
}

fn ask<T: Elicit>() -> &'static str {
    T::message()
}

fn main() {
    let _ = ask::<Color>();
    let _ = ask::<Paint>();
}
