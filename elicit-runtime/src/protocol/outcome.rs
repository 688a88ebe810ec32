//! The client's answer: `ElicitResult`, read into a typed outcome (server side) or built
//! from one (client side).

use std::fmt;

use serde_core::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::error::{MessageError, child, object, optional_str, quote, required_str};
use super::jsonrpc::{self, JsonRpcError, RequestId};
use crate::error::{ContentError, JsonType};

/// What the user did with an elicitation.
///
/// `"reject"`, the word the 2025-06-18 text uses, is read as [`Decline`](Self::Decline).
///
/// ```
/// use elicit_core::protocol::ElicitAction;
///
/// assert_eq!(ElicitAction::parse("reject"), Some(ElicitAction::Decline));
/// assert_eq!(ElicitAction::Decline.as_str(), "decline");
/// assert_eq!(ElicitAction::parse("maybe"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElicitAction {
    /// `"accept"`: the user submitted the form, or agreed to open the URL.
    Accept,
    /// `"decline"` (or `"reject"`): the user explicitly said no.
    Decline,
    /// `"cancel"`: the user dismissed the request without choosing.
    Cancel,
}

impl ElicitAction {
    /// The word on the wire.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitAction::Cancel.as_str(), "cancel");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Decline => "decline",
            Self::Cancel => "cancel",
        }
    }

    /// Reads an action word: `accept`, `decline`, `reject` (2025-06-18) or `cancel`.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitAction;
    /// assert_eq!(ElicitAction::parse("accept"), Some(ElicitAction::Accept));
    /// assert_eq!(ElicitAction::parse("reject"), Some(ElicitAction::Decline));
    /// ```
    pub fn parse(action: &str) -> Option<Self> {
        match action {
            "accept" => Some(Self::Accept),
            "decline" | "reject" => Some(Self::Decline),
            "cancel" => Some(Self::Cancel),
            _ => None,
        }
    }
}

impl fmt::Display for ElicitAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ElicitAction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ElicitAction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let action = String::deserialize(deserializer)?;
        Self::parse(&action).ok_or_else(|| {
            serde_core::de::Error::custom(OutcomeError::UnknownAction {
                action: quote(&action),
            })
        })
    }
}

/// An `ElicitResult`, untyped: the action and, for an accepted form, the raw content.
///
/// Servers without a Rust type for the form read it with [`from_value`](Self::from_value)
/// and check the content with [`RequestedSchema::validate`](crate::schema::RequestedSchema::validate);
/// clients build one to send back.
///
/// ```
/// use elicit_core::protocol::{ElicitAction, ElicitResult};
/// use serde_json::json;
///
/// // A client answering request 3:
/// let content = json!({"name": "octocat"}).as_object().unwrap().clone();
/// assert_eq!(
///     ElicitResult::accept(content).to_jsonrpc(3),
///     json!({"jsonrpc": "2.0", "id": 3, "result": {"action": "accept", "content": {"name": "octocat"}}}),
/// );
///
/// // A server reading a URL-mode answer (no content):
/// let result = ElicitResult::from_value(&json!({"action": "accept"})).unwrap();
/// assert_eq!(result.action, ElicitAction::Accept);
/// assert_eq!(result.content, None);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ElicitResult {
    /// What the user did.
    pub action: ElicitAction,
    /// The submitted content: only for an accepted form (`None` when absent or `null`).
    pub content: Option<Map<String, Value>>,
}

impl ElicitResult {
    /// An accepted form with this content.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitResult;
    /// let content = serde_json::json!({"ok": true}).as_object().unwrap().clone();
    /// assert_eq!(ElicitResult::accept(content).to_value(), serde_json::json!({"action": "accept", "content": {"ok": true}}));
    /// ```
    pub fn accept(content: Map<String, Value>) -> Self {
        Self {
            action: ElicitAction::Accept,
            content: Some(content),
        }
    }

    /// An accepted URL-mode request: the user agreed to open the URL (no content).
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitResult::accept_url().to_value(), serde_json::json!({"action": "accept"}));
    /// ```
    pub fn accept_url() -> Self {
        Self {
            action: ElicitAction::Accept,
            content: None,
        }
    }

    /// A decline.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitResult::decline().to_value(), serde_json::json!({"action": "decline"}));
    /// ```
    pub fn decline() -> Self {
        Self {
            action: ElicitAction::Decline,
            content: None,
        }
    }

    /// A cancel.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitResult::cancel().to_value(), serde_json::json!({"action": "cancel"}));
    /// ```
    pub fn cancel() -> Self {
        Self {
            action: ElicitAction::Cancel,
            content: None,
        }
    }

    /// Reads an `ElicitResult` from the result object itself (which is also what a
    /// 2026-07-28 `inputResponses` entry is) or from a whole JSON-RPC response.
    ///
    /// `"reject"` is read as a decline. `content` is ignored on a decline or cancel (the
    /// spec says it is usually omitted there) and `content: null` counts as absent. A
    /// `resultType`, if present, must be `"complete"`.
    ///
    /// # Errors
    /// [`OutcomeError::JsonRpc`] for an error response, [`OutcomeError::UnknownAction`] for
    /// an action other than the four words, [`OutcomeError::Malformed`] for any other shape
    /// problem (naming the key).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitAction, ElicitResult, OutcomeError};
    /// use serde_json::json;
    ///
    /// let result = ElicitResult::from_value(&json!({"jsonrpc": "2.0", "id": 1, "result": {"action": "reject"}})).unwrap();
    /// assert_eq!(result.action, ElicitAction::Decline);
    ///
    /// let error = ElicitResult::from_value(&json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "no"}}));
    /// assert!(matches!(error, Err(OutcomeError::JsonRpc(e)) if e.code == -32602));
    /// assert!(matches!(ElicitResult::from_value(&json!({"action": "later"})), Err(OutcomeError::UnknownAction { .. })));
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, OutcomeError> {
        let map = object(value, "")?;
        if map.contains_key("action") {
            return Self::read(map, "");
        }
        if map.contains_key("method") {
            return Err(MessageError::invalid(
                "",
                "is a request or notification (it has `method`), not an ElicitResult or a response",
            )
            .into());
        }
        match (map.get("result"), map.get("error")) {
            (Some(_), Some(_)) => Err(MessageError::invalid(
                "",
                "is a JSON-RPC response with both `result` and `error`",
            )
            .into()),
            (None, Some(error)) => {
                jsonrpc::check_version(map, "")?;
                Err(OutcomeError::JsonRpc(JsonRpcError::read(error, "error")?))
            }
            (Some(result), None) => {
                jsonrpc::check_version(map, "")?;
                Self::read(object(result, "result")?, "result")
            }
            (None, None) => Err(MessageError::missing("action").into()),
        }
    }

    pub(crate) fn read(map: &Map<String, Value>, path: &str) -> Result<Self, OutcomeError> {
        if let Some(kind) = optional_str(map, path, "resultType")?
            && kind != "complete"
        {
            return Err(MessageError::unexpected(
                child(path, "resultType"),
                "\"complete\" (an ElicitResult)",
                kind,
            )
            .into());
        }
        let word = required_str(map, path, "action")?;
        let action = ElicitAction::parse(word).ok_or_else(|| OutcomeError::UnknownAction {
            action: quote(word),
        })?;
        let content = match (action, map.get("content")) {
            (_, None | Some(Value::Null)) | (ElicitAction::Decline | ElicitAction::Cancel, _) => {
                None
            }
            (ElicitAction::Accept, Some(Value::Object(content))) => Some(content.clone()),
            (ElicitAction::Accept, Some(other)) => {
                return Err(MessageError::wrong_type(
                    child(path, "content"),
                    JsonType::Object,
                    other,
                )
                .into());
            }
        };
        Ok(Self { action, content })
    }

    /// The `ElicitResult` object: `{"action":…}` plus `content` when there is some.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitResult::cancel().to_value(), serde_json::json!({"action": "cancel"}));
    /// ```
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("action".to_owned(), Value::from(self.action.as_str()));
        if let Some(content) = &self.content {
            map.insert("content".to_owned(), Value::Object(content.clone()));
        }
        Value::Object(map)
    }

    /// The client's whole JSON-RPC response to request `id`.
    ///
    /// ```
    /// assert_eq!(
    ///     elicit_core::protocol::ElicitResult::decline().to_jsonrpc(4),
    ///     serde_json::json!({"jsonrpc": "2.0", "id": 4, "result": {"action": "decline"}}),
    /// );
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::result_response(&id.into(), self.to_value())
    }
}

impl Serialize for ElicitResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ElicitResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Self::from_value(&value).map_err(serde_core::de::Error::custom)
    }
}

/// How an elicitation ended, with the answer parsed into the form's type.
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome};
/// use serde_json::json;
///
/// /// Your GitHub username
/// #[derive(Elicit, Debug, PartialEq)]
/// struct GitHub {
///     name: String,
/// }
///
/// let response = json!({"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": {"name": "octocat"}}});
/// match ElicitOutcome::<GitHub>::from_result(&response).unwrap() {
///     ElicitOutcome::Accepted(answer) => assert_eq!(answer.name, "octocat"),
///     ElicitOutcome::Declined | ElicitOutcome::Cancelled => unreachable!(),
/// }
///
/// let declined = ElicitOutcome::<GitHub>::from_result(&json!({"action": "reject"})).unwrap();
/// assert_eq!(declined, ElicitOutcome::Declined);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ElicitOutcome<T> {
    /// The user submitted the form; here is the parsed, validated answer.
    Accepted(T),
    /// The user explicitly declined.
    Declined,
    /// The user dismissed the request.
    Cancelled,
}

impl<T> ElicitOutcome<T> {
    /// The action this outcome stands for.
    ///
    /// ```
    /// use elicit_core::ElicitOutcome;
    /// use elicit_core::protocol::ElicitAction;
    /// assert_eq!(ElicitOutcome::Accepted(1).action(), ElicitAction::Accept);
    /// assert_eq!(ElicitOutcome::<u8>::Cancelled.action(), ElicitAction::Cancel);
    /// ```
    pub fn action(&self) -> ElicitAction {
        match self {
            Self::Accepted(_) => ElicitAction::Accept,
            Self::Declined => ElicitAction::Decline,
            Self::Cancelled => ElicitAction::Cancel,
        }
    }

    /// The answer, if the user accepted.
    ///
    /// ```
    /// use elicit_core::ElicitOutcome;
    /// assert_eq!(ElicitOutcome::Accepted("yes").accepted(), Some("yes"));
    /// assert_eq!(ElicitOutcome::<&str>::Declined.accepted(), None);
    /// ```
    pub fn accepted(self) -> Option<T> {
        match self {
            Self::Accepted(answer) => Some(answer),
            Self::Declined | Self::Cancelled => None,
        }
    }

    /// Whether the user accepted.
    ///
    /// ```
    /// use elicit_core::ElicitOutcome;
    /// assert!(ElicitOutcome::Accepted(()).is_accepted());
    /// assert!(!ElicitOutcome::<()>::Cancelled.is_accepted());
    /// ```
    pub fn is_accepted(&self) -> bool {
        matches!(self, Self::Accepted(_))
    }

    /// Transforms an accepted answer.
    ///
    /// ```
    /// use elicit_core::ElicitOutcome;
    /// assert_eq!(ElicitOutcome::Accepted(2).map(|n| n * 10), ElicitOutcome::Accepted(20));
    /// assert_eq!(ElicitOutcome::<i32>::Declined.map(|n| n * 10), ElicitOutcome::Declined);
    /// ```
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> ElicitOutcome<U> {
        match self {
            Self::Accepted(answer) => ElicitOutcome::Accepted(f(answer)),
            Self::Declined => ElicitOutcome::Declined,
            Self::Cancelled => ElicitOutcome::Cancelled,
        }
    }
}

/// Why a client's answer could not be read.
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome};
/// use elicit_core::protocol::OutcomeError;
/// use serde_json::json;
///
/// #[derive(Elicit, Debug)]
/// struct Confirm { ok: bool }
///
/// let read = |value| ElicitOutcome::<Confirm>::from_result(&value).unwrap_err();
/// assert!(matches!(read(json!({"result": {}})), OutcomeError::Malformed(e) if e.path() == "result.action"));
/// assert!(matches!(read(json!({"action": "later"})), OutcomeError::UnknownAction { action } if action == "later"));
/// assert!(matches!(read(json!({"error": {"code": -32602, "message": "no"}})), OutcomeError::JsonRpc(_)));
/// assert!(matches!(read(json!({"action": "accept", "content": {"ok": "yes"}})), OutcomeError::Invalid(_)));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum OutcomeError {
    /// Not an `ElicitResult` or a response: a key missing or of the wrong type.
    Malformed(MessageError),
    /// An `action` other than `accept`, `decline`, `reject` or `cancel`.
    UnknownAction {
        /// The action as sent (cut to 64 characters).
        action: String,
    },
    /// The client answered with a JSON-RPC error (for instance `-32602` when it does not
    /// support the request's mode).
    JsonRpc(JsonRpcError),
    /// The user accepted, but the content does not fit the form: every field's error.
    Invalid(ContentError),
}

impl OutcomeError {
    /// The per-field errors, when the content was invalid.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    ///
    /// #[derive(Elicit, Debug)]
    /// struct Confirm { ok: bool }
    ///
    /// let error = ElicitOutcome::<Confirm>::from_result(&serde_json::json!({"action": "accept", "content": {}})).unwrap_err();
    /// assert_eq!(error.content_error().unwrap().to_string(), "`ok`: a value is required");
    /// ```
    pub fn content_error(&self) -> Option<&ContentError> {
        match self {
            Self::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

impl From<MessageError> for OutcomeError {
    fn from(error: MessageError) -> Self {
        Self::Malformed(error)
    }
}

impl fmt::Display for OutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed(error) => write!(f, "malformed elicitation result: {error}"),
            Self::UnknownAction { action } => write!(
                f,
                "unknown elicitation action {action:?}; expected \"accept\", \"decline\" or \"cancel\""
            ),
            Self::JsonRpc(error) => write!(f, "the client answered with an error: {error}"),
            Self::Invalid(error) => {
                write!(f, "the accepted content does not fit the form:\n{error}")
            }
        }
    }
}

impl std::error::Error for OutcomeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Malformed(error) => Some(error),
            Self::JsonRpc(error) => Some(error),
            Self::Invalid(error) => Some(error),
            Self::UnknownAction { .. } => None,
        }
    }
}
