#![cfg_attr(docsrs, feature(doc_cfg))]
//! Declare an MCP elicitation form as a Rust type.
//!
//! `#[derive(Elicit)]` on a struct gives the exact `requestedSchema` an MCP client accepts
//! (flat, spec-exact, in declaration order) and a parser that turns the client's answer
//! (`ElicitResult.content`) into the struct, or into a [`ContentError`] naming every
//! invalid field. Shapes MCP forms cannot express are compile errors on the offending field.
//!
//! ```
//! use elicit_core::Elicit;
//! use serde_json::json;
//!
//! /// Please tell us about yourself
//! #[derive(Elicit, Debug, PartialEq)]
//! struct Profile {
//!     /// Your full name
//!     #[elicit(min_length = 1, max_length = 100)]
//!     name: String,
//!     #[elicit(format = "email")]
//!     email: Option<String>,
//!     #[elicit(minimum = 18, default = 30)]
//!     age: u8,
//! }
//!
//! assert_eq!(Profile::message(), "Please tell us about yourself");
//! assert_eq!(
//!     serde_json::to_value(Profile::requested_schema()).unwrap(),
//!     json!({
//!         "type": "object",
//!         "properties": {
//!             "name": {"type": "string", "title": "Name", "description": "Your full name", "minLength": 1, "maxLength": 100},
//!             "email": {"type": "string", "title": "Email", "format": "email"},
//!             "age": {"type": "integer", "title": "Age", "minimum": 18, "maximum": 255, "default": 30}
//!         },
//!         "required": ["name"]
//!     }),
//! );
//!
//! let answer = json!({"name": "Ada", "age": 36});
//! let profile = Profile::from_content(answer.as_object().unwrap()).unwrap();
//! assert_eq!(profile, Profile { name: "Ada".into(), email: None, age: 36 });
//!
//! let bad = json!({"name": "", "email": "not-an-address", "age": 12});
//! let error = Profile::from_content(bad.as_object().unwrap()).unwrap_err();
//! assert_eq!(error.errors().len(), 3);
//! ```
//!
//! # What is where
//!
//! At the root is what a form author needs: the [`Elicit`] trait and its derive,
//! [`ElicitField`] (what a field can be), the errors [`ContentError`], [`FieldError`] and
//! [`FieldErrorKind`], and [`ElicitOutcome`] (a typed answer). The rest lives in modules:
//!
//! - [`schema`]: the typed `requestedSchema`, its property kinds and string
//!   [`Pattern`](schema::Pattern)s — what a hand-written [`ElicitField`] returns, and what a
//!   client checks answers against.
//! - [`protocol`]: requests, results and outcomes, protocol versions, capabilities, URL mode,
//!   the 2026-07-28 input-required flow, JSON-RPC helpers and size-limited reading.
//! - [`error`]: the errors above, and [`JsonType`](error::JsonType).
//! - [`choice`]: the traits the derive implements on choice enums.
#![cfg_attr(
    feature = "rmcp",
    doc = "- [`rmcp`] (feature `rmcp`): pairing with rmcp, the official Rust SDK."
)]
#![cfg_attr(
    not(feature = "rmcp"),
    doc = "- `rmcp` (feature `rmcp`): pairing with rmcp, the official Rust SDK."
)]

pub mod choice;
mod defaults;
pub mod error;
mod field;
mod fields;
mod format;
pub mod guide;
mod limits;
mod pattern;
pub mod protocol;
mod read;
#[cfg(feature = "rmcp")]
pub mod rmcp;
pub mod schema;
mod select;
#[cfg(feature = "testing")]
pub mod testing;
mod validate;

#[doc(hidden)]
#[path = "__private/mod.rs"]
pub mod __private;

pub use crate::error::{ContentError, FieldError, FieldErrorKind};
pub use crate::field::ElicitField;
pub use crate::protocol::ElicitOutcome;

use serde_json::{Map, Value};

use crate::schema::RequestedSchema;

/// A type that is an elicitation form: it knows its `requestedSchema`, its prompt, and how
/// to read (and write) the `content` of a client's answer.
///
/// Derive it: on a struct with named fields (one property per field; a field marked
/// `#[elicit(flatten)]` inlines another such struct's), or on a unit-variant enum (a
/// one-question form). On a one-field tuple struct the derive makes a reusable field type
/// (an [`ElicitField`]) instead, not a form. Every attribute is in the
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
    const READER: Option<crate::__private::FormReader<Self>> = None;
}

#[cfg(feature = "derive")]
pub use elicit_derive::Elicit;

/// The README's examples, compiled and run as doctests. One of them is a tool written with
/// rmcp and a sealed request state, so they run when the `rmcp`, `state` and `testing`
/// features are on too: `cargo test --workspace` (the tests crate turns them on, and
/// features unify) and `cargo test -p elicit-core --all-features`.
#[cfg(all(
    doctest,
    feature = "derive",
    feature = "rmcp",
    feature = "state",
    feature = "testing"
))]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The example in `docs/robustness.md`, compiled and run as a doctest.
#[cfg(all(doctest, feature = "derive"))]
#[doc = include_str!("../../docs/robustness.md")]
struct RobustnessDoctests;
