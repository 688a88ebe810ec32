//! What a dialog's sealed `requestState` holds, and what it refuses to hold (2026-07-28):
//! none of the person's answers in clear, only what the forms read (never the unknown keys or
//! huge values a client sent around them), nothing over the protocol's 64 KiB (refused with
//! `-32602` at the round the answer arrives), and the sizes of typical dialogs, measured
//! against the table in `elicit-runtime/docs/state.md`. Also the Dialog's side of binding:
//! a state issued to one person and presented for another, and one presented twice to a
//! dialog that opens each state once.

use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use elicit_core::dialog::{Dialog, DialogSettings, Halt};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{MemoryReplayGuard, StateKey, StateKeys};
use elicit_core::testing::{Answer, Session, TestClient, text};
use elicit_core::{Elicit, Form};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, ServiceError, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

/// Who are you?
#[derive(Elicit, Debug)]
struct Guest {
    name: String,
    #[elicit(max_length = 60)]
    nickname: Option<String>,
}

/// Please confirm
#[derive(Elicit, Debug)]
struct Confirm {
    ok: bool,
}

/// A ten-field form, each field a short answer.
#[derive(Elicit, Debug)]
struct Ten {
    street: String,
    number: u16,
    city: String,
    postcode: String,
    country: String,
    phone: String,
    #[elicit(format = "email")]
    email: String,
    floor: u8,
    lift: bool,
    notes: String,
}

fn keys() -> StateKeys {
    StateKeys::new(StateKey::new(&[9; 32]).unwrap())
}

/// Asks who the guest is, then a confirmation: the guest's name, and whether they confirmed.
async fn guest_then_confirm(d: &Dialog) -> Result<(Option<Guest>, bool), Halt> {
    let guest = d.ask::<Guest>("guest").await?.accepted();
    let ok = d
        .ask::<Confirm>("confirm")
        .await?
        .accepted()
        .is_some_and(|c| c.ok);
    Ok((guest, ok))
}

fn said(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[derive(Clone)]
struct Server {
    dialogs: DialogSettings,
    /// The settings of the tools that seal otherwise than the server (a readable state,
    /// states that never expire).
    readable: DialogSettings,
    forever: DialogSettings,
}

#[tool_router]
impl Server {
    #[tool(description = "Asks who the guest is, then a confirmation")]
    async fn greet(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let guest = d.ask::<Guest>("guest").attempts(3).await?.accepted();
                let ok = d
                    .ask::<Confirm>("confirm")
                    .await?
                    .accepted()
                    .is_some_and(|c| c.ok);
                Ok(said(format!("{:?} {ok}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "The same, readable: a state the client may read")]
    async fn greet_readable(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .with_settings(&self.readable)
            .run(|d| async move {
                let (guest, ok) = guest_then_confirm(&d).await?;
                Ok(said(format!("{:?} {ok}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "Greets the person the call names")]
    async fn greet_person(
        &self,
        dialog: Dialog,
        arguments: rmcp::model::JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        // In a real server the principal comes from the authenticated request, not the
        // arguments: here the call names it, to present one person's state for another.
        let user = arguments
            .get("user")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        dialog
            .principal(user)
            .run(|d| async move {
                let (guest, ok) = guest_then_confirm(&d).await?;
                Ok(said(format!("{:?} {ok}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "Pays once")]
    async fn pay(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        // The payer, as the server's authentication would name them: each use is theirs.
        dialog
            .principal("payer")
            .once()
            .run(|d| async move {
                let (guest, ok) = guest_then_confirm(&d).await?;
                Ok(said(format!("paid: {:?} {ok}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "Pays once, asking who pays until the answer fits, twice at most")]
    async fn pay_checked(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .principal("payer")
            .once()
            .run(|d| async move {
                let guest = d.ask::<Guest>("guest").attempts(2).await?.accepted();
                Ok(said(format!("paid: {:?}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "Pays once, with states that would never expire")]
    async fn pay_forever(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .with_settings(&self.forever)
            .once()
            .run(|d| async move {
                let (guest, ok) = guest_then_confirm(&d).await?;
                Ok(said(format!("paid: {:?} {ok}", guest.map(|g| g.name))))
            })
            .await
    }

    #[tool(description = "Three ten-field forms")]
    async fn three_tens(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                for key in ["home", "work", "holiday"] {
                    d.ask_form(key, Form::<Ten>::new()).await?;
                }
                Ok(said("done".into()))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Server {}

/// The server: its dialogs seal with the test's keys, and a guard of its own remembers the
/// states its `once` tools used.
fn server() -> Server {
    let guard = Arc::new(MemoryReplayGuard::new());
    let dialogs = DialogSettings::new().keys(&keys()).replay_guard(guard);
    Server {
        readable: dialogs.clone().keys(&keys().readable()),
        forever: dialogs.clone().never_expires(),
        dialogs,
    }
}

async fn connect() -> Session {
    TestClient::v2026_07_28().connect(server()).await.unwrap()
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

/// The `requestState` a call came back with.
fn state_of(result: Result<CallToolResponse, ServiceError>) -> String {
    match result {
        Ok(CallToolResponse::InputRequired(result)) => result.request_state.unwrap(),
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}

fn error_of(result: Result<CallToolResponse, ServiceError>) -> ErrorData {
    match result {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

fn guest(content: Value) -> Option<Value> {
    Some(json!({"guest": {"action": "accept", "content": content}}))
}

/// The state of the round after `guest` was answered with `content`.
async fn after_guest(session: &Session, tool: &str, content: Value) -> String {
    let first = state_of(call(session, tool, json!({}), None, None).await);
    state_of(call(session, tool, json!({}), guest(content), Some(first)).await)
}

#[tokio::test]
async fn the_person_s_answers_are_not_in_the_state() {
    let session = connect().await;
    let secret = "Zyxwvutsrq-the-guest";
    let sealed = after_guest(&session, "greet", json!({"name": secret})).await;
    let bytes = URL_SAFE_NO_PAD.decode(&sealed).unwrap();
    let encoded = URL_SAFE_NO_PAD.encode(secret);
    for text in [sealed.as_bytes(), &bytes[..]] {
        assert!(
            !contains(text, secret.as_bytes()),
            "the answer is readable in the state"
        );
        assert!(
            !contains(text, &encoded.as_bytes()[..16]),
            "its base64 is in the state"
        );
    }
    // The control: a readable state does hold it, so the test would see it.
    let readable = after_guest(&session, "greet_readable", json!({"name": secret})).await;
    assert!(contains(
        &URL_SAFE_NO_PAD.decode(&readable).unwrap(),
        secret.as_bytes()
    ));
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[tokio::test]
async fn unknown_keys_are_not_carried() {
    let session = connect().await;
    let plain = after_guest(&session, "greet", json!({"name": "Ada"})).await;
    // 232 000 unknown keys around the answer: read past, not sealed.
    let mut content: Map<String, Value> = (0..232_000)
        .map(|i| (format!("k{i}"), Value::from(i)))
        .collect();
    content.insert("name".into(), "Ada".into());
    let padded = after_guest(&session, "greet", Value::Object(content)).await;
    assert_eq!(
        padded.len(),
        plain.len(),
        "the unknown keys made the state larger"
    );
    assert!(padded.len() < 400, "{} characters", padded.len());
}

#[tokio::test]
async fn a_refused_huge_value_is_not_carried() {
    let session = connect().await;
    // A nickname of 4 MB, over its max_length: asked again, keeping only the right name and
    // the error, not the 4 MB.
    let huge = "x".repeat(4_000_000);
    let sealed = after_guest(&session, "greet", json!({"name": "Ada", "nickname": huge})).await;
    assert!(sealed.len() < 1_000, "{} characters", sealed.len());
}

#[tokio::test]
async fn an_answer_that_would_pass_64_kib_is_refused_when_it_arrives() {
    let session = connect().await;
    let first = state_of(call(&session, "greet", json!({}), None, None).await);
    // A 1 MiB name fits the form (no max_length), but cannot be carried to the next round.
    let name = "y".repeat(1 << 20);
    let error = error_of(
        call(
            &session,
            "greet",
            json!({}),
            guest(json!({"name": name})),
            Some(first),
        )
        .await,
    );
    assert_eq!(error.code.0, -32602);
    assert!(
        error
            .message
            .starts_with("the answer to `guest` would make the request state ")
            && error
                .message
                .ends_with("bytes long, over the protocol's limit of 65536: answer with less"),
        "{}",
        error.message
    );
}

#[tokio::test]
async fn a_state_issued_to_one_person_is_refused_for_another() {
    let session = connect().await;
    let first = state_of(call(&session, "greet_person", json!({"user": "ada"}), None, None).await);
    let error = error_of(
        call(
            &session,
            "greet_person",
            json!({"user": "bob"}),
            guest(json!({"name": "Bob"})),
            Some(first.clone()),
        )
        .await,
    );
    assert_eq!(
        serde_json::to_string(&error).unwrap(),
        r#"{"code":-32602,"message":"invalid or expired request state"}"#
    );
    // The same person goes on.
    let next = call(
        &session,
        "greet_person",
        json!({"user": "ada"}),
        guest(json!({"name": "Ada"})),
        Some(first),
    )
    .await;
    assert!(matches!(next, Ok(CallToolResponse::InputRequired(_))));
}

#[tokio::test]
async fn a_dialog_that_opens_each_state_once_refuses_a_replayed_retry() {
    let session = connect().await;
    let first = state_of(call(&session, "pay", json!({}), None, None).await);
    let retry = call(
        &session,
        "pay",
        json!({}),
        guest(json!({"name": "Ada"})),
        Some(first.clone()),
    )
    .await;
    assert!(matches!(retry, Ok(CallToolResponse::InputRequired(_))));
    let replayed = error_of(
        call(
            &session,
            "pay",
            json!({}),
            guest(json!({"name": "Ada"})),
            Some(first),
        )
        .await,
    );
    assert_eq!(
        serde_json::to_string(&replayed).unwrap(),
        r#"{"code":-32602,"message":"invalid or expired request state"}"#
    );
}

#[tokio::test]
async fn a_dialog_that_opens_each_state_once_seals_none_that_never_expires() {
    // Its guard would have to remember such a state forever: the author learns it at the
    // first round, not the person at the second.
    let session = connect().await;
    let error = error_of(call(&session, "pay_forever", json!({}), None, None).await);
    assert_eq!(error.code.0, -32603);
    assert_eq!(
        error.message,
        "a dialog opened once seals states that expire: `once` and `never_expires` do not go together"
    );
}

#[tokio::test]
async fn the_attempt_limit_counts_one_chain_of_states_and_once_keeps_it_to_one() {
    // The count of wrong answers rides in the state. Without `once`, a client that sends an
    // older state again has the older count back: a limit on what a person is asked, not on
    // what a client may try. With `once`, the older state is used up.
    let session = connect().await;
    let wrong = || guest(json!({"name": "Ada", "nickname": "x".repeat(61)}));
    let first = state_of(call(&session, "greet", json!({}), None, None).await);
    let second = state_of(call(&session, "greet", json!({}), wrong(), Some(first.clone())).await);
    let third = state_of(call(&session, "greet", json!({}), wrong(), Some(second)).await);
    let gave_up = error_of(call(&session, "greet", json!({}), wrong(), Some(third)).await);
    assert_eq!(gave_up.code.0, -32602);
    assert_ne!(gave_up.message, "invalid or expired request state");
    let again = call(&session, "greet", json!({}), wrong(), Some(first)).await;
    assert!(
        matches!(&again, Ok(CallToolResponse::InputRequired(result))
            if result.input_requests.as_ref().is_some_and(|requests| requests.contains_key("guest"))),
        "{again:?}"
    );

    let first = state_of(call(&session, "pay_checked", json!({}), None, None).await);
    let second = state_of(
        call(
            &session,
            "pay_checked",
            json!({}),
            wrong(),
            Some(first.clone()),
        )
        .await,
    );
    let replayed = error_of(call(&session, "pay_checked", json!({}), wrong(), Some(first)).await);
    assert_eq!(replayed.message, "invalid or expired request state");
    let gave_up = error_of(call(&session, "pay_checked", json!({}), wrong(), Some(second)).await);
    assert_ne!(gave_up.message, "invalid or expired request state");
}

/// The sizes `docs/state.md` publishes for typical dialogs, measured.
#[tokio::test]
async fn typical_dialog_sizes_are_what_the_guide_says() {
    let ten = json!({
        "street": "Karl Johans gate", "number": 22, "city": "Oslo", "postcode": "0159",
        "country": "Norway", "phone": "+47 22 00 00 00", "email": "ada@example.com",
        "floor": 3, "lift": true, "notes": "Ring twice"
    });
    let session = TestClient::v2026_07_28()
        .answers([
            Answer::accept(ten.clone()),
            Answer::accept(ten.clone()),
            Answer::accept(ten),
        ])
        .connect(server())
        .await
        .unwrap();
    assert_eq!(
        text(&session.call_tool("three_tens", None).await.unwrap()),
        "done"
    );
    // The states the client was given, one per round after the first (the kit records the
    // raw InputRequiredResult of each round it answered).
    let mut sizes = Vec::new();
    let first = state_of(call(&session, "three_tens", json!({}), None, None).await);
    sizes.push(first.len());
    let answer = |key: &str| {
        let ten = json!({
            "street": "Karl Johans gate", "number": 22, "city": "Oslo", "postcode": "0159",
            "country": "Norway", "phone": "+47 22 00 00 00", "email": "ada@example.com",
            "floor": 3, "lift": true, "notes": "Ring twice"
        });
        let mut map = Map::new();
        map.insert(key.to_owned(), json!({"action": "accept", "content": ten}));
        Some(Value::Object(map))
    };
    let second = state_of(
        call(
            &session,
            "three_tens",
            json!({}),
            answer("home"),
            Some(first),
        )
        .await,
    );
    sizes.push(second.len());
    let third = state_of(
        call(
            &session,
            "three_tens",
            json!({}),
            answer("work"),
            Some(second),
        )
        .await,
    );
    sizes.push(third.len());

    let session = connect().await;
    let first = state_of(call(&session, "greet", json!({}), None, None).await);
    let reasked = state_of(
        call(
            &session,
            "greet",
            json!({}),
            guest(json!({"name": "Ada", "nickname": "z".repeat(61)})),
            Some(first),
        )
        .await,
    );

    let guide = include_str!("../../elicit-runtime/docs/state.md");
    let row = |label: &str, size: usize| format!("| {label} | {size} |");
    let rows = [
        row("three ten-field forms, before the first answer", sizes[0]),
        row("… after the first", sizes[1]),
        row("… after the second", sizes[2]),
        row("a form asked again (one field wrong)", reasked.len()),
    ];
    for row in rows {
        assert!(
            guide.contains(&row),
            "docs/state.md lacks the measured row {row}"
        );
    }
}
