//! The other messages of the exchange: `notifications/elicitation/complete`, the -32042
//! `URLElicitationRequiredError`, and the 2026-07-28 `InputRequiredResult` /
//! `inputResponses` pair.

use elicit_core::protocol::{
    ElicitRequest, ElicitResult, ElicitationComplete, InputRequest, InputRequiredResult,
    InputResponses, OutcomeError, RenderError, UrlElicitationRequired, UrlError, UrlRequest,
};
use elicit_core::{Elicit, ElicitOutcome};
use serde_json::{Value, json};

const ID: &str = "550e8400-e29b-41d4-a716-446655440000";

fn connect() -> UrlRequest {
    UrlRequest::new(
        "Authorization is required to access your Example Co files.",
        &format!("https://mcp.example.com/connect?elicitationId={ID}"),
        ID,
    )
    .unwrap()
}

// ---- notifications/elicitation/complete ------------------------------------------------

#[test]
fn completion_notification() {
    let done = ElicitationComplete::new(ID).unwrap();
    let expected = json!({
        "jsonrpc": "2.0",
        "method": "notifications/elicitation/complete",
        "params": {"elicitationId": ID}
    });
    assert_eq!(done.to_jsonrpc(), expected);
    assert_eq!(ElicitationComplete::from_value(&expected).unwrap(), done);
    assert_eq!(
        ElicitationComplete::from_value(&expected["params"]).unwrap(),
        done
    );
    assert_eq!(
        ElicitationComplete::for_request(&ElicitRequest::Url(connect())),
        Some(done)
    );
}

#[test]
fn completion_notification_refusals() {
    assert_eq!(
        ElicitationComplete::new("").unwrap_err(),
        UrlError::EmptyElicitationId
    );
    /// Form
    #[derive(Elicit)]
    struct Form {
        ok: bool,
    }
    assert_eq!(
        ElicitationComplete::for_request(&ElicitRequest::form::<Form>()),
        None
    );
    let without_id = ElicitRequest::from_value(
        &json!({"mode": "url", "message": "m", "url": "https://example.com/"}),
    )
    .unwrap();
    assert_eq!(ElicitationComplete::for_request(&without_id), None);

    let cases = [
        (
            json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"elicitationId": "x"}}),
            "method",
        ),
        (
            json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete"}),
            "params",
        ),
        (
            json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {}}),
            "params.elicitationId",
        ),
        (
            json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": 7}}),
            "params.elicitationId",
        ),
        (
            json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": ""}}),
            "params.elicitationId",
        ),
        (json!({}), "elicitationId"),
        (json!(7), ""),
    ];
    for (value, path) in cases {
        let error = ElicitationComplete::from_value(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
    }
}

// ---- URLElicitationRequiredError ------------------------------------------------------

#[test]
fn url_elicitation_required_error() {
    let error =
        UrlElicitationRequired::new("This request requires more information.", connect()).unwrap();
    assert_eq!(UrlElicitationRequired::CODE, -32042);
    assert_eq!(error.message(), "This request requires more information.");
    assert_eq!(error.elicitations(), [connect()]);
    let expected = json!({
        "jsonrpc": "2.0",
        "id": 2,
        "error": {
            "code": -32042,
            "message": "This request requires more information.",
            "data": {"elicitations": [{
                "mode": "url",
                "elicitationId": ID,
                "url": format!("https://mcp.example.com/connect?elicitationId={ID}"),
                "message": "Authorization is required to access your Example Co files."
            }]}
        }
    });
    assert_eq!(error.to_jsonrpc(2), expected);
    assert_eq!(error.to_error().to_value(), expected["error"]);
    assert_eq!(
        UrlElicitationRequired::from_value(&expected).unwrap(),
        error
    );
    assert_eq!(
        UrlElicitationRequired::from_value(&expected["error"]).unwrap(),
        error
    );

    let second = UrlRequest::new("Pay", "https://pay.example.com/checkout", "pay-1").unwrap();
    let two = error.and(second.clone()).unwrap();
    assert_eq!(two.elicitations().len(), 2);
    let json = two.to_jsonrpc("r");
    assert_eq!(
        json["error"]["data"]["elicitations"][1]["elicitationId"],
        "pay-1"
    );
    assert_eq!(UrlElicitationRequired::from_value(&json).unwrap(), two);
}

#[test]
fn url_elicitation_required_refusals() {
    // Every elicitation in the error needs an id; one read from a 2026-07-28 message has none.
    let ElicitRequest::Url(without_id) = ElicitRequest::from_value(
        &json!({"mode": "url", "message": "m", "url": "https://example.com/"}),
    )
    .unwrap() else {
        unreachable!()
    };
    let error = UrlElicitationRequired::new("m", without_id.clone()).unwrap_err();
    assert!(matches!(error, RenderError::MissingElicitationId { .. }));
    let error = UrlElicitationRequired::new("m", connect())
        .unwrap()
        .and(without_id)
        .unwrap_err();
    assert!(matches!(error, RenderError::MissingElicitationId { .. }));

    let entry =
        json!({"mode": "url", "elicitationId": "e", "url": "https://example.com/", "message": "m"});
    let wrap = |data: Value| json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "m", "data": data}});
    let cases = [
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m"}}),
            "error.code",
            "`error.code`: expected -32042, got \"-32602\"",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "m"}}),
            "error.data",
            "`error.data` is missing",
        ),
        (wrap(json!(1)), "error.data", "expected an object"),
        (wrap(json!({})), "error.data.elicitations", "is missing"),
        (
            wrap(json!({"elicitations": {}})),
            "error.data.elicitations",
            "expected an array",
        ),
        (
            wrap(json!({"elicitations": []})),
            "error.data.elicitations",
            "is empty",
        ),
        (
            wrap(json!({"elicitations": [entry, 5]})),
            "error.data.elicitations[1]",
            "expected an object",
        ),
        (
            wrap(
                json!({"elicitations": [{"mode": "url", "url": "https://example.com/", "message": "m"}]}),
            ),
            "error.data.elicitations[0].elicitationId",
            "is missing",
        ),
        (
            wrap(
                json!({"elicitations": [{"mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": {}}}]}),
            ),
            "error.data.elicitations[0].mode",
            "expected \"url\"",
        ),
        (
            wrap(
                json!({"elicitations": [{"mode": "url", "elicitationId": "e", "url": "https://u:p@example.com/", "message": "m"}]}),
            ),
            "error.data.elicitations[0].url",
            "credentials",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": "oops"}),
            "error",
            "expected an object",
        ),
    ];
    for (value, path, needle) in cases {
        let error = UrlElicitationRequired::from_value(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
        assert!(error.to_string().contains(needle), "{error}");
    }
}

// ---- 2026-07-28: InputRequiredResult and inputResponses --------------------------------

/// Please provide your GitHub username
#[derive(Elicit, Debug, PartialEq)]
struct GitHub {
    /// Your GitHub username
    #[elicit(title = "GitHub Username")]
    name: String,
}

/// Where should we deploy?
#[derive(Elicit, Debug, PartialEq)]
struct Target {
    #[elicit(pattern = "^[a-z]+$")]
    region: String,
    #[elicit(default = false)]
    dry_run: bool,
}

#[test]
fn input_required_result_round_trip() {
    let result = InputRequiredResult::new("github", ElicitRequest::form::<GitHub>())
        .with("connect", ElicitRequest::Url(connect()))
        .with_state("state-1");
    let value = result.to_value();
    assert_eq!(
        value,
        json!({
            "resultType": "input_required",
            "inputRequests": {
                "github": {
                    "method": "elicitation/create",
                    "params": {
                        "mode": "form",
                        "message": "Please provide your GitHub username",
                        "requestedSchema": {
                            "type": "object",
                            "properties": {"name": {"type": "string", "title": "GitHub Username", "description": "Your GitHub username"}},
                            "required": ["name"]
                        }
                    }
                },
                "connect": {
                    "method": "elicitation/create",
                    "params": {
                        "mode": "url",
                        "message": "Authorization is required to access your Example Co files.",
                        "url": format!("https://mcp.example.com/connect?elicitationId={ID}")
                    }
                }
            },
            "requestState": "state-1"
        })
    );
    assert_eq!(result.state(), Some("state-1"));
    assert_eq!(
        result.to_jsonrpc(4),
        json!({"jsonrpc": "2.0", "id": 4, "result": value})
    );

    // The client reads it back. (The URL request loses its id: 2026-07-28 has none.)
    let read = InputRequiredResult::from_value(&result.to_jsonrpc(4)).unwrap();
    let keys: Vec<&str> = read.elicitations().map(|(key, _)| key).collect();
    assert_eq!(keys.len(), 2);
    assert!(keys.contains(&"github") && keys.contains(&"connect"));
    assert_eq!(read.state(), Some("state-1"));
    assert_eq!(read.to_value(), value);
    let (_, github) = read
        .elicitations()
        .find(|(key, _)| *key == "github")
        .unwrap();
    assert_eq!(github, &ElicitRequest::form::<GitHub>());
}

#[test]
fn input_required_result_keeps_field_order_on_the_wire() {
    let result = InputRequiredResult::new("target", ElicitRequest::form::<Target>());
    let text = serde_json::to_string(&result).unwrap();
    assert!(text.find("\"region\"").unwrap() < text.find("\"dry_run\"").unwrap());
    // 2026-07-28 has no `pattern`.
    assert!(!text.contains("pattern"));
    let read: InputRequiredResult = serde_json::from_str(&text).unwrap();
    let (_, request) = read.elicitations().next().unwrap();
    let names: Vec<&str> = request
        .requested_schema()
        .unwrap()
        .properties
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(names, ["region", "dry_run"]);
    assert_eq!(serde_json::to_string(&read).unwrap(), text);
}

#[test]
fn input_required_result_with_other_requests() {
    let sampling =
        json!({"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 10}});
    let value = json!({
        "resultType": "input_required",
        "inputRequests": {"ask": ElicitRequest::form::<GitHub>().to_input_request(), "llm": sampling}
    });
    let read = InputRequiredResult::from_value(&value).unwrap();
    assert_eq!(read.requests().len(), 2);
    assert_eq!(read.elicitations().count(), 1);
    assert!(
        read.requests()
            .iter()
            .any(|(key, request)| key == "llm" && *request == InputRequest::Other(sampling.clone()))
    );
    assert_eq!(read.to_value(), value);
    assert_eq!(read.state(), None);
}

#[test]
fn input_required_result_builders() {
    let state_only = InputRequiredResult::state_only("s");
    assert_eq!(
        state_only.to_value(),
        json!({"resultType": "input_required", "requestState": "s"})
    );
    assert_eq!(
        InputRequiredResult::from_value(&state_only.to_value()).unwrap(),
        state_only
    );
    // A key added twice keeps its place and the latest request.
    let replaced = InputRequiredResult::new("a", ElicitRequest::form::<GitHub>())
        .with("a", ElicitRequest::form::<Target>());
    assert_eq!(replaced.requests().len(), 1);
    assert_eq!(
        replaced.elicitations().next().unwrap().1,
        &ElicitRequest::form::<Target>()
    );
}

#[test]
fn input_required_result_refusals() {
    let cases = [
        (json!({"inputRequests": {}}), "resultType", "is missing"),
        (
            json!({"resultType": "complete", "requestState": "s"}),
            "resultType",
            "expected \"input_required\", got \"complete\"",
        ),
        (
            json!({"resultType": "input_required"}),
            "",
            "neither `inputRequests` nor `requestState`",
        ),
        (
            json!({"resultType": "input_required", "requestState": 1}),
            "requestState",
            "expected a string",
        ),
        (
            json!({"resultType": "input_required", "inputRequests": []}),
            "inputRequests",
            "expected an object",
        ),
        (
            json!({"resultType": "input_required", "inputRequests": {"k": 1}}),
            "inputRequests.k",
            "expected an object",
        ),
        (
            json!({"resultType": "input_required", "inputRequests": {"k": {"method": "elicitation/create"}}}),
            "inputRequests.k.params",
            "is missing",
        ),
        (
            json!({"resultType": "input_required", "inputRequests": {"k": {"method": "elicitation/create", "params": {"mode": "url", "message": "m", "url": "http://example.com/%zz"}}}}),
            "inputRequests.k.params.url",
            "characters a URI may not",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {"a b": {"method": "elicitation/create", "params": {}}}}}),
            "result.inputRequests[\"a b\"].params.message",
            "is missing",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": 5}),
            "result",
            "expected an object",
        ),
    ];
    for (value, path, needle) in cases {
        let error = InputRequiredResult::from_value(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
        assert!(error.to_string().contains(needle), "{error}");
        assert!(serde_json::from_value::<InputRequiredResult>(value.clone()).is_err());
    }
}

#[test]
fn input_responses_round_trip() {
    let content = json!({"name": "octocat"}).as_object().unwrap().clone();
    let responses = InputResponses::new()
        .with("github", &ElicitResult::accept(content))
        .with("connect", &ElicitResult::accept_url())
        .with("later", &ElicitResult::cancel());
    let map = responses.to_value();
    assert_eq!(
        map,
        json!({
            "github": {"action": "accept", "content": {"name": "octocat"}},
            "connect": {"action": "accept"},
            "later": {"action": "cancel"}
        })
    );
    // The server reads the retried request in any shape.
    let params = json!({"name": "deploy", "inputResponses": map, "requestState": "state-1",
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}});
    let request = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": params});
    for shape in [map.clone(), params, request] {
        let read = InputResponses::from_value(&shape).unwrap();
        assert_eq!(read, responses, "{shape}");
        assert_eq!(
            read.outcome::<GitHub>("github").unwrap(),
            ElicitOutcome::Accepted(GitHub {
                name: "octocat".into()
            })
        );
        assert_eq!(
            read.outcome::<GitHub>("later").unwrap(),
            ElicitOutcome::Cancelled
        );
        assert_eq!(read.result("connect").unwrap(), ElicitResult::accept_url());
        let mut keys: Vec<&str> = read.keys().collect();
        keys.sort_unstable();
        assert_eq!(keys, ["connect", "github", "later"]);
    }
    // Each entry is what `ElicitOutcome::from_result` takes directly.
    assert_eq!(
        ElicitOutcome::<GitHub>::from_result(responses.get("github").unwrap())
            .unwrap()
            .accepted()
            .unwrap()
            .name,
        "octocat"
    );
    let mut replaced = responses.clone();
    replaced.insert("github", &ElicitResult::decline());
    assert_eq!(
        replaced.outcome::<GitHub>("github").unwrap(),
        ElicitOutcome::Declined
    );
    assert_eq!(replaced.keys().count(), 3);
}

#[test]
fn input_responses_refusals() {
    let responses = InputResponses::from_value(&json!({
        "bad": {"action": "maybe"},
        "worse": 3,
        "wrong": {"action": "accept", "content": {"name": 1}},
        "no action": {}
    }))
    .unwrap();
    let missing = responses.outcome::<GitHub>("absent").unwrap_err();
    let OutcomeError::Malformed(error) = &missing else {
        panic!("{missing:?}")
    };
    assert_eq!(error.path(), "inputResponses.absent");
    assert_eq!(error.to_string(), "`inputResponses.absent` is missing");
    assert_eq!(
        responses.outcome::<GitHub>("bad").unwrap_err(),
        OutcomeError::UnknownAction {
            action: "maybe".into()
        }
    );
    let OutcomeError::Malformed(error) = responses.outcome::<GitHub>("worse").unwrap_err() else {
        panic!()
    };
    assert_eq!(error.path(), "inputResponses.worse");
    let OutcomeError::Malformed(error) = responses.outcome::<GitHub>("no action").unwrap_err()
    else {
        panic!()
    };
    assert_eq!(error.path(), "inputResponses[\"no action\"].action");
    let invalid = responses.outcome::<GitHub>("wrong").unwrap_err();
    assert_eq!(invalid.content_error().unwrap().errors()[0].field(), "name");

    for (value, path) in [
        (json!([]), ""),
        (json!({"params": {"name": "x"}}), "params.inputResponses"),
        (json!({"inputResponses": 1}), "inputResponses"),
        (json!({"params": []}), "params"),
    ] {
        let error = InputResponses::from_value(&value).unwrap_err();
        assert_eq!(error.path(), path, "{value}: {error}");
    }
}

// ---- robustness: no reader panics on arbitrary JSON ------------------------------------

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const KEYS: &[&str] = &[
    "jsonrpc",
    "id",
    "method",
    "params",
    "result",
    "error",
    "code",
    "message",
    "data",
    "mode",
    "requestedSchema",
    "url",
    "elicitationId",
    "action",
    "content",
    "resultType",
    "inputRequests",
    "inputResponses",
    "requestState",
    "elicitations",
    "_meta",
    "io.modelcontextprotocol/clientCapabilities",
    "capabilities",
    "elicitation",
    "form",
    "type",
    "properties",
    "required",
    "k",
];

const STRINGS: &[&str] = &[
    "2.0",
    "elicitation/create",
    "initialize",
    "notifications/elicitation/complete",
    "form",
    "url",
    "accept",
    "decline",
    "reject",
    "cancel",
    "input_required",
    "complete",
    "object",
    "string",
    "https://example.com/",
    "http://localhost/",
    "https://u:p@x/",
    "",
    "e-1",
];

fn random_json(random: &mut XorShift, depth: u32) -> Value {
    match random.next() % if depth == 0 { 5 } else { 8 } {
        0 => Value::Null,
        1 => Value::Bool(random.next() & 1 == 0),
        2 => json!(-32042 + (random.next() % 5) as i64),
        3 | 4 => Value::String(random.pick(STRINGS).to_owned()),
        5 => Value::Array(
            (0..random.next() % 3)
                .map(|_| random_json(random, depth - 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..random.next() % 5)
                .map(|_| (random.pick(KEYS).to_owned(), random_json(random, depth - 1)))
                .collect(),
        ),
    }
}

#[test]
fn no_reader_panics_on_arbitrary_json() {
    let mut random = XorShift(0x2545_f491_4f6c_dd1d);
    for _ in 0..20_000 {
        let value = random_json(&mut random, 5);
        let _ = ElicitRequest::from_value(&value);
        let _ = serde_json::from_value::<ElicitRequest>(value.clone());
        let _ = ElicitResult::from_value(&value);
        let _ = ElicitOutcome::<GitHub>::from_result(&value);
        let _ = ElicitationComplete::from_value(&value);
        let _ = UrlElicitationRequired::from_value(&value);
        let _ = InputRequiredResult::from_value(&value);
        let _ = serde_json::from_value::<InputRequiredResult>(value.clone());
        let _ = InputResponses::from_value(&value).map(|r| r.outcome::<GitHub>("k"));
        let _ = elicit_core::protocol::ElicitationSupport::from_client_capabilities(&value);
        let _ = elicit_core::protocol::ElicitationSupport::from_initialize(&value);
        let _ = elicit_core::protocol::ElicitationSupport::from_request_meta(&value);
        // Whatever parses also renders and serializes.
        if let Ok(request) = ElicitRequest::from_value(&value) {
            for version in elicit_core::protocol::ProtocolVersion::ALL {
                let _ = request.render(version);
            }
            let again: ElicitRequest =
                serde_json::from_value(serde_json::to_value(&request).unwrap()).unwrap();
            assert_eq!(again, request);
        }
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<GitHub>();
    tests::soundness::check_form_is_sound::<Target>();
}
