// `Dialog::ask_form` asks in form mode: a form that holds a secret is refused, whether it is
// the type's own form or one shaped at run time.
use elicit_core::dialog::Dialog;
use elicit_core::url_form::SecretString;
use elicit_core::{Elicit, Form};

/// Sign in to the weather service
#[derive(Elicit)]
#[elicit(shaped)]
struct Login {
    user: String,
    password: SecretString,
}

async fn ask(dialog: &Dialog) {
    let _ = dialog.ask_form("login", Form::<Login>::new()).await;
    let _ = dialog.ask_form("login", Login::form()).attempts(2).await;
}

fn main() {
    let _ = ask;
}
