//! Several requests in one round: [`Inputs`] out, [`Gathered`] back.

use ::rmcp::model::{self as m, ErrorData};
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::protocol::{ElicitRequest, ElicitationSupport};
use crate::rmcp::error::Error;
use crate::{Elicit, ElicitOutcome};

/// Several requests asked in one round ([`Dialog::ask_all`](super::Dialog::ask_all)): forms, URL requests, and
/// rmcp's other input requests (`sampling/createMessage`, `roots/list`).
///
/// Each goes out only when the client declared what it needs (the elicitation mode,
/// `sampling`, `roots`); the others are left out, and listed by
/// [`Gathered::skipped`].
///
/// ```
/// use elicit_core::rmcp::Inputs;
/// use elicit_core::Elicit;
/// use rmcp::model::{InputRequest, ListRootsRequest};
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let inputs = Inputs::new()
///     .form::<Name>("user_name")
///     .request("client_roots", InputRequest::ListRoots(ListRootsRequest::default()));
/// assert_eq!(inputs.keys().collect::<Vec<_>>(), ["user_name", "client_roots"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    pub(super) entries: Vec<(String, Input)>,
}

#[derive(Debug, Clone)]
pub(super) enum Input {
    Elicit(ElicitRequest),
    Other(m::InputRequest),
}

impl Inputs {
    /// No requests yet.
    ///
    /// ```
    /// assert_eq!(elicit_core::rmcp::Inputs::new().keys().count(), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks for `T`'s form under `key`, prompted with `T::message()`.
    ///
    /// ```
    /// use elicit_core::rmcp::Inputs;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert_eq!(Inputs::new().form::<Name>("name").keys().count(), 1);
    /// ```
    #[must_use]
    pub fn form<T: Elicit>(self, key: impl Into<String>) -> Self {
        self.elicit(key, ElicitRequest::form::<T>())
    }

    /// Asks for this elicitation (a form with its own message, or a URL request) under
    /// `key`.
    ///
    /// ```
    /// use elicit_core::rmcp::Inputs;
    /// use elicit_core::protocol::ElicitRequest;
    ///
    /// let pay = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(Inputs::new().elicit("pay", pay).keys().next(), Some("pay"));
    /// ```
    #[must_use]
    pub fn elicit(mut self, key: impl Into<String>, request: ElicitRequest) -> Self {
        self.entries.push((key.into(), Input::Elicit(request)));
        self
    }

    /// Asks for one of rmcp's input requests under `key` (`sampling/createMessage`,
    /// `roots/list`); its answer is the client's result as JSON ([`Gathered::get`]).
    ///
    /// ```
    /// use elicit_core::rmcp::Inputs;
    /// use rmcp::model::{InputRequest, ListRootsRequest};
    ///
    /// let inputs = Inputs::new().request("roots", InputRequest::ListRoots(ListRootsRequest::default()));
    /// assert_eq!(inputs.keys().next(), Some("roots"));
    /// ```
    #[must_use]
    pub fn request(mut self, key: impl Into<String>, request: m::InputRequest) -> Self {
        self.entries.push((key.into(), Input::Other(request)));
        self
    }

    /// The keys, in the order the requests were added.
    ///
    /// ```
    /// use elicit_core::rmcp::Inputs;
    /// assert_eq!(Inputs::new().keys().count(), 0);
    /// ```
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(key, _)| key.as_str())
    }
}

/// Whether the client declared what `input` needs.
#[allow(deprecated)] // sampling and roots: deprecated by rmcp (SEP-2577), still sent
pub(super) fn declared(input: &Input, capabilities: &m::ClientCapabilities) -> bool {
    match input {
        Input::Elicit(request) => ElicitationSupport::from(capabilities)
            .check(request)
            .is_ok(),
        Input::Other(m::InputRequest::Elicitation(request)) => {
            let support = ElicitationSupport::from(capabilities);
            match request.params {
                m::ElicitRequestParams::FormElicitationParams { .. } => support.form,
                m::ElicitRequestParams::UrlElicitationParams { .. } => support.url,
                _ => support != ElicitationSupport::NONE,
            }
        }
        Input::Other(m::InputRequest::CreateMessage(_)) => capabilities.sampling.is_some(),
        Input::Other(m::InputRequest::ListRoots(_)) => capabilities.roots.is_some(),
        Input::Other(_) => true,
    }
}

/// The answers to an [`Inputs`] round ([`Dialog::ask_all`](super::Dialog::ask_all)), by key.
///
/// ```
/// use elicit_core::rmcp::Gathered;
/// let gathered = Gathered::default();
/// assert!(gathered.get("greeting").is_none());
/// assert!(gathered.skipped().is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Gathered {
    pub(super) answers: Map<String, Value>,
    pub(super) skipped: Vec<String>,
}

impl Gathered {
    /// The client's answer under `key` as JSON (an `ElicitResult`, a `CreateMessageResult`,
    /// a `ListRootsResult`); `None` when it was not asked.
    ///
    /// ```
    /// use elicit_core::rmcp::Gathered;
    /// assert_eq!(Gathered::default().get("roots"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.answers.get(key)
    }

    /// The answer under `key` read as `R` (rmcp's `CreateMessageResult`, say); `None` when
    /// it was not asked.
    ///
    /// # Errors
    /// A JSON-RPC `-32602` naming `inputResponses.{key}` when the answer is not an `R`.
    ///
    /// ```
    /// use elicit_core::rmcp::Gathered;
    /// use rmcp::model::ListRootsResult;
    /// assert_eq!(Gathered::default().result::<ListRootsResult>("roots").unwrap().map(|r| r.roots.len()), None);
    /// ```
    pub fn result<R: DeserializeOwned>(&self, key: &str) -> Result<Option<R>, ErrorData> {
        self.answers
            .get(key)
            .map(|answer| {
                R::deserialize(answer).map_err(|error| {
                    ErrorData::invalid_params(
                        format!("inputResponses.{key} is not the expected result: {error}"),
                        None,
                    )
                })
            })
            .transpose()
    }

    /// The typed outcome of the form asked under `key`; `None` when it was not asked (the
    /// client did not declare form mode).
    ///
    /// # Errors
    /// [`Error::Invalid`] with every field's error when the accepted content does not fit
    /// `T`; [`Error::Malformed`] when the answer is not an `ElicitResult`.
    ///
    /// ```
    /// use elicit_core::rmcp::Gathered;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert!(Gathered::default().form::<Name>("name").unwrap().is_none());
    /// ```
    pub fn form<T: Elicit>(&self, key: &str) -> Result<Option<ElicitOutcome<T>>, Error> {
        match self.answers.get(key) {
            Some(answer) => Ok(Some(ElicitOutcome::from_result(answer)?)),
            None => Ok(None),
        }
    }

    /// The keys left out because the client did not declare what they need, in the order
    /// they were added.
    ///
    /// ```
    /// use elicit_core::rmcp::Gathered;
    /// assert!(Gathered::default().skipped().is_empty());
    /// ```
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }
}
