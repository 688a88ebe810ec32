// A form with fields filled at run time cannot be flattened into another: its options are
// given when it is asked, through its own builder.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: String,
}

#[derive(Elicit)]
struct Trip {
    name: String,
    #[elicit(flatten)]
    rebook: Rebook,
}

fn main() {}
