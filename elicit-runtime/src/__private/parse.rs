//! Writing one field of a form's content; reading it is the one reader's
//! ([`read_field`](crate::read::read_field)). And a one-question form (a derived enum asked
//! on its own) read and written whole: its `from_content` and `to_content` are these.

use serde_json::{Map, Value};

use crate::Elicit;
use crate::error::ContentError;
use crate::field::slot::FormField;
use crate::raw::Raw;
use crate::read::{Errors, Sent, read_field};

/// Writes one field into `content`. An `Option` that is `None` is left out: the form's schema
/// has no `null`, and an absent optional field reads back as `None`.
pub fn put_field<F: FormField>(content: &mut Map<String, Value>, name: &str, value: &F) {
    if let Some(json) = value.to_json() {
        content.insert(name.to_owned(), json);
    }
}

/// Reads a one-question form's answer: its one field, `name`, against the form as its own
/// schema says (a derived enum's `from_content`).
///
/// # Errors
/// The field's error: missing, or not one of the options.
pub fn read_one<F: FormField + Elicit>(
    content: &Map<String, Value>,
    name: &str,
) -> Result<F, ContentError> {
    let mut errors = Errors::new();
    let sent = Sent::in_order(F::requested_schema());
    let raw = content.get(name).map(Raw::Json);
    read_field::<F>(raw.as_ref(), name, sent.field(0), &mut errors)
        .ok_or_else(|| errors.into_error())
}

/// A one-question form's content: its one field, `name` (a derived enum's `to_content`).
pub fn one_content<F: FormField>(name: &str, value: &F) -> Map<String, Value> {
    let mut content = Map::new();
    put_field(&mut content, name, value);
    content
}
