// A multi-select filled at run time is a `Vec<…>`.
use std::collections::BTreeSet;

use elicit_core::Elicit;

#[derive(Elicit)]
struct Extras {
    #[elicit(options)]
    extras: BTreeSet<String>,
}

fn main() {}
