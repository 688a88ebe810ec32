// Item counts need a multi-select: an options field of `Vec<…>`.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, min_items = 1, max_items = 2)]
    date: String,
}

fn main() {}
