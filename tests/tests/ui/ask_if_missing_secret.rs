// A field whose type holds a secret is asked through URL mode only: marking it
// `ask_if_missing`, which asks it in form mode when a tool call leaves it out, is an error
// on the attribute.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit)]
struct Connect {
    service: String,
    #[elicit(ask_if_missing)]
    phrase: SecretString,
}

fn main() {}
