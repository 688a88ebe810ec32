// A form is built only once every field filled at run time has its options.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: String,
    #[elicit(options)]
    extras: Vec<String>,
}

fn main() {
    let _ = Rebook::form().build();
    let _ = Rebook::form().date(|f| f.options(["2026-12-27".to_owned()])).build();
}
