// On a form's builder, `only` and `option_title` pick among a derived enum's variants: on a
// field that is no select of one they are an error on the call.
use elicit_core::Elicit;

/// Book a table
#[derive(Elicit)]
#[elicit(shaped)]
struct Booking {
    name: String,
    party: Option<u8>,
}

fn main() {
    let _ = Booking::form()
        .name(|f| f.only([String::from("Ada")]))
        .party(|f| f.option_title(2, "Two"))
        .build();
}
