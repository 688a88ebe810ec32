//! Why a scripted call did not give a result.

use std::fmt;
use std::time::Duration;

use ::rmcp::ServiceError;
use ::rmcp::model as m;
use ::rmcp::service::ClientInitializeError;

/// Why a [`Session`](super::Session) call (or connecting) failed. Every message names the
/// call, and, where a request is to blame, the request (method, mode, message, round) and
/// what the script had left.
///
/// ```
/// use elicit_core::testing::KitError;
///
/// let error = KitError::ScriptRanOut {
///     request: r#"elicitation/create (form) "Which city?" in call 1, round 1"#.into(),
/// };
/// assert_eq!(
///     error.to_string(),
///     r#"the server sent elicitation/create (form) "Which city?" in call 1, round 1, but the script had no answers left"#,
/// );
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum KitError {
    /// The client could not connect: the handshake failed, or the server agreed to another
    /// protocol revision than the one asked for.
    Connect(String),
    /// The arguments of a call are not a JSON object (or `null` for none).
    Arguments(String),
    /// The server made a request after the script's last answer was used.
    ScriptRanOut {
        /// The request, described.
        request: String,
    },
    /// The script's next answer does not fit the request the server made (a form answer
    /// for a URL request, say), or the request is one no script can answer.
    Unexpected {
        /// The request, described.
        request: String,
        /// The script's next answer, if there was one.
        next: Option<String>,
        /// Every answer the script had left, in order.
        left: Vec<String>,
    },
    /// The script's answer chooses what the request does not offer
    /// ([`Answer::choose`](super::Answer::choose) and its kin): no such select, or an option
    /// that is not among those shown.
    Choice {
        /// The request, described.
        request: String,
        /// What could not be chosen, and what was offered.
        problem: String,
    },
    /// The server's request could not be read (it is not a well-formed `elicitation/create`,
    /// say): the client refused it.
    BadRequest {
        /// The request, described.
        request: String,
        /// What is wrong with it.
        error: String,
    },
    /// 2026-07-28: the tool still asked for input after the round bound
    /// ([`TestClient::max_rounds`](super::TestClient::max_rounds)).
    TooManyRounds {
        /// The call (``tool `book` ``).
        call: String,
        /// The bound.
        rounds: usize,
        /// What the last round asked for.
        last: Vec<String>,
    },
    /// 2026-07-28: the script answers a request of this round with
    /// [`Answer::never`](super::Answer::never), so the client stopped retrying; `last` is
    /// the tool's last `InputRequiredResult`.
    Unanswered {
        /// The call.
        call: String,
        /// The request left unanswered, described.
        request: String,
        /// The `InputRequiredResult` that asked for it.
        last: Box<m::InputRequiredResult>,
    },
    /// The call did not finish within the time limit
    /// ([`TestClient::timeout`](super::TestClient::timeout)).
    Timeout {
        /// The call.
        call: String,
        /// The limit.
        after: Duration,
        /// The last request the server made during the call, if any.
        last_request: Option<String>,
    },
    /// The server answered the call in a way the kit cannot follow: a task
    /// (`CreateTaskResult`), or an `InputRequiredResult` with neither `inputRequests` nor
    /// `requestState`.
    UnexpectedResult {
        /// The call.
        call: String,
        /// What came back.
        result: String,
    },
    /// An answer (from the script or a hook) could not be written as JSON.
    Encode(String),
    /// The client cannot sign in as the principal it was given
    /// ([`TestClient::signed_in_as`](super::TestClient::signed_in_as)) on the way it reaches
    /// the server: rust-mcp-sdk names a caller by its token's issuer and subject, so a
    /// principal not made by [`Principal::issuer_subject`](crate::state::Principal::issuer_subject)
    /// cannot be carried there; an [`Exchange`](super::Exchange) carries only bytes.
    SignIn(String),
    /// A page could not be opened, filled in or submitted (feature `url-forms` too), by the
    /// test's own `Browser` or by a scripted answer's (`Answer::open_page`): a field the form has not, an option it does not offer, no
    /// form on a refused page, a post the page refused, a response that cannot be read.
    Page {
        /// The request a scripted answer was answering, described; `None` for a page the
        /// test drove itself.
        request: Option<String>,
        /// The page, described: its heading, status and URL (or the request that failed).
        page: String,
        /// What was wrong.
        problem: String,
    },
    /// rmcp reported an error for the call: the tool failed with a JSON-RPC error, the
    /// connection closed, …
    Service {
        /// The call.
        call: String,
        /// rmcp's error.
        error: Box<ServiceError>,
    },
}

impl KitError {
    /// The tool's last `InputRequiredResult`, when the script never answered it
    /// ([`KitError::Unanswered`]).
    ///
    /// ```
    /// use elicit_core::testing::KitError;
    /// assert!(KitError::Arguments("not an object".into()).input_required().is_none());
    /// ```
    pub fn input_required(&self) -> Option<&m::InputRequiredResult> {
        match self {
            Self::Unanswered { last, .. } => Some(last),
            _ => None,
        }
    }

    /// This error, as met answering `request` (a page a scripted answer drove).
    #[cfg_attr(not(feature = "url-forms"), allow(dead_code))]
    pub(super) fn answering(self, request: &str) -> Self {
        match self {
            Self::Page {
                request: None,
                page,
                problem,
            } => Self::Page {
                request: Some(request.to_owned()),
                page,
                problem,
            },
            other => other,
        }
    }

    pub(super) fn connect(error: &ClientInitializeError) -> Self {
        Self::Connect(format!("the client could not connect: {error}"))
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "nothing".to_owned()
    } else {
        format!("[{}]", items.join(", "))
    }
}

impl fmt::Display for KitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Connect(message) | Self::Arguments(message) | Self::SignIn(message) => {
                f.write_str(message)
            }
            Self::Page {
                request: None,
                page,
                problem,
            } => write!(f, "{page}: {problem}"),
            Self::Page {
                request: Some(request),
                page,
                problem,
            } => write!(
                f,
                "answering {request}, the browser got the page {page}: {problem}"
            ),
            Self::Encode(message) => write!(f, "cannot write {message}"),
            Self::ScriptRanOut { request } => write!(
                f,
                "the server sent {request}, but the script had no answers left"
            ),
            Self::Unexpected {
                request,
                next: Some(next),
                left,
            } => write!(
                f,
                "the server sent {request}, which the script's next answer ({next}) does not answer; the script had left: {}",
                list(left)
            ),
            Self::Unexpected {
                request,
                next: None,
                left,
            } => write!(
                f,
                "the server sent {request}, which the kit cannot answer; the script had left: {}",
                list(left)
            ),
            Self::Choice { request, problem } => {
                write!(
                    f,
                    "the server sent {request}; the script's answer {problem}"
                )
            }
            Self::BadRequest { request, error } => {
                write!(f, "the server sent {request}, which is malformed: {error}")
            }
            Self::TooManyRounds { call, rounds, last } => write!(
                f,
                "{call} still asked for input after {rounds} rounds (the last round asked for {}); a runaway tool? (raise the bound with TestClient::max_rounds)",
                list(last)
            ),
            Self::Unanswered { call, request, .. } => write!(
                f,
                "{call} asked for {request}, which the script never answers: the client stopped retrying (the last InputRequiredResult is in the error)"
            ),
            Self::Timeout {
                call,
                after,
                last_request,
            } => {
                write!(f, "{call} did not finish within {after:?}")?;
                match last_request {
                    Some(request) => write!(f, "; the last request the server made: {request}"),
                    None => f.write_str("; the server made no request"),
                }
            }
            Self::UnexpectedResult { call, result } => {
                write!(
                    f,
                    "{call} answered with {result}, which the kit cannot follow"
                )
            }
            Self::Service { call, error } => write!(f, "{call} failed: {error}"),
        }
    }
}

impl std::error::Error for KitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Service { error, .. } => Some(&**error),
            _ => None,
        }
    }
}
