//! Reading the client's answer into `ElicitOutcome<T>` / `ElicitResult`, and building one
//! as a client. Every refusal has a case.

use std::error::Error as _;

use elicit_core::protocol::{
    ElicitAction, ElicitResult, JsonRpcError, MessageErrorKind, OutcomeError,
    UrlElicitationRequired,
};
use elicit_core::{Elicit, ElicitOutcome, FieldErrorKind};
use serde_json::{Map, Value, json};

/// Your contact details
#[derive(Elicit, Debug, PartialEq, Clone)]
struct Contact {
    #[elicit(min_length = 1)]
    name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(minimum = 18)]
    age: u8,
}

/// Anything to add?
#[derive(Elicit, Debug, PartialEq, Clone, Default)]
struct Feedback {
    comment: Option<String>,
    #[elicit(default = 5)]
    stars: u8,
    #[elicit(default = false)]
    follow_up: bool,
}

fn contact(result: &Value) -> Result<ElicitOutcome<Contact>, OutcomeError> {
    ElicitOutcome::<Contact>::from_result(result)
}

fn ada() -> Contact {
    Contact {
        name: "Ada".into(),
        email: Some("ada@example.com".into()),
        age: 36,
    }
}

fn ada_content() -> Value {
    json!({"name": "Ada", "email": "ada@example.com", "age": 36})
}

#[test]
fn accepted_in_every_shape() {
    let result = json!({"action": "accept", "content": ada_content()});
    for shape in [
        result.clone(),
        json!({"jsonrpc": "2.0", "id": 1, "result": result}),
        json!({"jsonrpc": "2.0", "id": "x", "result": result}),
        // Without `jsonrpc`, as some transports hand the result over.
        json!({"id": 1, "result": result}),
        // A 2026-07-28 `inputResponses` entry is the ElicitResult itself; a `resultType`
        // of "complete" is tolerated.
        json!({"action": "accept", "content": ada_content(), "resultType": "complete"}),
        json!({"action": "accept", "content": ada_content(), "_meta": {"x": 1}}),
    ] {
        assert_eq!(
            contact(&shape).unwrap(),
            ElicitOutcome::Accepted(ada()),
            "{shape}"
        );
    }
}

#[test]
fn declined_and_cancelled() {
    for (action, expected) in [
        ("decline", ElicitOutcome::Declined),
        ("reject", ElicitOutcome::Declined),
        ("cancel", ElicitOutcome::Cancelled),
    ] {
        for shape in [
            json!({"action": action}),
            json!({"action": action, "content": null}),
            // Content on a decline or cancel is ignored, even if it would not parse.
            json!({"action": action, "content": {"age": "old"}}),
            json!({"action": action, "content": 5}),
            json!({"jsonrpc": "2.0", "id": 3, "result": {"action": action}}),
        ] {
            assert_eq!(contact(&shape).unwrap(), expected.clone(), "{shape}");
            let untyped = ElicitResult::from_value(&shape).unwrap();
            assert_eq!(untyped.content, None);
        }
    }
}

#[test]
fn accept_without_content_is_empty_content() {
    let expected = ElicitOutcome::Accepted(Feedback {
        comment: None,
        stars: 5,
        follow_up: false,
    });
    for shape in [
        json!({"action": "accept"}),
        json!({"action": "accept", "content": null}),
        json!({"action": "accept", "content": {}}),
    ] {
        assert_eq!(
            ElicitOutcome::<Feedback>::from_result(&shape).unwrap(),
            expected,
            "{shape}"
        );
    }
    // A form with required fields cannot take empty content.
    let error = contact(&json!({"action": "accept"})).unwrap_err();
    let content = error.content_error().unwrap();
    let fields: Vec<&str> = content.errors().iter().map(|e| e.field()).collect();
    assert_eq!(fields, ["name", "age"]);
    assert!(
        content
            .errors()
            .iter()
            .all(|e| *e.kind() == FieldErrorKind::Missing)
    );
}

#[test]
fn invalid_content_keeps_every_field_error() {
    let error =
        contact(&json!({"action": "accept", "content": {"name": "", "email": "nope", "age": 12}}))
            .unwrap_err();
    let OutcomeError::Invalid(content) = &error else {
        panic!("{error:?}")
    };
    let codes: Vec<(&str, &str)> = content
        .errors()
        .iter()
        .map(|e| (e.field(), e.kind().code()))
        .collect();
    assert_eq!(
        codes,
        [
            ("name", "too_short"),
            ("email", "bad_format"),
            ("age", "below_minimum")
        ]
    );
    assert!(
        error
            .to_string()
            .starts_with("the accepted content does not fit the form:\n")
    );
    assert!(
        error
            .to_string()
            .contains("`age`: must be at least 18, got 12")
    );
    assert!(error.source().is_some());
}

fn malformed(result: &Value) -> (String, MessageErrorKind, String) {
    match ElicitResult::from_value(result) {
        Err(OutcomeError::Malformed(error)) => (
            error.path().to_owned(),
            error.kind().clone(),
            error.to_string(),
        ),
        other => panic!("{result}: expected a malformed error, got {other:?}"),
    }
}

#[test]
fn refuses_malformed_results() {
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!(null), "", "the message: expected an object, got null"),
        (
            json!("accept"),
            "",
            "the message: expected an object, got string",
        ),
        (json!({}), "action", "`action` is missing"),
        (json!({"content": {}}), "action", "`action` is missing"),
        (
            json!({"action": 1}),
            "action",
            "`action`: expected a string, got number",
        ),
        (
            json!({"action": null}),
            "action",
            "`action`: expected a string, got null",
        ),
        (
            json!({"action": "accept", "content": "x"}),
            "content",
            "`content`: expected an object, got string",
        ),
        (
            json!({"action": "accept", "content": [1]}),
            "content",
            "`content`: expected an object, got array",
        ),
        (
            json!({"action": "accept", "resultType": "input_required"}),
            "resultType",
            "`resultType`: expected \"complete\" (an ElicitResult), got \"input_required\"",
        ),
        (
            json!({"action": "accept", "resultType": 1}),
            "resultType",
            "`resultType`: expected a string, got number",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1}),
            "action",
            "`action` is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": []}),
            "result",
            "`result`: expected an object, got array",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
            "result.action",
            "`result.action` is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": 1}}),
            "result.content",
            "`result.content`: expected an object, got number",
        ),
        (
            json!({"jsonrpc": "1.0", "id": 1, "result": {"action": "accept"}}),
            "jsonrpc",
            "`jsonrpc`: expected \"2.0\", got \"1.0\"",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {}}),
            "",
            "both `result` and `error`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {}}),
            "",
            "not an ElicitResult",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"message": "x"}}),
            "error.code",
            "`error.code` is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": "x", "message": "x"}}),
            "error.code",
            "`error.code`: expected an integer, got string",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -1}}),
            "error.message",
            "`error.message` is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": 5}),
            "error",
            "`error`: expected an object, got number",
        ),
    ];
    for (value, path, needle) in cases {
        let (found, _, text) = malformed(&value);
        assert_eq!(found, path, "{value}");
        assert!(text.contains(needle), "{value}: {text:?} lacks {needle:?}");
        // The typed parse fails the same way.
        let typed = contact(&value).unwrap_err();
        assert!(matches!(typed, OutcomeError::Malformed(_)), "{value}");
        assert!(
            typed
                .to_string()
                .starts_with("malformed elicitation result: ")
        );
    }
}

#[test]
fn refuses_unknown_actions() {
    for action in ["accepted", "ACCEPT", "dismiss", "", "ok"] {
        let error = contact(&json!({"action": action})).unwrap_err();
        assert_eq!(
            error,
            OutcomeError::UnknownAction {
                action: action.into()
            }
        );
        assert!(
            error
                .to_string()
                .contains("expected \"accept\", \"decline\" or \"cancel\"")
        );
    }
    let long = "x".repeat(5000);
    let error = contact(&json!({"action": long})).unwrap_err();
    assert!(error.to_string().len() < 200);
}

#[test]
fn an_error_response_is_an_error() {
    let response = json!({"jsonrpc": "2.0", "id": 4, "error": {
        "code": -32602, "message": "elicitation mode \"url\" is not supported", "data": {"why": "no"}
    }});
    let error = contact(&response).unwrap_err();
    let OutcomeError::JsonRpc(rpc) = &error else {
        panic!("{error:?}")
    };
    assert_eq!(rpc.code, JsonRpcError::INVALID_PARAMS);
    assert_eq!(rpc.data, Some(json!({"why": "no"})));
    assert_eq!(
        error.to_string(),
        "the client answered with an error: JSON-RPC error -32602: elicitation mode \"url\" is not supported"
    );
    assert!(error.content_error().is_none());
    assert!(error.source().is_some());

    // A -32042 from a server reads back as the typed URL-elicitation error.
    let required = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "m",
        "data": {"elicitations": [{"mode": "url", "elicitationId": "e", "url": "https://example.com/", "message": "go"}]}}});
    let OutcomeError::JsonRpc(rpc) = ElicitResult::from_value(&required).unwrap_err() else {
        panic!()
    };
    assert_eq!(rpc.code, UrlElicitationRequired::CODE);
    let typed = UrlElicitationRequired::from_error(&rpc).unwrap();
    assert_eq!(typed.elicitations().len(), 1);
}

#[test]
fn clients_build_results() {
    let accepted = ElicitOutcome::Accepted(ada());
    assert_eq!(
        accepted.to_result(),
        json!({"action": "accept", "content": ada_content()})
    );
    assert_eq!(
        ElicitOutcome::<Contact>::Declined.to_result(),
        json!({"action": "decline"})
    );
    assert_eq!(
        ElicitOutcome::<Contact>::Cancelled.to_result(),
        json!({"action": "cancel"})
    );
    // Every outcome reads back as itself.
    for outcome in [accepted, ElicitOutcome::Declined, ElicitOutcome::Cancelled] {
        assert_eq!(contact(&outcome.to_result()).unwrap(), outcome);
        let response = outcome.to_elicit_result().to_jsonrpc(12);
        assert_eq!(response["id"], 12);
        assert_eq!(contact(&response).unwrap(), outcome);
    }
    // An optional `None` field is left out of the content.
    let no_email = Contact {
        email: None,
        ..ada()
    };
    assert_eq!(
        ElicitOutcome::Accepted(no_email).to_result(),
        json!({"action": "accept", "content": {"name": "Ada", "age": 36}})
    );
}

#[test]
fn untyped_results() {
    let content: Map<String, Value> = ada_content().as_object().unwrap().clone();
    let result = ElicitResult::accept(content.clone());
    assert_eq!(result.action, ElicitAction::Accept);
    assert_eq!(
        result.to_value(),
        json!({"action": "accept", "content": ada_content()})
    );
    assert_eq!(
        result.to_jsonrpc("r1"),
        json!({"jsonrpc": "2.0", "id": "r1", "result": {"action": "accept", "content": ada_content()}})
    );
    assert_eq!(serde_json::to_value(&result).unwrap(), result.to_value());
    let parsed: ElicitResult = serde_json::from_value(result.to_value()).unwrap();
    assert_eq!(parsed, result);
    assert!(serde_json::from_value::<ElicitResult>(json!({"action": "nope"})).is_err());
    assert_eq!(
        ElicitResult::accept_url().to_value(),
        json!({"action": "accept"})
    );
    assert_eq!(
        ElicitResult::decline().to_value(),
        json!({"action": "decline"})
    );
    assert_eq!(
        ElicitResult::cancel().to_value(),
        json!({"action": "cancel"})
    );
    assert_eq!(
        ElicitOutcome::<Contact>::from_elicit_result(&result).unwrap(),
        ElicitOutcome::Accepted(ada())
    );
    // A schema-only server validates the raw content itself.
    assert!(Contact::requested_schema().validate(&content).is_ok());
}

#[test]
fn actions() {
    for (word, action) in [
        ("accept", ElicitAction::Accept),
        ("decline", ElicitAction::Decline),
        ("cancel", ElicitAction::Cancel),
    ] {
        assert_eq!(ElicitAction::parse(word), Some(action));
        assert_eq!(action.as_str(), word);
        assert_eq!(action.to_string(), word);
        assert_eq!(serde_json::to_value(action).unwrap(), json!(word));
        assert_eq!(
            serde_json::from_value::<ElicitAction>(json!(word)).unwrap(),
            action
        );
    }
    assert_eq!(
        serde_json::from_value::<ElicitAction>(json!("reject")).unwrap(),
        ElicitAction::Decline
    );
    let error = serde_json::from_value::<ElicitAction>(json!("maybe")).unwrap_err();
    assert!(error.to_string().contains("\"maybe\""));
}

#[test]
fn outcome_helpers() {
    let accepted = ElicitOutcome::Accepted(ada());
    assert!(accepted.is_accepted());
    assert_eq!(accepted.action(), ElicitAction::Accept);
    assert_eq!(accepted.clone().map(|c| c.age), ElicitOutcome::Accepted(36));
    assert_eq!(accepted.accepted(), Some(ada()));
    let declined = ElicitOutcome::<Contact>::Declined;
    assert!(!declined.is_accepted());
    assert_eq!(declined.action(), ElicitAction::Decline);
    assert_eq!(declined.clone().map(|c| c.age), ElicitOutcome::Declined);
    assert_eq!(declined.accepted(), None);
    assert_eq!(
        ElicitOutcome::<Contact>::Cancelled.map(|c| c.age),
        ElicitOutcome::Cancelled
    );
    assert_eq!(
        ElicitOutcome::<Contact>::Cancelled.action(),
        ElicitAction::Cancel
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Contact>();
    tests::soundness::check_form_is_sound::<Feedback>();
}
