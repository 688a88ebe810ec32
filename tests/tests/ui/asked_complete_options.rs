// Tool arguments whose form has a field filled at run time (`options`) are completed with the
// form's builder, its options given (`complete_with`): `complete` has no form to ask.
use elicit_core::Elicit;
use elicit_core::dialog::{Asked, Dialog};

/// Book a seat
#[derive(Elicit)]
struct Seat {
    /// The day
    #[elicit(options, ask_if_missing)]
    day: String,
    /// How many seats
    #[elicit(ask_if_missing)]
    count: u8,
}

async fn book(dialog: &Dialog, args: Asked<Seat>) {
    let _ = args.complete(dialog).await;
}

fn main() {
    let _ = book;
}
