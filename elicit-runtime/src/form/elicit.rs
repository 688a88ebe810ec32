//! The [`Elicit`] trait: what every form, derived or written by hand, is.

use serde_json::{Map, Value};

use crate::error::ContentError;
use crate::read::FormReader;
use crate::schema::RequestedSchema;

use super::shape::Shaped;

/// A type that is an elicitation form: it knows its `requestedSchema`, its prompt, and how
/// to read (and write) the `content` of a client's answer.
///
/// Derive it: on a struct with named fields (one property per field; a field marked
/// `#[elicit(flatten)]` inlines another such struct's), or on a unit-variant enum (a
/// one-question form). On a one-field tuple struct the derive makes a reusable field type
/// (an [`ElicitField`](crate::ElicitField)) instead, not a form. Every attribute is in the
/// [guide](crate::guide::attributes).
///
/// ```
/// use elicit_core::Elicit;
///
/// /// Which size?
/// #[derive(Elicit, Debug, PartialEq)]
/// enum Size { Small, Large }
///
/// assert_eq!(Size::message(), "Which size?");
/// let content = Size::Large.to_content();
/// assert_eq!(serde_json::Value::Object(content.clone()), serde_json::json!({"size": "Large"}));
/// assert_eq!(Size::from_content(&content), Ok(Size::Large));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an elicitation form",
    label = "not a form",
    note = "a form is a struct with named fields, or a unit-variant enum, that derives `Elicit`; a newtype (a one-field tuple struct) that derives `Elicit` is a field type, not a form"
)]
pub trait Elicit: Sized {
    /// The form's schema; built once, then returned by reference.
    fn requested_schema() -> &'static RequestedSchema;

    /// The type's doc comment (or `#[elicit(message = "...")]`): the default prompt.
    fn message() -> &'static str;

    /// Parses and validates `ElicitResult.content`, collecting every field's error.
    ///
    /// # Errors
    /// A [`ContentError`] with one entry per missing or invalid field (and per unknown key,
    /// when the form denies unknown fields).
    fn from_content(content: &Map<String, Value>) -> Result<Self, ContentError>;

    /// The inverse: this value as content (round-trips through `from_content`).
    fn to_content(&self) -> Map<String, Value>;

    /// How a derived struct form is read from an answer's entries, by one reader for every
    /// form (its field-name table and the function that builds it from its field slots):
    /// what lets `ElicitOutcome::from_slice_limited` read the answer's bytes straight into
    /// the form. `None` (the default) reads the bytes into a `Value`, then calls
    /// [`from_content`](Self::from_content).
    #[doc(hidden)]
    const READER: Option<FormReader<Self>> = None;

    /// The form's builder, for a struct form that derives with `#[elicit(shaped)]` (see
    /// [`Shaped`]); such a form has it as an inherent function too, found without this trait
    /// in scope. On any other form, `T::form()` finds this one, and is a compile error that
    /// says what to write. (Generic over the builder rather than naming `Shaped::Builder`, so
    /// that a missing builder is one error, not a second one for the return type.)
    #[doc(hidden)]
    #[must_use]
    fn form<B>() -> B
    where
        Self: Shaped<Builder = B>,
    {
        <Self as Shaped>::builder()
    }
}
