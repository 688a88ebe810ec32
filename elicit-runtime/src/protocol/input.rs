//! The 2026-07-28 delivery: elicitations ride in a result's `inputRequests`, and the answers
//! come back in the retried request's `inputResponses`.

use serde_core::ser::SerializeMap;
use serde_core::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::error::{MessageError, child, object, optional_str, required, required_object};
use super::jsonrpc::{self, RequestId};
use super::ordered::Json;
use super::outcome::{ElicitResult, OutcomeError};
use super::render;
use super::request::{ElicitRequest, METHOD};

/// The `resultType` of an `InputRequiredResult`.
const INPUT_REQUIRED: &str = "input_required";

/// A 2026-07-28 `InputRequiredResult`: the server's answer to a request (such as
/// `tools/call`) that needs input first. Each elicitation is an entry of `inputRequests`
/// under a key the server chooses; the client retries the original request with the answers
/// under the same keys in `inputResponses` (see [`InputResponses`]).
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
/// use serde_json::json;
///
/// /// Please provide your GitHub username
/// #[derive(Elicit)]
/// struct GitHub {
///     /// Your GitHub username
///     #[elicit(title = "GitHub Username")]
///     name: String,
/// }
///
/// let result = InputRequiredResult::new("github", ElicitRequest::form::<GitHub>())
///     .with_state("opaque-state-1");
/// assert_eq!(result.to_value(), json!({
///     "resultType": "input_required",
///     "inputRequests": {
///         "github": {
///             "method": "elicitation/create",
///             "params": {
///                 "mode": "form",
///                 "message": "Please provide your GitHub username",
///                 "requestedSchema": {
///                     "type": "object",
///                     "properties": {"name": {"type": "string", "title": "GitHub Username", "description": "Your GitHub username"}},
///                     "required": ["name"]
///                 }
///             }
///         }
///     },
///     "requestState": "opaque-state-1"
/// }));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct InputRequiredResult {
    requests: Vec<(String, InputRequest)>,
    state: Option<String>,
}

/// One entry of `inputRequests`: an elicitation, or another kind of server-to-client request
/// (sampling, roots) kept as JSON.
///
/// ```
/// use elicit_core::protocol::{InputRequest, InputRequiredResult};
/// use serde_json::json;
///
/// let result = InputRequiredResult::from_value(&json!({
///     "resultType": "input_required",
///     "inputRequests": {"roots": {"method": "roots/list"}}
/// })).unwrap();
/// assert!(matches!(&result.requests()[0].1, InputRequest::Other(value) if value["method"] == "roots/list"));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum InputRequest {
    /// `elicitation/create`.
    Elicit(ElicitRequest),
    /// Any other method, as sent.
    Other(Value),
}

impl InputRequiredResult {
    /// A result asking for one elicitation, under `key`.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
    ///
    /// let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let result = InputRequiredResult::new("sign-in", request);
    /// assert_eq!(result.to_value()["inputRequests"]["sign-in"]["params"]["url"], "https://example.com/in");
    /// ```
    pub fn new(key: impl Into<String>, request: ElicitRequest) -> Self {
        Self {
            requests: vec![(key.into(), InputRequest::Elicit(request))],
            state: None,
        }
    }

    /// A result with only a `requestState` (the spec requires `inputRequests` or
    /// `requestState`, so there is no empty constructor).
    ///
    /// ```
    /// let result = elicit_core::protocol::InputRequiredResult::state_only("step-2");
    /// assert_eq!(result.to_value(), serde_json::json!({"resultType": "input_required", "requestState": "step-2"}));
    /// ```
    pub fn state_only(state: impl Into<String>) -> Self {
        Self {
            requests: Vec::new(),
            state: Some(state.into()),
        }
    }

    /// Adds an elicitation under `key` (replacing one already under that key).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
    ///
    /// let sign_in = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let pay = ElicitRequest::url("Pay", "https://example.com/pay", "e-2").unwrap();
    /// let result = InputRequiredResult::new("sign-in", sign_in).with("pay", pay);
    /// assert_eq!(result.requests().len(), 2);
    /// ```
    #[must_use]
    pub fn with(mut self, key: impl Into<String>, request: ElicitRequest) -> Self {
        let key = key.into();
        let entry = InputRequest::Elicit(request);
        match self.requests.iter_mut().find(|(known, _)| *known == key) {
            Some(slot) => slot.1 = entry,
            None => self.requests.push((key, entry)),
        }
        self
    }

    /// Adds any input request under `key` (replacing one already under that key): an
    /// elicitation, or another kind of request kept as JSON (`sampling/createMessage`,
    /// `roots/list`).
    ///
    /// ```
    /// use elicit_core::protocol::{InputRequest, InputRequiredResult};
    /// use serde_json::json;
    ///
    /// let roots = InputRequest::Other(json!({"method": "roots/list"}));
    /// let result = InputRequiredResult::state_only("s").with_request("roots", roots);
    /// assert_eq!(result.to_value()["inputRequests"]["roots"]["method"], "roots/list");
    /// ```
    #[must_use]
    pub fn with_request(mut self, key: impl Into<String>, request: InputRequest) -> Self {
        let key = key.into();
        match self.requests.iter_mut().find(|(known, _)| *known == key) {
            Some(slot) => slot.1 = request,
            None => self.requests.push((key, request)),
        }
        self
    }

    /// Sets `requestState`, the opaque state the client echoes back on retry.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
    /// # let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let result = InputRequiredResult::new("sign-in", request).with_state("opaque");
    /// assert_eq!(result.state(), Some("opaque"));
    /// ```
    #[must_use]
    pub fn with_state(mut self, state: impl Into<String>) -> Self {
        self.state = Some(state.into());
        self
    }

    /// The `requestState`, if any.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::InputRequiredResult::state_only("s").state(), Some("s"));
    /// ```
    pub fn state(&self) -> Option<&str> {
        self.state.as_deref()
    }

    /// Every `inputRequests` entry, in order.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, InputRequest, InputRequiredResult};
    /// # let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let result = InputRequiredResult::new("sign-in", request);
    /// assert!(matches!(&result.requests()[0], (key, InputRequest::Elicit(_)) if key == "sign-in"));
    /// ```
    pub fn requests(&self) -> &[(String, InputRequest)] {
        &self.requests
    }

    /// The elicitation entries, with their keys.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitRequest, InputRequiredResult};
    /// # let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let result = InputRequiredResult::new("sign-in", request);
    /// let (key, request) = result.elicitations().next().unwrap();
    /// assert_eq!((key, request.mode()), ("sign-in", ElicitMode::Url));
    /// ```
    pub fn elicitations(&self) -> impl Iterator<Item = (&str, &ElicitRequest)> {
        self.requests
            .iter()
            .filter_map(|(key, request)| match request {
                InputRequest::Elicit(request) => Some((key.as_str(), request)),
                InputRequest::Other(_) => None,
            })
    }

    /// The result object, each elicitation rendered for 2026-07-28.
    ///
    /// Serializing the result itself (`serde_json::to_string(&result)`) writes the same JSON
    /// with every form's fields in declaration order, whatever `serde_json`'s features.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
    /// # let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    /// let value = InputRequiredResult::new("sign-in", request).to_value();
    /// assert_eq!(value["resultType"], "input_required");
    /// assert!(value["inputRequests"]["sign-in"]["params"].get("elicitationId").is_none());
    /// ```
    pub fn to_value(&self) -> Value {
        render::to_json(self)
    }

    /// The whole JSON-RPC response to request `id`.
    ///
    /// ```
    /// use elicit_core::protocol::InputRequiredResult;
    /// let response = InputRequiredResult::state_only("s").to_jsonrpc(8);
    /// assert_eq!(response["result"]["requestState"], "s");
    /// assert_eq!(response["id"], 8);
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::result_response(&id.into(), self.to_value())
    }

    /// Reads an `InputRequiredResult` (a client's side): the result object or a whole
    /// JSON-RPC response.
    ///
    /// ```
    /// use elicit_core::protocol::InputRequiredResult;
    /// use serde_json::json;
    ///
    /// let result = InputRequiredResult::from_value(&json!({
    ///     "resultType": "input_required",
    ///     "inputRequests": {"key": {"method": "elicitation/create", "params": {
    ///         "mode": "url", "url": "https://example.com/", "message": "Open this"
    ///     }}}
    /// })).unwrap();
    /// let (key, request) = result.elicitations().next().unwrap();
    /// assert_eq!((key, request.message_text()), ("key", "Open this"));
    /// ```
    ///
    /// # Errors
    /// When `resultType` is not `"input_required"`, neither `inputRequests` nor
    /// `requestState` is present, or an elicitation entry is malformed.
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        Self::read(value, None)
    }

    fn read(value: &Value, ordered: Option<&Json>) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (map, path, ordered) = if map.contains_key("result") {
            jsonrpc::check_version(map, "")?;
            (
                required_object(map, "", "result")?,
                "result".to_owned(),
                ordered.and_then(|json| json.get("result")),
            )
        } else {
            (map, String::new(), ordered)
        };
        let ordered = ordered.and_then(|json| json.get("inputRequests"));
        super::error::expect_const(map, &path, "resultType", INPUT_REQUIRED)?;
        let state = optional_str(map, &path, "requestState")?.map(str::to_owned);
        let mut requests = Vec::new();
        if let Some(entries) = map.get("inputRequests") {
            let list_path = child(&path, "inputRequests");
            for (key, entry) in object(entries, &list_path)? {
                let entry_path = child(&list_path, key);
                let entry_map = object(entry, &entry_path)?;
                let request = if entry_map.get("method").and_then(Value::as_str) == Some(METHOD) {
                    let params_path = child(&entry_path, "params");
                    let params = required(entry_map, &entry_path, "params")?;
                    InputRequest::Elicit(ElicitRequest::read_params(
                        object(params, &params_path)?,
                        &params_path,
                        ordered.and_then(|json| json.get(key)?.get("params")),
                    )?)
                } else {
                    InputRequest::Other(entry.clone())
                };
                requests.push((key.clone(), request));
            }
        } else if state.is_none() {
            return Err(MessageError::invalid(
                path,
                "has neither `inputRequests` nor `requestState`",
            ));
        }
        Ok(Self { requests, state })
    }
}

impl<'de> Deserialize<'de> for InputRequiredResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Through the order-keeping tree, so each form's fields stay in the server's order.
        let json = Json::deserialize(deserializer)?;
        Self::read(&json.to_value(), Some(&json)).map_err(serde_core::de::Error::custom)
    }
}

impl Serialize for InputRequiredResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("resultType", INPUT_REQUIRED)?;
        if !self.requests.is_empty() {
            map.serialize_entry("inputRequests", &Entries(&self.requests))?;
        }
        if let Some(state) = &self.state {
            map.serialize_entry("requestState", state)?;
        }
        map.end()
    }
}

/// `inputRequests`, in insertion order, each elicitation rendered for 2026-07-28.
struct Entries<'a>(&'a [(String, InputRequest)]);

impl Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, request) in self.0 {
            match request {
                InputRequest::Elicit(request) => {
                    map.serialize_entry(key, &render::InputRequestView(request))?;
                }
                InputRequest::Other(value) => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}

/// The 2026-07-28 `inputResponses` map a client sends when it retries the original request:
/// each key of the server's `inputRequests` with the client's result.
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome};
/// use elicit_core::protocol::{ElicitResult, InputResponses};
/// use serde_json::json;
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct GitHub { name: String }
///
/// // The client:
/// let content = json!({"name": "octocat"}).as_object().unwrap().clone();
/// let responses = InputResponses::new().with("github", &ElicitResult::accept(content));
/// let params = json!({"name": "deploy", "inputResponses": responses.to_value(), "requestState": "opaque-state-1"});
///
/// // The server, reading the retried `tools/call` params:
/// let responses = InputResponses::from_value(&params).unwrap();
/// let outcome = responses.outcome::<GitHub>("github").unwrap();
/// assert_eq!(outcome, ElicitOutcome::Accepted(GitHub { name: "octocat".into() }));
/// assert!(responses.outcome::<GitHub>("other").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct InputResponses {
    entries: Map<String, Value>,
}

impl InputResponses {
    /// No responses yet.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::new().with("pay", &ElicitResult::cancel());
    /// assert_eq!(responses.to_value(), serde_json::json!({"pay": {"action": "cancel"}}));
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) the result for `key`.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::new()
    ///     .with("sign-in", &ElicitResult::accept_url())
    ///     .with("pay", &ElicitResult::decline());
    /// assert_eq!(responses.keys().count(), 2);
    /// ```
    #[must_use]
    pub fn with(mut self, key: impl Into<String>, result: &ElicitResult) -> Self {
        self.insert(key, result);
        self
    }

    /// Adds (or replaces) the result for `key`.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitAction, ElicitResult, InputResponses};
    /// let mut responses = InputResponses::new();
    /// responses.insert("pay", &ElicitResult::decline());
    /// responses.insert("pay", &ElicitResult::cancel());
    /// assert_eq!(responses.result("pay").unwrap().action, ElicitAction::Cancel);
    /// ```
    pub fn insert(&mut self, key: impl Into<String>, result: &ElicitResult) {
        self.entries.insert(key.into(), result.to_value());
    }

    /// The raw entry for `key` (which, for an elicitation, is an `ElicitResult` object).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::new().with("pay", &ElicitResult::decline());
    /// assert_eq!(responses.get("pay"), Some(&serde_json::json!({"action": "decline"})));
    /// assert_eq!(responses.get("other"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.get(key)
    }

    /// The keys.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::new().with("pay", &ElicitResult::decline());
    /// assert_eq!(responses.keys().collect::<Vec<_>>(), ["pay"]);
    /// ```
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The untyped result under `key`.
    ///
    /// # Errors
    /// [`OutcomeError::Malformed`] when `key` is absent or its entry is not an
    /// `ElicitResult`, [`OutcomeError::UnknownAction`] for an unknown action.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::from_value(&serde_json::json!({"sign-in": {"action": "accept"}})).unwrap();
    /// assert_eq!(responses.result("sign-in").unwrap(), ElicitResult::accept_url());
    /// assert!(responses.result("pay").is_err());
    /// ```
    pub fn result(&self, key: &str) -> Result<ElicitResult, OutcomeError> {
        let path = child("inputResponses", key);
        let entry = self
            .get(key)
            .ok_or_else(|| MessageError::missing(path.clone()))?;
        ElicitResult::read(object(entry, &path)?, &path)
    }

    /// The `inputResponses` object.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitResult, InputResponses};
    /// let responses = InputResponses::new().with("sign-in", &ElicitResult::accept_url());
    /// assert_eq!(responses.to_value(), serde_json::json!({"sign-in": {"action": "accept"}}));
    /// ```
    pub fn to_value(&self) -> Value {
        Value::Object(self.entries.clone())
    }

    /// Reads `inputResponses`: the map itself, request params holding it, or a whole
    /// JSON-RPC request.
    ///
    /// # Errors
    /// When the value (or its `inputResponses`) is not an object.
    ///
    /// ```
    /// use elicit_core::protocol::InputResponses;
    /// use serde_json::json;
    ///
    /// let retried = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
    ///     "name": "deploy", "inputResponses": {"confirm": {"action": "decline"}}
    /// }});
    /// let responses = InputResponses::from_value(&retried).unwrap();
    /// assert_eq!(responses.keys().collect::<Vec<_>>(), ["confirm"]);
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (map, path) = if map.contains_key("params") {
            (required_object(map, "", "params")?, "params".to_owned())
        } else {
            (map, String::new())
        };
        let map = if map.contains_key("inputResponses") || !path.is_empty() {
            required_object(map, &path, "inputResponses")?
        } else {
            map
        };
        Ok(Self {
            entries: map.clone(),
        })
    }
}
