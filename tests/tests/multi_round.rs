//! Multi-round forms as straight-line code (`elicit_core::dialog::Dialog`): a three-round
//! flow whose second form depends on the first answer, run in process through the test kit
//! on both protocol generations (2025-11-25: three `elicitation/create` on the connection;
//! 2026-07-28: three `InputRequiredResult`s, the tool run again on each retry with the
//! earlier answers replayed from the sealed state), and what the client saw.

mod dialog_support;

use dialog_support::{done, keys};
use elicit_core::dialog::{Dialog, DialogSettings, Halt};
use elicit_core::protocol::ProtocolVersion;
use elicit_core::rmcp::with_dialogs;
use elicit_core::testing::{Answer, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{
    CallToolResponse, GetPromptRequestParams, GetPromptResponse, GetPromptResult, PromptMessage,
    Role,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where to?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Trip {
    city: String,
    by_train: bool,
}

/// Which seat on the train?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Seat {
    window: bool,
}

/// Which car would you like?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Car {
    #[elicit(minimum = 2, maximum = 9)]
    seats: u8,
}

/// Book it?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Confirm {
    ok: bool,
}

#[derive(Clone)]
struct Travel {
    dialogs: DialogSettings,
    /// How many times the tool's body has run.
    runs: Arc<AtomicUsize>,
}

impl Travel {
    /// The server, its dialogs sealing with the keys of the test.
    fn new() -> Self {
        Self {
            dialogs: DialogSettings::new().keys(&keys(7)),
            runs: Arc::default(),
        }
    }
}

#[tool_router]
impl Travel {
    #[tool(description = "Plans a trip in three questions")]
    async fn plan_trip(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let run = self.runs.fetch_add(1, Ordering::SeqCst) + 1;
        dialog
            .run(|d| async move {
                // A value of the server's own, kept across the retries: the first run's.
                let booking = d.remember("booking", || format!("B-{run}"))?;
                let Some(trip) = d.ask::<Trip>("trip").await?.accepted() else {
                    return Ok(done("No trip".into()));
                };
                let how = if trip.by_train {
                    match d.ask::<Seat>("seat").await? {
                        ElicitOutcome::Accepted(Seat { window: true }) => "by train, window seat",
                        ElicitOutcome::Accepted(Seat { window: false }) => "by train, aisle seat",
                        _ => "by train, any seat",
                    }
                    .to_owned()
                } else {
                    match d.ask::<Car>("car").await? {
                        ElicitOutcome::Accepted(car) => format!("by car, {} seats", car.seats),
                        _ => "by car".to_owned(),
                    }
                };
                let confirmed = d.ask::<Confirm>("confirm").await?;
                let verdict = match confirmed {
                    ElicitOutcome::Accepted(Confirm { ok: true }) => "booked",
                    _ => "not booked",
                };
                Ok(done(format!("{booking}: {}, {how}: {verdict}", trip.city)))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Travel {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        let capabilities = rmcp::model::ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .build();
        rmcp::model::ServerConfig::new(capabilities)
    }

    async fn get_prompt(
        &self,
        params: GetPromptRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        Dialog::prompt(ctx, &params)
            .run(|d| async move {
                let trip = d.ask::<Trip>("trip").await?;
                let text = match trip {
                    ElicitOutcome::Accepted(trip) => format!("Suggest a day in {}", trip.city),
                    _ => "Suggest a destination".to_owned(),
                };
                Ok::<_, Halt>(GetPromptResult::new(vec![PromptMessage::new_text(
                    Role::User,
                    text,
                )]))
            })
            .await
    }
}

fn clients() -> [TestClient; 2] {
    [TestClient::v2025_11_25(), TestClient::v2026_07_28()]
}

#[tokio::test]
async fn three_rounds_by_train_on_both_generations() {
    for client in clients() {
        let session = client
            .answer(Answer::accept_value(&Trip {
                city: "Oslo".into(),
                by_train: true,
            }))
            .answer(Answer::accept_value(&Seat { window: true }))
            .answer(Answer::accept_value(&Confirm { ok: true }))
            .connect(Travel::new())
            .await
            .unwrap();
        let version = session.version();

        let result = session.call_tool("plan_trip", None).await.unwrap();

        assert_eq!(
            text(&result),
            "B-1: Oslo, by train, window seat: booked",
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 3, "{version}: {requests:?}");
        requests[0].assert_form::<Trip>();
        requests[1].assert_form::<Seat>();
        requests[2].assert_form::<Confirm>();
        assert_eq!(requests[1].message(), Some("Which seat on the train?"));
        if version == ProtocolVersion::V2026_07_28 {
            // One question per round, each under its key.
            let rounds: Vec<(usize, Option<&str>)> = requests
                .iter()
                .map(|request| (request.round(), request.key()))
                .collect();
            assert_eq!(
                rounds,
                [(1, Some("trip")), (2, Some("seat")), (3, Some("confirm"))]
            );
        } else {
            assert!(requests.iter().all(|request| request.key().is_none()));
            assert!(requests.iter().all(|request| request.round() == 1));
        }
        assert!(session.script_left().is_empty());
    }
}

#[tokio::test]
async fn three_rounds_by_car_on_both_generations() {
    for client in clients() {
        let session = client
            .answer(Answer::accept(json!({"city": "Bergen", "by_train": false})))
            .answer(Answer::accept(json!({"seats": 5})))
            .answer(Answer::decline())
            .connect(Travel::new())
            .await
            .unwrap();
        let version = session.version();

        let result = session.call_tool("plan_trip", None).await.unwrap();

        assert_eq!(
            text(&result),
            "B-1: Bergen, by car, 5 seats: not booked",
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 3, "{version}");
        requests[0].assert_form::<Trip>();
        requests[1].assert_form::<Car>();
        requests[2].assert_form::<Confirm>();
    }
}

#[tokio::test]
async fn a_decline_ends_the_dialog_early() {
    for client in clients() {
        let session = client
            .answer(Answer::decline())
            .connect(Travel::new())
            .await
            .unwrap();
        let result = session.call_tool("plan_trip", None).await.unwrap();
        assert_eq!(text(&result), "No trip");
        assert_eq!(session.requests().len(), 1);
    }
}

#[tokio::test]
async fn the_state_is_sealed_and_grows_with_the_rounds() {
    // Drive the 2026-07-28 retries by hand to look at what the client is given.
    let session = TestClient::v2026_07_28()
        .connect(Travel::new())
        .await
        .unwrap();
    let peer = session.peer();
    let first = call(peer, None, None).await;
    let first_state = first.request_state.clone().unwrap();
    assert!(first.input_requests.unwrap().contains_key("trip"));

    let mut answers = rmcp::model::InputResponses::new();
    answers.insert(
        "trip".into(),
        json!({"action": "accept", "content": {"city": "Oslo", "by_train": true}}),
    );
    let second = call(peer, Some(answers), Some(first_state.clone())).await;
    let second_state = second.request_state.clone().unwrap();
    assert!(second.input_requests.unwrap().contains_key("seat"));
    assert_ne!(first_state, second_state);
    assert!(second_state.len() > first_state.len());
    // Only URL-safe base64.
    assert!(
        second_state
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
}

#[tokio::test]
async fn a_prompt_asks_through_the_dialog_too() {
    for client in clients() {
        let session = client
            .answer(Answer::accept(json!({"city": "Rome", "by_train": false})))
            .connect(Travel::new())
            .await
            .unwrap();
        let result = session.get_prompt("plan", None).await.unwrap();
        let message = serde_json::to_value(&result.messages[0]).unwrap();
        assert_eq!(message["content"]["text"], "Suggest a day in Rome");
        session.requests()[0].assert_form::<Trip>();
    }
}

/// One `tools/call` of `plan_trip`, expecting an `InputRequiredResult`.
async fn call(
    peer: &rmcp::Peer<rmcp::RoleClient>,
    answers: Option<rmcp::model::InputResponses>,
    state: Option<String>,
) -> rmcp::model::InputRequiredResult {
    let mut params = rmcp::model::CallToolRequestParams::new("plan_trip");
    params.input_responses = answers;
    params.request_state = state;
    match peer.call_tool_once(params).await.unwrap() {
        CallToolResponse::InputRequired(result) => result,
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}
