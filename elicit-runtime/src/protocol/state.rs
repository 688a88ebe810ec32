//! A typed, integrity-protected 2026-07-28 `requestState` (feature `state`).
//!
//! On 2026-07-28 a tool that needs input answers with an
//! [`InputRequiredResult`](super::InputRequiredResult) and the client retries the call with
//! `inputResponses` and the `requestState` it was given. That string travels through the
//! client, so a server must not trust it: a client could alter it, send one issued to another
//! user's call, or keep one for a week. This module seals a value of your own type (the answers
//! of earlier rounds, a step number) into that string and opens it again only when it is
//! exactly what this server issued, for this call, in time:
//!
//! - [`StateKey`]: a server secret of at least 32 bytes ([`KeyTooShort`] otherwise).
//! - [`StateKeys`]: a key ring. It seals with its current key and opens with any of its
//!   keys, so a key can be rotated without breaking forms in flight.
//! - [`Binding`]: the call a state belongs to (`tools/call` or `prompts/get`, the name and
//!   the arguments), so a state issued for one call cannot be replayed into another.
//! - [`StateError`]: why a state was refused (malformed, tampered, foreign, replayed,
//!   expired, unreadable), each a JSON-RPC `-32602` error naming the problem.
//!
//! A [`Dialog`](crate::dialog::Dialog) uses this module for you: a tool asks its forms in
//! straight-line code, and the answers of earlier rounds ride in a state sealed with your
//! [`StateKeys`]. Use the module directly for a state of your own shape.
//!
//! ```
//! use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
//! use serde::{Deserialize, Serialize};
//! use serde_json::json;
//! use std::time::Duration;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Progress {
//!     step: u8,
//!     name: String,
//! }
//!
//! // In a real server the key comes from a secret store, never from the source.
//! let keys = StateKeys::new(StateKey::new(&[0x5a; 32]).unwrap());
//! let binding = Binding::tool("deploy", &json!({"service": "api", "region": "eu"}));
//!
//! // First call: seal what the next round needs into the InputRequiredResult's requestState.
//! let state = Progress { step: 2, name: "Ada".into() };
//! let sealed = keys.seal_for(&state, &binding, Duration::from_secs(600)).unwrap();
//!
//! // The retry: the same call (argument order does not matter) opens it.
//! let retry = Binding::tool("deploy", &json!({"region": "eu", "service": "api"}));
//! assert_eq!(keys.open::<Progress>(&sealed, &retry).unwrap(), state);
//!
//! // Another call's state is refused.
//! let other = Binding::tool("deploy", &json!({"service": "db", "region": "eu"}));
//! assert_eq!(keys.open::<Progress>(&sealed, &other), Err(StateError::Replayed));
//! ```
//!
//! # Sealed, not encrypted
//!
//! The state is authenticated, not hidden: its payload is plain JSON, and the client (and
//! anything that logs its traffic) can decode the string and read it. Seal nothing the user
//! may not see; keep secrets on the server and seal a reference to them, or turn on the
//! feature `state-encryption` and seal with `StateKeys::encrypting` (XChaCha20-Poly1305):
//! then only the header (key id, expiry, binding digest) stays readable.
//!
//! # The sealed form
//!
//! The string is URL-safe base64 without padding (RFC 4648 §5) of these bytes:
//!
//! | bytes | content |
//! | --- | --- |
//! | 1 | format: `1` (HMAC-SHA-256, payload in the clear; `2` is the encrypted form, see `StateKeys::encrypting`) |
//! | 5 | the id of the key that sealed it ([`StateKey::id`]) |
//! | 8 | expiry: seconds since the Unix epoch, big-endian; `0` for none |
//! | 16 | the [`Binding`]: the first 16 bytes of its SHA-256 |
//! | n | the state, as JSON |
//! | 32 | HMAC-SHA-256 of all the bytes before it, under the key |
//!
//! The fixed fields are binary, so they cost 62 bytes (83 characters) together; the state
//! itself is JSON because `serde_json` is already a dependency, every serde type round-trips
//! through it, and it is self-describing: a state sealed before a server changed its state
//! type fails to open as [`StateError::Unreadable`] instead of being misread. URL-safe
//! base64 keeps the string free of characters that need escaping in JSON, URLs or headers.
//! A three-field state such as `{"step":2,"name":"Ada","cups":3}` (32 bytes of JSON) seals to
//! 94 bytes, 126 characters.

use std::borrow::Cow;
use std::fmt;
use std::io;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use super::JsonRpcError;

#[cfg(feature = "state-encryption")]
use chacha20poly1305::aead::{Aead, Payload};
#[cfg(feature = "state-encryption")]
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

type HmacSha256 = Hmac<Sha256>;

/// The format byte of a state sealed with HMAC-SHA-256, its payload in the clear.
const FORMAT_MAC: u8 = 1;
/// Five bytes, so the format byte and the key id fill six bytes, eight base64 characters:
/// no character of the sealed form holds bits of both the key id and a later field.
const KEY_ID_LEN: usize = 5;
const EXPIRY_LEN: usize = 8;
const BINDING_LEN: usize = 16;
const KEY_ID_AT: usize = 1;
const EXPIRY_AT: usize = KEY_ID_AT + KEY_ID_LEN;
const BINDING_AT: usize = EXPIRY_AT + EXPIRY_LEN;
const HEADER_LEN: usize = BINDING_AT + BINDING_LEN;
const TAG_LEN: usize = 32;
/// The format byte of a state encrypted with XChaCha20-Poly1305.
#[cfg(feature = "state-encryption")]
const FORMAT_AEAD: u8 = 2;
#[cfg(feature = "state-encryption")]
const NONCE_LEN: usize = 24;
#[cfg(feature = "state-encryption")]
const AEAD_TAG_LEN: usize = 16;
/// What the encryption key is the MAC of, under the state key.
#[cfg(feature = "state-encryption")]
const ENCRYPTION_KEY_LABEL: &[u8] = b"elicit-core request state encryption key";

/// What a key's id is the MAC of. Sealed states start with a format byte (`1`), so no state's
/// tag input can equal this.
const KEY_ID_LABEL: &[u8] = b"elicit-core request state key id";
/// What every binding hash starts with.
const BINDING_LABEL: &[u8] = b"elicit-core request state binding v1\0";

/// A secret key that seals request states: at least [`StateKey::MIN_LEN`] (32) bytes, the
/// HMAC-SHA-256 block of security. Make one from random bytes kept in a secret store (for
/// example `openssl rand -base64 32`, decoded), the same on every instance of the server.
///
/// Its [`Debug`](fmt::Debug) form shows only its [id](StateKey::id).
///
/// ```
/// use elicit_core::protocol::state::{KeyTooShort, StateKey};
///
/// let key = StateKey::new(&[0x42; 32]).unwrap();
/// assert_eq!(format!("{key:?}"), format!("StateKey {{ id: {:010x} }}", key.id()));
/// assert_eq!(StateKey::new(b"hunter2").unwrap_err(), KeyTooShort { length: 7 });
/// ```
#[derive(Clone)]
pub struct StateKey {
    id: [u8; KEY_ID_LEN],
    mac: HmacSha256,
    #[cfg(feature = "state-encryption")]
    cipher: XChaCha20Poly1305,
}

impl StateKey {
    /// The shortest key accepted, in bytes.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::state::StateKey::MIN_LEN, 32);
    /// ```
    pub const MIN_LEN: usize = 32;

    /// A key from secret bytes.
    ///
    /// # Errors
    /// [`KeyTooShort`] when `secret` has fewer than [`StateKey::MIN_LEN`] bytes.
    ///
    /// ```
    /// use elicit_core::protocol::state::StateKey;
    ///
    /// assert!(StateKey::new(&[1; 32]).is_ok());
    /// assert!(StateKey::new(&[1; 31]).is_err());
    /// ```
    pub fn new(secret: &[u8]) -> Result<Self, KeyTooShort> {
        if secret.len() < Self::MIN_LEN {
            return Err(KeyTooShort {
                length: secret.len(),
            });
        }
        let mac = HmacSha256::new_from_slice(secret).map_err(|_| KeyTooShort {
            length: secret.len(),
        })?;
        let mut id_mac = mac.clone();
        id_mac.update(KEY_ID_LABEL);
        let digest = id_mac.finalize().into_bytes();
        let mut id = [0; KEY_ID_LEN];
        id.copy_from_slice(&digest[..KEY_ID_LEN]);
        #[cfg(feature = "state-encryption")]
        let cipher = {
            let mut key_mac = mac.clone();
            key_mac.update(ENCRYPTION_KEY_LABEL);
            XChaCha20Poly1305::new(&key_mac.finalize().into_bytes())
        };
        Ok(Self {
            id,
            mac,
            #[cfg(feature = "state-encryption")]
            cipher,
        })
    }

    /// The key's id, written into every state it seals so a [`StateKeys`] ring knows which
    /// key to check it with. Derived from the key (an HMAC of a fixed label), so it names the
    /// key without revealing it; log it to see which key a state was sealed with.
    ///
    /// ```
    /// use elicit_core::protocol::state::StateKey;
    ///
    /// let key = StateKey::new(&[9; 32]).unwrap();
    /// assert_eq!(key.id(), StateKey::new(&[9; 32]).unwrap().id());
    /// assert_ne!(key.id(), StateKey::new(&[8; 32]).unwrap().id());
    /// ```
    pub fn id(&self) -> u64 {
        self.id
            .iter()
            .fold(0, |id, byte| (id << 8) | u64::from(*byte))
    }

    fn tag(&self, bytes: &[u8]) -> [u8; TAG_LEN] {
        let mut mac = self.mac.clone();
        mac.update(bytes);
        mac.finalize().into_bytes().into()
    }

    /// Checks the tag at the end of `bytes`, in constant time.
    fn verify(&self, bytes: &[u8]) -> Option<()> {
        let (body, tag) = bytes.split_at(bytes.len() - TAG_LEN);
        let mut mac = self.mac.clone();
        mac.update(body);
        mac.verify_slice(tag).ok()
    }

    /// Decrypts the ciphertext after the header and nonce, checking the header too.
    #[cfg(feature = "state-encryption")]
    fn decrypt(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let (header, rest) = bytes.split_at(HEADER_LEN);
        let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
        let nonce = XNonce::try_from(nonce).ok()?;
        let payload = Payload {
            msg: ciphertext,
            aad: header,
        };
        self.cipher.decrypt(&nonce, payload).ok()
    }
}

impl fmt::Debug for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateKey {{ id: {:010x} }}", self.id())
    }
}

/// A [`StateKey`] was made from fewer than [`StateKey::MIN_LEN`] bytes.
///
/// ```
/// use elicit_core::protocol::state::StateKey;
///
/// let error = StateKey::new(&[0; 16]).unwrap_err();
/// assert_eq!(error.length, 16);
/// assert_eq!(error.to_string(), "a request state key needs at least 32 bytes, got 16");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTooShort {
    /// How many bytes the key had.
    pub length: usize,
}

impl fmt::Display for KeyTooShort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a request state key needs at least {} bytes, got {}",
            StateKey::MIN_LEN,
            self.length
        )
    }
}

impl std::error::Error for KeyTooShort {}

/// A key ring: the current key, which seals, and the previous keys, which still open what
/// they sealed.
///
/// To rotate, put the new key first and keep the old one as previous until every state it
/// sealed has expired (or for as long as a form may stay open): states in flight still
/// open, and new states are sealed with the new key.
///
/// ```
/// use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
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
/// ```
#[derive(Debug, Clone)]
pub struct StateKeys {
    /// The current key first, then the previous keys.
    keys: Vec<StateKey>,
    #[cfg(feature = "state-encryption")]
    encrypting: bool,
}

impl From<StateKey> for StateKeys {
    fn from(current: StateKey) -> Self {
        Self::new(current)
    }
}

impl StateKeys {
    /// A ring of one key.
    ///
    /// ```
    /// use elicit_core::protocol::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.keys().len(), 1);
    /// ```
    pub fn new(current: StateKey) -> Self {
        Self {
            keys: vec![current],
            #[cfg(feature = "state-encryption")]
            encrypting: false,
        }
    }

    /// Seals with XChaCha20-Poly1305 instead of HMAC-SHA-256 (feature `state-encryption`),
    /// so the client cannot read the state either. The key, the binding and the expiry work
    /// the same; the cipher's key is derived from the current [`StateKey`], and each state
    /// gets a random 24-byte nonce from the operating system. The sealed form keeps the same
    /// 30-byte header (format `2`), authenticated but readable, then the nonce, then the
    /// encrypted JSON and a 16-byte Poly1305 tag: 8 bytes more than a signed state.
    ///
    /// Either ring opens both kinds of states, so turning encryption on or off breaks no
    /// form in flight.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[0x5a; 32]).unwrap()).encrypting();
    /// let binding = Binding::tool("transfer", &json!({"to": "savings"}));
    /// let sealed = keys.seal("account 1234", &binding).unwrap();
    /// assert_eq!(keys.open::<String>(&sealed, &binding).unwrap(), "account 1234");
    /// // Each seal draws a new nonce.
    /// assert_ne!(sealed, keys.seal("account 1234", &binding).unwrap());
    /// ```
    #[cfg(feature = "state-encryption")]
    #[must_use]
    pub fn encrypting(mut self) -> Self {
        self.encrypting = true;
        self
    }

    /// Adds a previous key: it opens the states it sealed, and seals nothing. Add them newest
    /// first.
    ///
    /// ```
    /// use elicit_core::protocol::state::{StateKey, StateKeys};
    ///
    /// let current = StateKey::new(&[3; 32]).unwrap();
    /// let keys = StateKeys::new(current.clone()).with_previous(StateKey::new(&[2; 32]).unwrap());
    /// assert_eq!(keys.keys().len(), 2);
    /// assert_eq!(keys.current().id(), current.id());
    /// ```
    #[must_use]
    pub fn with_previous(mut self, key: StateKey) -> Self {
        self.keys.push(key);
        self
    }

    /// The key that seals.
    ///
    /// ```
    /// use elicit_core::protocol::state::{StateKey, StateKeys};
    ///
    /// let key = StateKey::new(&[3; 32]).unwrap();
    /// assert_eq!(StateKeys::new(key.clone()).current().id(), key.id());
    /// ```
    pub fn current(&self) -> &StateKey {
        &self.keys[0]
    }

    /// Every key: the current one first, then the previous ones.
    ///
    /// ```
    /// use elicit_core::protocol::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[3; 32]).unwrap());
    /// assert_eq!(keys.keys()[0].id(), keys.current().id());
    /// ```
    pub fn keys(&self) -> &[StateKey] {
        &self.keys
    }

    /// Seals `state` for the call `binding` names, with no expiry.
    ///
    /// # Errors
    /// When `state` cannot be written as JSON (a map whose keys are not strings, or a
    /// `Serialize` implementation that fails).
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
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
    ) -> Result<String, serde_json::Error> {
        self.seal_with_expiry(state, binding, 0)
    }

    /// Seals `state` for the call `binding` names, to expire `ttl` from now.
    ///
    /// # Errors
    /// When `state` cannot be written as JSON.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, SystemTime};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
    /// let binding = Binding::tool("survey", &json!({}));
    /// let sealed = keys.seal_for(&1, &binding, Duration::from_secs(300)).unwrap();
    /// assert_eq!(keys.open::<u8>(&sealed, &binding).unwrap(), 1);
    /// let later = SystemTime::now() + Duration::from_secs(301);
    /// assert_eq!(keys.open_at::<u8>(&sealed, &binding, later), Err(StateError::Expired));
    /// ```
    pub fn seal_for<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
        ttl: Duration,
    ) -> Result<String, serde_json::Error> {
        let expires = SystemTime::now()
            .checked_add(ttl)
            .map_or(u64::MAX, expiry_seconds);
        self.seal_with_expiry(state, binding, expires)
    }

    /// Seals `state` for the call `binding` names, to expire at `expires_at` (kept to the
    /// second, rounded down): [`open_at`](Self::open_at) refuses it from then on.
    ///
    /// # Errors
    /// When `state` cannot be written as JSON.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let keys = StateKeys::new(StateKey::new(&[4; 32]).unwrap());
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
    ) -> Result<String, serde_json::Error> {
        self.seal_with_expiry(state, binding, expiry_seconds(expires_at))
    }

    fn seal_with_expiry<T: Serialize + ?Sized>(
        &self,
        state: &T,
        binding: &Binding,
        expires: u64,
    ) -> Result<String, serde_json::Error> {
        let key = self.current();
        let mut bytes = Vec::with_capacity(HEADER_LEN + 64 + TAG_LEN);
        bytes.push(FORMAT_MAC);
        bytes.extend_from_slice(&key.id);
        bytes.extend_from_slice(&expires.to_be_bytes());
        bytes.extend_from_slice(&binding.digest[..BINDING_LEN]);
        #[cfg(feature = "state-encryption")]
        if self.encrypting {
            return Self::encrypt(key, bytes, state);
        }
        serde_json::to_writer(&mut bytes, state)?;
        let tag = key.tag(&bytes);
        bytes.extend_from_slice(&tag);
        Ok(URL_SAFE_NO_PAD.encode(bytes))
    }

    #[cfg(feature = "state-encryption")]
    fn encrypt<T: Serialize + ?Sized>(
        key: &StateKey,
        mut header: Vec<u8>,
        state: &T,
    ) -> Result<String, serde_json::Error> {
        use serde_core::ser::Error as _;
        header[0] = FORMAT_AEAD;
        let plaintext = serde_json::to_vec(state)?;
        let mut nonce = [0; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|error| {
            serde_json::Error::custom(format_args!(
                "the operating system gave no random nonce: {error}"
            ))
        })?;
        let payload = Payload {
            msg: &plaintext,
            aad: &header,
        };
        let ciphertext = key
            .cipher
            .encrypt(&XNonce::from(nonce), payload)
            .map_err(|_| serde_json::Error::custom("the state is too long to encrypt"))?;
        header.extend_from_slice(&nonce);
        header.extend_from_slice(&ciphertext);
        Ok(URL_SAFE_NO_PAD.encode(header))
    }

    /// Opens a state sealed by this ring's keys for the call `binding` names, as a `T`,
    /// checking its expiry against the system clock.
    ///
    /// # Errors
    /// A [`StateError`] naming the problem; see [`open_at`](Self::open_at).
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
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
    /// The checks, in order: the string decodes to a sealed state of a known format
    /// ([`Malformed`](StateError::Malformed)); a key of the ring sealed it
    /// ([`Foreign`](StateError::Foreign)) and its tag matches
    /// ([`Tampered`](StateError::Tampered)); it was sealed for this call
    /// ([`Replayed`](StateError::Replayed)); it has not expired
    /// ([`Expired`](StateError::Expired)); its payload reads as a `T`
    /// ([`Unreadable`](StateError::Unreadable)).
    ///
    /// # Errors
    /// The first check that fails, as above.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
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
    /// assert_eq!(keys.open_at::<String>(&sealed, &binding, now), Err(StateError::Unreadable(
    ///     "invalid type: integer `7`, expected a string at line 1 column 1".into(),
    /// )));
    /// let stranger = StateKeys::new(StateKey::new(&[6; 32]).unwrap());
    /// assert_eq!(stranger.open_at::<u32>(&sealed, &binding, now), Err(StateError::Foreign));
    /// ```
    pub fn open_at<T: DeserializeOwned>(
        &self,
        sealed: &str,
        binding: &Binding,
        now: SystemTime,
    ) -> Result<T, StateError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(sealed)
            .map_err(|_| StateError::Malformed)?;
        let payload = match bytes.first() {
            Some(&FORMAT_MAC) if bytes.len() >= HEADER_LEN + TAG_LEN => {
                self.authenticate(&bytes, StateKey::verify)?;
                Cow::Borrowed(&bytes[HEADER_LEN..bytes.len() - TAG_LEN])
            }
            #[cfg(feature = "state-encryption")]
            Some(&FORMAT_AEAD) if bytes.len() >= HEADER_LEN + NONCE_LEN + AEAD_TAG_LEN => {
                Cow::Owned(self.authenticate(&bytes, StateKey::decrypt)?)
            }
            _ => return Err(StateError::Malformed),
        };
        let body = &bytes[..HEADER_LEN];

        let sealed_for = &body[BINDING_AT..HEADER_LEN];
        if sealed_for != &binding.digest[..BINDING_LEN] {
            return Err(StateError::Replayed);
        }
        let mut expiry = [0; EXPIRY_LEN];
        expiry.copy_from_slice(&body[EXPIRY_AT..BINDING_AT]);
        let expires = u64::from_be_bytes(expiry);
        // Compared as durations since the epoch: `UNIX_EPOCH + expires` could overflow.
        let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO);
        if expires != 0 && since_epoch >= Duration::from_secs(expires) {
            return Err(StateError::Expired);
        }
        serde_json::from_slice(&payload).map_err(|error| StateError::Unreadable(error.to_string()))
    }

    /// Checks the tag with the key the state names. When no key of the ring has that id, the
    /// state is foreign, unless one of the ring's keys authenticates it once its own id is
    /// put back: then the id was altered, and the state is tampered.
    fn authenticate<R>(
        &self,
        bytes: &[u8],
        check: impl Fn(&StateKey, &[u8]) -> Option<R>,
    ) -> Result<R, StateError> {
        let id = &bytes[KEY_ID_AT..EXPIRY_AT];
        let mut named = false;
        for key in self.keys.iter().filter(|key| key.id == id) {
            if let Some(opened) = check(key, bytes) {
                return Ok(opened);
            }
            named = true;
        }
        if named {
            return Err(StateError::Tampered);
        }
        let mut restored = bytes.to_vec();
        for key in &self.keys {
            restored[KEY_ID_AT..EXPIRY_AT].copy_from_slice(&key.id);
            if check(key, &restored).is_some() {
                return Err(StateError::Tampered);
            }
        }
        Err(StateError::Foreign)
    }
}

/// Seconds since the Unix epoch, rounded down; at least 1, as 0 means "no expiry" (a time
/// before the epoch has long passed).
fn expiry_seconds(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH)
        .map_or(1, |since| since.as_secs().max(1))
}

/// The call a state belongs to: the method (`tools/call`, `prompts/get`), the tool or prompt
/// name and the arguments, hashed with SHA-256.
///
/// The arguments are hashed as canonical JSON: object keys sorted, numbers with an integral
/// value written as integers (`2.0` as `2`), no whitespace; so a client that re-serializes
/// the arguments for its retry, in another key order, still opens the state. Missing or
/// `null` arguments count as `{}`. Only the name and the arguments are bound: the request's
/// `inputResponses`, `requestState` and `_meta` (progress token, capabilities) change between
/// the first call and the retry, and are left out.
///
/// ```
/// use elicit_core::protocol::state::Binding;
/// use serde_json::json;
///
/// let first = Binding::tool("deploy", &json!({"service": "api", "replicas": 2}));
/// let retry = Binding::tool("deploy", &json!({"replicas": 2.0, "service": "api"}));
/// assert_eq!(first, retry);
/// assert_ne!(first, Binding::tool("deploy", &json!({"service": "db", "replicas": 2})));
/// assert_ne!(first, Binding::prompt("deploy", &json!({"service": "api", "replicas": 2})));
/// assert_eq!(Binding::tool("status", &json!(null)), Binding::tool("status", &json!({})));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Binding {
    digest: [u8; 32],
}

impl fmt::Debug for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Binding(")?;
        for byte in &self.digest[..BINDING_LEN] {
            write!(f, "{byte:02x}")?;
        }
        f.write_str(")")
    }
}

impl Binding {
    /// A `tools/call` of the tool `name` with `arguments`.
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::tool("deploy", &json!({"service": "api"}));
    /// assert_eq!(binding, Binding::new("tools/call", "deploy", &json!({"service": "api"})));
    /// ```
    pub fn tool(name: &str, arguments: &Value) -> Self {
        Self::new("tools/call", name, arguments)
    }

    /// A `prompts/get` of the prompt `name` with `arguments`.
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::prompt("review", &json!({"file": "main.rs"}));
    /// assert_ne!(binding, Binding::tool("review", &json!({"file": "main.rs"})));
    /// ```
    pub fn prompt(name: &str, arguments: &Value) -> Self {
        Self::new("prompts/get", name, arguments)
    }

    /// A request of `method` naming `name`, with `arguments`.
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::new("tools/call", "deploy", &json!({}));
    /// assert_eq!(binding, Binding::tool("deploy", &json!(null)));
    /// ```
    pub fn new(method: &str, name: &str, arguments: &Value) -> Self {
        let mut hasher = HashWriter(Sha256::new());
        hasher.0.update(BINDING_LABEL);
        for part in [method, name] {
            hasher.0.update((part.len() as u64).to_be_bytes());
            hasher.0.update(part.as_bytes());
        }
        let empty = Value::Object(Map::new());
        let arguments = if arguments.is_null() {
            &empty
        } else {
            arguments
        };
        write_canonical(&mut hasher, arguments);
        Self {
            digest: hasher.0.finalize().into(),
        }
    }

    /// The call a request's params name: their `name` and `arguments` (a missing `name`
    /// counts as `""`). Whatever else the params hold (`inputResponses`, `requestState`,
    /// `_meta`) is left out.
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use serde_json::json;
    ///
    /// let retry = json!({
    ///     "name": "deploy",
    ///     "arguments": {"service": "api"},
    ///     "inputResponses": {"confirm": {"action": "accept", "content": {"ok": true}}},
    ///     "requestState": "…",
    ///     "_meta": {"progressToken": 7}
    /// });
    /// assert_eq!(
    ///     Binding::from_params("tools/call", &retry),
    ///     Binding::tool("deploy", &json!({"service": "api"})),
    /// );
    /// ```
    pub fn from_params(method: &str, params: &Value) -> Self {
        let name = params.get("name").and_then(Value::as_str).unwrap_or("");
        let arguments = params.get("arguments").unwrap_or(&Value::Null);
        Self::new(method, name, arguments)
    }
}

#[cfg(feature = "rmcp")]
impl Binding {
    /// The call rmcp's `CallToolRequestParams` name: the tool and its arguments (feature
    /// `rmcp`).
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use rmcp::model::CallToolRequestParams;
    /// use serde_json::json;
    ///
    /// let arguments = json!({"service": "api"}).as_object().unwrap().clone();
    /// let params = CallToolRequestParams::new("deploy").with_arguments(arguments);
    /// assert_eq!(Binding::for_tool_call(&params), Binding::tool("deploy", &json!({"service": "api"})));
    /// ```
    pub fn for_tool_call(params: &::rmcp::model::CallToolRequestParams) -> Self {
        Self::of_object("tools/call", &params.name, params.arguments.as_ref())
    }

    /// The call rmcp's `GetPromptRequestParams` name: the prompt and its arguments (feature
    /// `rmcp`).
    ///
    /// ```
    /// use elicit_core::protocol::state::Binding;
    /// use rmcp::model::GetPromptRequestParams;
    /// use serde_json::json;
    ///
    /// let params: GetPromptRequestParams =
    ///     serde_json::from_value(json!({"name": "review", "arguments": {"file": "a.rs"}})).unwrap();
    /// assert_eq!(Binding::for_prompt(&params), Binding::prompt("review", &json!({"file": "a.rs"})));
    /// ```
    pub fn for_prompt(params: &::rmcp::model::GetPromptRequestParams) -> Self {
        Self::of_object("prompts/get", &params.name, params.arguments.as_ref())
    }

    fn of_object(method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Self {
        match arguments {
            Some(arguments) => Self::new(method, name, &Value::Object(arguments.clone())),
            None => Self::new(method, name, &Value::Null),
        }
    }
}

/// Feeds what is written into a SHA-256.
struct HashWriter(Sha256);

impl io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes `value` as canonical JSON: keys sorted by their UTF-8 bytes, integral numbers as
/// integers, no whitespace.
fn write_canonical(out: &mut HashWriter, value: &Value) {
    match value {
        Value::Null => out.0.update(b"null"),
        Value::Bool(true) => out.0.update(b"true"),
        Value::Bool(false) => out.0.update(b"false"),
        Value::Number(number) => write_number(out, number),
        Value::String(text) => write_json(out, text),
        Value::Array(items) => {
            out.0.update(b"[");
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.0.update(b",");
                }
                write_canonical(out, item);
            }
            out.0.update(b"]");
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|(a, _), (b, _)| a.as_bytes().cmp(b.as_bytes()));
            out.0.update(b"{");
            for (index, (key, item)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.0.update(b",");
                }
                write_json(out, key);
                out.0.update(b":");
                write_canonical(out, item);
            }
            out.0.update(b"}");
        }
    }
}

/// 2^53: below it every integer is exact as an `f64`.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

fn write_number(out: &mut HashWriter, number: &serde_json::Number) {
    if number.is_i64() || number.is_u64() {
        write_json(out, number);
        return;
    }
    match number.as_f64() {
        #[allow(clippy::cast_possible_truncation)] // integral and below 2^53: exact
        Some(float) if float.fract() == 0.0 && float.abs() < EXACT_INTEGERS => {
            write_json(out, &(float as i64));
        }
        _ => write_json(out, number),
    }
}

fn write_json<T: Serialize + ?Sized>(out: &mut HashWriter, value: &T) {
    // Writing a string or a number into a hasher cannot fail.
    let _ = serde_json::to_writer(out, value);
}

/// Why a `requestState` was refused. Each is a JSON-RPC `-32602` (invalid params) error:
/// [`to_jsonrpc_error`](Self::to_jsonrpc_error), or rmcp's `ErrorData` with the `rmcp`
/// feature.
///
/// ```
/// use elicit_core::protocol::state::StateError;
///
/// assert_eq!(StateError::Tampered.to_string(), "request state has been tampered with");
/// assert_eq!(StateError::Expired.name(), "expired");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// Not a sealed state: not URL-safe base64 without padding, too short, or of a format
    /// this version does not know.
    Malformed,
    /// Sealed by a key of the ring, then altered: its payload, binding, expiry, key id or tag
    /// no longer match.
    Tampered,
    /// Sealed by a key the ring does not hold: another server's, or a key retired from the
    /// ring. (A state whose key id was altered together with other bytes looks the same:
    /// only the key could tell them apart.)
    Foreign,
    /// Sealed by this server for another call: another tool or prompt, or other arguments.
    Replayed,
    /// Past its expiry.
    Expired,
    /// Authentic, but its payload does not read as the expected type (it was sealed before
    /// the state type changed); serde's message.
    Unreadable(String),
}

impl StateError {
    /// A one-word name of the problem, as in the JSON-RPC error's `data`: `"malformed"`,
    /// `"tampered"`, `"foreign"`, `"replayed"`, `"expired"` or `"unreadable"`.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::state::StateError::Replayed.name(), "replayed");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            Self::Malformed => "malformed",
            Self::Tampered => "tampered",
            Self::Foreign => "foreign",
            Self::Replayed => "replayed",
            Self::Expired => "expired",
            Self::Unreadable(_) => "unreadable",
        }
    }

    /// The JSON-RPC error for the client: `-32602` (invalid params), this error as the
    /// message, and `{"requestState": name}` as data.
    ///
    /// ```
    /// use elicit_core::protocol::JsonRpcError;
    /// use elicit_core::protocol::state::StateError;
    /// use serde_json::json;
    ///
    /// let error = StateError::Expired.to_jsonrpc_error();
    /// assert_eq!(error.code, JsonRpcError::INVALID_PARAMS);
    /// assert_eq!(error.message, "request state has expired");
    /// assert_eq!(error.data, Some(json!({"requestState": "expired"})));
    /// ```
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        JsonRpcError {
            code: JsonRpcError::INVALID_PARAMS,
            message: self.to_string(),
            data: Some(json!({"requestState": self.name()})),
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed => f.write_str("request state is malformed"),
            Self::Tampered => f.write_str("request state has been tampered with"),
            Self::Foreign => f.write_str("request state was sealed with an unknown key"),
            Self::Replayed => f.write_str("request state was issued for another call"),
            Self::Expired => f.write_str("request state has expired"),
            Self::Unreadable(reason) => write!(f, "request state is unreadable: {reason}"),
        }
    }
}

impl std::error::Error for StateError {}

/// `-32602` (invalid params), this error as the message, `{"requestState": name}` as data
/// (feature `rmcp`).
///
/// ```
/// use elicit_core::protocol::state::StateError;
///
/// let error = rmcp::ErrorData::from(StateError::Foreign);
/// assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
/// assert_eq!(error.message, "request state was sealed with an unknown key");
/// ```
#[cfg(feature = "rmcp")]
impl From<StateError> for ::rmcp::model::ErrorData {
    fn from(error: StateError) -> Self {
        Self::invalid_params(
            error.to_string(),
            Some(json!({"requestState": error.name()})),
        )
    }
}
