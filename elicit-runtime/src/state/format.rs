//! The bytes of a sealed state (format 2 of the module, table in its docs): where each field
//! lies, and how long a sealed string is for a payload of `n` bytes.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use zeroize::Zeroizing;

/// The format byte of a state whose payload is encrypted (XChaCha20-Poly1305).
pub(super) const ENCRYPTED: u8 = 3;
/// The format byte of a state whose payload is readable, authenticated with HMAC-SHA-256.
pub(super) const READABLE: u8 = 4;

/// Five bytes, so the format byte and the key id fill six bytes, eight base64 characters.
pub(super) const KEY_ID_LEN: usize = 5;
/// Each of the three binding hints (audience, principal, call).
pub(super) const HINT_LEN: usize = 4;
/// The random nonce: the cipher's nonce in an encrypted state, and the state's id in both.
pub(super) const NONCE_LEN: usize = 24;
/// The truncated HMAC of the header, which makes the hints trustworthy when the seal fails.
pub(super) const HEADER_TAG_LEN: usize = 8;
/// The Poly1305 tag, or the HMAC-SHA-256 tag truncated to as many bytes.
pub(super) const TAG_LEN: usize = 16;

const KEY_ID_AT: usize = 1;
const EXPIRY_AT: usize = KEY_ID_AT + KEY_ID_LEN;
const HINTS_AT: usize = EXPIRY_AT + 8;
const NONCE_AT: usize = HINTS_AT + 3 * HINT_LEN;
/// The header: every byte the header tag covers.
pub(super) const HEADER_LEN: usize = NONCE_AT + NONCE_LEN;
/// Where the payload starts: after the header and its tag.
pub(super) const PAYLOAD_AT: usize = HEADER_LEN + HEADER_TAG_LEN;
/// What sealing adds to the JSON payload, in bytes.
pub(super) const OVERHEAD: usize = PAYLOAD_AT + TAG_LEN;

/// The longest `requestState` this module seals or opens, in characters (the string is
/// ASCII, so bytes too): 64 KiB, the cap the 2026-07-28 schema puts on
/// `InputRequiredResult.requestState` (spec PR #2778).
///
/// ```
/// assert_eq!(elicit_core::state::MAX_SEALED_LEN, 65_536);
/// ```
pub const MAX_SEALED_LEN: usize = 65_536;

/// The length of the sealed string for a JSON payload of `payload` bytes: unpadded base64
/// of the payload and the fixed fields. Saturates rather than overflow.
pub(super) fn sealed_len(payload: usize) -> usize {
    let bytes = payload.saturating_add(OVERHEAD);
    // Four characters per three bytes, rounded up (no padding).
    (bytes / 3)
        .saturating_mul(4)
        .saturating_add((bytes % 3 * 4).div_ceil(3))
}

/// The base64 form of the sealed bytes.
pub(super) fn encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A decoded string long enough to hold every field, of a format this version reads.
///
/// Its bytes are wiped when it is dropped: a readable state's payload is the plaintext, and
/// an encrypted one's is decrypted where it lies ([`payload_mut`](Self::payload_mut)), so
/// this buffer is the only one that holds a state's plaintext while it is opened.
pub(super) struct Sealed {
    bytes: Zeroizing<Vec<u8>>,
}

impl Sealed {
    /// The sealed bytes of `text`, or `None` when it is not unpadded URL-safe base64 in its
    /// one canonical spelling, is too short, or names a format this version does not read.
    /// Decoded into a buffer allocated once at the most it can take, wiped when dropped
    /// (whether it decodes or not).
    pub(super) fn decode(text: &str) -> Option<Self> {
        let mut bytes =
            Zeroizing::new(Vec::with_capacity(base64::decoded_len_estimate(text.len())));
        URL_SAFE_NO_PAD.decode_vec(text, &mut bytes).ok()?;
        let known = matches!(bytes.first(), Some(&(ENCRYPTED | READABLE)));
        (known && bytes.len() >= OVERHEAD).then_some(Self { bytes })
    }

    pub(super) fn format(&self) -> u8 {
        self.bytes[0]
    }

    pub(super) fn key_id(&self) -> [u8; KEY_ID_LEN] {
        let mut id = [0; KEY_ID_LEN];
        id.copy_from_slice(&self.bytes[KEY_ID_AT..EXPIRY_AT]);
        id
    }

    /// Seconds since the Unix epoch; 0 for none.
    pub(super) fn expiry(&self) -> u64 {
        let mut expiry = [0; 8];
        expiry.copy_from_slice(&self.bytes[EXPIRY_AT..HINTS_AT]);
        u64::from_be_bytes(expiry)
    }

    /// The audience, principal and call hints, in that order.
    pub(super) fn hints(&self) -> [&[u8]; 3] {
        let hint = |index: usize| {
            let at = HINTS_AT + index * HINT_LEN;
            &self.bytes[at..at + HINT_LEN]
        };
        [hint(0), hint(1), hint(2)]
    }

    pub(super) fn nonce(&self) -> [u8; NONCE_LEN] {
        let mut nonce = [0; NONCE_LEN];
        nonce.copy_from_slice(&self.bytes[NONCE_AT..HEADER_LEN]);
        nonce
    }

    pub(super) fn header(&self) -> &[u8] {
        &self.bytes[..HEADER_LEN]
    }

    pub(super) fn header_tag(&self) -> &[u8] {
        &self.bytes[HEADER_LEN..PAYLOAD_AT]
    }

    /// Everything the seal's tag covers besides the binding: header, header tag, payload.
    pub(super) fn sealed_part(&self) -> &[u8] {
        &self.bytes[..self.bytes.len() - TAG_LEN]
    }

    /// Everything before the payload: the associated data of an encrypted state.
    pub(super) fn before_payload(&self) -> &[u8] {
        &self.bytes[..PAYLOAD_AT]
    }

    /// The payload: JSON, or its ciphertext.
    pub(super) fn payload(&self) -> &[u8] {
        &self.bytes[PAYLOAD_AT..self.bytes.len() - TAG_LEN]
    }

    /// The payload, to decrypt where it lies, and the tag after it.
    pub(super) fn payload_mut(&mut self) -> (&mut [u8], &[u8]) {
        let tag_at = self.bytes.len() - TAG_LEN;
        let (payload, tag) = self.bytes[PAYLOAD_AT..].split_at_mut(tag_at - PAYLOAD_AT);
        (payload, tag)
    }

    pub(super) fn tag(&self) -> &[u8] {
        &self.bytes[self.bytes.len() - TAG_LEN..]
    }

    /// The buffer, for the tests of what wipes it.
    #[cfg(test)]
    pub(super) fn buffer(&self) -> &Zeroizing<Vec<u8>> {
        &self.bytes
    }

    /// The header with another key id in it: what it was before a client changed the id.
    pub(super) fn header_with_key_id(&self, id: [u8; KEY_ID_LEN]) -> [u8; HEADER_LEN] {
        let mut header = [0; HEADER_LEN];
        header.copy_from_slice(self.header());
        header[KEY_ID_AT..EXPIRY_AT].copy_from_slice(&id);
        header
    }
}

/// Writes the header fields in order; the caller adds the header tag, payload and tag.
pub(super) fn header(
    format: u8,
    key_id: [u8; KEY_ID_LEN],
    expiry: u64,
    hints: &[[u8; HINT_LEN]; 3],
    nonce: &[u8; NONCE_LEN],
    capacity: usize,
) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(capacity);
    bytes.push(format);
    bytes.extend_from_slice(&key_id);
    bytes.extend_from_slice(&expiry.to_be_bytes());
    for hint in hints {
        bytes.extend_from_slice(hint);
    }
    bytes.extend_from_slice(nonce);
    debug_assert_eq!(bytes.len(), HEADER_LEN);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_fields_cost_74_bytes() {
        assert_eq!(HEADER_LEN, 50);
        assert_eq!(PAYLOAD_AT, 58);
        assert_eq!(OVERHEAD, 74);
    }

    #[test]
    fn the_sealed_length_is_the_base64_length() {
        for payload in 0..200 {
            assert_eq!(
                sealed_len(payload),
                encode(&vec![0; OVERHEAD + payload]).len()
            );
        }
        assert_eq!(sealed_len(usize::MAX), sealed_len(usize::MAX - 1));
    }
}
