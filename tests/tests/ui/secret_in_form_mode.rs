// A form that holds a secret (a `SecretString`, directly, through a newtype or a flattened
// form) is asked through URL mode only: every way of asking it in form mode is refused. Its
// sensitive-looking names need no `not_sensitive`: a secret type is what they call for.
use elicit_core::Elicit;
use elicit_core::dialog::{Dialog, Inputs};
use elicit_core::protocol::ElicitRequest;
use elicit_core::url_form::SecretString;

#[derive(Elicit)]
struct Token(SecretString);

/// Sign in to the weather service
#[derive(Elicit)]
struct Login {
    user: String,
    password: SecretString,
}

#[derive(Elicit)]
struct Deploy {
    api_token: Option<Token>,
}

#[derive(Elicit)]
struct Account {
    name: String,
    #[elicit(flatten)]
    login: Login,
}

async fn ask(dialog: &Dialog) {
    let _ = dialog.ask::<Login>("login").await;
    let _ = dialog.ask::<Deploy>("deploy").attempts(3).await;
    let _ = Inputs::new().form::<Account>("account");
    let _ = ElicitRequest::form::<Login>();
    // Through URL mode, each is fine.
    let _ = dialog.ask_url_form::<Login>("login").await;
    let _ = dialog.ask_url_form::<Account>("account").await;
}

fn main() {
    let _ = ask;
}
