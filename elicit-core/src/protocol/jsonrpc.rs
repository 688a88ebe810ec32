//! The JSON-RPC 2.0 envelope MCP messages travel in: request ids, error objects, and the
//! readers that look through an envelope to the part this crate types.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::{MessageError, child, object, optional_str, required, required_str};
use crate::error::JsonType;

/// The `jsonrpc` member of every message.
pub(crate) const VERSION: &str = "2.0";

/// A JSON-RPC request id: MCP allows a string or an integer.
///
/// ```
/// use elicit_core::protocol::RequestId;
///
/// assert_eq!(serde_json::to_value(RequestId::from(7)).unwrap(), serde_json::json!(7));
/// assert_eq!(serde_json::to_value(RequestId::from("abc")).unwrap(), serde_json::json!("abc"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    /// An integer id.
    Number(i64),
    /// A string id.
    String(String),
}

impl From<i64> for RequestId {
    fn from(id: i64) -> Self {
        Self::Number(id)
    }
}

impl From<i32> for RequestId {
    fn from(id: i32) -> Self {
        Self::Number(i64::from(id))
    }
}

impl From<u32> for RequestId {
    fn from(id: u32) -> Self {
        Self::Number(i64::from(id))
    }
}

impl From<&str> for RequestId {
    fn from(id: &str) -> Self {
        Self::String(id.to_owned())
    }
}

impl From<String> for RequestId {
    fn from(id: String) -> Self {
        Self::String(id)
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(id) => write!(f, "{id}"),
            Self::String(id) => write!(f, "{id:?}"),
        }
    }
}

impl RequestId {
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Self::Number(id) => Value::from(*id),
            Self::String(id) => Value::String(id.clone()),
        }
    }
}

/// The `error` object of a JSON-RPC error response: `{"code":…,"message":…,"data":…}`.
///
/// ```
/// use elicit_core::protocol::JsonRpcError;
/// use serde_json::json;
///
/// let error = JsonRpcError::from_value(&json!({"code": -32602, "message": "bad mode"})).unwrap();
/// assert_eq!(error.code, -32602);
/// assert_eq!(error.to_string(), "JSON-RPC error -32602: bad mode");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonRpcError {
    /// The error code (`-32602` invalid params, `-32042` URL elicitation required, …).
    pub code: i64,
    /// A short description.
    pub message: String,
    /// Whatever the sender attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

impl JsonRpcError {
    /// `-32602`: what a client returns for an `elicitation/create` whose mode it did not
    /// declare.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::JsonRpcError::INVALID_PARAMS, -32602);
    /// ```
    pub const INVALID_PARAMS: i64 = -32602;

    /// Reads an `error` object.
    ///
    /// # Errors
    /// When `value` is not an object with an integer `code` and a string `message`.
    ///
    /// ```
    /// use elicit_core::protocol::JsonRpcError;
    /// use serde_json::json;
    ///
    /// let error = JsonRpcError::from_value(&json!({"code": -32042, "message": "m", "data": {}})).unwrap();
    /// assert_eq!(error.data, Some(json!({})));
    /// assert!(JsonRpcError::from_value(&json!({"code": "x", "message": "m"})).is_err());
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        Self::read(value, "")
    }

    pub(crate) fn read(value: &Value, path: &str) -> Result<Self, MessageError> {
        let map = object(value, path)?;
        let code = required(map, path, "code")?;
        let code = code.as_i64().ok_or_else(|| {
            MessageError::wrong_type(child(path, "code"), JsonType::Integer, code)
        })?;
        Ok(Self {
            code,
            message: required_str(map, path, "message")?.to_owned(),
            data: map.get("data").cloned(),
        })
    }

    /// This error as the JSON object.
    ///
    /// ```
    /// use elicit_core::protocol::JsonRpcError;
    /// let error = JsonRpcError { code: -1, message: "m".into(), data: None };
    /// assert_eq!(error.to_value(), serde_json::json!({"code": -1, "message": "m"}));
    /// ```
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("code".to_owned(), Value::from(self.code));
        map.insert("message".to_owned(), Value::String(self.message.clone()));
        if let Some(data) = &self.data {
            map.insert("data".to_owned(), data.clone());
        }
        Value::Object(map)
    }

    /// The whole error response: `{"jsonrpc":"2.0","id":…,"error":{…}}`.
    ///
    /// ```
    /// use elicit_core::protocol::JsonRpcError;
    ///
    /// let error = JsonRpcError { code: -32602, message: "no".into(), data: None };
    /// assert_eq!(
    ///     error.to_jsonrpc(3),
    ///     serde_json::json!({"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "no"}}),
    /// );
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        error_response(&id.into(), self.to_value())
    }
}

impl fmt::Display for JsonRpcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JSON-RPC error {}: {}", self.code, self.message)
    }
}

impl std::error::Error for JsonRpcError {}

/// `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`
pub(crate) fn request(id: &RequestId, method: &str, params: Value) -> Value {
    let mut map = Map::new();
    map.insert("jsonrpc".to_owned(), Value::from(VERSION));
    map.insert("id".to_owned(), id.to_json());
    map.insert("method".to_owned(), Value::from(method));
    map.insert("params".to_owned(), params);
    Value::Object(map)
}

/// `{"jsonrpc":"2.0","method":…,"params":…}`
pub(crate) fn notification(method: &str, params: Value) -> Value {
    let mut map = Map::new();
    map.insert("jsonrpc".to_owned(), Value::from(VERSION));
    map.insert("method".to_owned(), Value::from(method));
    map.insert("params".to_owned(), params);
    Value::Object(map)
}

/// `{"jsonrpc":"2.0","id":…,"result":…}`
pub(crate) fn result_response(id: &RequestId, result: Value) -> Value {
    let mut map = Map::new();
    map.insert("jsonrpc".to_owned(), Value::from(VERSION));
    map.insert("id".to_owned(), id.to_json());
    map.insert("result".to_owned(), result);
    Value::Object(map)
}

/// `{"jsonrpc":"2.0","id":…,"error":…}`
pub(crate) fn error_response(id: &RequestId, error: Value) -> Value {
    let mut map = Map::new();
    map.insert("jsonrpc".to_owned(), Value::from(VERSION));
    map.insert("id".to_owned(), id.to_json());
    map.insert("error".to_owned(), error);
    Value::Object(map)
}

/// Checks `jsonrpc`, when present, is `"2.0"` (the 2026-07-28 `InputRequests` entries
/// carry no `jsonrpc`, so its absence is not an error here).
pub(crate) fn check_version(map: &Map<String, Value>, path: &str) -> Result<(), MessageError> {
    match optional_str(map, path, "jsonrpc")? {
        None | Some(VERSION) => Ok(()),
        Some(other) => Err(MessageError::unexpected(
            child(path, "jsonrpc"),
            "\"2.0\"",
            other,
        )),
    }
}

/// If `map` is a request or notification envelope (it has `method`), checks the method and
/// returns the `params` object with its path; otherwise returns `map` itself as the params.
pub(crate) fn params_of<'a>(
    map: &'a Map<String, Value>,
    method: &str,
) -> Result<(&'a Map<String, Value>, String), MessageError> {
    if map.contains_key("method") {
        check_version(map, "")?;
        super::error::expect_const(map, "", "method", method)?;
        let params = required(map, "", "params")?;
        Ok((object(params, "params")?, "params".to_owned()))
    } else {
        Ok((map, String::new()))
    }
}
