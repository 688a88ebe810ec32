//! End to end, in process, through the test kit (`elicit_core::testing`): a scripted rmcp
//! client calls tools of an rmcp server that elicit derived forms, through a `Dialog` and
//! through the peer. Both protocol generations: 2025-11-25 (`elicitation/create`) and
//! 2026-07-28 (`InputRequiredResult`, then the retry with `inputResponses` and
//! `requestState`), and 2025-06-18's rendering.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use elicit_core::dialog::{Dialog, Halt};
use elicit_core::protocol::{ElicitResult, UrlPolicy, UrlRequest};
use elicit_core::protocol::{ElicitationSupport, ProtocolVersion};
use elicit_core::rmcp::PeerElicitExt;
use elicit_core::testing::{Answer, Session, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequestParams,
};
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

// ---------------------------------------------------------------- forms

/// Please confirm your table reservation
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    /// The name the table is booked under
    #[elicit(min_length = 1, max_length = 60)]
    guest_name: String,
    #[elicit(format = "email")]
    email: String,
    /// How many people, including you
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    party_size: u8,
    /// Where you would like to sit
    seating: Seating,
    notes: Option<String>,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    /// Inside, by the window
    Indoor,
    /// On the terrace
    Terrace,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
enum Extra {
    Bread,
    Wine,
}

/// Anything extra?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Extras {
    extras: Vec<Extra>,
}

// ---------------------------------------------------------------- server

#[derive(Clone)]
struct Restaurant;

/// An outcome as a text, so a test sees which failure it was: the peer's and a dialog's fail
/// alike, with a `Halt`.
fn describe<T: std::fmt::Debug>(outcome: Result<ElicitOutcome<T>, Halt>) -> String {
    match outcome {
        Ok(ElicitOutcome::Accepted(answer)) => format!("accepted {answer:?}"),
        Ok(ElicitOutcome::Declined) => "declined".to_owned(),
        Ok(ElicitOutcome::Cancelled) => "cancelled".to_owned(),
        Err(Halt::Unsupported(error)) => format!("unsupported: {error}"),
        Err(Halt::Invalid { errors, .. }) => format!("invalid: {errors}"),
        Err(Halt::Render(error)) => format!("render: {error}"),
        Err(Halt::Error(error)) => format!("service: {}", error.message),
        Err(other) => format!("other: {other}"),
    }
}

/// A dialog's outcome as [`describe`] words it; 2026-07-28's `InputRequired` passes on (the
/// client must answer first).
fn describe_asked<T: std::fmt::Debug>(
    outcome: Result<ElicitOutcome<T>, Halt>,
) -> Result<String, Halt> {
    match outcome {
        Err(halt @ Halt::InputRequired(_)) => Err(halt),
        other => Ok(describe(other)),
    }
}

fn reply(text: String) -> Result<CallToolResponse, ErrorData> {
    Ok(text_result(text).into())
}

fn text_result(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Restaurant {
    /// Either generation, through a dialog.
    #[tool(description = "Book a table")]
    async fn book(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let outcome = d.ask::<Booking>("booking").await;
                Ok(text_result(describe_asked(outcome)?))
            })
            .await
    }

    /// Two forms in one call: two `elicitation/create` up to 2025-11-25; three rounds on
    /// 2026-07-28, the booking carried to the last in the sealed `requestState`.
    #[tool(description = "Book a table, then pick extras")]
    async fn book_with_extras(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let Some(booking) = d.ask::<Booking>("booking").await?.accepted() else {
                    return Ok(text_result("no booking".into()));
                };
                let extras = d.ask::<Extras>("extras").await?;
                let extras = extras.accepted().map(|extras| extras.extras);
                Ok(text_result(format!(
                    "{} with {extras:?}",
                    booking.guest_name
                )))
            })
            .await
    }

    /// Up to 2025-11-25 only: straight through the peer.
    #[tool(description = "Book a table through the peer")]
    async fn book_via_peer(&self, peer: Peer<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        let outcome = peer
            .elicit_form_with::<Booking>("Book a table for tonight")
            .await;
        reply(describe(outcome))
    }

    #[tool(description = "Pick extras")]
    async fn extras(&self, peer: Peer<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        reply(describe(peer.elicit_form::<Extras>().await))
    }

    #[tool(description = "Connect the payment account")]
    async fn connect(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let request = UrlRequest::with_policy(
            "Connect your payment account",
            "http://127.0.0.1:9/connect",
            "connect-1",
            UrlPolicy::AllowLoopbackHttp,
        )
        .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        dialog
            .run(|d| async move {
                let text = match d.ask_url("connect", request).await {
                    Ok(action) => format!("url {action}"),
                    Err(Halt::Unsupported(error)) => format!("error: {error}"),
                    Err(halt) => return Err(halt),
                };
                Ok(text_result(text))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

// ---------------------------------------------------------------- helpers

const BOTH: [ProtocolVersion; 2] = [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];

async fn open(version: ProtocolVersion, script: impl IntoIterator<Item = Answer>) -> Session {
    TestClient::new(version)
        .answers(script)
        .connect(Restaurant)
        .await
        .unwrap()
}

async fn call(session: &Session, tool: &str) -> String {
    text(&session.call_tool(tool, None).await.unwrap())
}

fn valid_answer() -> Value {
    json!({"guestName": "Ada", "email": "ada@example.com", "seating": "terrace"})
}

fn booked() -> String {
    let booking = Booking {
        guest_name: "Ada".into(),
        email: "ada@example.com".into(),
        party_size: 2,
        seating: Seating::Terrace,
        notes: None,
    };
    format!("accepted {booking:?}")
}

// ---------------------------------------------------------------- outcomes, both generations

#[tokio::test]
async fn accept_gives_the_typed_answer() {
    for version in BOTH {
        let session = open(version, [Answer::accept_with_defaults(valid_answer())]).await;
        assert_eq!(call(&session, "book").await, booked());
        assert_eq!(session.requests().len(), 1);
        session.requests()[0].assert_form::<Booking>();
    }
}

#[tokio::test]
async fn decline_and_cancel_are_outcomes() {
    for version in BOTH {
        let session = open(version, [Answer::decline(), Answer::cancel()]).await;
        assert_eq!(call(&session, "book").await, "declined");
        assert_eq!(call(&session, "book").await, "cancelled");
    }
}

#[tokio::test]
async fn invalid_content_names_every_field() {
    let content =
        json!({"guestName": "", "email": "ada", "partySize": 40, "seating": "On the terrace"});
    for version in BOTH {
        let session = open(version, [Answer::accept(content.clone())]).await;
        assert_eq!(
            call(&session, "book").await,
            "invalid: `guestName`: must be at least 1 character, got 0\n\
             `email`: must be a valid e-mail address\n\
             `partySize`: must be at most 12, got 40\n\
             `seating`: \"On the terrace\" is not one of the options; expected one of \"indoor\", \"terrace\""
        );
    }
}

#[tokio::test]
async fn a_client_without_elicitation_is_never_asked() {
    for version in BOTH {
        let session = TestClient::new(version)
            .elicitation(ElicitationSupport::NONE)
            .connect(Restaurant)
            .await
            .unwrap();
        assert_eq!(
            call(&session, "book").await,
            "unsupported: the client did not declare form-mode elicitation (it declared: no elicitation)"
        );
        // The kit records every request and every `inputRequests` entry: there was none.
        assert!(session.requests().is_empty());
    }
}

// ---------------------------------------------------------------- several requests in a call

#[tokio::test]
async fn two_forms_in_one_call() {
    for version in BOTH {
        let script = [
            Answer::accept_with_defaults(valid_answer()),
            Answer::accept(json!({"extras": ["Wine", "Bread"]})),
        ];
        let session = open(version, script).await;
        assert_eq!(
            call(&session, "book_with_extras").await,
            "Ada with Some([Wine, Bread])"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 2);
        requests[0].assert_form::<Booking>();
        requests[1].assert_form::<Extras>();
        let rounds: Vec<usize> = requests.iter().map(|request| request.round()).collect();
        match version {
            // Two `elicitation/create` on the connection, during the one call.
            ProtocolVersion::V2025_11_25 => {
                assert_eq!(rounds, [1, 1]);
                assert!(requests.iter().all(|request| request.key().is_none()));
                for request in &requests {
                    let message: Value = serde_json::from_str(request.raw_message()).unwrap();
                    assert_eq!(message["method"], "elicitation/create");
                }
            }
            // Three rounds: the booking, the extras, the result; the third attempt carried
            // the `requestState` the second `InputRequiredResult` set, which holds the
            // booking, encrypted: the client cannot read it.
            _ => {
                assert_eq!(rounds, [1, 2]);
                assert_eq!(requests[1].key(), Some("extras"));
                let second: Value = serde_json::from_str(requests[1].raw_message()).unwrap();
                let state = second["result"]["requestState"].as_str().unwrap();
                let state = URL_SAFE_NO_PAD.decode(state).unwrap();
                let state = String::from_utf8_lossy(&state);
                assert!(
                    !state.contains("Ada") && !state.contains("guestName"),
                    "{state}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------- the wire

#[tokio::test]
async fn the_fields_reach_the_client_in_declaration_order() {
    // Declared: guestName, email, partySize, seating, notes; alphabetical would be
    // email, guestName, notes, partySize, seating.
    for version in BOTH {
        let session = open(version, [Answer::decline()]).await;
        call(&session, "book").await;
        let request = &session.requests()[0];
        let raw = request.raw();
        let at = |key: &str| {
            raw.find(&format!("\"{key}\":{{\"type\""))
                .unwrap_or_else(|| panic!("{key} in {raw}"))
        };
        let positions = ["guestName", "email", "partySize", "seating", "notes"].map(at);
        assert!(positions.is_sorted(), "{raw}");
        assert!(
            raw.contains(r#""required":["guestName","email","seating"]"#),
            "{raw}"
        );
        // The typed schema keeps that order, and so does rmcp's reading of the bytes.
        let names: Vec<&str> = request
            .schema()
            .unwrap()
            .properties
            .iter()
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(
            names,
            ["guestName", "email", "partySize", "seating", "notes"]
        );
        let ElicitRequestParams::FormElicitationParams {
            requested_schema, ..
        } = serde_json::from_str(raw).unwrap()
        else {
            panic!("a form request")
        };
        assert_eq!(
            requested_schema.property_order.as_deref().unwrap(),
            ["guestName", "email", "partySize", "seating", "notes"]
        );
    }
}

#[tokio::test]
async fn the_2025_11_25_request_is_elicitation_create() {
    let session = open(ProtocolVersion::V2025_11_25, [Answer::decline()]).await;
    call(&session, "book_via_peer").await;
    let message: Value = serde_json::from_str(session.requests()[0].raw_message()).unwrap();
    assert_eq!(message["method"], "elicitation/create");
    assert_eq!(message["params"]["mode"], "form");
    assert_eq!(message["params"]["message"], "Book a table for tonight");
    assert_eq!(
        message["params"]["requestedSchema"]["properties"]["seating"],
        json!({"type": "string", "description": "Where you would like to sit", "oneOf": [
            {"const": "indoor", "title": "Inside, by the window"},
            {"const": "terrace", "title": "On the terrace"}
        ]})
    );
}

#[tokio::test]
async fn the_2026_07_28_form_rides_in_input_required() {
    let session = open(ProtocolVersion::V2026_07_28, [Answer::decline()]).await;
    call(&session, "book").await;
    let request = &session.requests()[0];
    assert_eq!((request.key(), request.round()), (Some("booking"), 1));
    let message: Value = serde_json::from_str(request.raw_message()).unwrap();
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required");
    let entry = &result["inputRequests"]["booking"];
    assert_eq!(entry["method"], "elicitation/create");
    assert_eq!(
        entry["params"]["message"],
        "Please confirm your table reservation"
    );
    assert_eq!(
        entry["params"]["requestedSchema"]["properties"]["partySize"],
        json!({"type": "integer", "description": "How many people, including you",
               "minimum": 1, "maximum": 12, "default": 2})
    );
}

#[tokio::test]
async fn the_2026_07_28_retry_by_hand() {
    // What the kit does for each round, through rmcp's peer: one attempt, then the retry
    // with the answer under the same key.
    let session = open(ProtocolVersion::V2026_07_28, []).await;
    let first = session
        .peer()
        .call_tool_once(CallToolRequestParams::new("book"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(required) = first else {
        panic!("input required, got {first:?}")
    };
    let requests = required.input_requests.unwrap();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["booking"]);
    let mut responses = rmcp::model::InputResponses::new();
    let answer = json!({
        "guestName": "Ada", "email": "ada@example.com", "partySize": 2, "seating": "terrace"
    });
    let answer = ElicitResult::accept(answer.as_object().unwrap().clone());
    responses.insert("booking".into(), answer.to_value());
    let second = session
        .peer()
        .call_tool_once(CallToolRequestParams::new("book").with_input_responses(responses))
        .await
        .unwrap();
    let CallToolResponse::Complete(result) = second else {
        panic!("a result, got {second:?}")
    };
    assert_eq!(text(&result), booked());
}

// ---------------------------------------------------------------- the peer path's limits

#[tokio::test]
async fn the_peer_refuses_on_2026_07_28() {
    let session = open(ProtocolVersion::V2026_07_28, []).await;
    let reply = call(&session, "book_via_peer").await;
    assert!(reply.starts_with("service: "), "{reply}");
    assert!(reply.contains("InputRequiredResult"), "{reply}");
    assert!(session.requests().is_empty());
}

#[tokio::test]
async fn the_2025_06_18_form_is_written_for_that_revision() {
    // 2025-06-18 cannot send the party size's default: it is asked as required, and given.
    let mut answer = valid_answer();
    answer["partySize"] = json!(2);
    let session = open(
        ProtocolVersion::V2025_06_18,
        [Answer::accept_with_defaults(answer)],
    )
    .await;
    assert_eq!(call(&session, "book_via_peer").await, booked());
    let request = &session.requests()[0];
    request.assert_form::<Booking>();
    assert_eq!(
        request.params()["requestedSchema"]["required"],
        json!(["guestName", "email", "partySize", "seating"])
    );
    let properties = &request.params()["requestedSchema"]["properties"];
    // Titled single selects as `enum` + `enumNames`; `default` only on booleans.
    assert_eq!(
        properties["seating"],
        json!({"type": "string", "description": "Where you would like to sit",
               "enum": ["indoor", "terrace"], "enumNames": ["Inside, by the window", "On the terrace"]})
    );
    assert!(properties["partySize"].get("default").is_none());
    // A multi-select cannot be written for 2025-06-18: refused before sending.
    let reply = call(&session, "extras").await;
    assert!(
        reply.starts_with("render: field `extras` is a multi-select"),
        "{reply}"
    );
    assert_eq!(session.requests().len(), 1);
}

// ---------------------------------------------------------------- URL mode

#[tokio::test]
async fn url_mode_needs_the_url_capability() {
    for version in BOTH {
        let session = TestClient::new(version)
            .elicitation(ElicitationSupport::ALL)
            .answer(Answer::accept_url())
            .connect(Restaurant)
            .await
            .unwrap();
        assert_eq!(call(&session, "connect").await, "url accept");
        assert_eq!(
            session.requests()[0].url(),
            Some("http://127.0.0.1:9/connect")
        );

        let session = open(version, []).await;
        assert_eq!(
            call(&session, "connect").await,
            "error: the client did not declare url-mode elicitation (it declared: form)"
        );
        assert!(session.requests().is_empty());
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Booking>();
    tests::soundness::check_form_is_sound::<Seating>();
    tests::soundness::check_form_is_sound::<Extra>();
    tests::soundness::check_form_is_sound::<Extras>();
}
