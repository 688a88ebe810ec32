// A skipped field is not in the form: its default is only the value the struct is built
// with, never sent. A skipped secret takes its type's `Default` or an expression of the
// server's own; a literal would put the secret in the source, and is refused on the key.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

fn load_key() -> SecretString {
    SecretString::from(std::env::var("API_KEY").unwrap_or_default())
}

#[derive(Elicit)]
struct Connect {
    service: String,
    #[elicit(skip)]
    session: SecretString,
    #[elicit(skip, default = load_key())]
    server_key: SecretString,
    #[elicit(skip, default = "sk-live-4f9a2c7e")]
    fallback_key: SecretString,
}

fn main() {}
