//! `URLElicitationRequiredError` (-32042): a server refusing a request until the user has
//! completed one or more URL-mode elicitations (2025-11-25).

use serde_json::{Map, Value};

use super::error::{MessageError, child, item, object, required};
use super::jsonrpc::{self, JsonRpcError, RequestId};
use super::render::{self, RenderError};
use super::request::{ElicitRequest, UrlRequest};
use super::version::ProtocolVersion;
use crate::error::JsonType;

/// The error a server returns when a request cannot proceed until the user completes
/// URL-mode elicitations: code `-32042`, with the elicitations in `data.elicitations`.
///
/// Every elicitation in it must be URL mode with an `elicitationId`; the builder takes
/// [`UrlRequest`]s and refuses one without an id.
///
/// ```
/// use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
/// use serde_json::json;
///
/// let id = "550e8400-e29b-41d4-a716-446655440000";
/// let connect = UrlRequest::new(
///     "Authorization is required to access your Example Co files.",
///     &format!("https://mcp.example.com/connect?elicitationId={id}"),
///     id,
/// )
/// .unwrap();
/// let error = UrlElicitationRequired::new("This request requires more information.", connect).unwrap();
/// assert_eq!(error.to_jsonrpc(2), json!({
///     "jsonrpc": "2.0",
///     "id": 2,
///     "error": {
///         "code": -32042,
///         "message": "This request requires more information.",
///         "data": {"elicitations": [{
///             "mode": "url",
///             "message": "Authorization is required to access your Example Co files.",
///             "url": format!("https://mcp.example.com/connect?elicitationId={id}"),
///             "elicitationId": id
///         }]}
///     }
/// }));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UrlElicitationRequired {
    message: String,
    elicitations: Vec<UrlRequest>,
}

impl UrlElicitationRequired {
    /// `-32042`
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::UrlElicitationRequired::CODE, -32042);
    /// ```
    pub const CODE: i64 = -32042;

    /// The error with its message and first required elicitation.
    ///
    /// # Errors
    /// [`RenderError::MissingElicitationId`] when `elicitation` has no id.
    ///
    /// ```
    /// use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let error = UrlElicitationRequired::new("Connect your account first.", connect).unwrap();
    /// assert_eq!(error.to_error().code, -32042);
    /// ```
    pub fn new(message: impl Into<String>, elicitation: UrlRequest) -> Result<Self, RenderError> {
        Self {
            message: message.into(),
            elicitations: Vec::new(),
        }
        .and(elicitation)
    }

    /// Adds another required elicitation.
    ///
    /// # Errors
    /// [`RenderError::MissingElicitationId`] when `elicitation` has no id.
    ///
    /// ```
    /// use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let pay = UrlRequest::new("Pay", "https://example.com/pay", "p-1").unwrap();
    /// let error = UrlElicitationRequired::new("Two steps first.", connect).unwrap().and(pay).unwrap();
    /// assert_eq!(error.elicitations().len(), 2);
    /// ```
    pub fn and(mut self, elicitation: UrlRequest) -> Result<Self, RenderError> {
        if elicitation.elicitation_id().is_none() {
            return Err(RenderError::MissingElicitationId {
                version: ProtocolVersion::V2025_11_25,
            });
        }
        self.elicitations.push(elicitation);
        Ok(self)
    }

    /// The error's message.
    ///
    /// ```
    /// # use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// # let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let error = UrlElicitationRequired::new("Connect first.", connect).unwrap();
    /// assert_eq!(error.message(), "Connect first.");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The elicitations the user must complete, each with an `elicitationId`.
    ///
    /// ```
    /// # use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// # let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let error = UrlElicitationRequired::new("Connect first.", connect).unwrap();
    /// assert_eq!(error.elicitations()[0].elicitation_id(), Some("c-1"));
    /// ```
    pub fn elicitations(&self) -> &[UrlRequest] {
        &self.elicitations
    }

    /// The `error` object.
    ///
    /// ```
    /// # use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// # let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let error = UrlElicitationRequired::new("Connect first.", connect).unwrap().to_error();
    /// assert_eq!(error.data.unwrap()["elicitations"][0]["mode"], "url");
    /// ```
    pub fn to_error(&self) -> JsonRpcError {
        let elicitations = self
            .elicitations
            .iter()
            .map(|elicitation| render::to_json(&ElicitRequest::Url(elicitation.clone())))
            .collect();
        let mut data = Map::new();
        data.insert("elicitations".to_owned(), Value::Array(elicitations));
        JsonRpcError {
            code: Self::CODE,
            message: self.message.clone(),
            data: Some(Value::Object(data)),
        }
    }

    /// The whole JSON-RPC error response to request `id`.
    ///
    /// ```
    /// # use elicit_core::protocol::{UrlElicitationRequired, UrlRequest};
    /// # let connect = UrlRequest::new("Connect", "https://example.com/connect", "c-1").unwrap();
    /// let response = UrlElicitationRequired::new("Connect first.", connect).unwrap().to_jsonrpc(12);
    /// assert_eq!((response["id"].clone(), response["error"]["code"].clone()), (12.into(), (-32042).into()));
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::error_response(&id.into(), self.to_error().to_value())
    }

    /// Reads the error: a whole error response or its `error` object. A client then shows
    /// each elicitation and may retry the original request after
    /// [`ElicitationComplete`](crate::protocol::ElicitationComplete) arrives.
    ///
    /// ```
    /// use elicit_core::protocol::UrlElicitationRequired;
    /// use serde_json::json;
    ///
    /// let response = json!({"jsonrpc": "2.0", "id": 2, "error": {
    ///     "code": -32042, "message": "Authorization needed",
    ///     "data": {"elicitations": [{"mode": "url", "elicitationId": "e-1",
    ///         "url": "https://mcp.example.com/connect", "message": "Connect your account"}]}
    /// }});
    /// let required = UrlElicitationRequired::from_value(&response).unwrap();
    /// assert_eq!(required.elicitations()[0].elicitation_id(), Some("e-1"));
    /// ```
    ///
    /// # Errors
    /// When the code is not `-32042`, `data.elicitations` is missing, not an array or empty,
    /// or an elicitation is not URL mode or has no `elicitationId`.
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (error, path) = if map.contains_key("error") {
            jsonrpc::check_version(map, "")?;
            (required(map, "", "error")?, "error".to_owned())
        } else {
            (value, String::new())
        };
        let error = JsonRpcError::read(error, &path)?;
        Self::from_error_at(&error, &path)
    }

    /// Reads an already-parsed [`JsonRpcError`].
    ///
    /// # Errors
    /// As [`from_value`](Self::from_value).
    ///
    /// ```
    /// use elicit_core::protocol::{JsonRpcError, UrlElicitationRequired};
    /// use serde_json::json;
    ///
    /// let error = JsonRpcError::from_value(&json!({"code": -32042, "message": "m", "data": {"elicitations": [
    ///     {"mode": "url", "elicitationId": "c-1", "url": "https://example.com/connect", "message": "Connect"}
    /// ]}})).unwrap();
    /// assert_eq!(UrlElicitationRequired::from_error(&error).unwrap().elicitations().len(), 1);
    /// let other = JsonRpcError { code: -32602, message: "m".into(), data: None };
    /// assert!(UrlElicitationRequired::from_error(&other).is_err());
    /// ```
    pub fn from_error(error: &JsonRpcError) -> Result<Self, MessageError> {
        Self::from_error_at(error, "")
    }

    fn from_error_at(error: &JsonRpcError, path: &str) -> Result<Self, MessageError> {
        if error.code != Self::CODE {
            return Err(MessageError::unexpected(
                child(path, "code"),
                "-32042",
                &error.code.to_string(),
            ));
        }
        let data_path = child(path, "data");
        let data = error
            .data
            .as_ref()
            .ok_or_else(|| MessageError::missing(data_path.clone()))?;
        let data = object(data, &data_path)?;
        let list_path = child(&data_path, "elicitations");
        let list = required(data, &data_path, "elicitations")?;
        let list = list
            .as_array()
            .ok_or_else(|| MessageError::wrong_type(list_path.clone(), JsonType::Array, list))?;
        if list.is_empty() {
            return Err(MessageError::invalid(
                list_path,
                "is empty; the error must list the elicitations to complete",
            ));
        }
        let mut elicitations = Vec::with_capacity(list.len());
        for (index, entry) in list.iter().enumerate() {
            let entry_path = item(&list_path, index);
            let params = object(entry, &entry_path)?;
            match ElicitRequest::read_params(params, &entry_path, None)? {
                ElicitRequest::Url(url) if url.elicitation_id().is_some() => elicitations.push(url),
                ElicitRequest::Url(_) => {
                    return Err(MessageError::missing(child(&entry_path, "elicitationId")));
                }
                ElicitRequest::Form(_) => {
                    return Err(MessageError::unexpected(
                        child(&entry_path, "mode"),
                        "\"url\"",
                        "form",
                    ));
                }
            }
        }
        Ok(Self {
            message: error.message.clone(),
            elicitations,
        })
    }
}
