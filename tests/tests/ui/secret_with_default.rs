// A field whose type holds a secret takes no default: it would be written into the form's
// schema and read as the answer when the field is left empty. A bare `default` (the type's
// `Default`) is refused like any other, on the key.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit)]
struct Connect {
    service: String,
    #[elicit(default)]
    api_key: SecretString,
}

fn main() {}
