use elicit_core::Elicit;

#[derive(Elicit)]
struct Nothing;

fn main() {}
