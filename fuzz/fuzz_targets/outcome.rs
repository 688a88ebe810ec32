//! `ElicitOutcome::from_slice_limited` and `from_result` on any bytes, against
//! `ElicitResult::from_value` and `from_content`, and their round trips.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| elicit_fuzz::target::outcome(data));
