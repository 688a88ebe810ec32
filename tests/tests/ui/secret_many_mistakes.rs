// Every key a secret field refuses is reported at once, one error per key, whether the derive
// found no other mistake (`Connect`) or found one and emitted its stand-ins (`Deploy`).
// A plain `String` beside them keeps its `default` and its `options`.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit, Clone)]
struct Token(SecretString);

#[derive(Elicit)]
struct Connect {
    #[elicit(options)]
    region: String,
    #[elicit(title = "Pass phrase", default = "correct horse", ask_if_missing)]
    phrase: SecretString,
    #[elicit(default = Token(SecretString::from("tok")))]
    token: Option<Token>,
    #[elicit(options, description = "A key you made earlier")]
    backup_key: Option<SecretString>,
}

#[derive(Elicit)]
struct Deploy {
    #[elicit(colour = "red")]
    service: String,
    #[elicit(default, options)]
    token: Token,
    #[elicit(default = "main")]
    branch: String,
}

fn main() {}
