#![cfg_attr(docsrs, feature(doc_cfg))]
//! The runtime of [elicit-core](https://docs.rs/elicit-core): the `Elicit` trait, the schema
//! model, the validating reader, the protocol types and the pairings with rmcp and rust-mcp-sdk,
//! without the derive.
//!
//! Depend on `elicit-core`, not on this crate: it re-exports everything here with
//! `#[derive(Elicit)]`, and its documentation is where all of this is explained. The two are
//! separate crates so that this one compiles while the derive (and `syn`) does, as
//! `serde_core` does beside `serde_derive`; `elicit-core` pins this crate's exact version.
//!
//! The examples here are written as a user writes them, against `elicit_core`.

// The modules stand on floors: each uses only the floors below it, never one beside or above
// (tests/tests/module_floors.rs fails on any arrow that points up, between these modules as
// between files; docs/architecture.md draws them).
//
// 1. What a client's answer is before it is read: the errors it can have, its raw values.
pub mod error;
mod raw;
// 2. The schema: a form's properties, and the facts and checks of one property.
pub mod schema;
// 3. What a field can be: the field types, the choices.
mod field;
// 4. The wire: the protocol's messages as JSON, on every revision.
pub mod protocol;
// 5. The one reader: an answer read into a form's fields.
mod read;
// 6. Forms: the `Elicit` trait, a form as it is asked, shaping at run time.
mod form;
// 7. Sealed state across rounds.
#[cfg(feature = "state")]
#[cfg_attr(docsrs, doc(cfg(feature = "state")))]
pub mod state;
// 8. URL-mode forms the server serves: their links, pages and store.
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
pub mod url_form;
// 9. Dialogs: a tool call's questions, across rounds, in form and URL mode.
#[cfg(feature = "state")]
#[cfg_attr(docsrs, doc(cfg(feature = "state")))]
pub mod dialog;
// 10. The state and the URL forms' store kept in Redis, for a fleet.
#[cfg(feature = "redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis")))]
pub mod redis;
// 11. The pairings with the SDKs, and the test kit.
#[cfg(feature = "rmcp")]
pub mod rmcp;
#[cfg(feature = "rust-mcp-sdk")]
pub mod rust_mcp_sdk;
#[cfg(feature = "testing")]
pub mod testing;
// Beside the floors: the guide (documentation only), and what generated code calls.
#[doc(hidden)]
#[path = "__private/mod.rs"]
pub mod __private;
pub mod guide;

pub use crate::error::{ContentError, FieldError, FieldErrorKind};
pub use crate::field::ElicitField;
pub use crate::field::choice;
pub use crate::form::shape;
pub use crate::form::{Elicit, Form, FormMode, IntoForm, ShapeError};
pub use crate::protocol::ElicitOutcome;
