// A default written as an expression is refused on a secret field too, through a newtype and
// an `Option` of one: the derive cannot see the type is a secret, the compiler can.
use elicit_core::Elicit;
use elicit_core::url_form::SecretString;

#[derive(Elicit)]
struct Token(SecretString);

fn stored_token() -> Token {
    Token(SecretString::from("tok-1234"))
}

#[derive(Elicit)]
struct Connect {
    #[elicit(default = SecretString::from("sk-live-4f9a2c7e"))]
    api_key: SecretString,
    #[elicit(default = stored_token())]
    token: Option<Token>,
}

fn main() {}
