//! Reading a client's answer from bytes, with the work bounded before any of it is done.
//!
//! The parsers of this crate take JSON that is already parsed (`serde_json::Value`), and their
//! work is linear in it; what they cannot bound is the parse itself, which a transport does
//! before they ever see a value. So a server must bound the size of each incoming message.
//! [`ElicitResult::from_slice_limited`] does that for the one message this crate reads:
//! it refuses bytes over a limit before parsing them, then parses with `serde_json`'s
//! recursion limit (128 levels) left in place.

use std::fmt;
use std::io::Read;

use super::{ElicitResult, OutcomeError};

/// A generous bound for one `ElicitResult` message: 1 MiB.
///
/// A form's answer is a flat object of short strings, numbers and option lists; even a form
/// of a hundred long text fields fits in a few kilobytes. Pass your own limit if yours differ.
///
/// ```
/// use elicit_core::protocol::{DEFAULT_MESSAGE_LIMIT, ElicitResult};
///
/// let result = ElicitResult::from_slice_limited(br#"{"action":"cancel"}"#, DEFAULT_MESSAGE_LIMIT);
/// assert!(result.is_ok());
/// ```
pub const DEFAULT_MESSAGE_LIMIT: usize = 1024 * 1024;

/// Why a client's answer could not be read from bytes.
///
/// ```
/// use elicit_core::protocol::{ElicitResult, ReadError};
///
/// let too_large = ElicitResult::from_slice_limited(br#"{"action":"cancel"}"#, 4);
/// assert!(matches!(too_large, Err(ReadError::TooLarge { .. })));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The message is longer than the limit; nothing was parsed.
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
        /// How many bytes there were (for a reader: at least this many).
        length: usize,
    },
    /// The bytes are not one JSON value: a syntax error, nesting deeper than 128 levels, a
    /// number out of `f64`'s range (`1e400`), trailing data, or an I/O error of the reader.
    Json(serde_json::Error),
    /// The JSON is not an `ElicitResult` (or, for a typed outcome, its content does not fit
    /// the form).
    Outcome(OutcomeError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { limit, length } => write!(
                f,
                "the message is {length} bytes long, over the limit of {limit} bytes"
            ),
            Self::Json(error) => write!(f, "the message is not valid JSON: {error}"),
            Self::Outcome(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::TooLarge { .. } => None,
            Self::Json(error) => Some(error),
            Self::Outcome(error) => Some(error),
        }
    }
}

impl From<OutcomeError> for ReadError {
    fn from(error: OutcomeError) -> Self {
        Self::Outcome(error)
    }
}

fn parse_limited(bytes: &[u8], limit: usize) -> Result<serde_json::Value, ReadError> {
    if bytes.len() > limit {
        return Err(ReadError::TooLarge {
            limit,
            length: bytes.len(),
        });
    }
    // `from_slice` keeps the recursion limit; it is only lifted by the `unbounded_depth`
    // feature together with an explicit `disable_recursion_limit()`, which this never calls.
    serde_json::from_slice(bytes).map_err(ReadError::Json)
}

impl ElicitResult {
    /// Reads an `ElicitResult` (or a whole JSON-RPC response carrying one) from the bytes of
    /// a message, refusing more than `limit` bytes before parsing any.
    ///
    /// The parse keeps `serde_json`'s recursion limit, so `[[[[…]]]]` ten thousand deep is an
    /// error, not a stack overflow; what remains is linear in `limit`. See
    /// [`DEFAULT_MESSAGE_LIMIT`](crate::protocol::DEFAULT_MESSAGE_LIMIT).
    ///
    /// # Errors
    /// [`ReadError::TooLarge`], [`ReadError::Json`], or [`ReadError::Outcome`] for JSON
    /// that is not an `ElicitResult` (see [`ElicitResult::from_value`]).
    ///
    /// ```
    /// use elicit_core::protocol::{
    ///     ElicitAction, ElicitResult, ReadError, DEFAULT_MESSAGE_LIMIT,
    /// };
    ///
    /// let result = ElicitResult::from_slice_limited(br#"{"action":"decline"}"#, DEFAULT_MESSAGE_LIMIT).unwrap();
    /// assert_eq!(result.action, ElicitAction::Decline);
    ///
    /// let big = format!(r#"{{"action":"accept","content":{{"name":"{}"}}}}"#, "x".repeat(100));
    /// assert!(matches!(
    ///     ElicitResult::from_slice_limited(big.as_bytes(), 64),
    ///     Err(ReadError::TooLarge { limit: 64, .. }),
    /// ));
    ///
    /// let deep = "[".repeat(10_000);
    /// assert!(matches!(
    ///     ElicitResult::from_slice_limited(deep.as_bytes(), DEFAULT_MESSAGE_LIMIT),
    ///     Err(ReadError::Json(_)),
    /// ));
    /// ```
    pub fn from_slice_limited(bytes: &[u8], limit: usize) -> Result<Self, ReadError> {
        Ok(Self::from_value(&parse_limited(bytes, limit)?)?)
    }

    /// Like [`from_slice_limited`](Self::from_slice_limited), reading at most `limit + 1`
    /// bytes from `reader` (so a client that never stops sending costs `limit` bytes, not
    /// all of memory).
    ///
    /// # Errors
    /// As [`from_slice_limited`](Self::from_slice_limited); an I/O error is a
    /// [`ReadError::Json`].
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, ReadError};
    ///
    /// let endless = std::io::repeat(b' ');
    /// assert!(matches!(
    ///     ElicitResult::from_reader_limited(endless, 4096),
    ///     Err(ReadError::TooLarge { limit: 4096, length: 4097 }),
    /// ));
    /// ```
    pub fn from_reader_limited(reader: impl Read, limit: usize) -> Result<Self, ReadError> {
        let mut bytes = Vec::new();
        let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
        reader
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(|error| ReadError::Json(serde_json::Error::io(error)))?;
        Self::from_slice_limited(&bytes, limit)
    }
}
