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
    let in_error = asked.schema().properties_in(errors);
    asked
        .read_content(content.unwrap_or(&empty))
        .into_iter()
        .filter(|(name, _)| !in_error.contains(&name.as_str()))
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
pub(super) fn lead(prompt: &str) -> String {
    let mut text = String::from(prompt.trim_end());
    if !text.is_empty() {
        if !text.ends_with(['.', '!', '?', ':']) {
            text.push('.');
        }
        text.push(' ');
    }
    text
}

/// The message of the form that asks for a tool call's missing arguments
/// ([`Asked`](super::Asked)): the prompt, the tool (its name in backticks, or "the tool"),
/// then one sentence per field to give.
///
/// ``Book a trip. `book_trip` needs this from you: Date: fill this in.``
pub(super) fn arguments(
    prompt: &str,
    tool: &str,
    schema: &RequestedSchema,
    errors: &ContentError,
) -> String {
    let mut text = lead(prompt);
    let mut tool = tool.chars();
    // "`book_trip` needs …", or "The tool needs …".
    text.extend(tool.next().map(|first| first.to_ascii_uppercase()));
    text.extend(tool);
    text.push_str(" needs this from you:");
    push_sentences(&mut text, schema, errors);
    text
}

/// What the call is answered with when the answer to a form never fitted
/// ([`Ask::or_reply`](super::Ask::or_reply)): each field's error as the re-ask says it.
///
/// `The answer still did not fit after 3 attempts. Travellers: only 2 seats left.`
pub(super) fn gave_up(schema: &RequestedSchema, errors: &ContentError, attempts: u32) -> String {
    let mut text = if attempts > 1 {
        format!("The answer still did not fit after {attempts} attempts.")
    } else {
        "The answer did not fit the form.".to_owned()
    };
    push_sentences(&mut text, schema, errors);
    text
}

/// Appends one sentence per error in `errors`, each naming its field by the title `schema`
/// shows: the one style of every message a person reads about their answers.
fn push_sentences(text: &mut String, schema: &RequestedSchema, errors: &ContentError) {
    for error in errors.errors() {
        text.push(' ');
        text.push_str(&sentence(&title_of(schema, error), error));
    }
}

/// The title the form shows for the field `error` names, or its name capitalized.
fn title_of(schema: &RequestedSchema, error: &FieldError) -> String {
    schema
        .property(error.field())
        .and_then(PropertySchema::title)
        .map_or_else(|| capitalized(error.field()), str::to_owned)
}

/// The message of a form asked again, written for the person who reads it: the prompt, then
/// one sentence per field error naming the field by the title the form shows, all on one line
/// (clients collapse line breaks). The wire names stay in the structured errors.
///
/// `Book a table. Please correct: Email: enter a valid e-mail address. Party size: enter at
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
    push_sentences(&mut text, schema, errors);
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

/// One error as a sentence about the field titled `title`, in the one style every re-ask
/// uses: the field's title, a colon, what to do (the author's check texts are written so too:
/// "Travellers: only 2 seats are left").
fn sentence(title: &str, error: &FieldError) -> String {
    let what = match error.kind() {
        FieldErrorKind::Missing => "fill this in".to_owned(),
        FieldErrorKind::WrongType { expected, .. } => expected_kind(*expected).to_owned(),
        FieldErrorKind::TooShort { min_length, .. } => format!(
            "enter at least {min_length} character{}",
            plural(*min_length)
        ),
        FieldErrorKind::TooLong { max_length, .. } => format!(
            "enter at most {max_length} character{}",
            plural(*max_length)
        ),
        FieldErrorKind::BelowMinimum { minimum, .. } => format!("enter at least {minimum}"),
        FieldErrorKind::AboveMaximum { maximum, .. } => format!("enter at most {maximum}"),
        FieldErrorKind::NotAnInteger { .. } => "enter a whole number".to_owned(),
        FieldErrorKind::OutOfRange { .. } => "enter a number within the allowed range".to_owned(),
        FieldErrorKind::BadFormat { format } => format!("enter a valid {}", format.describe()),
        FieldErrorKind::Invalid { reason } => reason.clone(),
        FieldErrorKind::PatternMismatch { .. } => "enter it in the expected form".to_owned(),
        FieldErrorKind::UnknownOption { .. } => "choose one of the options".to_owned(),
        FieldErrorKind::DuplicateOption { .. } => "choose each option at most once".to_owned(),
        FieldErrorKind::TooFewItems { min_items, .. } => {
            format!("choose at least {min_items} option{}", plural(*min_items))
        }
        FieldErrorKind::TooManyItems { max_items, .. } => {
            format!("choose at most {max_items} option{}", plural(*max_items))
        }
        FieldErrorKind::UnknownField => "leave this out: it is not part of this form".to_owned(),
    };
    let mut text = format!("{title}: {what}");
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
}

fn expected_kind(expected: crate::error::JsonType) -> &'static str {
    use crate::error::JsonType;
    match expected {
        JsonType::Boolean => "choose yes or no",
        JsonType::Integer => "enter a whole number",
        JsonType::Number => "enter a number",
        JsonType::Array => "choose from the options",
        JsonType::Null | JsonType::String | JsonType::Object => "enter text",
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::sentence;
    use crate::{FieldError, FieldErrorKind};

    /// Every kind of error, as a re-ask words it: the title, a colon, what to do, in lower
    /// case, one sentence.
    #[test]
    fn every_error_is_the_title_a_colon_and_what_to_do() {
        let kinds = crate::dialog::memory::tests::every_kind();
        for kind in kinds {
            let text = sentence("Travellers", &FieldError::new("travellers", kind.clone()));
            let what = text
                .strip_prefix("Travellers: ")
                .unwrap_or_else(|| panic!("{text}"));
            assert!(what.starts_with(char::is_lowercase), "{kind:?}: {text}");
            assert!(
                what.ends_with('.') && !what[..what.len() - 1].contains(". "),
                "{text}"
            );
            assert!(!what.contains("must be"), "{kind:?}: {text}");
        }
        assert_eq!(
            sentence(
                "Travellers",
                &FieldError::new(
                    "travellers",
                    FieldErrorKind::TooLong {
                        max_length: 1,
                        length: 2
                    }
                )
            ),
            "Travellers: enter at most 1 character."
        );
    }
}
