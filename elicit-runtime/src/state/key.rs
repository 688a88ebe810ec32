//! One server secret, [`StateKey`], the keys it derives, and where it comes from: bytes, hex,
//! base64, an environment variable or the operating system's randomness ([`KeyError`]
//! when it cannot be had).

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_PAD_INDIFFERENT, URL_SAFE_PAD_INDIFFERENT};
use chacha20poly1305::XChaCha20Poly1305;
use chacha20poly1305::aead::{AeadInOut, Tag};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use zeroize::{Zeroize as _, ZeroizeOnDrop, Zeroizing};

use super::format::{HEADER_TAG_LEN, HINT_LEN, KEY_ID_LEN, NONCE_LEN, TAG_LEN};

type HmacSha256 = Hmac<Sha256>;

/// What each key derived from the secret is the HMAC of, under the secret. Sealed states
/// start with a format byte (3 or 4), so no label is ever the input of another MAC.
const ID_LABEL: &[u8] = b"elicit request state v2: key id";
const CIPHER_LABEL: &[u8] = b"elicit request state v2: cipher key";
const TAG_LABEL: &[u8] = b"elicit request state v2: tag key";
const HEADER_LABEL: &[u8] = b"elicit request state v2: header key";
const HINT_LABEL: &[u8] = b"elicit request state v2: hint key";
const INDEX_LABEL: &[u8] = b"elicit request state v2: index key";

/// A secret key that seals request states: at least [`StateKey::MIN_LEN`] (32) bytes of
/// randomness, the same on every instance of the server. Make one with
/// `openssl rand -base64 32` and load it with [`from_env`](Self::from_env) (or
/// [`from_base64`](Self::from_base64), [`from_hex`](Self::from_hex), [`new`](Self::new)),
/// or draw one at start-up with [`generate`](Self::generate) when a single process serves
/// every call and states need not survive a restart.
///
/// The secret is not kept: the key holds only what it derives from it (a cipher key and
/// three MAC keys, each the HMAC of a label under the secret, and a public [id](Self::id)).
/// Its [`Debug`](fmt::Debug) form shows only the id. What it holds is wiped from memory when
/// it is dropped ([`ZeroizeOnDrop`]), and so are the secret's bytes and text wherever this
/// module reads them (from hex, base64, an environment variable or the operating system);
/// the bytes you pass to [`new`](Self::new) are yours to wipe.
///
/// ```
/// use elicit_core::state::{KeyError, StateKey};
///
/// let key = StateKey::new(&[0x42; 32]).unwrap();
/// assert_eq!(format!("{key:?}"), format!("StateKey {{ id: {:010x} }}", key.id()));
/// assert_eq!(StateKey::new(b"hunter2").unwrap_err(), KeyError::TooShort { length: 7 });
/// ```
#[derive(Clone)]
pub struct StateKey {
    id: [u8; KEY_ID_LEN],
    cipher: XChaCha20Poly1305,
    tag: HmacSha256,
    header: HmacSha256,
    hint: HmacSha256,
    index: HmacSha256,
}

impl StateKey {
    /// The shortest key accepted, in bytes.
    ///
    /// ```
    /// assert_eq!(elicit_core::state::StateKey::MIN_LEN, 32);
    /// ```
    pub const MIN_LEN: usize = 32;

    /// A key from secret bytes.
    ///
    /// # Errors
    /// [`KeyError::TooShort`] when `secret` has fewer than [`StateKey::MIN_LEN`] bytes.
    ///
    /// ```
    /// use elicit_core::state::StateKey;
    ///
    /// assert!(StateKey::new(&[1; 32]).is_ok());
    /// assert!(StateKey::new(&[1; 31]).is_err());
    /// ```
    pub fn new(secret: &[u8]) -> Result<Self, KeyError> {
        if secret.len() < Self::MIN_LEN {
            return Err(KeyError::TooShort {
                length: secret.len(),
            });
        }
        let root = HmacSha256::new_from_slice(secret).map_err(|_| KeyError::TooShort {
            length: secret.len(),
        })?;
        // Each derived key lives in a buffer wiped when it goes out of scope: only the
        // cipher and the MACs made from it keep it (and wipe it when dropped).
        let derive = |label: &[u8]| {
            let mut mac = root.clone();
            mac.update(label);
            let mut derived = Zeroizing::new([0; 32]);
            let mut output = mac.finalize().into_bytes();
            derived.copy_from_slice(&output);
            output.as_mut_slice().zeroize();
            derived
        };
        let mac_key = |label: &[u8]| {
            // Any length is a valid HMAC key; 32 bytes always are.
            HmacSha256::new_from_slice(derive(label).as_slice()).map_err(|_| KeyError::TooShort {
                length: secret.len(),
            })
        };
        let mut id = [0; KEY_ID_LEN];
        id.copy_from_slice(&derive(ID_LABEL)[..KEY_ID_LEN]);
        Ok(Self {
            id,
            cipher: XChaCha20Poly1305::new((&*derive(CIPHER_LABEL)).into()),
            tag: mac_key(TAG_LABEL)?,
            header: mac_key(HEADER_LABEL)?,
            hint: mac_key(HINT_LABEL)?,
            index: mac_key(INDEX_LABEL)?,
        })
    }

    /// A new key of 32 bytes from the operating system's randomness. The states it seals
    /// open only where the same key is: in this process, until it ends. For a server of
    /// several instances, or states that outlive a restart, load the key from your secret
    /// store instead ([`from_env`](Self::from_env)).
    ///
    /// # Errors
    /// [`KeyError::NoRandomness`] when the operating system gives none.
    ///
    /// ```
    /// use elicit_core::state::StateKey;
    ///
    /// let one = StateKey::generate().unwrap();
    /// let other = StateKey::generate().unwrap();
    /// assert_ne!(one.id(), other.id());
    /// ```
    pub fn generate() -> Result<Self, KeyError> {
        let mut secret = Zeroizing::new([0; Self::MIN_LEN]);
        getrandom::fill(secret.as_mut_slice())
            .map_err(|error| KeyError::NoRandomness(error.to_string()))?;
        Self::new(secret.as_slice())
    }

    /// A key written in hex: two digits per byte, upper or lower case (what
    /// `openssl rand -hex 32` prints). Surrounding whitespace is ignored.
    ///
    /// # Errors
    /// [`KeyError::NotHex`] for any other character or an odd number of digits;
    /// [`KeyError::TooShort`] for fewer than 32 bytes (64 digits). The message never repeats
    /// the text.
    ///
    /// ```
    /// use elicit_core::state::{KeyError, StateKey};
    ///
    /// let hex = "5a".repeat(32);
    /// assert_eq!(StateKey::from_hex(&hex).unwrap().id(), StateKey::new(&[0x5a; 32]).unwrap().id());
    /// assert_eq!(StateKey::from_hex("5a5a").unwrap_err(), KeyError::TooShort { length: 2 });
    /// assert_eq!(StateKey::from_hex("not hex").unwrap_err(), KeyError::NotHex);
    /// ```
    pub fn from_hex(text: &str) -> Result<Self, KeyError> {
        let secret = decode_hex(text.trim()).ok_or(KeyError::NotHex)?;
        Self::new(&secret)
    }

    /// A key written in base64: the standard alphabet (`+`, `/`) or the URL-safe one (`-`,
    /// `_`), with or without `=` padding (`openssl rand -base64 32` prints the standard
    /// alphabet, padded). Surrounding whitespace is ignored.
    ///
    /// # Errors
    /// [`KeyError::NotBase64`] for anything else (both alphabets mixed, a stray character,
    /// wrong padding); [`KeyError::TooShort`] for fewer than 32 bytes. The message never
    /// repeats the text.
    ///
    /// ```
    /// use elicit_core::state::{KeyError, StateKey};
    ///
    /// let standard = StateKey::from_base64("+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/s=").unwrap();
    /// let url_safe = StateKey::from_base64("-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s").unwrap();
    /// assert_eq!(standard.id(), url_safe.id());
    /// assert_eq!(StateKey::from_base64("AAAA").unwrap_err(), KeyError::TooShort { length: 3 });
    /// assert_eq!(StateKey::from_base64("+/-_").unwrap_err(), KeyError::NotBase64);
    /// ```
    pub fn from_base64(text: &str) -> Result<Self, KeyError> {
        let secret = decode_base64(text.trim()).ok_or(KeyError::NotBase64)?;
        Self::new(&secret)
    }

    /// The key in the environment variable `name`, in hex or base64: a value of hex digits
    /// only, an even number of them, is read as hex ([`from_hex`](Self::from_hex)), any
    /// other as base64 ([`from_base64`](Self::from_base64)). (A base64 key of 32 bytes has
    /// 43 or 44 characters, never an even run of 64 hex digits.)
    ///
    /// # Errors
    /// [`KeyError::Unset`] when the variable is unset or empty, [`KeyError::NotUnicode`],
    /// or [`KeyError::InVariable`] wrapping why its value was refused ([`NotHexOrBase64`],
    /// [`TooShort`]). Each names the variable and never repeats its value.
    ///
    /// [`NotHexOrBase64`]: KeyError::NotHexOrBase64
    /// [`TooShort`]: KeyError::TooShort
    ///
    /// ```
    /// use elicit_core::state::{KeyError, StateKey};
    ///
    /// let error = StateKey::from_env("ELICIT_DOC_UNSET_KEY").unwrap_err();
    /// assert_eq!(error, KeyError::Unset { variable: "ELICIT_DOC_UNSET_KEY".into() });
    /// assert_eq!(
    ///     error.to_string(),
    ///     "environment variable `ELICIT_DOC_UNSET_KEY` is not set or empty: give it a key of at \
    ///      least 32 bytes in hex or base64 (`openssl rand -base64 32` makes one)",
    /// );
    /// ```
    pub fn from_env(name: &str) -> Result<Self, KeyError> {
        let value = read_variable(name)?;
        Self::from_text(&value).map_err(|error| KeyError::InVariable {
            variable: name.to_owned(),
            position: None,
            error: Box::new(error),
        })
    }

    /// A key in hex or base64, as [`from_env`](Self::from_env) reads a variable's value.
    pub(super) fn from_text(text: &str) -> Result<Self, KeyError> {
        let text = text.trim();
        let hex = text.len().is_multiple_of(2) && text.bytes().all(|byte| byte.is_ascii_hexdigit());
        if hex {
            return Self::from_hex(text);
        }
        Self::from_base64(text).map_err(|error| match error {
            KeyError::NotBase64 => KeyError::NotHexOrBase64,
            other => other,
        })
    }

    /// The key's id, written into every state it seals so a [`StateKeys`](super::StateKeys)
    /// ring knows which key to check it with. Derived from the key (an HMAC of a fixed label),
    /// so it names the key without revealing it; log it to see which key a state was sealed
    /// with.
    ///
    /// ```
    /// use elicit_core::state::StateKey;
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

    pub(super) fn id_bytes(&self) -> [u8; KEY_ID_LEN] {
        self.id
    }

    /// The hints of the three binding digests in the state of nonce `nonce`: a keyed hash of
    /// each, so they can be compared without naming what they hash (an observer cannot test
    /// a guess of the principal), and of the nonce, so two states of the same person or call
    /// carry different hints (an observer cannot link them).
    pub(super) fn hints(
        &self,
        nonce: &[u8; NONCE_LEN],
        digests: &[[u8; 32]; 3],
    ) -> [[u8; HINT_LEN]; 3] {
        let hint = |index: u8| {
            let mut mac = self.hint.clone();
            mac.update(&[index]);
            mac.update(nonce);
            mac.update(&digests[usize::from(index)]);
            let mut hint = [0; HINT_LEN];
            hint.copy_from_slice(&mac.finalize().into_bytes()[..HINT_LEN]);
            hint
        };
        [hint(0), hint(1), hint(2)]
    }

    /// A keyed digest of `parts` (each length-prefixed, so no two lists of parts meet), for
    /// an index a store keeps: it names the same thing on every server of the key, and tells
    /// whoever reads the store nothing of what it names (a person, a question).
    pub(super) fn index(&self, parts: &[&[u8]]) -> [u8; 32] {
        let mut mac = self.index.clone();
        for part in parts {
            mac.update(&u64::try_from(part.len()).unwrap_or(u64::MAX).to_be_bytes());
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }

    pub(super) fn header_tag(&self, header: &[u8]) -> [u8; HEADER_TAG_LEN] {
        let mut mac = self.header.clone();
        mac.update(header);
        let mut tag = [0; HEADER_TAG_LEN];
        tag.copy_from_slice(&mac.finalize().into_bytes()[..HEADER_TAG_LEN]);
        tag
    }

    /// Checks a header tag, in constant time.
    pub(super) fn header_is_authentic(&self, header: &[u8], tag: &[u8]) -> bool {
        let mut mac = self.header.clone();
        mac.update(header);
        mac.verify_truncated_left(tag).is_ok()
    }

    /// The tag of a readable state: HMAC-SHA-256 of its bytes and the binding, truncated.
    pub(super) fn tag(&self, sealed: &[u8], binding: &[u8]) -> [u8; TAG_LEN] {
        let mut mac = self.tag.clone();
        mac.update(sealed);
        mac.update(binding);
        let mut tag = [0; TAG_LEN];
        tag.copy_from_slice(&mac.finalize().into_bytes()[..TAG_LEN]);
        tag
    }

    /// Checks the tag of a readable state, in constant time.
    pub(super) fn tag_is_authentic(&self, sealed: &[u8], binding: &[u8], tag: &[u8]) -> bool {
        let mut mac = self.tag.clone();
        mac.update(sealed);
        mac.update(binding);
        mac.verify_truncated_left(tag).is_ok()
    }

    /// Encrypts `buffer` where it lies, authenticating `associated` with it: the Poly1305
    /// tag, or `None` when the cipher refuses (only messages of 256 GiB or more), `buffer`
    /// then left as it was.
    pub(super) fn encrypt(
        &self,
        nonce: &[u8; NONCE_LEN],
        buffer: &mut [u8],
        associated: &[u8],
    ) -> Option<[u8; TAG_LEN]> {
        let tag = self
            .cipher
            .encrypt_inout_detached(&(*nonce).into(), associated, buffer.into())
            .ok()?;
        let mut bytes = [0; TAG_LEN];
        bytes.copy_from_slice(&tag);
        Some(bytes)
    }

    /// Decrypts where it lies what [`encrypt`](Self::encrypt) made, when `tag` is its tag;
    /// else, when any byte of it, of `tag` or of `associated` differs, leaves it as it was
    /// and returns `false`.
    pub(super) fn decrypt(
        &self,
        nonce: &[u8; NONCE_LEN],
        buffer: &mut [u8],
        tag: &[u8],
        associated: &[u8],
    ) -> bool {
        let Ok(tag) = Tag::<XChaCha20Poly1305>::try_from(tag) else {
            return false;
        };
        self.cipher
            .decrypt_inout_detached(&(*nonce).into(), associated, buffer.into(), &tag)
            .is_ok()
    }
}

/// Every field wipes itself when dropped: the cipher (chacha20poly1305's `zeroize`) and the
/// three HMACs (the SHA-256 states and buffers of `sha2` and `hmac` with `zeroize`); the id
/// is public.
impl ZeroizeOnDrop for StateKey {}

impl fmt::Debug for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateKey {{ id: {:010x} }}", self.id())
    }
}

/// The value of the environment variable `name`, refused when unset, empty or not Unicode;
/// wiped when dropped (the process's environment keeps its own copy, which is the
/// operating system's).
pub(super) fn read_variable(name: &str) -> Result<Zeroizing<String>, KeyError> {
    match std::env::var(name).map(Zeroizing::new) {
        Ok(value) if !value.trim().is_empty() => Ok(value),
        Ok(_) | Err(std::env::VarError::NotPresent) => Err(KeyError::Unset {
            variable: name.to_owned(),
        }),
        Err(std::env::VarError::NotUnicode(_)) => Err(KeyError::NotUnicode {
            variable: name.to_owned(),
        }),
    }
}

/// The bytes of a secret in hex, in a buffer allocated once at its final size (a buffer that
/// grew would leave copies behind) and wiped when dropped.
fn decode_hex(text: &str) -> Option<Zeroizing<Vec<u8>>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |byte: u8| char::from(byte).to_digit(16);
    let mut secret = Zeroizing::new(Vec::with_capacity(text.len() / 2));
    for pair in text.as_bytes().chunks_exact(2) {
        let (high, low) = (digit(pair[0])?, digit(pair[1])?);
        secret.push(u8::try_from(high << 4 | low).ok()?);
    }
    Some(secret)
}

/// The bytes of a secret in base64, as [`decode_hex`] keeps them.
fn decode_base64(text: &str) -> Option<Zeroizing<Vec<u8>>> {
    let url_safe = text.contains(['-', '_']);
    let standard = text.contains(['+', '/']);
    let engine = match (standard, url_safe) {
        (true, true) => return None,
        (_, false) => &STANDARD_PAD_INDIFFERENT,
        (false, true) => &URL_SAFE_PAD_INDIFFERENT,
    };
    let mut secret = Zeroizing::new(Vec::with_capacity(base64::decoded_len_estimate(text.len())));
    engine.decode_vec(text, &mut secret).ok()?;
    Some(secret)
}

/// Why a [`StateKey`] (or a [`StateKeys`](super::StateKeys) ring) could not be made. No
/// message repeats the secret, or any part of the text it was read from.
///
/// ```
/// use elicit_core::state::{KeyError, StateKey};
///
/// let error = StateKey::new(&[0; 16]).unwrap_err();
/// assert_eq!(error, KeyError::TooShort { length: 16 });
/// assert_eq!(error.to_string(), "a request state key needs at least 32 bytes, got 16");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// The secret has fewer than [`StateKey::MIN_LEN`] bytes.
    TooShort {
        /// How many bytes it had.
        length: usize,
    },
    /// [`StateKey::from_hex`]: a character that is not a hex digit, or an odd number of
    /// digits.
    NotHex,
    /// [`StateKey::from_base64`]: not base64 in either alphabet, with or without padding.
    NotBase64,
    /// [`StateKey::from_env`]: neither hex nor base64.
    NotHexOrBase64,
    /// [`StateKey::generate`]: the operating system gave no randomness; its reason.
    NoRandomness(String),
    /// The environment variable is not set, or is empty.
    Unset {
        /// The variable's name.
        variable: String,
    },
    /// The environment variable's value is not valid Unicode.
    NotUnicode {
        /// The variable's name.
        variable: String,
    },
    /// The environment variable's value (or one of its keys) was refused.
    InVariable {
        /// The variable's name.
        variable: String,
        /// Which of its keys, from 1, when it holds a list
        /// ([`StateKeys::from_env`](super::StateKeys::from_env)).
        position: Option<usize>,
        /// Why.
        error: Box<KeyError>,
    },
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort { length } => write!(
                f,
                "a request state key needs at least {} bytes, got {length}",
                StateKey::MIN_LEN
            ),
            Self::NotHex => f.write_str(
                "a request state key in hex needs an even number of hex digits and nothing else",
            ),
            Self::NotBase64 => f.write_str(
                "a request state key in base64 needs one alphabet (standard or URL-safe), \
                 with or without padding, and nothing else",
            ),
            Self::NotHexOrBase64 => f.write_str(
                "a request state key must be in hex (an even number of hex digits) or base64 \
                 (standard or URL-safe, with or without padding)",
            ),
            Self::NoRandomness(reason) => write!(
                f,
                "the operating system gave no randomness for a request state key: {reason}"
            ),
            Self::Unset { variable } => write!(
                f,
                "environment variable `{variable}` is not set or empty: give it a key of at \
                 least {} bytes in hex or base64 (`openssl rand -base64 32` makes one)",
                StateKey::MIN_LEN
            ),
            Self::NotUnicode { variable } => write!(
                f,
                "environment variable `{variable}` is not valid Unicode: give it a key in hex \
                 or base64"
            ),
            Self::InVariable {
                variable,
                position,
                error,
            } => match position {
                Some(position) => {
                    write!(
                        f,
                        "environment variable `{variable}`, key {position}: {error}"
                    )
                }
                None => write!(f, "environment variable `{variable}`: {error}"),
            },
        }
    }
}

impl std::error::Error for KeyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InVariable { error, .. } => Some(error.as_ref()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wiped_on_drop<T: ZeroizeOnDrop>() {}

    /// What makes `StateKey`'s `ZeroizeOnDrop` true: the features that make its fields wipe
    /// themselves are on.
    #[test]
    fn a_refused_variable_says_why_through_its_source() {
        use std::error::Error as _;
        let refused = StateKey::from_text("not a key").unwrap_err();
        let error = KeyError::InVariable {
            variable: "KEY".into(),
            position: None,
            error: Box::new(refused.clone()),
        };
        assert_eq!(
            error.source().map(ToString::to_string),
            Some(refused.to_string())
        );
        assert!(refused.source().is_none());
    }

    #[test]
    fn what_a_key_holds_wipes_itself() {
        wiped_on_drop::<XChaCha20Poly1305>();
        wiped_on_drop::<sha2::block_api::Sha256VarCore>();
        wiped_on_drop::<StateKey>();
    }
}
