//! Wiping what a person typed where this crate holds it: every string of a JSON value
//! ([`wipe`]), for the holders of answers (a dialog's memory, a URL-mode form's content), and
//! the plaintext of a state while it is sealed ([`to_json`]).

use std::io;

use serde_core::Serialize;
use serde_json::{Map, Value};
use zeroize::{Zeroize as _, Zeroizing};

/// Wipes every string in `value` in place: each is zeroed (its spare capacity too) and left
/// empty. The shape stays, and so do an object's keys, which name fields; numbers and
/// booleans are left as they are.
pub(crate) fn wipe(value: &mut Value) {
    match value {
        Value::String(text) => text.zeroize(),
        Value::Array(items) => items.iter_mut().for_each(wipe),
        Value::Object(map) => wipe_values(map),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// Wipes every value of `map`, as [`wipe`] does.
pub(crate) fn wipe_values(map: &mut Map<String, Value>) {
    map.values_mut().for_each(wipe);
}

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

/// What the tests see of a holder's `Drop`: the holders call [`dropped`] after wiping
/// themselves, with what is left of them (nothing, unless the wipe was skipped).
#[cfg(test)]
pub(crate) mod observed {
    use std::cell::RefCell;

    use serde_json::Value;

    thread_local! {
        static DROPPED: RefCell<Vec<(&'static str, String)>> = const { RefCell::new(Vec::new()) };
    }

    /// Records what the `Drop` of a `holder` (its type's name) left of it, on this thread.
    pub(crate) fn dropped(holder: &'static str, residue: String) {
        DROPPED.with(|dropped| dropped.borrow_mut().push((holder, residue)));
    }

    /// What the drops of `holder`s on this thread left since the last call, in order (the
    /// records of other holders are dropped).
    pub(crate) fn take_dropped(holder: &str) -> Vec<String> {
        DROPPED.with(|dropped| {
            std::mem::take(&mut *dropped.borrow_mut())
                .into_iter()
                .filter(|(name, _)| *name == holder)
                .map(|(_, residue)| residue)
                .collect()
        })
    }

    /// Every string in `values`, one after the other: what [`wipe`](super::wipe) empties.
    pub(crate) fn residue<'a>(values: impl IntoIterator<Item = &'a Value>) -> String {
        let mut text = String::new();
        let mut stack: Vec<&Value> = values.into_iter().collect();
        while let Some(value) = stack.pop() {
            match value {
                Value::String(string) => text.push_str(string),
                Value::Array(items) => stack.extend(items),
                Value::Object(map) => stack.extend(map.values()),
                Value::Null | Value::Bool(_) | Value::Number(_) => {}
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use zeroize::ZeroizeOnDrop;

    use super::observed::residue;
    use super::*;

    #[test]
    fn every_string_of_a_value_is_emptied_and_its_shape_kept() {
        let mut value = json!({
            "key": "sk-live-1234",
            "cards": ["4242 4242 4242 4242", {"pin": "0000", "n": 4}],
            "ok": true,
            "none": null,
        });
        assert_eq!(residue([&value]).len(), 35);
        let capacity = value["key"].as_str().map(str::len);
        wipe(&mut value);
        assert_eq!(residue([&value]), "");
        assert_eq!(
            value,
            json!({"key": "", "cards": ["", {"pin": "", "n": 4}], "ok": true, "none": null})
        );
        // Emptied in place: the same buffer, zeroed, not a new empty string.
        let Value::String(key) = &value["key"] else {
            panic!("the key's value is a string")
        };
        assert_eq!(Some(key.capacity()), capacity);
    }

    #[test]
    fn the_buffer_grows_only_when_a_write_does_not_fit() {
        use std::io::Write as _;
        let mut plaintext = Plaintext(Zeroizing::new(Vec::with_capacity(8)));
        plaintext.write_all(b"12345678").unwrap();
        // Exactly full: not moved (a move copies what a person typed once more).
        assert_eq!((plaintext.0.len(), plaintext.0.capacity()), (8, 8));
        plaintext.write_all(b"9").unwrap();
        assert_eq!((plaintext.0.len(), plaintext.0.capacity()), (9, 16));
        assert_eq!(plaintext.0.as_slice(), b"123456789");
    }

    #[test]
    fn the_json_of_a_state_is_written_into_a_buffer_wiped_when_dropped() {
        fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
        let state = json!({"secret": "x".repeat(1000), "n": [1, 2, 3]});
        let json = to_json(&state).unwrap();
        wiped_on_drop(&json);
        assert_eq!(*json, serde_json::to_vec(&state).unwrap());
    }
}
