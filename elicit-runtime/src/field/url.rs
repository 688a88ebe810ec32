//! url's `Url` (feature `url`).

use ::url::Url;
use serde_json::Value;

use super::formatted::{invalid, schema, text};
use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::schema::{PropertySchema, StringFormat};

/// `{"type":"string","format":"uri"}`: an absolute URL.
///
/// The string must be both an absolute URI by RFC 3986, as the `uri` format checks it
/// (a scheme, then only URI characters: ASCII, no spaces, every `%` a two-digit escape, at
/// most one `#`) — else `bad_format` — and a URL that [`Url::parse`] accepts (the WHATWG
/// URL standard: a valid host and port for `http` and the other special schemes) — else
/// `invalid`. So the leniencies of either side are refused: `Url::parse` would
/// percent-encode a space, and the format allows `http://256.0.0.1/` or `http:`.
///
/// The value is the URL as `Url` normalizes it (scheme and host in lowercase, a default
/// port dropped, `.`/`..` segments resolved); `to_json` writes that form, which parses
/// back to an equal `Url`. A `Url` built in code whose text the `uri` format refuses (the
/// WHATWG standard leaves `{`, `|`, a second `#`… unescaped in a query or fragment) is
/// written as is and does not parse back.
///
/// ```
/// use elicit_core::ElicitField;
/// use url::Url;
///
/// let url = Url::from_json(&"HTTPS://Example.com:443/a/../b?q=1".into()).unwrap();
/// assert_eq!(url.as_str(), "https://example.com/b?q=1");
/// assert_eq!(url.to_json(), "https://example.com/b?q=1");
/// assert_eq!(Url::from_json(&"https://example.com/a b".into()).unwrap_err().code(), "bad_format");
/// assert_eq!(Url::from_json(&"http://256.0.0.1/".into()).unwrap_err().code(), "invalid");
/// ```
impl ElicitField for Url {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::Uri)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let text = text(value, StringFormat::Uri)?;
        Url::parse(text).map_err(|error| invalid(format!("must be a valid URL: {error}")))
    }

    fn to_json(&self) -> Value {
        Value::String(self.as_str().to_owned())
    }
}
