//! [`ElicitField`](crate::ElicitField) for the standard library's and the ecosystem's common
//! value types, so a form can hold them directly.
//!
//! - `std_types`: `NonZero*` integers, IP addresses, and `Box<str>`, `Arc<str>`,
//!   `Cow<'static, str>` (no feature needed);
//! - `chrono`, `time`, `url`: each behind the crate feature of the same name;
//! - `secrecy`: `SecretString`, behind `url-forms` (a secret is asked in URL mode only).

mod std_types;

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "url-forms")]
mod secrecy;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "url")]
mod url;

/// What the `date`, `date-time` and `uri` types share.
///
/// Their `from_json` first applies the checker the schema's `format` applies (so a refusal
/// there is the same `bad_format` the schema reports), then hands the text to the crate's
/// own parser; a string the format allows but the crate refuses is an `invalid` field
/// error, never a panic. A value is accepted only when both agree.
#[cfg(any(feature = "chrono", feature = "time", feature = "url"))]
mod formatted {
    use serde_json::Value;

    use crate::error::FieldErrorKind;
    use crate::schema::{PropertySchema, StringFormat, StringSchema};
    use crate::validate::expect_str;

    /// `{"type":"string","format":…}`
    pub(super) fn schema(format: StringFormat) -> PropertySchema {
        PropertySchema::String(StringSchema {
            format: Some(format),
            ..StringSchema::default()
        })
    }

    /// The text of `value` if it is a string that `format`'s checker accepts.
    pub(super) fn text(value: &Value, format: StringFormat) -> Result<&str, FieldErrorKind> {
        let text = expect_str(value)?;
        if format.is_valid(text) {
            Ok(text)
        } else {
            Err(FieldErrorKind::BadFormat { format })
        }
    }

    /// A refusal in the type's own words, for a value the format allows.
    pub(super) fn invalid(reason: impl Into<String>) -> FieldErrorKind {
        FieldErrorKind::Invalid {
            reason: reason.into(),
        }
    }
}
