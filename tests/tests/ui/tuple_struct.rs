use elicit_core::Elicit;

#[derive(Elicit)]
struct Name(String);

fn main() {}
