//! Re-asking a form: the field errors in the message, the right fields as defaults.

use ::rmcp::model::ErrorData;
use serde_json::{Map, Value};

use super::{Halt, Reasked};
use crate::protocol::{ElicitRequest, ElicitResult};
use crate::schema::{PropertySchema, RequestedSchema};
use crate::{ContentError, Elicit, ElicitOutcome};

/// The entry under `key` as an `ElicitResult`, or `-32602` naming it.
pub(super) fn elicit_result(key: &str, answer: &Value) -> Result<ElicitResult, Halt> {
    ElicitResult::from_value(answer).map_err(|error| {
        Halt::Error(ErrorData::invalid_params(
            format!("inputResponses.{key}: {error}"),
            None,
        ))
    })
}

pub(super) fn outcome<T: Elicit>(result: &ElicitResult) -> Result<Reasked<T>, ContentError> {
    match ElicitOutcome::<T>::from_elicit_result(result) {
        Ok(outcome) => Ok(Reasked::from_outcome(outcome)),
        Err(error) => Err(error
            .content_error()
            .cloned()
            .unwrap_or_else(|| ContentError::from(Vec::new()))),
    }
}

/// The request that asks `request`'s form again after `result` did not fit it: the
/// errors in the message, and what was right as defaults.
pub(super) fn reask<T: Elicit>(
    request: &ElicitRequest,
    result: &ElicitResult,
    errors: &ContentError,
) -> ElicitRequest {
    let mut schema = T::requested_schema().clone();
    if let Some(content) = &result.content {
        keep_right(&mut schema, content, errors);
    }
    let original = match request {
        ElicitRequest::Form(_) => T::message(),
        ElicitRequest::Url(url) => url.message(),
    };
    ElicitRequest::from_schema(reask_message(original, errors), schema)
}

/// The message of a form asked again: the form's own, then each field's error.
fn reask_message(message: &str, errors: &ContentError) -> String {
    let mut text = String::from(message);
    if !text.is_empty() {
        text.push_str("\n\n");
    }
    text.push_str("Please correct:");
    for error in errors.errors() {
        text.push_str("\n- ");
        text.push_str(&error.to_string());
    }
    text
}

/// Sets, as each property's `default`, the value the answer gave it, when no error names it.
pub(super) fn keep_right(
    schema: &mut RequestedSchema,
    content: &Map<String, Value>,
    errors: &ContentError,
) {
    for (name, property) in &mut schema.properties {
        if errors.field(name).is_some() {
            continue;
        }
        if let Some(value) = content.get(name) {
            set_default(property, value);
        }
    }
}

pub(super) fn set_default(property: &mut PropertySchema, value: &Value) {
    let text = || value.as_str().map(str::to_owned);
    let texts = || {
        value.as_array().and_then(|items| {
            items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
        })
    };
    match property {
        PropertySchema::String(schema) => {
            if let Some(text) = text() {
                schema.default = Some(text);
            }
        }
        PropertySchema::Number(schema) => {
            if let Value::Number(number) = value {
                schema.default = Some(number.clone());
            }
        }
        PropertySchema::Boolean(schema) => {
            if let Value::Bool(flag) = value {
                schema.default = Some(*flag);
            }
        }
        PropertySchema::UntitledSingleSelect(schema) => {
            if let Some(text) = text() {
                schema.default = Some(text);
            }
        }
        PropertySchema::TitledSingleSelect(schema) => {
            if let Some(text) = text() {
                schema.default = Some(text);
            }
        }
        PropertySchema::LegacyTitledEnum(schema) => {
            if let Some(text) = text() {
                schema.default = Some(text);
            }
        }
        PropertySchema::UntitledMultiSelect(schema) => {
            if let Some(texts) = texts() {
                schema.default = Some(texts);
            }
        }
        PropertySchema::TitledMultiSelect(schema) => {
            if let Some(texts) = texts() {
                schema.default = Some(texts);
            }
        }
    }
}
