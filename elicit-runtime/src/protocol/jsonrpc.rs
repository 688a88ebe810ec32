//! The JSON-RPC 2.0 envelope MCP messages travel in: request ids, error objects, and the
//! readers that look through an envelope to the part this crate types.

use std::fmt;

use serde_core::de::{self, IgnoredAny, MapAccess, Visitor};
use serde_core::ser::SerializeMap;
use serde_core::{Deserialize, Deserializer, Serialize, Serializer};
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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

// Written by hand (with `JsonRpcError`'s below) so that elicit-core needs serde without its
// `derive` feature.
impl Serialize for RequestId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Number(id) => serializer.serialize_i64(*id),
            Self::String(id) => serializer.serialize_str(id),
        }
    }
}

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;

        impl Visitor<'_> for IdVisitor {
            type Value = RequestId;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a request id (a string or an integer)")
            }

            fn visit_i64<E: de::Error>(self, id: i64) -> Result<RequestId, E> {
                Ok(RequestId::Number(id))
            }

            fn visit_u64<E: de::Error>(self, id: u64) -> Result<RequestId, E> {
                i64::try_from(id).map(RequestId::Number).map_err(|_| {
                    E::invalid_value(de::Unexpected::Unsigned(id), &"an integer id within i64")
                })
            }

            fn visit_str<E: de::Error>(self, id: &str) -> Result<RequestId, E> {
                Ok(RequestId::String(id.to_owned()))
            }

            fn visit_string<E: de::Error>(self, id: String) -> Result<RequestId, E> {
                Ok(RequestId::String(id))
            }
        }

        deserializer.deserialize_any(IdVisitor)
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
#[derive(Debug, Clone, PartialEq)]
pub struct JsonRpcError {
    /// The error code (`-32602` invalid params, `-32042` URL elicitation required, …).
    pub code: i64,
    /// A short description.
    pub message: String,
    /// Whatever the sender attached (left out of the JSON when `None`).
    pub data: Option<Value>,
}

impl Serialize for JsonRpcError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &self.code)?;
        map.serialize_entry("message", &self.message)?;
        if let Some(data) = &self.data {
            map.serialize_entry("data", data)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for JsonRpcError {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ErrorVisitor;

        impl<'de> Visitor<'de> for ErrorVisitor {
            type Value = JsonRpcError;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#"a JSON-RPC error object {"code": …, "message": …}"#)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonRpcError, A::Error> {
                let (mut code, mut message, mut data) = (None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    let duplicate = match key.as_str() {
                        "code" => code.replace(map.next_value::<i64>()?).is_some(),
                        "message" => message.replace(map.next_value::<String>()?).is_some(),
                        "data" => data.replace(map.next_value::<Option<Value>>()?).is_some(),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            false
                        }
                    };
                    if duplicate {
                        return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                    }
                }
                Ok(JsonRpcError {
                    code: code.ok_or_else(|| de::Error::missing_field("code"))?,
                    message: message.ok_or_else(|| de::Error::missing_field("message"))?,
                    data: data.flatten(),
                })
            }
        }

        deserializer.deserialize_map(ErrorVisitor)
    }
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{JsonRpcError, RequestId};

    #[test]
    fn request_ids_read_as_an_untagged_enum_would() {
        assert_eq!(
            serde_json::from_value::<RequestId>(json!(7)).unwrap(),
            RequestId::Number(7)
        );
        assert_eq!(
            serde_json::from_value::<RequestId>(json!(-7)).unwrap(),
            RequestId::Number(-7)
        );
        assert_eq!(
            serde_json::from_value::<RequestId>(json!("a")).unwrap(),
            RequestId::String("a".to_owned())
        );
        for bad in [
            json!(1.5),
            json!(u64::MAX),
            json!(null),
            json!([1]),
            json!({"id": 1}),
        ] {
            assert!(
                serde_json::from_value::<RequestId>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        let id = RequestId::String("x".to_owned());
        assert_eq!(serde_json::to_value(&id).unwrap(), json!("x"));
    }

    #[test]
    fn error_objects_round_trip_and_name_what_is_missing() {
        let full = json!({"code": -32602, "message": "bad", "data": {"field": "age"}});
        let error: JsonRpcError = serde_json::from_value(full.clone()).unwrap();
        assert_eq!(error.data, Some(json!({"field": "age"})));
        assert_eq!(serde_json::to_value(&error).unwrap(), full);

        let bare: JsonRpcError =
            serde_json::from_value(json!({"code": 1, "message": "m", "data": null, "x": 2}))
                .unwrap();
        assert_eq!(bare.data, None);
        assert_eq!(
            serde_json::to_value(&bare).unwrap(),
            json!({"code": 1, "message": "m"})
        );

        let missing = serde_json::from_value::<JsonRpcError>(json!({"code": 1})).unwrap_err();
        assert_eq!(missing.to_string(), "missing field `message`");
        let twice = serde_json::from_str::<JsonRpcError>(r#"{"code":1,"code":2,"message":"m"}"#)
            .unwrap_err();
        assert!(
            twice.to_string().starts_with("duplicate field `code`"),
            "{twice}"
        );
        let wrong = serde_json::from_value::<JsonRpcError>(json!({"code": "1", "message": "m"}));
        assert!(wrong.is_err());
    }
}
