//! Wiping the plaintext of a state while it is sealed ([`to_json`]).

use std::io;

use serde_core::Serialize;
use zeroize::Zeroizing;

/// `state` as JSON, in a buffer wiped when dropped: grown by copying into a larger buffer and
/// wiping the smaller one, never reallocated by `Vec` itself (which would leave the bytes
/// written so far in the memory it frees).
pub(super) fn to_json<T: Serialize + ?Sized>(
    state: &T,
) -> Result<Zeroizing<Vec<u8>>, serde_json::Error> {
    let mut json = Plaintext(Zeroizing::new(Vec::with_capacity(128)));
    serde_json::to_writer(&mut json, state)?;
    Ok(json.0)
}

/// A buffer of plaintext that `serde_json` writes into (see [`to_json`]).
struct Plaintext(Zeroizing<Vec<u8>>);

impl io::Write for Plaintext {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let needed = self
            .0
            .len()
            .checked_add(bytes.len())
            .ok_or(io::ErrorKind::OutOfMemory)?;
        if needed > self.0.capacity() {
            let mut grown = Vec::new();
            grown
                .try_reserve_exact(needed.max(self.0.capacity().saturating_mul(2)))
                .map_err(|_| io::ErrorKind::OutOfMemory)?;
            grown.extend_from_slice(&self.0);
            // The smaller buffer is dropped here, and wiped.
            self.0 = Zeroizing::new(grown);
        }
        self.0.extend_from_slice(bytes);
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

    #[test]
    fn the_json_of_a_state_is_written_into_a_buffer_wiped_when_dropped() {
        fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
        let state = json!({"secret": "x".repeat(1000), "n": [1, 2, 3]});
        let json = to_json(&state).unwrap();
        wiped_on_drop(&json);
        assert_eq!(*json, serde_json::to_vec(&state).unwrap());
    }
}
