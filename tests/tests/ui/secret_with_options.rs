// A secret field offers no options: they would list values of the secret in the form's schema
// and on the page. Refused on the key, for a secret through a newtype and in a multi-select.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit, Clone)]
struct Token(SecretString);

#[derive(Elicit)]
struct Connect {
    #[elicit(options)]
    api_key: SecretString,
    #[elicit(options)]
    tokens: Option<Vec<Token>>,
}

fn main() {}
