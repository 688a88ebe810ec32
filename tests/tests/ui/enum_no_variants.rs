use elicit_core::Elicit;

#[derive(Elicit)]
enum Never {}

fn main() {}
