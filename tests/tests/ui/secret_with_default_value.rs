// A literal default on a secret field puts the secret in the source, the form's schema and the
// answer read when the field is left empty: refused on the key, whatever the literal.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit)]
struct Connect {
    service: String,
    #[elicit(min_length = 8, default = "sk-live-4f9a2c7e")]
    api_key: SecretString,
}

fn main() {}
