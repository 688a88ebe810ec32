//! `StateKeys::open` of any string, and of real sealed states altered by the input, under a
//! fixed ring: never a panic; a string other than a state the ring sealed is refused; every
//! refusal, and every state opened for another principal, gets the one client answer.
//!
//! The first byte picks the mode: even, the rest is the string (lossy UTF-8); odd, the rest
//! is a list of edits (three bytes each: what, where, with what) applied to the characters
//! of one of the real states (an encrypted and a readable one, chosen by the first byte).

#![no_main]

use std::sync::OnceLock;

use elicit_core::protocol::JsonRpcError;
use elicit_core::protocol::state::{Binding, StateError, StateKey, StateKeys};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

/// URL-safe base64's alphabet: what an edit writes, so most edits stay decodable.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct Fixture {
    keys: StateKeys,
    binding: Binding,
    /// The same call by someone else.
    stranger: Binding,
    state: Value,
    /// Sealed states of `state` for `binding`: encrypted, then readable.
    sealed: [String; 2],
    answer: JsonRpcError,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let keys = StateKeys::new(StateKey::new(&[0x5a; 32]).unwrap())
            .with_previous(StateKey::new(&[0xa5; 32]).unwrap())
            .with_audience("https://fuzz.example/mcp");
        let call = Binding::tool("deploy", &json!({"service": "api", "replicas": 2}));
        let binding = call.clone().with_principal("ada");
        let state = json!({"rounds": [{"key": "name", "answer": {"name": "Ada"}}], "tries": 0});
        // Without expiry, so the run does not depend on the clock.
        let sealed = [
            keys.seal_without_expiry(&state, &binding).unwrap(),
            keys.clone()
                .readable()
                .seal_without_expiry(&state, &binding)
                .unwrap(),
        ];
        Fixture {
            keys,
            stranger: call.with_principal("bob"),
            binding,
            state,
            sealed,
            answer: StateError::Malformed.to_jsonrpc_error(),
        }
    })
}

/// `original` with the edits of `script` applied to its characters.
fn edit(original: &str, script: &[u8]) -> Vec<u8> {
    let mut text = original.as_bytes().to_vec();
    for step in script.chunks_exact(3) {
        let (what, at, with) = (step[0], usize::from(step[1]), step[2]);
        let len = text.len();
        match what % 8 {
            0 if len > 0 => text[at % len] = ALPHABET[usize::from(with % 64)],
            1 => text.truncate(at % (len + 1)),
            2 => text.insert(at % (len + 1), ALPHABET[usize::from(with % 64)]),
            3 if len > 0 => {
                text.remove(at % len);
            }
            // The standard alphabet, as a client that re-encodes might write it.
            4 => {
                for byte in &mut text {
                    *byte = match *byte {
                        b'-' => b'+',
                        b'_' => b'/',
                        other => other,
                    };
                }
            }
            5 => text.push(b'='),
            6 => text.insert(at % (len + 1), with),
            7 if len > 0 => text[at % len] ^= with,
            _ => {}
        }
    }
    text
}

fuzz_target!(|data: &[u8]| {
    let fixture = fixture();
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (text, original) = if mode % 2 == 0 {
        (String::from_utf8_lossy(rest).into_owned(), None)
    } else {
        let original = &fixture.sealed[usize::from(mode / 2) % 2];
        let edited = edit(original, rest);
        (
            String::from_utf8_lossy(&edited).into_owned(),
            Some(original),
        )
    };

    match fixture.keys.open::<Value>(&text, &fixture.binding) {
        Ok(value) => {
            // Only a state the ring sealed opens: with edits, only when they undid themselves.
            if let Some(original) = original {
                assert_eq!(&text, original, "an altered state opened");
            }
            assert_eq!(value, fixture.state);
        }
        Err(error) => {
            assert_eq!(error.to_jsonrpc_error(), fixture.answer, "{error:?}");
            if original.is_some_and(|original| *original == text) {
                panic!("the untouched state was refused: {error:?}");
            }
            // An altered state: no reason that needs an authentic header. (Foreign when the
            // key id was altered with other bytes: no key of the ring then recognizes it.)
            if original.is_some() {
                assert!(
                    matches!(
                        error,
                        StateError::Malformed
                            | StateError::Tampered
                            | StateError::Foreign
                            | StateError::Oversized { .. }
                    ),
                    "an altered state refused as {error:?}"
                );
            }
        }
    }

    // Nothing opens for someone else, and the answer is the same.
    let error = fixture
        .keys
        .open::<Value>(&text, &fixture.stranger)
        .expect_err("a state opened for another principal");
    assert_eq!(error.to_jsonrpc_error(), fixture.answer, "{error:?}");
});
