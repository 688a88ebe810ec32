// A form is asked only once every field filled at run time has its options.
use elicit_core::Elicit;
use elicit_core::dialog::{Dialog, Inputs};

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: String,
}

async fn rebook(dialog: &Dialog) {
    let _ = dialog.ask_form("rebook", Rebook::form()).await;
    let _ = Inputs::new().form_of("rebook", Rebook::form());
}

fn main() {
    let _ = rebook;
}
