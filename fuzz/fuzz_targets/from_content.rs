//! `from_content` of the rich and strict forms on any JSON object, with the verdict,
//! constraint and round-trip oracles of `elicit_fuzz::check_form`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    if let Ok(Value::Object(content)) = serde_json::from_slice::<Value>(data) {
        elicit_fuzz::check_content(&content);
    }
});
