//! Field names that only look like secrets: `#[elicit(not_sensitive)]` lets one through,
//! names that merely contain a sensitive word inside another word never trip the check, and
//! a modifier makes a secret word a number or a property about it (`max_tokens`,
//! `password_length`). (The rejections are in `ui/sensitive_*.rs`; the full table of names is
//! in `elicit-derive/src/sensitive.rs`.)

use elicit_core::Elicit;
use serde_json::json;

/// Tune the summary
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct SummarySettings {
    /// How many tokens the summary may use
    #[elicit(not_sensitive, minimum = 1)]
    token_budget: u32,
    /// The tokenizer to count with
    tokenizer: String,
    /// Which keyboard layout you type on
    keyboard: String,
    /// A yes/no cannot carry a secret
    remember_password: bool,
    #[elicit(skip)]
    session_token: Option<String>,
}

#[test]
fn not_sensitive_and_word_level_matching() {
    let names: Vec<&str> = SummarySettings::requested_schema()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(
        names,
        ["tokenBudget", "tokenizer", "keyboard", "rememberPassword"]
    );

    let content = json!({
        "tokenBudget": 200,
        "tokenizer": "cl100k",
        "keyboard": "dvorak",
        "rememberPassword": false,
    });
    let settings =
        SummarySettings::from_content(content.as_object().expect("object")).expect("valid content");
    assert_eq!(settings.token_budget, 200);
    assert_eq!(settings.session_token, None);
}

/// Limit the reply
#[derive(Elicit, Debug, PartialEq)]
struct ReplyLimits {
    /// At most this many tokens
    max_tokens: u32,
    /// Tokens counted so far
    token_count: u64,
    /// Tokens spent on the prompt
    tokens_used: u32,
    /// How the token is presented
    token_type: String,
    /// How long a generated password is
    password_length: u8,
    /// What reminds you of the password
    password_hint: Option<String>,
    /// The country that issued your passport
    passport_country: String,
}

#[test]
fn modifiers_make_secret_words_numbers() {
    let names: Vec<&str> = ReplyLimits::requested_schema()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "max_tokens",
            "token_count",
            "tokens_used",
            "token_type",
            "password_length",
            "password_hint",
            "passport_country",
        ]
    );

    let content = json!({
        "max_tokens": 512,
        "token_count": 40,
        "tokens_used": 12,
        "token_type": "Bearer",
        "password_length": 16,
        "passport_country": "NL",
    });
    let limits =
        ReplyLimits::from_content(content.as_object().expect("object")).expect("valid content");
    assert_eq!(
        limits,
        ReplyLimits {
            max_tokens: 512,
            token_count: 40,
            tokens_used: 12,
            token_type: "Bearer".into(),
            password_length: 16,
            password_hint: None,
            passport_country: "NL".into(),
        }
    );
}

/// How a reply's token is used: a choice, which can carry no secret.
#[derive(Elicit, Debug, PartialEq)]
enum TokenKind {
    Bearer,
    Basic,
}

/// A newtype over a choice can carry no secret either.
#[derive(Elicit, Debug, PartialEq)]
struct AuthChoice(TokenKind);

#[derive(Elicit, Debug, PartialEq)]
struct ChoicesAreNotSecrets {
    token: TokenKind,
    auth_token: Option<AuthChoice>,
    secrets: Vec<TokenKind>,
}

#[test]
fn a_choice_named_like_a_secret_compiles() {
    let schema = serde_json::to_value(ChoicesAreNotSecrets::requested_schema()).unwrap();
    assert_eq!(schema["properties"]["token"]["oneOf"][0]["const"], "Bearer");
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<SummarySettings>();
    tests::soundness::check_form_is_sound::<ReplyLimits>();
    tests::soundness::check_form_is_sound::<TokenKind>();
    tests::soundness::check_form_is_sound::<ChoicesAreNotSecrets>();
}
