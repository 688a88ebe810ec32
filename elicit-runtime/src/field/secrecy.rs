//! secrecy's `SecretString` (feature `url-forms`): a field whose value is a secret.

use ::secrecy::{ExposeSecret, SecretString};
use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::raw::Raw;
use crate::raw::{expect_str, raw_str};
use crate::schema::facts::Facts;
use crate::schema::{PropertySchema, StringSchema};

/// `{"type":"string"}`, a secret: an API key, a password, a token.
///
/// The value is held in a [`SecretString`]: wiped from memory when dropped, and printed by
/// `Debug` as `[REDACTED]`. [`SECRET`](ElicitField::SECRET) is `true`, so a
/// [URL-mode page](crate::url_form) shows the field as `type=password autocomplete=off`
/// and never writes its value back into a page. The MCP specification forbids asking for a
/// secret in form mode (the client and the model see the answer): ask a form that holds one
/// through [`url_form`](crate::url_form).
///
/// `to_json` exposes the secret (it is what a client would send); the value it returns is
/// an ordinary `String`, not wiped: call it only where the secret must leave the
/// `SecretString`.
///
/// ```
/// use elicit_core::ElicitField;
/// use elicit_core::url_form::{ExposeSecret, SecretString};
///
/// let key = SecretString::from_json(&"sk-live-1234".into()).unwrap();
/// assert_eq!(key.expose_secret(), "sk-live-1234");
/// assert_eq!(format!("{key:?}"), "SecretBox<str>([REDACTED])");
/// assert!(SecretString::SECRET);
/// assert_eq!(SecretString::from_json(&7.into()).unwrap_err().code(), "wrong_type");
/// ```
impl ElicitField for SecretString {
    const FACTS: Facts = Facts::STRING;
    const SECRET: bool = true;

    fn field_schema() -> PropertySchema {
        PropertySchema::String(StringSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(SecretString::from)
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_str(raw).map(SecretString::from)
    }

    fn to_json(&self) -> Value {
        Value::String(self.expose_secret().to_owned())
    }
}

// A secret is a string like `String`: every string attribute (`min_length`, `max_length`,
// `pattern`, `format`) applies to it, and the page states them as HTML attributes.
impl super::kinds::StringField for SecretString {}
