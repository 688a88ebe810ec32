//! A `Dialog`'s `requestState` refused (2026-07-28): altered, sealed by another server's key,
//! issued for another tool or other arguments, expired, or no longer matching the tool's
//! questions. Each forgery gets the same JSON-RPC `-32602`, byte for byte, so a client probing
//! the server learns nothing of what it got wrong.

mod dialog_support;

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dialog_support::{done, keys};
use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{Binding, StateKeys};
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
    dialogs: DialogSettings,
    /// The keys of the test, for the tool that seals otherwise than the server.
    keys: StateKeys,
}

/// The server, its dialogs sealing with the test's key `key`.
fn server(key: u8) -> Server {
    let keys = keys(key);
    Server {
        dialogs: DialogSettings::new().keys(&keys),
        keys,
    }
}

#[tool_router]
impl Server {
    #[tool(description = "Asks a name, then a confirmation")]
    async fn greet(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
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
            .run(|d| async move {
                let name = d.ask::<Name>("name").await?.accepted().map(|n| n.name);
                Ok(done(name.unwrap_or_default()))
            })
            .await
    }

    #[tool(description = "Asks a name; its state expires at once")]
    async fn hurry(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        // No clock skew allowance: the state expires as it is issued.
        let settings = DialogSettings::new()
            .keys(&self.keys.clone().with_clock_skew(Duration::ZERO))
            .expires_after(Duration::ZERO);
        dialog
            .with_settings(&settings)
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
            .run(|d| async move {
                let ok = d.ask::<Confirm>("confirm").await?.accepted();
                Ok(done(format!("{}", ok.is_some_and(|c| c.ok))))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
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

// What is logged

/// A card number, as a person might type it into a form.
const CARD: &str = "4242 4242 4242 4242";

/// Every `tracing` event, every field of it written out: `level target field=value …`.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<String>>>);

impl tracing::Subscriber for Capture {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut line = format!("SPAN {}", span.metadata().target());
        span.record(&mut Fields(&mut line));
        self.0.lock().unwrap().push(line);
        tracing::span::Id::from_u64(1)
    }

    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        let mut line = "RECORD".to_owned();
        values.record(&mut Fields(&mut line));
        self.0.lock().unwrap().push(line);
    }

    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}

    fn event(&self, event: &tracing::Event<'_>) {
        let metadata = event.metadata();
        let mut line = format!("{} {}", metadata.level(), metadata.target());
        event.record(&mut Fields(&mut line));
        self.0.lock().unwrap().push(line);
    }

    fn enter(&self, _: &tracing::span::Id) {}

    fn exit(&self, _: &tracing::span::Id) {}
}

/// Writes each field as ` name=value`.
struct Fields<'a>(&'a mut String);

impl tracing::field::Visit for Fields<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
}

/// A dialog whose answers hold a card number, then every refusal a client can provoke with
/// its state, under a subscriber that keeps every event; prints them, one a line.
#[test]
#[ignore = "run in a child process by no_answer_reaches_the_logs"]
fn logging_child() {
    let capture = Capture::default();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    tracing::subscriber::with_default(capture.clone(), || {
        runtime.block_on(async {
            let server = server(1);
            let keys = server.keys.clone();
            let session = connect(server).await;
            let first = first_state(&session, "greet", json!({})).await;
            let answer = Some(json!({"name": {"action": "accept", "content": {"name": CARD}}}));
            let second = match call(
                &session,
                "greet",
                json!({}),
                answer.clone(),
                Some(first.clone()),
            )
            .await
            .unwrap()
            {
                CallToolResponse::InputRequired(result) => result.request_state.unwrap(),
                other => panic!("expected the second round, got {other:?}"),
            };
            // The state holding the card, presented for other arguments and altered.
            let _ = call(
                &session,
                "greet",
                json!({"lang": "fr"}),
                None,
                Some(second.clone()),
            )
            .await;
            let mut bytes = second.clone().into_bytes();
            let middle = bytes.len() / 2;
            bytes[middle] = if bytes[middle] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap();
            let _ = call(&session, "greet", json!({}), None, Some(tampered)).await;
            // A state of this call sealed by an earlier build, whose state had another shape:
            // authentic, so it is decrypted, and the card sits where a count is now.
            let older = keys
                .seal(&json!({"t": CARD}), &Binding::tool("greet", &json!({})))
                .unwrap();
            let _ = call(&session, "greet", json!({}), answer, Some(older)).await;
        });
    });
    println!("\nevents:");
    for line in capture.0.lock().unwrap().iter() {
        println!("{line}");
    }
}

/// Runs the ignored test `name` of this binary alone in a child process (`tracing` may miss
/// a thread's subscriber while other test threads first reach a log statement), and
/// returns what it printed.
fn in_child(name: &str) -> String {
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            name,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn no_answer_reaches_the_logs() {
    let stdout = in_child("logging_child");
    let events: Vec<_> = stdout
        .lines()
        .skip_while(|line| *line != "events:")
        .skip(1)
        .filter(|line| line.contains(" elicit"))
        .collect();
    let reasons: Vec<_> = events
        .iter()
        .filter_map(|line| line.split(" reason=").nth(1))
        .map(|rest| rest.split(' ').next().unwrap_or_default())
        .collect();
    assert_eq!(
        reasons,
        ["\"wrong_call\"", "\"tampered\"", "\"unreadable\""],
        "{stdout}"
    );
    for line in &events {
        for secret in [CARD, "4242424242424242", "4242"] {
            assert!(!line.contains(secret), "{secret:?} logged: {line}");
        }
    }
    // What is logged instead: what kind of error, and where in the state's JSON.
    let unreadable = events
        .iter()
        .find(|line| line.contains("unreadable"))
        .unwrap();
    assert!(
        unreadable.contains("a value that does not fit the type at line 1 column "),
        "{unreadable}"
    );
}
