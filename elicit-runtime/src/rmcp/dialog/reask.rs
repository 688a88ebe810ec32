//! Re-asking a form: the field errors in the message, the right fields as defaults; and what
//! re-asking came back with ([`Reasked`]).

use ::rmcp::model::ErrorData;
use serde_json::{Map, Value};

use super::Halt;
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

/// What [`Dialog::ask_until_valid`](super::Dialog::ask_until_valid) came back with: an [`ElicitOutcome`]'s three cases,
/// and [`GaveUp`](Self::GaveUp) when every attempt the bound allowed was answered with
/// content that does not fit the form.
///
/// ```
/// use elicit_core::rmcp::Reasked;
/// use elicit_core::{ContentError, ElicitOutcome, FieldError, FieldErrorKind};
///
/// let accepted: Reasked<u8> = Reasked::Accepted(4);
/// assert_eq!(accepted.into_outcome(), Ok(ElicitOutcome::Accepted(4)));
/// let errors = ContentError::from(vec![FieldError::new("size", FieldErrorKind::Missing)]);
/// let gave_up: Reasked<u8> = Reasked::GaveUp(errors.clone());
/// assert_eq!(gave_up.into_outcome(), Err(errors));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Reasked<T> {
    /// The user accepted, and the content fits the form.
    Accepted(T),
    /// The user declined.
    Declined,
    /// The user dismissed the form.
    Cancelled,
    /// The last answer the bound allowed still did not fit the form: its errors.
    GaveUp(ContentError),
}

impl<T> Reasked<T> {
    /// The outcome, or the last answer's errors when the dialog gave up.
    ///
    /// # Errors
    /// The [`ContentError`] of [`GaveUp`](Self::GaveUp).
    ///
    /// ```
    /// use elicit_core::rmcp::Reasked;
    /// use elicit_core::ElicitOutcome;
    /// assert_eq!(Reasked::<u8>::Declined.into_outcome(), Ok(ElicitOutcome::Declined));
    /// ```
    pub fn into_outcome(self) -> Result<ElicitOutcome<T>, ContentError> {
        match self {
            Self::Accepted(answer) => Ok(ElicitOutcome::Accepted(answer)),
            Self::Declined => Ok(ElicitOutcome::Declined),
            Self::Cancelled => Ok(ElicitOutcome::Cancelled),
            Self::GaveUp(errors) => Err(errors),
        }
    }

    /// The accepted answer, if there is one.
    ///
    /// ```
    /// use elicit_core::rmcp::Reasked;
    /// assert_eq!(Reasked::Accepted(2).accepted(), Some(2));
    /// assert_eq!(Reasked::<u8>::Cancelled.accepted(), None);
    /// ```
    pub fn accepted(self) -> Option<T> {
        match self {
            Self::Accepted(answer) => Some(answer),
            _ => None,
        }
    }

    pub(super) fn from_outcome(outcome: ElicitOutcome<T>) -> Self {
        match outcome {
            ElicitOutcome::Accepted(answer) => Self::Accepted(answer),
            ElicitOutcome::Declined => Self::Declined,
            ElicitOutcome::Cancelled => Self::Cancelled,
        }
    }
}
