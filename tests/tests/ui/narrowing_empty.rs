use elicit_core::Elicit;

#[derive(Elicit)]
struct Percent(#[elicit(maximum = 100)] u8);

#[derive(Elicit)]
struct Short(#[elicit(max_length = 5)] String);

/// A newtype may narrow another, but not past it.
#[derive(Elicit)]
struct Tiny(#[elicit(min_length = 6)] Short);

#[derive(Elicit)]
struct Scores {
    #[elicit(minimum = 200)]
    score: Percent,
    #[elicit(min_length = 10)]
    tag: Short,
}

fn main() {}
