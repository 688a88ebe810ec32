//! Why an elicitation through rmcp produced no outcome.

use std::fmt;

use ::rmcp::ServiceError;
use ::rmcp::model::{ErrorCode, ErrorData};

use crate::protocol::{OutcomeError, RenderError, UnsupportedMode};
use crate::{ContentError, ShapeError};

/// Why an elicitation through rmcp produced no [`ElicitOutcome`](crate::ElicitOutcome).
///
/// A decline or a cancel is not an error: it is an outcome.
///
/// ```
/// use elicit_core::rmcp::Error;
/// use elicit_core::{Elicit, ElicitOutcome};
///
/// #[derive(Elicit, Debug)]
/// struct Age {
///     #[elicit(minimum = 18)]
///     age: u8,
/// }
///
/// let answer = serde_json::json!({"action": "accept", "content": {"age": 12}});
/// let error = Error::from(ElicitOutcome::<Age>::from_result(&answer).unwrap_err());
/// assert_eq!(error.content_error().unwrap().errors()[0].field(), "age");
/// assert_eq!(error.to_string(), "the accepted content does not fit the form:\n`age`: must be at least 18, got 12");
///
/// // A tool can hand it back to the client as a JSON-RPC error.
/// let data = rmcp::ErrorData::from(error);
/// assert_eq!(data.code, rmcp::model::ErrorCode::INVALID_PARAMS);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The client did not declare the elicitation mode the request needs. Checked before
    /// anything is sent: a server must not send a request the client cannot handle. Up to
    /// 2025-11-25 against what the client declared at `initialize`; on 2026-07-28 against
    /// the capabilities the request carries in
    /// `_meta["io.modelcontextprotocol/clientCapabilities"]`.
    ///
    /// As a JSON-RPC error it is SEP-2575's `MissingRequiredClientCapabilityError`: code
    /// `-32021`, with the missing capability in `data.requiredCapabilities`
    /// (`{"elicitation": {"form": {}}}`). To answer such a client otherwise, match this
    /// variant, or check [`ElicitationSupport`](crate::protocol::ElicitationSupport) (or
    /// `Dialog::supports`) before asking.
    ///
    /// ```
    /// use elicit_core::rmcp::Error;
    /// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// /// Your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// let refused = ElicitationSupport::NONE.check(&ElicitRequest::form::<Name>()).unwrap_err();
    /// let error = rmcp::ErrorData::from(Error::Unsupported(refused));
    /// assert_eq!(error.code.0, -32021);
    /// assert_eq!(error.data, Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}})));
    /// ```
    Unsupported(UnsupportedMode),
    /// The negotiated protocol revision cannot express the request: a multi-select or URL
    /// mode on 2025-06-18, a URL request without `elicitationId` on 2025-11-25.
    Render(RenderError),
    /// rmcp got no answer: the transport failed or closed, the request timed out or was
    /// cancelled, the client answered with a JSON-RPC error, or rmcp refused to send it
    /// (on 2026-07-28 a server may not send requests: ask through a
    /// [`Dialog`](crate::dialog::Dialog)).
    Service(ServiceError),
    /// The user accepted, but the content does not fit the form: every field's error.
    Invalid(ContentError),
    /// The client's answer is not a well-formed `ElicitResult` (an unknown action, content
    /// that is not an object).
    Malformed(OutcomeError),
    /// A form shaped at run time contradicts itself (a default outside its options, a bound
    /// wider than its field allows, no option left): found before anything is sent.
    Shape(ShapeError),
}

impl Error {
    /// The per-field errors, when the content was invalid.
    ///
    /// ```
    /// use elicit_core::rmcp::Error;
    /// use elicit_core::{ContentError, FieldError, FieldErrorKind};
    ///
    /// let error = Error::Invalid(ContentError::from(vec![FieldError::new("ok", FieldErrorKind::Missing)]));
    /// assert_eq!(error.content_error().unwrap().errors().len(), 1);
    /// ```
    pub fn content_error(&self) -> Option<&ContentError> {
        match self {
            Self::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unsupported(error) => error.fmt(f),
            Self::Render(error) => error.fmt(f),
            Self::Service(error) => write!(f, "the elicitation request failed: {error}"),
            Self::Invalid(error) => {
                write!(f, "the accepted content does not fit the form:\n{error}")
            }
            Self::Malformed(error) => error.fmt(f),
            Self::Shape(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unsupported(error) => Some(error),
            Self::Render(error) => Some(error),
            Self::Service(error) => Some(error),
            Self::Invalid(error) => Some(error),
            Self::Malformed(error) => Some(error),
            Self::Shape(error) => Some(error),
        }
    }
}

impl From<UnsupportedMode> for Error {
    fn from(error: UnsupportedMode) -> Self {
        Self::Unsupported(error)
    }
}

impl From<ShapeError> for Error {
    fn from(error: ShapeError) -> Self {
        Self::Shape(error)
    }
}

impl From<RenderError> for Error {
    fn from(error: RenderError) -> Self {
        Self::Render(error)
    }
}

impl From<ServiceError> for Error {
    fn from(error: ServiceError) -> Self {
        Self::Service(error)
    }
}

impl From<ContentError> for Error {
    fn from(error: ContentError) -> Self {
        Self::Invalid(error)
    }
}

/// Invalid content becomes [`Error::Invalid`]; every other reading problem
/// [`Error::Malformed`].
impl From<OutcomeError> for Error {
    fn from(error: OutcomeError) -> Self {
        match error {
            OutcomeError::Invalid(error) => Self::Invalid(error),
            other => Self::Malformed(other),
        }
    }
}

/// The JSON-RPC error a tool can return: `-32602` (invalid params) for the client's
/// mistakes (the field errors as `data` for invalid content; a malformed answer), `-32021`
/// (missing capability, with `requiredCapabilities`) for an unsupported mode, the client's
/// own error when it answered with one, and `-32603` (internal error) otherwise.
impl From<Error> for ErrorData {
    fn from(error: Error) -> Self {
        let message = error.to_string();
        match error {
            Error::Unsupported(error) => {
                let error = error.to_missing_capability_error();
                let code = i32::try_from(error.code).unwrap_or(ErrorCode::INTERNAL_ERROR.0);
                ErrorData::new(ErrorCode(code), error.message, error.data)
            }
            Error::Invalid(errors) => {
                ErrorData::invalid_params(message, serde_json::to_value(&errors).ok())
            }
            Error::Service(ServiceError::McpError(data)) => data,
            // The client's mistake: its answer is not an `ElicitResult`.
            Error::Malformed(_) => ErrorData::invalid_params(message, None),
            Error::Render(_) | Error::Service(_) | Error::Shape(_) => {
                ErrorData::internal_error(message, None)
            }
        }
    }
}
