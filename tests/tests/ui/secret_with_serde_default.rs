// serde's `default`, on the field or on the struct, gives a field its default as `default`
// does: a secret field refuses both, on the key.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;
use serde::Serialize;

fn no_key() -> SecretString {
    SecretString::from("")
}

#[derive(Elicit, Serialize)]
struct Connect {
    service: String,
    #[serde(skip_serializing, default = "no_key")]
    api_key: SecretString,
}

#[derive(Elicit, Serialize, Default)]
#[serde(default)]
struct Settings {
    region: String,
    #[serde(skip_serializing)]
    api_key: Option<SecretString>,
}

fn main() {}
