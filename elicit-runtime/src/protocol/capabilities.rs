//! What a client declared it supports: `capabilities.elicitation`.

use std::fmt;

use serde_json::{Map, Value};

use super::error::{MessageError, child, object, required, required_object};
use super::jsonrpc::{self, JsonRpcError};
use super::request::{ElicitMode, ElicitRequest};
use crate::error::JsonType;

/// The 2026-07-28 `_meta` key under which a request carries the client's capabilities.
pub(crate) const CLIENT_CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";

/// Which elicitation modes a client supports, read from its `ClientCapabilities`.
///
/// `"elicitation": {}` means form mode only (the 2025-06-18 declaration, kept for backward
/// compatibility); `{"form": {}, "url": {}}` declares both. No `elicitation` key means none.
///
/// ```
/// use elicit_core::protocol::{ElicitMode, ElicitRequest, ElicitationSupport};
/// use serde_json::json;
///
/// let support = ElicitationSupport::from_client_capabilities(&json!({"elicitation": {}})).unwrap();
/// assert_eq!(support, ElicitationSupport::FORM);
/// assert!(!support.supports(ElicitMode::Url));
///
/// let request = ElicitRequest::url("Sign in", "https://example.com/", "e-1").unwrap();
/// let refused = support.check(&request).unwrap_err();
/// assert_eq!(refused.to_string(), "the client did not declare url-mode elicitation (it declared: form)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ElicitationSupport {
    /// Form mode.
    pub form: bool,
    /// URL mode.
    pub url: bool,
}

impl ElicitationSupport {
    /// No elicitation at all.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// let support = ElicitationSupport::from_client_capabilities(&serde_json::json!({})).unwrap();
    /// assert_eq!(support, ElicitationSupport::NONE);
    /// ```
    pub const NONE: Self = Self {
        form: false,
        url: false,
    };
    /// Form mode only.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// let declared = serde_json::json!({"elicitation": {"form": {}}});
    /// assert_eq!(ElicitationSupport::from_client_capabilities(&declared).unwrap(), ElicitationSupport::FORM);
    /// ```
    pub const FORM: Self = Self {
        form: true,
        url: false,
    };
    /// Form and URL mode.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitationSupport};
    /// assert!(ElicitationSupport::ALL.supports(ElicitMode::Form) && ElicitationSupport::ALL.supports(ElicitMode::Url));
    /// ```
    pub const ALL: Self = Self {
        form: true,
        url: true,
    };

    /// Reads a `ClientCapabilities` object (`initialize`'s `params.capabilities`, or the value
    /// of the 2026-07-28 `_meta` key).
    ///
    /// # Errors
    /// When `capabilities` or its `elicitation`, `elicitation.form` or `elicitation.url` is
    /// not an object.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// use serde_json::json;
    ///
    /// let both = json!({"elicitation": {"form": {}, "url": {}}, "sampling": {}});
    /// assert_eq!(ElicitationSupport::from_client_capabilities(&both).unwrap(), ElicitationSupport::ALL);
    /// let error = ElicitationSupport::from_client_capabilities(&json!({"elicitation": {"url": true}})).unwrap_err();
    /// assert_eq!(error.to_string(), "`elicitation.url`: expected an object, got boolean");
    /// ```
    pub fn from_client_capabilities(capabilities: &Value) -> Result<Self, MessageError> {
        Self::read_capabilities(capabilities, "")
    }

    /// Reads the capabilities of an `initialize` request (2025-06-18, 2025-11-25): the whole
    /// JSON-RPC message or its `params`.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// use serde_json::json;
    ///
    /// let initialize = json!({
    ///     "jsonrpc": "2.0", "id": 0, "method": "initialize",
    ///     "params": {
    ///         "protocolVersion": "2025-11-25",
    ///         "capabilities": {"elicitation": {"form": {}, "url": {}}},
    ///         "clientInfo": {"name": "client", "version": "1.0"}
    ///     }
    /// });
    /// assert_eq!(ElicitationSupport::from_initialize(&initialize).unwrap(), ElicitationSupport::ALL);
    /// ```
    ///
    /// # Errors
    /// When the message is not an `initialize` request, has no `capabilities`, or the
    /// capabilities are malformed.
    pub fn from_initialize(initialize: &Value) -> Result<Self, MessageError> {
        let map = object(initialize, "")?;
        let (params, path) = jsonrpc::params_of(map, "initialize")?;
        let capabilities = required(params, &path, "capabilities")?;
        Self::read_capabilities(capabilities, &child(&path, "capabilities"))
    }

    /// Reads the capabilities a 2026-07-28 request carries in
    /// `_meta["io.modelcontextprotocol/clientCapabilities"]`. Accepts the `_meta` object,
    /// a request's `params`, or a whole JSON-RPC request.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// use serde_json::json;
    ///
    /// let call = json!({
    ///     "jsonrpc": "2.0", "id": 5, "method": "tools/call",
    ///     "params": {
    ///         "name": "deploy",
    ///         "_meta": {
    ///             "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    ///             "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"url": {}}}
    ///         }
    ///     }
    /// });
    /// let support = ElicitationSupport::from_request_meta(&call).unwrap();
    /// assert_eq!(support, ElicitationSupport { form: false, url: true });
    /// ```
    ///
    /// # Errors
    /// When the capabilities key (required in 2026-07-28) is missing or malformed.
    pub fn from_request_meta(value: &Value) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (meta, path) = if map.contains_key("params") {
            (required_object(map, "", "params")?, "params".to_owned())
        } else {
            (map, String::new())
        };
        let (meta, path) = if meta.contains_key("_meta") || !path.is_empty() {
            let meta_path = child(&path, "_meta");
            (required_object(meta, &path, "_meta")?, meta_path)
        } else {
            (meta, path)
        };
        let capabilities = required(meta, &path, CLIENT_CAPABILITIES_KEY)?;
        Self::read_capabilities(capabilities, &child(&path, CLIENT_CAPABILITIES_KEY))
    }

    fn read_capabilities(capabilities: &Value, path: &str) -> Result<Self, MessageError> {
        let map = object(capabilities, path)?;
        let Some(elicitation) = map.get("elicitation") else {
            return Ok(Self::NONE);
        };
        let path = child(path, "elicitation");
        let elicitation = object(elicitation, &path)?;
        let form = declared(elicitation, &path, "form")?;
        let url = declared(elicitation, &path, "url")?;
        if form || url {
            Ok(Self { form, url })
        } else {
            // An elicitation capability that names no mode is the 2025-06-18 `{}`: form.
            Ok(Self::FORM)
        }
    }

    /// Whether the client supports `mode`.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitationSupport};
    /// assert!(ElicitationSupport::FORM.supports(ElicitMode::Form));
    /// assert!(!ElicitationSupport::FORM.supports(ElicitMode::Url));
    /// ```
    pub fn supports(self, mode: ElicitMode) -> bool {
        match mode {
            ElicitMode::Form => self.form,
            ElicitMode::Url => self.url,
        }
    }

    /// Checks a request against what the client declared, before sending it (a server) or
    /// before showing it (a client, which must answer `-32602` otherwise: see
    /// [`UnsupportedMode::to_jsonrpc_error`]).
    ///
    /// # Errors
    /// [`UnsupportedMode`] when the client did not declare the request's mode.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    ///
    /// let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert!(ElicitationSupport::ALL.check(&request).is_ok());
    /// assert!(ElicitationSupport::FORM.check(&request).is_err());
    /// ```
    pub fn check(self, request: &ElicitRequest) -> Result<(), UnsupportedMode> {
        if self.supports(request.mode()) {
            Ok(())
        } else {
            Err(UnsupportedMode::of(request, self))
        }
    }

    /// The `elicitation` value a client declares: `{"form":{}}`, `{"url":{}}` or both;
    /// `None` for [`NONE`](Self::NONE) (then the key is left out).
    ///
    /// ```
    /// use elicit_core::protocol::ElicitationSupport;
    /// assert_eq!(
    ///     ElicitationSupport::ALL.to_capability(),
    ///     Some(serde_json::json!({"form": {}, "url": {}})),
    /// );
    /// ```
    pub fn to_capability(self) -> Option<Value> {
        if self == Self::NONE {
            return None;
        }
        let mut map = Map::new();
        if self.form {
            map.insert("form".to_owned(), Value::Object(Map::new()));
        }
        if self.url {
            map.insert("url".to_owned(), Value::Object(Map::new()));
        }
        Some(Value::Object(map))
    }

    fn describe(self) -> &'static str {
        match (self.form, self.url) {
            (true, true) => "form, url",
            (true, false) => "form",
            (false, true) => "url",
            (false, false) => "no elicitation",
        }
    }
}

/// Whether `key` is declared: present as an object (`{}` or with settings).
fn declared(map: &Map<String, Value>, path: &str, key: &str) -> Result<bool, MessageError> {
    match map.get(key) {
        None => Ok(false),
        Some(Value::Object(_)) => Ok(true),
        Some(other) => Err(MessageError::wrong_type(
            child(path, key),
            JsonType::Object,
            other,
        )),
    }
}

/// A request whose mode the client did not declare.
///
/// ```
/// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
///
/// let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
/// let refused = ElicitationSupport::FORM.check(&request).unwrap_err();
/// assert_eq!(refused.to_jsonrpc_error().code, -32602);
/// assert_eq!(refused.to_missing_capability_error().code, -32021);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedMode {
    mode: ElicitMode,
    support: ElicitationSupport,
    /// What the request asks the person for, to say so to them.
    needs: Needs,
}

/// What a request the client cannot take asks for: a form's fields, by the titles the person
/// would have read, or a page's prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Needs {
    Fields(Vec<String>),
    Page(String),
}

impl UnsupportedMode {
    /// A page asking `prompt` (URL mode), which a client that declared `support` cannot send
    /// the person to (or whose revision has no URL mode).
    #[cfg_attr(not(feature = "url-forms"), allow(dead_code))]
    pub(crate) fn page(prompt: &str, support: ElicitationSupport) -> Self {
        Self {
            mode: ElicitMode::Url,
            support,
            needs: Needs::Page(prompt.to_owned()),
        }
    }

    /// `request`, which a client that declared `support` cannot take.
    pub(crate) fn of(request: &ElicitRequest, support: ElicitationSupport) -> Self {
        let needs = match request.requested_schema() {
            Some(schema) => Needs::Fields(
                schema
                    .properties
                    .iter()
                    .map(|(name, property)| property.title().unwrap_or(name).to_owned())
                    .collect(),
            ),
            None => Needs::Page(request.message_text().to_owned()),
        };
        Self {
            mode: request.mode(),
            support,
            needs,
        }
    }

    /// `-32021`: the 2026-07-28 `MissingRequiredClientCapabilityError`.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::UnsupportedMode::MISSING_CAPABILITY, -32021);
    /// ```
    pub const MISSING_CAPABILITY: i64 = -32021;

    /// The request's mode.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitRequest, ElicitationSupport};
    /// # let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// let refused = ElicitationSupport::FORM.check(&request).unwrap_err();
    /// assert_eq!(refused.mode(), ElicitMode::Url);
    /// ```
    pub fn mode(&self) -> ElicitMode {
        self.mode
    }

    /// What the client declared.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    /// # let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// let refused = ElicitationSupport::FORM.check(&request).unwrap_err();
    /// assert_eq!(refused.support(), ElicitationSupport::FORM);
    /// ```
    pub fn support(&self) -> ElicitationSupport {
        self.support
    }

    /// The error a client returns for such a request: `-32602` (invalid params).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    ///
    /// // A form-only client that received a URL-mode request answers request 5 with:
    /// # let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// let refused = ElicitationSupport::FORM.check(&request).unwrap_err();
    /// let response = refused.to_jsonrpc_error().to_jsonrpc(5);
    /// assert_eq!(response["error"]["code"], -32602);
    /// ```
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        JsonRpcError {
            code: JsonRpcError::INVALID_PARAMS,
            message: format!(
                "elicitation mode {:?} is not supported by this client",
                self.mode.as_str()
            ),
            data: None,
        }
    }

    /// The error a 2026-07-28 server returns when it needs this mode and the request's
    /// capabilities lack it: `-32021` with `data.requiredCapabilities`.
    ///
    /// ```
    /// # use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
    /// # let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// let refused = ElicitationSupport::NONE.check(&request).unwrap_err();
    /// assert_eq!(
    ///     refused.to_missing_capability_error().data,
    ///     Some(serde_json::json!({"requiredCapabilities": {"elicitation": {"url": {}}}})),
    /// );
    /// ```
    pub fn to_missing_capability_error(&self) -> JsonRpcError {
        let required = ElicitationSupport {
            form: self.mode == ElicitMode::Form,
            url: self.mode == ElicitMode::Url,
        };
        let mut capabilities = Map::new();
        if let Some(elicitation) = required.to_capability() {
            capabilities.insert("elicitation".to_owned(), elicitation);
        }
        let mut data = Map::new();
        data.insert(
            "requiredCapabilities".to_owned(),
            Value::Object(capabilities),
        );
        JsonRpcError {
            code: Self::MISSING_CAPABILITY,
            message: self.for_a_person(),
            data: Some(Value::Object(data)),
        }
    }

    /// What the person (and the model that tells them) reads: what the tool needs, and why
    /// it cannot ask for it here.
    fn for_a_person(&self) -> String {
        match &self.needs {
            Needs::Fields(fields) => {
                let quoted: Vec<String> =
                    fields.iter().map(|field| format!("\"{field}\"")).collect();
                let (what, them) = match quoted.len() {
                    1 => (quoted.join(""), "it"),
                    _ => (list(&quoted), "them"),
                };
                format!(
                    "This tool needs {what} from the person, and this client cannot show a form (it has no form-mode elicitation): ask the person for {them} in the chat"
                )
            }
            Needs::Page(prompt) => format!(
                "This tool asks \"{prompt}\" on a page of its own, in the person's browser, and this client cannot send them there (it has no URL-mode elicitation): use a client that can"
            ),
        }
    }
}

impl fmt::Display for UnsupportedMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the client did not declare {}-mode elicitation (it declared: {})",
            self.mode.as_str(),
            self.support.describe()
        )
    }
}

impl std::error::Error for UnsupportedMode {}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
