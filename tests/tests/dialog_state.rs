//! A `Dialog`'s `requestState` refused (2026-07-28): altered, sealed by another server's key,
//! issued for another tool or other arguments, expired, or no longer matching the tool's
//! questions. Each forgery gets the same JSON-RPC `-32602`, byte for byte, so a client probing
//! the server learns nothing of what it got wrong.

mod dialog_support;

use std::time::Duration;

use dialog_support::{done, keys};
use elicit_core::dialog::Dialog;
use elicit_core::protocol::state::{Binding, StateKeys};
use elicit_core::testing::{Session, TestClient};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::{ErrorData, ServerHandler, ServiceError, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// Your name?
#[derive(Elicit)]
#[elicit(untitled)]
struct Name {
    name: String,
}

/// Please confirm
#[derive(Elicit)]
#[elicit(untitled)]
struct Confirm {
    ok: bool,
}

#[derive(Clone)]
struct Server {
    keys: StateKeys,
}

fn server(key: u8) -> Server {
    Server { keys: keys(key) }
}

#[tool_router]
impl Server {
    #[tool(description = "Asks a name, then a confirmation")]
    async fn greet(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .keys(&self.keys)
            .run(|d| async move {
                let name = match d.ask::<Name>("name").await? {
                    ElicitOutcome::Accepted(Name { name }) => name,
                    _ => return Ok(done("no name".into())),
                };
                let ok = d.ask::<Confirm>("confirm").await?.accepted();
                Ok(done(format!("{name}: {}", ok.is_some_and(|c| c.ok))))
            })
            .await
    }

    #[tool(description = "The same questions, under other keys")]
    async fn greet_too(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .keys(&self.keys)
            .run(|d| async move {
                let name = d.ask::<Name>("name").await?.accepted().map(|n| n.name);
                Ok(done(name.unwrap_or_default()))
            })
            .await
    }

    #[tool(description = "Asks a name; its state expires at once")]
    async fn hurry(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .keys(&self.keys)
            .expires_after(Duration::ZERO)
            .run(|d| async move {
                let name = d.ask::<Name>("name").await?.accepted().map(|n| n.name);
                Ok(done(name.unwrap_or_default()))
            })
            .await
    }

    #[tool(description = "Sealed with the same key as `greet`, but asks other things first")]
    async fn changed(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        // Bound like `greet` with no arguments: as if `greet` had changed in a deploy.
        dialog
            .with_binding(Binding::tool("greet", &json!({})))
            .keys(&self.keys)
            .run(|d| async move {
                let ok = d.ask::<Confirm>("confirm").await?.accepted();
                Ok(done(format!("{}", ok.is_some_and(|c| c.ok))))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

async fn connect(server: Server) -> Session {
    TestClient::v2026_07_28().connect(server).await.unwrap()
}

async fn call(
    session: &Session,
    tool: &str,
    arguments: Value,
    answers: Option<Value>,
    state: Option<String>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    params.arguments = arguments.as_object().cloned();
    params.input_responses = answers.map(|answers| serde_json::from_value(answers).unwrap());
    params.request_state = state;
    session.peer().call_tool_once(params).await
}

/// The state of the first round of `tool`.
async fn first_state(session: &Session, tool: &str, arguments: Value) -> String {
    match call(session, tool, arguments, None, None).await.unwrap() {
        CallToolResponse::InputRequired(result) => result.request_state.unwrap(),
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}

fn name_answer() -> Option<Value> {
    Some(json!({"name": {"action": "accept", "content": {"name": "Ada"}}}))
}

/// The one answer to every refused state.
fn invalid_state() -> ErrorData {
    ErrorData::invalid_params("invalid or expired request state", None)
}

/// The JSON-RPC error of a refused call: its code, message and data.
fn refused(result: Result<CallToolResponse, ServiceError>) -> ErrorData {
    match result {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

#[tokio::test]
async fn an_untouched_state_opens() {
    let session = connect(server(1)).await;
    let state = first_state(&session, "greet", json!({"lang": "en"})).await;
    let second = call(
        &session,
        "greet",
        json!({"lang": "en"}),
        name_answer(),
        Some(state),
    )
    .await
    .unwrap();
    let CallToolResponse::InputRequired(second) = second else {
        panic!("expected the second round");
    };
    assert!(second.input_requests.unwrap().contains_key("confirm"));
}

#[tokio::test]
async fn a_tampered_state_is_invalid_params() {
    let session = connect(server(1)).await;
    let state = first_state(&session, "greet", json!({})).await;
    // Change one character of the payload (not the last one, whose low bits are padding).
    let mut bytes = state.into_bytes();
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(bytes).unwrap();

    let error = refused(call(&session, "greet", json!({}), name_answer(), Some(tampered)).await);

    assert_eq!(error, invalid_state());
    assert_eq!(
        serde_json::to_string(&error).unwrap(),
        r#"{"code":-32602,"message":"invalid or expired request state"}"#
    );
}

#[tokio::test]
async fn a_state_of_another_server_is_foreign() {
    let other = connect(server(2)).await;
    let state = first_state(&other, "greet", json!({})).await;
    let session = connect(server(1)).await;

    let error = refused(call(&session, "greet", json!({}), name_answer(), Some(state)).await);

    assert_eq!(error, invalid_state());
}

#[tokio::test]
async fn a_state_of_another_tool_or_other_arguments_is_refused() {
    let session = connect(server(1)).await;
    let state = first_state(&session, "greet", json!({"lang": "en"})).await;

    let error = refused(
        call(
            &session,
            "greet",
            json!({"lang": "fr"}),
            name_answer(),
            Some(state.clone()),
        )
        .await,
    );
    assert_eq!(error, invalid_state());

    let error = refused(call(&session, "greet_too", json!({}), name_answer(), Some(state)).await);
    assert_eq!(error, invalid_state());
}

#[tokio::test]
async fn an_expired_state_is_invalid_params() {
    let session = connect(server(1)).await;
    let state = first_state(&session, "hurry", json!({})).await;

    let error = refused(call(&session, "hurry", json!({}), name_answer(), Some(state)).await);

    assert_eq!(error, invalid_state());
}

#[tokio::test]
async fn a_state_whose_rounds_the_tool_no_longer_asks_is_refused() {
    let session = connect(server(1)).await;
    let first = first_state(&session, "greet", json!({})).await;
    let second = match call(&session, "greet", json!({}), name_answer(), Some(first))
        .await
        .unwrap()
    {
        CallToolResponse::InputRequired(result) => result.request_state.unwrap(),
        other => panic!("expected the second round, got {other:?}"),
    };

    let error = refused(call(&session, "changed", json!({}), None, Some(second)).await);

    assert_eq!(error.code.0, -32602);
    assert_eq!(
        error.message,
        "request state does not match this call: round 1 answered `name`, and the tool now asks `confirm`"
    );
    assert_eq!(error.data, Some(json!({"requestState": "diverged"})));
}

#[tokio::test]
async fn a_malformed_state_is_invalid_params() {
    let session = connect(server(1)).await;
    let error = refused(
        call(
            &session,
            "greet",
            json!({}),
            name_answer(),
            Some("not a state!".into()),
        )
        .await,
    );
    assert_eq!(error, invalid_state());
}
