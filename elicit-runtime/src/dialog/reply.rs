//! The text a body answers a call with when it stops early: [`Reply`].

use serde_json::{Value, json};

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
