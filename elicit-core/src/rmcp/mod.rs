//! Pairing with [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`).
//!
//! - [`PeerElicitExt`], on rmcp's `Peer<RoleServer>`: `peer.elicit_form::<T>()` sends `T`'s
//!   form as `elicitation/create` (protocol revisions up to 2025-11-25) and returns the typed
//!   [`ElicitOutcome<T>`](crate::ElicitOutcome), or an [`Error`] that tells a client without
//!   form mode (checked before sending), a transport failure and invalid content apart.
//! - 2026-07-28 forbids server-to-client requests: a tool answers with an
//!   `InputRequiredResult` and the client retries the call with `inputResponses`.
//!   [`form_input_required`] builds rmcp's result for a form, [`form_outcome`] reads the
//!   typed answer from the retried call.
//! - [`ask_form`] does whichever of the two the negotiated revision calls for, so a tool
//!   works with both.
//! - Conversions: [`RequestedSchema`](crate::schema::RequestedSchema) ↔ rmcp's `ElicitationSchema`,
//!   [`ElicitRequest`](crate::protocol::ElicitRequest) → rmcp's `ElicitRequestParams` (and back, for a
//!   client), rmcp's `ElicitResult` ↔ [`ElicitResult`](crate::protocol::ElicitResult) and
//!   [`ElicitOutcome<T>`](crate::ElicitOutcome), rmcp's `ClientCapabilities` →
//!   [`ElicitationSupport`](crate::protocol::ElicitationSupport), and protocol versions.
//!
//! # Field order
//!
//! rmcp writes request params through a `serde_json::Value`, which sorts object keys unless
//! `serde_json`'s `preserve_order` feature is on; the form's fields would reach the client in
//! alphabetical order. The `rmcp` feature therefore turns `preserve_order` on, and the
//! conversion sets rmcp's `ElicitationSchema::property_order`, so the fields arrive in
//! declaration order. Cargo unifies features: every crate in the build that uses `serde_json`
//! then gets insertion-ordered `Value` maps (equality of `Value`s does not depend on order,
//! so this rarely matters).
//!
//! # What rmcp's schema model cannot hold
//!
//! rmcp's `StringSchema` has no `pattern`, and its `IntegerSchema` bounds are `i64`. A
//! converted schema leaves out a `pattern`, an integer bound beyond `i64` (a `u64` field's
//! maximum) and a string length beyond `u32`: the client sees a looser form, and the typed
//! parser still enforces every constraint on the answer.
//!
//! ```
//! use elicit_core::rmcp::{Error, PeerElicitExt};
//! use elicit_core::{Elicit, ElicitOutcome};
//! use rmcp::{Peer, RoleServer};
//!
//! /// Which plan would you like?
//! #[derive(Elicit, Debug)]
//! struct Plan {
//!     /// The number of seats
//!     #[elicit(minimum = 1, maximum = 500)]
//!     seats: u16,
//!     yearly: bool,
//! }
//!
//! async fn choose_plan(peer: &Peer<RoleServer>) -> String {
//!     match peer.elicit_form::<Plan>().await {
//!         Ok(ElicitOutcome::Accepted(plan)) => format!("{} seats", plan.seats),
//!         Ok(ElicitOutcome::Declined | ElicitOutcome::Cancelled) => "no plan".into(),
//!         Err(Error::Unsupported(_)) => "this client cannot show forms".into(),
//!         Err(Error::Invalid(errors)) => format!("invalid answer:\n{errors}"),
//!         Err(other) => format!("elicitation failed: {other}"),
//!     }
//! }
//! ```

mod convert;
mod error;
mod input;
mod peer;
mod tool;

pub use self::convert::protocol_version;
pub use self::error::Error;
pub use self::input::{
    form_input_required, form_outcome, input_request, input_required, url_input_required,
    url_outcome,
};
pub use self::peer::PeerElicitExt;
pub use self::tool::{Asked, ask_form, ask_form_with, ask_url};
