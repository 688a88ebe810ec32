// An enum's options are its variants; `options` belongs on a struct form's field.
use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(options)]
enum Colour {
    #[elicit(options)]
    Red,
    Green,
}

fn main() {}
