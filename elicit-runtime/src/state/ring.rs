//! [`StateKeys`]: the key ring, and sealing and opening with it.

use std::fmt;
use std::io;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use zeroize::Zeroizing;

use super::binding::{Binding, audience_digest};
use super::error::{SealError, StateError};
use super::format::{
    self, ENCRYPTED, MAX_SEALED_LEN, NONCE_LEN, OVERHEAD, PAYLOAD_AT, READABLE, Sealed,
};
use super::key::{KeyError, StateKey, read_variable};
use super::once::{Owner, ReplayGuard, StateId, StateUse};
use super::principal::PrincipalPolicy;
use super::wipe::to_json;

/// A key ring: the current key, which seals, and the previous keys, which still open what
/// they sealed; the audience (this server's identity) every state is bound to; how long a
/// state lives; and whether states are encrypted (the default) or only signed.
///
/// To rotate, put the new key first and keep the old one as previous until every state it
/// sealed has expired (the longest time to live you seal with): states in flight still
/// open, and new states are sealed with the new key. Then drop the old key.
///
/// ```
/// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
/// use serde_json::json;
///
/// let old = StateKey::new(&[1; 32]).unwrap();
/// let new = StateKey::new(&[2; 32]).unwrap();
/// let binding = Binding::tool("book", &json!({"table": 4}));
///
/// let in_flight = StateKeys::new(old.clone()).seal(&"step 2", &binding).unwrap();
///
/// let rotated = StateKeys::new(new.clone()).with_previous(old);
/// assert_eq!(rotated.open::<String>(&in_flight, &binding).unwrap(), "step 2");
/// assert_eq!(rotated.current().id(), new.id());
///
/// let retired = StateKeys::new(new);
/// assert_eq!(retired.open::<String>(&in_flight, &binding), Err(StateError::Foreign));
/// ```
///
/// A ring is shared, not copied: a clone (each [`Dialog`](crate::dialog::Dialog) given the
/// ring takes one) is another handle on the same keys, so the key material exists once in
/// memory, and is wiped when the last handle is dropped. The `with_` methods change a ring
/// no other handle shares, and copy one that is shared.
#[derive(Clone)]
pub struct StateKeys(Arc<Ring>);

/// What a [`StateKeys`] holds.
#[derive(Clone)]
struct Ring {
    /// The current key first, then the previous keys.
    keys: Vec<StateKey>,
    audience: String,
    audience_digest: [u8; 32],
    ttl: Duration,
    /// How long past its expiry a state still opens.
    skew: Duration,
    readable: bool,
    principal: PrincipalPolicy,
}

impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateKeys")
            .field("keys", &self.0.keys)
            .field("audience", &self.0.audience)
            .field("ttl", &self.0.ttl)
            .field("clock_skew", &self.0.skew)
            .field("readable", &self.0.readable)
            .field("principal_policy", &self.0.principal)
            .finish_non_exhaustive()
    }
}

impl From<StateKey> for StateKeys {
    fn from(current: StateKey) -> Self {
        Self::new(current)
    }
}

impl StateKeys {
    /// How long a state lives unless the ring ([`with_ttl`](Self::with_ttl)) or the seal
    /// says otherwise: 600 seconds, as the Python SDK's server. Each round seals a new
    /// state, so this bounds the time a person has to answer one form (and the time a
    /// copied state can be replayed), not the whole dialog.
    ///
    /// ```
    /// assert_eq!(elicit_core::state::StateKeys::DEFAULT_TTL.as_secs(), 600);
    /// ```
    pub const DEFAULT_TTL: Duration = Duration::from_secs(600);

    /// How long past its expiry a state still opens unless the ring
    /// ([`with_clock_skew`](Self::with_clock_skew)) says otherwise: 5 seconds. The server
    /// that seals a state writes its expiry by its own clock, and the one that opens it
    /// reads it by its own; clocks kept by NTP agree within milliseconds, and this allowance
    /// covers one that lags by a few seconds, so a person's answer is not refused for it. It
    /// lengthens by as much the time a copied state can be replayed (which
    /// [`open_once`](Self::open_once) closes: its guard is told the last moment the state
    /// opens, allowance included).
    ///
    /// ```
    /// assert_eq!(elicit_core::state::StateKeys::DEFAULT_CLOCK_SKEW.as_secs(), 5);
    /// ```
    pub const DEFAULT_CLOCK_SKEW: Duration = Duration::from_secs(5);

    /// A ring of one key, with no audience, [`DEFAULT_TTL`](Self::DEFAULT_TTL), sealing
    /// encrypted states.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.keys().len(), 1);
    /// assert_eq!(keys.audience(), "");
    /// assert!(!keys.is_readable());
    /// ```
    pub fn new(current: StateKey) -> Self {
        Self(Arc::new(Ring {
            keys: vec![current],
            audience: String::new(),
            audience_digest: audience_digest(""),
            ttl: Self::DEFAULT_TTL,
            skew: Self::DEFAULT_CLOCK_SKEW,
            readable: false,
            principal: PrincipalPolicy::FromTransport,
        }))
    }

    /// The ring to change: this handle's own, or a copy when other handles share it.
    fn edit(&mut self) -> &mut Ring {
        Arc::make_mut(&mut self.0)
    }

    /// A ring of one new key from the operating system's randomness
    /// ([`StateKey::generate`]): for a server of one process whose forms need not survive
    /// a restart.
    ///
    /// # Errors
    /// [`KeyError::NoRandomness`] when the operating system gives none.
    ///
    /// ```
    /// use elicit_core::state::StateKeys;
    ///
    /// let keys = StateKeys::generate().unwrap();
    /// assert_eq!(keys.keys().len(), 1);
    /// ```
    pub fn generate() -> Result<Self, KeyError> {
        StateKey::generate().map(Self::new)
    }

    /// A ring from the environment variable `name`: one key, or several separated by commas,
    /// the current one first (`ELICIT_STATE_KEYS="<new>,<old>"` while rotating). Each key is
    /// hex or base64, as [`StateKey::from_env`] reads it; empty entries are skipped.
    ///
    /// # Errors
    /// [`KeyError::Unset`] when the variable is unset or holds no key,
    /// [`KeyError::NotUnicode`], or [`KeyError::InVariable`] naming the variable and the
    /// position of the key refused. No message repeats the value.
    ///
    /// ```
    /// use elicit_core::state::{KeyError, StateKeys};
    ///
    /// assert!(matches!(StateKeys::from_env("ELICIT_DOC_UNSET_KEYS"), Err(KeyError::Unset { .. })));
    /// ```
    pub fn from_env(name: &str) -> Result<Self, KeyError> {
        let value = read_variable(name)?;
        let mut keys = value
            .split(',')
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .enumerate()
            .map(|(index, text)| {
                StateKey::from_text(text).map_err(|error| KeyError::InVariable {
                    variable: name.to_owned(),
                    position: Some(index + 1),
                    error: Box::new(error),
                })
            });
        let Some(current) = keys.next() else {
            return Err(KeyError::Unset {
                variable: name.to_owned(),
            });
        };
        keys.try_fold(Self::new(current?), |ring, key| {
            key.map(|key| ring.with_previous(key))
        })
    }

    /// Adds a previous key: it opens the states it sealed, and seals nothing. Add them newest
    /// first.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let current = StateKey::new(&[3; 32]).unwrap();
    /// let keys = StateKeys::new(current.clone()).with_previous(StateKey::new(&[2; 32]).unwrap());
    /// assert_eq!(keys.keys().len(), 2);
    /// assert_eq!(keys.current().id(), current.id());
    /// ```
    #[must_use]
    pub fn with_previous(mut self, key: StateKey) -> Self {
        self.edit().keys.push(key);
        self
    }

    /// Binds every state this ring seals to `audience`, this server's identity, and opens
    /// only those bound to it ([`StateError::WrongAudience`] otherwise): another server
    /// given the same key (by mistake, or a staging copy of production) cannot accept this
    /// one's states. Use the server's canonical URL (the resource the MCP authorization
    /// spec has clients name in their token requests, e.g. `https://mcp.example.com/mcp`).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let key = StateKey::new(&[4; 32]).unwrap();
    /// let billing = StateKeys::new(key.clone()).with_audience("https://billing.example/mcp");
    /// let support = StateKeys::new(key).with_audience("https://support.example/mcp");
    /// let call = Binding::tool("refund", &json!({"order": 12}));
    ///
    /// let sealed = billing.seal(&"confirmed", &call).unwrap();
    /// assert_eq!(billing.open::<String>(&sealed, &call).unwrap(), "confirmed");
    /// assert_eq!(support.open::<String>(&sealed, &call), Err(StateError::WrongAudience));
    /// ```
    #[must_use]
    pub fn with_audience(mut self, audience: impl Into<String>) -> Self {
        let ring = self.edit();
        ring.audience = audience.into();
        ring.audience_digest = audience_digest(&ring.audience);
        self
    }

    /// Seals with [`seal`](Self::seal) to expire `ttl` after sealing (instead of
    /// [`DEFAULT_TTL`](Self::DEFAULT_TTL)).
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    /// use std::time::Duration;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap()).with_ttl(Duration::from_secs(120));
    /// assert_eq!(keys.ttl(), Duration::from_secs(120));
    /// ```
    #[must_use]
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.edit().ttl = ttl;
        self
    }

    /// Opens a state until `allowance` past its expiry (instead of
    /// [`DEFAULT_CLOCK_SKEW`](Self::DEFAULT_CLOCK_SKEW)): the largest difference you allow
    /// between the clocks of the servers that seal and open states. `Duration::ZERO` where
    /// one clock does both (a server of one process) and a state must expire to the second.
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap()).with_clock_skew(Duration::from_secs(30));
    /// let call = Binding::tool("survey", &json!({}));
    /// let expiry = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    /// let sealed = keys.seal_until(&1, &call, expiry).unwrap();
    /// let late = |seconds| expiry + Duration::from_secs(seconds);
    /// assert_eq!(keys.open_at::<u8>(&sealed, &call, late(29)), Ok(1));
    /// assert_eq!(keys.open_at::<u8>(&sealed, &call, late(30)), Err(StateError::Expired));
    /// ```
    #[must_use]
    pub fn with_clock_skew(mut self, allowance: Duration) -> Self {
        self.edit().skew = allowance;
        self
    }

    /// How long past its expiry a state still opens.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.clock_skew(), StateKeys::DEFAULT_CLOCK_SKEW);
    /// ```
    pub fn clock_skew(&self) -> Duration {
        self.0.skew
    }

    /// Sets whether every state must name a principal, and where a dialog whose author names
    /// none takes one from ([`PrincipalPolicy`]; [`FromTransport`](PrincipalPolicy::FromTransport)
    /// unless told otherwise). With [`Required`](PrincipalPolicy::Required), sealing for a
    /// binding without a principal fails ([`SealError::NoPrincipal`]), and so does opening
    /// ([`StateError::NoPrincipal`]).
    ///
    /// ```
    /// use elicit_core::state::{Binding, PrincipalPolicy, SealError, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap())
    ///     .with_principal_policy(PrincipalPolicy::Required);
    /// let call = Binding::tool("pay", &json!({}));
    /// assert!(matches!(keys.seal(&1, &call), Err(SealError::NoPrincipal)));
    /// let sealed = keys.seal(&1, &call.clone().with_principal("ada")).unwrap();
    /// assert_eq!(keys.open::<u8>(&sealed, &call), Err(StateError::NoPrincipal));
    /// ```
    #[must_use]
    pub fn with_principal_policy(mut self, policy: PrincipalPolicy) -> Self {
        self.edit().principal = policy;
        self
    }

    /// Whether every state must name a principal, and where a dialog takes one from.
    ///
    /// ```
    /// use elicit_core::state::{PrincipalPolicy, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.principal_policy(), PrincipalPolicy::FromTransport);
    /// ```
    pub fn principal_policy(&self) -> PrincipalPolicy {
        self.0.principal
    }

    /// Seals states the client **can read**: signed with HMAC-SHA-256, the payload in clear
    /// JSON inside the base64, instead of encrypted with XChaCha20-Poly1305. The client, and
    /// anything that logs its traffic, sees every answer in the state. Choose it only for a
    /// state with nothing a person typed in it, and that you want to inspect on the wire.
    /// The string is exactly as long either way.
    ///
    /// Both kinds of ring open both kinds of state, so switching breaks no form in flight.
    ///
    /// ```
    /// use base64::Engine as _;
    /// use elicit_core::state::{Binding, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[5; 32]).unwrap());
    /// let call = Binding::tool("survey", &json!({}));
    /// let readable = keys.clone().readable().seal(&json!({"page": 2}), &call).unwrap();
    /// let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(&readable).unwrap();
    /// assert!(bytes.windows(10).any(|w| w == br#"{"page":2}"#));
    /// assert_eq!(keys.open::<serde_json::Value>(&readable, &call).unwrap(), json!({"page": 2}));
    /// ```
    #[must_use]
    pub fn readable(mut self) -> Self {
        self.edit().readable = true;
        self
    }

    /// Seals encrypted states, which is already the default; undoes
    /// [`readable`](Self::readable).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[5; 32]).unwrap()).readable().encrypting();
    /// assert!(!keys.is_readable());
    /// ```
    #[deprecated(note = "states are encrypted by default; `readable()` is the opt-out")]
    #[must_use]
    pub fn encrypting(mut self) -> Self {
        self.edit().readable = false;
        self
    }

    /// The key that seals.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let key = StateKey::new(&[3; 32]).unwrap();
    /// assert_eq!(StateKeys::new(key.clone()).current().id(), key.id());
    /// ```
    pub fn current(&self) -> &StateKey {
        &self.0.keys[0]
    }

    /// A keyed digest of `parts` under the current key, 64 hex digits: a name for something
    /// a store shared by the servers of these keys keeps (who a link counts against, which
    /// question it answers, whose connection a value is), the same on every server, naming
    /// nothing to whoever reads the store. Each part is length-prefixed, so no two lists of
    /// parts meet. It changes when the current key does.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
    /// let ada = keys.digest(&[b"connection", b"ada"]);
    /// assert_eq!(ada.len(), 64);
    /// assert_eq!(ada, keys.digest(&[b"connection", b"ada"]));
    /// assert_ne!(ada, keys.digest(&[b"connectiona", b"da"]));
    /// assert_ne!(ada, StateKeys::new(StateKey::new(&[8; 32]).unwrap()).digest(&[b"connection", b"ada"]));
    /// ```
    pub fn digest(&self, parts: &[&[u8]]) -> String {
        use std::fmt::Write as _;
        let digest = self.current().index(parts);
        let mut text = String::with_capacity(64);
        for byte in digest {
            // Writing to a `String` cannot fail.
            let _ = write!(text, "{byte:02x}");
        }
        text
    }

    /// Every key: the current one first, then the previous ones.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.keys()[0].id(), keys.current().id());
    /// ```
    pub fn keys(&self) -> &[StateKey] {
        &self.0.keys
    }

    /// The audience states are bound to (`""` when none was set).
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap()).with_audience("https://a.example/mcp");
    /// assert_eq!(keys.audience(), "https://a.example/mcp");
    /// ```
    pub fn audience(&self) -> &str {
        &self.0.audience
    }

    /// How long a state sealed with [`seal`](Self::seal) lives.
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.ttl(), StateKeys::DEFAULT_TTL);
    /// ```
    pub fn ttl(&self) -> Duration {
        self.0.ttl
    }

    /// Whether this ring seals readable states ([`readable`](Self::readable)).
    ///
    /// ```
    /// use elicit_core::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert!(keys.clone().readable().is_readable());
    /// assert!(!keys.is_readable());
    /// ```
    pub fn is_readable(&self) -> bool {
        self.0.readable
    }

    /// Seals `state` for the call `binding` names, to expire after the ring's
    /// [`ttl`](Self::ttl).
    ///
    /// # Errors
    /// [`SealError::TooLarge`] when the sealed string would pass [`MAX_SEALED_LEN`];
    /// [`SealError::Json`] when `state` cannot be written as JSON;
    /// [`SealError::NoRandomness`] when the operating system gives no nonce;
    /// [`SealError::NoPrincipal`] when `binding` names no principal and the ring
    /// [requires one](PrincipalPolicy::Required).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({}));
    /// let sealed = keys.seal(&json!({"page": 2}), &binding).unwrap();
    /// assert!(sealed.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    /// assert_eq!(keys.open::<serde_json::Value>(&sealed, &binding).unwrap(), json!({"page": 2}));
    /// ```
    pub fn seal<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
    ) -> Result<String, SealError> {
        self.seal_for(state, binding, self.0.ttl)
    }

    /// Seals `state` for the call `binding` names, to expire `ttl` from now.
    ///
    /// # Errors
    /// As [`seal`](Self::seal).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, SystemTime};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({}));
    /// let sealed = keys.seal_for(&1, &binding, Duration::from_secs(300)).unwrap();
    /// assert_eq!(keys.open::<u8>(&sealed, &binding).unwrap(), 1);
    /// let later = SystemTime::now() + Duration::from_secs(300) + keys.clock_skew();
    /// assert_eq!(keys.open_at::<u8>(&sealed, &binding, later), Err(StateError::Expired));
    /// ```
    pub fn seal_for<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
        ttl: Duration,
    ) -> Result<String, SealError> {
        let expires = SystemTime::now()
            .checked_add(ttl)
            .map_or(u64::MAX, expiry_seconds);
        self.seal_expiring(state, binding, expires)
    }

    /// Seals `state` for the call `binding` names, to expire at `expires_at` (kept to the
    /// second, rounded down): [`open_at`](Self::open_at) refuses it from then on, past the
    /// ring's [clock skew allowance](Self::with_clock_skew).
    ///
    /// # Errors
    /// As [`seal`](Self::seal).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap()).with_clock_skew(Duration::ZERO);
    /// let binding = Binding::prompt("plan", &json!({"goal": "ship"}));
    /// let deadline = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    /// let sealed = keys.seal_until(&"draft", &binding, deadline).unwrap();
    ///
    /// let before = deadline - Duration::from_secs(1);
    /// assert_eq!(keys.open_at::<String>(&sealed, &binding, before).unwrap(), "draft");
    /// assert_eq!(keys.open_at::<String>(&sealed, &binding, deadline), Err(StateError::Expired));
    /// ```
    pub fn seal_until<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
        expires_at: SystemTime,
    ) -> Result<String, SealError> {
        self.seal_expiring(state, binding, expiry_seconds(expires_at))
    }

    /// Seals `state` for the call `binding` names, never to expire: it opens for as long as
    /// a key of the ring that sealed it is kept. An explicit choice, for a state that holds
    /// nothing a replay could misuse; every other seal expires.
    ///
    /// # Errors
    /// As [`seal`](Self::seal).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({}));
    /// let sealed = keys.seal_without_expiry(&"page 2", &binding).unwrap();
    /// let far = UNIX_EPOCH + Duration::from_secs(u64::from(u32::MAX) * 8);
    /// assert_eq!(keys.open_at::<String>(&sealed, &binding, far).unwrap(), "page 2");
    /// ```
    pub fn seal_without_expiry<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
    ) -> Result<String, SealError> {
        self.seal_expiring(state, binding, 0)
    }

    /// The length of the string [`seal`](Self::seal) would make of `state`, without sealing
    /// it (the JSON is counted, not kept): compare it with [`MAX_SEALED_LEN`] before adding
    /// an answer to a state. The same for a readable or an encrypted state, and for every
    /// expiry.
    ///
    /// # Errors
    /// When `state` cannot be written as JSON.
    ///
    /// ```
    /// use elicit_core::state::{Binding, MAX_SEALED_LEN, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
    /// let state = json!({"name": "Ada", "cups": 3});
    /// let length = keys.sealed_len(&state).unwrap();
    /// assert_eq!(length, keys.seal(&state, &Binding::tool("t", &json!({}))).unwrap().len());
    /// assert!(length <= MAX_SEALED_LEN);
    /// ```
    pub fn sealed_len<T: Serialize + ?Sized>(&self, state: &T) -> Result<usize, serde_json::Error> {
        let mut counter = ByteCounter(0);
        serde_json::to_writer(&mut counter, state)?;
        Ok(format::sealed_len(counter.0))
    }

    fn seal_expiring<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
        expiry: u64,
    ) -> Result<String, SealError> {
        if self.requires_principal(binding) {
            return Err(SealError::NoPrincipal);
        }
        // The plaintext is written, copied and encrypted only in buffers wiped when dropped,
        // on every path out of here.
        let json = to_json(state)?;
        let bytes = self.seal_json(&json, binding, expiry)?;
        Ok(format::encode(&bytes))
    }

    /// The sealed bytes of `json`, in a buffer wiped when dropped: a readable state's hold
    /// the plaintext, and an encrypted state's held it until it was encrypted where it lies.
    fn seal_json(
        &self,
        json: &[u8],
        binding: &Binding,
        expiry: u64,
    ) -> Result<Zeroizing<Vec<u8>>, SealError> {
        let length = format::sealed_len(json.len());
        if length > MAX_SEALED_LEN {
            return Err(SealError::TooLarge { length });
        }
        let mut nonce = [0; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|error| SealError::NoRandomness(error.to_string()))?;
        let key = self.current();
        let digests = self.digests(binding);
        let bound = digests.concat();
        let format = if self.0.readable { READABLE } else { ENCRYPTED };
        let hints = key.hints(&nonce, &digests);
        let capacity = OVERHEAD + json.len();
        let mut bytes = Zeroizing::new(format::header(
            format,
            key.id_bytes(),
            expiry,
            &hints,
            &nonce,
            capacity,
        ));
        let header_tag = key.header_tag(&bytes);
        bytes.extend_from_slice(&header_tag);
        if self.0.readable {
            bytes.extend_from_slice(json);
            let tag = key.tag(&bytes, &bound);
            bytes.extend_from_slice(&tag);
        } else {
            let associated = [bytes.as_slice(), &bound].concat();
            bytes.extend_from_slice(json);
            // XChaCha20-Poly1305 refuses only messages of 256 GiB or more.
            let tag = key
                .encrypt(&nonce, &mut bytes[PAYLOAD_AT..], &associated)
                .ok_or(SealError::TooLarge { length })?;
            bytes.extend_from_slice(&tag);
        }
        Ok(bytes)
    }

    /// Opens a state sealed by this ring's keys for the call `binding` names, as a `T`,
    /// checking its expiry against the system clock.
    ///
    /// # Errors
    /// A [`StateError`] naming the problem; see [`open_at`](Self::open_at).
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[5; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({"lang": "en"}));
    /// let sealed = keys.seal(&[1, 2, 3], &binding).unwrap();
    /// assert_eq!(keys.open::<Vec<u8>>(&sealed, &binding).unwrap(), [1, 2, 3]);
    /// assert_eq!(keys.open::<Vec<u8>>("not a state", &binding), Err(StateError::Malformed));
    /// ```
    pub fn open<T: DeserializeOwned>(
        &self,
        sealed: &str,
        binding: &Binding,
    ) -> Result<T, StateError> {
        self.open_at(sealed, binding, SystemTime::now())
    }

    /// Opens a state sealed by this ring's keys for the call `binding` names, as a `T`, at the
    /// time `now` (a parameter, so expiry can be tested without waiting).
    ///
    /// The checks, in order: the call names a principal, where the ring
    /// [requires one](PrincipalPolicy::Required) ([`NoPrincipal`](StateError::NoPrincipal));
    /// the string is at most [`MAX_SEALED_LEN`] long
    /// ([`Oversized`](StateError::Oversized)) and decodes to a sealed state of a known format
    /// ([`Malformed`](StateError::Malformed)); a key of the ring sealed it
    /// ([`Foreign`](StateError::Foreign)); its seal holds for this server, principal and
    /// call, else the (authenticated) header tells which differs
    /// ([`WrongAudience`](StateError::WrongAudience),
    /// [`WrongPrincipal`](StateError::WrongPrincipal), [`WrongCall`](StateError::WrongCall))
    /// or none does ([`Tampered`](StateError::Tampered)); it has not expired, the ring's
    /// [clock skew allowance](Self::with_clock_skew) past its expiry
    /// ([`Expired`](StateError::Expired)); its payload reads as a `T`
    /// ([`Unreadable`](StateError::Unreadable)).
    ///
    /// # Errors
    /// The first check that fails, as above.
    ///
    /// ```
    /// use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[5; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({"lang": "en"}));
    /// let expires = UNIX_EPOCH + Duration::from_secs(100);
    /// let sealed = keys.seal_until(&7, &binding, expires).unwrap();
    ///
    /// let now = UNIX_EPOCH + Duration::from_secs(99);
    /// assert_eq!(keys.open_at::<u32>(&sealed, &binding, now), Ok(7));
    /// let error = keys.open_at::<String>(&sealed, &binding, now).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "request state is unreadable: a value that does not fit the type at line 1 column 1 of its payload",
    /// );
    /// let other = Binding::tool("survey", &json!({"lang": "fr"}));
    /// assert_eq!(keys.open_at::<u32>(&sealed, &other, now), Err(StateError::WrongCall));
    /// let stranger = StateKeys::new(StateKey::new(&[6; 32]).unwrap());
    /// assert_eq!(stranger.open_at::<u32>(&sealed, &binding, now), Err(StateError::Foreign));
    /// ```
    pub fn open_at<T: DeserializeOwned>(
        &self,
        sealed: &str,
        binding: &Binding,
        now: SystemTime,
    ) -> Result<T, StateError> {
        self.unseal(sealed, binding, now)
            .and_then(|opened| read(opened.payload()))
            .map_err(StateError::logged)
    }

    /// Opens a state as [`open`](Self::open) does, then only if this is its first use:
    /// `guard` records its [use](StateUse) (its id, whom it is charged to, the last moment it
    /// opens) and answers whether it had been used ([`AlreadyUsed`](StateError::AlreadyUsed)),
    /// or fails ([`GuardFailed`](StateError::GuardFailed): refused too). For a tool whose
    /// effect must happen once; a retry of a call whose answer was lost is refused as well,
    /// so make the effect idempotent where you can instead.
    ///
    /// A state that never expires ([`seal_without_expiry`](Self::seal_without_expiry)) is
    /// refused ([`NeverExpires`](StateError::NeverExpires)) before the guard is asked: it
    /// would have to be remembered forever.
    ///
    /// # Errors
    /// As [`open`](Self::open), then [`NeverExpires`](StateError::NeverExpires),
    /// [`AlreadyUsed`](StateError::AlreadyUsed) or [`GuardFailed`](StateError::GuardFailed).
    ///
    /// ```
    /// use elicit_core::state::{Binding, MemoryReplayGuard, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let keys = StateKeys::new(StateKey::new(&[5; 32]).unwrap());
    /// let guard = MemoryReplayGuard::new();
    /// let call = Binding::tool("pay", &json!({"invoice": 7}));
    /// let sealed = keys.seal(&"confirmed", &call).unwrap();
    ///
    /// assert_eq!(keys.open_once::<String>(&sealed, &call, &guard).await.unwrap(), "confirmed");
    /// assert_eq!(keys.open_once::<String>(&sealed, &call, &guard).await, Err(StateError::AlreadyUsed));
    /// # }
    /// ```
    pub async fn open_once<T: DeserializeOwned>(
        &self,
        sealed: &str,
        binding: &Binding,
        guard: &(impl ReplayGuard + ?Sized),
    ) -> Result<T, StateError> {
        self.open_once_charged(sealed, binding, guard, binding.owner())
            .await
    }

    /// As [`open_once`](Self::open_once), the use charged to `owner` (a dialog charges a
    /// principal nobody verified to nobody, see `Dialog::once`).
    pub(crate) async fn open_once_charged<T: DeserializeOwned>(
        &self,
        sealed: &str,
        binding: &Binding,
        guard: &(impl ReplayGuard + ?Sized),
        owner: Owner,
    ) -> Result<T, StateError> {
        let opened = match self.unseal(sealed, binding, SystemTime::now()) {
            Ok(opened) => opened,
            Err(error) => return Err(error.logged()),
        };
        let Some(accepted_until) = opened.accepted_until else {
            return Err(StateError::NeverExpires.logged());
        };
        let used = StateUse::new(opened.id, owner, accepted_until);
        let refused = match guard.first_use(used).await {
            Ok(true) => None,
            Ok(false) => Some(StateError::AlreadyUsed),
            Err(error) => Some(StateError::GuardFailed(error.to_string())),
        };
        match refused {
            Some(error) => Err(error.logged()),
            None => read(opened.payload()).map_err(StateError::logged),
        }
    }

    /// Whether `binding` lacks the principal the ring requires.
    fn requires_principal(&self, binding: &Binding) -> bool {
        self.0.principal == PrincipalPolicy::Required && !binding.has_principal()
    }

    /// The audience, principal and call digests, in the order of the hints.
    fn digests(&self, binding: &Binding) -> [[u8; 32]; 3] {
        [
            self.0.audience_digest,
            binding.principal_digest(),
            binding.call_digest(),
        ]
    }

    /// Checks every field of `text` and returns its payload, id and expiry.
    fn unseal(&self, text: &str, binding: &Binding, now: SystemTime) -> Result<Opened, StateError> {
        if self.requires_principal(binding) {
            return Err(StateError::NoPrincipal);
        }
        if text.len() > MAX_SEALED_LEN {
            return Err(StateError::Oversized { length: text.len() });
        }
        let mut sealed = Sealed::decode(text).ok_or(StateError::Malformed)?;
        let digests = self.digests(binding);
        let bound = digests.concat();
        let key_id = sealed.key_id();
        let mut named = self.0.keys.iter().filter(|key| key.id_bytes() == key_id);
        let Some(key) = named.next() else {
            return Err(self.unnamed(&sealed));
        };
        // Five-byte ids of different keys are unlikely to collide, but a ring may hold two
        // that do: each is tried.
        let authentic = std::iter::once(key)
            .chain(named)
            .any(|key| open_payload(key, &mut sealed, &bound));
        if !authentic {
            return Err(diagnose(key, &sealed, &digests));
        }
        let expiry = sealed.expiry();
        // The last moment it opens, as a duration since the epoch (`UNIX_EPOCH + expiry`
        // could overflow).
        let last = Duration::from_secs(expiry).saturating_add(self.0.skew);
        let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO);
        if expiry != 0 && since_epoch >= last {
            return Err(StateError::Expired);
        }
        Ok(Opened {
            id: StateId::from_bytes(sealed.nonce()),
            // Past what `SystemTime` holds, a state never expires in practice.
            accepted_until: (expiry != 0)
                .then(|| UNIX_EPOCH.checked_add(last))
                .flatten(),
            sealed,
        })
    }

    /// Why no key of the ring has the id the state names: the id was altered (a key of the
    /// ring authenticates the header once its own id is put back), or a key the ring does
    /// not hold sealed it.
    fn unnamed(&self, sealed: &Sealed) -> StateError {
        let altered = self.0.keys.iter().any(|key| {
            let header = sealed.header_with_key_id(key.id_bytes());
            key.header_is_authentic(&header, sealed.header_tag())
        });
        if altered {
            StateError::Tampered
        } else {
            StateError::Foreign
        }
    }
}

/// Whether `key` sealed `sealed` for `bound` (the three digests); an encrypted payload is
/// then decrypted where it lies (and left as it was otherwise).
fn open_payload(key: &StateKey, sealed: &mut Sealed, bound: &[u8]) -> bool {
    if sealed.format() == READABLE {
        return key.tag_is_authentic(sealed.sealed_part(), bound, sealed.tag());
    }
    let associated = [sealed.before_payload(), bound].concat();
    let nonce = sealed.nonce();
    let (payload, tag) = sealed.payload_mut();
    key.decrypt(&nonce, payload, tag, &associated)
}

/// Why the seal of a state `key` names does not hold: when its header is authentic, the
/// first of its hints that differs from this call's (audience, principal, call); else, or
/// when none differs, an alteration.
fn diagnose(key: &StateKey, sealed: &Sealed, digests: &[[u8; 32]; 3]) -> StateError {
    if !key.header_is_authentic(sealed.header(), sealed.header_tag()) {
        return StateError::Tampered;
    }
    let expected = key.hints(&sealed.nonce(), digests);
    let reasons = [
        StateError::WrongAudience,
        StateError::WrongPrincipal,
        StateError::WrongCall,
    ];
    sealed
        .hints()
        .into_iter()
        .zip(expected)
        .zip(reasons)
        .find_map(|((found, expected), reason)| (found != expected).then_some(reason))
        .unwrap_or(StateError::Tampered)
}

/// What an authentic, live state holds.
struct Opened {
    id: StateId,
    /// The last moment it opens: its expiry plus the ring's skew allowance; `None` for a
    /// state that never expires.
    accepted_until: Option<SystemTime>,
    /// Its bytes, the payload in plaintext: wiped when dropped, whether the payload reads as
    /// the type or not.
    sealed: Sealed,
}

impl Opened {
    /// The payload's JSON.
    fn payload(&self) -> &[u8] {
        self.sealed.payload()
    }
}

fn read<T: DeserializeOwned>(payload: &[u8]) -> Result<T, StateError> {
    serde_json::from_slice(payload).map_err(|error| StateError::unreadable(&error))
}

/// Seconds since the Unix epoch, rounded down; at least 1, as 0 means "no expiry" (a time
/// before the epoch has long passed).
fn expiry_seconds(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH)
        .map_or(1, |since| since.as_secs().max(1))
}

/// Counts what is written (the length of a JSON text, without keeping it).
struct ByteCounter(usize);

impl io::Write for ByteCounter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 = self.0.saturating_add(bytes.len());
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use zeroize::ZeroizeOnDrop;

    use super::*;

    fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}

    /// A state's bytes are made in a buffer wiped when dropped, which holds the plaintext of
    /// a readable state (and, until it is encrypted where it lies, of an encrypted one).
    #[test]
    fn a_state_is_sealed_in_a_buffer_wiped_when_dropped() {
        let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
        let call = Binding::tool("pay", &json!({}));
        let json = br#"{"card":"4242 4242 4242 4242"}"#;
        for ring in [keys.clone(), keys.readable()] {
            let bytes = ring.seal_json(json, &call, 0).unwrap();
            wiped_on_drop(&bytes);
            let plaintext = bytes.windows(json.len()).any(|window| window == json);
            assert_eq!(plaintext, ring.is_readable());
            assert_eq!(bytes.len(), OVERHEAD + json.len());
        }
    }

    /// The plaintext of an opened state, encrypted or readable, lies in the one buffer the
    /// state was decoded into, which wipes itself when dropped; a payload that does not read
    /// as the type is in the same buffer.
    #[test]
    fn an_opened_state_is_read_from_a_buffer_wiped_when_dropped() {
        let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
        let call = Binding::tool("pay", &json!({}));
        let state = json!({"card": "4242 4242 4242 4242"});
        for ring in [keys.clone(), keys.readable()] {
            let sealed = ring.seal(&state, &call).unwrap();
            let opened = ring.unseal(&sealed, &call, SystemTime::now()).unwrap();
            assert_eq!(opened.payload(), br#"{"card":"4242 4242 4242 4242"}"#);
            let buffer = opened.sealed.buffer();
            wiped_on_drop(buffer);
            assert!(buffer.as_ptr_range().contains(&opened.payload().as_ptr()));
            assert!(matches!(
                read::<u8>(opened.payload()),
                Err(StateError::Unreadable { .. })
            ));
        }
    }

    /// A state that does not open is not decrypted: its buffer holds the ciphertext it came
    /// with.
    #[test]
    fn a_state_that_does_not_open_is_left_encrypted() {
        let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
        let sealed = keys
            .seal(&json!({"card": "4242"}), &Binding::tool("pay", &json!({})))
            .unwrap();
        let mut decoded = Sealed::decode(&sealed).unwrap();
        let ciphertext = decoded.payload().to_vec();
        let other = keys.digests(&Binding::tool("refund", &json!({}))).concat();
        assert!(!open_payload(keys.current(), &mut decoded, &other));
        assert_eq!(decoded.payload(), ciphertext);
    }

    #[test]
    fn a_clone_shares_the_ring_and_a_change_copies_it() {
        let ring = StateKeys::new(StateKey::new(&[1; 32]).unwrap());
        let handle = ring.clone();
        assert!(Arc::ptr_eq(&ring.0, &handle.0));
        let changed = handle.with_ttl(Duration::from_secs(5));
        assert!(!Arc::ptr_eq(&ring.0, &changed.0));
        assert_eq!(ring.ttl(), StateKeys::DEFAULT_TTL);
        assert_eq!(changed.ttl(), Duration::from_secs(5));
    }
}
