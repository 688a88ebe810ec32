//! Reading and writing one field of a form's content.

use serde_json::{Map, Value};

use crate::error::FieldErrorKind;
use crate::schema::PropertySchema;

use super::errors::Errors;
use super::slot::{FieldDefault, FormField};

/// Reads one field: presence, `null`, default, the type's conversion, then the schema's
/// constraints. Records an error and returns `None` when the field is invalid.
pub fn parse_field<F: FormField>(
    content: &Map<String, Value>,
    name: &str,
    schema: &PropertySchema,
    default: &FieldDefault<F>,
    errors: &mut Errors,
) -> Option<F> {
    let result = match content.get(name) {
        // Absent: the default, else `None` for an `Option`, else missing.
        None => match default.produce(schema) {
            Some(result) => result,
            None => match F::from_absent() {
                Some(none) => Ok(none),
                None => Err(FieldErrorKind::Missing),
            },
        },
        // `null`: `None` for an `Option`, else the default, else missing.
        Some(Value::Null) => match F::from_absent() {
            Some(none) => Ok(none),
            None => match default.produce(schema) {
                Some(result) => result,
                None => Err(FieldErrorKind::Missing),
            },
        },
        Some(value) => match F::from_present(value) {
            Ok(parsed) => match schema.check(value) {
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

/// Reports every key of `content` that is not one of `known`, in key order: a `Map` keeps
/// the client's order only when `serde_json`'s `preserve_order` is on, and the errors must not
/// depend on the build's features.
pub fn deny_unknown_fields(content: &Map<String, Value>, known: &[&str], errors: &mut Errors) {
    let mut unknown: Vec<&String> = content
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .collect();
    unknown.sort_unstable();
    for key in unknown {
        errors.push(key, FieldErrorKind::UnknownField);
    }
}
