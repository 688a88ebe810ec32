//! `elicitation/create`: the request a server sends, in form mode or URL mode.

use std::fmt;

use serde_core::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::error::{MessageError, child, object, optional_str, required, required_str};
use super::jsonrpc;
use super::ordered::Json;
use super::url::{ElicitUrl, UrlError, UrlPolicy};
use crate::schema::{RequestedSchema, SharedSchema};

/// The method name of an elicitation request.
pub(crate) const METHOD: &str = "elicitation/create";

/// The two kinds of elicitation.
///
/// ```
/// use elicit_core::protocol::ElicitMode;
/// assert_eq!(ElicitMode::Url.as_str(), "url");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElicitMode {
    /// In-band structured data: the client shows a form built from `requestedSchema`.
    Form,
    /// Out-of-band: the client sends the user to a URL (for anything sensitive).
    Url,
}

impl ElicitMode {
    /// `"form"` or `"url"`.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitMode::Form.as_str(), "form");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Form => "form",
            Self::Url => "url",
        }
    }
}

impl fmt::Display for ElicitMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An `elicitation/create` request: what a server sends and a client receives.
///
/// Servers build one with [`form`](Self::form) (from an [`Elicit`](crate::Elicit) type),
/// [`from_schema`](Self::from_schema) or [`url`](Self::url), then send
/// [`to_jsonrpc`](Self::to_jsonrpc), [`render`](Self::render) for an older or newer
/// protocol revision, or [`to_input_request`](Self::to_input_request) for 2026-07-28.
/// Clients read one with [`from_value`](Self::from_value) (or serde).
///
/// It serializes to the `params` object as it holds it, which for a request a server built
/// is exactly the 2025-11-25 form; with `serde_json::to_string` the properties keep their
/// declaration order. (The methods that return a `serde_json::Value` keep that order only
/// where `serde_json`'s `preserve_order` feature is on.)
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::protocol::ElicitRequest;
/// use serde_json::json;
///
/// /// What should we call you?
/// #[derive(Elicit)]
/// struct Name {
///     name: String,
/// }
///
/// let request = ElicitRequest::form::<Name>();
/// assert_eq!(
///     serde_json::to_value(&request).unwrap(),
///     json!({
///         "mode": "form",
///         "message": "What should we call you?",
///         "requestedSchema": {
///             "type": "object",
///             "properties": {"name": {"type": "string", "title": "Name"}},
///             "required": ["name"]
///         }
///     }),
/// );
/// assert_eq!(request.to_jsonrpc(1)["method"], "elicitation/create");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ElicitRequest {
    /// `mode: "form"` (or no `mode`, as in 2025-06-18).
    Form(FormRequest),
    /// `mode: "url"`.
    Url(UrlRequest),
}

/// The parameters of a form-mode request: a prompt and the form's schema.
///
/// ```
/// use elicit_core::protocol::FormRequest;
/// use elicit_core::schema::RequestedSchema;
///
/// let request = FormRequest::new("Anything else?", RequestedSchema::new());
/// assert_eq!(request.message(), "Anything else?");
/// assert!(request.requested_schema().properties.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FormRequest {
    pub(crate) message: String,
    pub(crate) requested_schema: SharedSchema,
}

impl FormRequest {
    /// A form request with this prompt and schema.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, FormRequest};
    /// use elicit_core::schema::RequestedSchema;
    /// let request: ElicitRequest = FormRequest::new("Anything else?", RequestedSchema::new()).into();
    /// assert_eq!(request.message_text(), "Anything else?");
    /// ```
    pub fn new(message: impl Into<String>, requested_schema: RequestedSchema) -> Self {
        Self {
            message: message.into(),
            requested_schema: SharedSchema::new(requested_schema),
        }
    }

    /// The prompt shown to the user.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::FormRequest::new("Why?", Default::default()).message(), "Why?");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The form's schema.
    ///
    /// ```
    /// use elicit_core::protocol::FormRequest;
    /// use elicit_core::schema::RequestedSchema;
    /// let form = FormRequest::new("Why?", RequestedSchema::new());
    /// assert_eq!(form.requested_schema(), &RequestedSchema::new());
    /// ```
    pub fn requested_schema(&self) -> &RequestedSchema {
        &self.requested_schema
    }
}

/// The parameters of a URL-mode request: a prompt, the URL, and (before 2026-07-28) the
/// `elicitationId` that ties the request to its completion notification.
///
/// ```
/// use elicit_core::protocol::UrlRequest;
///
/// let request = UrlRequest::new("Connect your account", "https://example.com/connect", "e-1").unwrap();
/// assert_eq!(request.url().host(), "example.com");
/// assert_eq!(request.elicitation_id(), Some("e-1"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UrlRequest {
    pub(crate) message: String,
    pub(crate) url: ElicitUrl,
    pub(crate) elicitation_id: Option<String>,
}

impl UrlRequest {
    /// A URL-mode request to an `https` URL; see [`ElicitRequest::url`].
    ///
    /// # Errors
    /// See [`ElicitRequest::url`].
    ///
    /// ```
    /// use elicit_core::protocol::{UrlError, UrlRequest};
    /// assert!(UrlRequest::new("Pay", "https://pay.example.com/", "p-1").is_ok());
    /// assert_eq!(UrlRequest::new("Pay", "http://pay.example.com/", "p-1").unwrap_err(), UrlError::NotHttps { loopback: false });
    /// ```
    pub fn new(
        message: impl Into<String>,
        url: &str,
        elicitation_id: impl Into<String>,
    ) -> Result<Self, UrlError> {
        Self::with_policy(message, url, elicitation_id, UrlPolicy::HttpsOnly)
    }

    /// A URL-mode request, with `policy` deciding whether loopback `http` is allowed.
    ///
    /// # Errors
    /// See [`ElicitRequest::url_with_policy`].
    ///
    /// ```
    /// use elicit_core::protocol::{UrlPolicy, UrlRequest};
    /// let dev = UrlRequest::with_policy("Pay", "http://[::1]:3000/pay", "p-1", UrlPolicy::AllowLoopbackHttp).unwrap();
    /// assert!(dev.url().is_loopback());
    /// ```
    pub fn with_policy(
        message: impl Into<String>,
        url: &str,
        elicitation_id: impl Into<String>,
        policy: UrlPolicy,
    ) -> Result<Self, UrlError> {
        let url = ElicitUrl::parse(url)?;
        url.check(policy)?;
        let elicitation_id = elicitation_id.into();
        if elicitation_id.is_empty() {
            return Err(UrlError::EmptyElicitationId);
        }
        Ok(Self {
            message: message.into(),
            url,
            elicitation_id: Some(elicitation_id),
        })
    }

    /// The prompt shown to the user, explaining why they should open the URL.
    ///
    /// ```
    /// let request = elicit_core::protocol::UrlRequest::new("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(request.message(), "Pay");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The URL the user is asked to open.
    ///
    /// ```
    /// let request = elicit_core::protocol::UrlRequest::new("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(request.url().host(), "pay.example.com");
    /// ```
    pub fn url(&self) -> &ElicitUrl {
        &self.url
    }

    /// The `elicitationId`; `None` only for a request read from a 2026-07-28 message, which
    /// has none.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, UrlRequest};
    /// let request = UrlRequest::new("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(request.elicitation_id(), Some("p-1"));
    ///
    /// // A 2026-07-28 request has none.
    /// let read = ElicitRequest::from_value(&serde_json::json!({"mode": "url", "message": "Pay", "url": "https://pay.example.com/"})).unwrap();
    /// assert!(matches!(read, ElicitRequest::Url(url) if url.elicitation_id().is_none()));
    /// ```
    pub fn elicitation_id(&self) -> Option<&str> {
        self.elicitation_id.as_deref()
    }
}

impl From<FormRequest> for ElicitRequest {
    fn from(request: FormRequest) -> Self {
        Self::Form(request)
    }
}

impl From<UrlRequest> for ElicitRequest {
    fn from(request: UrlRequest) -> Self {
        Self::Url(request)
    }
}

impl ElicitRequest {
    /// A form request from a schema built at run time.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitRequest;
    /// use elicit_core::schema::{BooleanSchema, PropertySchema, RequestedSchema};
    ///
    /// let mut schema = RequestedSchema::new();
    /// schema.push("ok", PropertySchema::Boolean(BooleanSchema::default()), true);
    /// let request = ElicitRequest::from_schema("Proceed?", schema);
    /// assert_eq!(request.message_text(), "Proceed?");
    /// ```
    pub fn from_schema(message: impl Into<String>, requested_schema: RequestedSchema) -> Self {
        Self::Form(FormRequest::new(message, requested_schema))
    }

    /// A form request holding a schema borrowed for good (a derived form's cached one) or
    /// shared with the form that built it, so asking it copies nothing.
    pub(crate) fn from_shared_schema(
        message: impl Into<String>,
        requested_schema: SharedSchema,
    ) -> Self {
        Self::Form(FormRequest {
            message: message.into(),
            requested_schema,
        })
    }

    /// A URL-mode request: the user is sent to `url`, which must be an absolute `https` URL
    /// without credentials. `elicitation_id` identifies the request in the completion
    /// notification; make one with [`new_elicitation_id`](crate::protocol::new_elicitation_id).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, new_elicitation_id};
    ///
    /// let id = new_elicitation_id();
    /// let request = ElicitRequest::url(
    ///     "Please provide your API key to continue.",
    ///     &format!("https://mcp.example.com/ui/set_api_key?elicitationId={id}"),
    ///     id.clone(),
    /// )
    /// .unwrap();
    /// assert_eq!(request.to_jsonrpc(3)["params"]["elicitationId"], id.as_str());
    ///
    /// assert!(ElicitRequest::url("…", "/relative", "x").is_err());
    /// assert!(ElicitRequest::url("…", "http://example.com/", "x").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`UrlError`] when the URL is not absolute, carries userinfo (`user:pass@`), is not
    /// `https`, is malformed, or when `elicitation_id` is empty. For `http` to a loopback host
    /// during development, use [`url_with_policy`](Self::url_with_policy).
    pub fn url(
        message: impl Into<String>,
        url: &str,
        elicitation_id: impl Into<String>,
    ) -> Result<Self, UrlError> {
        UrlRequest::new(message, url, elicitation_id).map(Self::Url)
    }

    /// Like [`url`](Self::url), with `policy` deciding whether `http` to a loopback host is
    /// allowed.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, UrlPolicy};
    ///
    /// let dev = "http://127.0.0.1:8080/connect";
    /// assert!(ElicitRequest::url("Connect", dev, "e-1").is_err());
    /// assert!(ElicitRequest::url_with_policy("Connect", dev, "e-1", UrlPolicy::AllowLoopbackHttp).is_ok());
    /// ```
    ///
    /// # Errors
    /// As [`url`](Self::url), except that loopback `http` passes under
    /// [`UrlPolicy::AllowLoopbackHttp`].
    pub fn url_with_policy(
        message: impl Into<String>,
        url: &str,
        elicitation_id: impl Into<String>,
        policy: UrlPolicy,
    ) -> Result<Self, UrlError> {
        UrlRequest::with_policy(message, url, elicitation_id, policy).map(Self::Url)
    }

    /// Replaces the prompt.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # use elicit_core::protocol::ElicitRequest;
    /// /// Default prompt
    /// #[derive(Elicit)]
    /// struct Confirm { ok: bool }
    ///
    /// let request = ElicitRequest::form::<Confirm>().message("Delete 3 files?");
    /// assert_eq!(request.message_text(), "Delete 3 files?");
    /// ```
    #[must_use]
    pub fn message(mut self, message: impl Into<String>) -> Self {
        let message = message.into();
        match &mut self {
            Self::Form(form) => form.message = message,
            Self::Url(url) => url.message = message,
        }
        self
    }

    /// The prompt shown to the user.
    ///
    /// ```
    /// let request = elicit_core::protocol::ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(request.message_text(), "Pay");
    /// ```
    pub fn message_text(&self) -> &str {
        match self {
            Self::Form(form) => &form.message,
            Self::Url(url) => &url.message,
        }
    }

    /// Form or URL.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitRequest};
    /// let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(request.mode(), ElicitMode::Url);
    /// ```
    pub fn mode(&self) -> ElicitMode {
        match self {
            Self::Form(_) => ElicitMode::Form,
            Self::Url(_) => ElicitMode::Url,
        }
    }

    /// The form's schema, for a form request.
    ///
    /// ```
    /// let request = elicit_core::protocol::ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert!(request.requested_schema().is_none());
    /// ```
    pub fn requested_schema(&self) -> Option<&RequestedSchema> {
        match self {
            Self::Form(form) => Some(form.requested_schema()),
            Self::Url(_) => None,
        }
    }

    /// Reads a request: its `params` object (of any revision: `mode` absent means form),
    /// a 2026-07-28 `{"method","params"}` entry, or a whole JSON-RPC request.
    ///
    /// A URL is accepted if it is an absolute `http` or `https` URL without userinfo; a
    /// client decides for itself what to do with `http` (see [`ElicitUrl::is_https`]).
    /// Keys the spec does not define for elicitation (`_meta`, `task`) are ignored.
    ///
    /// The form's fields come out in the order `value` holds them, which for a
    /// `serde_json::Value` is sorted unless `serde_json`'s `preserve_order` feature is on.
    /// Deserializing from the JSON text (`serde_json::from_str::<ElicitRequest>`) always
    /// keeps the server's order.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitMode, ElicitRequest};
    /// use serde_json::json;
    ///
    /// let request = ElicitRequest::from_value(&json!({
    ///     "jsonrpc": "2.0", "id": 1, "method": "elicitation/create",
    ///     "params": {
    ///         "message": "Please provide your GitHub username",
    ///         "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}
    ///     }
    /// })).unwrap();
    /// assert_eq!(request.mode(), ElicitMode::Form);
    /// ```
    ///
    /// # Errors
    /// A [`MessageError`] naming the first key that is missing or wrong.
    pub fn from_value(value: &Value) -> Result<Self, MessageError> {
        Self::read(value, None)
    }

    /// Reads a request from `value`; `ordered` is the same JSON in document order, if the
    /// caller has it, to take the form's property order from.
    fn read(value: &Value, ordered: Option<&Json>) -> Result<Self, MessageError> {
        let map = object(value, "")?;
        let (params, path) = jsonrpc::params_of(map, METHOD)?;
        let ordered = if path.is_empty() {
            ordered
        } else {
            ordered.and_then(|json| json.get("params"))
        };
        Self::read_params(params, &path, ordered)
    }

    pub(crate) fn read_params(
        params: &Map<String, Value>,
        path: &str,
        ordered: Option<&Json>,
    ) -> Result<Self, MessageError> {
        let message = required_str(params, path, "message")?.to_owned();
        match optional_str(params, path, "mode")? {
            None | Some("form") => {
                let schema_path = child(path, "requestedSchema");
                let schema = required(params, path, "requestedSchema")?;
                let requested_schema = match ordered.and_then(|json| json.get("requestedSchema")) {
                    Some(json) => json
                        .to_schema()
                        .map_err(|error| MessageError::invalid(schema_path, error)),
                    None => RequestedSchema::deserialize(schema)
                        .map_err(|error| MessageError::invalid(schema_path, error)),
                }?;
                Ok(Self::Form(FormRequest::new(message, requested_schema)))
            }
            Some("url") => {
                let url = required_str(params, path, "url")?;
                let url = ElicitUrl::parse(url)
                    .map_err(|error| MessageError::invalid(child(path, "url"), error))?;
                let elicitation_id = optional_str(params, path, "elicitationId")?;
                if elicitation_id == Some("") {
                    return Err(MessageError::invalid(
                        child(path, "elicitationId"),
                        UrlError::EmptyElicitationId,
                    ));
                }
                Ok(Self::Url(UrlRequest {
                    message,
                    url,
                    elicitation_id: elicitation_id.map(str::to_owned),
                }))
            }
            Some(other) => Err(MessageError::unexpected(
                child(path, "mode"),
                "\"form\" or \"url\"",
                other,
            )),
        }
    }
}

impl<'de> Deserialize<'de> for ElicitRequest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Through the order-keeping tree, so the form's fields stay in the server's order.
        let json = Json::deserialize(deserializer)?;
        Self::read(&json.to_value(), Some(&json)).map_err(serde_core::de::Error::custom)
    }
}
