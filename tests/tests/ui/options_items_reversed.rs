// Item counts on a multi-select filled at run time leave no answer, as on one of an enum.
use elicit_core::Elicit;

/// Extras?
#[derive(Elicit)]
struct Extras {
    #[elicit(options, min_items = 3, max_items = 2)]
    extras: Vec<String>,
    #[elicit(options, max_items = 0)]
    more: Vec<String>,
}

fn main() {}
