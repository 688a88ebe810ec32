//! The live connection to a client, for protocol revisions up to 2025-11-25: [`Connection`].

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use super::Halt;

/// A future a [`Connection`] returns: boxed, so that `Connection` can be used as
/// `dyn Connection` over any SDK's transport.
///
/// ```
/// use elicit_core::dialog::{Halt, Sending};
///
/// fn declined<'a>() -> Sending<'a, serde_json::Value> {
///     Box::pin(async { Ok::<_, Halt>(serde_json::json!({"action": "decline"})) })
/// }
/// # let _ = declined();
/// ```
pub type Sending<'a, T> = Pin<Box<dyn Future<Output = Result<T, Halt>> + Send + 'a>>;

/// How a dialog reaches the client on protocol revisions up to 2025-11-25, where the server
/// sends `elicitation/create` (and `sampling/createMessage`, `roots/list`) on the connection
/// and waits for the answer.
///
/// The `rmcp` feature implements it for rmcp's server peer; implement it to pair a dialog
/// with another SDK that speaks those revisions. On 2026-07-28 a dialog never uses it: the
/// questions ride in the call's `InputRequiredResult`.
///
/// ```
/// use elicit_core::dialog::{Connection, Halt, Sending};
/// use serde_json::{Value, json};
///
/// /// A client that declines every form.
/// struct Declines;
///
/// impl Connection for Declines {
///     fn request(&self, _request: Value) -> Sending<'_, Value> {
///         Box::pin(async { Ok(json!({"action": "decline"})) })
///     }
///     fn notify(&self, _notification: Value) -> Sending<'_, ()> {
///         Box::pin(async { Ok(()) })
///     }
/// }
/// ```
pub trait Connection: Send + Sync {
    /// Sends `request` (`{"method": …, "params": …}`) and returns the client's `result`;
    /// the client's JSON-RPC error, or a failure of the transport, as a [`Halt`].
    fn request(&self, request: Value) -> Sending<'_, Value>;

    /// Sends `notification` (`{"method": …, "params": …}`).
    fn notify(&self, notification: Value) -> Sending<'_, ()>;
}
