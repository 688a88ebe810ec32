//! Why a dialog's body stopped: [`Halt`].

use std::fmt;

use serde_json::{Map, Value};

use super::reply::Reply;
use crate::protocol::{
    InputRequiredResult, JsonRpcError, OutcomeError, RenderError, UnsupportedMode,
};
use crate::state::StateError;
use crate::{ContentError, ShapeError};

/// Why the body of a [`Dialog::run`](super::Dialog::run) stopped before its result: the
/// client must answer first (2026-07-28), or something failed. `?` turns each of these into
/// one (and, with the `rmcp` feature, rmcp's `ErrorData`), so the body can use `?` on all of
/// them; [`run`](super::Dialog::run) answers the call with the JSON-RPC error each stands for.
///
/// | variant | JSON-RPC error |
/// |---|---|
/// | [`InputRequired`](Self::InputRequired) | none: the call's result (2026-07-28) |
/// | [`Reply`](Self::Reply) | none: the call's result, a text |
/// | [`Unsupported`](Self::Unsupported) | `-32021`, naming the missing capability |
/// | [`Invalid`](Self::Invalid) | `-32602`, every field's error as `data` |
/// | [`Malformed`](Self::Malformed) | `-32602`, naming the answer's key |
/// | [`State`](Self::State) | `-32602`, one message for every refused state |
/// | [`Render`](Self::Render), [`Shape`](Self::Shape) | `-32603`: the server asked what cannot be asked |
/// | [`Error`](Self::Error) | as it is |
///
/// ```
/// use elicit_core::dialog::Halt;
/// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
/// use elicit_core::Elicit;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let refused = ElicitationSupport::NONE.check(&ElicitRequest::form::<Name>()).unwrap_err();
/// let halt = Halt::from(refused);
/// assert!(halt.unsupported().is_some());
/// assert_eq!(halt.to_jsonrpc_error().unwrap().code, -32021);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Halt {
    /// 2026-07-28: the client must answer these requests and call again;
    /// [`run`](super::Dialog::run) returns it as the call's result.
    InputRequired(Box<InputRequiredResult>),
    /// The call is answered with this text instead of the body's result (a question declined,
    /// or never answered validly: [`Ask::or_reply`](super::Ask::or_reply));
    /// [`run`](super::Dialog::run) returns it as the call's result.
    Reply(Reply),
    /// The client did not declare the elicitation mode a question needs. Nothing was sent.
    Unsupported(UnsupportedMode),
    /// The accepted answer to the question under `key` does not fit its form (after every
    /// attempt the form allows).
    Invalid {
        /// The question's key.
        key: String,
        /// Every field's error.
        errors: ContentError,
    },
    /// The client's answer to the question under `key` is not an `ElicitResult` (an unknown
    /// action, content that is not an object), or not the result its request asks for.
    Malformed {
        /// The question's key.
        key: String,
        /// What is wrong with it.
        error: String,
    },
    /// The call's `requestState` was refused. The client is told only that it is invalid or
    /// expired; this holds the precise reason for the server.
    State(StateError),
    /// The negotiated revision cannot express the question (a multi-select for a 2025-06-18
    /// client without a fallback, URL mode on 2025-06-18).
    Render(RenderError),
    /// A form shaped at run time contradicts itself (a default outside its options, say).
    Shape(ShapeError),
    /// Any other error, answered as it is (the client's own error, a transport failure, one
    /// of the tool's).
    Error(JsonRpcError),
}

/// `-32603`, JSON-RPC's internal error.
const INTERNAL_ERROR: i64 = -32603;

impl Halt {
    /// The mode the client did not declare, when that is why the body stopped: the place
    /// for a fallback (answering without asking).
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// assert!(Halt::internal("boom").unsupported().is_none());
    /// ```
    pub fn unsupported(&self) -> Option<&UnsupportedMode> {
        match self {
            Self::Unsupported(mode) => Some(mode),
            _ => None,
        }
    }

    /// The field errors of an answer that did not fit its form, when that is why the body
    /// stopped (a re-asked form gave up, say): the place to answer with a text of your own.
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// use elicit_core::{ContentError, FieldError, FieldErrorKind};
    ///
    /// let errors = ContentError::from(vec![FieldError::new("size", FieldErrorKind::Missing)]);
    /// let halt = Halt::Invalid { key: "party".into(), errors };
    /// assert_eq!(halt.invalid().unwrap().errors()[0].field(), "size");
    /// ```
    pub fn invalid(&self) -> Option<&ContentError> {
        match self {
            Self::Invalid { errors, .. } => Some(errors),
            _ => None,
        }
    }

    /// The text the call is answered with, when the body stopped to answer with a text of its
    /// own ([`Ask::or_reply`](super::Ask::or_reply)).
    ///
    /// ```
    /// use elicit_core::dialog::{Halt, Reply};
    /// assert_eq!(Halt::from(Reply::text_only("Nothing booked.")).reply().map(Reply::text), Some("Nothing booked."));
    /// assert!(Halt::internal("boom").reply().is_none());
    /// ```
    pub fn reply(&self) -> Option<&Reply> {
        match self {
            Self::Reply(reply) => Some(reply),
            _ => None,
        }
    }

    /// Whether the client must answer first (2026-07-28): not an error.
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// assert!(!Halt::internal("boom").is_input_required());
    /// ```
    pub fn is_input_required(&self) -> bool {
        matches!(self, Self::InputRequired(_))
    }

    /// An internal error (`-32603`) with this message: a failure of the server's own.
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// assert_eq!(Halt::internal("boom").to_jsonrpc_error().unwrap().code, -32603);
    /// ```
    pub fn internal(message: impl Into<String>) -> Self {
        Self::Error(JsonRpcError {
            code: INTERNAL_ERROR,
            message: message.into(),
            data: None,
        })
    }

    /// An invalid-params error (`-32602`) with this message: a mistake of the client's.
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// assert_eq!(Halt::invalid_params("no").to_jsonrpc_error().unwrap().code, -32602);
    /// ```
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::Error(JsonRpcError {
            code: JsonRpcError::INVALID_PARAMS,
            message: message.into(),
            data: None,
        })
    }

    pub(crate) fn malformed(key: &str, error: impl fmt::Display) -> Self {
        Self::Malformed {
            key: key.to_owned(),
            error: error.to_string(),
        }
    }

    pub(crate) fn from_outcome(key: &str, error: OutcomeError) -> Self {
        match error {
            OutcomeError::Invalid(errors) => Self::Invalid {
                key: key.to_owned(),
                errors,
            },
            other => Self::malformed(key, other),
        }
    }

    /// The JSON-RPC error this halt answers the client with, or `None` for
    /// [`InputRequired`](Self::InputRequired) and [`Reply`](Self::Reply), which are not errors.
    ///
    /// ```
    /// use elicit_core::dialog::Halt;
    /// use elicit_core::state::StateError;
    ///
    /// let error = Halt::from(StateError::Expired).to_jsonrpc_error().unwrap();
    /// assert_eq!(error.code, -32602);
    /// ```
    pub fn to_jsonrpc_error(&self) -> Option<JsonRpcError> {
        Some(match self {
            Self::InputRequired(_) | Self::Reply(_) => return None,
            Self::Unsupported(mode) => mode.to_missing_capability_error(),
            Self::Invalid { key, errors } => {
                let mut data = keyed(key);
                if let Ok(Value::Object(fields)) = serde_json::to_value(errors) {
                    data.extend(fields);
                }
                JsonRpcError {
                    code: JsonRpcError::INVALID_PARAMS,
                    message: format!(
                        "{} does not fit the form: {}",
                        answer_to(key),
                        one_line(errors)
                    ),
                    data: Some(Value::Object(data)),
                }
            }
            Self::Malformed { key, error } => JsonRpcError {
                code: JsonRpcError::INVALID_PARAMS,
                message: format!("{} is malformed: {error}", answer_to(key)),
                data: Some(Value::Object(keyed(key))),
            },
            Self::State(error) => error.to_jsonrpc_error(),
            Self::Render(error) => JsonRpcError {
                code: INTERNAL_ERROR,
                message: error.to_string(),
                data: None,
            },
            Self::Shape(error) => JsonRpcError {
                code: INTERNAL_ERROR,
                message: error.to_string(),
                data: None,
            },
            Self::Error(error) => error.clone(),
        })
    }
}

/// "the answer to `key`", or "the answer" for one asked under no key (on rmcp's peer).
fn answer_to(key: &str) -> String {
    if key.is_empty() {
        "the answer".to_owned()
    } else {
        format!("the answer to `{key}`")
    }
}

/// `{"key": key}`, or nothing for one asked under no key.
fn keyed(key: &str) -> Map<String, Value> {
    let mut data = Map::new();
    if !key.is_empty() {
        data.insert("key".to_owned(), Value::String(key.to_owned()));
    }
    data
}

/// Every field's error on one line, `; `-separated.
pub(super) fn one_line(errors: &ContentError) -> String {
    let lines: Vec<String> = errors.errors().iter().map(ToString::to_string).collect();
    lines.join("; ")
}

impl fmt::Display for Halt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InputRequired(_) => f.write_str("the client's input is required"),
            Self::Reply(reply) => f.write_str(reply.text()),
            Self::State(error) => error.fmt(f),
            other => match other.to_jsonrpc_error() {
                Some(error) => f.write_str(&error.message),
                None => Ok(()),
            },
        }
    }
}

impl std::error::Error for Halt {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unsupported(error) => Some(error),
            Self::Invalid { errors, .. } => Some(errors),
            Self::State(error) => Some(error),
            Self::Render(error) => Some(error),
            Self::Shape(error) => Some(error),
            Self::Error(error) => Some(error),
            Self::InputRequired(_) | Self::Reply(_) | Self::Malformed { .. } => None,
        }
    }
}

impl From<UnsupportedMode> for Halt {
    fn from(error: UnsupportedMode) -> Self {
        Self::Unsupported(error)
    }
}

impl From<StateError> for Halt {
    fn from(error: StateError) -> Self {
        Self::State(error)
    }
}

impl From<RenderError> for Halt {
    fn from(error: RenderError) -> Self {
        Self::Render(error)
    }
}

impl From<ShapeError> for Halt {
    fn from(error: ShapeError) -> Self {
        Self::Shape(error)
    }
}

impl From<JsonRpcError> for Halt {
    fn from(error: JsonRpcError) -> Self {
        Self::Error(error)
    }
}

impl From<Reply> for Halt {
    fn from(reply: Reply) -> Self {
        Self::Reply(reply)
    }
}
