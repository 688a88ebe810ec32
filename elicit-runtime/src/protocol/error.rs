//! What is wrong with a protocol message that does not have the shape the spec gives it.
//!
//! Every reader in this module reports the JSON path of the offending value
//! (`params.requestedSchema`, `error.data.elicitations[0].url`, …), so the caller can tell
//! exactly which part of a peer's message to blame.

use std::fmt;

use serde_json::{Map, Value};

use crate::error::JsonType;

/// Longest piece of a peer's value that an error message quotes back.
const QUOTE_LIMIT: usize = 64;

/// A protocol message (request, result, notification, capability object) that does not
/// have the shape the MCP schema gives it: what is wrong, and where.
///
/// ```
/// use elicit_core::protocol::{ElicitRequest, MessageErrorKind};
/// use serde_json::json;
///
/// let error = ElicitRequest::from_value(&json!({"mode": "form", "message": 7})).unwrap_err();
/// assert_eq!(error.path(), "message");
/// assert!(matches!(error.kind(), MessageErrorKind::WrongType { .. }));
/// assert_eq!(error.to_string(), "`message`: expected a string, got number");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MessageError {
    path: String,
    kind: MessageErrorKind,
}

impl MessageError {
    pub(crate) fn new(path: impl Into<String>, kind: MessageErrorKind) -> Self {
        Self {
            path: path.into(),
            kind,
        }
    }

    pub(crate) fn missing(path: impl Into<String>) -> Self {
        Self::new(path, MessageErrorKind::Missing)
    }

    pub(crate) fn wrong_type(path: impl Into<String>, expected: JsonType, found: &Value) -> Self {
        Self::new(
            path,
            MessageErrorKind::WrongType {
                expected,
                found: JsonType::of(found),
            },
        )
    }

    pub(crate) fn unexpected(
        path: impl Into<String>,
        expected: impl Into<String>,
        found: &str,
    ) -> Self {
        Self::new(
            path,
            MessageErrorKind::UnexpectedValue {
                expected: expected.into(),
                found: quote(found),
            },
        )
    }

    pub(crate) fn invalid(path: impl Into<String>, reason: impl fmt::Display) -> Self {
        Self::new(
            path,
            MessageErrorKind::Invalid {
                reason: reason.to_string(),
            },
        )
    }

    /// Where in the message the problem is, as a JSON path (`params.url`,
    /// `_meta["io.modelcontextprotocol/clientCapabilities"]`); empty for the message itself.
    ///
    /// ```
    /// let error = elicit_core::protocol::ElicitRequest::from_value(&serde_json::json!({"mode": "url", "message": "m"})).unwrap_err();
    /// assert_eq!(error.path(), "url");
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong.
    ///
    /// ```
    /// use elicit_core::protocol::MessageErrorKind;
    /// let error = elicit_core::protocol::ElicitRequest::from_value(&serde_json::json!({"mode": "url", "message": "m"})).unwrap_err();
    /// assert_eq!(error.kind(), &MessageErrorKind::Missing);
    /// ```
    pub fn kind(&self) -> &MessageErrorKind {
        &self.kind
    }
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_empty() {
            "the message".to_owned()
        } else {
            format!("`{}`", self.path)
        };
        match &self.kind {
            MessageErrorKind::Missing => write!(f, "{at} is missing"),
            MessageErrorKind::WrongType { expected, found } => {
                write!(
                    f,
                    "{at}: expected {} {expected}, got {found}",
                    article(*expected)
                )
            }
            MessageErrorKind::UnexpectedValue { expected, found } => {
                write!(f, "{at}: expected {expected}, got {found:?}")
            }
            MessageErrorKind::Invalid { reason } => write!(f, "{at}: {reason}"),
        }
    }
}

impl std::error::Error for MessageError {}

/// What is wrong with one part of a protocol message.
///
/// ```
/// use elicit_core::protocol::{ElicitRequest, MessageErrorKind};
/// use serde_json::json;
///
/// let error = ElicitRequest::from_value(&json!({"mode": "sms", "message": "m"})).unwrap_err();
/// assert_eq!(
///     error.kind(),
///     &MessageErrorKind::UnexpectedValue { expected: "\"form\" or \"url\"".into(), found: "sms".into() },
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum MessageErrorKind {
    /// A key the spec requires is absent.
    Missing,
    /// The value has the wrong JSON type.
    WrongType {
        /// What the spec asks for.
        expected: JsonType,
        /// What the message holds.
        found: JsonType,
    },
    /// A string that must be one of a few fixed values (`"method"`, `"mode"`, `"jsonrpc"`,
    /// …) is something else.
    UnexpectedValue {
        /// The values the spec allows, as a phrase (`"\"form\" or \"url\""`).
        expected: String,
        /// What the message holds (cut to 64 characters).
        found: String,
    },
    /// The value has the right type but is not acceptable (a malformed URL, an invalid
    /// `requestedSchema`, …).
    Invalid {
        /// Why.
        reason: String,
    },
}

fn article(ty: JsonType) -> &'static str {
    match ty {
        JsonType::Integer | JsonType::Array | JsonType::Object => "an",
        _ => "a",
    }
}

/// At most 64 characters of a peer's string, so an error never copies a huge value.
pub(crate) fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}…", &value[..cut]),
        None => value.to_owned(),
    }
}

/// The path of `key` under `path`: `a.b` for plain keys, `a["io.x/y"]` for others.
pub(crate) fn child(path: &str, key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
    match (path.is_empty(), plain) {
        (true, true) => key.to_owned(),
        (false, true) => format!("{path}.{key}"),
        (_, false) => format!("{path}[{key:?}]"),
    }
}

/// The path of item `index` of the array at `path`.
pub(crate) fn item(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

/// `value` as an object, or a `WrongType` error at `path`.
pub(crate) fn object<'a>(
    value: &'a Value,
    path: &str,
) -> Result<&'a Map<String, Value>, MessageError> {
    value
        .as_object()
        .ok_or_else(|| MessageError::wrong_type(path, JsonType::Object, value))
}

/// The value of `key`, which must be present (a `null` counts as present).
pub(crate) fn required<'a>(
    map: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a Value, MessageError> {
    map.get(key)
        .ok_or_else(|| MessageError::missing(child(path, key)))
}

/// The string at `key`, which must be present.
pub(crate) fn required_str<'a>(
    map: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a str, MessageError> {
    let value = required(map, path, key)?;
    value
        .as_str()
        .ok_or_else(|| MessageError::wrong_type(child(path, key), JsonType::String, value))
}

/// The string at `key`, if the key is present.
pub(crate) fn optional_str<'a>(
    map: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<Option<&'a str>, MessageError> {
    match map.get(key) {
        None => Ok(None),
        Some(value) => value
            .as_str()
            .map(Some)
            .ok_or_else(|| MessageError::wrong_type(child(path, key), JsonType::String, value)),
    }
}

/// The object at `key`, which must be present.
pub(crate) fn required_object<'a>(
    map: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a Map<String, Value>, MessageError> {
    object(required(map, path, key)?, &child(path, key))
}

/// Checks that the string at `key` is exactly `expected`.
pub(crate) fn expect_const(
    map: &Map<String, Value>,
    path: &str,
    key: &str,
    expected: &str,
) -> Result<(), MessageError> {
    let found = required_str(map, path, key)?;
    if found == expected {
        Ok(())
    } else {
        Err(MessageError::unexpected(
            child(path, key),
            format!("{expected:?}"),
            found,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        assert_eq!(child("", "params"), "params");
        assert_eq!(child("params", "url"), "params.url");
        assert_eq!(
            child("_meta", "io.modelcontextprotocol/clientCapabilities"),
            "_meta[\"io.modelcontextprotocol/clientCapabilities\"]"
        );
        assert_eq!(child("", "a b"), "[\"a b\"]");
        assert_eq!(item("data.elicitations", 2), "data.elicitations[2]");
    }

    #[test]
    fn quotes_are_cut() {
        let long = "x".repeat(1000);
        assert_eq!(quote(&long).chars().count(), 65);
        assert_eq!(quote("short"), "short");
    }
}
