//! Fresh elicitation ids.
//!
//! An `elicitationId` ends up in the URL a user opens and in the completion notification, and
//! the spec's phishing guidance relies on the server binding it to one user, so it must not be
//! guessable. The bytes come from the operating system without a new dependency: on Unix
//! `/dev/urandom`; elsewhere (or if that cannot be read) std's `RandomState`, whose `SipHash` keys
//! std draws from the operating system's generator, hashing a process-wide counter, the time
//! and the thread, so every call hashes a distinct input under a secret key.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A fresh, unguessable elicitation id: a random (version 4) UUID such as
/// `"1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b"`, with 122 random bits.
///
/// ```
/// let id = elicit_core::protocol::new_elicitation_id();
/// assert_eq!(id.len(), 36);
/// assert_ne!(id, elicit_core::protocol::new_elicitation_id());
/// ```
pub fn new_elicitation_id() -> String {
    let mut bytes = random_bytes();
    // RFC 9562: version 4 in the high nibble of byte 6, variant `10` in byte 8.
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let mut id = String::with_capacity(36);
    for (index, byte) in bytes.iter().enumerate() {
        if matches!(index, 4 | 6 | 8 | 10) {
            id.push('-');
        }
        id.push(hex_digit(byte >> 4));
        id.push(hex_digit(byte & 0x0f));
    }
    id
}

fn hex_digit(nibble: u8) -> char {
    char::from(b"0123456789abcdef"[usize::from(nibble & 0x0f)])
}

fn random_bytes() -> [u8; 16] {
    #[cfg(unix)]
    {
        if let Some(bytes) = os_random() {
            return bytes;
        }
    }
    hashed_random()
}

#[cfg(unix)]
fn os_random() -> Option<[u8; 16]> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut file| file.read_exact(&mut bytes))
        .ok()?;
    Some(bytes)
}

fn hashed_random() -> [u8; 16] {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    let keys = RandomState::new();
    let mut bytes = [0u8; 16];
    for (half, chunk) in (0u8..).zip(bytes.chunks_mut(8)) {
        let mut hasher = keys.build_hasher();
        hasher.write_u8(half);
        hasher.write_u64(count);
        hasher.write_u128(nanos);
        std::hash::Hash::hash(&std::thread::current().id(), &mut hasher);
        chunk.copy_from_slice(&hasher.finish().to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_uuid_v4(id: &str) -> bool {
        let bytes = id.as_bytes();
        bytes.len() == 36
            && bytes.iter().enumerate().all(|(index, b)| match index {
                8 | 13 | 18 | 23 => *b == b'-',
                _ => b.is_ascii_hexdigit() && !b.is_ascii_uppercase(),
            })
            && bytes[14] == b'4'
            && matches!(bytes[19], b'8' | b'9' | b'a' | b'b')
    }

    #[test]
    fn ids_are_uuid_v4_and_distinct() {
        let ids: std::collections::HashSet<String> =
            (0..1000).map(|_| new_elicitation_id()).collect();
        assert_eq!(ids.len(), 1000);
        assert!(ids.iter().all(|id| is_uuid_v4(id)), "{ids:?}");
    }

    #[test]
    fn fallback_is_distinct_too() {
        let a = hashed_random();
        let b = hashed_random();
        assert_ne!(a, b);
        assert_ne!(a, [0; 16]);
    }
}
