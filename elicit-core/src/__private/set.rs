//! Applies a field's attributes to its type's schema. Each setter applies only to the kinds
//! it belongs to; the derive has already rejected the others at compile time.

use serde_json::{Number, Value};

use crate::pattern::Pattern;
use crate::schema::{PropertySchema, StringFormat};
use crate::validate::compare;
use std::cmp::Ordering;

/// `title = "…"`
pub fn title(schema: &mut PropertySchema, title: &str) {
    schema.set_title(title);
}

/// `description = "…"` or the doc comment.
pub fn description(schema: &mut PropertySchema, description: &str) {
    schema.set_description(description);
}

/// `min_length = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn min_length(schema: &mut PropertySchema, min_length: u64) {
    if let PropertySchema::String(s) = schema {
        s.min_length = Some(narrow_up(s.min_length, min_length));
    }
}

/// `max_length = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn max_length(schema: &mut PropertySchema, max_length: u64) {
    if let PropertySchema::String(s) = schema {
        s.max_length = Some(narrow_down(s.max_length, max_length));
    }
}

/// `format = "…"`; on a newtype's field it replaces the newtype's `format` in the
/// schema, while the newtype's own parser still checks its own.
pub fn format(schema: &mut PropertySchema, format: StringFormat) {
    if let PropertySchema::String(s) = schema {
        s.format = Some(format);
    }
}

/// `pattern = "…"`; the derive has compiled it once already, so it cannot fail here.
/// A schema holds one pattern: on a newtype's field it replaces the newtype's in the
/// schema, while the newtype's own parser still checks its own.
pub fn pattern(schema: &mut PropertySchema, pattern: &str) {
    if let (PropertySchema::String(s), Ok(pattern)) = (schema, Pattern::new(pattern)) {
        s.pattern = Some(pattern);
    }
}

/// `minimum = N`: narrows the type's own bound, never widens it.
pub fn minimum(schema: &mut PropertySchema, minimum: Number) {
    if let PropertySchema::Number(s) = schema {
        let narrower = s
            .minimum
            .as_ref()
            .is_none_or(|old| compare(&minimum, old) != Some(Ordering::Less));
        if narrower {
            s.minimum = Some(minimum);
        }
    }
}

/// `maximum = N`: narrows the type's own bound, never widens it.
pub fn maximum(schema: &mut PropertySchema, maximum: Number) {
    if let PropertySchema::Number(s) = schema {
        let narrower = s
            .maximum
            .as_ref()
            .is_none_or(|old| compare(&maximum, old) != Some(Ordering::Greater));
        if narrower {
            s.maximum = Some(maximum);
        }
    }
}

/// `min_items = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn min_items(schema: &mut PropertySchema, min_items: u64) {
    match schema {
        PropertySchema::UntitledMultiSelect(s) => {
            s.min_items = Some(narrow_up(s.min_items, min_items));
        }
        PropertySchema::TitledMultiSelect(s) => {
            s.min_items = Some(narrow_up(s.min_items, min_items));
        }
        _ => {}
    }
}

/// `max_items = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn max_items(schema: &mut PropertySchema, max_items: u64) {
    match schema {
        PropertySchema::UntitledMultiSelect(s) => {
            s.max_items = Some(narrow_down(s.max_items, max_items));
        }
        PropertySchema::TitledMultiSelect(s) => {
            s.max_items = Some(narrow_down(s.max_items, max_items));
        }
        _ => {}
    }
}

/// A lower bound: the greater of the old one and the new one.
fn narrow_up(old: Option<u64>, new: u64) -> u64 {
    old.map_or(new, |old| old.max(new))
}

/// An upper bound: the smaller of the old one and the new one.
fn narrow_down(old: Option<u64>, new: u64) -> u64 {
    old.map_or(new, |old| old.min(new))
}

/// The schema's `default`, from the default's JSON.
pub fn default(schema: &mut PropertySchema, default: Option<Value>) {
    let Some(default) = default else { return };
    match (schema, default) {
        (PropertySchema::String(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::Number(s), Value::Number(d)) => s.default = Some(d),
        (PropertySchema::Boolean(s), Value::Bool(d)) => s.default = Some(d),
        (PropertySchema::UntitledSingleSelect(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::TitledSingleSelect(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::LegacyTitledEnum(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::UntitledMultiSelect(s), Value::Array(d)) => {
            s.default = Some(strings(d));
        }
        (PropertySchema::TitledMultiSelect(s), Value::Array(d)) => {
            s.default = Some(strings(d));
        }
        _ => {}
    }
}

fn strings(values: Vec<Value>) -> Vec<String> {
    values
        .into_iter()
        .filter_map(|value| match value {
            Value::String(text) => Some(text),
            _ => None,
        })
        .collect()
}
