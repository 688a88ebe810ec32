//! How [`Dialog::run`](super::Dialog::run) answers a call: [`Respond`], and the text a
//! body answers with when it stops early: [`Reply`].

use serde_core::Serialize;
use serde_json::{Value, json};

use super::Halt;
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

/// A text the call is answered with instead of the body's result, when the body stops early:
/// the author's, for a question the person declined or cancelled, or the person-readable
/// errors of an answer that never fitted ([`Ask::or_reply`](super::Ask::or_reply)). It is the
/// call's result, not an error: [`Dialog::run`](super::Dialog::run) answers a tool call with a
/// `CallToolResult` holding the text.
///
/// ```
/// use elicit_core::dialog::{Halt, Reply};
///
/// let halt = Halt::from(Reply::error("The date is not valid."));
/// assert_eq!(halt.reply().map(Reply::text), Some("The date is not valid."));
/// assert!(halt.reply().is_some_and(Reply::is_error));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    text: String,
    is_error: bool,
}

impl Reply {
    /// A reply saying what happened: the person declined, say.
    ///
    /// ```
    /// use elicit_core::dialog::Reply;
    /// assert!(!Reply::text_only("Nothing was booked.").is_error());
    /// ```
    pub fn text_only(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            is_error: false,
        }
    }

    /// A reply saying the tool could not do its work (`isError`): the answer never fitted,
    /// say.
    ///
    /// ```
    /// use elicit_core::dialog::Reply;
    /// assert!(Reply::error("Still not valid.").is_error());
    /// ```
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            is_error: true,
        }
    }

    /// The text.
    ///
    /// ```
    /// use elicit_core::dialog::Reply;
    /// assert_eq!(Reply::text_only("Done.").text(), "Done.");
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether it says the tool could not do its work.
    ///
    /// ```
    /// use elicit_core::dialog::Reply;
    /// assert!(!Reply::text_only("Done.").is_error());
    /// ```
    pub fn is_error(&self) -> bool {
        self.is_error
    }

    /// The reply as a `CallToolResult`'s JSON: one text block, `isError` when it is one.
    ///
    /// ```
    /// use elicit_core::dialog::Reply;
    /// use serde_json::json;
    ///
    /// assert_eq!(
    ///     Reply::error("No.").to_call_tool_result(),
    ///     json!({"content": [{"type": "text", "text": "No."}], "isError": true}),
    /// );
    /// ```
    pub fn to_call_tool_result(&self) -> Value {
        json!({"content": [{"type": "text", "text": self.text}], "isError": self.is_error})
    }

    /// Takes the text out.
    pub(crate) fn into_text(self) -> String {
        self.text
    }
}

impl From<Reply> for Halt {
    fn from(reply: Reply) -> Self {
        Self::Reply(reply)
    }
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
