// Tool arguments asked of the person (`Asked::complete`, `complete_with`) are asked in form
// mode: arguments that hold a secret are refused there.
use elicit_core::dialog::{Asked, Dialog};
use elicit_core::url_form::SecretString;
use elicit_core::{Elicit, Form};

/// Connect
#[derive(Elicit)]
struct Connect {
    service: String,
    token: SecretString,
}

async fn complete(dialog: &Dialog, args: Asked<Connect>, again: Asked<Connect>) {
    let _ = args.complete(dialog).await;
    let _ = again.complete_with(dialog, Form::<Connect>::new()).await;
}

fn main() {
    let _ = complete;
}
