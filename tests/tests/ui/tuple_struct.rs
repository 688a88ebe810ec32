use elicit_core::Elicit;

#[derive(Elicit)]
struct Name(String, String);

#[derive(Elicit)]
struct Nothing();

fn main() {}
