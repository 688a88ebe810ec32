//! [`UrlForms`]: the handle a server keeps — it mints links, serves their pages (its
//! [`router`](UrlForms::router)) and hands the answers over, typed.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::sync::Notify;

use super::base::Base;
use super::csrf;
use super::error::UrlFormError;
use super::form::{Served, UrlForm};
use super::identify::Identify;
use super::link::{LinkId, PendingLink};
use super::memory_store::MemoryStore;
use super::record::{LinkRecord, open_answer, open_link, seal_link};
use super::store::{
    Created, LinkAnswer, LinkOwner, NewLink, StoreError, StoreFuture, Stored, UrlFormStore,
};
use crate::Form;
use crate::protocol::UrlPolicy;
use crate::state::{Principal, StateError, StateKeys};

/// The URL-mode forms of a server: it mints one-time links bound to the person asked, serves
/// their pages ([`router`](Self::router), mounted on the MCP server's own origin), and hands
/// each answer over typed, once ([`wait`](Self::wait), [`take`](Self::take)).
///
/// Build it once, from the URL its router is reached at, the server's [`StateKeys`] (every
/// record and answer is sealed with them: encrypted, bound to its link and person, expiring)
/// and an [`Identify`] hook (who a browser is). A clone is another handle on the same forms.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::state::{Principal, StateKeys};
/// use elicit_core::url_form::{SecretString, UrlForm, UrlFormError, UrlForms, cookie};
/// use http::request::Parts;
///
/// /// Connect the weather service
/// #[derive(Elicit, Debug)]
/// struct WeatherKey {
///     /// Your API key
///     // A secret type: asked through a page, never in form mode.
///     api_key: SecretString,
/// }
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// // Who a browser is: here, a demo `user` cookie; a real server reads its session.
/// let identify = |request: &Parts| cookie(request, "user").map(Principal::new);
/// let forms = UrlForms::builder("https://mcp.example.com/connect", StateKeys::generate().unwrap(), identify)
///     .build()
///     .unwrap();
/// let app: axum::Router = forms.router(); // merge into the router that serves `/mcp`
/// # drop(app);
///
/// // In the tool: mint a link for the caller, send its URL in a URL-mode elicitation.
/// let ada = Principal::new("ada");
/// let form = UrlForm::<WeatherKey>::new().secret("api_key");
/// let link = forms.mint(&ada, "elicitation-1", form.clone()).await.unwrap();
/// assert!(link.url().starts_with("https://mcp.example.com/connect/"));
///
/// // Until Ada posts the page, there is nothing to take.
/// assert!(forms.take(link.id(), &ada, form.form()).await.unwrap().is_none());
/// // Nobody else can take it.
/// let error = forms.take(link.id(), &Principal::new("mallory"), form.form()).await.unwrap_err();
/// assert!(matches!(error, UrlFormError::Open(_)));
/// // Closed without an answer, it says so.
/// assert!(forms.abandon(link.id()).await.unwrap());
/// assert!(matches!(forms.wait(link.id(), &ada, form.form()).await, Err(UrlFormError::Abandoned)));
/// # }
/// ```
#[derive(Clone)]
pub struct UrlForms(pub(crate) Arc<Shared>);

/// What every handle shares.
pub(crate) struct Shared {
    pub(crate) base: Base,
    pub(crate) keys: StateKeys,
    pub(crate) store: Arc<dyn UrlFormStore>,
    pub(crate) identify: Arc<dyn Identify>,
    pub(crate) ttl: Duration,
    pub(crate) retention: Duration,
    pub(crate) body_limit: usize,
    /// Where a person signs out of the site, for the "not you?" line of a page.
    pub(crate) sign_out: Option<String>,
    poll: Duration,
    /// The forms served by name, for links minted by another instance.
    served: RwLock<HashMap<String, Served>>,
    /// The exact form of each link minted (or found again) here, until it closes.
    minted: Mutex<MintedForms>,
    /// How many live links one person may have.
    pub(crate) links_per_person: usize,
    /// A waiter's wake-up call, by link, for an answer posted to this instance.
    waiting: Mutex<HashMap<LinkId, Arc<Notify>>>,
}

impl fmt::Debug for UrlForms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UrlForms")
            .field("base", &self.0.base.url)
            .field("ttl", &self.0.ttl)
            .field("retention", &self.0.retention)
            .field("body_limit", &self.0.body_limit)
            .finish_non_exhaustive()
    }
}

/// The forms of the links this instance minted, each kept until its link closes (a post after
/// that is refused before any form reads it), and never more than [`MAX_MINTED`]: one caller's
/// links cannot make this instance keep forms without bound.
#[derive(Default)]
struct MintedForms {
    forms: HashMap<LinkId, Minted>,
    /// When each closes, soonest first.
    closing: BTreeSet<(Instant, LinkId)>,
}

/// A link minted by this instance: the form its page is read with, and the last moment it
/// takes a post (what a [`wait`](UrlForms::wait) here ends at).
struct Minted {
    served: Served,
    closes: Instant,
}

/// The most links whose forms one instance keeps at once (with each person's limit of live
/// links, as many as 500 people at 20 each).
const MAX_MINTED: usize = 10_000;

impl MintedForms {
    /// Forgets the forms of the links closed by `now`, soonest first, and nothing else.
    fn forget_closed(&mut self, now: Instant) {
        while let Some((closes, id)) = self.closing.first().cloned() {
            if closes > now {
                break;
            }
            self.closing.pop_first();
            self.forms.remove(&id);
        }
    }

    /// Keeps `served` for link `id` until `closes`; `false` when the bound is reached.
    fn keep(&mut self, id: &LinkId, served: Served, closes: Instant) -> bool {
        let now = Instant::now();
        self.forget_closed(now);
        if let Some(earlier) = self.forms.remove(id) {
            self.closing.remove(&(earlier.closes, id.clone()));
        } else if self.forms.len() >= MAX_MINTED {
            return false;
        }
        self.closing.insert((closes, id.clone()));
        self.forms.insert(id.clone(), Minted { served, closes });
        true
    }

    fn get(&mut self, id: &LinkId) -> Option<&Minted> {
        self.forget_closed(Instant::now());
        self.forms.get(id)
    }
}

/// Builds [`UrlForms`]: see [`UrlForms::builder`].
///
/// ```
/// use elicit_core::protocol::UrlPolicy;
/// use elicit_core::state::StateKeys;
/// use elicit_core::url_form::{MemoryStore, UrlForms};
/// use std::time::Duration;
///
/// let forms = UrlForms::builder("http://127.0.0.1:8080/connect", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
///     .url_policy(UrlPolicy::AllowLoopbackHttp)
///     .store(MemoryStore::new())
///     .ttl(Duration::from_secs(300))
///     .retention(Duration::from_secs(120))
///     .body_limit(8 * 1024)
///     .poll_interval(Duration::from_millis(250))
///     .build()
///     .unwrap();
/// # drop(forms);
/// ```
#[must_use]
pub struct UrlFormsBuilder {
    base: String,
    keys: StateKeys,
    identify: Arc<dyn Identify>,
    store: Option<Arc<dyn UrlFormStore>>,
    ttl: Duration,
    clock_skew: Duration,
    retention: Duration,
    body_limit: usize,
    links_per_person: usize,
    sign_out: Option<String>,
    poll: Duration,
    policy: UrlPolicy,
}

impl fmt::Debug for UrlFormsBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UrlFormsBuilder")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl UrlForms {
    /// How long a link stays open unless told otherwise: 10 minutes.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::UrlForms::DEFAULT_TTL.as_secs(), 600);
    /// ```
    pub const DEFAULT_TTL: Duration = Duration::from_secs(600);

    /// How long past its link's lifetime an answer waits to be taken, and a used or expired
    /// link is still told apart from an unknown one, unless told otherwise: 10 minutes.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::UrlForms::DEFAULT_RETENTION.as_secs(), 600);
    /// ```
    pub const DEFAULT_RETENTION: Duration = Duration::from_secs(600);

    /// The largest post a page reads unless told otherwise: 64 KiB (a form of secrets and
    /// choices is a few hundred bytes).
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::UrlForms::DEFAULT_BODY_LIMIT, 65_536);
    /// ```
    pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;

    /// How often [`wait`](Self::wait) looks at the store for an answer posted to another
    /// instance, unless told otherwise: every second, so that a fleet's waiting calls read
    /// the shared store at most once a second each. An answer posted to this instance wakes
    /// it at once.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::UrlForms::DEFAULT_POLL_INTERVAL.as_millis(), 1000);
    /// ```
    pub const DEFAULT_POLL_INTERVAL: Duration = Duration::from_secs(1);

    /// How many links one person may have open (minted, not yet answered, abandoned or
    /// closed) unless told otherwise: 20. Past it, minting another for them fails
    /// ([`TooManyLinks`](UrlFormError::TooManyLinks)), and nobody else's is affected.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::UrlForms::DEFAULT_LINKS_PER_PERSON, 20);
    /// ```
    pub const DEFAULT_LINKS_PER_PERSON: usize = 20;

    /// Starts building the forms of a server whose router is reached at `base_url` (the
    /// public URL: `https://mcp.example.com/connect`; each link is that, `/`, its id), with
    /// the server's keys and its identity hook. By default: a [`MemoryStore`], `https` URLs
    /// only ([`UrlPolicy::HttpsOnly`]), the `DEFAULT_` settings above.
    ///
    /// ```
    /// use elicit_core::state::StateKeys;
    /// use elicit_core::url_form::UrlForms;
    ///
    /// let builder = UrlForms::builder("https://mcp.example.com/connect", StateKeys::generate().unwrap(), |_: &http::request::Parts| None);
    /// assert!(builder.build().is_ok());
    /// ```
    pub fn builder(
        base_url: impl Into<String>,
        keys: StateKeys,
        identify: impl Identify,
    ) -> UrlFormsBuilder {
        UrlFormsBuilder {
            base: base_url.into(),
            keys,
            identify: Arc::new(identify),
            store: None,
            ttl: Self::DEFAULT_TTL,
            clock_skew: Duration::ZERO,
            retention: Self::DEFAULT_RETENTION,
            body_limit: Self::DEFAULT_BODY_LIMIT,
            links_per_person: Self::DEFAULT_LINKS_PER_PERSON,
            sign_out: None,
            poll: Self::DEFAULT_POLL_INTERVAL,
            policy: UrlPolicy::HttpsOnly,
        }
    }
}

impl UrlFormsBuilder {
    /// Keeps links and answers in `store` (a [`MemoryStore`] unless told otherwise). Servers
    /// of a fleet share one (`RedisStore`, feature `redis`) and the same keys.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// use elicit_core::url_form::{MemoryStore, UrlForms};
    /// use std::sync::Arc;
    ///
    /// let shared = Arc::new(MemoryStore::new());
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .store(Arc::clone(&shared))
    ///     .build();
    /// # drop(forms);
    /// ```
    pub fn store(mut self, store: impl UrlFormStore) -> Self {
        self.store = Some(Arc::new(store));
        self
    }

    /// How long a link stays open (at least a second): its page takes a post until `ttl`
    /// after it was minted, and a [`wait`](UrlForms::wait) for it on the instance that minted
    /// it ends then. Never later: the link's expiry is sealed in whole seconds, so its last
    /// moment ([`PendingLink::expires_at`](super::PendingLink::expires_at)) falls up to a
    /// second before `ttl` is up, and no clock allowance is added unless
    /// [`clock_skew`](Self::clock_skew) says so.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .ttl(std::time::Duration::from_secs(120));
    /// # drop(builder);
    /// ```
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl.max(Duration::from_secs(1));
        self
    }

    /// How much longer than its [`ttl`](Self::ttl) a link takes a post: none unless told
    /// otherwise, for the servers of a fleet whose clocks may differ by up to `allowance`
    /// (the instance that minted a link seals its expiry by its clock; another one opens it
    /// by its own). The records and answers of the links are opened with it, whatever the
    /// [`StateKeys`]' own allowance for request states
    /// ([`with_clock_skew`](StateKeys::with_clock_skew), 5 seconds by default) is.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// use std::time::Duration;
    ///
    /// // A fleet whose clocks are kept within two seconds of each other.
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .ttl(Duration::from_secs(300))
    ///     .clock_skew(Duration::from_secs(2));
    /// # drop(builder);
    /// ```
    pub fn clock_skew(mut self, allowance: Duration) -> Self {
        self.clock_skew = allowance;
        self
    }

    /// How long past its link's lifetime an answer waits to be taken (see
    /// [`UrlForms::DEFAULT_RETENTION`]).
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .retention(std::time::Duration::from_secs(60));
    /// # drop(builder);
    /// ```
    pub fn retention(mut self, retention: Duration) -> Self {
        self.retention = retention;
        self
    }

    /// The largest post a page reads, in bytes; a larger one is refused (`413`).
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .body_limit(4096);
    /// # drop(builder);
    /// ```
    pub fn body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = bytes;
        self
    }

    /// How many links one person may have open at once (at least one; see
    /// [`UrlForms::DEFAULT_LINKS_PER_PERSON`]): each caller has their own allowance, so one
    /// caller minting links cannot lock out the others. A link answered or abandoned (the
    /// person declined in their client) stops counting at once, one that closes unanswered
    /// when it does. A tool that asks the same question again gets the link it was sent
    /// before, while that is open ([`UrlForms::link_for`]), not another.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .links_per_person(5);
    /// # drop(builder);
    /// ```
    pub fn links_per_person(mut self, limit: usize) -> Self {
        self.links_per_person = limit.max(1);
        self
    }

    /// Where a person signs out of the site (`/logout`, or a whole URL): each page says who
    /// the browser is signed in as before anything is typed ("Signed in as Ada — not you?
    /// Sign out, then open the link again"), and links this as "Sign out". Without it, the
    /// page says to sign out without a link. See the guide's "Who the browser is" for why:
    /// a browser signed in to somebody else's account (login CSRF) would otherwise answer
    /// their link unknowingly.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .sign_out_url("/logout");
    /// # drop(builder);
    /// ```
    pub fn sign_out_url(mut self, url: impl Into<String>) -> Self {
        self.sign_out = Some(url.into());
        self
    }

    /// How often [`UrlForms::wait`] looks at the store (at least every 10 ms).
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let builder = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .poll_interval(std::time::Duration::from_millis(100));
    /// # drop(builder);
    /// ```
    pub fn poll_interval(mut self, every: Duration) -> Self {
        self.poll = every.max(Duration::from_millis(10));
        self
    }

    /// Which base URLs are accepted: `https` only (the default, as the specification asks
    /// outside development), or `http` on a loopback host too.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// use elicit_core::protocol::UrlPolicy;
    /// use elicit_core::url_form::UrlForms;
    ///
    /// let keys = StateKeys::generate().unwrap();
    /// let nobody = |_: &http::request::Parts| None;
    /// assert!(UrlForms::builder("http://localhost:3000/f", keys.clone(), nobody).build().is_err());
    /// assert!(UrlForms::builder("http://localhost:3000/f", keys, nobody).url_policy(UrlPolicy::AllowLoopbackHttp).build().is_ok());
    /// ```
    pub fn url_policy(mut self, policy: UrlPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// The forms.
    ///
    /// # Errors
    /// [`UrlFormError::BaseUrl`] or [`UrlFormError::BaseUrlNotAPath`] for a base URL that
    /// is refused.
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// use elicit_core::url_form::{UrlFormError, UrlForms};
    ///
    /// let error = UrlForms::builder("https://a.example/f?x=1", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .build()
    ///     .unwrap_err();
    /// assert!(matches!(error, UrlFormError::BaseUrlNotAPath { .. }));
    /// ```
    pub fn build(self) -> Result<UrlForms, UrlFormError> {
        let base = Base::parse(&self.base, self.policy)?;
        // Records and answers are kept encrypted whatever the ring's choice for request
        // states: an answer may hold a secret.
        #[allow(deprecated)]
        let keys = if self.keys.is_readable() {
            self.keys.encrypting()
        } else {
            self.keys
        };
        // A link lives what its author said: the ring's allowance for request states is not
        // a link's.
        let keys = keys.with_clock_skew(self.clock_skew);
        Ok(UrlForms(Arc::new(Shared {
            base,
            keys,
            store: self.store.unwrap_or_else(|| Arc::new(MemoryStore::new())),
            identify: self.identify,
            ttl: self.ttl,
            retention: self.retention,
            body_limit: self.body_limit,
            sign_out: self.sign_out,
            poll: self.poll,
            served: RwLock::new(HashMap::new()),
            minted: Mutex::new(MintedForms::default()),
            links_per_person: self.links_per_person,
            waiting: Mutex::new(HashMap::new()),
        })))
    }
}

impl<S: UrlFormStore + ?Sized> UrlFormStore for Arc<S> {
    fn create(&self, link: NewLink<'_>) -> StoreFuture<'_, Created> {
        (**self).create(link)
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        (**self).get(id)
    }

    fn settle(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> StoreFuture<'_, bool> {
        (**self).settle(id, answer, keep)
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, LinkAnswer> {
        (**self).take(id)
    }

    fn find(&self, question: &str) -> StoreFuture<'_, Option<LinkId>> {
        (**self).find(question)
    }
}

/// Locks a map whose every change is one operation: a poisoned lock holds nothing
/// half-written, so it is used as is.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl UrlForms {
    /// Mints a link for `principal`, the person the tool asks (as the MCP server names its
    /// caller), answering the elicitation `elicitation_id` (2025-11-25's `elicitationId`; on
    /// 2026-07-28, any name the tool finds it by again) with the page of `form`.
    ///
    /// The link's id is 256 random bits; its URL carries nothing else. Its record (the form's
    /// schema and prompt, the secret fields, a CSRF secret) is sealed with the server's keys
    /// for this link and this person, and kept in the store until the link expires and its
    /// retention passes. This instance serves the page with exactly `form`; another instance
    /// with the form it [serves](Self::serve) under the same name.
    ///
    /// # Errors
    /// [`SecretNotAField`](UrlFormError::SecretNotAField) and
    /// [`SecretNotText`](UrlFormError::SecretNotText) for a misnamed secret;
    /// [`NoRandomness`](UrlFormError::NoRandomness), [`Seal`](UrlFormError::Seal) or
    /// [`Store`](UrlFormError::Store) when it cannot be minted.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{UrlForm, UrlFormError, UrlForms};
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String, seats: u8 }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// let ada = Principal::new("ada");
    /// let wrong = forms.mint(&ada, "e-1", UrlForm::<Region>::new().secret("seats")).await.unwrap_err();
    /// assert_eq!(wrong.to_string(), "`seats` is named a secret, but it is not a string field");
    /// let link = forms.mint(&ada, "e-1", UrlForm::<Region>::new()).await.unwrap();
    /// assert_ne!(link.id(), forms.mint(&ada, "e-1", UrlForm::<Region>::new()).await.unwrap().id());
    /// # }
    /// ```
    pub async fn mint<T: 'static>(
        &self,
        principal: &Principal,
        elicitation_id: &str,
        form: UrlForm<T>,
    ) -> Result<PendingLink, UrlFormError> {
        self.mint_link(principal, None, elicitation_id, form).await
    }

    /// The link to send `principal` for `question` (any text naming what is asked, as the
    /// tool asks it: a dialog uses the tool's name, the question's key and the digest of the
    /// form), answering the elicitation `elicitation_id` with the page of `form`: the link
    /// minted for the same person, question and form before, while it is open and unanswered,
    /// else a new one ([`mint`](Self::mint)). A tool asked again, or a client that calls
    /// again, gets the same link, not one more of the person's
    /// [allowance](UrlFormsBuilder::links_per_person).
    ///
    /// # Errors
    /// As [`mint`](Self::mint).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{UrlForm, UrlForms};
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// let ada = Principal::new("ada");
    /// let first = forms.link_for(&ada, "connect/region", "e-1", UrlForm::<Region>::new()).await.unwrap();
    /// let again = forms.link_for(&ada, "connect/region", "e-2", UrlForm::<Region>::new()).await.unwrap();
    /// assert_eq!(first.id(), again.id());
    /// assert_eq!(again.elicitation_id(), "e-2");
    /// let bob = forms.link_for(&Principal::new("bob"), "connect/region", "e-3", UrlForm::<Region>::new()).await.unwrap();
    /// assert_ne!(first.id(), bob.id());
    /// # }
    /// ```
    pub async fn link_for<T: 'static>(
        &self,
        principal: &Principal,
        question: &str,
        elicitation_id: &str,
        form: UrlForm<T>,
    ) -> Result<PendingLink, UrlFormError> {
        if let Some(id) = self.find(principal, question).await?
            && let Some(link) = self.reusable(&id, principal, elicitation_id, &form).await?
        {
            return Ok(link);
        }
        self.mint_link(principal, Some(question), elicitation_id, form)
            .await
    }

    /// The latest link minted for `principal` and `question`, while the store keeps it.
    pub(crate) async fn find(
        &self,
        principal: &Principal,
        question: &str,
    ) -> Result<Option<LinkId>, UrlFormError> {
        let owner = self.owner(principal, Some(question));
        let question = owner.question().unwrap_or_default();
        Ok(self.0.store.find(question).await?)
    }

    /// Link `id` again, for a question asked again: when it is still open, unanswered, the
    /// person's, and shows the very page `form` would.
    async fn reusable<T: 'static>(
        &self,
        id: &LinkId,
        principal: &Principal,
        elicitation_id: &str,
        form: &UrlForm<T>,
    ) -> Result<Option<PendingLink>, UrlFormError> {
        let shared = &self.0;
        let Some(stored) = shared.store.get(id).await? else {
            return Ok(None);
        };
        if !stored.answer.is_open() {
            return Ok(None);
        }
        let Ok(record) = open_link(&shared.keys, &stored.record, id, principal) else {
            return Ok(None);
        };
        let same = record.form == form.name
            && record.prompt == form.form.prompt()
            && record.schema == *form.form.schema()
            && record.secrets == form.secrets;
        let closes_at = UNIX_EPOCH + Duration::from_millis(record.closes_ms);
        let left = closes_at
            .duration_since(SystemTime::now())
            .unwrap_or_default();
        if !same || left.is_zero() {
            return Ok(None);
        }
        // Read here with the exact form, as where it was minted.
        self.keep_form(id, Arc::new(form.form.clone()), Instant::now() + left)?;
        Ok(Some(PendingLink {
            url: self.link_url(id),
            id: id.clone(),
            elicitation_id: elicitation_id.to_owned(),
            expires_at: closes_at,
        }))
    }

    /// Whom a link of `principal` counts against, and the question it answers: keyed digests
    /// of them (the store never sees who or what).
    fn owner(&self, principal: &Principal, question: Option<&str>) -> LinkOwner {
        let keys = &self.0.keys;
        let person = keys.digest(&[b"elicit/url-form person", principal.as_str().as_bytes()]);
        let question = question.map(|question| {
            keys.digest(&[
                b"elicit/url-form question",
                principal.as_str().as_bytes(),
                question.as_bytes(),
            ])
        });
        LinkOwner::new(person, question)
    }

    /// Keeps the exact form of link `id` on this instance until `closes`.
    fn keep_form(&self, id: &LinkId, served: Served, closes: Instant) -> Result<(), UrlFormError> {
        if lock(&self.0.minted).keep(id, served, closes) {
            Ok(())
        } else {
            Err(UrlFormError::Store(StoreError::new(format!(
                "this server keeps the forms of {MAX_MINTED} open links, its bound"
            ))))
        }
    }

    /// Mints a link (see [`mint`](Self::mint)), answering `question` when one is given.
    async fn mint_link<T: 'static>(
        &self,
        principal: &Principal,
        question: Option<&str>,
        elicitation_id: &str,
        form: UrlForm<T>,
    ) -> Result<PendingLink, UrlFormError> {
        form.check_secrets()?;
        let shared = &self.0;
        let no_randomness = |error: getrandom::Error| UrlFormError::NoRandomness(error.to_string());
        let id = LinkId::generate().map_err(no_randomness)?;
        let now = SystemTime::now();
        let expires_at = now + shared.ttl;
        // The last moment the page takes a post: the expiry as sealed (whole seconds), plus
        // the allowance for other clocks.
        let closes_at = last_moment(expires_at, shared.keys.clock_skew());
        let open_for = closes_at.duration_since(now).unwrap_or(Duration::ZERO);
        let record = LinkRecord {
            elicitation: elicitation_id.to_owned(),
            form: form.name.to_string(),
            prompt: form.form.prompt().to_owned(),
            schema: form.form.schema().clone(),
            secrets: form.secrets.clone(),
            csrf: csrf::new_secret().map_err(no_randomness)?,
            closes_ms: closes_at.duration_since(UNIX_EPOCH).map_or(0, |since| {
                u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
            }),
        };
        let sealed = seal_link(&shared.keys, &record, &id, principal, expires_at)
            .map_err(UrlFormError::Seal)?;
        let exact_only = form.form.is_shaped();
        let name = form.name.to_string();
        let served: Served = Arc::new(form.form);
        // The form is kept before the link exists, so that the bound refuses a link, never
        // forgets the form of one.
        self.keep_form(&id, Arc::clone(&served), Instant::now() + open_for)?;
        let owner = self.owner(principal, question);
        let created = shared
            .store
            .create(NewLink {
                id: &id,
                record: sealed,
                owner: &owner,
                open_for,
                keep: self.keep(),
                limit: shared.links_per_person,
            })
            .await;
        let refused = match created {
            Ok(Created::Created) => None,
            Ok(Created::Full) => Some(UrlFormError::TooManyLinks {
                limit: shared.links_per_person,
            }),
            // 256 random bits do not collide; a store that says so is broken.
            Ok(_) => Some(UrlFormError::Store(StoreError::new(
                "the store already holds a link with a new random id",
            ))),
            Err(error) => Some(UrlFormError::Store(error)),
        };
        if let Some(error) = refused {
            lock(&shared.minted).forms.remove(&id);
            return Err(error);
        }
        if !exact_only {
            // The type's own form serves the links of other instances too, unless the author
            // chose one; a shaped form is exact for its own link only.
            let mut forms = self
                .0
                .served
                .write()
                .unwrap_or_else(PoisonError::into_inner);
            forms.entry(name).or_insert(served);
        }
        Ok(PendingLink {
            url: self.link_url(&id),
            id,
            elicitation_id: elicitation_id.to_owned(),
            expires_at: closes_at,
        })
    }

    /// Serves `form` under its name on this instance: the pages of links another instance
    /// minted for a form of that name are read with it (and checked against the schema each
    /// link was minted with). Every instance of a fleet serves every form it may be asked
    /// for, at start-up. A link minted here is read with its own form, whatever this says.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::StateKeys;
    /// use elicit_core::url_form::{UrlForm, UrlForms};
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// forms.serve(UrlForm::<Region>::new().named("region"));
    /// assert!(forms.serves("region"));
    /// assert!(!forms.serves("other"));
    /// ```
    pub fn serve<T: 'static>(&self, form: UrlForm<T>) -> &Self {
        let mut forms = self
            .0
            .served
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        forms.insert(form.name.to_string(), Arc::new(form.form));
        self
    }

    /// Whether a form is served under `name` (by [`serve`](Self::serve), or by minting the
    /// type's own form).
    ///
    /// ```
    /// # use elicit_core::state::StateKeys;
    /// # use elicit_core::url_form::UrlForms;
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// assert!(!forms.serves("anything"));
    /// ```
    pub fn serves(&self, name: &str) -> bool {
        let forms = self.0.served.read().unwrap_or_else(PoisonError::into_inner);
        forms.contains_key(name)
    }

    /// The form a post to link `id` (minted for a form named `name`) is read with.
    pub(crate) fn served_for(&self, id: &LinkId, name: &str) -> Option<Served> {
        if let Some(minted) = lock(&self.0.minted).get(id) {
            return Some(Arc::clone(&minted.served));
        }
        let forms = self.0.served.read().unwrap_or_else(PoisonError::into_inner);
        forms.get(name).cloned()
    }

    /// How long a link's entries are kept: its lifetime and its retention.
    pub(crate) fn keep(&self) -> Duration {
        self.0.ttl.saturating_add(self.0.retention)
    }

    /// Wakes whoever waits here for link `id`.
    pub(crate) fn wake(&self, id: &LinkId) {
        if let Some(notify) = lock(&self.0.waiting).get(id) {
            notify.notify_waiters();
        }
    }

    /// The answer to link `id`, typed by `form`, once: `Ok(None)` while the page waits for
    /// it. For a tool that looks again later (on 2026-07-28, the retry of the call that sent
    /// the link, which finds the id in its sealed request state).
    ///
    /// `principal` must be the person the link was minted for: the answer is sealed for them
    /// and opens for nobody else. The answer is read by `form`'s own reader, so the value is
    /// one the form allows; a secret in it lives in its `SecretString`, and the JSON it was
    /// read from is wiped.
    ///
    /// # Errors
    /// [`Expired`](UrlFormError::Expired), [`Abandoned`](UrlFormError::Abandoned),
    /// [`AlreadyTaken`](UrlFormError::AlreadyTaken), [`Unknown`](UrlFormError::Unknown);
    /// [`Open`](UrlFormError::Open) with [`StateError::WrongPrincipal`] for another person
    /// (nothing is taken); [`Invalid`](UrlFormError::Invalid) when the answer does not fit
    /// `form` (it is taken all the same); [`Store`](UrlFormError::Store).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{LinkId, UrlFormError, UrlForms};
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// let nowhere = LinkId::parse(&"A".repeat(43)).unwrap();
    /// let error = forms.take(&nowhere, &Principal::new("ada"), &elicit_core::Form::<Region>::new()).await;
    /// assert!(matches!(error, Err(UrlFormError::Unknown)));
    /// # }
    /// ```
    pub async fn take<T>(
        &self,
        id: &LinkId,
        principal: &Principal,
        form: &Form<T>,
    ) -> Result<Option<T>, UrlFormError> {
        let shared = &self.0;
        let stored = shared.store.get(id).await?.ok_or(UrlFormError::Unknown)?;
        match stored.answer {
            LinkAnswer::Pending => {
                // Opening the record proves the link is this person's, and whether it is
                // still open.
                return match open_link(&shared.keys, &stored.record, id, principal) {
                    Ok(_) => Ok(None),
                    Err(StateError::Expired) => Err(UrlFormError::Expired),
                    Err(error) => Err(UrlFormError::Open(error)),
                };
            }
            LinkAnswer::Abandoned => return Err(UrlFormError::Abandoned),
            LinkAnswer::Taken => return Err(UrlFormError::AlreadyTaken),
            // Opened before it is taken: another person's take takes nothing.
            LinkAnswer::Submitted(sealed) => {
                open_answer(&shared.keys, &sealed, id, principal).map_err(UrlFormError::Open)?;
            }
        }
        let sealed = match shared.store.take(id).await? {
            LinkAnswer::Submitted(sealed) => sealed,
            LinkAnswer::Abandoned => return Err(UrlFormError::Abandoned),
            LinkAnswer::Taken => return Err(UrlFormError::AlreadyTaken),
            LinkAnswer::Pending => return Err(UrlFormError::Unknown),
        };
        let content =
            open_answer(&shared.keys, &sealed, id, principal).map_err(UrlFormError::Open)?;
        form.read(&content).map(Some).map_err(UrlFormError::Invalid)
    }

    /// The answer to link `id`, typed by `form`, without taking it: `Ok(None)` while the page
    /// waits for it. For a 2026-07-28 dialog, whose every retry of the call reads the answer
    /// again by the link id sealed in its request state (the answer stays in the store,
    /// sealed for the person, until its retention passes).
    ///
    /// # Errors
    /// As [`take`](Self::take).
    pub(crate) async fn look<T>(
        &self,
        id: &LinkId,
        principal: &Principal,
        form: &Form<T>,
    ) -> Result<Option<T>, UrlFormError> {
        let shared = &self.0;
        let stored = shared.store.get(id).await?.ok_or(UrlFormError::Unknown)?;
        let sealed = match stored.answer {
            LinkAnswer::Pending => {
                return match open_link(&shared.keys, &stored.record, id, principal) {
                    Ok(_) => Ok(None),
                    Err(StateError::Expired) => Err(UrlFormError::Expired),
                    Err(error) => Err(UrlFormError::Open(error)),
                };
            }
            LinkAnswer::Abandoned => return Err(UrlFormError::Abandoned),
            LinkAnswer::Taken => return Err(UrlFormError::AlreadyTaken),
            LinkAnswer::Submitted(sealed) => sealed,
        };
        let content =
            open_answer(&shared.keys, &sealed, id, principal).map_err(UrlFormError::Open)?;
        form.read(&content).map(Some).map_err(UrlFormError::Invalid)
    }

    /// The URL of link `id`.
    pub(crate) fn link_url(&self, id: &LinkId) -> String {
        format!("{}/{id}", self.0.base.url)
    }

    /// Waits for the answer to link `id` and takes it, typed by `form`: for a tool that holds
    /// its call open while the person fills the page in (2025-11-25, which then sends
    /// `notifications/elicitation/complete`). An answer posted to this instance wakes it at
    /// once; one posted to another instance is seen within the
    /// [poll interval](UrlFormsBuilder::poll_interval). It ends when the link closes
    /// ([`Expired`](UrlFormError::Expired)): for a link minted here at its last moment
    /// ([`PendingLink::expires_at`](super::PendingLink::expires_at), within its
    /// [`ttl`](UrlFormsBuilder::ttl)), when the link is closed in the store too, so that a post
    /// on its way either wins and is taken or is refused; for one minted elsewhere within the
    /// poll interval after. It ends too when the link is [abandoned](Self::abandon).
    ///
    /// # Errors
    /// As [`take`](Self::take).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{UrlForm, UrlFormError, UrlForms};
    /// use std::time::Duration;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let keys = StateKeys::generate().unwrap();
    /// let forms = UrlForms::builder("https://a.example/f", keys, |_: &http::request::Parts| None)
    ///     .ttl(Duration::from_secs(1))
    ///     .poll_interval(Duration::from_millis(50))
    ///     .build()
    ///     .unwrap();
    /// let ada = Principal::new("ada");
    /// let form = UrlForm::<Region>::new();
    /// let link = forms.mint(&ada, "e-1", form.clone()).await.unwrap();
    /// // Nobody answers: within a second, the link expires, and the wait ends.
    /// let outcome = forms.wait(link.id(), &ada, form.form()).await;
    /// assert!(matches!(outcome, Err(UrlFormError::Expired)));
    /// # }
    /// ```
    pub async fn wait<T>(
        &self,
        id: &LinkId,
        principal: &Principal,
        form: &Form<T>,
    ) -> Result<T, UrlFormError> {
        let notify = Arc::clone(
            lock(&self.0.waiting)
                .entry(id.clone())
                .or_insert_with(|| Arc::new(Notify::new())),
        );
        // A link minted here is waited for until it closes, to the moment; one minted by
        // another instance until the store says it expired (within the poll interval).
        let closes = lock(&self.0.minted).get(id).map(|minted| minted.closes);
        let result = loop {
            // Registered before the store is read, so that an answer posted in between is
            // not missed.
            let mut notified = std::pin::pin!(notify.notified());
            notified.as_mut().enable();
            match self.take(id, principal, form).await {
                Ok(Some(value)) => break Ok(value),
                Ok(None) => {}
                Err(error) => break Err(error),
            }
            let left = closes.map(|closes| closes.saturating_duration_since(Instant::now()));
            if left == Some(Duration::ZERO) {
                // Closed with nothing posted. A post admitted just before may still be on its
                // way to the store: the link is closed there too, and one of the two wins.
                break match self
                    .0
                    .store
                    .settle(id, LinkAnswer::Abandoned, self.keep())
                    .await
                {
                    Ok(true) => Err(UrlFormError::Expired),
                    Ok(false) => match self.take(id, principal, form).await {
                        Ok(Some(value)) => Ok(value),
                        Ok(None) => Err(UrlFormError::Expired),
                        Err(error) => Err(error),
                    },
                    Err(error) => Err(UrlFormError::Store(error)),
                };
            }
            // Woken, or the interval is up, or the link closes: look again either way.
            let pause = left.map_or(self.0.poll, |left| left.min(self.0.poll));
            let _ = tokio::time::timeout(pause, notified).await;
        };
        lock(&self.0.waiting).remove(id);
        result
    }

    /// Closes link `id` without an answer (the person declined in their client, or the tool
    /// gave up): its page is refused from now on, and a [`wait`](Self::wait) ends with
    /// [`Abandoned`](UrlFormError::Abandoned). `false` when the link had been answered or
    /// closed before.
    ///
    /// # Errors
    /// [`Unknown`](UrlFormError::Unknown) for a link the store does not hold;
    /// [`Store`](UrlFormError::Store).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{UrlForm, UrlForms};
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let forms = UrlForms::builder("https://a.example/f", StateKeys::generate().unwrap(), |_: &http::request::Parts| None).build().unwrap();
    /// let link = forms.mint(&Principal::new("ada"), "e-1", UrlForm::<Region>::new()).await.unwrap();
    /// assert!(forms.abandon(link.id()).await.unwrap());
    /// assert!(!forms.abandon(link.id()).await.unwrap());
    /// # }
    /// ```
    pub async fn abandon(&self, id: &LinkId) -> Result<bool, UrlFormError> {
        if self.0.store.get(id).await?.is_none() {
            return Err(UrlFormError::Unknown);
        }
        let closed = self
            .0
            .store
            .settle(id, LinkAnswer::Abandoned, self.keep())
            .await?;
        self.wake(id);
        Ok(closed)
    }
}

/// The last moment a link sealed to expire at `expires_at` opens: its expiry as the seal
/// keeps it (whole seconds since the epoch), plus `skew`.
fn last_moment(expires_at: SystemTime, skew: Duration) -> SystemTime {
    let seconds = expires_at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    UNIX_EPOCH + Duration::from_secs(seconds) + skew
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use serde_json::{Map, Value};

    use super::MintedForms;
    use crate::error::ContentError;
    use crate::schema::RequestedSchema;
    use crate::url_form::form::ServedForm;
    use crate::url_form::link::LinkId;

    /// A form that takes anything: what is kept, not how it reads.
    struct Any;

    impl ServedForm for Any {
        fn check(&self, _: &RequestedSchema, _: &Map<String, Value>) -> Result<(), ContentError> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_links_form_is_forgotten_and_an_open_ones_kept() {
        let id = |letter: &str| LinkId::parse(&letter.repeat(43)).expect("an id");
        let (closed, open) = (id("A"), id("E"));
        let now = Instant::now();
        let mut minted = MintedForms::default();
        assert!(minted.keep(&closed, Arc::new(Any), now));
        assert!(minted.keep(&open, Arc::new(Any), now + Duration::from_secs(60)));
        assert!(minted.get(&closed).is_none(), "closed: its form is dropped");
        assert!(minted.get(&open).is_some());
        assert_eq!((minted.forms.len(), minted.closing.len()), (1, 1));
    }
}
