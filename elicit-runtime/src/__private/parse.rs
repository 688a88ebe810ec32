//! Reading and writing one field of a form's content.

use serde_json::{Map, Value};

use crate::error::FieldErrorKind;
use crate::read::{Errors, Raw};
use crate::schema::PropertySchema;

use super::slot::{FieldDefault, FormField};

/// Reads one field from its slot (absent, or the value the reader found): presence, `null`,
/// default, the type's conversion, then the schema's constraints. Records an error and
/// returns `None` when the field is invalid.
///
/// Absent and `null` are read alike: `None` for an `Option` (whose default only pre-fills the
/// form: the person cleared the field), else the default, else missing.
pub fn parse_slot<F: FormField>(
    slot: Option<&Raw<'_>>,
    name: &str,
    schema: &PropertySchema,
    default: &FieldDefault<F>,
    errors: &mut Errors,
) -> Option<F> {
    let result = match slot {
        Some(raw) if !raw.is_null() => match F::from_present_raw(raw) {
            Ok(parsed) => match schema.check_raw(raw, &F::FACTS) {
                Ok(()) => Ok(parsed),
                Err(kind) => Err(kind),
            },
            Err(kind) => Err(kind),
        },
        _ => match F::from_absent() {
            Some(none) => Ok(none),
            None => match default.produce(schema) {
                Some(result) => result,
                None => Err(FieldErrorKind::Missing),
            },
        },
    };
    match result {
        Ok(value) => Some(value),
        Err(kind) => {
            errors.push(name, kind);
            None
        }
    }
}

/// Reads the field `name` of `content` ([`parse_slot`] of its value): an enum form's one field.
pub fn parse_field<F: FormField>(
    content: &Map<String, Value>,
    name: &str,
    schema: &PropertySchema,
    default: &FieldDefault<F>,
    errors: &mut Errors,
) -> Option<F> {
    let raw = content.get(name).map(Raw::Json);
    parse_slot(raw.as_ref(), name, schema, default, errors)
}

/// Writes one field into `content`. An `Option` that is `None` is left out: the form's schema
/// has no `null`, and an absent optional field reads back as `None`.
pub fn put_field<F: FormField>(content: &mut Map<String, Value>, name: &str, value: &F) {
    if let Some(json) = value.to_json() {
        content.insert(name.to_owned(), json);
    }
}
