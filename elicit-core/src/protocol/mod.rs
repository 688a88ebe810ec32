//! The protocol surface: every typed piece of an elicitation exchange, so neither a server
//! nor a client writes the JSON by hand.
//!
//! - Requests: [`ElicitRequest`] (form or URL mode), rendered for a [`ProtocolVersion`],
//!   as a JSON-RPC request or a 2026-07-28 `inputRequests` entry ([`InputRequiredResult`]).
//! - Answers: [`ElicitOutcome`] (typed), [`ElicitResult`] (untyped), [`InputResponses`].
//! - URL mode: [`ElicitUrl`], [`new_elicitation_id`], [`ElicitationComplete`],
//!   [`UrlElicitationRequired`].
//! - Capabilities: [`ElicitationSupport`].
//!
//! Messages are read from `serde_json::Value`s in any of the shapes the spec revisions use
//! (bare params or results, whole JSON-RPC messages, 2026-07-28 entries); every refusal is a
//! typed error naming the offending key.

mod capabilities;
mod error;
mod id;
mod input;
mod jsonrpc;
mod notification;
mod ordered;
mod outcome;
mod render;
mod request;
mod required;
mod url;
mod version;

pub use self::capabilities::{ElicitationSupport, UnsupportedMode};
pub use self::error::{MessageError, MessageErrorKind};
pub use self::id::new_elicitation_id;
pub use self::input::{InputRequest, InputRequiredResult, InputResponses};
pub use self::jsonrpc::{JsonRpcError, RequestId};
pub use self::notification::ElicitationComplete;
pub use self::outcome::{ElicitAction, ElicitOutcome, ElicitResult, OutcomeError};
pub use self::render::RenderError;
pub use self::request::{ElicitMode, ElicitRequest, FormRequest, UrlRequest};
pub use self::required::UrlElicitationRequired;
pub use self::url::{ElicitUrl, UrlError, UrlPolicy};
pub use self::version::{ProtocolVersion, UnknownProtocolVersion};
