//! Several requests in one round: [`Inputs`] out, [`Gathered`] back.

use std::fmt;
use std::sync::Arc;

use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::memory::Round;
use super::{Dialog, Halt, kept_result};
use crate::protocol::{
    ElicitOutcome, ElicitRequest, ElicitResult, ElicitationSupport, InputRequest, OutcomeError,
};
use crate::{Elicit, Form, IntoForm, ShapeError};

/// Reads an answered form of a round and keeps what its form read.
type Keep =
    Arc<dyn Fn(&ElicitResult) -> Result<Option<Map<String, Value>>, OutcomeError> + Send + Sync>;

/// Several requests asked in one round ([`Dialog::ask_all`]): forms, URL requests, and other
/// input requests (`sampling/createMessage`, `roots/list`).
///
/// Each goes out only when the client declared what it needs (the elicitation mode,
/// `sampling`, `roots`); the others are left out, and listed by [`Gathered::skipped`].
///
/// ```
/// use elicit_core::dialog::Inputs;
/// use elicit_core::Elicit;
/// use serde_json::json;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let inputs = Inputs::new()
///     .form::<Name>("user_name")
///     .request("client_roots", json!({"method": "roots/list"}));
/// assert_eq!(inputs.keys().collect::<Vec<_>>(), ["user_name", "client_roots"]);
/// ```
#[derive(Clone, Default)]
pub struct Inputs {
    pub(super) entries: Vec<(String, Input)>,
}

impl fmt::Debug for Inputs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.keys()).finish()
    }
}

#[derive(Clone)]
pub(super) enum Input {
    /// A form, and how its answer is read.
    Form(ElicitRequest, Keep),
    /// A URL request.
    Url(ElicitRequest),
    /// Another request, as JSON (`{"method": …, "params": …}`).
    Other(Value),
    /// A form that could not be built.
    Broken(ShapeError),
}

impl Inputs {
    /// No requests yet.
    ///
    /// ```
    /// assert_eq!(elicit_core::dialog::Inputs::new().keys().count(), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks for `T`'s form under `key`, prompted with `T::message()`.
    ///
    /// ```
    /// use elicit_core::dialog::Inputs;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert_eq!(Inputs::new().form::<Name>("name").keys().count(), 1);
    /// ```
    #[must_use]
    pub fn form<T: Elicit + 'static>(self, key: impl Into<String>) -> Self {
        self.form_of(key, Form::<T>::new())
    }

    /// Asks `form` under `key`: a [`Form`] with its own prompt, or one shaped at run time.
    /// Read its answer with [`Gathered::outcome`].
    ///
    /// ```
    /// use elicit_core::dialog::Inputs;
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// let inputs = Inputs::new().form_of("name", Form::<Name>::new().message("And yours?"));
    /// assert_eq!(inputs.keys().next(), Some("name"));
    /// ```
    #[must_use]
    pub fn form_of<T: 'static>(mut self, key: impl Into<String>, form: impl IntoForm<T>) -> Self {
        let input = match form.into_form() {
            Ok(form) => {
                let request = form.request();
                let keep: Keep = Arc::new(move |result: &ElicitResult| {
                    form.outcome(result)?;
                    Ok(result
                        .content
                        .as_ref()
                        .map(|content| form.kept_content(content)))
                });
                Input::Form(request, keep)
            }
            Err(error) => Input::Broken(error),
        };
        self.entries.push((key.into(), input));
        self
    }

    /// Asks the person to open a URL under `key`.
    ///
    /// ```
    /// use elicit_core::dialog::Inputs;
    /// use elicit_core::protocol::UrlRequest;
    ///
    /// let pay = UrlRequest::new("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// assert_eq!(Inputs::new().url("pay", pay).keys().next(), Some("pay"));
    /// ```
    #[must_use]
    pub fn url(mut self, key: impl Into<String>, request: crate::protocol::UrlRequest) -> Self {
        self.entries
            .push((key.into(), Input::Url(ElicitRequest::Url(request))));
        self
    }

    /// Asks another kind of input request under `key` (`sampling/createMessage`,
    /// `roots/list`): anything that serializes as `{"method": …, "params": …}` (with the
    /// `rmcp` feature, rmcp's `InputRequest`). Its answer is the client's result as JSON
    /// ([`Gathered::get`], [`Gathered::result`]).
    ///
    /// ```
    /// use elicit_core::dialog::Inputs;
    /// use serde_json::json;
    ///
    /// let inputs = Inputs::new().request("roots", json!({"method": "roots/list"}));
    /// assert_eq!(inputs.keys().next(), Some("roots"));
    /// ```
    #[must_use]
    pub fn request(mut self, key: impl Into<String>, request: impl Serialize) -> Self {
        let request = serde_json::to_value(request).unwrap_or(Value::Null);
        self.entries.push((key.into(), Input::Other(request)));
        self
    }

    /// The keys, in the order the requests were added.
    ///
    /// ```
    /// use elicit_core::dialog::Inputs;
    /// assert_eq!(Inputs::new().keys().count(), 0);
    /// ```
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(key, _)| key.as_str())
    }
}

impl Input {
    /// Whether the client declared what this input needs.
    fn declared(&self, support: ElicitationSupport, capabilities: &Value) -> bool {
        match self {
            Self::Form(request, _) | Self::Url(request) => support.check(request).is_ok(),
            Self::Broken(_) => true,
            Self::Other(request) => match request.get("method").and_then(Value::as_str) {
                Some("sampling/createMessage") => capabilities.get("sampling").is_some(),
                Some("roots/list") => capabilities.get("roots").is_some(),
                Some("elicitation/create") => {
                    let mode = request
                        .get("params")
                        .and_then(|params| params.get("mode"))
                        .and_then(Value::as_str);
                    match mode {
                        Some("url") => support.url,
                        _ => support.form,
                    }
                }
                _ => true,
            },
        }
    }

    /// The entry of `inputRequests`.
    fn to_input_request(&self) -> InputRequest {
        match self {
            Self::Form(request, _) | Self::Url(request) => InputRequest::Elicit(request.clone()),
            Self::Other(request) => InputRequest::Other(request.clone()),
            Self::Broken(_) => InputRequest::Other(Value::Null),
        }
    }

    /// What of the answer `answer` to keep, after checking it is an answer to this input.
    fn keep(&self, key: &str, answer: Value) -> Result<Value, Halt> {
        match self {
            Self::Form(_, keep) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                let content = keep(&result).map_err(|error| Halt::from_outcome(key, error))?;
                Ok(kept_result(&result, content))
            }
            Self::Url(_) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                Ok(kept_result(&result, None))
            }
            Self::Other(_) | Self::Broken(_) => Ok(answer),
        }
    }
}

/// The answers to an [`Inputs`] round ([`Dialog::ask_all`]), by key.
///
/// ```
/// use elicit_core::dialog::Gathered;
/// let gathered = Gathered::default();
/// assert!(gathered.get("greeting").is_none());
/// assert!(gathered.skipped().is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Gathered {
    answers: Map<String, Value>,
    skipped: Vec<String>,
}

impl Gathered {
    /// The client's answer under `key` as JSON (an `ElicitResult` — of a form, only what the
    /// form read —, a `CreateMessageResult`, a `ListRootsResult`); `None` when it was not
    /// asked.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// assert_eq!(Gathered::default().get("roots"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.answers.get(key)
    }

    /// The answer under `key` read as `R` (rmcp's `CreateMessageResult`, say); `None` when
    /// it was not asked.
    ///
    /// # Errors
    /// [`Halt::Malformed`] naming `key` when the answer is not an `R`.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// assert_eq!(Gathered::default().result::<serde_json::Value>("roots").unwrap(), None);
    /// ```
    pub fn result<R: DeserializeOwned>(&self, key: &str) -> Result<Option<R>, Halt> {
        self.answers
            .get(key)
            .map(|answer| {
                R::deserialize(answer).map_err(|error| {
                    Halt::malformed(key, format!("not the expected result: {error}"))
                })
            })
            .transpose()
    }

    /// The typed outcome of `T`'s form asked under `key`; `None` when it was not asked (the
    /// client did not declare form mode).
    ///
    /// # Errors
    /// [`Halt::Invalid`] with every field's error when the content does not fit `T`.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert!(Gathered::default().form::<Name>("name").unwrap().is_none());
    /// ```
    pub fn form<T: Elicit + 'static>(&self, key: &str) -> Result<Option<ElicitOutcome<T>>, Halt> {
        self.outcome(key, &Form::<T>::new())
    }

    /// The typed outcome of `form`, asked under `key` ([`Inputs::form_of`]); `None` when it
    /// was not asked.
    ///
    /// # Errors
    /// [`Halt::Invalid`] with every field's error when the content does not fit `form`.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert!(Gathered::default().outcome("name", &Form::<Name>::new()).unwrap().is_none());
    /// ```
    pub fn outcome<T>(&self, key: &str, form: &Form<T>) -> Result<Option<ElicitOutcome<T>>, Halt> {
        let Some(answer) = self.answers.get(key) else {
            return Ok(None);
        };
        let result =
            ElicitResult::from_value(answer).map_err(|error| Halt::malformed(key, error))?;
        form.outcome(&result)
            .map(Some)
            .map_err(|error| Halt::from_outcome(key, error))
    }

    /// The keys left out because the client did not declare what they need, in the order
    /// they were added.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// assert!(Gathered::default().skipped().is_empty());
    /// ```
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }
}

impl Dialog {
    /// Asks for several things in one round: on 2026-07-28 one `InputRequiredResult` with
    /// every request the client declared the capability for (a form next to a
    /// `sampling/createMessage` and a `roots/list`, say), retried until each is answered; up
    /// to 2025-11-25 each is sent on the connection in turn. A request whose capability the
    /// client did not declare is left out ([`Gathered::skipped`]).
    ///
    /// # Errors
    /// [`Halt::InputRequired`] on 2026-07-28 until every request sent is answered; a failure
    /// of the connection; [`Halt::Malformed`] when a form's answer is not an `ElicitResult`;
    /// [`Halt::Invalid`] when it does not fit its form; [`Halt::Shape`] for a form that could
    /// not be built.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt, Inputs};
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use serde_json::json;
    ///
    /// /// What is your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// async fn name_and_roots(d: &Dialog) -> Result<String, Halt> {
    ///     let inputs = Inputs::new().form::<Name>("user_name").request("roots", json!({"method": "roots/list"}));
    ///     let gathered = d.ask_all(inputs).await?;
    ///     let name = match gathered.form::<Name>("user_name")? {
    ///         Some(ElicitOutcome::Accepted(answer)) => answer.name,
    ///         Some(_) => "(declined)".to_owned(),
    ///         None => "(this client shows no forms)".to_owned(),
    ///     };
    ///     let roots = gathered.get("roots").and_then(|roots| roots["roots"].as_array()).map_or(0, Vec::len);
    ///     Ok(format!("{name}, {roots} roots"))
    /// }
    /// ```
    pub async fn ask_all(&self, inputs: Inputs) -> Result<Gathered, Halt> {
        if let Some(error) = inputs.entries.iter().find_map(|(_, input)| match input {
            Input::Broken(error) => Some(error.clone()),
            _ => None,
        }) {
            return Err(Halt::Shape(error));
        }
        let support = self.elicitation();
        let (asked, skipped): (Vec<_>, Vec<_>) = inputs
            .entries
            .into_iter()
            .partition(|(_, input)| input.declared(support, self.client_capabilities()));
        let skipped: Vec<String> = skipped.into_iter().map(|(key, _)| key).collect();
        let round_key = asked
            .iter()
            .map(|(key, _)| key.as_str())
            .collect::<Vec<_>>()
            .join(",");
        if self.is_live() {
            let mut answers = Map::new();
            for (key, input) in &asked {
                let mut answer = self.send_input(input).await?;
                if let Input::Form(request, _) = input
                    && let Some(schema) = request.requested_schema()
                    && let Ok(mut result) = ElicitResult::from_value(&answer)
                {
                    self.fold_checkboxes(schema, &mut result);
                    answer = result.to_value();
                }
                answers.insert(key.clone(), input.keep(key, answer)?);
            }
            return Ok(Gathered { answers, skipped });
        }
        if let Some(round) = self.replay(&round_key)? {
            return match round.answer {
                Some(Value::Object(answers)) => Ok(Gathered { answers, skipped }),
                _ => Err(Halt::invalid_params(format!(
                    "request state holds no answers to `{round_key}`"
                ))),
            };
        }
        let mut gathered = std::mem::take(&mut self.lock().memory.partial);
        let mut fresh = self.take_answers();
        for (key, input) in &asked {
            if let Some(answer) = fresh.as_mut().and_then(|fresh| fresh.remove(key)) {
                gathered.insert(key.clone(), input.keep(key, answer)?);
            }
        }
        let missing: Vec<(String, InputRequest)> = asked
            .iter()
            .filter(|(key, _)| !gathered.contains_key(key))
            .map(|(key, input)| (key.clone(), input.to_input_request()))
            .collect();
        if missing.is_empty() {
            self.record(Round {
                key: round_key,
                answer: Some(Value::Object(gathered.clone())),
                errors: Vec::new(),
                offer: None,
            });
            return Ok(Gathered {
                answers: gathered,
                skipped,
            });
        }
        self.lock().memory.partial = gathered;
        Err(self.suspend(missing, Some(&round_key)))
    }

    /// Sends one input request on the connection (up to 2025-11-25); the client's result.
    async fn send_input(&self, input: &Input) -> Result<Value, Halt> {
        let message = match input {
            Input::Form(request, _) | Input::Url(request) => {
                let params = self.render(request)?;
                let mut message = Map::new();
                message.insert("method".to_owned(), Value::from("elicitation/create"));
                message.insert("params".to_owned(), params);
                Value::Object(message)
            }
            Input::Other(request) => request.clone(),
            Input::Broken(error) => return Err(Halt::Shape(error.clone())),
        };
        self.connection()?.request(message).await
    }
}
