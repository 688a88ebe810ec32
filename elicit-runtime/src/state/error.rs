//! Why a state was refused ([`StateError`]: precise for the server, one answer for the
//! client) or could not be sealed ([`SealError`]).

use std::fmt;

use super::format::MAX_SEALED_LEN;
use crate::protocol::JsonRpcError;

/// The one message a client gets for every refused state, whatever the reason.
const CLIENT_MESSAGE: &str = "invalid or expired request state";

/// Why a `requestState` was refused.
///
/// Each variant names the precise reason, for your code and your logs; the client gets one
/// answer for all of them: [`to_jsonrpc_error`](Self::to_jsonrpc_error) (and, with the
/// `rmcp` feature, `rmcp::ErrorData::from`) is `-32602` "invalid or expired request state",
/// without data, byte for byte the same whatever failed. A client probing the server learns
/// only that the state did not open: not whether it guessed a key id, reached the tag, or
/// hit another user's call.
///
/// With the `rmcp` feature, every refusal is also logged through `tracing` (target
/// `elicit_core::state`, field `reason`: the [`name`](Self::name)), at `debug` for
/// [`Expired`](Self::Expired) (a person who took too long), `error` for
/// [`GuardFailed`](Self::GuardFailed) (your store is down or full) and
/// [`NeverExpires`](Self::NeverExpires) (your server sealed it so), and `warn` for the rest
/// (a client that sent what no honest client sends, or a server whose state type changed).
///
/// ```
/// use elicit_core::state::StateError;
///
/// assert_eq!(StateError::Tampered.to_string(), "request state has been tampered with");
/// assert_eq!(StateError::Expired.name(), "expired");
/// assert_eq!(
///     StateError::Tampered.to_jsonrpc_error(),
///     StateError::Expired.to_jsonrpc_error(),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// Not a sealed state: not unpadded URL-safe base64 in its canonical spelling, too short,
    /// or of a format this version does not read (including the formats 1 and 2 that
    /// earlier builds wrote).
    Malformed,
    /// Longer than [`MAX_SEALED_LEN`](super::MAX_SEALED_LEN): refused before it is decoded.
    Oversized {
        /// Its length, in bytes.
        length: usize,
    },
    /// Sealed by a key the ring does not hold: another server's, or a key retired from the
    /// ring. (A state whose key id was altered together with other bytes looks the same:
    /// only the key could tell them apart.)
    Foreign,
    /// Sealed by a key of the ring, then altered: any byte of it.
    Tampered,
    /// Sealed by a server sharing the key but naming another audience
    /// ([`StateKeys::with_audience`](super::StateKeys::with_audience)).
    WrongAudience,
    /// Sealed for another principal, or for none where this call has one, or the reverse
    /// ([`Binding::with_principal`](super::Binding::with_principal)).
    WrongPrincipal,
    /// Sealed for another call: another tool or prompt, or other arguments.
    WrongCall,
    /// Presented by a call that names no principal, to a server whose keys require one
    /// ([`PrincipalPolicy::Required`](super::PrincipalPolicy::Required)): refused before it
    /// is read.
    NoPrincipal,
    /// Past its expiry.
    Expired,
    /// Sealed [without expiry](super::StateKeys::seal_without_expiry) and presented to
    /// [`StateKeys::open_once`](super::StateKeys::open_once): a state used once must expire,
    /// or its guard would have to remember it forever. The server's own choice refused, not
    /// the client's doing.
    NeverExpires,
    /// Already used once ([`StateKeys::open_once`](super::StateKeys::open_once)).
    AlreadyUsed,
    /// The [`ReplayGuard`](super::ReplayGuard) could not tell whether it was used (its store
    /// is unreachable, or full); its reason. The state is refused: an unchecked state could
    /// be a replay.
    GuardFailed(String),
    /// Authentic, but its payload does not read as the expected type (it was sealed before
    /// the state type changed): what kind of error, and where in the payload's JSON. Not
    /// serde's message, which quotes the value it refused: a decrypted answer (a card
    /// number, say) would reach your logs.
    Unreadable {
        /// What kind of error: `Data` for a value that does not fit the type (the usual
        /// one), `Syntax`, `Eof` or `Io` for JSON that does not parse.
        category: serde_json::error::Category,
        /// The line of the payload's JSON where it was found, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
}

impl StateError {
    /// A one-word name of the reason, for logs and metrics: `"malformed"`, `"oversized"`,
    /// `"foreign"`, `"tampered"`, `"wrong_audience"`, `"wrong_principal"`, `"wrong_call"`,
    /// `"no_principal"`, `"expired"`, `"never_expires"`, `"already_used"`, `"guard_failed"` or
    /// `"unreadable"`.
    /// The client never sees it.
    ///
    /// ```
    /// assert_eq!(elicit_core::state::StateError::WrongCall.name(), "wrong_call");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Self::Malformed => "malformed",
            Self::Oversized { .. } => "oversized",
            Self::Foreign => "foreign",
            Self::Tampered => "tampered",
            Self::WrongAudience => "wrong_audience",
            Self::WrongPrincipal => "wrong_principal",
            Self::WrongCall => "wrong_call",
            Self::NoPrincipal => "no_principal",
            Self::Expired => "expired",
            Self::NeverExpires => "never_expires",
            Self::AlreadyUsed => "already_used",
            Self::GuardFailed(_) => "guard_failed",
            Self::Unreadable { .. } => "unreadable",
        }
    }

    /// The JSON-RPC error for the client, the same for every reason: `-32602` (invalid
    /// params), "invalid or expired request state", no data.
    ///
    /// ```
    /// use elicit_core::protocol::JsonRpcError;
    /// use elicit_core::state::StateError;
    ///
    /// let error = StateError::WrongPrincipal.to_jsonrpc_error();
    /// assert_eq!(error.code, JsonRpcError::INVALID_PARAMS);
    /// assert_eq!(error.message, "invalid or expired request state");
    /// assert_eq!(error.data, None);
    /// assert_eq!(error, StateError::Malformed.to_jsonrpc_error());
    /// ```
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        JsonRpcError {
            code: JsonRpcError::INVALID_PARAMS,
            message: CLIENT_MESSAGE.to_owned(),
            data: None,
        }
    }

    /// Logs the refusal (feature `rmcp` or `rust-mcp-sdk`, through `tracing`, as those SDKs
    /// log) and returns it.
    pub(super) fn logged(self) -> Self {
        #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
        {
            const TARGET: &str = "elicit_core::state";
            match &self {
                Self::Expired => {
                    tracing::debug!(target: TARGET, reason = self.name(), "{self}");
                }
                Self::GuardFailed(_) | Self::NeverExpires => {
                    tracing::error!(target: TARGET, reason = self.name(), "{self}");
                }
                _ => tracing::warn!(target: TARGET, reason = self.name(), "{self}"),
            }
        }
        self
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed => f.write_str("request state is malformed"),
            Self::Oversized { length } => write!(
                f,
                "request state is {length} bytes long, over the {MAX_SEALED_LEN} a state may have"
            ),
            Self::Foreign => {
                f.write_str("request state was sealed with a key this server does not hold")
            }
            Self::Tampered => f.write_str("request state has been tampered with"),
            Self::WrongAudience => f.write_str("request state was issued by another server"),
            Self::WrongPrincipal => f.write_str("request state was issued to another principal"),
            Self::WrongCall => f.write_str("request state was issued for another call"),
            Self::NoPrincipal => f.write_str(
                "request state was presented by a call that names no principal, which this \
                 server requires",
            ),
            Self::Expired => f.write_str("request state has expired"),
            Self::NeverExpires => f.write_str(
                "request state never expires, and a state that may be used once must expire",
            ),
            Self::AlreadyUsed => f.write_str("request state has already been used"),
            Self::GuardFailed(reason) => write!(
                f,
                "request state could not be checked for a first use: {reason}"
            ),
            Self::Unreadable {
                category,
                line,
                column,
            } => write!(
                f,
                "request state is unreadable: {} of its payload",
                JsonFault::new(*category, *line, *column)
            ),
        }
    }
}

impl std::error::Error for StateError {}

impl StateError {
    /// The refusal of a payload serde could not read: its classification and position only.
    pub(super) fn unreadable(error: &serde_json::Error) -> Self {
        Self::Unreadable {
            category: error.classify(),
            line: error.line(),
            column: error.column(),
        }
    }
}

/// What went wrong reading some JSON, and where, without the content serde's messages quote
/// (`invalid type: string "4242 4242 4242 4242", expected u32`): for a message about JSON
/// that holds what a person answered.
///
/// Written as "a value that does not fit the type at line 1 column 26" (without the position
/// when the JSON was read from a `Value`, which has none).
pub(crate) struct JsonFault {
    category: serde_json::error::Category,
    line: usize,
    column: usize,
}

impl JsonFault {
    pub(crate) fn new(category: serde_json::error::Category, line: usize, column: usize) -> Self {
        Self {
            category,
            line,
            column,
        }
    }
}

impl From<&serde_json::Error> for JsonFault {
    fn from(error: &serde_json::Error) -> Self {
        Self::new(error.classify(), error.line(), error.column())
    }
}

impl fmt::Display for JsonFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use serde_json::error::Category;
        let kind = match self.category {
            Category::Data => "a value that does not fit the type",
            Category::Syntax => "a JSON syntax error",
            Category::Eof => "an early end of the JSON",
            Category::Io => "a read error",
        };
        // Line 0: read from a `Value`, where serde_json knows no position.
        if self.line == 0 {
            return f.write_str(kind);
        }
        write!(f, "{kind} at line {} column {}", self.line, self.column)
    }
}

/// `-32602` "invalid or expired request state", no data, whatever the reason (feature
/// `rmcp`): see [`StateError`].
///
/// ```
/// use elicit_core::state::StateError;
///
/// let error = rmcp::ErrorData::from(StateError::Foreign);
/// assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
/// assert_eq!(error.message, "invalid or expired request state");
/// assert_eq!(error, rmcp::ErrorData::from(StateError::Expired));
/// ```
#[cfg(feature = "rmcp")]
impl From<StateError> for ::rmcp::model::ErrorData {
    fn from(error: StateError) -> Self {
        let error = error.to_jsonrpc_error();
        Self::invalid_params(error.message, error.data)
    }
}

/// Why a state could not be sealed.
///
/// ```
/// use elicit_core::state::{Binding, SealError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::new(&[1; 32]).unwrap());
/// let binding = Binding::tool("upload", &serde_json::json!({}));
/// let error = keys.seal(&"x".repeat(60_000), &binding).unwrap_err();
/// assert!(matches!(error, SealError::TooLarge { length: 80_102 }));
/// assert!(error.to_string().starts_with("the sealed request state would be 80102 bytes"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum SealError {
    /// The sealed string would be longer than [`MAX_SEALED_LEN`](super::MAX_SEALED_LEN):
    /// no client need accept it. Keep less in the state: fewer answers, or a reference to
    /// what you keep on the server (a row id, a cache key) instead of the data itself.
    TooLarge {
        /// How long it would be, in bytes.
        length: usize,
    },
    /// The state cannot be written as JSON (a map whose keys are not strings, or a
    /// `Serialize` implementation that fails).
    Json(serde_json::Error),
    /// The operating system gave no random nonce; its reason.
    NoRandomness(String),
    /// The call names no principal, and the ring requires one
    /// ([`PrincipalPolicy::Required`](super::PrincipalPolicy::Required)).
    NoPrincipal,
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { length } => write!(
                f,
                "the sealed request state would be {length} bytes, over the {MAX_SEALED_LEN} \
                 a client must accept: keep less in it (fewer answers, or a reference to data \
                 kept on the server)"
            ),
            Self::Json(error) => write!(f, "the request state cannot be written as JSON: {error}"),
            Self::NoRandomness(reason) => write!(
                f,
                "the operating system gave no random nonce for the request state: {reason}"
            ),
            Self::NoPrincipal => f.write_str(
                "the request state is not sealed for a call that names no principal: this \
                 server's keys require one (PrincipalPolicy::Required)",
            ),
        }
    }
}

impl std::error::Error for SealError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Json(error) => Some(error),
            Self::TooLarge { .. } | Self::NoRandomness(_) | Self::NoPrincipal => None,
        }
    }
}

impl From<serde_json::Error> for SealError {
    fn from(error: serde_json::Error) -> Self {
        Self::Json(error)
    }
}
