//! Small helpers every form test uses: content from `json!`, the checked schema, error
//! codes, and the round trip.

use elicit_core::Elicit;
use serde_json::{Map, Value};

use crate::spec::check_requested_schema;

/// The object inside a `json!({…})` answer.
///
/// # Panics
/// When `value` is not an object (a mistake in the test).
pub fn map(value: &Value) -> &Map<String, Value> {
    value.as_object().expect("test content is an object")
}

/// `T`'s schema as JSON, after checking it against the spec's rules.
///
/// # Panics
/// When the schema breaks a rule of the spec.
pub fn schema_json<T: Elicit>() -> Value {
    let schema = serde_json::to_value(T::requested_schema()).expect("serializes");
    check_requested_schema(&schema).unwrap_or_else(|problems| panic!("{problems}"));
    schema
}

/// The property names in the order the schema declares them.
pub fn names<T: Elicit>() -> Vec<&'static str> {
    T::requested_schema()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect()
}

/// Every error of `T::from_content(content)`, as `(field, code)` pairs.
///
/// # Panics
/// When the content parses.
pub fn error_codes<T: Elicit + std::fmt::Debug>(content: &Value) -> Vec<(String, &'static str)> {
    let error = T::from_content(map(content)).expect_err("content should be invalid");
    error
        .errors()
        .iter()
        .map(|e| (e.field().to_owned(), e.kind().code()))
        .collect()
}

/// `(field, code)` pairs written as string slices, for comparing with [`error_codes`].
pub fn codes(pairs: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
    pairs
        .iter()
        .map(|(field, code)| ((*field).to_owned(), *code))
        .collect()
}

/// `to_content` fits the schema and `from_content` gives the value back.
///
/// # Panics
/// When either step fails.
pub fn round_trip<T: Elicit + PartialEq + std::fmt::Debug>(value: &T) {
    let content = value.to_content();
    T::requested_schema()
        .validate(&content)
        .unwrap_or_else(|error| panic!("to_content does not fit the schema: {error}"));
    assert_eq!(
        &T::from_content(&content).expect("round trip parses"),
        value
    );
}
