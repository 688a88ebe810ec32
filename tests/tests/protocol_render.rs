//! Rendering a request for each protocol revision.

use elicit_core::Elicit;
use elicit_core::protocol::{ElicitRequest, ElicitResult, ProtocolVersion, RenderError};
use elicit_core::schema::RequestedSchema;
use serde_json::{Value, json};

/// Pick a size
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
enum Size {
    /// Small (8 oz)
    Small,
    /// Large (16 oz)
    Large,
}

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(untitled)]
enum Milk {
    Whole,
    Oat,
}

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy_enum_names)]
enum Cup {
    /// Paper cup
    Paper,
    /// Your own mug
    Mug,
}

#[derive(Elicit, Debug, PartialEq, Clone, Copy, Ord, PartialOrd, Eq)]
enum Extra {
    Sugar,
    Cinnamon,
}

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(untitled)]
enum Topping {
    Foam,
    Cocoa,
}

/// Your coffee order
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Order {
    #[elicit(title = "Name on the cup", pattern = "^[A-Za-z ]+$", default = "Guest")]
    name: String,
    #[elicit(minimum = 1, maximum = 4, default = 1)]
    shots: u8,
    #[elicit(default = false)]
    decaf: bool,
    #[elicit(default = "Large")]
    size: Size,
    #[elicit(default = "Oat")]
    milk: Milk,
    #[elicit(default = "Mug")]
    cup: Cup,
}

/// Your coffee order, with extras
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct FancyOrder {
    name: String,
    extras: Vec<Extra>,
    size: Size,
    toppings: Option<Vec<Topping>>,
}

fn order_2025_11_25() -> Value {
    json!({
        "mode": "form",
        "message": "Your coffee order",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "title": "Name on the cup", "pattern": "^[A-Za-z ]+$", "default": "Guest"},
                "shots": {"type": "integer", "minimum": 1, "maximum": 4, "default": 1},
                "decaf": {"type": "boolean", "default": false},
                "size": {"type": "string", "oneOf": [
                    {"const": "Small", "title": "Small (8 oz)"},
                    {"const": "Large", "title": "Large (16 oz)"}
                ], "default": "Large"},
                "milk": {"type": "string", "enum": ["Whole", "Oat"], "default": "Oat"},
                "cup": {"type": "string", "enum": ["Paper", "Mug"], "enumNames": ["Paper cup", "Your own mug"], "default": "Mug"}
            }
        }
    })
}

#[test]
fn default_rendering_is_2025_11_25() {
    assert_eq!(ProtocolVersion::default(), ProtocolVersion::V2025_11_25);
    let request = ElicitRequest::form::<Order>();
    let rendered = request.render(ProtocolVersion::V2025_11_25).unwrap();
    assert_eq!(rendered, order_2025_11_25());
    assert_eq!(rendered, serde_json::to_value(&request).unwrap());
    assert_eq!(
        request.render(ProtocolVersion::default()).unwrap(),
        rendered
    );
}

#[test]
fn the_2025_06_18_rendering() {
    let request = ElicitRequest::form::<Order>();
    let rendered = request.render(ProtocolVersion::V2025_06_18).unwrap();
    let size = json!({
        "type": "string",
        "enum": ["Small", "Large"],
        "enumNames": ["Small (8 oz)", "Large (16 oz)"]
    });
    assert_eq!(
        rendered,
        json!({
            "message": "Your coffee order",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    // `pattern` stays (the 2025-06-18 text lists it); `default` goes.
                    "name": {"type": "string", "title": "Name on the cup", "pattern": "^[A-Za-z ]+$"},
                    "shots": {"type": "integer", "minimum": 1, "maximum": 4},
                    // Booleans keep their default: BooleanSchema has one in 2025-06-18.
                    "decaf": {"type": "boolean", "default": false},
                    // A titled single select becomes `enum` + `enumNames`.
                    "size": size,
                    "milk": {"type": "string", "enum": ["Whole", "Oat"]},
                    "cup": {"type": "string", "enum": ["Paper", "Mug"], "enumNames": ["Paper cup", "Your own mug"]}
                }
            }
        })
    );
    assert!(rendered.get("mode").is_none());
    // What a 2025-06-18 client answers still parses, defaults applied by the parser.
    let answer = json!({"action": "accept", "content": {"size": "Small"}});
    let outcome = elicit_core::ElicitOutcome::<Order>::from_result(&answer).unwrap();
    let order = outcome.accepted().unwrap();
    assert_eq!(
        (
            order.name.as_str(),
            order.shots,
            order.size,
            order.milk,
            order.cup
        ),
        ("Guest", 1, Size::Small, Milk::Oat, Cup::Mug)
    );
}

#[test]
fn the_2025_06_18_rendering_keeps_order_in_text() {
    let text = ElicitRequest::form::<Order>()
        .to_jsonrpc_string(7, ProtocolVersion::V2025_06_18)
        .unwrap();
    let positions: Vec<usize> = [
        "\"name\"",
        "\"shots\"",
        "\"decaf\"",
        "\"size\"",
        "\"milk\"",
        "\"cup\"",
    ]
    .iter()
    .map(|key| text.find(key).unwrap())
    .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(text.starts_with(
        r#"{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"#
    ));
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        value,
        ElicitRequest::form::<Order>()
            .to_jsonrpc_for(7, ProtocolVersion::V2025_06_18)
            .unwrap()
    );
}

#[test]
fn the_2025_06_18_rendering_drops_schema_uri() {
    let schema: RequestedSchema = serde_json::from_value(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"ok": {"type": "boolean"}}
    }))
    .unwrap();
    let request = ElicitRequest::from_schema("ok?", schema);
    let old = request.render(ProtocolVersion::V2025_06_18).unwrap();
    assert!(old["requestedSchema"].get("$schema").is_none());
    let new = request.render(ProtocolVersion::V2025_11_25).unwrap();
    assert_eq!(
        new["requestedSchema"]["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}

#[test]
fn multi_selects_cannot_be_rendered_for_2025_06_18() {
    let error = ElicitRequest::form::<FancyOrder>()
        .render(ProtocolVersion::V2025_06_18)
        .unwrap_err();
    assert_eq!(
        error,
        RenderError::MultiSelect {
            fields: vec!["extras".into(), "toppings".into()],
            version: ProtocolVersion::V2025_06_18,
        }
    );
    assert_eq!(
        error.to_string(),
        "fields `extras`, `toppings` are multi-selects, which protocol revision 2025-06-18 cannot express (multi-select arrived in 2025-11-25)"
    );
    assert!(
        ElicitRequest::form::<FancyOrder>()
            .to_jsonrpc_for(1, ProtocolVersion::V2025_06_18)
            .is_err()
    );
    assert!(
        ElicitRequest::form::<FancyOrder>()
            .to_jsonrpc_string(1, ProtocolVersion::V2025_06_18)
            .is_err()
    );
    // Later revisions have them.
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let rendered = ElicitRequest::form::<FancyOrder>().render(version).unwrap();
        assert_eq!(
            rendered["requestedSchema"]["properties"]["extras"]["type"],
            "array"
        );
    }
}

#[test]
fn url_mode_per_revision() {
    let request = ElicitRequest::url("Sign in", "https://example.com/in", "e-1").unwrap();
    assert_eq!(
        request.render(ProtocolVersion::V2025_06_18).unwrap_err(),
        RenderError::UrlMode {
            version: ProtocolVersion::V2025_06_18
        }
    );
    assert_eq!(
        request
            .render(ProtocolVersion::V2025_06_18)
            .unwrap_err()
            .to_string(),
        "protocol revision 2025-06-18 has no URL-mode elicitation (it arrived in 2025-11-25)"
    );
    assert_eq!(
        request.render(ProtocolVersion::V2025_11_25).unwrap(),
        json!({"mode": "url", "message": "Sign in", "url": "https://example.com/in", "elicitationId": "e-1"})
    );
    assert_eq!(
        request.render(ProtocolVersion::V2026_07_28).unwrap(),
        json!({"mode": "url", "message": "Sign in", "url": "https://example.com/in"})
    );

    // A request read from a 2026-07-28 message has no id, which 2025-11-25 requires.
    let read = ElicitRequest::from_value(
        &json!({"mode": "url", "message": "Sign in", "url": "https://example.com/in"}),
    )
    .unwrap();
    let error = read.render(ProtocolVersion::V2025_11_25).unwrap_err();
    assert_eq!(
        error,
        RenderError::MissingElicitationId {
            version: ProtocolVersion::V2025_11_25
        }
    );
    assert!(error.to_string().contains("elicitationId"));
    // Serialization writes what it holds.
    assert_eq!(
        read.to_jsonrpc(1)["params"],
        json!({"mode": "url", "message": "Sign in", "url": "https://example.com/in"})
    );
    assert!(
        read.to_jsonrpc_for(1, ProtocolVersion::V2025_11_25)
            .is_err()
    );
}

#[test]
fn the_2026_07_28_rendering_drops_pattern_but_the_parser_keeps_it() {
    let request = ElicitRequest::form::<Order>();
    let rendered = request.render(ProtocolVersion::V2026_07_28).unwrap();
    let mut expected = order_2025_11_25();
    expected["requestedSchema"]["properties"]["name"]
        .as_object_mut()
        .unwrap()
        .remove("pattern");
    assert_eq!(rendered, expected);
    assert_eq!(request.to_input_request()["params"], rendered);

    let bad = json!({"action": "accept", "content": {"name": "R2-D2"}});
    let error = elicit_core::ElicitOutcome::<Order>::from_result(&bad).unwrap_err();
    assert_eq!(
        error.content_error().unwrap().errors()[0].kind().code(),
        "pattern_mismatch"
    );
    // The request itself is untouched.
    assert!(
        serde_json::to_value(&request).unwrap()["requestedSchema"]["properties"]["name"]["pattern"]
            .is_string()
    );
}

#[test]
fn every_revision_renders_a_plain_form_the_same_but_for_mode() {
    /// Please provide your GitHub username
    #[derive(Elicit)]
    #[elicit(untitled)]
    struct GitHub {
        name: String,
    }
    let request = ElicitRequest::form::<GitHub>();
    let new = request.render(ProtocolVersion::V2025_11_25).unwrap();
    assert_eq!(request.render(ProtocolVersion::V2026_07_28).unwrap(), new);
    let mut old = new.clone();
    old.as_object_mut().unwrap().remove("mode");
    assert_eq!(request.render(ProtocolVersion::V2025_06_18).unwrap(), old);
}

#[test]
fn protocol_versions() {
    for version in ProtocolVersion::ALL {
        let text = version.to_string();
        assert_eq!(text.parse::<ProtocolVersion>().unwrap(), version);
        assert_eq!(
            serde_json::to_value(version).unwrap(),
            Value::String(text.clone())
        );
        assert_eq!(
            serde_json::from_value::<ProtocolVersion>(Value::String(text)).unwrap(),
            version
        );
    }
    assert!(ProtocolVersion::V2025_06_18 < ProtocolVersion::V2026_07_28);
    let table: Vec<(bool, bool, bool, bool)> = ProtocolVersion::ALL
        .iter()
        .map(|v| {
            (
                v.has_url_mode(),
                v.has_multi_select(),
                v.has_elicitation_id(),
                v.has_pattern(),
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            (false, false, false, true),
            (true, true, true, true),
            (true, true, false, false)
        ]
    );
    for unknown in ["2024-11-05", "2025-03-26", "", "latest", "2025-11-25 "] {
        let error = unknown.parse::<ProtocolVersion>().unwrap_err();
        assert_eq!(error.version(), unknown);
        assert!(
            error
                .to_string()
                .contains("2025-06-18, 2025-11-25 or 2026-07-28")
        );
        assert!(serde_json::from_value::<ProtocolVersion>(json!(unknown)).is_err());
    }
}

#[test]
fn results_are_the_same_in_every_revision() {
    // `ElicitResult` did not change shape, except that 2025-06-18 said "reject".
    let result = ElicitResult::decline();
    assert_eq!(result.to_value(), json!({"action": "decline"}));
    assert_eq!(
        ElicitResult::from_value(&json!({"action": "reject"})).unwrap(),
        result
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Size>();
    tests::soundness::check_form_is_sound::<Milk>();
    tests::soundness::check_form_is_sound::<Cup>();
    tests::soundness::check_form_is_sound::<Extra>();
    tests::soundness::check_form_is_sound::<Topping>();
    tests::soundness::check_form_is_sound::<Order>();
    tests::soundness::check_form_is_sound::<FancyOrder>();
}
