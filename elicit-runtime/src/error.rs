//! What the parser reports when a client's answer does not fit the form.
//!
//! Every invalid field becomes one [`FieldError`]: the field's wire name and a
//! [`FieldErrorKind`], which a program can match on (its [`code`](FieldErrorKind::code) is a
//! stable snake-case name) and whose `Display` is the sentence a user reads. A
//! [`ContentError`] carries all of them, in the order the form declares its fields, so a
//! server can tell the user (or the model) everything that is wrong in one round trip; it
//! serializes as `{"errors":[{"field","kind","message"},…]}`. [`JsonType`] names the JSON
//! types in a [`WrongType`](FieldErrorKind::WrongType) error.
//!
//! [`Elicit::from_content`](crate::Elicit::from_content) and
//! [`RequestedSchema::validate`](crate::schema::RequestedSchema::validate) return a
//! [`ContentError`]; [`ElicitField::from_json`](crate::ElicitField::from_json) returns one
//! field's [`FieldErrorKind`]. The three are also at the crate root.
//!
//! ```
//! use elicit_core::error::JsonType;
//! use elicit_core::{Elicit, FieldErrorKind};
//! use serde_json::json;
//!
//! #[derive(Elicit, Debug)]
//! struct Ticket {
//!     #[elicit(max_length = 80)]
//!     title: String,
//!     #[elicit(minimum = 1, maximum = 5)]
//!     priority: u8,
//! }
//!
//! let answer = json!({"title": 42, "priority": 9});
//! let error = Ticket::from_content(answer.as_object().unwrap()).unwrap_err();
//! for field in error.errors() {
//!     match field.kind() {
//!         FieldErrorKind::WrongType { expected: JsonType::String, found } => {
//!             assert_eq!((field.field(), *found), ("title", JsonType::Number));
//!         }
//!         FieldErrorKind::AboveMaximum { maximum, .. } => {
//!             assert_eq!((field.field(), maximum.as_u64()), ("priority", Some(5)));
//!         }
//!         other => panic!("unexpected: {other}"),
//!     }
//! }
//! assert_eq!(
//!     serde_json::to_value(&error).unwrap()["errors"][1],
//!     json!({"field": "priority", "kind": "above_maximum", "message": "must be at most 5, got 9"}),
//! );
//! ```

use std::fmt;

use serde_core::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};
use serde_json::{Number, Value};

// The formats' own type, which the schema module names `StringFormat` too.
use elicit_grammar::format::Format as StringFormat;

/// Longest piece of a client's value that an error message quotes back.
///
/// A client may send a 10 MB string where an option belongs; the error must not copy it.
const QUOTE_LIMIT: usize = 64;

/// How many options an `UnknownOption` message lists; the rest are counted (a long enum's
/// error stays one readable line). The error's `allowed` keeps them all.
const OPTION_LIMIT: usize = 10;

/// Every invalid field of one answer, in the order the form declares them.
///
/// Returned by [`Elicit::from_content`](crate::Elicit::from_content) and
/// [`RequestedSchema::validate`](crate::schema::RequestedSchema::validate).
///
/// ```
/// use elicit_core::{ContentError, FieldError, FieldErrorKind};
///
/// let error = ContentError::from(vec![FieldError::new("age", FieldErrorKind::Missing)]);
/// assert_eq!(error.to_string(), "`age`: a value is required");
/// assert_eq!(error.errors()[0].field(), "age");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ContentError {
    errors: Vec<FieldError>,
}

impl ContentError {
    /// The per-field errors, in the form's declaration order (unknown fields last).
    ///
    /// ```
    /// use elicit_core::{ContentError, FieldError, FieldErrorKind};
    ///
    /// let error = ContentError::from(vec![FieldError::new("age", FieldErrorKind::Missing)]);
    /// assert_eq!(error.errors().len(), 1);
    /// ```
    pub fn errors(&self) -> &[FieldError] {
        &self.errors
    }

    /// The error reported for the field with this wire name, if any.
    ///
    /// ```
    /// use elicit_core::{ContentError, FieldError, FieldErrorKind};
    ///
    /// let error = ContentError::from(vec![FieldError::new("age", FieldErrorKind::Missing)]);
    /// assert!(error.field("age").is_some());
    /// assert!(error.field("name").is_none());
    /// ```
    pub fn field(&self, name: &str) -> Option<&FieldError> {
        self.errors.iter().find(|error| error.field == name)
    }

    /// Takes the per-field errors out.
    ///
    /// ```
    /// use elicit_core::{ContentError, FieldError, FieldErrorKind};
    ///
    /// let error = ContentError::from(vec![FieldError::new("age", FieldErrorKind::Missing)]);
    /// let errors: Vec<FieldError> = error.into_errors();
    /// assert_eq!(errors[0].field(), "age");
    /// ```
    pub fn into_errors(self) -> Vec<FieldError> {
        self.errors
    }
}

impl From<Vec<FieldError>> for ContentError {
    fn from(errors: Vec<FieldError>) -> Self {
        Self { errors }
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ContentError {}

/// `{"errors":[{"field":…,"kind":…,"message":…},…]}`: what a server can hand back to a
/// client or a model.
impl Serialize for ContentError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("errors", &self.errors)?;
        map.end()
    }
}

/// One invalid field: its wire name and what was wrong with it.
///
/// ```
/// use elicit_core::{FieldError, FieldErrorKind};
///
/// let error = FieldError::new("email", FieldErrorKind::Missing);
/// assert_eq!(error.kind().code(), "missing");
/// assert_eq!(
///     serde_json::to_value(&error).unwrap(),
///     serde_json::json!({"field": "email", "kind": "missing", "message": "a value is required"}),
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    field: String,
    kind: FieldErrorKind,
}

impl FieldError {
    /// An error for the field with this wire name.
    ///
    /// ```
    /// use elicit_core::{FieldError, FieldErrorKind};
    ///
    /// let error = FieldError::new("email", FieldErrorKind::UnknownField);
    /// assert_eq!(error.to_string(), "`email`: is not a field of this form");
    /// ```
    pub fn new(field: impl Into<String>, kind: FieldErrorKind) -> Self {
        Self {
            field: field.into(),
            kind,
        }
    }

    /// The field's wire name (the property name in `requestedSchema`).
    ///
    /// ```
    /// use elicit_core::{FieldError, FieldErrorKind};
    /// assert_eq!(FieldError::new("email", FieldErrorKind::Missing).field(), "email");
    /// ```
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The property of a form (of wire names `names`) the error is about: the one it names,
    /// or, for an error about one box of a multi-select asked as checkboxes on 2025-06-18
    /// (`extras.wifi`), the multi-select. A wire name may hold a dot itself (`trip.date`):
    /// a property named whole wins over one named by the part before a dot.
    #[cfg_attr(not(feature = "state"), allow(dead_code))]
    pub(crate) fn property<'n>(&self, names: &[&'n str]) -> Option<&'n str> {
        let field = self.field.as_str();
        names
            .iter()
            .find(|name| **name == field)
            .copied()
            .or_else(|| {
                names
                    .iter()
                    .filter(|name| {
                        field
                            .strip_prefix(**name)
                            .is_some_and(|rest| rest.starts_with('.'))
                    })
                    .max_by_key(|name| name.len())
                    .copied()
            })
    }

    /// What was wrong.
    ///
    /// ```
    /// use elicit_core::{FieldError, FieldErrorKind};
    /// let error = FieldError::new("email", FieldErrorKind::Missing);
    /// assert_eq!(error.kind(), &FieldErrorKind::Missing);
    /// ```
    pub fn kind(&self) -> &FieldErrorKind {
        &self.kind
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.kind)
    }
}

impl Serialize for FieldError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("FieldError", 3)?;
        state.serialize_field("field", &self.field)?;
        state.serialize_field("kind", self.kind.code())?;
        state.serialize_field("message", &self.kind.to_string())?;
        state.end()
    }
}

/// The JSON type of a value, as error messages name it.
///
/// ```
/// use elicit_core::error::JsonType;
/// assert_eq!(JsonType::of(&serde_json::json!("text")), JsonType::String);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonType {
    /// `null`
    Null,
    /// `true` or `false`
    Boolean,
    /// A number with no fractional part (what an integer field expects).
    Integer,
    /// Any number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The type of `value` (numbers are reported as `Number`).
    ///
    /// ```
    /// use elicit_core::error::JsonType;
    /// assert_eq!(JsonType::of(&serde_json::json!([1])), JsonType::Array);
    /// ```
    pub fn of(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(_) => Self::Boolean,
            Value::Number(_) => Self::Number,
            Value::String(_) => Self::String,
            Value::Array(_) => Self::Array,
            Value::Object(_) => Self::Object,
        }
    }

    /// The JSON Schema name of the type (`"string"`, `"integer"`, …).
    ///
    /// ```
    /// use elicit_core::error::JsonType;
    /// assert_eq!(JsonType::Integer.name(), "integer");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Boolean => "boolean",
            Self::Integer => "integer",
            Self::Number => "number",
            Self::String => "string",
            Self::Array => "array",
            Self::Object => "object",
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What was wrong with one field, in a form a program can match on.
///
/// [`code`](Self::code) gives a stable snake-case name for each kind; `Display` gives the
/// human sentence.
///
/// ```
/// use elicit_core::FieldErrorKind;
/// use elicit_core::error::JsonType;
///
/// let kind = FieldErrorKind::WrongType { expected: JsonType::String, found: JsonType::Number };
/// assert_eq!(kind.code(), "wrong_type");
/// assert_eq!(kind.to_string(), "expected a string, got number");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum FieldErrorKind {
    /// A required field is absent (or `null`).
    Missing,
    /// The value has the wrong JSON type.
    WrongType {
        /// What the schema asks for.
        expected: JsonType,
        /// What the client sent.
        found: JsonType,
    },
    /// The string has fewer Unicode scalar values than `minLength`.
    TooShort {
        /// The schema's `minLength`.
        min_length: u64,
        /// The string's length in Unicode scalar values.
        length: u64,
    },
    /// The string has more Unicode scalar values than `maxLength`.
    TooLong {
        /// The schema's `maxLength`.
        max_length: u64,
        /// The string's length in Unicode scalar values.
        length: u64,
    },
    /// The number is below `minimum`.
    BelowMinimum {
        /// The schema's `minimum`.
        minimum: Number,
        /// What the client sent.
        value: Number,
    },
    /// The number is above `maximum`.
    AboveMaximum {
        /// The schema's `maximum`.
        maximum: Number,
        /// What the client sent.
        value: Number,
    },
    /// An integer field received a number with a fractional part.
    NotAnInteger {
        /// What the client sent.
        value: Number,
    },
    /// The number does not fit the Rust type of the field.
    OutOfRange {
        /// The Rust type, e.g. `"u8"`.
        type_name: &'static str,
        /// What the client sent.
        value: Number,
    },
    /// The string is not a valid `format` value.
    BadFormat {
        /// The schema's `format`.
        format: StringFormat,
    },
    /// The string does not match the schema's `pattern`.
    PatternMismatch {
        /// The schema's `pattern`.
        pattern: String,
    },
    /// A select field received a value that is not one of its options.
    UnknownOption {
        /// What the client sent (cut to 64 characters).
        value: String,
        /// The options' `const` values, every one (the message lists the first ten and
        /// counts the rest).
        allowed: Vec<String>,
    },
    /// A multi-select answer names the same option twice.
    DuplicateOption {
        /// The repeated option.
        value: String,
    },
    /// A multi-select answer has fewer items than `minItems`.
    TooFewItems {
        /// The schema's `minItems`.
        min_items: u64,
        /// How many the client sent.
        count: u64,
    },
    /// A multi-select answer has more items than `maxItems`.
    TooManyItems {
        /// The schema's `maxItems`.
        max_items: u64,
        /// How many the client sent.
        count: u64,
    },
    /// The form denies unknown fields and the answer has one.
    UnknownField,
    /// The value has the right JSON shape but the field's own parser refused it
    /// (a user type's `FromStr`, say).
    Invalid {
        /// Why, in the type's own words.
        reason: String,
    },
}

impl FieldErrorKind {
    /// A stable machine-readable name: `"missing"`, `"wrong_type"`, `"too_short"`, …
    ///
    /// ```
    /// use elicit_core::FieldErrorKind;
    /// assert_eq!(FieldErrorKind::UnknownField.code(), "unknown_field");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            Self::Missing => "missing",
            Self::WrongType { .. } => "wrong_type",
            Self::TooShort { .. } => "too_short",
            Self::TooLong { .. } => "too_long",
            Self::BelowMinimum { .. } => "below_minimum",
            Self::AboveMaximum { .. } => "above_maximum",
            Self::NotAnInteger { .. } => "not_an_integer",
            Self::OutOfRange { .. } => "out_of_range",
            Self::BadFormat { .. } => "bad_format",
            Self::PatternMismatch { .. } => "pattern_mismatch",
            Self::UnknownOption { .. } => "unknown_option",
            Self::DuplicateOption { .. } => "duplicate_option",
            Self::TooFewItems { .. } => "too_few_items",
            Self::TooManyItems { .. } => "too_many_items",
            Self::UnknownField => "unknown_field",
            Self::Invalid { .. } => "invalid",
        }
    }

    /// An `UnknownOption` error, quoting at most 64 characters of what the client sent.
    pub(crate) fn unknown_option<'a>(
        value: &str,
        allowed: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        Self::UnknownOption {
            value: quote(value),
            allowed: allowed.into_iter().map(str::to_owned).collect(),
        }
    }

    /// A `DuplicateOption` error, quoting at most 64 characters.
    pub(crate) fn duplicate_option(value: &str) -> Self {
        Self::DuplicateOption {
            value: quote(value),
        }
    }
}

fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}…", &value[..cut]),
        None => value.to_owned(),
    }
}

impl fmt::Display for FieldErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing => f.write_str("a value is required"),
            Self::WrongType { expected, found } => {
                write!(f, "expected {} {expected}, got {found}", article(*expected))
            }
            Self::TooShort { min_length, length } => write!(
                f,
                "must be at least {min_length} character{}, got {length}",
                plural(*min_length)
            ),
            Self::TooLong { max_length, length } => write!(
                f,
                "must be at most {max_length} character{}, got {length}",
                plural(*max_length)
            ),
            Self::BelowMinimum { minimum, value } => {
                write!(f, "must be at least {minimum}, got {value}")
            }
            Self::AboveMaximum { maximum, value } => {
                write!(f, "must be at most {maximum}, got {value}")
            }
            Self::NotAnInteger { value } => write!(f, "must be a whole number, got {value}"),
            Self::OutOfRange { type_name, value } => {
                write!(f, "{value} is out of the range of `{type_name}`")
            }
            Self::BadFormat { format } => write!(f, "must be a valid {}", format.describe()),
            Self::PatternMismatch { pattern } => write!(f, "must match the pattern `{pattern}`"),
            Self::UnknownOption { value, allowed } => {
                write!(f, "{value:?} is not one of the options; expected one of ")?;
                for (index, option) in allowed.iter().take(OPTION_LIMIT).enumerate() {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{option:?}")?;
                }
                if let Some(more) = allowed.len().checked_sub(OPTION_LIMIT).filter(|n| *n > 0) {
                    write!(f, " … and {more} more")?;
                }
                Ok(())
            }
            Self::DuplicateOption { value } => write!(f, "{value:?} is selected more than once"),
            Self::TooFewItems { min_items, count } => write!(
                f,
                "select at least {min_items} option{}, got {count}",
                plural(*min_items)
            ),
            Self::TooManyItems { max_items, count } => write!(
                f,
                "select at most {max_items} option{}, got {count}",
                plural(*max_items)
            ),
            Self::UnknownField => f.write_str("is not a field of this form"),
            Self::Invalid { reason } => f.write_str(reason),
        }
    }
}

fn article(ty: JsonType) -> &'static str {
    match ty {
        JsonType::Integer | JsonType::Array | JsonType::Object => "an",
        _ => "a",
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::FieldErrorKind;

    fn unknown(count: usize) -> String {
        let options: Vec<String> = (0..count).map(|i| format!("o{i}")).collect();
        FieldErrorKind::unknown_option("x", options.iter().map(String::as_str)).to_string()
    }

    #[test]
    fn long_option_lists_are_cut_to_ten() {
        assert_eq!(
            unknown(100),
            "\"x\" is not one of the options; expected one of \"o0\", \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"o6\", \"o7\", \"o8\", \"o9\" … and 90 more"
        );
        assert_eq!(
            unknown(11),
            "\"x\" is not one of the options; expected one of \"o0\", \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"o6\", \"o7\", \"o8\", \"o9\" … and 1 more"
        );
    }

    #[test]
    fn short_option_lists_are_whole() {
        assert_eq!(
            unknown(10),
            "\"x\" is not one of the options; expected one of \"o0\", \"o1\", \"o2\", \"o3\", \"o4\", \"o5\", \"o6\", \"o7\", \"o8\", \"o9\""
        );
        assert_eq!(
            unknown(2),
            "\"x\" is not one of the options; expected one of \"o0\", \"o1\""
        );
    }

    #[test]
    fn the_error_keeps_every_option() {
        let options: Vec<String> = (0..100).map(|i| format!("o{i}")).collect();
        let kind = FieldErrorKind::unknown_option("x", options.iter().map(String::as_str));
        assert!(
            matches!(kind, FieldErrorKind::UnknownOption { allowed, .. } if allowed == options)
        );
    }
}
