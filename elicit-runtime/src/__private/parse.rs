//! Reading and writing one field of a form's content.

use serde_json::{Map, Value};

use crate::error::FieldErrorKind;
use crate::read::{Errors, Raw};
use crate::schema::PropertySchema;

use super::slot::{FieldDefault, FormField};

/// Reads one field from its slot (absent, or the value the reader found): presence, `null`,
/// default, the type's conversion, then the schema's constraints. Records an error and
/// returns `None` when the field is invalid.
pub fn parse_slot<F: FormField>(
    slot: Option<&Raw<'_>>,
    name: &str,
    schema: &PropertySchema,
    default: &FieldDefault<F>,
    errors: &mut Errors,
) -> Option<F> {
    let result = match slot {
        // Absent: the default, else `None` for an `Option`, else missing.
        None => match default.produce(schema) {
            Some(result) => result,
            None => match F::from_absent() {
                Some(none) => Ok(none),
                None => Err(FieldErrorKind::Missing),
            },
        },
        // `null`: `None` for an `Option`, else the default, else missing.
        Some(raw) if raw.is_null() => match F::from_absent() {
            Some(none) => Ok(none),
            None => match default.produce(schema) {
                Some(result) => result,
                None => Err(FieldErrorKind::Missing),
            },
        },
        Some(raw) => match F::from_present_raw(raw) {
            Ok(parsed) => match schema.check_raw(raw, &F::FACTS) {
                Ok(()) => Ok(parsed),
                Err(kind) => Err(kind),
            },
            Err(kind) => Err(kind),
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

/// Writes one field into `content`. An `Option` that is `None` is left out, or written as
/// `null` when the field has a default (so that it reads back as `None`, not the default).
pub fn put_field<F: FormField>(
    content: &mut Map<String, Value>,
    name: &str,
    value: &F,
    has_default: bool,
) {
    put_json(content, name, value.to_json(), has_default);
}

fn put_json(content: &mut Map<String, Value>, name: &str, json: Option<Value>, has_default: bool) {
    match json {
        Some(json) => {
            content.insert(name.to_owned(), json);
        }
        None if has_default => {
            content.insert(name.to_owned(), Value::Null);
        }
        None => {}
    }
}
