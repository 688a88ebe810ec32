// `check` names a function; a closure belongs to the builder's `.check(…)`.
use elicit_core::Elicit;

/// How many?
#[derive(Elicit)]
struct Count {
    #[elicit(check = |n: &u8, _: &Count| if *n > 3 { Err("too many") } else { Ok(()) })]
    n: u8,
}

fn main() {}
