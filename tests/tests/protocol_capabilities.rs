//! Client capabilities: reading `capabilities.elicitation` from every revision, and checking
//! requests against it (the spec's -32602 case).

use elicit_core::Elicit;
use elicit_core::protocol::{
    ElicitMode, ElicitRequest, ElicitationSupport, JsonRpcError, MessageErrorKind, UnsupportedMode,
};
use serde_json::{Value, json};

/// Your name
#[derive(Elicit, Debug, PartialEq)]
struct Name {
    name: String,
}

fn form() -> ElicitRequest {
    ElicitRequest::form::<Name>()
}

fn url() -> ElicitRequest {
    ElicitRequest::url("Connect", "https://example.com/connect", "e-1").unwrap()
}

#[test]
fn reads_every_declaration() {
    let none = ElicitationSupport::NONE;
    let form_only = ElicitationSupport::FORM;
    let url_only = ElicitationSupport {
        form: false,
        url: true,
    };
    let both = ElicitationSupport::ALL;
    let cases = [
        (json!({}), none),
        (
            json!({"sampling": {}, "roots": {"listChanged": true}}),
            none,
        ),
        (json!({"elicitation": {}}), form_only),
        (json!({"elicitation": {"form": {}}}), form_only),
        (json!({"elicitation": {"url": {}}}), url_only),
        (json!({"elicitation": {"form": {}, "url": {}}}), both),
        (json!({"elicitation": {"form": {"x": 1}, "url": {}}}), both),
        // An unknown sub-key alone is the backward-compatible `{}`.
        (json!({"elicitation": {"somethingNew": {}}}), form_only),
    ];
    for (capabilities, expected) in cases {
        assert_eq!(
            ElicitationSupport::from_client_capabilities(&capabilities).unwrap(),
            expected,
            "{capabilities}"
        );
    }
}

#[test]
fn refuses_malformed_capabilities() {
    let cases = [
        (json!([]), "", "the message: expected an object, got array"),
        (
            json!({"elicitation": true}),
            "elicitation",
            "`elicitation`: expected an object, got boolean",
        ),
        (
            json!({"elicitation": null}),
            "elicitation",
            "`elicitation`: expected an object, got null",
        ),
        (
            json!({"elicitation": {"form": true}}),
            "elicitation.form",
            "`elicitation.form`: expected an object, got boolean",
        ),
        (
            json!({"elicitation": {"form": {}, "url": "yes"}}),
            "elicitation.url",
            "`elicitation.url`: expected an object, got string",
        ),
    ];
    for (capabilities, path, text) in cases {
        let error = ElicitationSupport::from_client_capabilities(&capabilities).unwrap_err();
        assert_eq!(error.path(), path, "{capabilities}");
        assert_eq!(error.to_string(), text);
        assert!(matches!(error.kind(), MessageErrorKind::WrongType { .. }));
    }
}

#[test]
fn reads_initialize_requests() {
    let params = json!({
        "protocolVersion": "2025-06-18",
        "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "c", "version": "1"}
    });
    let message = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params});
    assert_eq!(
        ElicitationSupport::from_initialize(&message).unwrap(),
        ElicitationSupport::FORM
    );
    assert_eq!(
        ElicitationSupport::from_initialize(&params).unwrap(),
        ElicitationSupport::FORM
    );
    let no_elicitation = json!({"method": "initialize", "params": {"capabilities": {}}});
    assert_eq!(
        ElicitationSupport::from_initialize(&no_elicitation).unwrap(),
        ElicitationSupport::NONE
    );

    let refusals = [
        (json!({"method": "tools/list", "params": {}}), "method"),
        (json!({"method": "initialize"}), "params"),
        (
            json!({"method": "initialize", "params": {}}),
            "params.capabilities",
        ),
        (json!({"protocolVersion": "2025-06-18"}), "capabilities"),
        (
            json!({"method": "initialize", "params": {"capabilities": {"elicitation": 1}}}),
            "params.capabilities.elicitation",
        ),
    ];
    for (value, path) in refusals {
        let error = ElicitationSupport::from_initialize(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
    }
}

fn meta(capabilities: &Value) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": capabilities
    })
}

#[test]
fn reads_2026_request_meta() {
    let capabilities = json!({"elicitation": {"form": {}, "url": {}}});
    let shapes = [
        meta(&capabilities),
        json!({"name": "deploy", "_meta": meta(&capabilities)}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
               "params": {"name": "deploy", "_meta": meta(&capabilities)}}),
    ];
    for shape in shapes {
        assert_eq!(
            ElicitationSupport::from_request_meta(&shape).unwrap(),
            ElicitationSupport::ALL,
            "{shape}"
        );
    }
    // "An empty object means the client supports no optional capabilities."
    assert_eq!(
        ElicitationSupport::from_request_meta(&meta(&json!({}))).unwrap(),
        ElicitationSupport::NONE
    );

    let refusals = [
        (
            json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"}),
            "[\"io.modelcontextprotocol/clientCapabilities\"]",
        ),
        (
            json!({"_meta": {}}),
            "_meta[\"io.modelcontextprotocol/clientCapabilities\"]",
        ),
        (json!({"params": {"name": "x"}}), "params._meta"),
        (json!({"params": 3}), "params"),
        (json!({"_meta": []}), "_meta"),
        (
            json!({"params": {"_meta": meta(&json!({"elicitation": {"url": 1}}))}}),
            "params._meta[\"io.modelcontextprotocol/clientCapabilities\"].elicitation.url",
        ),
    ];
    for (value, path) in refusals {
        let error = ElicitationSupport::from_request_meta(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
    }
}

#[test]
fn checks_requests_against_the_declaration() {
    let cases = [
        (ElicitationSupport::NONE, false, false),
        (ElicitationSupport::FORM, true, false),
        (
            ElicitationSupport {
                form: false,
                url: true,
            },
            false,
            true,
        ),
        (ElicitationSupport::ALL, true, true),
    ];
    for (support, form_ok, url_ok) in cases {
        assert_eq!(support.supports(ElicitMode::Form), form_ok);
        assert_eq!(support.supports(ElicitMode::Url), url_ok);
        assert_eq!(support.check(&form()).is_ok(), form_ok, "{support:?}");
        assert_eq!(support.check(&url()).is_ok(), url_ok, "{support:?}");
    }
}

#[test]
fn unsupported_mode_errors() {
    let refused = ElicitationSupport::FORM.check(&url()).unwrap_err();
    assert_eq!(refused.mode(), ElicitMode::Url);
    assert_eq!(refused.support(), ElicitationSupport::FORM);
    assert_eq!(
        refused.to_string(),
        "the client did not declare url-mode elicitation (it declared: form)"
    );

    // What a client answers (-32602).
    let invalid = refused.to_jsonrpc_error();
    assert_eq!(invalid.code, -32602);
    assert_eq!(invalid.code, JsonRpcError::INVALID_PARAMS);
    assert_eq!(
        invalid.to_jsonrpc(7),
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32602,
            "message": "elicitation mode \"url\" is not supported by this client"
        }})
    );

    // What a 2026-07-28 server answers (-32021).
    let missing = refused.to_missing_capability_error();
    assert_eq!(missing.code, UnsupportedMode::MISSING_CAPABILITY);
    assert_eq!(
        missing.to_value(),
        json!({
            "code": -32021,
            "message": "This tool asks \"Connect\" on a page of its own, in the person's browser, and this client cannot send them there (it has no URL-mode elicitation): use a client that can",
            "data": {"requiredCapabilities": {"elicitation": {"url": {}}}}
        })
    );

    let none = ElicitationSupport::NONE.check(&form()).unwrap_err();
    assert_eq!(
        none.to_string(),
        "the client did not declare form-mode elicitation (it declared: no elicitation)"
    );
    assert_eq!(
        none.to_missing_capability_error().data,
        Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
    );
    // Worded for the person: what the form asks, by the titles they would have read.
    assert_eq!(
        none.to_missing_capability_error().message,
        "This tool needs \"Name\" from the person, and this client cannot show a form (it has no form-mode elicitation): ask the person for it in the chat"
    );
    let url_only = ElicitationSupport {
        form: false,
        url: true,
    };
    assert!(
        url_only
            .check(&form())
            .unwrap_err()
            .to_string()
            .ends_with("(it declared: url)")
    );
    assert!(
        ElicitationSupport::ALL.check(&form()).is_ok()
            && ElicitationSupport::ALL.check(&url()).is_ok()
    );
}

#[test]
fn clients_declare_capabilities() {
    assert_eq!(ElicitationSupport::NONE.to_capability(), None);
    for support in [
        ElicitationSupport::FORM,
        ElicitationSupport {
            form: false,
            url: true,
        },
        ElicitationSupport::ALL,
    ] {
        let declared = json!({"elicitation": support.to_capability().unwrap()});
        assert_eq!(
            ElicitationSupport::from_client_capabilities(&declared).unwrap(),
            support
        );
    }
    assert_eq!(
        ElicitationSupport::FORM.to_capability(),
        Some(json!({"form": {}}))
    );
    assert_eq!(ElicitationSupport::default(), ElicitationSupport::NONE);
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Name>();
}
