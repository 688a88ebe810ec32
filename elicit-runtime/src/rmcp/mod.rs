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
//! - `Dialog` (feature `state` as well) does it for several forms in one call, written as
//!   straight-line code: on 2026-07-28 the answers of earlier rounds ride in a sealed
//!   `requestState`; `Dialog::ask_until_valid` asks again with the field errors and the
//!   right fields as defaults; a client that did not declare form mode is never sent a form.
//!   See the guide chapter `guide::rounds`.
//! - Conversions: [`RequestedSchema`](crate::schema::RequestedSchema) ↔ rmcp's `ElicitationSchema`,
//!   [`ElicitRequest`](crate::protocol::ElicitRequest) → rmcp's `ElicitRequestParams` (and back, for a
//!   client), rmcp's `ElicitResult` ↔ [`ElicitResult`](crate::protocol::ElicitResult) and
//!   [`ElicitOutcome<T>`](crate::ElicitOutcome), rmcp's `ClientCapabilities` →
//!   [`ElicitationSupport`](crate::protocol::ElicitationSupport), and protocol versions.
//!
//! ```toml
//! elicit-core = { version = "0.1", features = ["rmcp"] }
//! ```
//!
//! # One tool, both protocol generations
//!
//! A tool asks for a derived form and gets it back typed. In a `#[tool]` method the two
//! arguments are extractors (`ctx: RequestContext<RoleServer>` and
//! `InputResponses(answers): InputResponses`); here they are plain parameters:
//!
//! ```
//! use elicit_core::rmcp::{Asked, ask_form};
//! use elicit_core::{Elicit, ElicitOutcome};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, InputResponses};
//! use rmcp::service::RequestContext;
//! use rmcp::{ErrorData, RoleServer};
//!
//! /// Please confirm your table reservation
//! #[derive(Elicit)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12, default = 2)]
//!     party_size: u8,
//! }
//!
//! async fn book_table(
//!     ctx: RequestContext<RoleServer>,
//!     answers: Option<InputResponses>,
//! ) -> Result<CallToolResponse, ErrorData> {
//!     let text = match ask_form::<Booking>(&ctx, answers.as_ref(), "booking").await? {
//!         Asked::InputRequired(result) => return Ok(result.into()), // 2026-07-28: the client retries
//!         Asked::Answered(ElicitOutcome::Accepted(booking)) => format!("Booked for {}", booking.party_size),
//!         Asked::Answered(_) => "Nothing booked".to_owned(), // declined or cancelled
//!     };
//!     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
//! }
//! ```
//!
//! [`ask_form`] picks the path from the request's protocol version. Up to 2025-11-25 it sends
//! `elicitation/create` through `ctx.peer` and waits for the answer; from 2026-07-28, where
//! rmcp refuses server-to-client requests, it returns an `InputRequiredResult` carrying the
//! form, and on the client's retry reads the answer from `inputResponses`. The `?` turns an
//! [`Error`] into a JSON-RPC error: the client lacks the mode (`-32021`, checked before
//! anything is sent), rmcp got no answer (transport closed, timeout, the client's own error),
//! or the accepted content does not fit the form (`-32602`, every field's error as `data`).
//! A tool that wants one path only uses [`PeerElicitExt`] (up to 2025-11-25) or
//! [`form_input_required`] and [`form_outcome`] (2026-07-28).
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

mod client;
mod convert;
#[cfg(feature = "state")]
mod dialog;
mod error;
mod input;
mod peer;
mod tool;

pub use self::client::{accept_form, read_form};
pub use self::convert::protocol_version;
#[cfg(feature = "state")]
#[cfg_attr(docsrs, doc(cfg(feature = "state")))]
pub use self::dialog::{Dialog, Gathered, Halt, Inputs, Reasked};
pub use self::error::Error;
pub use self::input::{
    form_input_required, form_outcome, input_request, input_required, url_input_required,
    url_outcome,
};
pub use self::peer::PeerElicitExt;
pub use self::tool::{Asked, ask_form, ask_form_with, ask_url};
