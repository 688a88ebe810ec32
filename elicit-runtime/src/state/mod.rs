//! A typed, sealed 2026-07-28 `requestState` (feature `state`).
//!
//! On 2026-07-28 a tool that needs input answers with an
//! [`InputRequiredResult`](crate::protocol::InputRequiredResult) and the client retries the call with
//! `inputResponses` and the `requestState` it was given. That string travels through the
//! client, so a server must neither trust it nor tell it anything: a client could read it,
//! alter it, send one issued to another user or another call, or keep one for a week. This
//! module seals a value of your own type (the answers of earlier rounds, a step number) into
//! that string and opens it again only when it is exactly what this server issued, for this
//! call and this user, in time:
//!
//! - [`StateKey`]: a server secret of at least 32 bytes, from bytes, hex, base64, an
//!   environment variable or the OS's randomness ([`KeyError`] otherwise).
//! - [`StateKeys`]: a key ring. It seals with its current key and opens with any of its
//!   keys, so a key can be rotated without breaking forms in flight; it names the server
//!   (the audience) and how long a state lives (600 s unless told otherwise).
//! - [`Binding`]: the call a state belongs to (`tools/call` or `prompts/get`, the name and
//!   the arguments) and, optionally, the [`Principal`] who made it; [`PrincipalPolicy`]:
//!   whether every state must name one, and where a dialog takes it from.
//! - [`StateError`]: why a state was refused, precisely, for your code and logs; the client
//!   gets one `-32602` for all of them. [`SealError`]: why a state could not be sealed (too
//!   large for the protocol's 64 KiB, [`MAX_SEALED_LEN`]).
//! - [`ReplayGuard`], [`MemoryReplayGuard`], [`StateUse`], [`StateId`] and [`Owner`]: a
//!   state used once only ([`StateKeys::open_once`]), for a tool whose effect must not happen
//!   twice.
//!
//! The state is encrypted (XChaCha20-Poly1305): the client sees a string of base64 and no
//! answer in it. [`StateKeys::readable`] signs it only, for a state you want to read on the
//! wire. The [state guide](crate::guide::state) has the threat model, the comparison with
//! the other SDKs, keys and rotation, the principal under MCP authorization, replays and
//! sizes.
//!
//! The plaintext of a state is wiped from memory wherever this module holds it, with the
//! `zeroize` crate, as the keys are: the JSON a value is sealed as and the bytes sealed from
//! it, and the bytes a state is decoded and decrypted in to open it, whether it opens and
//! reads as the type or not. The value you seal and the value you open are yours to wipe; the
//! guide lists [what is and is not wiped](crate::guide::state#what-is-wiped-from-memory).
//!
//! A [`Dialog`](crate::dialog::Dialog) uses this module for you: a tool asks its forms in
//! straight-line code, and the answers of earlier rounds ride in a state sealed with your
//! [`StateKeys`]. Use the module directly for a state of your own shape.
//!
//! ```
//! use elicit_core::state::{Binding, Principal, StateError, StateKey, StateKeys};
//! use serde::{Deserialize, Serialize};
//! use serde_json::json;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Progress {
//!     step: u8,
//!     name: String,
//! }
//!
//! // In a real server the key comes from a secret store: StateKeys::from_env("STATE_KEYS").
//! let keys = StateKeys::new(StateKey::new(&[0x5a; 32]).unwrap())
//!     .with_audience("https://mcp.example.com/mcp");
//! let ada = Principal::issuer_subject("https://id.example.com", "ada");
//! let call = Binding::tool("deploy", &json!({"service": "api", "region": "eu"}))
//!     .with_principal(&ada);
//!
//! // First call: seal what the next round needs into the InputRequiredResult's requestState.
//! let state = Progress { step: 2, name: "Ada".into() };
//! let sealed = keys.seal(&state, &call).unwrap();
//! assert!(!sealed.contains("Ada"));
//!
//! // The retry: the same call by the same person (argument order does not matter) opens it.
//! let retry = Binding::tool("deploy", &json!({"region": "eu", "service": "api"}))
//!     .with_principal(&ada);
//! assert_eq!(keys.open::<Progress>(&sealed, &retry).unwrap(), state);
//!
//! // Another call's state is refused: precisely for the server, uniformly for the client.
//! let other = Binding::tool("deploy", &json!({"service": "db", "region": "eu"}))
//!     .with_principal(&ada);
//! let error = keys.open::<Progress>(&sealed, &other).unwrap_err();
//! assert_eq!(error, StateError::WrongCall);
//! assert_eq!(error.to_jsonrpc_error().message, "invalid or expired request state");
//! ```
//!
//! # The sealed form
//!
//! The string is URL-safe base64 without padding (RFC 4648 §5) of these bytes:
//!
//! | bytes | content |
//! | --- | --- |
//! | 1 | format: `3` encrypted (XChaCha20-Poly1305), `4` readable (HMAC-SHA-256) |
//! | 5 | the id of the key that sealed it ([`StateKey::id`]) |
//! | 8 | expiry: seconds since the Unix epoch, big-endian; `0` for none |
//! | 4 | audience hint |
//! | 4 | principal hint |
//! | 4 | call hint |
//! | 24 | nonce: random; the state's [`StateId`] |
//! | 8 | header tag: HMAC-SHA-256 of the 50 bytes above, truncated |
//! | n | the state as JSON: encrypted (format 3) or as it is (format 4) |
//! | 16 | tag: Poly1305 (format 3), or HMAC-SHA-256 truncated (format 4) |
//!
//! The tag covers every byte before it and the three SHA-256 digests of the binding (the
//! audience, the principal or its absence, the call), which are not stored: a state opens
//! only where all three are the same as when it was sealed. The hints are the first four
//! bytes of an HMAC of the nonce and each digest: covered by the header tag, they let the
//! server tell *which* part differs when the seal does not hold, without the client being
//! able to forge that answer, test a guess of the principal, or link two states of the same
//! person or call (each state's nonce makes its hints new). Each key derives its own cipher
//! key and three HMAC keys from the secret.
//!
//! The fixed fields cost 74 bytes, so a payload of `n` bytes of JSON seals to
//! ⌈4 (74 + n) / 3⌉ characters, readable or encrypted alike; [`StateKeys::sealed_len`]
//! computes it for a value. The state itself is JSON because `serde_json` is already a
//! dependency, every serde type round-trips through it, and it is self-describing: a state
//! sealed before a server changed its state type fails to open as
//! [`StateError::Unreadable`] instead of being misread.
//!
//! This is the second format: earlier builds of this crate wrote formats `1` and `2`,
//! without audience, principal or id, which this one refuses as
//! [`Malformed`](StateError::Malformed). A form open across the upgrade starts over.

pub(crate) mod binding;
mod error;
mod format;
mod key;
mod once;
mod principal;
mod ring;
mod wipe;

pub use binding::Binding;
pub(crate) use error::JsonFault;
pub use error::{SealError, StateError};
pub use format::MAX_SEALED_LEN;
pub use key::{KeyError, StateKey};
pub use once::{
    GuardFull, GuardFuture, GuardResult, MemoryReplayGuard, Owner, ReplayGuard, StateId, StateUse,
};
pub use principal::{Principal, PrincipalPolicy};
pub use ring::StateKeys;
#[cfg(test)]
pub(crate) use wipe::observed;
pub(crate) use wipe::{wipe, wipe_values};
