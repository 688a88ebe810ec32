//! Asking one question: a form ([`Dialog::ask`], [`Dialog::ask_form`]) or a URL
//! ([`Dialog::ask_url`]).

use serde_json::{Map, Value};

use super::memory::{Correction, Round, record_all, restore_all};
use super::{Dialog, Halt, kept_result, offer_digest, reask};
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, OutcomeError, UrlRequest,
};
use crate::schema::RequestedSchema;
use crate::{ContentError, Elicit, Form, IntoForm};

impl Dialog {
    /// Asks for `T`'s form (prompted with `T::message()`) under `key`, and returns the typed
    /// outcome: accepted into a `T`, declined or cancelled.
    ///
    /// # Errors
    /// [`Halt::InputRequired`] on 2026-07-28 until the client has answered (return it with
    /// `?`); [`Halt::Unsupported`] when the client did not declare form mode (nothing is
    /// sent); [`Halt::Invalid`] when the accepted content does not fit the form (every
    /// field's error: [`ask_until_valid`](Self::ask_until_valid) asks again instead);
    /// [`Halt::Malformed`] when the answer is not an `ElicitResult`; [`Halt::Render`] when
    /// the revision cannot express the form.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// Which city?
    /// #[derive(Elicit)]
    /// struct City { city: String }
    ///
    /// async fn city(d: &Dialog) -> Result<Option<String>, Halt> {
    ///     Ok(d.ask::<City>("city").await?.accepted().map(|answer| answer.city))
    /// }
    /// ```
    pub async fn ask<T: Elicit + 'static>(&self, key: &str) -> Result<ElicitOutcome<T>, Halt> {
        self.ask_form(key, Form::<T>::new()).await
    }

    /// Asks for `T`'s form under `key`, and asks again while the accepted content does not fit
    /// it, up to `attempts` times in all (at least once). Each new request says, after the
    /// prompt, what to correct, naming each field by the title the person sees; and it carries
    /// as `default`s the fields already right, so a client that pre-fills defaults shows them
    /// filled in (2025-06-18 has `default` only on booleans). On 2026-07-28 the attempts are
    /// counted in the sealed state, and a retry that lacks the answer is asked again without
    /// counting one.
    ///
    /// # Errors
    /// As [`ask`](Self::ask); [`Halt::Invalid`] with the last answer's errors when every
    /// attempt was answered with content that does not fit.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// How many people?
    /// #[derive(Elicit)]
    /// struct Party {
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     size: u8,
    /// }
    ///
    /// async fn party(d: &Dialog) -> Result<String, Halt> {
    ///     match d.ask_until_valid::<Party>("party", 3).await {
    ///         Ok(outcome) => Ok(outcome.accepted().map_or("Nothing booked".into(), |p| format!("A table for {}", p.size))),
    ///         Err(halt) if halt.invalid().is_some() => Ok("Still not valid after three tries".into()),
    ///         Err(halt) => Err(halt),
    ///     }
    /// }
    /// ```
    pub async fn ask_until_valid<T: Elicit + 'static>(
        &self,
        key: &str,
        attempts: u32,
    ) -> Result<ElicitOutcome<T>, Halt> {
        self.ask_form(key, Form::<T>::new().attempts(attempts))
            .await
    }

    /// Asks `form` under `key`: a [`Form`] with its own prompt or number of attempts, or a
    /// form shaped at run time (options, defaults, bounds and checks decided now). The answer
    /// is read against exactly the form that was sent; on 2026-07-28, if the body offers
    /// something else when the retry comes (the last seat went), the question is asked again
    /// with the current offer, saying so, and nothing is accepted against the old one.
    ///
    /// # Errors
    /// As [`ask_until_valid`](Self::ask_until_valid); [`Halt::Shape`] when the form shaped at
    /// run time contradicts itself (found before anything is sent).
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::{Elicit, ElicitOutcome, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// async fn name(d: &Dialog) -> Result<ElicitOutcome<Name>, Halt> {
    ///     d.ask_form("step1", Form::<Name>::new().message("Step 1: What is your name?")).await
    /// }
    /// ```
    pub async fn ask_form<T>(
        &self,
        key: &str,
        form: impl IntoForm<T>,
    ) -> Result<ElicitOutcome<T>, Halt> {
        let form = form.into_form()?;
        if self.is_live() {
            self.ask_live(key, &form).await
        } else {
            self.ask_retried(key, &form)
        }
    }

    /// Up to 2025-11-25: each attempt is an `elicitation/create` on the connection.
    async fn ask_live<T>(&self, key: &str, form: &Form<T>) -> Result<ElicitOutcome<T>, Halt> {
        let mut request = form.request();
        let mut attempt = 1;
        loop {
            let mut result = self.send_elicitation(key, &request).await?;
            self.fold_checkboxes(form.schema(), &mut result);
            match form.outcome(&result) {
                Ok(outcome) => return Ok(outcome),
                Err(OutcomeError::Invalid(errors)) if attempt < form.attempt_limit() => {
                    let right = reask::right_fields(form, result.content.as_ref(), &errors);
                    request = reask::request(form, &right, &errors);
                    attempt += 1;
                }
                Err(error) => return Err(Halt::from_outcome(key, error)),
            }
        }
    }

    /// 2026-07-28: the answer is replayed from the state, read from `inputResponses`, or
    /// asked for.
    fn ask_retried<T>(&self, key: &str, form: &Form<T>) -> Result<ElicitOutcome<T>, Halt> {
        let offer = form.is_shaped().then(|| offer_digest(form.schema()));
        if let Some(round) = self.replay(key)? {
            if round.offer == offer {
                match round.answer.as_ref() {
                    None => {
                        return Err(Halt::Invalid {
                            key: key.to_owned(),
                            errors: restore_all(&round.errors),
                        });
                    }
                    Some(answer) => {
                        if let Some(outcome) = ElicitResult::from_value(answer)
                            .ok()
                            .and_then(|result| form.outcome(&result).ok())
                        {
                            return Ok(outcome);
                        }
                    }
                }
            }
            // What was accepted then does not fit what the body asks now (its offer or its
            // checks changed): ask it again, with what there is now.
            self.rewind();
            return Err(self.ask_anew(key, form, offer));
        }
        let Some(answer) = self.take_answer(key) else {
            return Err(self.ask_again(key, form, offer));
        };
        if self.lock().memory.offer != offer {
            // The retry answers a form that offered something else.
            return Err(self.ask_anew(key, form, offer));
        }
        let result =
            ElicitResult::from_value(&answer).map_err(|error| Halt::malformed(key, error))?;
        match form.outcome(&result) {
            Ok(outcome) => {
                let content = result
                    .content
                    .as_ref()
                    .map(|content| form.kept_content(content));
                self.record(Round {
                    key: key.to_owned(),
                    answer: Some(kept_result(&result, content)),
                    errors: Vec::new(),
                    offer,
                });
                Ok(outcome)
            }
            Err(OutcomeError::Invalid(errors)) => {
                Err(self.invalid(key, form, &result, errors, offer))
            }
            Err(error) => Err(Halt::from_outcome(key, error)),
        }
    }

    /// An answer that does not fit: asked again, or, after the last attempt, recorded as
    /// such (a replay fails with the same errors).
    fn invalid<T>(
        &self,
        key: &str,
        form: &Form<T>,
        result: &ElicitResult,
        errors: ContentError,
        offer: Option<String>,
    ) -> Halt {
        let tries = {
            let mut progress = self.lock();
            progress.memory.tries = progress.memory.tries.saturating_add(1);
            progress.memory.tries
        };
        if tries >= form.attempt_limit() {
            self.record(Round {
                key: key.to_owned(),
                answer: None,
                errors: record_all(&errors),
                offer,
            });
            return Halt::Invalid {
                key: key.to_owned(),
                errors,
            };
        }
        let right = reask::right_fields(form, result.content.as_ref(), &errors);
        let request = reask::request(form, &right, &errors);
        {
            let mut progress = self.lock();
            progress.memory.correction = Some(Correction {
                right,
                errors: record_all(&errors),
            });
            progress.memory.offer = offer;
        }
        self.suspend_one(key, request, Some(key))
    }

    /// A retry without an answer to the pending question: the same form again (corrected,
    /// when the last answer did not fit), no attempt counted.
    fn ask_again<T>(&self, key: &str, form: &Form<T>, offer: Option<String>) -> Halt {
        let correction = {
            let progress = self.lock();
            if progress.memory.offer == offer {
                progress.memory.correction.clone()
            } else {
                None
            }
        };
        let request = match correction {
            Some(correction) => reask::request(form, &correction.right, &correction.errors()),
            None => form.request(),
        };
        self.lock().memory.offer = offer;
        self.suspend_one(key, request, None)
    }

    /// The question asked again because what it offers changed since it was asked.
    fn ask_anew<T>(&self, key: &str, form: &Form<T>, offer: Option<String>) -> Halt {
        {
            let mut progress = self.lock();
            progress.memory.tries = 0;
            progress.memory.correction = None;
            progress.memory.offer = offer;
        }
        let request = form.request();
        let message = reask::changed(request.message_text());
        self.suspend_one(key, request.message(message), None)
    }

    /// A multi-select asked as checkboxes (on a revision without multi-selects) comes back as
    /// checkboxes: folded into the answer the form reads.
    pub(super) fn fold_checkboxes(&self, schema: &RequestedSchema, result: &mut ElicitResult) {
        if self.version().has_multi_select() {
            return;
        }
        if let Some(content) = &result.content {
            result.content = Some(self.fallback.read_answer(schema, content));
        }
    }

    /// Sends an elicitation on the live connection, after checking the client can be asked
    /// it, and reads the answer.
    async fn send_elicitation(
        &self,
        key: &str,
        request: &ElicitRequest,
    ) -> Result<ElicitResult, Halt> {
        self.elicitation().check(request)?;
        let params = self.render(request)?;
        let mut message = Map::new();
        message.insert("method".to_owned(), Value::from("elicitation/create"));
        message.insert("params".to_owned(), params);
        let answer = self.connection()?.request(Value::Object(message)).await?;
        ElicitResult::from_value(&answer).map_err(|error| Halt::malformed(key, error))
    }

    /// Asks the person to open a URL (URL mode) under `key`; returns what they did with it
    /// (`accept` only means they agreed to open it).
    ///
    /// # Errors
    /// As [`ask`](Self::ask) (the client must declare URL mode; 2025-06-18 has none).
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::protocol::{ElicitAction, UrlRequest, new_elicitation_id};
    ///
    /// async fn connect(d: &Dialog) -> Result<bool, Halt> {
    ///     let request = UrlRequest::new("Connect your account", "https://example.com/connect", new_elicitation_id())
    ///         .map_err(|error| Halt::internal(error.to_string()))?;
    ///     Ok(d.ask_url("connect", request).await? == ElicitAction::Accept)
    /// }
    /// ```
    pub async fn ask_url(&self, key: &str, request: UrlRequest) -> Result<ElicitAction, Halt> {
        let request = ElicitRequest::Url(request);
        if self.is_live() {
            return Ok(self.send_elicitation(key, &request).await?.action);
        }
        if let Some(round) = self.replay(key)? {
            let action = round
                .answer
                .as_ref()
                .and_then(|answer| ElicitResult::from_value(answer).ok())
                .map(|result| result.action);
            return action
                .ok_or_else(|| Halt::malformed(key, "the kept answer is not an ElicitResult"));
        }
        match self.take_answer(key) {
            Some(answer) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                self.record(Round {
                    key: key.to_owned(),
                    answer: Some(kept_result(&result, None)),
                    errors: Vec::new(),
                    offer: None,
                });
                Ok(result.action)
            }
            None => Err(self.suspend_one(key, request, None)),
        }
    }
}
