//! Several requests in one round: [`Inputs`] out, [`Gathered`] back.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::ask::refuse_secret;
use super::memory::{Kept, Round, kept_result};
use super::{Dialog, Halt, Reply, offer_digest, reask};
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, ElicitationSupport, InputRequest,
    OutcomeError, ProtocolVersion,
};
use crate::{Elicit, Form, FormMode, IntoForm, ShapeError};

/// A form of a round, whatever the type of its answer: a `Form<T>`.
pub(super) trait RoundForm: Send + Sync {
    /// The form as revision `version` can send it ([`Form::for_revision`]).
    fn for_revision(&self, version: ProtocolVersion) -> Arc<dyn RoundForm>;
    /// What is sent.
    fn request(&self) -> ElicitRequest;
    /// The digest of what it offers, when it was shaped at run time.
    fn offer(&self) -> Option<String>;
    /// Reads an answer (its multi-selects folded from checkboxes when `folded` says so) and
    /// keeps what the form read of it.
    fn keep(
        &self,
        result: &ElicitResult,
        folded: bool,
    ) -> Result<Option<Map<String, Value>>, OutcomeError>;
    /// The `Form<T>` itself, to read the answer back into its type.
    fn as_any(&self) -> &dyn Any;
}

impl<T: 'static> RoundForm for Form<T> {
    fn for_revision(&self, version: ProtocolVersion) -> Arc<dyn RoundForm> {
        Arc::new(Form::for_revision(self, version))
    }

    fn request(&self) -> ElicitRequest {
        // Only a form that passed `refuse_secret` (and `FormMode`) is a round's form.
        Form::form_request(self)
    }

    fn offer(&self) -> Option<String> {
        self.is_shaped().then(|| offer_digest(self.schema()))
    }

    fn keep(
        &self,
        result: &ElicitResult,
        folded: bool,
    ) -> Result<Option<Map<String, Value>>, OutcomeError> {
        if result.action != ElicitAction::Accept {
            return Ok(None);
        }
        let empty = Map::new();
        let content = result.content.as_ref().unwrap_or(&empty);
        let (content, mut errors) = if folded {
            crate::protocol::fold_checkboxes(self.schema(), content, |name| self.needs_value(name))
        } else {
            (std::borrow::Cow::Borrowed(content), Vec::new())
        };
        match self.read(&content) {
            Ok(_) if errors.is_empty() => Ok(Some(self.read_content(&content))),
            Ok(_) => Err(OutcomeError::Invalid(errors.into())),
            Err(error) => {
                errors.extend(error.into_errors());
                Err(OutcomeError::Invalid(errors.into()))
            }
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

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
    /// A form; in a round, as the dialog's revision can send it.
    Form(Arc<dyn RoundForm>),
    /// A URL request.
    Url(ElicitRequest),
    /// Another request, as JSON (`{"method": …, "params": …}`).
    Other(Value),
    /// A form that could not be built.
    Broken(ShapeError),
    /// A form refused before it was rendered: it holds a secret
    /// ([`refuse_secret`](super::ask::refuse_secret)).
    Refused(Reply),
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
    pub fn form<T: Elicit + FormMode + 'static>(self, key: impl Into<String>) -> Self {
        self.form_of(key, Form::<T>::new())
    }

    /// Asks `form` under `key`: a [`Form`] with its own prompt, or one shaped at run time.
    /// Read its answer with [`Gathered::form`], which reads it against the form asked.
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
    pub fn form_of<T: FormMode + 'static>(
        mut self,
        key: impl Into<String>,
        form: impl IntoForm<T>,
    ) -> Self {
        let key = key.into();
        let input = match form.into_form() {
            // A secret asked in form mode would pass through the client and the model.
            Ok(form) => match refuse_secret(&key, &form) {
                Ok(()) => Input::Form(Arc::new(form)),
                Err(reply) => Input::Refused(reply),
            },
            Err(error) => Input::Broken(error),
        };
        self.entries.push((key, input));
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
            Self::Form(form) => support.check(&form.request()).is_ok(),
            Self::Url(request) => support.check(request).is_ok(),
            Self::Broken(_) | Self::Refused(_) => true,
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
            Self::Form(form) => InputRequest::Elicit(form.request()),
            Self::Url(request) => InputRequest::Elicit(request.clone()),
            Self::Other(request) => InputRequest::Other(request.clone()),
            Self::Broken(_) | Self::Refused(_) => InputRequest::Other(Value::Null),
        }
    }

    /// What of the answer `answer` to keep, after checking it is an answer to this input
    /// (read against the form as sent: `folded`, its multi-selects asked as checkboxes).
    fn keep(&self, key: &str, answer: Value, folded: bool) -> Result<Value, Halt> {
        match self {
            Self::Form(form) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                let content = form
                    .keep(&result, folded)
                    .map_err(|error| Halt::from_outcome(key, error))?;
                Ok(kept_result(&result, content))
            }
            Self::Url(_) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                Ok(kept_result(&result, None))
            }
            Self::Other(_) | Self::Broken(_) | Self::Refused(_) => Ok(answer),
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
#[derive(Clone, Default)]
pub struct Gathered {
    answers: Map<String, Value>,
    skipped: Vec<String>,
    /// The forms asked, by key (each a `Form<T>`): an answer is read back with its own.
    forms: Vec<(String, Arc<dyn RoundForm>)>,
}

impl fmt::Debug for Gathered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gathered")
            .field("answers", &self.answers)
            .field("skipped", &self.skipped)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Gathered {
    /// The same answers, the same keys skipped.
    fn eq(&self, other: &Self) -> bool {
        self.answers == other.answers && self.skipped == other.skipped
    }
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

    /// The typed outcome of the form asked under `key` ([`Inputs::form`] or
    /// [`Inputs::form_of`]), read by that very form, against what it sent (its run-time
    /// options, defaults and checks); `None` when it was not asked (the client did not
    /// declare form mode).
    ///
    /// # Errors
    /// [`Halt::Invalid`] when the content does not fit the form; an internal error when the
    /// form asked under `key` was not a form of `T`s.
    ///
    /// ```
    /// use elicit_core::dialog::Gathered;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    /// assert!(Gathered::default().form::<Name>("name").unwrap().is_none());
    /// ```
    pub fn form<T: 'static>(&self, key: &str) -> Result<Option<ElicitOutcome<T>>, Halt> {
        let Some(answer) = self.answers.get(key) else {
            return Ok(None);
        };
        let form = self
            .forms
            .iter()
            .find(|(asked, _)| asked == key)
            .and_then(|(_, form)| form.as_any().downcast_ref::<Form<T>>())
            .ok_or_else(|| {
                Halt::internal(format!(
                    "`{key}` was not asked as a form of `{}`",
                    std::any::type_name::<T>()
                ))
            })?;
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
        let (asked, skipped) = self.to_ask(inputs)?;
        let forms: Vec<(String, Arc<dyn RoundForm>)> = asked
            .iter()
            .filter_map(|(key, input)| match input {
                Input::Form(form) => Some((key.clone(), Arc::clone(form))),
                _ => None,
            })
            .collect();
        let gathered = |answers| Gathered {
            answers,
            skipped: skipped.clone(),
            forms: forms.clone(),
        };
        let round_key = asked
            .iter()
            .map(|(key, _)| key.as_str())
            .collect::<Vec<_>>()
            .join(",");
        let folded = self.folds_checkboxes();
        if self.is_live() {
            let mut answers = Map::new();
            for (key, input) in &asked {
                let answer = self.send_input(input).await?;
                answers.insert(key.clone(), input.keep(key, answer, folded)?);
            }
            return Ok(gathered(answers));
        }
        // What each form shaped at run time offers now: on 2026-07-28 an answer is taken only
        // for the offer it was given to, whichever way the round is read.
        let offers: Map<String, Value> = asked
            .iter()
            .filter_map(|(key, input)| match input {
                Input::Form(form) => form.offer().map(|offer| (key.clone(), Value::from(offer))),
                _ => None,
            })
            .collect();
        if let Some(round) = self.replay(&round_key)? {
            return self
                .replayed_round(round, &asked, &offers, &round_key)
                .map(gathered);
        }
        let (mut answers, sent) = {
            let mut progress = self.lock();
            (
                std::mem::take(&mut progress.memory.partial),
                std::mem::take(&mut progress.memory.offers),
            )
        };
        let mut fresh = self.take_answers();
        let mut again = Vec::new();
        for (key, input) in &asked {
            if let Some(answer) = fresh.as_mut().and_then(|fresh| fresh.remove(key)) {
                if sent.get(key) != offers.get(key) {
                    // The answer is to a form that offered something else.
                    again.push((key.clone(), Again::Changed));
                    continue;
                }
                answers.insert(key.clone(), input.keep(key, answer, folded)?);
            }
        }
        let missing: Vec<(String, Again)> = asked
            .iter()
            .filter(|(key, _)| !answers.contains_key(key))
            .map(|(key, _)| {
                let why = again
                    .iter()
                    .position(|(stale, _)| stale == key)
                    .map_or(Again::Unanswered, |at| again.swap_remove(at).1);
                (key.clone(), why)
            })
            .collect();
        if missing.is_empty() {
            self.record(Round {
                key: round_key,
                kept: Kept::Inputs(answers.clone()),
                offer: None,
                offers,
            });
            return Ok(gathered(answers));
        }
        {
            let mut progress = self.lock();
            progress.memory.partial = answers;
            progress.memory.offers = offers;
        }
        Err(self.suspend(requests(&asked, &missing), Some(&round_key)))
    }

    /// The inputs of a round this client can be asked (each form as this revision can send
    /// it), and the keys of those it cannot.
    fn to_ask(&self, inputs: Inputs) -> Result<(Questions, Vec<String>), Halt> {
        for (_, input) in &inputs.entries {
            match input {
                Input::Broken(error) => return Err(Halt::Shape(error.clone())),
                Input::Refused(reply) => return Err(Halt::Reply(reply.clone())),
                _ => {}
            }
        }
        let support = self.elicitation();
        let version = self.version();
        let (asked, skipped): (Vec<_>, Vec<_>) = inputs
            .entries
            .into_iter()
            .map(|(key, input)| match input {
                Input::Form(form) => (key, Input::Form(form.for_revision(version))),
                other => (key, other),
            })
            .partition(|(_, input)| input.declared(support, self.client_capabilities()));
        Ok((asked, skipped.into_iter().map(|(key, _)| key).collect()))
    }

    /// The answers of a round of several inputs replayed from the state: as they were, or,
    /// when a form's offer changed since (or its checks refuse its answer now), the round asked
    /// again for those inputs, the others' answers kept.
    fn replayed_round(
        &self,
        mut round: Round,
        asked: &[(String, Input)],
        offers: &Map<String, Value>,
        round_key: &str,
    ) -> Result<Map<String, Value>, Halt> {
        let Kept::Inputs(answers) = &mut round.kept else {
            return Err(Halt::invalid_params(format!(
                "request state holds no answers to `{round_key}`"
            )));
        };
        let mut answers = std::mem::take(answers);
        // A form whose offer changed since is asked again with what there is now; one whose
        // answer its checks refuse now (the seats went), with their reason.
        let mut again = Vec::new();
        for (key, input) in asked {
            if round.offers.get(key) != offers.get(key) {
                answers.remove(key);
                again.push((key.clone(), Again::Changed));
            } else if let (Input::Form(_), Some(answer)) = (input, answers.get(key))
                && let Err(halt) = input.keep(key, answer.clone(), false)
            {
                answers.remove(key);
                match halt {
                    Halt::Invalid { errors, .. } => {
                        again.push((key.clone(), Again::Refused(errors)));
                    }
                    other => return Err(other),
                }
            }
        }
        if again.is_empty() {
            return Ok(answers);
        }
        self.rewind();
        {
            let mut progress = self.lock();
            progress.memory.partial = answers;
            progress.memory.offers.clone_from(offers);
        }
        Err(self.suspend(requests(asked, &again), Some(round_key)))
    }

    /// Sends one input request on the connection (up to 2025-11-25); the client's result.
    async fn send_input(&self, input: &Input) -> Result<Value, Halt> {
        let message = match input {
            Input::Form(form) => {
                let params = self.render(&form.request())?;
                let mut message = Map::new();
                message.insert("method".to_owned(), Value::from("elicitation/create"));
                message.insert("params".to_owned(), params);
                Value::Object(message)
            }
            Input::Url(request) => {
                let params = self.render(request)?;
                let mut message = Map::new();
                message.insert("method".to_owned(), Value::from("elicitation/create"));
                message.insert("params".to_owned(), params);
                Value::Object(message)
            }
            Input::Other(request) => request.clone(),
            Input::Broken(error) => return Err(Halt::Shape(error.clone())),
            Input::Refused(reply) => return Err(Halt::Reply(reply.clone())),
        };
        self.connection()?.request(message).await
    }
}

/// The inputs of a round that are asked, by key.
type Questions = Vec<(String, Input)>;

/// Why an input of a round is asked (again).
enum Again {
    /// It has no answer yet.
    Unanswered,
    /// What it offers changed since it was asked.
    Changed,
    /// Its answer, replayed, is refused now by its checks.
    Refused(crate::ContentError),
}

/// The `inputRequests` asking `missing`, each saying why it is asked again.
fn requests(asked: &[(String, Input)], missing: &[(String, Again)]) -> Vec<(String, InputRequest)> {
    missing
        .iter()
        .filter_map(|(key, why)| {
            let (_, input) = asked.iter().find(|(asked, _)| asked == key)?;
            let request = match (input, why) {
                (Input::Form(form), Again::Changed) => {
                    let request = form.request();
                    let message = reask::changed(request.message_text());
                    InputRequest::Elicit(request.message(message))
                }
                (Input::Form(form), Again::Refused(errors)) => {
                    let request = form.request();
                    let schema = request.requested_schema();
                    let message = match schema {
                        Some(schema) => {
                            reask::corrections(request.message_text(), schema, errors, false)
                        }
                        None => request.message_text().to_owned(),
                    };
                    InputRequest::Elicit(request.message(message))
                }
                _ => input.to_input_request(),
            };
            Some((key.clone(), request))
        })
        .collect()
}
