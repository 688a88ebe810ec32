//! `book_trip` on rust-mcp-sdk (`examples::trip_rust_mcp_sdk`), through the test kit on the
//! SDK's own request path (its streamable-HTTP handler, in process), on 2026-07-28, the one
//! revision the SDK speaks: the same answers as the rmcp server (`examples::trip`), the same
//! form, the same listing; bad arguments named; and the retries the SDK's models cannot read
//! recovered by the router.

use std::sync::Arc;

use elicit_core::protocol::ProtocolVersion;
use elicit_core::rust_mcp_sdk::Router;
use elicit_core::testing::{Answer, ExchangeSession, KitError, SeenRequest, TestClient, text};
use examples::trip::TripServer;
use examples::trip_rust_mcp_sdk::router;
use rmcp::ServiceError;
use rmcp::model::CallToolResult;
use rust_mcp_sdk::mcp_server::ServerHandler;
use rust_mcp_sdk::schema::{CallToolRequestParams, RpcError, ServerResult};
use rust_mcp_sdk::{McpServer, RequestContext};
use serde_json::{Value, json};

/// The prompt of the form a full 2026-12-25 asks.
const PROMPT: &str = "There are no seats left on Fri 25 Dec (2026-12-25). Pick one of the nearest dates that still have seats, how many travel, and any extras.";

fn serve(answers: Vec<Answer>) -> ExchangeSession {
    TestClient::v2026_07_28()
        .answers(answers)
        .connect_rust_mcp_sdk(router())
        .unwrap()
}

/// Calls `book_trip` with `arguments`, the person answering with `answers`; returns the
/// result and every request the server made.
async fn call(
    arguments: Value,
    answers: Vec<Answer>,
) -> (Result<CallToolResult, KitError>, Vec<SeenRequest>) {
    let session = serve(answers);
    let result = session.call_tool("book_trip", arguments).await;
    (result, session.requests())
}

async fn book(
    date: &str,
    answers: Vec<Answer>,
) -> (Result<CallToolResult, KitError>, Vec<SeenRequest>) {
    call(json!({"date": date}), answers).await
}

/// The text of a result that is not an error.
fn booked(result: Result<CallToolResult, KitError>) -> String {
    let result = result.unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    text(&result)
}

/// The text of a result that is an error (`isError`).
fn failed(result: Result<CallToolResult, KitError>) -> String {
    let result = result.unwrap();
    assert_eq!(result.is_error, Some(true), "{}", text(&result));
    text(&result)
}

/// The JSON-RPC error a call failed with: code, message, data.
fn rpc_error(result: Result<CallToolResult, KitError>) -> (i32, String, Option<Value>) {
    let Err(KitError::Service { error, .. }) = result else {
        panic!("expected a JSON-RPC error, got {result:?}");
    };
    let ServiceError::McpError(error) = *error else {
        panic!("expected a JSON-RPC error, got {error:?}");
    };
    (error.code.0, error.message.to_string(), error.data)
}

fn choice(date: &str, travellers: u8, extras: &[&str]) -> Answer {
    Answer::accept(json!({"date": date, "travellers": travellers, "extras": extras}))
}

/// The schema of a request, as sent: its text, keys in the server's order.
fn schema_text(request: &SeenRequest) -> String {
    serde_json::to_string(&request.params()["requestedSchema"]).unwrap()
}

#[tokio::test]
async fn a_date_with_seats_is_booked_at_once() {
    let (result, requests) = book("2026-12-28", vec![]).await;

    assert_eq!(
        booked(result),
        "Booked 2026-12-28 for 1 traveller, no extras."
    );
    assert!(requests.is_empty(), "asked {requests:?}");
}

#[tokio::test]
async fn the_25th_asks_the_rmcp_servers_form_and_books_the_date_chosen() {
    let answer = || choice("2026-12-28", 3, &["breakfast", "bike"]);
    let (result, requests) = book("2026-12-25", vec![answer()]).await;

    assert_eq!(
        booked(result),
        "Booked 2026-12-28 for 3 travellers, with Breakfast and Bike on board."
    );
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].message(), Some(PROMPT));
    // The form the rmcp server asks a 2026-07-28 client, to the byte.
    let rmcp = TestClient::new(ProtocolVersion::V2026_07_28)
        .answer(answer())
        .connect(TripServer)
        .await
        .unwrap();
    rmcp.call_tool("book_trip", json!({"date": "2026-12-25"}))
        .await
        .unwrap();
    assert_eq!(schema_text(&requests[0]), schema_text(&rmcp.requests()[0]));
    assert!(
        schema_text(&requests[0])
            .contains(r#""oneOf":[{"const":"2026-12-22","title":"Tue 22 Dec — 1 seat left"},"#),
        "{}",
        schema_text(&requests[0])
    );
}

#[tokio::test]
async fn an_answer_that_does_not_fit_is_asked_again_saying_what_to_correct() {
    let answers = vec![
        choice("2026-12-27", 5, &[]),
        choice("2026-12-28", 1, &["lounge"]),
        choice("2026-12-27", 2, &["lounge"]),
    ];
    let (result, requests) = book("2026-12-25", answers).await;

    assert_eq!(
        booked(result),
        "Booked 2026-12-27 for 2 travellers, with Lounge access."
    );
    let messages: Vec<&str> = requests.iter().filter_map(SeenRequest::message).collect();
    assert_eq!(
        messages,
        [
            PROMPT.to_owned(),
            format!("{PROMPT} Please correct: Travellers: only 2 seats left on Sun 27 Dec."),
            format!("{PROMPT} Please correct: Extras: Lounge access is not offered on Mon 28 Dec."),
        ]
    );
}

#[tokio::test]
async fn an_answer_that_never_fits_books_nothing_after_three_tries() {
    let (result, requests) = book("2026-12-25", vec![choice("2026-12-29", 1, &[]); 3]).await;

    assert_eq!(
        failed(result),
        "The answer still did not fit after 3 attempts. Date: choose one of the options."
    );
    assert_eq!(requests.len(), 3);
}

#[tokio::test]
async fn a_decline_or_a_cancel_books_nothing() {
    let (declined, _) = book("2026-12-25", vec![Answer::decline()]).await;
    let (cancelled, _) = book("2026-12-25", vec![Answer::cancel()]).await;

    assert_eq!(
        booked(declined),
        "Nothing was booked: 2026-12-25 is full, and no other date was chosen."
    );
    assert_eq!(
        booked(cancelled),
        "Nothing was booked: 2026-12-25 is full, and no other date was chosen."
    );
}

#[tokio::test]
async fn a_missing_or_unknown_date_is_asked_for_and_a_known_one_asks_nothing() {
    let cases = [
        (json!({}), "Date: fill this in."),
        (json!({"day": "2026-12-28"}), "Date: fill this in."),
        (
            json!({"date": "2027-03-01"}),
            "Date: choose one of the options.",
        ),
        (
            json!({"date": "2026-12-32"}),
            "Date: choose one of the options.",
        ),
        (json!({"date": 20261228}), "Date: enter text."),
    ];
    for (arguments, what) in cases {
        let answers = vec![Answer::accept(json!({"date": "2026-12-21"}))];
        let (result, requests) = call(arguments.clone(), answers).await;
        assert_eq!(
            booked(result),
            "Booked 2026-12-21 for 1 traveller, no extras.",
            "{arguments}"
        );
        assert_eq!(requests.len(), 1, "{arguments}");
        assert_eq!(
            requests[0].message().unwrap(),
            format!("Which day would you like to travel? `book_trip` needs this from you: {what}"),
            "{arguments}"
        );
        assert_eq!(requests[0].key(), Some("arguments"), "{arguments}");
    }

    let (declined, _) = call(json!({}), vec![Answer::decline()]).await;
    assert_eq!(booked(declined), "Nothing was booked: no date was chosen.");
    let (known, requests) = book("2026-12-30", vec![]).await;
    assert_eq!(
        booked(known),
        "Booked 2026-12-30 for 1 traveller, no extras."
    );
    assert!(requests.is_empty());
}

#[tokio::test]
async fn an_unknown_tool_is_invalid_params() {
    let session = serve(vec![]);
    let unknown = session.call_tool("book_train", json!({})).await;
    assert_eq!(
        rpc_error(unknown),
        (-32602, "Unknown tool: book_train".to_owned(), None)
    );
}

#[tokio::test]
async fn tools_list_lists_book_trip_as_the_rmcp_server_does() {
    let session = serve(vec![]);
    let listed = session.send("tools/list", json!({})).await.unwrap().json();
    let tools = listed["result"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "{listed}");
    assert_eq!(
        serde_json::to_string(&tools[0]["inputSchema"]).unwrap(),
        r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"date":{"type":"string","title":"Date","description":"The day to travel, written YYYY-MM-DD. Leave it out if unknown: the user is asked."}},"required":[]}"#
    );

    let rmcp = TestClient::v2026_07_28().connect(TripServer).await.unwrap();
    let rmcp_tools = rmcp.peer().list_all_tools().await.unwrap();
    let rmcp_tool = serde_json::to_value(&rmcp_tools[0]).unwrap();
    // The same schema; rmcp writes its keys in another order, which for the schema of the
    // arguments (one property here) says nothing.
    for member in ["name", "description", "inputSchema"] {
        assert_eq!(tools[0][member], rmcp_tool[member], "{member}");
    }
}

/// The router, less its `handle_custom_request`: what a server that does not recover gets.
struct WithoutRecovery(Router);

#[async_trait::async_trait]
impl ServerHandler for WithoutRecovery {
    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        context: &RequestContext,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        self.0
            .handle_call_tool_request_mrtr(params, context, runtime)
            .await
    }
}

/// A `null` (the extras left empty, as some clients send them) and a number with a fraction
/// do not fit the SDK's `ElicitResult` model: such a retry reaches the server as a custom
/// request, which the router recovers and serves with the same tool.
#[tokio::test]
async fn an_answer_the_sdks_models_cannot_read_is_recovered() {
    let unreadable = || {
        vec![
            Answer::accept(json!({"date": "2026-12-27", "travellers": 1.5, "extras": null})),
            Answer::accept(json!({"date": "2026-12-27", "travellers": 2, "extras": null})),
        ]
    };
    let (result, requests) = book("2026-12-25", unreadable()).await;

    assert_eq!(
        booked(result),
        "Booked 2026-12-27 for 2 travellers, no extras."
    );
    // The fraction was read, after the recovery, by the form's own reader: asked again.
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[1].message().unwrap(),
        format!("{PROMPT} Please correct: Travellers: enter a whole number.")
    );

    // Without the recovery, the SDK answers such a retry with -32601.
    let session = TestClient::v2026_07_28()
        .answers(unreadable())
        .connect_rust_mcp_sdk(WithoutRecovery(router()))
        .unwrap();
    let refused = session
        .call_tool("book_trip", json!({"date": "2026-12-25"}))
        .await;
    assert_eq!(rpc_error(refused).0, -32601);
}

#[tokio::test]
async fn an_edited_request_state_is_refused_with_invalid_params() {
    let session = serve(vec![Answer::never()]);
    let first = session
        .call_tool("book_trip", json!({"date": "2026-12-25"}))
        .await
        .unwrap_err();
    let state = first
        .input_required()
        .unwrap()
        .request_state
        .clone()
        .unwrap();
    let retry = |state: &str| {
        json!({
            "name": "book_trip",
            "arguments": {"date": "2026-12-25"},
            "inputResponses": {"rebooking": {"action": "accept", "content": {"date": "2026-12-27", "travellers": 2}}},
            "requestState": state
        })
    };

    let untouched = session.send("tools/call", retry(&state)).await.unwrap();
    assert_eq!(
        untouched.json()["result"]["content"][0]["text"],
        "Booked 2026-12-27 for 2 travellers, no extras."
    );

    // One character of the sealed payload changed (not the last, whose low bits are padding).
    let mut bytes = state.into_bytes();
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    let edited = String::from_utf8(bytes).unwrap();
    let refused = session.send("tools/call", retry(&edited)).await.unwrap();
    assert_eq!(refused.json()["error"]["code"], -32602);
    assert_eq!(
        refused.json()["error"]["message"],
        "invalid or expired request state"
    );
}
