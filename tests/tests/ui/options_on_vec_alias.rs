use elicit_core::Elicit;

/// The days a trip may take, as the server names them.
type Days = Vec<String>;

/// Which days?
#[derive(Elicit)]
struct Trip {
    #[elicit(options)]
    days: Days,
}

fn main() {}
