// A form with fields filled at run time cannot inline another form's fields.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Contact {
    email: String,
}

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: String,
    #[elicit(flatten)]
    contact: Contact,
}

fn main() {}
