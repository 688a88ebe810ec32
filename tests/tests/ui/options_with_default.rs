// An options field's default is one of its options, given with them at run time.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Rebook {
    #[elicit(options, default = "2026-12-27")]
    date: String,
}

fn main() {}
