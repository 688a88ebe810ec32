//! `StateKeys::open` of any string, and of real sealed states altered by the input, under a
//! fixed ring: never a panic; a string other than a state the ring sealed is refused; every
//! refusal, and every state opened for another principal, gets the one client answer.
//!
//! The first byte picks the mode: even, the rest is the string (lossy UTF-8); odd, the rest
//! is a list of edits (three bytes each: what, where, with what) applied to the characters
//! of one of the real states (an encrypted and a readable one, chosen by the first byte).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| elicit_fuzz::target::state_open(data));
