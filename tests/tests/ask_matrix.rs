//! The ask matrix: every public way to ask (each `Dialog` method, and rmcp's peer extension)
//! × every protocol revision × every kind of answer (valid; invalid, then valid; decline;
//! cancel; a malformed result; a retry that leaves the answer out; a client without the
//! mode), run through the test kit. Each way must come back with the same typed outcome and
//! the same error (code and the key it names) on every revision, within what the revision can
//! express (the peer does not exist on 2026-07-28; URL mode not on 2025-06-18).
//!
//! It also holds the probe that found the re-ask that behaved differently per revision: a
//! tool asks `nights`, and on an invalid answer asks again under another key; answered 40,
//! then 4, then 5, it must return 4 after two requests on every revision.

use elicit_core::dialog::{Dialog, Halt, Inputs};
use elicit_core::protocol::{ElicitAction, ElicitationSupport, ProtocolVersion, UrlRequest};
use elicit_core::rmcp::PeerElicitExt;
use elicit_core::testing::{Answer, KitError, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome, Form};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{
    ErrorData, Peer, RoleServer, ServerHandler, ServiceError, tool, tool_handler, tool_router,
};
use serde_json::json;

/// How many nights?
#[derive(Elicit, Debug, PartialEq)]
struct Nights {
    #[elicit(minimum = 1, maximum = 30)]
    nights: u8,
}

fn said(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn outcome(outcome: ElicitOutcome<Nights>) -> String {
    match outcome {
        ElicitOutcome::Accepted(answer) => format!("accepted {}", answer.nights),
        ElicitOutcome::Declined => "declined".to_owned(),
        ElicitOutcome::Cancelled => "cancelled".to_owned(),
    }
}

#[derive(Clone)]
struct Hotel;

#[tool_router]
impl Hotel {
    #[tool(description = "Dialog::ask")]
    async fn ask(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move { Ok(said(outcome(d.ask::<Nights>("nights").await?))) })
            .await
    }

    #[tool(description = "Dialog::ask with attempts(2)")]
    async fn ask_attempts(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move { Ok(said(outcome(d.ask::<Nights>("nights").attempts(2).await?))) })
            .await
    }

    #[tool(description = "Dialog::ask_form, with its own prompt")]
    async fn ask_form(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let form = Form::<Nights>::new().message("How many nights, all told?");
                Ok(said(outcome(d.ask_form("nights", form).await?)))
            })
            .await
    }

    #[tool(description = "Dialog::ask_all, one form in the round")]
    async fn ask_all(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let gathered = d.ask_all(Inputs::new().form::<Nights>("nights")).await?;
                let text = match gathered.form::<Nights>("nights")? {
                    Some(answer) => outcome(answer),
                    None => "skipped".to_owned(),
                };
                Ok(said(text))
            })
            .await
    }

    #[tool(description = "Dialog::ask_url")]
    async fn ask_url(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let request =
                    UrlRequest::new("Pay the deposit", "https://pay.example.com/d/7", "pay-7")
                        .map_err(|error| Halt::internal(error.to_string()))?;
                let text = match d.ask_url("pay", request).await? {
                    ElicitAction::Accept => "accepted",
                    ElicitAction::Decline => "declined",
                    ElicitAction::Cancel => "cancelled",
                };
                Ok(said(text.to_owned()))
            })
            .await
    }

    #[tool(description = "PeerElicitExt::elicit_form (up to 2025-11-25)")]
    async fn peer(&self, peer: Peer<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        let answer = peer.elicit_form::<Nights>().await?;
        Ok(said(outcome(answer)).into())
    }

    /// The probe: ask, and on an invalid answer ask again under another key.
    #[tool(description = "Asks the nights again under another key after an invalid answer")]
    async fn probe(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let answer = match d.ask::<Nights>("nights").await {
                    Err(halt) if halt.invalid().is_some() => {
                        let again =
                            Form::<Nights>::new().message("That is too many; how many nights?");
                        d.ask_form("nights-again", again).await?
                    }
                    other => other?,
                };
                Ok(said(outcome(answer)))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Hotel {}

/// What a call came back with, the same way on every revision: the text, or the error's
/// code and the key it names.
async fn run(client: TestClient, tool: &str) -> String {
    let session = client.connect(Hotel).await.expect("the kit connects");
    match session.call_tool(tool, None).await {
        Ok(result) => text(&result),
        Err(KitError::Service { error, .. }) => match *error {
            ServiceError::McpError(error) => {
                let key = error
                    .data
                    .as_ref()
                    .and_then(|data| data.get("key"))
                    .and_then(|key| key.as_str())
                    .map_or_else(String::new, |key| format!(" key={key}"));
                format!("error {}{key}", error.code.0)
            }
            other => format!("service error: {other}"),
        },
        Err(other) => format!("kit error: {other}"),
    }
}

fn client(version: ProtocolVersion, script: &[Answer]) -> TestClient {
    TestClient::new(version).answers(script.iter().cloned())
}

fn accept(nights: u8) -> Answer {
    Answer::accept(json!({"nights": nights}))
}

/// The form answers of the matrix, each with what every form way must come back with.
fn form_answers() -> Vec<(&'static str, Vec<Answer>, [&'static str; 4])> {
    // [ask, ask_attempts (2 attempts), ask_form, ask_all]
    vec![
        ("valid", vec![accept(4)], ["accepted 4"; 4]),
        (
            "invalid, then valid",
            vec![accept(40), accept(4)],
            [
                "error -32602 key=nights",
                "accepted 4",
                "error -32602 key=nights",
                "error -32602 key=nights",
            ],
        ),
        ("decline", vec![Answer::decline()], ["declined"; 4]),
        ("cancel", vec![Answer::cancel()], ["cancelled"; 4]),
        (
            "malformed",
            vec![Answer::raw(json!({"action": "maybe"}))],
            ["error -32602 key=nights"; 4],
        ),
        (
            "missing on a retry, then valid",
            vec![Answer::skip(), accept(4)],
            ["accepted 4"; 4],
        ),
    ]
}

const FORM_WAYS: [&str; 4] = ["ask", "ask_attempts", "ask_form", "ask_all"];

#[tokio::test]
async fn every_form_way_answers_alike_on_every_revision() {
    let mut mismatches = Vec::new();
    for (answer, script, expected) in form_answers() {
        for (way, expected) in FORM_WAYS.iter().zip(expected) {
            for version in ProtocolVersion::ALL {
                let got = run(client(version, &script), way).await;
                if got != expected {
                    mismatches.push(format!(
                        "{way} × {version} × {answer}: {got}, expected {expected}"
                    ));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[tokio::test]
async fn a_client_without_form_mode_is_refused_alike_by_every_way() {
    // `ask_all` leaves out what the client cannot be asked, by design; the others refuse.
    let expected = ["error -32021", "error -32021", "error -32021", "skipped"];
    for (way, expected) in FORM_WAYS.iter().zip(expected) {
        for version in ProtocolVersion::ALL {
            let client = TestClient::new(version)
                .elicitation(ElicitationSupport {
                    form: false,
                    url: true,
                })
                .answer(accept(4));
            assert_eq!(run(client, way).await, expected, "{way} on {version}");
        }
    }
}

#[tokio::test]
async fn a_url_request_answers_alike_where_the_revision_has_url_mode() {
    let answers = [
        ("accept", Answer::accept_url(), "accepted"),
        ("decline", Answer::decline(), "declined"),
        ("cancel", Answer::cancel(), "cancelled"),
        (
            "malformed",
            Answer::raw(json!({"action": "maybe"})),
            "error -32602 key=pay",
        ),
    ];
    for (name, answer, expected) in answers {
        for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
            let client = TestClient::new(version)
                .elicitation(ElicitationSupport::ALL)
                .answer(answer.clone());
            assert_eq!(
                run(client, "ask_url").await,
                expected,
                "{name} on {version}"
            );
        }
        // 2025-06-18 has no URL mode, so no client of it declares one: nothing is sent.
        let old = TestClient::v2025_06_18().answer(answer);
        assert_eq!(
            run(old, "ask_url").await,
            "error -32021",
            "{name} on 2025-06-18"
        );
    }
    let client = TestClient::v2026_07_28()
        .elicitation(ElicitationSupport::FORM)
        .answer(Answer::accept_url());
    assert_eq!(run(client, "ask_url").await, "error -32021");
}

#[tokio::test]
async fn the_peer_answers_alike_where_the_server_may_send_requests() {
    for (answer, script, expected) in form_answers() {
        let expected = expected[0];
        for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
            let got = run(client(version, &script), "peer").await;
            // The peer asks once: a retry without the answer does not exist on the connection.
            assert_eq!(
                got,
                expected.replace(" key=nights", ""),
                "peer × {version} × {answer}"
            );
        }
    }
    // 2026-07-28 forbids server-to-client requests: the peer is not a way to ask there.
    let got = run(client(ProtocolVersion::V2026_07_28, &[accept(4)]), "peer").await;
    assert_eq!(got, "error -32600");
}

#[tokio::test]
async fn the_probe_returns_the_second_answer_on_every_revision() {
    for version in ProtocolVersion::ALL {
        let session = client(version, &[accept(40), accept(4), accept(5)])
            .connect(Hotel)
            .await
            .unwrap();
        let result = session.call_tool("probe", None).await.unwrap();
        assert_eq!(text(&result), "accepted 4", "on {version}");
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "on {version}: {requests:?}");
        assert_eq!(
            requests[1].message(),
            Some("That is too many; how many nights?")
        );
        assert_eq!(session.script_left().len(), 1, "the 5 is never asked for");
    }
}
