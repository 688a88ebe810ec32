//! Why a dialog's body stopped: [`Halt`].

use std::fmt;

use ::rmcp::model::{self as m, ErrorData};

use crate::protocol::UnsupportedMode;
use crate::protocol::state::StateError;
use crate::rmcp::error::Error;

/// Why the body of a [`Dialog::run`](super::Dialog::run) stopped before its result: the client must answer
/// first (2026-07-28), or something failed. `?` turns rmcp's `ErrorData`, this crate's
/// [`rmcp::Error`](Error) and a [`StateError`](crate::protocol::state::StateError) into one, so the body can use `?` on all of
/// them.
///
/// ```
/// use elicit_core::rmcp::{Error, Halt};
/// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
/// use elicit_core::Elicit;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let refused = ElicitationSupport::NONE.check(&ElicitRequest::form::<Name>()).unwrap_err();
/// let halt = Halt::from(Error::Unsupported(refused));
/// assert!(halt.unsupported().is_some());
/// assert_eq!(halt.into_error_data().unwrap().code.0, -32021);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Halt {
    /// 2026-07-28: the client must answer these requests and call again; [`Dialog::run`](super::Dialog::run)
    /// returns it as the call's result.
    InputRequired(Box<m::InputRequiredResult>),
    /// An elicitation failed: the client cannot be asked ([`Error::Unsupported`], a
    /// JSON-RPC `-32021`), the answer does not fit the form ([`Error::Invalid`], `-32602`),
    /// the connection failed.
    Elicit(Error),
    /// Any other error, returned to the client as it is.
    Error(ErrorData),
}

impl Halt {
    /// The mode the client did not declare, when that is why the body stopped: the place
    /// for a fallback (answering without asking).
    ///
    /// ```
    /// use elicit_core::rmcp::Halt;
    /// let halt = Halt::from(rmcp::ErrorData::internal_error("boom", None));
    /// assert!(halt.unsupported().is_none());
    /// ```
    pub fn unsupported(&self) -> Option<&UnsupportedMode> {
        match self {
            Self::Elicit(Error::Unsupported(mode)) => Some(mode),
            _ => None,
        }
    }

    /// The JSON-RPC error this halt answers the client with, or `None` for
    /// [`InputRequired`](Self::InputRequired) (not an error).
    ///
    /// ```
    /// use elicit_core::rmcp::Halt;
    /// use elicit_core::protocol::state::StateError;
    ///
    /// let error = Halt::from(StateError::Expired).into_error_data().unwrap();
    /// assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
    /// assert_eq!(error.message, "invalid or expired request state");
    /// ```
    pub fn into_error_data(self) -> Option<ErrorData> {
        match self {
            Self::InputRequired(_) => None,
            Self::Elicit(error) => Some(error.into()),
            Self::Error(error) => Some(error),
        }
    }
}

impl fmt::Display for Halt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InputRequired(_) => f.write_str("the client's input is required"),
            Self::Elicit(error) => error.fmt(f),
            Self::Error(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Halt {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Elicit(error) => Some(error),
            Self::InputRequired(_) | Self::Error(_) => None,
        }
    }
}

impl From<ErrorData> for Halt {
    fn from(error: ErrorData) -> Self {
        Self::Error(error)
    }
}

impl From<Error> for Halt {
    fn from(error: Error) -> Self {
        Self::Elicit(error)
    }
}

impl From<StateError> for Halt {
    fn from(error: StateError) -> Self {
        Self::Error(error.into())
    }
}

impl From<UnsupportedMode> for Halt {
    fn from(error: UnsupportedMode) -> Self {
        Self::Elicit(Error::Unsupported(error))
    }
}
