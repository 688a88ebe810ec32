//! A request the server made, as recorded.

use std::fmt;

use serde_json::Value;

use crate::protocol::{ElicitMode, ElicitRequest, MultiSelectFallback, ProtocolVersion};
use crate::schema::RequestedSchema;
use crate::{Elicit, Form};

/// A request the server made during a [`Session`](super::Session) call: an
/// `elicitation/create` (sent on the connection up to 2025-11-25, or an `inputRequests`
/// entry on 2026-07-28), a `sampling/createMessage` or a `roots/list`.
///
/// Holds the request typed (for an elicitation: [`message`](Self::message),
/// [`mode`](Self::mode), [`schema`](Self::schema), [`url`](Self::url)) and as the exact bytes
/// the server wrote ([`raw`](Self::raw)), so a test can check the order of keys on the wire.
///
/// ```
/// # use elicit_core::testing::SeenRequest;
/// fn check(request: &SeenRequest) {
///     assert_eq!(request.method(), "elicitation/create");
///     assert_eq!(request.message(), Some("Which city?"));
///     assert!(request.raw().contains(r#""properties":{"city":"#));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct SeenRequest {
    pub(super) version: ProtocolVersion,
    pub(super) call: usize,
    pub(super) round: usize,
    pub(super) key: Option<String>,
    pub(super) method: String,
    pub(super) raw: String,
    pub(super) raw_message: String,
    pub(super) params: Value,
    pub(super) elicitation: Option<ElicitRequest>,
}

impl SeenRequest {
    /// The JSON-RPC method: `"elicitation/create"`, `"sampling/createMessage"`,
    /// `"roots/list"`.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.method(), "elicitation/create");
    /// # }
    /// ```
    pub fn method(&self) -> &str {
        &self.method
    }

    /// Which call of the session it came in: 1 for the session's first `call_tool` (or
    /// `get_prompt`), 2 for the next, ….
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.call(), 1);
    /// # }
    /// ```
    pub fn call(&self) -> usize {
        self.call
    }

    /// Which round of its call it came in: on 2026-07-28 the call's attempt (1 for the first
    /// `InputRequiredResult`, 2 for the one the first retry got, …); before, always 1.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.round(), 2);
    /// # }
    /// ```
    pub fn round(&self) -> usize {
        self.round
    }

    /// Its key in `inputRequests` (2026-07-28); `None` for a request sent on the connection.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.key(), Some("booking"));
    /// # }
    /// ```
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The protocol revision of the session.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.version().as_str(), "2026-07-28");
    /// # }
    /// ```
    pub fn version(&self) -> ProtocolVersion {
        self.version
    }

    /// The request's `params`, exactly as the server wrote them (its keys in the server's
    /// order).
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// // The fields in declaration order, as sent.
    /// let raw = request.raw();
    /// assert!(raw.find(r#""name":{"#) < raw.find(r#""age":{"#));
    /// # }
    /// ```
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The whole message it came in, exactly as the server wrote it: the JSON-RPC request up
    /// to 2025-11-25, the `tools/call` (or `prompts/get`) response holding the
    /// `InputRequiredResult` on 2026-07-28.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert!(request.raw_message().contains(r#""resultType":"input_required""#));
    /// # }
    /// ```
    pub fn raw_message(&self) -> &str {
        &self.raw_message
    }

    /// The request's `params` as JSON.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.params()["mode"], "form");
    /// # }
    /// ```
    pub fn params(&self) -> &Value {
        &self.params
    }

    /// The elicitation, typed; `None` for another kind of request.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert!(request.elicitation().is_some());
    /// # }
    /// ```
    pub fn elicitation(&self) -> Option<&ElicitRequest> {
        self.elicitation.as_ref()
    }

    /// The elicitation's `message`.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.message(), Some("Which city?"));
    /// # }
    /// ```
    pub fn message(&self) -> Option<&str> {
        self.elicitation.as_ref().map(ElicitRequest::message_text)
    }

    /// The elicitation's mode (form or URL).
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.mode().map(|mode| mode.as_str()), Some("form"));
    /// # }
    /// ```
    pub fn mode(&self) -> Option<ElicitMode> {
        self.elicitation.as_ref().map(ElicitRequest::mode)
    }

    /// A form's `requestedSchema`, typed, its fields in the order the server sent them.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// let schema = request.schema().unwrap();
    /// let names: Vec<&str> = schema.properties.iter().map(|(name, _)| name.as_str()).collect();
    /// assert_eq!(names, ["name", "age"]);
    /// # }
    /// ```
    pub fn schema(&self) -> Option<&RequestedSchema> {
        self.elicitation
            .as_ref()
            .and_then(ElicitRequest::requested_schema)
    }

    /// A URL request's `url`.
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.url(), Some("https://example.com/connect"));
    /// # }
    /// ```
    pub fn url(&self) -> Option<&str> {
        match &self.elicitation {
            Some(ElicitRequest::Url(request)) => Some(request.url().as_str()),
            _ => None,
        }
    }

    /// A URL request's `elicitationId`, exactly as the server sent it: `Some("connect-1")` on
    /// 2025-11-25, `None` on 2026-07-28, which has no such field (and `Some("")` from a
    /// server that writes an empty one there, so a test can catch it).
    ///
    /// ```
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// assert_eq!(request.elicitation_id(), Some("connect-1"));
    /// # }
    /// ```
    pub fn elicitation_id(&self) -> Option<&str> {
        if self.mode() != Some(ElicitMode::Url) {
            return None;
        }
        self.params.get("elicitationId").and_then(Value::as_str)
    }

    /// Asserts that this request is `T`'s form, as this crate writes it for the session's
    /// revision (what a [`Dialog`](crate::dialog::Dialog) and
    /// [`PeerElicitExt`](crate::rmcp::PeerElicitExt) send): the same fields, in the same
    /// order, with the same constraints. The message is not compared.
    ///
    /// # Panics
    /// When the request is not a form, or its schema differs from `T`'s (the message shows
    /// both), or `T`'s form cannot be written for the revision: that is the assertion.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// /// Your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// request.assert_form::<Name>();
    /// # }
    /// ```
    #[track_caller]
    pub fn assert_form<T: Elicit + 'static>(&self) {
        let Some(schema) = self.schema() else {
            panic!(
                "expected {}'s form, but the server sent {self}",
                short_name::<T>()
            );
        };
        let expected = match expected_schema::<T>(self.version) {
            Ok(expected) => expected,
            Err(error) => panic!(
                "{}'s form cannot be written for {}: {error}",
                short_name::<T>(),
                self.version.as_str()
            ),
        };
        if *schema != expected {
            let show = |schema: &RequestedSchema| {
                serde_json::to_string(schema).unwrap_or_else(|error| error.to_string())
            };
            panic!(
                "the server's form is not {}'s form on {}:\n  sent:     {}\n  expected: {}",
                short_name::<T>(),
                self.version.as_str(),
                show(schema),
                show(&expected)
            );
        }
    }
}

impl SeenRequest {
    /// Asserts that the request asks exactly this form instance: a form shaped at run time
    /// (`T::form()…build()`, or any [`Form`]) with the options, bounds, defaults and texts it
    /// was given, as written for the session's revision (on 2025-06-18, a multi-select may
    /// have been asked as checkboxes: either way is accepted). The prompt is not compared
    /// (a re-ask adds to it: check [`message`](Self::message)), and neither is a re-ask's
    /// schema, which carries the right answers as defaults (check [`schema`](Self::schema)).
    ///
    /// # Panics
    /// When the request is not a form, or its schema differs from the form's (the message
    /// shows both): that is the assertion.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// /// Which date?
    /// #[derive(Elicit)]
    /// struct Rebook {
    ///     #[elicit(options)]
    ///     date: String,
    /// }
    ///
    /// # fn check(request: &elicit_core::testing::SeenRequest) {
    /// let offered = Rebook::form().date(|f| f.options(["2026-12-27".to_owned()])).build().unwrap();
    /// request.assert_form_is(&offered);
    /// # }
    /// ```
    #[track_caller]
    pub fn assert_form_is<T>(&self, form: &Form<T>) {
        let Some(schema) = self.schema() else {
            panic!("expected a form, but the server sent {self}");
        };
        let request = form.for_revision(self.version).form_request();
        let expected = match sent_schema(&request, self.version, MultiSelectFallback::Refuse) {
            Ok(expected) if expected == *schema => return,
            Ok(expected) => Some(expected),
            Err(_) => None,
        };
        if !self.version.has_multi_select()
            && sent_schema(&request, self.version, MultiSelectFallback::Checkboxes)
                .is_ok_and(|checkboxes| checkboxes == *schema)
        {
            return;
        }
        let show = |schema: &RequestedSchema| {
            serde_json::to_string(schema).unwrap_or_else(|error| error.to_string())
        };
        match expected {
            Some(expected) => panic!(
                "the server's form is not the form expected on {}:\n  sent:     {}\n  expected: {}",
                self.version.as_str(),
                show(schema),
                show(&expected)
            ),
            None => panic!(
                "the form expected cannot be written for {}, but the server sent {}",
                self.version.as_str(),
                show(schema)
            ),
        }
    }
}

fn short_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// `T`'s form as this crate sends it through rmcp on `version`.
fn expected_schema<T: Elicit + 'static>(
    version: ProtocolVersion,
) -> Result<RequestedSchema, String> {
    sent_schema(
        &Form::<T>::new().for_revision(version).form_request(),
        version,
        MultiSelectFallback::Refuse,
    )
}

/// The schema of `request` as this crate sends it through rmcp on `version`, read back like
/// a request: rendered exactly up to 2025-11-25 (sent as JSON on the connection, its
/// multi-selects as `fallback` says), through rmcp's model on 2026-07-28 (the
/// `InputRequiredResult` is rmcp's).
fn sent_schema(
    request: &ElicitRequest,
    version: ProtocolVersion,
    fallback: MultiSelectFallback,
) -> Result<RequestedSchema, String> {
    let text = if version.uses_input_required() {
        let params = request
            .to_rmcp_params(version)
            .map_err(|error| error.to_string())?;
        serde_json::to_string(&params).map_err(|error| error.to_string())?
    } else {
        let params = request
            .render_with(version, fallback)
            .map_err(|error| error.to_string())?;
        params.to_string()
    };
    let request: ElicitRequest = serde_json::from_str(&text).map_err(|error| error.to_string())?;
    request
        .requested_schema()
        .cloned()
        .ok_or_else(|| "not a form".to_owned())
}

/// `elicitation/create (form) "Which city?" [key `city`] in call 1, round 2`
impl fmt::Display for SeenRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.method)?;
        if let Some(mode) = self.mode() {
            write!(f, " ({mode})")?;
        }
        if let Some(message) = self.message() {
            write!(f, " {message:?}")?;
        }
        if let Some(url) = self.url() {
            write!(f, " <{url}>")?;
        }
        if let Some(key) = &self.key {
            write!(f, " under key `{key}`")?;
        }
        write!(f, " in call {}, round {}", self.call, self.round)
    }
}
