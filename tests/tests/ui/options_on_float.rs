// A float has no exact text to send as an option's `const`.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Tip {
    #[elicit(options)]
    percent: f32,
    #[elicit(options)]
    amounts: Vec<f64>,
}

fn main() {}
