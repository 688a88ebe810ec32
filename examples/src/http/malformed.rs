//! The JSON-RPC error a malformed request deserves, where rmcp gives none or the wrong one.
//!
//! rmcp 3.9 reads a POST body into its `ClientJsonRpcMessage`. A body it cannot read at all
//! it answers with HTTP 415 and a line of plain text; a `tools/call` or `prompts/get` whose
//! params do not fit its types it reads as a method of the server's own, which the server
//! does not have: HTTP 404 (or an event of 200 in a session), `-32601` "tools/call". Neither
//! is configurable in rmcp, so [`screen`] reads the body first — once, keeping nothing but
//! what it checks — and answers:
//!
//! | the body | the answer |
//! |---|---|
//! | not JSON, or cut short | HTTP 400, `-32700` parse error, with the line and column |
//! | a batch (an array), or JSON that is not an object | HTTP 400, `-32600` invalid request |
//! | a `tools/call` or `prompts/get` whose params are not what rmcp reads | HTTP 200, `-32602` invalid params, naming each |
//!
//! Whatever else rmcp cannot read (a `jsonrpc` that is not `"2.0"`, an `id` of the wrong
//! type, a member given twice at the top, a value nested deeper than 128) it still refuses
//! with its 415; [`unreadable`] turns that into HTTP 400, `-32600`, with rmcp's reason.

use std::error::Error;
use std::fmt;
use std::marker::PhantomData;

use axum::body::Body;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rmcp::model::{ErrorData, JsonRpcError, RequestId};
use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// The methods whose params carry answers (`inputResponses`, `requestState`). rmcp reads
/// both into structs of the same keys (`CallToolRequestParams`, `GetPromptRequestParams`),
/// and ignores any other key.
const ANSWERING_METHODS: [&str; 2] = ["tools/call", "prompts/get"];

/// A param rmcp reads for those methods: its key, the JSON type it must have, and what it
/// holds (for the error).
struct Param {
    key: &'static str,
    kind: Kind,
    required: bool,
    holds: &'static str,
}

impl Param {
    /// Whether a value of `kind` is read: one of the param's kind, or `null` for absent.
    fn accepts(&self, kind: Kind) -> bool {
        kind == self.kind || kind == Kind::Null
    }
}

const PARAMS: [Param; 5] = [
    Param {
        key: "name",
        kind: Kind::String,
        required: true,
        holds: "the name of the tool or prompt",
    },
    Param {
        key: "arguments",
        kind: Kind::Object,
        required: false,
        holds: "the arguments, by name",
    },
    Param {
        key: "inputResponses",
        kind: Kind::Object,
        required: false,
        holds: "the answers, by the key of each input request",
    },
    Param {
        key: "requestState",
        kind: Kind::String,
        required: false,
        holds: "the state the server sent, unchanged",
    },
    Param {
        key: "_meta",
        kind: Kind::Object,
        required: false,
        holds: "the request's metadata",
    },
];

/// The refusal of a body that `screen` finds malformed, or `None` to let rmcp read it.
///
/// The body is read once, building nothing but the `id`, the `method` and the kind of each
/// param in [`PARAMS`]; `serde_json` skips what is inside arrays and other objects without
/// recursing, however deep.
pub fn screen(body: &[u8]) -> Option<Response> {
    let message = match serde_json::from_slice::<Read<Message>>(body) {
        Ok(Read::Object(message)) => message,
        Ok(other) if other.kind() == Kind::Array => {
            let reason = "a batch (a JSON array) is not supported; send one message per request";
            return Some(invalid_request(reason));
        }
        Ok(other) => {
            let reason = format!("a JSON-RPC message is an object, got {}", other.kind());
            return Some(invalid_request(&reason));
        }
        Err(error) => {
            let error = ErrorData::parse_error(format!("Parse error: {error}"), None);
            return Some(reply(StatusCode::BAD_REQUEST, None, error));
        }
    };
    let Message {
        id,
        method,
        params,
        repeated,
    } = message;
    // Only a request rmcp can otherwise read, to one of the two methods: the rest is rmcp's.
    let (Some(Read::String(method)), false) = (method, repeated) else {
        return None;
    };
    if !ANSWERING_METHODS.contains(&method.as_str()) {
        return None;
    }
    let id = match id? {
        Read::String(id) => RequestId::String(id.into()),
        Read::Number(id) => RequestId::Number(id.as_i64()?),
        Read::Object(()) | Read::Other(_) => return None,
    };
    let problems = match params {
        None => vec![format!(
            "`params` is missing; {method} needs at least `name`"
        )],
        Some(Read::Object(found)) => found.problems(),
        Some(other) => vec![format!("`params` must be an object, got {}", other.kind())],
    };
    if problems.is_empty() {
        return None;
    }
    let message = format!("Invalid params of {method}: {}", problems.join("; "));
    let error = ErrorData::invalid_params(message, None);
    Some(reply(StatusCode::OK, Some(id), error))
}

/// rmcp's answer, unless it is the 415 it gives a JSON body it cannot read: that becomes
/// HTTP 400, `-32600`, with rmcp's reason.
pub async fn unreadable(response: Response) -> Response {
    if response.status() != StatusCode::UNSUPPORTED_MEDIA_TYPE {
        return response;
    }
    // The guard only hands rmcp a body declared JSON, so this 415 is about the body. rmcp's
    // text is one short line: "fail to deserialize request body <serde's reason>".
    let text = axum::body::to_bytes(response.into_body(), 4 * 1024).await;
    let text = text
        .as_deref()
        .map(String::from_utf8_lossy)
        .unwrap_or_default();
    let reason = text
        .strip_prefix("fail to deserialize request body ")
        .unwrap_or(&text);
    invalid_request(reason)
}

/// HTTP 413 with `-32600`, for a body over `limit` bytes.
pub fn too_large(limit: usize) -> Response {
    let reason = format!("the request body is over the limit of {limit} bytes");
    let error = ErrorData::invalid_request(format!("Invalid Request: {reason}"), None);
    reply(StatusCode::PAYLOAD_TOO_LARGE, None, error)
}

/// HTTP 400 with `-32600`, for a body that could not be read to its end.
pub fn unread(error: &(dyn Error + Send + Sync)) -> Response {
    invalid_request(&format!("the request body could not be read: {error}"))
}

fn invalid_request(reason: &str) -> Response {
    let error = ErrorData::invalid_request(format!("Invalid Request: {reason}"), None);
    reply(StatusCode::BAD_REQUEST, None, error)
}

/// A JSON-RPC error response. Without an `id` (one that could not be read), the member is
/// left out, as rmcp does and as MCP 2026-07-28 asks.
fn reply(status: StatusCode, id: Option<RequestId>, error: ErrorData) -> Response {
    let body = serde_json::to_vec(&JsonRpcError::new(id, error))
        .expect("a JSON-RPC error of strings and numbers serializes");
    let json = [(header::CONTENT_TYPE, "application/json")];
    (status, json, Body::from(body)).into_response()
}

// ---------------------------------------------------------------- reading the shape

/// The JSON type of a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Null,
    Boolean,
    Number,
    String,
    Array,
    Object,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Null => "null",
            Self::Boolean => "a boolean",
            Self::Number => "a number",
            Self::String => "a string",
            Self::Array => "an array",
            Self::Object => "an object",
        })
    }
}

/// A JSON value as `screen` reads it: an object by `T`, a string or a number kept, anything
/// else only its kind (an array skipped unread).
enum Read<T> {
    Object(T),
    String(String),
    Number(serde_json::Number),
    Other(Kind),
}

impl<T> Read<T> {
    fn kind(&self) -> Kind {
        match self {
            Self::Object(_) => Kind::Object,
            Self::String(_) => Kind::String,
            Self::Number(_) => Kind::Number,
            Self::Other(kind) => *kind,
        }
    }
}

/// What is read of an object, one member at a time.
trait FromObject<'de>: Sized {
    fn from_object<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// An object skipped unread.
impl<'de> FromObject<'de> for () {
    fn from_object<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// The members of a message `screen` needs.
struct Message {
    id: Option<Read<()>>,
    method: Option<Read<()>>,
    params: Option<Read<Found>>,
    /// `id`, `method` or `params` is given twice (rmcp refuses the message).
    repeated: bool,
}

impl<'de> FromObject<'de> for Message {
    fn from_object<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut message = Message {
            id: None,
            method: None,
            params: None,
            repeated: false,
        };
        while let Some(key) = map.next_key::<String>()? {
            let repeated = match key.as_str() {
                "id" => message.id.replace(map.next_value()?).is_some(),
                "method" => message.method.replace(map.next_value()?).is_some(),
                "params" => message.params.replace(map.next_value()?).is_some(),
                _ => map.next_value::<IgnoredAny>().map(|_| false)?,
            };
            message.repeated |= repeated;
        }
        Ok(message)
    }
}

/// The kind of each param of [`PARAMS`] present, in its order, and which are given twice.
struct Found {
    kinds: [Option<Kind>; PARAMS.len()],
    repeated: [bool; PARAMS.len()],
}

impl<'de> FromObject<'de> for Found {
    fn from_object<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut found = Found {
            kinds: [None; PARAMS.len()],
            repeated: [false; PARAMS.len()],
        };
        while let Some(key) = map.next_key::<String>()? {
            let Some(at) = PARAMS.iter().position(|param| param.key == key) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let kind = map.next_value::<Read<()>>()?.kind();
            found.repeated[at] |= found.kinds[at].is_some();
            // Of a key given twice, a value of the wrong kind is kept, to be named too.
            if found.kinds[at].is_none_or(|kept| PARAMS[at].accepts(kept)) {
                found.kinds[at] = Some(kind);
            }
        }
        Ok(found)
    }
}

impl Found {
    /// Each param missing, given twice, or of the wrong kind (`null` reads as absent).
    fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for ((param, kind), repeated) in PARAMS.iter().zip(self.kinds).zip(self.repeated) {
            let key = param.key;
            if repeated {
                problems.push(format!("`{key}` is given twice"));
            }
            match kind {
                None | Some(Kind::Null) if param.required => {
                    problems.push(format!("`{key}` is missing ({})", param.holds));
                }
                Some(kind) if !param.accepts(kind) => {
                    let (want, holds) = (param.kind, param.holds);
                    problems.push(format!("`{key}` must be {want} ({holds}), got {kind}"));
                }
                _ => {}
            }
        }
        problems
    }
}

impl<'de, T: FromObject<'de>> Deserialize<'de> for Read<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ReadVisitor(PhantomData))
    }
}

struct ReadVisitor<T>(PhantomData<T>);

impl<'de, T: FromObject<'de>> Visitor<'de> for ReadVisitor<T> {
    type Value = Read<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        T::from_object(map).map(Read::Object)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Read::Other(Kind::Array))
    }
    fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Read::String(text.to_owned()))
    }
    fn visit_i64<E>(self, number: i64) -> Result<Self::Value, E> {
        Ok(Read::Number(number.into()))
    }
    fn visit_u64<E>(self, number: u64) -> Result<Self::Value, E> {
        Ok(Read::Number(number.into()))
    }
    fn visit_f64<E>(self, number: f64) -> Result<Self::Value, E> {
        // serde_json never hands over a non-finite number.
        Ok(serde_json::Number::from_f64(number).map_or(Read::Other(Kind::Number), Read::Number))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Read::Other(Kind::Boolean))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Read::Other(Kind::Null))
    }
}
