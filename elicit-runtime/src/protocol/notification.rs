//! `notifications/elicitation/complete`: the server telling the client that a URL-mode
//! interaction finished (2025-11-25).

use serde_json::{Map, Value};

use super::error::{MessageError, child, object, required_str};
use super::jsonrpc;
use super::request::ElicitRequest;
use super::url::UrlError;

/// The method name of the completion notification.
const METHOD: &str = "notifications/elicitation/complete";

/// `notifications/elicitation/complete`, sent (optionally) by a server once the out-of-band
/// interaction of a URL-mode elicitation has finished, only to the client that received the
/// request. Clients must ignore ids they do not know.
///
/// The 2026-07-28 schema has no such notification (URL mode there carries no id).
///
/// ```
/// use elicit_core::protocol::{ElicitRequest, ElicitationComplete};
/// use serde_json::json;
///
/// let request = ElicitRequest::url("Connect", "https://example.com/connect", "550e8400").unwrap();
/// let done = ElicitationComplete::for_request(&request).unwrap();
/// assert_eq!(done.to_jsonrpc(), json!({
///     "jsonrpc": "2.0",
///     "method": "notifications/elicitation/complete",
///     "params": {"elicitationId": "550e8400"}
/// }));
///
/// // A client reading it:
/// let read = ElicitationComplete::from_value(&done.to_jsonrpc()).unwrap();
/// assert_eq!(read.elicitation_id(), "550e8400");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ElicitationComplete {
    elicitation_id: String,
}

impl ElicitationComplete {
    /// The notification for the elicitation with this id.
    ///
    /// # Errors
    /// [`UrlError::EmptyElicitationId`] for an empty id.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitationComplete, UrlError};
    /// assert_eq!(ElicitationComplete::new("e-1").unwrap().elicitation_id(), "e-1");
    /// assert_eq!(ElicitationComplete::new("").unwrap_err(), UrlError::EmptyElicitationId);
    /// ```
    pub fn new(elicitation_id: impl Into<String>) -> Result<Self, UrlError> {
        let elicitation_id = elicitation_id.into();
        if elicitation_id.is_empty() {
            return Err(UrlError::EmptyElicitationId);
        }
        Ok(Self { elicitation_id })
    }

    /// The notification for a URL-mode request; `None` for a form request or one without
    /// an `elicitationId`.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, ElicitationComplete};
    /// let request = ElicitRequest::url("Connect", "https://example.com/", "e-1").unwrap();
    /// assert_eq!(ElicitationComplete::for_request(&request).unwrap().elicitation_id(), "e-1");
    /// ```
    pub fn for_request(request: &ElicitRequest) -> Option<Self> {
        match request {
            ElicitRequest::Url(url) => url.elicitation_id().map(|id| Self {
                elicitation_id: id.to_owned(),
            }),
            ElicitRequest::Form(_) => None,
        }
    }

    /// The id of the elicitation that completed.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitationComplete::new("e-1").unwrap().elicitation_id(), "e-1");
    /// ```
    pub fn elicitation_id(&self) -> &str {
        &self.elicitation_id
    }

    /// The whole JSON-RPC notification.
    ///
    /// ```
    /// let done = elicit_core::protocol::ElicitationComplete::new("e-1").unwrap();
    /// assert_eq!(done.to_jsonrpc()["params"]["elicitationId"], "e-1");
    /// ```
    pub fn to_jsonrpc(&self) -> Value {
        let mut params = Map::new();
        params.insert(
            "elicitationId".to_owned(),
            Value::String(self.elicitation_id.clone()),
        );
        jsonrpc::notification(METHOD, Value::Object(params))
    }

    /// Reads the notification: the whole JSON-RPC message or its `params`.
    ///
    /// # Errors
    /// When the method is another one, or `elicitationId` is missing, not a string, or empty.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationComplete;
    /// use serde_json::json;
    ///
    /// let done = ElicitationComplete::from_value(&json!({"elicitationId": "e-1"})).unwrap();
    /// assert_eq!(done.elicitation_id(), "e-1");
    /// let error = ElicitationComplete::from_value(&json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {}})).unwrap_err();
    /// assert_eq!(error.to_string(), "`params.elicitationId` is missing");
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (params, path) = jsonrpc::params_of(map, METHOD)?;
        let id = required_str(params, &path, "elicitationId")?;
        Self::new(id).map_err(|error| MessageError::invalid(child(&path, "elicitationId"), error))
    }
}
