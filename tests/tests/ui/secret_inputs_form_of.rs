// `Inputs::form_of` asks a form in form mode in a round of several: a form that holds a secret
// is refused.
use elicit_core::dialog::Inputs;
use elicit_core::url_form::SecretString;
use elicit_core::{Elicit, Form};

/// Sign in to the weather service
#[derive(Elicit)]
struct Login {
    user: String,
    password: SecretString,
}

fn main() {
    let _ = Inputs::new().form_of("login", Form::<Login>::new().message("Sign in"));
}
