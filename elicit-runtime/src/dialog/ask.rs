//! Asking one question: a form ([`Dialog::ask`], [`Dialog::ask_form`], each an [`Ask`]) or a
//! URL ([`Dialog::ask_url`]).

use serde_json::{Map, Value};

use std::future::{Future, IntoFuture};
use std::pin::Pin;

use super::memory::{Correction, Kept, Round, record_all, restore_all};
use super::{Dialog, Halt, Reply, offer_digest, reask};
use crate::form::Reask;
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, MultiSelectFallback, OutcomeError,
    UrlRequest,
};
use crate::{ContentError, Elicit, FieldError, Form, FormMode, IntoForm};

impl Dialog {
    /// Asks for `T`'s form (prompted with `T::message()`) under `key`: awaited, the typed
    /// outcome, accepted into a `T`, declined or cancelled. Before it is awaited,
    /// [`attempts`](Ask::attempts) asks again while the answer does not fit,
    /// [`message`](Ask::message) replaces the prompt, and [`or_reply`](Ask::or_reply) makes
    /// the common case one expression: the `T`, or the call answered with a text.
    ///
    /// # Errors
    /// Awaited: [`Halt::InputRequired`] on 2026-07-28 until the client has answered (return it
    /// with `?`); [`Halt::Unsupported`] when the client did not declare form mode (nothing is
    /// sent); [`Halt::Invalid`] when the accepted content does not fit the form (every
    /// field's error, after the last attempt); [`Halt::Malformed`] when the answer is not an
    /// `ElicitResult`; [`Halt::Render`] when the revision cannot express the form.
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
    ///     let party = d.ask::<Party>("party").attempts(3).or_reply("Nothing was booked.").await?;
    ///     Ok(format!("A table for {}", party.size))
    /// }
    /// ```
    pub fn ask<T: Elicit + FormMode + 'static>(&self, key: &str) -> Ask<'_, T> {
        self.ask_form(key, Form::<T>::new())
    }

    /// Asks `form` under `key`: a form shaped at run time (options, defaults, bounds and
    /// checks decided now: `T::form()…`), or any [`Form`]. The answer is read against exactly
    /// the form that was sent; on 2026-07-28, if the body offers something else when the retry
    /// comes (the last seat went), the question is asked again with the current offer, saying
    /// so, and nothing is accepted against the old one. The same [`Ask`] as
    /// [`ask`](Self::ask)'s: the same attempts, prompt and reply.
    ///
    /// # Errors
    /// Awaited: as [`ask`](Self::ask)'s; [`Halt::Shape`] when the form shaped at run time
    /// contradicts itself (found before anything is sent).
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// How many tickets?
    /// #[derive(Elicit)]
    /// #[elicit(shaped)]
    /// struct Tickets {
    ///     #[elicit(minimum = 1, maximum = 10)]
    ///     count: u8,
    /// }
    ///
    /// async fn tickets(d: &Dialog, left: u8) -> Result<u8, Halt> {
    ///     let form = Tickets::form().count(|count| count.maximum(left));
    ///     let tickets = d.ask_form("tickets", form).message(format!("Only {left} left: how many?")).or_reply("No tickets.").await?;
    ///     Ok(tickets.count)
    /// }
    /// ```
    pub fn ask_form<T: FormMode>(&self, key: &str, form: impl IntoForm<T>) -> Ask<'_, T> {
        let question = match form.into_form() {
            Ok(form) => Question::Form(form),
            Err(error) => Question::Failed(Halt::from(error)),
        };
        Ask::new(self, key, question)
    }

    /// `form` prepared for this dialog's revision, or why it cannot be asked in form mode.
    fn form_mode<T>(&self, key: &str, form: &Form<T>) -> Result<Form<T>, Halt> {
        refuse_secret(key, form).map_err(Halt::Reply)?;
        Ok(form.for_revision(self.version()))
    }

    /// Asks `form` (prepared by [`form_mode`](Self::form_mode)), up to `attempts` times.
    async fn ask_prepared<T>(
        &self,
        key: &str,
        form: &Form<T>,
        attempts: u32,
    ) -> Result<ElicitOutcome<T>, Halt> {
        if self.is_live() {
            self.ask_live(key, form, attempts).await
        } else {
            self.ask_retried(key, form, attempts)
        }
    }

    /// Up to 2025-11-25: each attempt is an `elicitation/create` on the connection, read
    /// against the form it sent (the form, then each time it is asked again, the corrected
    /// form).
    async fn ask_live<T>(
        &self,
        key: &str,
        form: &Form<T>,
        attempts: u32,
    ) -> Result<ElicitOutcome<T>, Halt> {
        let mut asked = form.clone();
        let mut attempt = 1;
        loop {
            let sent = self.send_elicitation(key, &asked.form_request()).await?;
            let (result, boxes) = self.unfold(&asked, sent);
            match outcome(&asked, &result, boxes) {
                Ok(outcome) => return Ok(outcome),
                Err(OutcomeError::Invalid(errors)) if attempt < attempts => {
                    let right = reask::right_fields(&asked, result.content.as_ref(), &errors);
                    asked = self.corrected(form, &right, &errors);
                    attempt += 1;
                }
                Err(error) => return Err(Halt::from_outcome(key, error)),
            }
        }
    }

    /// 2026-07-28: the answer is replayed from the state, read from `inputResponses`, or
    /// asked for.
    fn ask_retried<T>(
        &self,
        key: &str,
        form: &Form<T>,
        attempts: u32,
    ) -> Result<ElicitOutcome<T>, Halt> {
        let offer = form.is_shaped().then(|| offer_digest(form.schema()));
        if let Some(round) = self.replay(key)? {
            if round.offer == offer {
                let result = match &round.kept {
                    Kept::Form { action, content } => ElicitResult {
                        action: *action,
                        content: content.clone(),
                    },
                    Kept::GaveUp(errors) => {
                        return Err(Halt::Invalid {
                            key: key.to_owned(),
                            errors: restore_all(errors),
                        });
                    }
                    Kept::Link { .. } | Kept::Inputs(_) => {
                        return Err(Halt::malformed(
                            key,
                            "the kept answer is not an ElicitResult",
                        ));
                    }
                };
                match outcome(form, &result, Vec::new()) {
                    Ok(outcome) => return Ok(outcome),
                    // What was accepted then is refused now by what the body checks (the
                    // seats it asked for went): asked again with the check's own reason, as a
                    // correction the person did not cause (no attempt counted).
                    Err(OutcomeError::Invalid(errors)) => {
                        self.rewind();
                        return Err(self.refused_on_replay(key, form, &result, &errors, offer));
                    }
                    Err(error) => return Err(Halt::from_outcome(key, error)),
                }
            }
            // What the body offers now is not what was offered then: ask it again, with what
            // there is now.
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
        // The answer is to the form the last attempt sent: the form, or the corrected one.
        let correction = self.lock().memory.correction.clone();
        let asked = match &correction {
            Some(correction) => self.corrected(form, &correction.right, &correction.errors()),
            None => form.clone(),
        };
        let (result, boxes) = self.unfold(&asked, result);
        match outcome(&asked, &result, boxes) {
            Ok(outcome) => {
                let content = result
                    .content
                    .as_ref()
                    .map(|content| asked.read_content(content));
                self.record(Round {
                    key: key.to_owned(),
                    kept: Kept::form(&result, content),
                    offer,
                    offers: Map::new(),
                });
                Ok(outcome)
            }
            Err(OutcomeError::Invalid(errors)) => {
                Err(self.invalid(key, (form, attempts), &asked, &result, errors, offer))
            }
            Err(error) => Err(Halt::from_outcome(key, error)),
        }
    }

    /// An answer to `asked` (`form`, or `form` corrected) that does not fit: asked again, or,
    /// after the last attempt, recorded as such (a replay fails with the same errors).
    fn invalid<T>(
        &self,
        key: &str,
        (form, attempts): (&Form<T>, u32),
        asked: &Form<T>,
        result: &ElicitResult,
        errors: ContentError,
        offer: Option<String>,
    ) -> Halt {
        let tries = {
            let mut progress = self.lock();
            progress.memory.tries = progress.memory.tries.saturating_add(1);
            progress.memory.tries
        };
        if tries >= attempts {
            self.record(Round {
                key: key.to_owned(),
                kept: Kept::GaveUp(record_all(&errors)),
                offer,
                offers: Map::new(),
            });
            return Halt::Invalid {
                key: key.to_owned(),
                errors,
            };
        }
        let right = reask::right_fields(asked, result.content.as_ref(), &errors);
        let request = self.corrected(form, &right, &errors).form_request();
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

    /// A replayed answer the body's checks refuse now: the form asked again, saying why.
    fn refused_on_replay<T>(
        &self,
        key: &str,
        form: &Form<T>,
        result: &ElicitResult,
        errors: &ContentError,
        offer: Option<String>,
    ) -> Halt {
        let right = reask::right_fields(form, result.content.as_ref(), errors);
        let request = self.corrected(form, &right, errors).form_request();
        {
            let mut progress = self.lock();
            progress.memory.correction = Some(Correction {
                right,
                errors: record_all(errors),
            });
            progress.memory.offer = offer;
        }
        self.suspend_one(key, request, None)
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
            Some(correction) => self
                .corrected(form, &correction.right, &correction.errors())
                .form_request(),
            None => form.form_request(),
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
        let request = form.form_request();
        let message = reask::changed(request.message_text());
        self.suspend_one(key, request.message(message), None)
    }

    /// `form` asked again after an answer with `errors`, `right` kept: as this revision can
    /// (pre-filled where it has defaults, else only the fields in error), saying what to
    /// correct.
    fn corrected<T>(
        &self,
        form: &Form<T>,
        right: &Map<String, Value>,
        errors: &ContentError,
    ) -> Form<T> {
        let prefill = self.version().has_defaults();
        let how = if prefill {
            Reask::Prefill
        } else {
            Reask::KeepOut
        };
        let corrected = form.reask(right, errors, how);
        let message = reask::corrections(
            form.prompt(),
            form.schema(),
            errors,
            !prefill && !right.is_empty(),
        );
        corrected.message(message)
    }

    /// The client's answer to `form` as the form reads it: where the revision asked its
    /// multi-selects as checkboxes, the boxes folded back into each multi-select, and each box
    /// answered with anything but a boolean an error of its own.
    pub(super) fn unfold<T>(
        &self,
        form: &Form<T>,
        mut result: ElicitResult,
    ) -> (ElicitResult, Vec<FieldError>) {
        if !self.folds_checkboxes() {
            return (result, Vec::new());
        }
        let Some(content) = &result.content else {
            return (result, Vec::new());
        };
        let (folded, errors) =
            crate::protocol::fold_checkboxes(form.schema(), content, |name| form.needs_value(name));
        let folded = folded.into_owned();
        result.content = Some(folded);
        (result, errors)
    }

    /// Whether this dialog's forms have their multi-selects asked as checkboxes.
    pub(super) fn folds_checkboxes(&self) -> bool {
        !self.version().has_multi_select()
            && self.settings.fallback == MultiSelectFallback::Checkboxes
    }

    /// Sends an elicitation on the live connection, after checking the client can be asked
    /// it, and reads the answer: a form's, or a URL's (`url_form`).
    pub(super) async fn send_elicitation(
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
            return match round.kept {
                Kept::Form { action, .. } => Ok(action),
                _ => Err(Halt::malformed(
                    key,
                    "the kept answer is not an ElicitResult",
                )),
            };
        }
        match self.take_answer(key) {
            Some(answer) => {
                let result = ElicitResult::from_value(&answer)
                    .map_err(|error| Halt::malformed(key, error))?;
                self.record(Round {
                    key: key.to_owned(),
                    kept: Kept::form(&result, None),
                    offer: None,
                    offers: Map::new(),
                });
                Ok(result.action)
            }
            None => Err(self.suspend_one(key, request, None)),
        }
    }
}

/// Reads the client's answer to `form`, with the errors of its checkboxes (`boxes`,
/// [`Dialog::unfold`]).
fn outcome<T>(
    form: &Form<T>,
    result: &ElicitResult,
    mut boxes: Vec<FieldError>,
) -> Result<ElicitOutcome<T>, OutcomeError> {
    match (form.outcome(result), boxes.is_empty()) {
        (Ok(outcome), true) => Ok(outcome),
        (Ok(_), false) => Err(OutcomeError::Invalid(ContentError::from(boxes))),
        (Err(OutcomeError::Invalid(errors)), _) => {
            boxes.extend(errors.into_errors());
            Err(OutcomeError::Invalid(ContentError::from(boxes)))
        }
        (Err(error), _) => Err(error),
    }
}

/// A form question, asked when awaited: made by [`Dialog::ask`] (a type's form) or
/// [`Dialog::ask_form`] (a form shaped at run time), and set up the same way for both.
///
/// Awaited as it is, it gives the whole outcome (accepted, declined or cancelled), for a body
/// that tells them apart; after [`or_reply`](Self::or_reply), only the accepted value, the
/// call being answered with a text otherwise: one expression per question.
///
/// Its future is boxed and `Send`, as an rmcp tool's must be: awaiting it needs `T: Send`
/// (every derived form of `Send` fields is).
///
/// ```
/// use elicit_core::dialog::{Dialog, Halt};
/// use elicit_core::{Elicit, ElicitOutcome};
///
/// /// Where to?
/// #[derive(Elicit)]
/// struct Trip { city: String }
///
/// async fn trip(d: &Dialog, season: &str) -> Result<String, Halt> {
///     // The common case: the value, or the call answered with a text.
///     let trip = d.ask::<Trip>("trip").message(format!("Where to this {season}?")).or_reply("No trip planned.").await?;
///     // The long form: every outcome in hand.
///     match d.ask::<Trip>("return").attempts(2).await? {
///         ElicitOutcome::Accepted(back) => Ok(format!("{} and back from {}", trip.city, back.city)),
///         ElicitOutcome::Declined | ElicitOutcome::Cancelled => Ok(format!("{}, one way", trip.city)),
///     }
/// }
/// ```
#[must_use = "a question is asked when it is awaited"]
pub struct Ask<'d, T> {
    dialog: &'d Dialog,
    key: String,
    question: Question<T>,
    attempts: u32,
}

/// Refuses, before anything is rendered, to ask `form` under `key` in form mode when one of
/// its fields is a secret. Every public way of asking in form mode takes
/// [`FormMode`](crate::FormMode), so a derived form with a secret never gets here; this is
/// the run-time check behind it, for an `Elicit` impl written by hand that claims the trait
/// falsely. The call is answered with a text (the question was not asked, and why), not with
/// an error the client shows as the server's failure.
pub(crate) fn refuse_secret<T>(key: &str, form: &Form<T>) -> Result<(), Reply> {
    let Some(field) = form.secret_fields().first().copied() else {
        return Ok(());
    };
    let question = if key.is_empty() {
        "The question".to_owned()
    } else {
        format!("The question `{key}`")
    };
    Err(Reply::error(format!(
        "{question} was not asked: its field `{field}` is a secret, which is typed only on the server's own page (URL mode), never in the chat."
    )))
}

/// What an [`Ask`] asks: a form; or nothing, its answer known already (a tool call's
/// arguments that were complete) or the reason it cannot be asked.
pub(super) enum Question<T> {
    Form(Form<T>),
    Answered(T),
    Failed(Halt),
}

impl<'d, T> Ask<'d, T> {
    pub(super) fn new(dialog: &'d Dialog, key: &str, question: Question<T>) -> Self {
        Self {
            dialog,
            key: key.to_owned(),
            question,
            attempts: 1,
        }
    }

    /// Asks the form, up to the attempts; the answer known already, or the reason it cannot
    /// be asked, without asking.
    async fn outcome(self) -> (Result<ElicitOutcome<T>, Halt>, Option<Form<T>>) {
        match self.question {
            Question::Answered(value) => (Ok(ElicitOutcome::Accepted(value)), None),
            Question::Failed(halt) => (Err(halt), None),
            Question::Form(form) => match self.dialog.form_mode(&self.key, &form) {
                Ok(form) => {
                    let outcome = self
                        .dialog
                        .ask_prepared(&self.key, &form, self.attempts)
                        .await;
                    (outcome, Some(form))
                }
                Err(halt) => (Err(halt), None),
            },
        }
    }
}

impl<'d, T: 'static> Ask<'d, T> {
    /// Asks again while the accepted answer does not fit, up to `attempts` times in all (at
    /// least once; the default). Each new request says, after the prompt, what to correct,
    /// naming each field by the title the person sees. The fields in error come back empty
    /// (never pre-filled with a default the person did not choose); the fields already right
    /// are kept: carried as `default`s, so a client that pre-fills them shows them filled in,
    /// and on 2025-06-18, which has `default` only on booleans, not asked again at all (the
    /// message says the other answers are kept). The value read back is whole either way. On
    /// 2026-07-28 the attempts are counted in the sealed state, and a retry that lacks the
    /// answer is asked again without counting one; the count bounds how often a person is
    /// asked, not how often a client may try (a client that replays an older state starts the
    /// count again: see the threat model in the guide chapter [`state`](crate::guide::state)).
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::{Elicit, ElicitOutcome};
    ///
    /// /// Your e-mail?
    /// #[derive(Elicit)]
    /// struct Contact { #[elicit(format = "email")] email: String }
    ///
    /// async fn contact(d: &Dialog) -> Result<ElicitOutcome<Contact>, Halt> {
    ///     d.ask::<Contact>("contact").attempts(3).await
    /// }
    /// ```
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// Replaces the prompt: a message decided at run time.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::{Elicit, ElicitOutcome};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// async fn name(d: &Dialog, step: u8) -> Result<ElicitOutcome<Name>, Halt> {
    ///     d.ask::<Name>("name").message(format!("Step {step}: what is your name?")).await
    /// }
    /// ```
    pub fn message(mut self, message: impl Into<String>) -> Self {
        if let Question::Form(form) = self.question {
            self.question = Question::Form(form.message(message));
        }
        self
    }

    /// The accepted value, or the call answered with a text: `text` when the person declines
    /// or cancels; when the answer still does not fit after the last attempt, the errors as
    /// the person read them ("The answer still did not fit after 3 attempts. Travellers: only
    /// 2 seats left."), flagged `isError`. Each is a [`Halt::Reply`], which
    /// [`Dialog::run`] answers the call with: with `?`, the body stops there. Anything else is
    /// the error it is.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// Which city?
    /// #[derive(Elicit)]
    /// struct City { city: String }
    ///
    /// async fn city(d: &Dialog) -> Result<String, Halt> {
    ///     Ok(d.ask::<City>("city").or_reply("No city given.").await?.city)
    /// }
    /// ```
    pub fn or_reply(self, text: impl Into<String>) -> OrReply<'d, T> {
        OrReply {
            ask: self,
            text: text.into(),
        }
    }
}

/// The whole outcome: accepted into a `T`, declined or cancelled.
impl<'d, T: Send + 'static> IntoFuture for Ask<'d, T> {
    type Output = Result<ElicitOutcome<T>, Halt>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'd>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move { self.outcome().await.0 })
    }
}

/// An [`Ask`] that gives the accepted value, or answers the call with a text
/// ([`Ask::or_reply`]).
///
/// ```
/// use elicit_core::dialog::{Dialog, Halt, OrReply};
/// use elicit_core::Elicit;
///
/// /// How many nights?
/// #[derive(Elicit)]
/// struct Stay { nights: u8 }
///
/// fn stay(d: &Dialog) -> OrReply<'_, Stay> {
///     d.ask::<Stay>("stay").attempts(2).or_reply("Nothing booked.")
/// }
///
/// async fn nights(d: &Dialog) -> Result<u8, Halt> {
///     Ok(stay(d).await?.nights)
/// }
/// ```
#[must_use = "a question is asked when it is awaited"]
pub struct OrReply<'d, T> {
    ask: Ask<'d, T>,
    text: String,
}

impl<'d, T: Send + 'static> IntoFuture for OrReply<'d, T> {
    type Output = Result<T, Halt>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'd>>;

    fn into_future(self) -> Self::IntoFuture {
        let Self { ask, text } = self;
        let attempts = ask.attempts;
        Box::pin(async move {
            match ask.outcome().await {
                (Ok(outcome), _) => outcome
                    .accepted()
                    .ok_or_else(|| Halt::Reply(Reply::text_only(text))),
                (Err(Halt::Invalid { errors, .. }), Some(form)) => Err(Halt::Reply(Reply::error(
                    reask::gave_up(form.schema(), &errors, attempts),
                ))),
                (Err(halt), _) => Err(halt),
            }
        })
    }
}
