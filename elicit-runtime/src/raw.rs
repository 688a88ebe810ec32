//! A raw answer: one field's value as the reader found it, before the field's type converts
//! it ([`Raw`]), and the string equality every comparison of a client's keys and options uses.

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

pub(crate) fn wrong_type(expected: JsonType, value: &Value) -> FieldErrorKind {
    FieldErrorKind::WrongType {
        expected,
        found: JsonType::of(value),
    }
}

pub(crate) fn expect_str(value: &Value) -> Result<&str, FieldErrorKind> {
    value
        .as_str()
        .ok_or_else(|| wrong_type(JsonType::String, value))
}

pub(crate) fn expect_bool(value: &Value) -> Result<bool, FieldErrorKind> {
    value
        .as_bool()
        .ok_or_else(|| wrong_type(JsonType::Boolean, value))
}

pub(crate) fn expect_number(value: &Value) -> Result<&Number, FieldErrorKind> {
    match value {
        Value::Number(number) => Ok(number),
        _ => Err(wrong_type(JsonType::Number, value)),
    }
}

pub(crate) fn expect_array(value: &Value) -> Result<&Vec<Value>, FieldErrorKind> {
    value
        .as_array()
        .ok_or_else(|| wrong_type(JsonType::Array, value))
}

pub(crate) fn raw_str<'r>(raw: &'r Raw<'_>) -> Result<&'r str, FieldErrorKind> {
    raw.as_str().ok_or_else(|| raw.wrong_type(JsonType::String))
}

pub(crate) fn raw_bool(raw: &Raw<'_>) -> Result<bool, FieldErrorKind> {
    raw.as_bool()
        .ok_or_else(|| raw.wrong_type(JsonType::Boolean))
}

pub(crate) fn raw_number<'r>(raw: &'r Raw<'_>) -> Result<&'r Number, FieldErrorKind> {
    raw.as_number()
        .ok_or_else(|| raw.wrong_type(JsonType::Number))
}

/// [`expect_integer`] of a value as the reader found it.
pub(crate) fn raw_integer(raw: &Raw<'_>) -> Result<i128, FieldErrorKind> {
    let Some(number) = raw.as_number() else {
        return Err(raw.wrong_type(JsonType::Integer));
    };
    integer_value(number).ok_or_else(|| FieldErrorKind::NotAnInteger {
        value: number.clone(),
    })
}

/// An integer-typed answer: integers as they are, floats only when whole (`4.0`), so a
/// client that renders every number as a float still works.
pub(crate) fn expect_integer(value: &Value) -> Result<i128, FieldErrorKind> {
    let Value::Number(number) = value else {
        return Err(wrong_type(JsonType::Integer, value));
    };
    integer_value(number).ok_or_else(|| FieldErrorKind::NotAnInteger {
        value: number.clone(),
    })
}

/// The integer a number denotes, if it is whole. A whole float at or past the edges of the
/// 64-bit integers ([`past_the_integers`]) is outside every Rust integer type's range (as
/// `i128::MIN` or `i128::MAX`), so callers report it as such.
pub(crate) fn integer_value(number: &Number) -> Option<i128> {
    if let Some(i) = number.as_i64() {
        return Some(i128::from(i));
    }
    if let Some(u) = number.as_u64() {
        return Some(i128::from(u));
    }
    let f = number.as_f64()?;
    if !(f.is_finite() && f.fract() == 0.0) {
        return None;
    }
    if past_the_integers(f) {
        return Some(if f < 0.0 { i128::MIN } else { i128::MAX });
    }
    // Strictly inside ±2^64: exact.
    #[allow(clippy::cast_possible_truncation)]
    Some(f as i128)
}

/// Whether a float is at or past the edges of the integers a JSON number is read as exactly
/// (`i64` and `u64`): −2^63 and below, 2^64 and above. There a float is no proof of an
/// integer in a 64-bit type's range: an integer literal beyond `i64::MIN` arrives as the float
/// −2^63 (`-9223372036854775809` does, through `serde_json`), which equals `i64::MIN`, and
/// one beyond `u64::MAX` as 2^64. So such a float is outside every integer field's range, and
/// never equal to an integer schema's bound.
pub(crate) fn past_the_integers(f: f64) -> bool {
    f <= -TWO_TO_THE_63 || f >= TWO_TO_THE_64
}

/// 2^63, exactly representable as an `f64`.
pub(crate) const TWO_TO_THE_63: f64 = 9_223_372_036_854_775_808.0;

/// 2^64, exactly representable as an `f64`.
pub(crate) const TWO_TO_THE_64: f64 = 18_446_744_073_709_551_616.0;

/// String equality for the short strings a form compares (keys, options), in line and
/// without a call: the lengths, then the first and the last 16, 8 or 4 bytes (each byte of a
/// string under 4), which for up to 32 bytes is the whole string; a longer one is then compared
/// whole, out of line.
#[inline]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<16>(), b.first_chunk::<16>()) {
        return x == y
            && a.last_chunk::<16>() == b.last_chunk::<16>()
            && (a.len() <= 32 || long_eq(a, b));
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<8>(), b.first_chunk::<8>()) {
        return x == y && a.last_chunk::<8>() == b.last_chunk::<8>();
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<4>(), b.first_chunk::<4>()) {
        return x == y && a.last_chunk::<4>() == b.last_chunk::<4>();
    }
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// `a == b`, out of line: [`same_str`] of long strings.
#[cold]
#[inline(never)]
fn long_eq(a: &[u8], b: &[u8]) -> bool {
    a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_values() {
        use serde_json::json;
        assert_eq!(expect_integer(&json!(4.0)), Ok(4));
        assert_eq!(expect_integer(&json!(-0.0)), Ok(0));
        assert!(matches!(
            expect_integer(&json!(4.5)),
            Err(FieldErrorKind::NotAnInteger { .. })
        ));
        assert!(matches!(
            expect_integer(&json!("4")),
            Err(FieldErrorKind::WrongType { .. })
        ));
        assert_eq!(expect_integer(&json!(u64::MAX)), Ok(i128::from(u64::MAX)));
    }
}
