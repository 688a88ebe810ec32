// `Form::request` writes a form-mode `elicitation/create`: a form that holds a secret is
// refused there, pointing to URL mode.
use elicit_core::url_form::SecretString;
use elicit_core::{Elicit, Form};

/// Sign in to the weather service
#[derive(Elicit)]
struct Login {
    user: String,
    password: SecretString,
}

fn main() {
    let _ = Form::<Login>::new().request();
}
