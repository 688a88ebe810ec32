//! `Errors`: the field errors of one `from_content` call, collected by the reader (from a
//! content map or from bytes) and by the generated `parse_fields` of every form.

use crate::error::{ContentError, FieldError, FieldErrorKind};

/// Collects the errors of one `from_content` call.
#[derive(Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    /// No errors yet.
    pub fn new() -> Self {
        Self(Vec::new())
    }

    /// Records an error for a field.
    pub fn push(&mut self, field: &str, kind: FieldErrorKind) {
        self.0.push(FieldError::new(field, kind));
    }

    /// How many errors were recorded.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether anything was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds the errors of a nested (flattened) form.
    pub fn extend(&mut self, error: ContentError) {
        self.0.extend(error.into_errors());
    }

    /// The error to return.
    pub fn into_error(self) -> ContentError {
        ContentError::from(self.0)
    }
}
