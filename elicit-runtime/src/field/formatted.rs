//! What the `format`-checked string types (`chrono`, `time`, `url`) share.

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::raw::expect_str;
use crate::schema::{PropertySchema, StringFormat, StringSchema};

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
