//! What every dialog of a server shares, given once: [`DialogSettings`].

use std::fmt;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::protocol::MultiSelectFallback;
use crate::state::{MemoryReplayGuard, ReplayGuard, StateKeys};

/// How long each sealed state of a dialog stays valid.
#[derive(Debug, Clone, Copy, Default)]
pub(super) enum Expiry {
    /// The ring's ([`StateKeys::ttl`]).
    #[default]
    Ring,
    After(Duration),
    Never,
}

/// How often a dialog waiting on the live connection tells the client it is still at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KeepAlive(pub(super) Option<Duration>);

impl Default for KeepAlive {
    fn default() -> Self {
        Self(Some(DialogSettings::DEFAULT_KEEP_ALIVE))
    }
}

/// What every dialog of a server shares, given once where the server is made, so that no
/// tool body names any of it: the keys the 2026-07-28 states are sealed with (and with them
/// the audience, the states' lifetime, the clock skew allowed and whether a state needs a
/// principal), how long a state lives if not the keys' lifetime, how a multi-select is asked
/// of a client whose revision has none, and the store that remembers the states a
/// [`once`](super::Dialog::once) dialog has used.
///
/// With rmcp, the server holds its settings and gives them to its router once
/// ([`with_dialogs`](crate::rmcp::with_dialogs), as axum's `State` gives a handler a part of
/// the router's state): every `dialog: Dialog` argument of its tools is made with them. Other
/// SDKs hand them to the dialog they make ([`Dialog::with_settings`](super::Dialog::with_settings)).
/// The defaults: a key drawn for the process (enough for one process; a fleet shares its
/// keys), the keys' lifetime ([`Dialog::DEFAULT_TTL`](super::Dialog::DEFAULT_TTL)), a
/// multi-select refused on 2025-06-18, and a guard in this process's memory.
///
/// ```
/// use elicit_core::dialog::DialogSettings;
/// use elicit_core::protocol::MultiSelectFallback;
/// use elicit_core::state::{StateKey, StateKeys};
/// use std::time::Duration;
///
/// // In a real server the key comes from a secret store: StateKeys::from_env("STATE_KEYS").
/// let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap()).with_audience("https://mcp.example.com/mcp");
/// let settings = DialogSettings::new()
///     .keys(&keys)
///     .expires_after(Duration::from_secs(300))
///     .multi_select_fallback(MultiSelectFallback::Checkboxes);
/// # let _ = settings;
/// ```
#[derive(Clone, Default)]
pub struct DialogSettings {
    pub(super) keys: Option<StateKeys>,
    pub(super) expiry: Expiry,
    pub(super) fallback: MultiSelectFallback,
    pub(super) guard: Option<Arc<dyn ReplayGuard>>,
    pub(super) keep_alive: KeepAlive,
    /// The server's URL-mode forms ([`url_forms`](Self::url_forms)).
    #[cfg(feature = "url-forms")]
    pub(super) url_forms: Option<crate::url_form::UrlForms>,
}

impl fmt::Debug for DialogSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DialogSettings")
            .field("keys", &self.keys.is_some())
            .field("expiry", &self.expiry)
            .field("fallback", &self.fallback)
            .field("guard", &self.guard.is_some())
            .field("keep_alive", &self.keep_alive.0)
            .finish_non_exhaustive()
    }
}

impl DialogSettings {
    /// The defaults (see [`DialogSettings`]).
    ///
    /// ```
    /// let settings = elicit_core::dialog::DialogSettings::new();
    /// # let _ = settings;
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The settings of a server that gives none: the defaults, one value for the process.
    pub(crate) fn process_default() -> &'static Self {
        static DEFAULT: OnceLock<DialogSettings> = OnceLock::new();
        DEFAULT.get_or_init(Self::new)
    }

    /// Seals with `keys` instead of a key drawn for this process: give every instance of the
    /// server the same ring when a retry may reach another instance (several instances behind
    /// a balancer, a restart in the middle of a dialog). The ring is shared, not copied.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
    /// let settings = DialogSettings::new().keys(&keys);
    /// # let _ = settings;
    /// ```
    #[must_use]
    pub fn keys(mut self, keys: &StateKeys) -> Self {
        self.keys = Some(keys.clone());
        self
    }

    /// Seals each state to expire `ttl` after it is issued, instead of after the keys'
    /// lifetime ([`Dialog::DEFAULT_TTL`](super::Dialog::DEFAULT_TTL) unless they were given
    /// another).
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use std::time::Duration;
    ///
    /// let settings = DialogSettings::new().expires_after(Duration::from_secs(300));
    /// # let _ = settings;
    /// ```
    #[must_use]
    pub fn expires_after(mut self, ttl: Duration) -> Self {
        self.expiry = Expiry::After(ttl);
        self
    }

    /// Seals states that never expire (retiring the key still retires them): an explicit
    /// choice, for dialogs a person may leave open for days. A [`once`](super::Dialog::once)
    /// dialog, whose guard would have to remember each state forever, stops with `-32603`
    /// rather than seal one.
    ///
    /// ```
    /// let settings = elicit_core::dialog::DialogSettings::new().never_expires();
    /// # let _ = settings;
    /// ```
    #[must_use]
    pub fn never_expires(mut self) -> Self {
        self.expiry = Expiry::Never;
        self
    }

    /// How a form with a multi-select is asked of a client on a revision without them
    /// (2025-06-18): by default it cannot be (the dialog stops with `-32603`);
    /// [`MultiSelectFallback::Checkboxes`] asks each option as a checkbox, and the answer
    /// comes back as the multi-select's.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use elicit_core::protocol::MultiSelectFallback;
    ///
    /// let settings = DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes);
    /// # let _ = settings;
    /// ```
    #[must_use]
    pub fn multi_select_fallback(mut self, fallback: MultiSelectFallback) -> Self {
        self.fallback = fallback;
        self
    }

    /// How often a dialog tells the client it is still at work while a person takes their
    /// time over a form, by default: every 20 seconds.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    ///
    /// assert_eq!(DialogSettings::new().keep_alive_every(), Some(DialogSettings::DEFAULT_KEEP_ALIVE));
    /// ```
    pub const DEFAULT_KEEP_ALIVE: Duration = Duration::from_secs(20);

    /// While a dialog waits for an answer on the live connection (up to 2025-11-25: a form,
    /// a URL, a sampling or roots request), and the tool call carried a `progressToken`, it
    /// sends `notifications/progress` every `every` (default
    /// [`DEFAULT_KEEP_ALIVE`](Self::DEFAULT_KEEP_ALIVE), 20 s), so that a client which resets
    /// its request timeout on progress (the TypeScript SDK's `resetTimeoutOnProgress`, on in
    /// the MCP Inspector; rmcp's `reset_timeout_on_progress`) keeps the call alive however long
    /// the person takes. A client that does not reset its timeout ends the call when its
    /// timeout passes (the TypeScript SDK's default is 60 s), whatever the server sends: the
    /// form may stay open there, and its answer then goes nowhere. `None` sends nothing.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use std::time::Duration;
    ///
    /// let settings = DialogSettings::new().keep_alive(Some(Duration::from_secs(15)));
    /// assert_eq!(settings.keep_alive_every(), Some(Duration::from_secs(15)));
    /// assert_eq!(DialogSettings::new().keep_alive_every(), Some(Duration::from_secs(20)));
    /// ```
    #[must_use]
    pub fn keep_alive(mut self, every: Option<Duration>) -> Self {
        self.keep_alive = KeepAlive(every.filter(|every| !every.is_zero()));
        self
    }

    /// How often a waiting dialog sends progress ([`keep_alive`](Self::keep_alive)).
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    ///
    /// assert_eq!(DialogSettings::new().keep_alive(None).keep_alive_every(), None);
    /// ```
    #[must_use]
    pub fn keep_alive_every(&self) -> Option<Duration> {
        self.keep_alive.0
    }

    /// The store that remembers the states a [`once`](super::Dialog::once) dialog has used:
    /// by default one in this process's memory
    /// ([`MemoryReplayGuard`](crate::state::MemoryReplayGuard)); a store the
    /// instances of a fleet share otherwise (see [`ReplayGuard`]).
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use elicit_core::state::MemoryReplayGuard;
    /// use std::sync::Arc;
    ///
    /// let settings = DialogSettings::new().replay_guard(Arc::new(MemoryReplayGuard::new()));
    /// # let _ = settings;
    /// ```
    #[must_use]
    pub fn replay_guard(mut self, guard: Arc<dyn ReplayGuard>) -> Self {
        self.guard = Some(guard);
        self
    }

    /// The guard a `once` dialog uses: the one given, else the process's.
    pub(super) fn guard(&self) -> Arc<dyn ReplayGuard> {
        static PROCESS: OnceLock<Arc<MemoryReplayGuard>> = OnceLock::new();
        match &self.guard {
            Some(guard) => Arc::clone(guard),
            None => PROCESS
                .get_or_init(|| Arc::new(MemoryReplayGuard::new()))
                .clone(),
        }
    }
}

#[cfg(feature = "url-forms")]
impl DialogSettings {
    /// The server's URL-mode forms (feature `url-forms`): what
    /// [`Dialog::ask_url_form`](super::Dialog::ask_url_form) mints its links with and takes its
    /// answers from. One [`UrlForms`](crate::url_form::UrlForms) for the server, its
    /// [router](crate::url_form::UrlForms::router) mounted beside the MCP endpoint; a clone
    /// is another handle on the same forms.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use elicit_core::state::{Principal, StateKeys};
    /// use elicit_core::url_form::{UrlForms, cookie};
    ///
    /// let keys = StateKeys::generate().unwrap();
    /// let identify = |request: &http::request::Parts| cookie(request, "session").map(Principal::new);
    /// let forms = UrlForms::builder("https://mcp.example.com/connect", keys.clone(), identify).build().unwrap();
    /// let settings = DialogSettings::new().keys(&keys).url_forms(&forms);
    /// assert!(settings.has_url_forms());
    /// ```
    #[must_use]
    pub fn url_forms(mut self, forms: &crate::url_form::UrlForms) -> Self {
        self.url_forms = Some(forms.clone());
        self
    }

    /// Whether these settings have URL-mode forms ([`url_forms`](Self::url_forms)).
    ///
    /// ```
    /// assert!(!elicit_core::dialog::DialogSettings::new().has_url_forms());
    /// ```
    pub fn has_url_forms(&self) -> bool {
        self.url_forms.is_some()
    }
}
