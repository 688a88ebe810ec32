//! `ElicitOutcome::from_slice_limited` of derived forms, which reads the answer's bytes
//! straight into the form, against the general way (bytes to `Value`, `ElicitResult`,
//! `from_content`): the same outcome and the same errors, kinds and order included.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| elicit_fuzz::target::bytes(data));
