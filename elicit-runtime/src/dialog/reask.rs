//! Asking a form again: what to correct, said to a person, and what was right kept
//! ([`Form::reask`] makes the form).

use serde_json::{Map, Value};

use crate::schema::{PropertySchema, RequestedSchema};
use crate::{ContentError, FieldError, FieldErrorKind, Form};

/// What the person got right in an answer to `asked`: what the form read of it
/// ([`Form::read_content`]: the values given, the defaults a field left out took, the answers
/// kept from earlier), less the fields an error names.
pub(super) fn right_fields<T>(
    asked: &Form<T>,
    content: Option<&Map<String, Value>>,
    errors: &ContentError,
) -> Map<String, Value> {
    let empty = Map::new();
    asked
        .read_content(content.unwrap_or(&empty))
        .into_iter()
        .filter(|(name, _)| {
            !errors.errors().iter().any(|error| {
                let field = error.field();
                field == name
                    || field
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| rest.starts_with('.'))
            })
        })
        .collect()
}

/// The prompt of a form whose offer changed between the rounds: the prompt, then why it is
/// asked again, like [`corrections`].
///
/// `Pick another date. The choices have changed since you were asked: these are the current ones.`
pub(super) fn changed(prompt: &str) -> String {
    let mut text = lead(prompt);
    text.push_str("The choices have changed since you were asked: these are the current ones.");
    text
}

/// The prompt as the start of a longer message: ending with a full stop (or its own `!`, `?`,
/// `:`), then a space; nothing when there is no prompt.
fn lead(prompt: &str) -> String {
    let mut text = String::from(prompt.trim_end());
    if !text.is_empty() {
        if !text.ends_with(['.', '!', '?', ':']) {
            text.push('.');
        }
        text.push(' ');
    }
    text
}

/// The message of a form asked again, written for the person who reads it: the prompt, then
/// one sentence per field error naming the field by the title the form shows, all on one line
/// (clients collapse line breaks). The wire names stay in the structured errors.
///
/// `Book a table. Please correct: Email must be a valid e-mail address. Party size must be at
/// most 12.`
///
/// `kept`: only the fields in error are asked again (a revision that cannot pre-fill the
/// others): the message says the other answers are kept.
pub(super) fn corrections(
    prompt: &str,
    schema: &RequestedSchema,
    errors: &ContentError,
    kept: bool,
) -> String {
    let mut text = lead(prompt);
    text.push_str("Please correct:");
    for error in errors.errors() {
        let title = schema
            .property(error.field())
            .and_then(PropertySchema::title)
            .map_or_else(|| capitalized(error.field()), str::to_owned);
        text.push(' ');
        text.push_str(&sentence(&title, error));
    }
    if kept {
        text.push_str(" Your other answers are kept.");
    }
    text
}

/// A wire name as the start of a sentence (a form without titles).
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// One error as a sentence about the field titled `title`.
fn sentence(title: &str, error: &FieldError) -> String {
    let mut text = match error.kind() {
        FieldErrorKind::Missing => format!("{title} is required"),
        FieldErrorKind::WrongType { expected, .. } => {
            format!("{title} must be {}", expected_kind(*expected))
        }
        FieldErrorKind::TooShort { min_length, .. } => format!(
            "{title} must be at least {min_length} character{} long",
            plural(*min_length)
        ),
        FieldErrorKind::TooLong { max_length, .. } => format!(
            "{title} must be at most {max_length} character{} long",
            plural(*max_length)
        ),
        FieldErrorKind::BelowMinimum { minimum, .. } => {
            format!("{title} must be at least {minimum}")
        }
        FieldErrorKind::AboveMaximum { maximum, .. } => {
            format!("{title} must be at most {maximum}")
        }
        FieldErrorKind::NotAnInteger { .. } => format!("{title} must be a whole number"),
        FieldErrorKind::OutOfRange { .. } => format!("{title} is out of range"),
        FieldErrorKind::BadFormat { .. } | FieldErrorKind::Invalid { .. } => {
            format!("{title}: {}", error.kind())
        }
        FieldErrorKind::PatternMismatch { .. } => {
            format!("{title} is not in the expected form")
        }
        FieldErrorKind::UnknownOption { .. } => format!("{title}: choose one of the options"),
        FieldErrorKind::DuplicateOption { .. } => {
            format!("{title}: choose each option at most once")
        }
        FieldErrorKind::TooFewItems { min_items, .. } => format!(
            "{title}: choose at least {min_items} option{}",
            plural(*min_items)
        ),
        FieldErrorKind::TooManyItems { max_items, .. } => format!(
            "{title}: choose at most {max_items} option{}",
            plural(*max_items)
        ),
        FieldErrorKind::UnknownField => format!("{title} is not part of this form"),
    };
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
}

fn expected_kind(expected: crate::error::JsonType) -> &'static str {
    use crate::error::JsonType;
    match expected {
        JsonType::Boolean => "yes or no",
        JsonType::Integer => "a whole number",
        JsonType::Number => "a number",
        JsonType::Array => "a list of options",
        JsonType::Null | JsonType::String | JsonType::Object => "text",
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
