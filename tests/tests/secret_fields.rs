//! A field whose type holds a secret (`SecretString`, a newtype of one, an `Option` of either)
//! is plain: it takes every key that describes it (texts, lengths, a pattern, a check, `skip`)
//! and no value written for it. The keys that would put one into the schema or the source are
//! compile errors (`ui/secret_*.rs`); here, what it still takes, under the strictest lints a
//! user might set, and a shaped form's builder refusing a default given at run time before
//! anything is built.

#![deny(
    warnings,
    unused,
    unused_qualifications,
    rust_2018_idioms,
    clippy::all,
    clippy::pedantic
)]

use elicit_core::url_form::{ExposeSecret, SecretString};
use elicit_core::{Elicit, ShapeError};
use serde_json::{Map, Value, json};

/// A token: a secret through a newtype.
#[derive(Elicit, Debug)]
struct Token(SecretString);

fn load_server_key() -> SecretString {
    SecretString::from("server-side")
}

fn not_a_test_key(key: &SecretString, _: &Connect) -> Result<(), String> {
    if key.expose_secret().starts_with("sk-test-") {
        Err("a test key cannot connect".to_owned())
    } else {
        Ok(())
    }
}

/// Connect the weather service
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Connect {
    /// The region
    #[elicit(default = "eu", min_length = 2)]
    region: String,
    /// The key from your account page
    #[elicit(
        title = "API key",
        rename = "apiKey",
        min_length = 8,
        max_length = 64,
        pattern = "^sk-",
        not_sensitive,
        check = not_a_test_key
    )]
    api_key: SecretString,
    /// A token, if you have one
    #[elicit(description = "From the admin page")]
    token: Option<Token>,
    #[elicit(skip)]
    session: SecretString,
    #[elicit(skip, default = load_server_key())]
    server_key: SecretString,
}

fn content(value: &Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn refused(error: &ShapeError, field: &str) {
    assert_eq!(error.field(), field);
    assert_eq!(
        error.problem(),
        "the field holds a secret: a default would be written into the form's schema and read as the answer when the field is left empty; a secret field takes none"
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the form cannot be asked: field `{field}`: {}",
            error.problem()
        )
    );
}

#[test]
fn a_secret_field_takes_the_keys_that_describe_it_and_no_default() {
    let schema = serde_json::to_value(Connect::requested_schema()).unwrap();
    assert_eq!(
        schema["properties"]["apiKey"],
        json!({
            "type": "string",
            "title": "API key",
            "description": "The key from your account page",
            "minLength": 8,
            "maxLength": 64,
            "pattern": "^sk-"
        })
    );
    assert_eq!(
        schema["properties"]["token"],
        json!({"type": "string", "title": "Token", "description": "From the admin page"})
    );
    assert_eq!(schema["properties"]["region"]["default"], "eu");
    assert_eq!(schema["required"], json!(["apiKey"]));
    // Skipped: never asked, built with the type's `Default` or the server's own expression.
    let answer = Connect::from_content(&content(&json!({"apiKey": "sk-live-1234"}))).unwrap();
    assert_eq!(answer.api_key.expose_secret(), "sk-live-1234");
    assert_eq!(answer.session.expose_secret(), "");
    assert_eq!(answer.server_key.expose_secret(), "server-side");
    assert_eq!(answer.region, "eu");
    assert!(answer.token.is_none());
    // The check written on the secret runs on it.
    let error = Connect::from_content(&content(&json!({"apiKey": "sk-test-1234"}))).unwrap_err();
    assert_eq!(error.to_string(), "`apiKey`: a test key cannot connect");
}

#[test]
fn a_builder_refuses_a_default_for_a_secret_before_anything_is_built() {
    let error = Connect::form()
        .api_key(|f| f.default(SecretString::from("sk-live-4f9a2c7e")))
        .build()
        .unwrap_err();
    refused(&error, "apiKey");
    // The secret is in no message.
    assert!(!format!("{error} {error:?}").contains("sk-live"));
}

#[test]
fn a_builder_refuses_a_default_for_an_optional_secret_through_a_newtype() {
    let token = Token(SecretString::from("tok-1234"));
    let error = Connect::form()
        .token(|f| f.default(token))
        .build()
        .unwrap_err();
    refused(&error, "token");
    assert!(!format!("{error} {error:?}").contains("tok-1234"));
}

#[test]
fn a_builder_still_shapes_a_secret_fields_texts_and_a_plain_fields_default() {
    let form = Connect::form()
        .api_key(|f| {
            f.title("Your key")
                .description("Starts with sk-")
                .min_length(12)
        })
        .region(|f| f.default("us".to_owned()))
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(schema["properties"]["apiKey"]["title"], "Your key");
    assert_eq!(schema["properties"]["apiKey"]["minLength"], 12);
    assert!(schema["properties"]["apiKey"].get("default").is_none());
    assert_eq!(schema["properties"]["region"]["default"], "us");
}
