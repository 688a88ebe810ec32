//! `ElicitRequest`: building, serializing, JSON-RPC wrapping, and reading every shape a
//! client may receive, with each refusal.

use elicit_core::Elicit;
use elicit_core::protocol::{ElicitMode, ElicitRequest, FormRequest, MessageErrorKind};
use elicit_core::schema::{BooleanSchema, PropertySchema, RequestedSchema};
use serde_json::{Value, json};

/// Tell us about yourself
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Profile {
    /// Your full name
    #[elicit(min_length = 1)]
    name: String,
    #[elicit(default = true)]
    newsletter: bool,
    nickname: Option<String>,
}

fn profile_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Your full name", "minLength": 1},
            "newsletter": {"type": "boolean", "default": true},
            "nickname": {"type": "string"}
        },
        "required": ["name"]
    })
}

#[test]
fn form_uses_the_types_message_and_schema() {
    let request = ElicitRequest::form::<Profile>();
    assert_eq!(request.mode(), ElicitMode::Form);
    assert_eq!(request.message_text(), "Tell us about yourself");
    assert_eq!(
        request.requested_schema(),
        Some(Profile::requested_schema())
    );
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({
            "mode": "form",
            "message": "Tell us about yourself",
            "requestedSchema": profile_schema()
        })
    );
    let ElicitRequest::Form(form) = &request else {
        unreachable!()
    };
    assert_eq!(form.message(), "Tell us about yourself");
    assert_eq!(form, &FormRequest::of::<Profile>());
}

#[test]
fn message_replaces_the_prompt() {
    let request = ElicitRequest::form::<Profile>().message("Who are you?");
    assert_eq!(request.message_text(), "Who are you?");
    assert_eq!(
        serde_json::to_value(&request).unwrap()["message"],
        "Who are you?"
    );
    let url = ElicitRequest::url("a", "https://example.com/", "e")
        .unwrap()
        .message("b");
    assert_eq!(url.message_text(), "b");
}

#[test]
fn serialization_keeps_declaration_order() {
    let text = serde_json::to_string(&ElicitRequest::form::<Profile>()).unwrap();
    assert_eq!(
        text,
        r#"{"mode":"form","message":"Tell us about yourself","requestedSchema":{"type":"object","properties":{"name":{"type":"string","description":"Your full name","minLength":1},"newsletter":{"type":"boolean","default":true},"nickname":{"type":"string"}},"required":["name"]}}"#
    );
}

#[test]
fn to_jsonrpc_wraps_the_params() {
    let request = ElicitRequest::form::<Profile>();
    for (id, expected) in [
        (json!(1), request.to_jsonrpc(1)),
        (json!(-7), request.to_jsonrpc(-7_i64)),
        (json!(42), request.to_jsonrpc(42_u32)),
        (json!("abc"), request.to_jsonrpc("abc")),
        (json!("xyz"), request.to_jsonrpc(String::from("xyz"))),
    ] {
        assert_eq!(
            expected,
            json!({
                "jsonrpc": "2.0",
                "id": id,
                "method": "elicitation/create",
                "params": serde_json::to_value(&request).unwrap()
            })
        );
    }
}

#[test]
fn to_input_request_is_the_2026_entry() {
    let request = ElicitRequest::form::<Profile>();
    assert_eq!(
        request.to_input_request(),
        json!({
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": "Tell us about yourself",
                "requestedSchema": profile_schema()
            }
        })
    );
    let url = ElicitRequest::url("Go", "https://example.com/go", "e-1").unwrap();
    assert_eq!(
        url.to_input_request(),
        json!({"method": "elicitation/create", "params": {"mode": "url", "message": "Go", "url": "https://example.com/go"}})
    );
}

#[test]
fn from_schema_builds_a_runtime_form() {
    let mut schema = RequestedSchema::new();
    schema.push(
        "agree",
        PropertySchema::Boolean(BooleanSchema::default()),
        true,
    );
    let request = ElicitRequest::from_schema("Agree?", schema.clone());
    assert_eq!(request.requested_schema(), Some(&schema));
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({"mode": "form", "message": "Agree?", "requestedSchema": {
            "type": "object", "properties": {"agree": {"type": "boolean"}}, "required": ["agree"]
        }})
    );
    assert_eq!(
        ElicitRequest::from(FormRequest::new("Agree?", schema)),
        request
    );
}

#[test]
fn reads_every_request_shape() {
    let params = json!({"mode": "form", "message": "Tell us about yourself", "requestedSchema": profile_schema()});
    let expected = ElicitRequest::form::<Profile>();
    let shapes = [
        params.clone(),
        json!({"method": "elicitation/create", "params": params}),
        json!({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": params}),
        json!({"message": "Tell us about yourself", "requestedSchema": profile_schema()}),
        json!({"message": "Tell us about yourself", "requestedSchema": profile_schema(),
               "_meta": {"progressToken": 1}, "task": {"ttl": 1000}}),
    ];
    for shape in shapes {
        assert_eq!(
            ElicitRequest::from_value(&shape).unwrap(),
            expected,
            "{shape}"
        );
        let via_serde: ElicitRequest = serde_json::from_value(shape.clone()).unwrap();
        assert_eq!(via_serde, expected);
        let via_text: ElicitRequest = serde_json::from_str(&shape.to_string()).unwrap();
        assert_eq!(via_text, expected);
    }
}

#[test]
fn reading_from_text_keeps_the_servers_field_order() {
    let text = r#"{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{"zip":{"type":"string"},"city":{"type":"string"},"apartment":{"type":"integer"}}}}"#;
    let request: ElicitRequest = serde_json::from_str(text).unwrap();
    let names: Vec<&str> = request
        .requested_schema()
        .unwrap()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(names, ["zip", "city", "apartment"]);
    assert_eq!(serde_json::to_string(&request).unwrap(), text);

    let whole =
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{text}}}"#);
    let request: ElicitRequest = serde_json::from_str(&whole).unwrap();
    assert_eq!(serde_json::to_string(&request).unwrap(), text);
}

#[test]
fn reads_url_requests() {
    let request = ElicitRequest::from_value(&json!({
        "mode": "url", "message": "m", "url": "http://example.com/dev", "elicitationId": "e"
    }))
    .unwrap();
    let ElicitRequest::Url(url) = &request else {
        panic!("not URL mode")
    };
    // A client receives http as it is and decides for itself.
    assert!(!url.url().is_https());
    assert_eq!(url.elicitation_id(), Some("e"));
    assert_eq!(request.requested_schema(), None);
    assert_eq!(request.mode(), ElicitMode::Url);
}

fn refusal(value: &Value) -> (String, MessageErrorKind, String) {
    let error = ElicitRequest::from_value(value).expect_err(&value.to_string());
    // The serde path reports the same message.
    let serde_error = serde_json::from_value::<ElicitRequest>(value.clone()).unwrap_err();
    assert_eq!(serde_error.to_string(), error.to_string());
    (
        error.path().to_owned(),
        error.kind().clone(),
        error.to_string(),
    )
}

#[test]
fn refuses_malformed_requests() {
    let schema = profile_schema();
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!([]), "", "the message: expected an object, got array"),
        (
            json!("x"),
            "",
            "the message: expected an object, got string",
        ),
        (
            json!({"requestedSchema": schema}),
            "message",
            "`message` is missing",
        ),
        (
            json!({"message": 1, "requestedSchema": schema}),
            "message",
            "`message`: expected a string, got number",
        ),
        (
            json!({"mode": "sms", "message": "m", "requestedSchema": schema}),
            "mode",
            "`mode`: expected \"form\" or \"url\", got \"sms\"",
        ),
        (
            json!({"mode": 1, "message": "m"}),
            "mode",
            "`mode`: expected a string, got number",
        ),
        (
            json!({"mode": "form", "message": "m"}),
            "requestedSchema",
            "`requestedSchema` is missing",
        ),
        (
            json!({"message": "m", "requestedSchema": {"type": "array", "properties": {}}}),
            "requestedSchema",
            "\"array\"",
        ),
        (
            json!({"message": "m", "requestedSchema": {"type": "object", "properties": {"a": {"type": "object"}}}}),
            "requestedSchema",
            "unsupported property type \"object\"",
        ),
        (
            json!({"mode": "url", "message": "m"}),
            "url",
            "`url` is missing",
        ),
        (
            json!({"mode": "url", "message": "m", "url": "https://u:p@example.com/"}),
            "url",
            "credentials",
        ),
        (
            json!({"mode": "url", "message": "m", "url": "ftp://example.com/"}),
            "url",
            "\"ftp\"",
        ),
        (
            json!({"mode": "url", "message": "m", "url": "https://example.com/", "elicitationId": 5}),
            "elicitationId",
            "`elicitationId`: expected a string, got number",
        ),
        (
            json!({"mode": "url", "message": "m", "url": "https://example.com/", "elicitationId": ""}),
            "elicitationId",
            "elicitationId is empty",
        ),
        (
            json!({"method": "tools/call", "params": {}}),
            "method",
            "`method`: expected \"elicitation/create\", got \"tools/call\"",
        ),
        (
            json!({"method": "elicitation/create"}),
            "params",
            "`params` is missing",
        ),
        (
            json!({"method": "elicitation/create", "params": []}),
            "params",
            "`params`: expected an object, got array",
        ),
        (
            json!({"jsonrpc": "1.0", "method": "elicitation/create", "params": {}}),
            "jsonrpc",
            "`jsonrpc`: expected \"2.0\", got \"1.0\"",
        ),
        (
            json!({"method": "elicitation/create", "params": {"mode": "form", "message": "m"}}),
            "params.requestedSchema",
            "`params.requestedSchema` is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {"mode": "url", "message": "m", "url": "/x"}}),
            "params.url",
            "not absolute",
        ),
    ];
    for (value, path, needle) in cases {
        let (found_path, _, text) = refusal(&value);
        assert_eq!(found_path, path, "{value}");
        assert!(text.contains(needle), "{value}: {text:?} lacks {needle:?}");
    }
}

#[test]
fn refusal_kinds_are_typed() {
    let (_, kind, _) = refusal(&json!({"mode": "url", "message": "m"}));
    assert_eq!(kind, MessageErrorKind::Missing);
    let (_, kind, _) = refusal(&json!({"mode": "x", "message": "m"}));
    assert!(matches!(kind, MessageErrorKind::UnexpectedValue { found, .. } if found == "x"));
    let (_, kind, _) = refusal(&json!({"message": false, "requestedSchema": {}}));
    assert!(matches!(kind, MessageErrorKind::WrongType { .. }));
    let (_, kind, _) = refusal(&json!({"mode": "url", "message": "m", "url": "x"}));
    assert!(matches!(kind, MessageErrorKind::Invalid { .. }));
    // A long bad value is quoted, not copied.
    let long = "z".repeat(10_000);
    let (_, _, text) = refusal(&json!({"mode": long, "message": "m"}));
    assert!(text.len() < 200, "{text}");
}

#[test]
fn the_request_survives_a_client_round_trip() {
    for request in [
        ElicitRequest::form::<Profile>(),
        ElicitRequest::url("Sign in", "https://example.com/in", "e-9").unwrap(),
    ] {
        let wire = serde_json::to_string(&request.to_jsonrpc(5)).unwrap();
        let read: ElicitRequest = serde_json::from_str(&wire).unwrap();
        assert_eq!(read, request);
        assert_eq!(
            ElicitRequest::from_value(&request.to_input_request())
                .unwrap()
                .mode(),
            request.mode()
        );
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Profile>();
}
