//! How [`Dialog::run`](super::Dialog::run) answers a call: [`Respond`].

use serde_core::Serialize;
use serde_json::Value;

use super::halt::Halt;
use super::reply::Reply;
use crate::protocol::{InputRequiredResult, JsonRpcError};

/// What a call's handler returns, built from how its dialog ended: the body's result, the
/// `InputRequiredResult` of 2026-07-28, or the error it stopped with.
///
/// The `rmcp` feature implements it for rmcp's `CallToolResponse` and `GetPromptResponse`
/// (with rmcp's `ErrorData` as the error); it is implemented here for a JSON result, for a
/// server that writes its messages by hand.
///
/// ```
/// use elicit_core::dialog::{Halt, Respond};
/// use serde_json::{Value, json};
///
/// let done = <Value as Respond<&str>>::done("ok").unwrap();
/// assert_eq!(done, json!("ok"));
/// let error = <Value as Respond<&str>>::halted(Halt::internal("boom"));
/// assert_eq!(error.code, -32603);
/// ```
pub trait Respond<T>: Sized {
    /// The handler's error.
    type Error;

    /// The body's result.
    ///
    /// # Errors
    /// When it cannot be written as `Self`.
    fn done(value: T) -> Result<Self, Self::Error>;

    /// 2026-07-28: the questions the client must answer before it calls again.
    ///
    /// # Errors
    /// When it cannot be written as `Self`.
    fn input_required(result: InputRequiredResult) -> Result<Self, Self::Error>;

    /// The text the body stopped with ([`Halt::Reply`]): a question declined, or never
    /// answered validly ([`Ask::or_reply`](super::Ask::or_reply)). A tool answers it as its
    /// result's text content, flagged `isError` when [`Reply::is_error`].
    ///
    /// # Errors
    /// When it cannot be written as `Self`.
    fn reply(reply: Reply) -> Result<Self, Self::Error>;

    /// The error the body stopped with (never [`Halt::InputRequired`] or [`Halt::Reply`]).
    fn halted(halt: Halt) -> Self::Error;
}

/// A call answered with JSON: the body's result serialized, the `InputRequiredResult` as its
/// 2026-07-28 JSON, a halt as its [`JsonRpcError`].
impl<T: Serialize> Respond<T> for Value {
    type Error = JsonRpcError;

    fn done(value: T) -> Result<Self, JsonRpcError> {
        serde_json::to_value(value).map_err(|error| {
            halted(Halt::internal(format!(
                "the result does not write as JSON: {error}"
            )))
        })
    }

    fn input_required(result: InputRequiredResult) -> Result<Self, JsonRpcError> {
        Ok(result.to_value())
    }

    /// A tool's result: [`Reply::to_call_tool_result`].
    fn reply(reply: Reply) -> Result<Self, JsonRpcError> {
        Ok(reply.to_call_tool_result())
    }

    fn halted(halt: Halt) -> JsonRpcError {
        halted(halt)
    }
}

/// The JSON-RPC error of a halt; an `InputRequired` or `Reply` one (which `Dialog::run` never
/// passes here) as an internal error rather than a panic.
pub(crate) fn halted(halt: Halt) -> JsonRpcError {
    if let Some(error) = halt.to_jsonrpc_error() {
        return error;
    }
    let message = match halt {
        Halt::Reply(reply) => reply.into_text(),
        _ => "the client's input is required".to_owned(),
    };
    JsonRpcError {
        code: -32603,
        message,
        data: None,
    }
}
