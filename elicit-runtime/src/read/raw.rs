//! `Raw`: one field's value as the reader found it, before the field's type converts it.

use serde_json::{Number, Value};

use crate::error::{FieldErrorKind, JsonType};

/// One field's value as the reader found it: a borrowed [`Value`] (from a content map), or a
/// scalar read straight from the bytes of an answer, its string borrowed from them when it
/// has no escapes. Anything else from the bytes (an array, an object, a number that
/// `serde_json`'s `arbitrary_precision` hands over as a map) is read into a [`Value`], as
/// `serde_json` would have read it: a form's fields are flat, so that only happens for
/// multi-selects and for wrong answers.
///
/// What [`ElicitField::from_raw`](crate::ElicitField::from_raw) converts; a type needs it only
/// to skip building a [`Value`] for a scalar, and every accessor here answers for the
/// borrowed `Value` too.
///
/// ```
/// use elicit_core::__private::Raw;
/// use serde_json::json;
///
/// let value = json!("ada");
/// assert_eq!(Raw::Json(&value).as_str(), Some("ada"));
/// assert_eq!(Raw::Str("ada").as_str(), Some("ada"));
/// assert_eq!(Raw::Str("ada").to_value(), value);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Raw<'a> {
    /// A value of a content map.
    Json(&'a Value),
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string without escapes, borrowed from the bytes.
    Str(&'a str),
    /// A string with escapes, unescaped.
    String(String),
    /// An array read from the bytes (a multi-select's choices), item by item.
    Array(Vec<Raw<'a>>),
    /// Anything else (an object; a number `arbitrary_precision` hands over as a map), read as
    /// `serde_json` reads it.
    Value(Box<Value>),
}

impl Raw<'_> {
    /// The value, when it is held as a [`Value`].
    pub fn as_value(&self) -> Option<&Value> {
        match self {
            Self::Json(value) => Some(value),
            Self::Value(value) => Some(value),
            _ => None,
        }
    }

    /// How many items it holds, when it is an array (a multi-select's choices): what a
    /// reader of its items reserves room for.
    pub(crate) fn array_len(&self) -> Option<usize> {
        match self {
            Self::Array(items) => Some(items.len()),
            other => other.as_value().and_then(Value::as_array).map(Vec::len),
        }
    }

    /// Whether it is `null`.
    pub fn is_null(&self) -> bool {
        match self {
            Self::Null => true,
            Self::Json(value) => value.is_null(),
            Self::Value(value) => value.is_null(),
            _ => false,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::Str(text) => Some(text),
            Self::String(text) => Some(text),
            Self::Json(value) => value.as_str(),
            Self::Value(value) => value.as_str(),
            _ => None,
        }
    }

    /// The boolean, if it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Self::Bool(value) => Some(*value),
            Self::Json(value) => value.as_bool(),
            Self::Value(value) => value.as_bool(),
            _ => None,
        }
    }

    /// The number, if it is one.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Self::Number(number) | Self::Json(Value::Number(number)) => Some(number),
            Self::Value(value) => match &**value {
                Value::Number(number) => Some(number),
                _ => None,
            },
            _ => None,
        }
    }

    /// Its JSON type, as [`JsonType::of`] names a [`Value`]'s.
    pub fn json_type(&self) -> JsonType {
        match self {
            Self::Null => JsonType::Null,
            Self::Bool(_) => JsonType::Boolean,
            Self::Number(_) => JsonType::Number,
            Self::Str(_) | Self::String(_) => JsonType::String,
            Self::Array(_) => JsonType::Array,
            Self::Json(value) => JsonType::of(value),
            Self::Value(value) => JsonType::of(value),
        }
    }

    /// The value as a [`Value`] (a copy).
    pub fn to_value(&self) -> Value {
        match self {
            Self::Null => Value::Null,
            Self::Bool(value) => Value::Bool(*value),
            Self::Number(number) => Value::Number(number.clone()),
            Self::Str(text) => Value::String((*text).to_owned()),
            Self::String(text) => Value::String(text.clone()),
            Self::Array(items) => Value::Array(items.iter().map(Raw::to_value).collect()),
            Self::Json(value) => (*value).clone(),
            Self::Value(value) => (**value).clone(),
        }
    }

    /// The wrong-type error for a field that expected `expected`.
    pub(crate) fn wrong_type(&self, expected: JsonType) -> FieldErrorKind {
        FieldErrorKind::WrongType {
            expected,
            found: self.json_type(),
        }
    }
}
