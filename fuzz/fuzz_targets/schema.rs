//! `RequestedSchema` deserialized from any JSON, re-serialized, and `validate` of a second
//! JSON value against it. The input is a JSON stream: the schema, then the content.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| elicit_fuzz::target::schema(data));
