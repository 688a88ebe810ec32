//! The client side: any schema a server may send deserializes, and `validate` /
//! `apply_defaults` check and complete an answer before it is sent.

use elicit_core::protocol::{ElicitRequest, ElicitResult};
use elicit_core::schema::{PropertySchema, RequestedSchema};
use elicit_core::{Elicit, FieldErrorKind};
use serde_json::{Map, Value, json};

fn content(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

/// One property of each of the eight kinds, every constraint set, the SEP-1034 defaults.
/// Written as text: a `json!` object would sort the properties.
const EVERY_KIND: &str = r##"{
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name", "minLength": 2, "maxLength": 5,
                 "pattern": "^[A-Z]", "default": "Ada"},
        "email": {"type": "string", "format": "email"},
        "age": {"type": "integer", "minimum": 18, "maximum": 130, "default": 30},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "agree": {"type": "boolean", "default": false},
        "size": {"type": "string", "enum": ["S", "M", "L"], "default": "M"},
        "color": {"type": "string", "oneOf": [
            {"const": "#f00", "title": "Red"}, {"const": "#0f0", "title": "Green"}
        ], "default": "#0f0"},
        "legacy": {"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"], "default": "b"},
        "tags": {"type": "array", "minItems": 1, "maxItems": 2,
                 "items": {"type": "string", "enum": ["x", "y", "z"]}, "default": ["x"]},
        "pets": {"type": "array", "items": {"anyOf": [
            {"const": "cat", "title": "Cat"}, {"const": "dog", "title": "Dog"}
        ]}, "default": ["cat", "dog"]}
    },
    "required": ["email", "ratio"]
}"##;

fn every_kind() -> RequestedSchema {
    serde_json::from_str(EVERY_KIND).unwrap()
}

#[test]
fn every_kind_deserializes_and_round_trips() {
    let value: Value = serde_json::from_str(EVERY_KIND).unwrap();
    let parsed = every_kind();
    let kinds: Vec<&str> = parsed
        .properties
        .iter()
        .map(|(_, property)| match property {
            PropertySchema::String(_) => "string",
            PropertySchema::Number(_) => "number",
            PropertySchema::Boolean(_) => "boolean",
            PropertySchema::UntitledSingleSelect(_) => "untitled single",
            PropertySchema::TitledSingleSelect(_) => "titled single",
            PropertySchema::LegacyTitledEnum(_) => "legacy",
            PropertySchema::UntitledMultiSelect(_) => "untitled multi",
            PropertySchema::TitledMultiSelect(_) => "titled multi",
            _ => "other",
        })
        .collect();
    let mut sorted = kinds.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 8, "{kinds:?}");
    assert_eq!(serde_json::to_value(&parsed).unwrap(), value);
    // Every default fits its own property.
    for (name, property) in &parsed.properties {
        if let Some(default) = property.default_value() {
            assert_eq!(property.check(&default), Ok(()), "{name}");
        }
    }
}

#[test]
fn a_valid_answer_passes() {
    let parsed = every_kind();
    let answer = content(json!({
        "name": "Bob", "email": "bob@example.com", "age": 40, "ratio": 0.5, "agree": true,
        "size": "L", "color": "#f00", "legacy": "a", "tags": ["y", "z"], "pets": ["dog"],
        "extra": "ignored"
    }));
    assert_eq!(parsed.validate(&answer), Ok(()));
    // Only the required fields; optional ones may be absent or null.
    let minimal = content(json!({"email": "bob@example.com", "ratio": 1, "size": null}));
    assert_eq!(parsed.validate(&minimal), Ok(()));
}

#[test]
fn every_kind_refuses_a_bad_answer() {
    let parsed = every_kind();
    let answer = content(json!({
        "name": "bob", "email": "nope", "age": 12.5, "ratio": 2, "agree": "yes",
        "size": "XL", "color": "Red", "legacy": "A", "tags": ["x", "x"], "pets": []
    }));
    let error = parsed.validate(&answer).unwrap_err();
    let codes: Vec<(&str, &str)> = error
        .errors()
        .iter()
        .map(|e| (e.field(), e.kind().code()))
        .collect();
    assert_eq!(
        codes,
        [
            ("name", "pattern_mismatch"),
            ("email", "bad_format"),
            ("age", "not_an_integer"),
            ("ratio", "above_maximum"),
            ("agree", "wrong_type"),
            ("size", "unknown_option"),
            ("color", "unknown_option"),
            ("legacy", "unknown_option"),
            ("tags", "duplicate_option"),
            // `pets` has no minItems: an empty selection is fine.
        ]
    );
    let more =
        content(json!({"name": "Abcdef", "age": 200, "ratio": -1, "tags": [], "pets": ["cow"]}));
    let error = parsed.validate(&more).unwrap_err();
    let codes: Vec<(&str, &str)> = error
        .errors()
        .iter()
        .map(|e| (e.field(), e.kind().code()))
        .collect();
    assert_eq!(
        codes,
        [
            ("name", "too_long"),
            ("email", "missing"),
            ("age", "above_maximum"),
            ("ratio", "below_minimum"),
            ("tags", "too_few_items"),
            ("pets", "unknown_option"),
        ]
    );
    let too_many =
        content(json!({"email": "a@b.co", "ratio": 0, "tags": ["x", "y", "z"], "name": "A"}));
    let error = parsed.validate(&too_many).unwrap_err();
    assert_eq!(
        error
            .errors()
            .iter()
            .map(|e| e.kind().code())
            .collect::<Vec<_>>(),
        ["too_short", "too_many_items"]
    );
}

#[test]
fn apply_defaults_fills_absent_fields_only() {
    let parsed = every_kind();
    let mut answer = content(
        json!({"email": "bob@example.com", "ratio": 0.25, "age": null, "size": "S", "x": 1}),
    );
    parsed.apply_defaults(&mut answer);
    assert_eq!(
        Value::Object(answer.clone()),
        json!({
            "email": "bob@example.com", "ratio": 0.25, "x": 1,
            // An explicit null (a cleared field) and a present value are kept.
            "age": null, "size": "S",
            "name": "Ada", "agree": false, "color": "#0f0", "legacy": "b",
            "tags": ["x"], "pets": ["cat", "dog"]
        })
    );
    assert_eq!(parsed.validate(&answer), Ok(()));
    // Idempotent.
    let before = answer.clone();
    parsed.apply_defaults(&mut answer);
    assert_eq!(answer, before);
    // Required fields without a default stay missing.
    let mut empty = Map::new();
    parsed.apply_defaults(&mut empty);
    let error = parsed.validate(&empty).unwrap_err();
    assert_eq!(
        error.errors().iter().map(|e| e.field()).collect::<Vec<_>>(),
        ["email", "ratio"]
    );
    assert!(
        error
            .errors()
            .iter()
            .all(|e| *e.kind() == FieldErrorKind::Missing)
    );
}

#[test]
fn default_values_per_kind() {
    let parsed = every_kind();
    let defaults: Vec<(&str, Option<Value>)> = parsed
        .properties
        .iter()
        .map(|(name, property)| (name.as_str(), property.default_value()))
        .collect();
    assert_eq!(
        defaults,
        [
            ("name", Some(json!("Ada"))),
            ("email", None),
            ("age", Some(json!(30))),
            ("ratio", None),
            ("agree", Some(json!(false))),
            ("size", Some(json!("M"))),
            ("color", Some(json!("#0f0"))),
            ("legacy", Some(json!("b"))),
            ("tags", Some(json!(["x"]))),
            ("pets", Some(json!(["cat", "dog"]))),
        ]
    );
}

#[test]
fn the_2025_06_18_forms_deserialize() {
    // That revision's schema: no `default` but on booleans, `enum` with `enumNames`, and an
    // `enum` without names.
    let old: RequestedSchema = serde_json::from_str(
        r#"{
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Display Name", "description": "Description text",
                     "minLength": 3, "maxLength": 50, "pattern": "^[A-Za-z]+$", "format": "email"},
            "n": {"type": "number", "minimum": 0, "maximum": 100},
            "b": {"type": "boolean", "default": false},
            "e": {"type": "string", "enum": ["option1", "option2"], "enumNames": ["Option 1", "Option 2"]},
            "plain": {"type": "string", "enum": ["a", "b"]}
        },
        "required": ["name"]
    }"#,
    )
    .unwrap();
    assert!(matches!(
        old.property("e"),
        Some(PropertySchema::LegacyTitledEnum(_))
    ));
    assert!(matches!(
        old.property("plain"),
        Some(PropertySchema::UntitledSingleSelect(_))
    ));
    let ok = content(json!({"name": "ab@example.com", "e": "option2", "plain": "a"}));
    // `pattern` is unanchored but `@` and `.` are not letters: it fails.
    let error = old.validate(&ok).unwrap_err();
    assert_eq!(error.errors()[0].kind().code(), "pattern_mismatch");
    let error = old
        .validate(&content(json!({"name": "x", "e": "Option 1"})))
        .unwrap_err();
    assert_eq!(
        error
            .errors()
            .iter()
            .map(|e| (e.field(), e.kind().code()))
            .collect::<Vec<_>>(),
        [("name", "too_short"), ("e", "unknown_option")]
    );
}

#[test]
fn refuses_schemas_a_server_may_not_send() {
    for (bad, needle) in [
        (json!({"type": "array", "properties": {}}), "\"array\""),
        (json!({"properties": {}}), "type"),
        (json!({"type": "object"}), "properties"),
        (
            json!({"type": "object", "properties": {"a": {"type": "object"}}}),
            "\"object\"",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "array"}}}),
            "items",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "integer", "enum": ["1"]}}}}),
            "\"integer\"",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "boolean", "default": "yes"}}}),
            "boolean",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "format": "phone"}}}),
            "phone",
        ),
    ] {
        let error = serde_json::from_value::<RequestedSchema>(bad.clone()).unwrap_err();
        assert!(error.to_string().contains(needle), "{bad}: {error}");
    }
}

#[test]
fn reads_what_the_spec_allows_but_cannot_apply_as_unchecked() {
    // The spec's property schemas are open objects: these are valid, so a client shows the
    // form and lists what it cannot apply.
    for (schema, keyword) in [
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "enum": ["x"], "enumNames": []}}}),
            "enumNames",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "("}}}),
            "pattern",
        ),
    ] {
        let read = serde_json::from_value::<RequestedSchema>(schema.clone()).unwrap();
        let unchecked = read.unchecked();
        assert_eq!(unchecked.len(), 1, "{schema}");
        assert_eq!(unchecked[0].property.as_deref(), Some("a"));
        assert_eq!(unchecked[0].keyword, keyword);
        assert_eq!(serde_json::to_value(&read).unwrap(), schema);
    }
}

/// Where should we ship it?
#[derive(Elicit, Debug, PartialEq)]
struct Shipping {
    #[elicit(min_length = 1)]
    street: String,
    #[elicit(pattern = "^[0-9]{5}$")]
    zip: String,
    #[elicit(default = false)]
    express: bool,
}

#[test]
fn a_client_answers_a_typed_server_and_they_agree() {
    // The client reads the request from the wire, pre-fills, checks and answers.
    let wire = serde_json::to_string(&ElicitRequest::form::<Shipping>().to_jsonrpc(1)).unwrap();
    let request: ElicitRequest = serde_json::from_str(&wire).unwrap();
    let schema = request.requested_schema().unwrap();
    let mut answer = content(json!({"street": "1 Main St", "zip": "1234"}));
    schema.apply_defaults(&mut answer);
    let error = schema.validate(&answer).unwrap_err();
    assert_eq!(error.errors()[0].field(), "zip");
    // The server's typed parser reaches the same verdict.
    let server = Shipping::from_content(&answer).unwrap_err();
    assert_eq!(server.errors()[0].kind(), error.errors()[0].kind());

    answer.insert("zip".into(), json!("12345"));
    assert_eq!(schema.validate(&answer), Ok(()));
    let response = ElicitResult::accept(answer).to_jsonrpc(1);
    let outcome = elicit_core::ElicitOutcome::<Shipping>::from_result(&response).unwrap();
    assert_eq!(
        outcome.accepted().unwrap(),
        Shipping {
            street: "1 Main St".into(),
            zip: "12345".into(),
            express: false
        }
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Shipping>();
}
