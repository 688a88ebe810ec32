//! The answer to a form whose multi-selects were asked as checkboxes (2025-06-18, which has
//! no multi-select): each multi-select's boxes folded back into the list of options ticked,
//! so the form reads the answer it expects.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{FieldError, FieldErrorKind, JsonType};
use crate::schema::{PropertySchema, RequestedSchema};

/// The property a checkbox is named: `<field>.<option>`.
pub(crate) fn checkbox_name(field: &str, option: &str) -> String {
    format!("{field}.{option}")
}

/// `content` with each multi-select of `schema` (the form as shaped, before the revision wrote
/// it as checkboxes) that the answer does not give itself folded from its boxes: `true` is
/// ticked, `false` or `null` not. A box answered with anything else is an error of its own,
/// named `<field>.<option>`, never read as unticked. An answer with none of a field's boxes
/// is a person who ticked none: a field that needs a value (`needs_value`: it is no `Option`)
/// reads as nothing chosen (its `min_items` then decides; never its default: the boxes
/// showed it, and the person unticked it), an optional one as left out, as it is with boxes
/// all unticked.
pub(crate) fn fold_checkboxes<'c>(
    schema: &RequestedSchema,
    content: &'c Map<String, Value>,
    needs_value: impl Fn(&str) -> bool,
) -> (Cow<'c, Map<String, Value>>, Vec<FieldError>) {
    let mut errors = Vec::new();
    let multi = |property: &PropertySchema| {
        matches!(
            property,
            PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_)
        )
    };
    if !schema
        .properties
        .iter()
        .any(|(name, property)| multi(property) && !content.contains_key(name))
    {
        return (Cow::Borrowed(content), errors);
    }
    let mut folded = content.clone();
    for (name, property) in &schema.properties {
        if !multi(property) || content.contains_key(name) {
            continue;
        }
        let mut ticked = Vec::new();
        for option in property.option_values() {
            let key = checkbox_name(name, option);
            match folded.remove(&key) {
                Some(Value::Bool(true)) => ticked.push(Value::from(option)),
                None | Some(Value::Bool(false) | Value::Null) => {}
                Some(other) => errors.push(FieldError::new(
                    key,
                    FieldErrorKind::WrongType {
                        expected: JsonType::Boolean,
                        found: JsonType::of(&other),
                    },
                )),
            }
        }
        if !ticked.is_empty() || needs_value(name) {
            folded.insert(name.clone(), Value::Array(ticked));
        }
    }
    (Cow::Owned(folded), errors)
}
