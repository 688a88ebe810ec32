//! Asking a form through a page the server serves itself: [`Dialog::ask_url_form`] (feature
//! `url-forms`).

use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::task::Poll;

use serde_json::Map;

use super::memory::{Kept, PendingUrl, Round};
use super::{Dialog, Halt, Reply};
use crate::Elicit;
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, UnsupportedMode, UrlPolicy,
    UrlRequest, new_elicitation_id,
};
use crate::state::{Principal, StateError};
use crate::url_form::{LinkId, PendingLink, UrlForm, UrlFormError, UrlForms};

impl Dialog {
    /// Asks for `T`'s form under `key` through a page of the server's own (URL mode), and
    /// returns the typed outcome: the form the MCP specification forbids asking in form mode
    /// (it holds a secret: an API key, a password), asked so that the answer never passes
    /// through the client or the model.
    ///
    /// The dialog mints a one-time link bound to the person asked (the dialog's
    /// [`principal`](Self::principal), else the caller the transport identifies) with the
    /// server's URL-mode forms ([`DialogSettings::url_forms`](super::DialogSettings::url_forms)),
    /// and sends its URL in a URL-mode elicitation; the person opens it in their browser and
    /// posts the page ([`url_form`](crate::url_form)); the answer comes back typed:
    ///
    /// - on 2025-11-25 the call waits for the page ([`UrlForms::wait`]), then tells the client
    ///   with `notifications/elicitation/complete`;
    /// - on 2026-07-28 the call answers with the URL request (an `InputRequiredResult`), and
    ///   the retry finds the answer the page stored by the link's id, sealed in the
    ///   `requestState` (never the answer). A retry that comes before the page was posted is
    ///   sent the same link again. Each retry of the call reads the answer again (it stays in
    ///   the store, sealed for the person, until its retention passes), so a body may ask
    ///   more after it.
    ///
    /// A decline or a cancel in the client closes the link ([`UrlForms::abandon`]) and is
    /// [`Declined`](ElicitOutcome::Declined) or [`Cancelled`](ElicitOutcome::Cancelled); a
    /// link that expires, or that was abandoned, before the page was posted is
    /// [`Cancelled`](ElicitOutcome::Cancelled): the call never hangs longer than the link's
    /// lifetime. Its secret fields ([`ElicitField::SECRET`](crate::ElicitField::SECRET))
    /// are shown as `type=password` and never written back into a page.
    ///
    /// # Errors
    /// [`Halt::InputRequired`] on 2026-07-28 until the page is answered (return it with
    /// `?`); [`Halt::Unsupported`] (`-32021`, saying to the person what the tool asks and that
    /// this client cannot send them to a page) when the client did not declare URL mode, or
    /// speaks 2025-06-18, which has none (nothing is minted or sent);
    /// `-32603` when the server has no URL-mode forms, or the call names nobody to bind the
    /// link to (the server's set-up). A link that cannot be minted, or an answer that cannot
    /// be had (the store failed, the link was used, or opens for somebody else, or the answer
    /// stored does not fit the form), is a [`Halt::Reply`] flagged as an error: the call is
    /// answered with one short, stable sentence ("The link for `key` was already used: ask
    /// again for a new one."), and the precise reason goes to the server's log
    /// (`tracing`, target `elicit_core::url_form`), never to the client.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::url_form::{ExposeSecret, SecretString};
    /// use elicit_core::Elicit;
    ///
    /// /// Connect the weather service
    /// #[derive(Elicit)]
    /// struct WeatherKey {
    ///     /// The API key from your account page
    ///     // A secret type: asked through a page, never in form mode.
    ///     api_key: SecretString,
    /// }
    ///
    /// async fn connect(d: &Dialog) -> Result<String, Halt> {
    ///     Ok(match d.ask_url_form::<WeatherKey>("weather_key").await?.accepted() {
    ///         Some(key) => format!("a key of {} characters", key.api_key.expose_secret().len()),
    ///         None => "not connected".to_owned(),
    ///     })
    /// }
    /// ```
    pub fn ask_url_form<T: Elicit + 'static>(&self, key: &str) -> AskUrl<'_, T> {
        self.ask_url_form_with(key, UrlForm::<T>::new())
    }

    /// Asks `form` under `key` through a page of the server's own: as
    /// [`ask_url_form`](Self::ask_url_form), with a [`UrlForm`] of your own (a prompt of
    /// its own, a form shaped at run time, fields named secrets by hand, the name a fleet
    /// knows it by).
    ///
    /// # Errors
    /// As [`ask_url_form`](Self::ask_url_form).
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::url_form::{SecretString, UrlForm};
    /// use elicit_core::{Elicit, ElicitOutcome, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Token {
    ///     token: SecretString,
    /// }
    ///
    /// async fn token(d: &Dialog) -> Result<ElicitOutcome<Token>, Halt> {
    ///     let form = UrlForm::from_form(Form::<Token>::new().message("Paste your deploy token"));
    ///     d.ask_url_form_with("token", form.secret("token")).await
    /// }
    /// ```
    pub fn ask_url_form_with<T: 'static>(&self, key: &str, form: UrlForm<T>) -> AskUrl<'_, T> {
        AskUrl {
            dialog: self,
            key: key.to_owned(),
            form,
            link_in_reply: false,
        }
    }

    /// Asks `form` under `key` (see [`AskUrl`]).
    async fn url_form<T: 'static>(
        &self,
        key: &str,
        form: UrlForm<T>,
        link_in_reply: bool,
    ) -> Result<ElicitOutcome<T>, Halt> {
        // The client must be able to send the person to a page before anything is minted:
        // on 2025-06-18, which has no URL mode, and on a client that did not declare it, the
        // person is told what the tool asks and why it cannot ask it here (`-32021`), or,
        // when the tool says so, sent the link in the call's answer.
        let support = self.elicitation();
        let can_send = self.version.has_url_mode() && support.url;
        if !can_send && !link_in_reply {
            return Err(Halt::Unsupported(UnsupportedMode::page(
                form.form().prompt(),
                support,
            )));
        }
        let forms = self.url_forms(key)?;
        let principal = self.asked(key)?;
        if !can_send {
            self.url_form_in_reply(key, &forms, &principal, form).await
        } else if self.is_live() {
            self.url_form_live(key, &forms, &principal, form).await
        } else {
            self.url_form_retried(key, &forms, &principal, form).await
        }
    }

    /// What a link answers, for the store to find it again when the tool asks the same of the
    /// same person: the tool and the question's key.
    fn question(&self, key: &str) -> String {
        format!("{}\u{1f}{key}", self.name().unwrap_or_default())
    }

    /// A client that cannot send the person to a page: the link goes in the call's answer,
    /// and the call that comes after the page was posted completes with what it holds.
    async fn url_form_in_reply<T: 'static>(
        &self,
        key: &str,
        forms: &UrlForms,
        principal: &Principal,
        form: UrlForm<T>,
    ) -> Result<ElicitOutcome<T>, Halt> {
        let question = self.question(key);
        let sent = forms
            .find(principal, &question)
            .await
            .map_err(|error| refused(key, &error))?;
        if let Some(id) = sent {
            match forms.take(&id, principal, form.form()).await {
                Ok(Some(value)) => return Ok(ElicitOutcome::Accepted(value)),
                // Not answered yet (the same link again, below), or over: a new link.
                Ok(None)
                | Err(
                    UrlFormError::Expired
                    | UrlFormError::Abandoned
                    | UrlFormError::AlreadyTaken
                    | UrlFormError::Unknown
                    | UrlFormError::Open(_),
                ) => {}
                Err(error) => return Err(refused(key, &error)),
            }
        }
        let prompt = form.form().prompt().to_owned();
        let link = forms
            .link_for(principal, &question, &new_elicitation_id(), form)
            .await
            .map_err(|error| refused(key, &error))?;
        Err(Halt::Reply(Reply::text_only(link_in_text(
            &prompt, &link, principal,
        ))))
    }

    /// The server's URL-mode forms.
    fn url_forms(&self, key: &str) -> Result<UrlForms, Halt> {
        self.settings.url_forms.clone().ok_or_else(|| {
            Halt::internal(format!(
                "the URL-mode form `{key}` needs the server's URL-mode forms: give them to its dialog settings (`DialogSettings::url_forms`)"
            ))
        })
    }

    /// The person a link is minted for: the dialog's principal, else the transport's caller.
    fn asked(&self, key: &str) -> Result<Principal, Halt> {
        if let Some(principal) = &self.principal {
            return Ok(Principal::new(principal.clone()));
        }
        self.caller.clone().ok_or_else(|| {
            Halt::internal(format!(
                "the URL-mode form `{key}` is bound to the person asked, and this call names nobody: give the dialog a principal (`Dialog::principal`), or serve it behind authorization"
            ))
        })
    }

    /// Up to 2025-11-25: the URL sent on the connection, and the page watched while the
    /// client's reply is outstanding. Some clients (the MCP Inspector) hold their reply to a
    /// URL request until `notifications/elicitation/complete` comes, and a server that waited
    /// for the reply before it watched the page would wait for ever: so the page is watched
    /// from the moment the URL is sent, the completion is sent as soon as it is posted, and
    /// the call ends when both are in (the reply, or the link's close when no reply comes),
    /// whichever comes first.
    async fn url_form_live<T: 'static>(
        &self,
        key: &str,
        forms: &UrlForms,
        principal: &Principal,
        form: UrlForm<T>,
    ) -> Result<ElicitOutcome<T>, Halt> {
        let prompt = form.form().prompt().to_owned();
        let link = forms
            .link_for(
                principal,
                &self.question(key),
                &new_elicitation_id(),
                form.clone(),
            )
            .await
            .map_err(|error| refused(key, &error))?;
        let request = url_request(&prompt, link.url(), link.elicitation_id())?;
        let request = ElicitRequest::Url(request);
        let reply = self.send_elicitation(key, &request);
        let posted = forms.wait(link.id(), principal, form.form());
        let mut reply = std::pin::pin!(reply);
        let mut posted = std::pin::pin!(posted);
        match first(reply.as_mut(), posted.as_mut()).await {
            First::Left(reply) => {
                let action = match reply {
                    Ok(result) => result.action,
                    Err(halt) => {
                        // Nobody will answer a page whose URL the client never showed.
                        let _ = forms.abandon(link.id()).await;
                        return Err(halt);
                    }
                };
                if action != ElicitAction::Accept {
                    // Closed here; a post that won the race is the person's answer all the same.
                    return match close(forms, &link, principal, &form).await {
                        Some(value) => {
                            self.complete_url(link.elicitation_id()).await?;
                            Ok(ElicitOutcome::Accepted(value))
                        }
                        None if action == ElicitAction::Decline => Ok(ElicitOutcome::Declined),
                        None => Ok(ElicitOutcome::Cancelled),
                    };
                }
                match posted.await {
                    Ok(value) => {
                        self.complete_url(link.elicitation_id()).await?;
                        Ok(ElicitOutcome::Accepted(value))
                    }
                    Err(UrlFormError::Expired | UrlFormError::Abandoned) => {
                        Ok(ElicitOutcome::Cancelled)
                    }
                    Err(error) => Err(refused(key, &error)),
                }
            }
            First::Right(posted) => match posted {
                Ok(value) => {
                    // Said at once: the client may be holding its reply until it hears it.
                    self.complete_url(link.elicitation_id()).await?;
                    // The reply, if it comes before the link would have closed; the answer
                    // is the person's whatever it says.
                    let left = link
                        .expires_at()
                        .duration_since(std::time::SystemTime::now())
                        .unwrap_or_default();
                    let _ = tokio::time::timeout(left, reply).await;
                    Ok(ElicitOutcome::Accepted(value))
                }
                // The link closed unanswered while the client said nothing.
                Err(UrlFormError::Expired | UrlFormError::Abandoned) => {
                    Ok(ElicitOutcome::Cancelled)
                }
                Err(error) => Err(refused(key, &error)),
            },
        }
    }

    /// 2026-07-28: the answer replayed by the link id of an earlier round, found by the link
    /// id of the pending one, or the URL asked for.
    async fn url_form_retried<T: 'static>(
        &self,
        key: &str,
        forms: &UrlForms,
        principal: &Principal,
        form: UrlForm<T>,
    ) -> Result<ElicitOutcome<T>, Halt> {
        if let Some(round) = self.replay(key)? {
            let (action, link) = match &round.kept {
                Kept::Link { action, link } => (Some(*action), link.as_deref()),
                Kept::Form { action, .. } => (Some(*action), None),
                Kept::Inputs(_) | Kept::GaveUp(_) => (None, None),
            };
            return match action {
                Some(ElicitAction::Accept) => {
                    let Some(id) = link.and_then(LinkId::parse) else {
                        // A state this server sealed names its link: it changed its shape.
                        return Err(refused(key, &UrlFormError::Unknown));
                    };
                    match forms.look(&id, principal, form.form()).await {
                        Ok(Some(value)) => Ok(ElicitOutcome::Accepted(value)),
                        // Answered once, and no longer: what the store says is not what it said.
                        Ok(None) => Err(refused(key, &UrlFormError::Unknown)),
                        Err(error) => Err(refused(key, &error)),
                    }
                }
                Some(ElicitAction::Decline) => Ok(ElicitOutcome::Declined),
                _ => Ok(ElicitOutcome::Cancelled),
            };
        }
        let pending = self
            .lock()
            .memory
            .link
            .clone()
            .filter(|link| link.key == key);
        let answer = self.take_answer(key);
        let prompt = form.form().prompt().to_owned();
        let Some(pending) = pending else {
            // Asked for the first time: a link, sealed by its id in the state.
            let link = forms
                .link_for(principal, &self.question(key), &new_elicitation_id(), form)
                .await
                .map_err(|error| refused(key, &error))?;
            let request = url_request(&prompt, link.url(), link.elicitation_id())?;
            self.lock().memory.link = Some(PendingUrl {
                key: key.to_owned(),
                id: link.id().as_str().to_owned(),
            });
            return Err(self.suspend_one(key, ElicitRequest::Url(request), None));
        };
        let Some(id) = LinkId::parse(&pending.id) else {
            return Err(refused(key, &UrlFormError::Unknown));
        };
        if let Some(answer) = answer {
            let result =
                ElicitResult::from_value(&answer).map_err(|error| Halt::malformed(key, error))?;
            let outcome = match result.action {
                ElicitAction::Accept => None,
                ElicitAction::Decline => Some(ElicitOutcome::Declined),
                ElicitAction::Cancel => Some(ElicitOutcome::Cancelled),
            };
            if let Some(outcome) = outcome {
                let _ = forms.abandon(&id).await;
                self.record_url(key, result.action, None);
                return Ok(outcome);
            }
        }
        match forms.look(&id, principal, form.form()).await {
            Ok(Some(value)) => {
                self.record_url(key, ElicitAction::Accept, Some(&id));
                Ok(ElicitOutcome::Accepted(value))
            }
            // Not posted yet: the same link again.
            Ok(None) => {
                let request = url_request(&prompt, &forms.link_url(&id), &new_elicitation_id())?;
                Err(self.suspend_one(key, ElicitRequest::Url(request), None))
            }
            Err(UrlFormError::Expired | UrlFormError::Abandoned) => {
                self.record_url(key, ElicitAction::Cancel, None);
                Ok(ElicitOutcome::Cancelled)
            }
            Err(error) => Err(refused(key, &error)),
        }
    }

    /// Records the round of a URL-mode form: its action and, accepted, its link's id.
    fn record_url(&self, key: &str, action: ElicitAction, link: Option<&LinkId>) {
        self.record(Round {
            key: key.to_owned(),
            kept: Kept::Link {
                action,
                link: link.map(|link| link.as_str().to_owned()),
            },
            offer: None,
            offers: Map::new(),
        });
        self.lock().memory.link = None;
    }
}

/// The URL-mode request for a link (its URL was checked against the server's policy when
/// the forms were built).
fn url_request(prompt: &str, url: &str, elicitation_id: &str) -> Result<UrlRequest, Halt> {
    UrlRequest::with_policy(prompt, url, elicitation_id, UrlPolicy::AllowLoopbackHttp)
        .map_err(|error| Halt::internal(format!("the URL-mode form's request is refused: {error}")))
}

/// A URL-mode form that could not be had: the call is answered with one short, stable
/// sentence the person can act on (the link expired, was used, is somebody else's, or the
/// form was refused), never with the reason's own text (a store's error, a principal, a
/// field's value); the precise reason goes to the server's log, without content.
fn refused(key: &str, error: &UrlFormError) -> Halt {
    let sentence = match error {
        UrlFormError::Expired => format!("The link for `{key}` expired: ask again for a new one."),
        UrlFormError::AlreadyTaken => {
            format!("The link for `{key}` was already used: ask again for a new one.")
        }
        UrlFormError::Open(StateError::WrongPrincipal) => {
            format!("The link for `{key}` was made for someone else.")
        }
        _ => format!("The form `{key}` could not be completed: ask again."),
    };
    let reason = match error {
        // The fields that did not fit, by name and code: their messages may quote a value.
        UrlFormError::Invalid(errors) => {
            let fields: Vec<String> = errors
                .errors()
                .iter()
                .map(|field| format!("{} ({})", field.field(), field.kind().code()))
                .collect();
            format!(
                "the answer stored does not fit the form: {}",
                fields.join(", ")
            )
        }
        other => other.to_string(),
    };
    tracing::warn!(target: "elicit_core::url_form", key, %reason, "URL-mode form not answered");
    Halt::Reply(Reply::error(sentence))
}

/// A URL-mode form being asked ([`Dialog::ask_url_form`]): awaited, its typed outcome. Before
/// it is awaited, [`or_reply_with_link`](Self::or_reply_with_link) says what to do for a
/// client that cannot send the person to a page.
///
/// ```
/// use elicit_core::dialog::{AskUrl, Dialog, Halt};
/// use elicit_core::url_form::SecretString;
/// use elicit_core::{Elicit, ElicitOutcome};
///
/// #[derive(Elicit)]
/// struct Token { token: SecretString }
///
/// fn token(d: &Dialog) -> AskUrl<'_, Token> {
///     d.ask_url_form::<Token>("token").or_reply_with_link()
/// }
///
/// async fn outcome(d: &Dialog) -> Result<ElicitOutcome<Token>, Halt> {
///     token(d).await
/// }
/// ```
#[must_use = "a form is asked when it is awaited"]
pub struct AskUrl<'d, T> {
    dialog: &'d Dialog,
    key: String,
    form: UrlForm<T>,
    link_in_reply: bool,
}

impl<T> fmt::Debug for AskUrl<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AskUrl")
            .field("key", &self.key)
            .field("link_in_reply", &self.link_in_reply)
            .finish_non_exhaustive()
    }
}

impl<T> AskUrl<'_, T> {
    /// For a client that cannot send the person to a page (it declared no URL mode, or
    /// speaks 2025-06-18, which has none; several widely used clients are such), answers the
    /// tool call with a text holding the link instead of the `-32021` error: "To answer
    /// “Connect the weather service”, open this link in your browser, signed in as Ada: …
    /// Once you have sent the form, ask me again." The link is bound to the person as ever
    /// (the model that reads it can open nothing with it). The next call of the tool by the
    /// same person finds it by the tool and the question's key: once the page was posted, that
    /// call completes with the answer (accepted, typed, taken once); before, it answers with
    /// the same link again; once the link closed, with a new one. A client that can send the
    /// person to a page is asked as without this.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::url_form::{ExposeSecret, SecretString};
    /// use elicit_core::Elicit;
    ///
    /// /// Connect the weather service
    /// #[derive(Elicit)]
    /// struct WeatherKey { api_key: SecretString }
    ///
    /// async fn connect(d: &Dialog) -> Result<String, Halt> {
    ///     let key = d.ask_url_form::<WeatherKey>("weather_key").or_reply_with_link().await?;
    ///     Ok(match key.accepted() {
    ///         Some(key) => format!("Connected ({} characters)", key.api_key.expose_secret().len()),
    ///         None => "Not connected".to_owned(),
    ///     })
    /// }
    /// ```
    pub fn or_reply_with_link(mut self) -> Self {
        self.link_in_reply = true;
        self
    }
}

impl<'d, T: Send + 'static> IntoFuture for AskUrl<'d, T> {
    type Output = Result<ElicitOutcome<T>, Halt>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'd>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            self.dialog
                .url_form(&self.key, self.form, self.link_in_reply)
                .await
        })
    }
}

/// The text that sends the person to `link` when the client cannot: what it asks, the link,
/// who it is for, how long it stays open, and what to do next.
fn link_in_text(prompt: &str, link: &PendingLink, principal: &Principal) -> String {
    let minutes = link
        .expires_at()
        .duration_since(std::time::SystemTime::now())
        .map_or(0, |left| left.as_secs().div_ceil(60));
    format!(
        "To answer \u{201c}{prompt}\u{201d}, open this link in your browser, signed in as {}: {}\nIt is for you alone and stays open for {minutes} minute{}. Once you have sent the form, ask me again.",
        principal.display_name(),
        link.url(),
        if minutes == 1 { "" } else { "s" },
    )
}

/// Which of two futures finished first, and with what.
enum First<L, R> {
    Left(L),
    Right(R),
}

/// Polls both futures until one finishes (the left one first when both are ready).
async fn first<L: Future, R: Future>(
    mut left: Pin<&mut L>,
    mut right: Pin<&mut R>,
) -> First<L::Output, R::Output> {
    std::future::poll_fn(|cx| {
        if let Poll::Ready(output) = left.as_mut().poll(cx) {
            return Poll::Ready(First::Left(output));
        }
        if let Poll::Ready(output) = right.as_mut().poll(cx) {
            return Poll::Ready(First::Right(output));
        }
        Poll::Pending
    })
    .await
}

/// Closes `link` after the client declined or cancelled it: the answer, when a post won the
/// race (the person answered on the page all the same), else nothing.
async fn close<T>(
    forms: &UrlForms,
    link: &crate::url_form::PendingLink,
    principal: &Principal,
    form: &UrlForm<T>,
) -> Option<T> {
    match forms.abandon(link.id()).await {
        Ok(false) => forms
            .take(link.id(), principal, form.form())
            .await
            .ok()
            .flatten(),
        _ => None,
    }
}
