// A mistake in a form is reported once: the code that shapes the form through its builder
// (`T::form()`) compiles without further errors, even on the field whose type is refused.
use elicit_core::Elicit;
use elicit_core::dialog::Dialog;

struct Address {
    street: String,
}

#[derive(Elicit)]
#[elicit(shaped)]
struct Trip {
    #[elicit(colour = "red")]
    name: String,
    #[elicit(minimum = 1, maximum = 9)]
    travellers: u8,
    address: Address,
}

async fn trip(dialog: &Dialog) {
    let form = Trip::form()
        .name(|f| f.title("Your name").min_length(2))
        .travellers(|f| f.maximum(4).default(2))
        .address(|f| f.description("Where to"))
        .with_message("Plan a trip");
    let _ = dialog.ask_form("trip", form).await;
    let _ = Trip::form().build();
}

fn main() {
    let _ = trip;
}
