//! `from_content` of the rich and strict forms on any JSON object, with the verdict,
//! constraint and round-trip oracles of `elicit_fuzz::check_form`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| elicit_fuzz::target::from_content(data));
