//! One scripted answer.

use std::fmt;

use ::rmcp::model as m;
use serde_json::{Map, Value, json};

#[cfg(feature = "url-forms")]
use std::sync::Arc;

#[cfg(feature = "url-forms")]
use super::browser::Browser;
use super::choose::{By, Chosen};
#[cfg(feature = "url-forms")]
use super::page::Page;
use super::visit::Planned;
#[cfg(feature = "url-forms")]
use super::visit::Visits;
use crate::Elicit;
use crate::form::shape::OptionValue;
use crate::protocol::ElicitRequest;

/// One answer in a [`TestClient`](super::TestClient)'s script: what the user does with the
/// next request the server makes.
///
/// Answers are used in order, one per request (on 2026-07-28 the requests of one round in
/// the order of their keys, as rmcp holds them). An answer fits only requests of its kind (a
/// form answer a form, [`accept_url`](Self::accept_url) and `open_page` (which answers the
/// page in the kit's browser, feature `url-forms`) a URL request,
/// [`sampling`](Self::sampling) a `sampling/createMessage`, [`roots`](Self::roots) a
/// `roots/list`); [`decline`](Self::decline) and [`cancel`](Self::cancel) fit either kind
/// of elicitation, [`raw`](Self::raw) and [`never`](Self::never) any request. A request the
/// next answer does not fit fails the call (see [`KitError::Unexpected`](super::KitError)).
///
/// ```
/// use elicit_core::testing::Answer;
/// use serde_json::json;
///
/// let script = [
///     Answer::accept(json!({"city": "Oslo"})),
///     Answer::accept_defaults(),
///     Answer::decline(),
/// ];
/// assert_eq!(script[0].to_string(), r#"accept {"city":"Oslo"}"#);
/// assert_eq!(script[2].to_string(), "decline");
/// ```
#[derive(Clone)]
pub struct Answer {
    pub(super) kind: Kind,
    chosen: Vec<Chosen>,
    /// Up to 2025-11-25, the reply to a URL request waits for its completion.
    when_complete: bool,
    /// A modifier given to an answer it does not apply to, which then fits no request.
    misused: Option<&'static str>,
}

#[derive(Clone)]
pub(super) enum Kind {
    Accept(Value),
    AcceptWithDefaults(Map<String, Value>),
    AcceptUrl,
    Decline,
    Cancel,
    Raw(Value),
    Never,
    Skip,
    Sampling(Box<m::CreateMessageResult>),
    Roots(m::ListRootsResult),
    /// Accepts a URL request after its page is driven in the kit's browsers.
    #[cfg(feature = "url-forms")]
    OpenPage(Visits),
}

/// What a request asks for, as far as the script is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Asks {
    Form,
    Url,
    Sampling,
    Roots,
}

/// What to send back: a result (read into rmcp's type for the request), the JSON verbatim,
/// or nothing ever.
pub(super) enum ScriptedReply {
    Send(Value),
    Verbatim(Value),
    Never,
    /// Left out of this retry's `inputResponses` (2026-07-28).
    Omit,
    /// Accepts a URL request: after its page's `visits`, if any, and, up to 2025-11-25 when
    /// `hold`, only once the server says `elicitation_id` is complete.
    AcceptUrl {
        visits: Option<Planned>,
        hold: bool,
        elicitation_id: Option<String>,
    },
}

impl Answer {
    fn of(kind: Kind) -> Self {
        Self {
            kind,
            chosen: Vec::new(),
            when_complete: false,
            misused: None,
        }
    }

    /// Accepts a form with this `content`, exactly as given: no defaults are filled in, and
    /// nothing is checked (content that does not fit the form is how to test the tool's
    /// handling of an invalid answer).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// let answer = Answer::accept(serde_json::json!({"email": "not an address"}));
    /// assert_eq!(answer.to_string(), r#"accept {"email":"not an address"}"#);
    /// ```
    pub fn accept(content: Value) -> Self {
        Self::of(Kind::Accept(content))
    }

    /// Accepts a form with `value` as content ([`Elicit::to_content`]).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::testing::Answer;
    ///
    /// /// Which city?
    /// #[derive(Elicit)]
    /// struct City { city: String }
    ///
    /// let answer = Answer::accept_value(&City { city: "Oslo".into() });
    /// assert_eq!(answer.to_string(), r#"accept {"city":"Oslo"}"#);
    /// ```
    pub fn accept_value<T: Elicit>(value: &T) -> Self {
        Self::of(Kind::Accept(Value::Object(value.to_content())))
    }

    /// Accepts a form with this `content` after filling in the form's defaults for the keys
    /// it leaves out, as a client whose form starts out filled with the defaults does. A
    /// `content` that is not an object is sent as is.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// let answer = Answer::accept_with_defaults(serde_json::json!({"name": "Ada"}));
    /// assert_eq!(answer.to_string(), r#"accept {"name":"Ada"} and the defaults"#);
    /// ```
    pub fn accept_with_defaults(content: Value) -> Self {
        match content {
            Value::Object(content) => Self::of(Kind::AcceptWithDefaults(content)),
            other => Self::of(Kind::Accept(other)),
        }
    }

    /// Accepts a form as it was shown: the content is the form's defaults only.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::accept_defaults().to_string(), "accept the defaults");
    /// ```
    pub fn accept_defaults() -> Self {
        Self::of(Kind::AcceptWithDefaults(Map::new()))
    }

    /// Accepts a URL-mode request (`{"action": "accept"}`, no content) at once: the user
    /// agreed to open the URL (what the page then gets is up to the test: see `open_page`,
    /// feature `url-forms`, for the kit to answer it). Whatever the server later
    /// sends as `notifications/elicitation/complete` is recorded
    /// ([`Session::completions`](super::Session::completions)).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::accept_url().to_string(), "accept the URL");
    /// ```
    pub fn accept_url() -> Self {
        Self::of(Kind::AcceptUrl)
    }

    /// Opens the URL of a URL-mode request in `browser`, fills the page in with `fill` and
    /// submits it, then accepts the request, as a person does (features `url-forms` and
    /// `testing`): the call completes with what was typed, with no answer scripted twice.
    ///
    /// - Up to 2025-11-25 the client replies `accept` at once, and the browser answers the
    ///   page after the reply: the server must watch the page while it waits (the call
    ///   waits for the browser, and ends at once with its error if it fails). With
    ///   [`when_complete`](Self::when_complete) the page is posted first and the reply held
    ///   until the server's `notifications/elicitation/complete` names the request.
    /// - On 2026-07-28 the page is posted, then the call is retried with `accept`: a retry
    ///   before the post would be sent the same link again.
    ///
    /// Every page the browser is served (the form, and what its post comes back with) is
    /// kept, in order: [`Session::pages`](super::Session::pages). A page with no form (the
    /// link refused: another person's browser, an expired link) is kept and not filled; the
    /// next visit ([`then_open`](Self::then_open)) goes on. The last page must be one that
    /// took the post ("Thank you"): else (a refusal, a post refused with field errors, a
    /// field `fill` names that the form has not) the call fails with
    /// [`KitError::Page`](super::KitError::Page), naming the page and what was wrong.
    ///
    /// ```
    /// use elicit_core::testing::{Answer, Browser, TestClient};
    ///
    /// fn script(app: axum::Router) -> TestClient {
    ///     let ada = Browser::new(app);
    ///     ada.set_cookie("session", "ada");
    ///     TestClient::v2025_11_25().answer(Answer::open_page(&ada, |page| {
    ///         page.fill("api_key", "sk-live-8c2f1e9a").choose("region", "eu")
    ///     }))
    /// }
    /// # assert_eq!(
    /// #     Answer::open_page(&Browser::new(axum::Router::new()), |page| page).to_string(),
    /// #     "open the page, fill it and post it, then accept the URL",
    /// # );
    /// ```
    #[cfg(feature = "url-forms")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
    pub fn open_page(
        browser: &Browser,
        fill: impl Fn(Page) -> Page + Send + Sync + 'static,
    ) -> Self {
        Self::of(Kind::OpenPage(Visits::open(browser, Arc::new(fill))))
    }

    /// After the visits of this [`open_page`](Self::open_page) answer, `browser` opens the
    /// URL too, fills the page in with `fill` and submits it: another person's browser first
    /// (refused: "This link is not for you"), then the right one's, say.
    ///
    /// ```
    /// use elicit_core::testing::{Answer, Browser};
    ///
    /// # let (eve, ada) = (Browser::new(axum::Router::new()), Browser::new(axum::Router::new()));
    /// let answer = Answer::open_page(&eve, |page| page.fill("api_key", "stolen-key-1234"))
    ///     .then_open(&ada, |page| page.fill("api_key", "sk-live-8c2f1e9a"));
    /// assert_eq!(
    ///     answer.to_string(),
    ///     "open the page, fill it and post it, then open it in a browser, fill it and post it, then accept the URL",
    /// );
    /// ```
    #[cfg(feature = "url-forms")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
    #[must_use]
    pub fn then_open(
        mut self,
        browser: &Browser,
        fill: impl Fn(Page) -> Page + Send + Sync + 'static,
    ) -> Self {
        match &mut self.kind {
            Kind::OpenPage(visits) => visits.then_open(browser, Arc::new(fill)),
            _ => self.misused = Some("then_open"),
        }
        self
    }

    /// After the visits of this [`open_page`](Self::open_page) answer, the page the last
    /// post came back with (refused, showing its errors) is corrected with `fill`, in the
    /// same browser, and submitted again, as a person fixes what the page says.
    ///
    /// ```
    /// use elicit_core::testing::{Answer, Browser};
    ///
    /// # let ada = Browser::new(axum::Router::new());
    /// let answer = Answer::open_page(&ada, |page| page.fill("api_key", "short"))
    ///     .then_correct(|page| page.fill("api_key", "sk-live-8c2f1e9a"));
    /// assert_eq!(
    ///     answer.to_string(),
    ///     "open the page, fill it and post it, then correct it and post it again, then accept the URL",
    /// );
    /// ```
    #[cfg(feature = "url-forms")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
    #[must_use]
    pub fn then_correct(mut self, fill: impl Fn(Page) -> Page + Send + Sync + 'static) -> Self {
        match &mut self.kind {
            Kind::OpenPage(visits) => visits.then_correct(Arc::new(fill)),
            _ => self.misused = Some("then_correct"),
        }
        self
    }

    /// Holds the reply to a URL-mode request until the server's
    /// `notifications/elicitation/complete` names its `elicitationId`, as some clients do
    /// (the MCP Inspector): a server that waited for the reply before it watched the page
    /// would wait for ever, and the call fails with [`KitError::Timeout`](super::KitError::Timeout).
    /// For [`accept_url`](Self::accept_url) (the test, or nobody, answers the page) and
    /// `open_page` (feature `url-forms`: the kit posts the page first). Up to 2025-11-25 only:
    /// on 2026-07-28, which has no such notification, the client retries after the post as
    /// it always does.
    ///
    /// On another answer it fits no request: the call fails with
    /// [`KitError::Unexpected`](super::KitError::Unexpected), naming it.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    ///
    /// assert_eq!(Answer::accept_url().when_complete().to_string(), "accept the URL when complete");
    /// assert_eq!(
    ///     Answer::decline().when_complete().to_string(),
    ///     "decline (when_complete does not apply to this answer)",
    /// );
    /// ```
    #[must_use]
    pub fn when_complete(mut self) -> Self {
        match self.kind {
            Kind::AcceptUrl => self.when_complete = true,
            #[cfg(feature = "url-forms")]
            Kind::OpenPage(_) => self.when_complete = true,
            _ => self.misused = Some("when_complete"),
        }
        self
    }

    /// Declines a form or a URL request.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::decline().to_string(), "decline");
    /// ```
    pub fn decline() -> Self {
        Self::of(Kind::Decline)
    }

    /// Cancels a form or a URL request (the user dismissed it).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::cancel().to_string(), "cancel");
    /// ```
    pub fn cancel() -> Self {
        Self::of(Kind::Cancel)
    }

    /// Answers any request with this JSON as the result, verbatim: the way to send
    /// something malformed (`{"action": "maybe"}`, content that is not an object).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// let answer = Answer::raw(serde_json::json!({"action": "maybe"}));
    /// assert_eq!(answer.to_string(), r#"raw {"action":"maybe"}"#);
    /// ```
    pub fn raw(result: Value) -> Self {
        Self::of(Kind::Raw(result))
    }

    /// Never answers. Up to 2025-11-25 the request stays pending (until the server cancels
    /// it): the tool's timeout path. On 2026-07-28 the client stops retrying, and the call
    /// fails with [`KitError::Unanswered`](super::KitError::Unanswered), which holds the
    /// last `InputRequiredResult`.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::never().to_string(), "never");
    /// ```
    pub fn never() -> Self {
        Self::of(Kind::Never)
    }

    /// Leaves the request unanswered once. On 2026-07-28 the client retries the call without
    /// an entry for it in `inputResponses` (SEP-2322's missing response: the server should
    /// ask again, and the next answer in the script answers that). Up to 2025-11-25 a
    /// request on the connection cannot be left out and answered later, so the answer is
    /// passed over and the next one answers it: the tool sees the same answer on every
    /// revision.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// assert_eq!(Answer::skip().to_string(), "skip");
    /// ```
    pub fn skip() -> Self {
        Self::of(Kind::Skip)
    }

    /// Chooses, in this accepted answer, the option of the single select `field` whose value
    /// is `value` (its `const`: [`OptionValue::to_constant`], the text of a `String`, an
    /// integer or a date), as a person picks an option among those shown.
    ///
    /// The choice is made when the request arrives, against the options it offers: an option
    /// that was not offered, or a `field` that is no single select, fails the call with
    /// [`KitError::Choice`](super::KitError::Choice), naming the options there were. (To
    /// send a value that was not offered, as a tampering client does, write it in
    /// [`accept`](Self::accept)'s content.) It replaces what the content says for `field`.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use serde_json::json;
    ///
    /// let answer = Answer::accept(json!({"travellers": 2})).choose("date", "2026-12-27".to_owned());
    /// assert_eq!(answer.to_string(), r#"accept {"travellers":2} choosing date = "2026-12-27""#);
    /// ```
    #[must_use]
    #[allow(clippy::needless_pass_by_value)] // `choose("date", day)` reads as a script should
    pub fn choose(self, field: impl Into<String>, value: impl OptionValue) -> Self {
        self.chosen(field, By::Value, vec![value.to_constant()], false)
    }

    /// Chooses, in this accepted answer, the option of the single select `field` titled
    /// `title` (an untitled option's title is its value; on 2025-06-18, its `enumNames`
    /// entry): what a test knows when the options are the server's own items, whose `const`s
    /// it chose. Checked like [`choose`](Self::choose).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use serde_json::json;
    ///
    /// let answer = Answer::accept(json!({})).choose_titled("date", "Sun 27 Dec — 2 seats left");
    /// assert_eq!(answer.to_string(), r#"accept {} choosing date titled "Sun 27 Dec — 2 seats left""#);
    /// ```
    #[must_use]
    pub fn choose_titled(self, field: impl Into<String>, title: impl Into<String>) -> Self {
        self.chosen(field, By::Title, vec![title.into()], false)
    }

    /// Chooses, in this accepted answer, these options of the multi-select `field`, by value
    /// (none: an empty list). On 2025-06-18, where a multi-select is asked as one checkbox per
    /// option, it ticks these and leaves the others unticked. Checked like
    /// [`choose`](Self::choose).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use serde_json::json;
    ///
    /// let answer = Answer::accept(json!({})).choose_all("extras", ["bike".to_owned()]);
    /// assert_eq!(answer.to_string(), r#"accept {} choosing extras = ["bike"]"#);
    /// ```
    #[must_use]
    pub fn choose_all<V: OptionValue>(
        self,
        field: impl Into<String>,
        values: impl IntoIterator<Item = V>,
    ) -> Self {
        let values = values
            .into_iter()
            .map(|value| value.to_constant())
            .collect();
        self.chosen(field, By::Value, values, true)
    }

    /// Chooses, in this accepted answer, the options of the multi-select `field` with these
    /// titles. Checked like [`choose`](Self::choose).
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use serde_json::json;
    ///
    /// let answer = Answer::accept_defaults().choose_all_titled("extras", ["Bike", "Breakfast"]);
    /// assert_eq!(answer.to_string(), r#"accept the defaults choosing extras titled ["Bike", "Breakfast"]"#);
    /// ```
    #[must_use]
    pub fn choose_all_titled<T: Into<String>>(
        self,
        field: impl Into<String>,
        titles: impl IntoIterator<Item = T>,
    ) -> Self {
        let titles = titles.into_iter().map(Into::into).collect();
        self.chosen(field, By::Title, titles, true)
    }

    fn chosen(
        mut self,
        field: impl Into<String>,
        by: By,
        options: Vec<String>,
        multi: bool,
    ) -> Self {
        self.chosen.push(Chosen {
            field: field.into(),
            by,
            options,
            multi,
        });
        self
    }

    /// Whether this is [`skip`](Self::skip).
    pub(super) fn is_skip(&self) -> bool {
        matches!(self.kind, Kind::Skip)
    }

    /// Answers a `sampling/createMessage` request with this result.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use rmcp::model::{CreateMessageResult, SamplingMessage};
    ///
    /// let result = CreateMessageResult::new(SamplingMessage::assistant_text("Hi"), "test-model".into());
    /// assert_eq!(Answer::sampling(result).to_string(), "sampling (model test-model)");
    /// ```
    pub fn sampling(result: m::CreateMessageResult) -> Self {
        Self::of(Kind::Sampling(Box::new(result)))
    }

    /// Answers a `roots/list` request with this result.
    ///
    /// ```
    /// use elicit_core::testing::Answer;
    /// use rmcp::model::{ListRootsResult, Root};
    ///
    /// let answer = Answer::roots(ListRootsResult::new(vec![Root::new("file:///work")]));
    /// assert_eq!(answer.to_string(), "roots [file:///work]");
    /// ```
    pub fn roots(result: m::ListRootsResult) -> Self {
        Self::of(Kind::Roots(result))
    }

    pub(super) fn fits(&self, asks: Asks) -> bool {
        if self.misused.is_some() {
            return false;
        }
        match &self.kind {
            Kind::Accept(_) | Kind::AcceptWithDefaults(_) => asks == Asks::Form,
            Kind::AcceptUrl => asks == Asks::Url,
            #[cfg(feature = "url-forms")]
            Kind::OpenPage(_) => asks == Asks::Url,
            Kind::Decline | Kind::Cancel => matches!(asks, Asks::Form | Asks::Url),
            Kind::Sampling(_) => asks == Asks::Sampling,
            Kind::Roots(_) => asks == Asks::Roots,
            Kind::Raw(_) | Kind::Never | Kind::Skip => true,
        }
    }

    /// The result to send for `request` (the elicitation, when it is one).
    pub(super) fn reply(
        &self,
        request: Option<&ElicitRequest>,
    ) -> Result<ScriptedReply, ScriptedReplyError> {
        let schema = request.and_then(ElicitRequest::requested_schema);
        if let Some(reply) = self.url_reply(request)? {
            return Ok(reply);
        }
        let mut content = match &self.kind {
            Kind::Accept(Value::Object(content)) => content.clone(),
            Kind::AcceptWithDefaults(content) => {
                let mut content = content.clone();
                if let Some(schema) = schema {
                    schema.apply_defaults(&mut content);
                }
                content
            }
            other => {
                if let Some(chosen) = self.chosen.first() {
                    return Err(ScriptedReplyError::Choice(format!(
                        "cannot choose {chosen}: only an answer that accepts a form with object content chooses options"
                    )));
                }
                return other.reply();
            }
        };
        for chosen in &self.chosen {
            chosen
                .apply(schema, &mut content)
                .map_err(ScriptedReplyError::Choice)?;
        }
        Ok(ScriptedReply::Send(
            json!({"action": "accept", "content": content}),
        ))
    }

    /// The reply of an answer that accepts a URL request other than at once: held, or
    /// after the page's visits.
    #[cfg_attr(not(feature = "url-forms"), allow(clippy::unnecessary_wraps))]
    fn url_reply(
        &self,
        request: Option<&ElicitRequest>,
    ) -> Result<Option<ScriptedReply>, ScriptedReplyError> {
        let url = match request {
            Some(ElicitRequest::Url(request)) => Some(request),
            _ => None,
        };
        let elicitation_id = url
            .and_then(|request| request.elicitation_id())
            .map(str::to_owned);
        let visits = match &self.kind {
            Kind::AcceptUrl if self.when_complete => None,
            #[cfg(feature = "url-forms")]
            Kind::OpenPage(visits) => {
                let Some(url) = url else {
                    return Err(ScriptedReplyError::NoUrl);
                };
                Some(Planned::new(url.url().as_str().to_owned(), visits.clone()))
            }
            _ => return Ok(None),
        };
        Ok(Some(ScriptedReply::AcceptUrl {
            visits,
            hold: self.when_complete,
            elicitation_id,
        }))
    }
}

impl Kind {
    /// The result of an answer that writes no form content of its own.
    fn reply(&self) -> Result<ScriptedReply, ScriptedReplyError> {
        Ok(ScriptedReply::Send(match self {
            Self::Accept(content) => json!({"action": "accept", "content": content}),
            Self::AcceptWithDefaults(content) => json!({"action": "accept", "content": content}),
            Self::AcceptUrl => json!({"action": "accept"}),
            // A page's visits come first (`Answer::url_reply`).
            #[cfg(feature = "url-forms")]
            Self::OpenPage(_) => json!({"action": "accept"}),
            Self::Decline => json!({"action": "decline"}),
            Self::Cancel => json!({"action": "cancel"}),
            Self::Raw(result) => return Ok(ScriptedReply::Verbatim(result.clone())),
            Self::Never => return Ok(ScriptedReply::Never),
            Self::Skip => return Ok(ScriptedReply::Omit),
            Self::Sampling(result) => {
                serde_json::to_value(result).map_err(ScriptedReplyError::Encode)?
            }
            Self::Roots(result) => {
                serde_json::to_value(result).map_err(ScriptedReplyError::Encode)?
            }
        }))
    }
}

/// Why an answer could not be written for a request.
pub(super) enum ScriptedReplyError {
    /// Its result is not JSON.
    Encode(serde_json::Error),
    /// It chooses what the request does not offer.
    Choice(String),
    /// It opens the page of a request that has no URL.
    #[cfg_attr(not(feature = "url-forms"), allow(dead_code))]
    NoUrl,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)?;
        for (index, chosen) in self.chosen.iter().enumerate() {
            let lead = if index == 0 { " choosing" } else { "," };
            write!(f, "{lead} {chosen}")?;
        }
        if self.when_complete {
            f.write_str(" when complete")?;
        }
        if let Some(modifier) = self.misused {
            write!(f, " ({modifier} does not apply to this answer)")?;
        }
        Ok(())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Accept(content) => write!(f, "accept {content}"),
            Kind::AcceptWithDefaults(content) if content.is_empty() => {
                f.write_str("accept the defaults")
            }
            Kind::AcceptWithDefaults(content) => {
                write!(
                    f,
                    "accept {} and the defaults",
                    Value::Object(content.clone())
                )
            }
            Kind::AcceptUrl => f.write_str("accept the URL"),
            Kind::Decline => f.write_str("decline"),
            Kind::Cancel => f.write_str("cancel"),
            Kind::Raw(result) => write!(f, "raw {result}"),
            Kind::Never => f.write_str("never"),
            Kind::Skip => f.write_str("skip"),
            Kind::Sampling(result) => write!(f, "sampling (model {})", result.model),
            Kind::Roots(result) => {
                let uris: Vec<&str> = result.roots.iter().map(|root| root.uri.as_str()).collect();
                write!(f, "roots [{}]", uris.join(", "))
            }
            #[cfg(feature = "url-forms")]
            Kind::OpenPage(visits) => write!(f, "{visits}, then accept the URL"),
        }
    }
}

impl fmt::Debug for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Answer({self})")
    }
}
