//! Writing one field of a form's content, and a derived struct form's content whole
//! ([`Writing`]); reading it is the one reader's ([`read_field`](crate::read::read_field)).
//! And a one-question form (a derived enum asked on its own) read and written whole: its
//! `from_content` and `to_content` are these.

use serde_json::{Map, Value};

use crate::Elicit;
use crate::error::ContentError;
use crate::field::slot::FormField;
use crate::raw::Raw;
use crate::read::{Errors, FormFields, Sent, read_field};

/// A derived struct form's content while its `to_content` writes it: each field under the
/// next of the form's wire names (its `NAMES`), in declaration order, so that it names no
/// field's name itself.
pub struct Writing {
    content: Map<String, Value>,
    names: &'static [&'static str],
    /// The place of the next field to write.
    next: usize,
}

impl Writing {
    /// The content of a form of `F`'s fields, nothing written yet.
    #[inline]
    #[must_use]
    pub fn of<F: FormFields>() -> Self {
        Self {
            content: Map::new(),
            names: F::NAMES,
            next: 0,
        }
    }

    /// The next field: the content it is written into, and its wire name.
    #[inline]
    pub fn next_field(&mut self) -> (&mut Map<String, Value>, &'static str) {
        let name = self.names.get(self.next).copied().unwrap_or_default();
        self.next += 1;
        (&mut self.content, name)
    }

    /// The next `len` fields, a flattened form's: its own `content` (`None` for an `Option`
    /// of the form that is `None`).
    pub(crate) fn flattened(&mut self, len: usize, content: Option<Map<String, Value>>) {
        self.next = self.next.saturating_add(len);
        if let Some(content) = content {
            self.content.extend(content);
        }
    }

    /// The content written.
    #[inline]
    #[must_use]
    pub fn into_content(self) -> Map<String, Value> {
        self.content
    }
}

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
