// The values offered are kept with the form and come back as the answer: they own their data.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: &'static str,
    #[elicit(options)]
    extras: Vec<&'static str>,
}

fn main() {}
