// Two flattened forms with one wire name, one of them optional.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Home {
    street: String,
}

#[derive(Elicit)]
struct Work {
    company: String,
    street: String,
}

#[derive(Elicit)]
struct Contact {
    name: String,
    #[elicit(flatten)]
    home: Home,
    #[elicit(flatten)]
    work: Option<Work>,
}

fn main() {}
