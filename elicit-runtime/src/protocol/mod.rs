//! The protocol surface: every typed piece of an elicitation exchange, so neither a server
//! nor a client writes the JSON by hand.
//!
//! - Requests: [`ElicitRequest`] (form mode, a [`FormRequest`], or URL mode, a
//!   [`UrlRequest`]; [`ElicitMode`] tells them apart), rendered for a [`ProtocolVersion`]
//!   (a [`RenderError`] when that revision cannot express the form), as a JSON-RPC request
//!   or a 2026-07-28 `inputRequests` entry.
//! - Answers: [`ElicitOutcome`] (typed: accepted into your type, declined or cancelled),
//!   [`ElicitResult`] (untyped, with its [`ElicitAction`]) and [`OutcomeError`] when an
//!   answer cannot be read.
//! - 2026-07-28's input-required flow: [`InputRequiredResult`] (the server's answer to the
//!   original request), [`InputRequest`] (one entry of it) and [`InputResponses`] (the
//!   client's retry).
//! - URL mode: [`ElicitUrl`] (a URL checked against a [`UrlPolicy`], else a [`UrlError`]),
//!   [`new_elicitation_id`], [`ElicitationComplete`] (the completion notification) and
//!   [`UrlElicitationRequired`] (the `-32042` error).
//! - Capabilities: [`ElicitationSupport`], read from `initialize` or a 2026-07-28 request's
//!   `_meta`; [`UnsupportedMode`] when a request needs a mode the client lacks.
//! - JSON-RPC: [`RequestId`], [`JsonRpcError`], and [`MessageError`] / [`MessageErrorKind`]
//!   for a message of the wrong shape.
//! - Versions: [`ProtocolVersion`] (2025-06-18, 2025-11-25, 2026-07-28) and
//!   [`UnknownProtocolVersion`].
//! - Limits: [`ElicitResult::from_slice_limited`] and
//!   [`ElicitOutcome::from_slice_limited`] read a client's bytes with the work bounded
//!   ([`DEFAULT_MESSAGE_LIMIT`], [`ReadError`]).
//! - The sealed 2026-07-28 `requestState` that a retry carries back is the crate's `state`
//!   module's (feature `state`): not the wire model, but what the server keeps in it.
//!
//! Messages are read from `serde_json::Value`s in any of the shapes the spec revisions use
//! (bare params or results, whole JSON-RPC messages, 2026-07-28 entries); every refusal is a
//! typed error naming the offending key.
//!
//! ```
//! use elicit_core::protocol::{ElicitRequest, ElicitationSupport, ProtocolVersion};
//! use elicit_core::{Elicit, ElicitOutcome};
//! use serde_json::json;
//!
//! /// How many cups?
//! #[derive(Elicit, Debug, PartialEq)]
//! struct Order {
//!     #[elicit(minimum = 1)]
//!     cups: u8,
//! }
//!
//! // Server: the client declared form mode in `initialize`; send the request.
//! let support = ElicitationSupport::from_client_capabilities(&json!({"elicitation": {}})).unwrap();
//! let request = ElicitRequest::form::<Order>();
//! support.check(&request).unwrap();
//! let wire = request.to_jsonrpc(1);
//! assert_eq!(wire["method"], "elicitation/create");
//! assert_eq!(request.render(ProtocolVersion::V2025_06_18).unwrap()["message"], "How many cups?");
//!
//! // Server: the client's response, read into the type.
//! let response = json!({"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": {"cups": 2}}});
//! assert_eq!(ElicitOutcome::<Order>::from_result(&response).unwrap(), ElicitOutcome::Accepted(Order { cups: 2 }));
//! ```
#![doc = include_str!("../../docs/protocol.md")]

mod capabilities;
mod checkboxes;
pub(crate) mod error;
mod id;
mod input;
mod jsonrpc;
mod limits;
mod notification;
mod ordered;
mod outcome;
mod render;
mod request;
mod required;
mod url;
mod version;

#[cfg(feature = "state")]
pub(crate) use self::capabilities::CLIENT_CAPABILITIES_KEY as CLIENT_CAPABILITIES_META;
pub use self::capabilities::{ElicitationSupport, UnsupportedMode};
#[cfg(feature = "state")]
pub(crate) use self::checkboxes::fold_checkboxes;
pub use self::error::{MessageError, MessageErrorKind};
pub use self::id::new_elicitation_id;
pub use self::input::{InputRequest, InputRequiredResult, InputResponses};
pub use self::jsonrpc::{JsonRpcError, RequestId};
pub use self::limits::{DEFAULT_MESSAGE_LIMIT, ReadError};
pub use self::notification::ElicitationComplete;
pub use self::outcome::{ElicitAction, ElicitOutcome, ElicitResult, OutcomeError};
pub use self::render::{MultiSelectFallback, RenderError};
pub use self::request::{ElicitMode, ElicitRequest, FormRequest, UrlRequest};
pub use self::required::UrlElicitationRequired;
pub use self::url::{ElicitUrl, UrlError, UrlPolicy};
pub use self::version::{ProtocolVersion, UnknownProtocolVersion};
