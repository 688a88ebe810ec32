// A form with fields filled at run time has no schema of its own: it is asked through its
// builder, with its options, not as an `Elicit` form.
use elicit_core::dialog::{Dialog, Inputs};
use elicit_core::{Elicit, Form};

#[derive(Elicit)]
struct Rebook {
    #[elicit(options)]
    date: String,
}

async fn rebook(dialog: &Dialog) {
    let _ = Form::<Rebook>::new();
    let _ = dialog.ask::<Rebook>("rebook").await;
    let _ = Inputs::new().form::<Rebook>("rebook");
}

fn main() {
    let _ = rebook;
}
