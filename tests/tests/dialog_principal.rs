//! A `Dialog` on rmcp's streamable-HTTP server binds its states to the caller the request
//! identifies, with no code of the tool's author: over HTTP with authorization, one person's
//! state does not complete another person's dialog. A `Principal` an authorization layer puts
//! in the request outranks the credential; the keys' policy can require a principal, or
//! leave the transport out.

use std::sync::Arc;

use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{Principal, PrincipalPolicy, StateKey, StateKeys};
use elicit_core::{Elicit, ElicitOutcome};
use http_body_util::BodyExt as _;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tower_service::Service as _;

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

/// A server whose author wrote no principal code: the tool gives its dialog the keys, and
/// nothing else.
#[derive(Clone)]
struct Server {
    dialogs: DialogSettings,
}

#[tool_router]
impl Server {
    #[tool(description = "Asks a name, then a confirmation")]
    async fn greet(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let name = match d.ask::<Name>("name").await? {
                    ElicitOutcome::Accepted(Name { name }) => name,
                    _ => return Ok(CallToolResult::success(vec![ContentBlock::text("no name")])),
                };
                let ok = d.ask::<Confirm>("confirm").await?.accepted();
                let text = format!("{name}: {}", ok.is_some_and(|c| c.ok));
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Server {}

type Http = StreamableHttpService<Server, LocalSessionManager>;

fn keys() -> StateKeys {
    StateKeys::new(StateKey::new(&[7; 32]).unwrap())
}

fn service() -> Http {
    serving(keys())
}

fn serving(keys: StateKeys) -> Http {
    let server = Server {
        dialogs: DialogSettings::new().keys(&keys),
    };
    let mut config = StreamableHttpServerConfig::default();
    config.json_response = true;
    StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}

/// A 2026-07-28 `tools/call` of `greet`, as `authorization` (a header value, or none), with
/// what a retry carries: the JSON-RPC response.
async fn call(
    service: &mut Http,
    authorization: Option<&str>,
    answers: Option<Value>,
    state: Option<&str>,
) -> Value {
    call_as(service, authorization, None, answers, state).await
}

/// As [`call`], with the `Principal` an authorization layer would have put in the request.
async fn call_as(
    service: &mut Http,
    authorization: Option<&str>,
    principal: Option<Principal>,
    answers: Option<Value>,
    state: Option<&str>,
) -> Value {
    let mut params = json!({
        "name": "greet",
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "dialog_principal", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let Some(answers) = answers {
        params["inputResponses"] = answers;
    }
    if let Some(state) = state {
        params["requestState"] = json!(state);
    }
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params});
    let mut request = http::Request::post("/mcp")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", "greet");
    if let Some(authorization) = authorization {
        request = request.header("authorization", authorization);
    }
    let mut request = request.body(body.to_string()).unwrap();
    if let Some(principal) = principal {
        request.extensions_mut().insert(principal);
    }
    let response = service.call(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    // A JSON body, or the last `data:` of an event stream.
    let message = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
        .unwrap_or(&text);
    serde_json::from_str(message.trim()).unwrap_or_else(|error| panic!("{error}: {text:?}"))
}

fn state_of(response: &Value) -> String {
    response["result"]["requestState"]
        .as_str()
        .unwrap_or_else(|| panic!("expected an InputRequiredResult, got {response}"))
        .to_owned()
}

fn name_answer(name: &str) -> Option<Value> {
    Some(json!({"name": {"action": "accept", "content": {"name": name}}}))
}

const ALICE: &str = "Bearer alice-access-token";
const BOB: &str = "Bearer bob-access-token";

#[tokio::test]
async fn one_user_cannot_complete_another_users_dialog() {
    let mut http = service();
    let first = state_of(&call(&mut http, Some(ALICE), None, None).await);

    // Bob, holding Alice's state (copied from a shared log, say), answers in her place.
    let stolen = call(&mut http, Some(BOB), name_answer("Mallory"), Some(&first)).await;
    assert_eq!(
        stolen["error"],
        json!({"code": -32602, "message": "invalid or expired request state"}),
        "{stolen}"
    );

    // Alice herself goes on, to the end.
    let second = state_of(&call(&mut http, Some(ALICE), name_answer("Alice"), Some(&first)).await);
    let bob_again = call(
        &mut http,
        Some(BOB),
        Some(json!({"confirm": {"action": "accept", "content": {"ok": true}}})),
        Some(&second),
    )
    .await;
    assert_eq!(bob_again["error"]["code"], -32602, "{bob_again}");
    let done = call(
        &mut http,
        Some(ALICE),
        Some(json!({"confirm": {"action": "accept", "content": {"ok": true}}})),
        Some(&second),
    )
    .await;
    assert_eq!(
        done["result"]["content"][0]["text"], "Alice: true",
        "{done}"
    );
}

#[tokio::test]
async fn a_state_issued_with_authorization_does_not_open_without_it() {
    let mut http = service();
    let first = state_of(&call(&mut http, Some(ALICE), None, None).await);
    let anonymous = call(&mut http, None, name_answer("Mallory"), Some(&first)).await;
    assert_eq!(anonymous["error"]["code"], -32602, "{anonymous}");
    // And the reverse: a state issued to nobody does not open for a caller who is someone.
    let nobodys = state_of(&call(&mut http, None, None, None).await);
    let claimed = call(&mut http, Some(ALICE), name_answer("Alice"), Some(&nobodys)).await;
    assert_eq!(claimed["error"]["code"], -32602, "{claimed}");
}

#[tokio::test]
async fn without_authorization_the_dialog_still_runs() {
    // Nothing identifies the caller (no authorization; 2026-07-28 has no sessions): the
    // state is bound to the call alone, as on stdio.
    let mut http = service();
    let first = state_of(&call(&mut http, None, None, None).await);
    let second = state_of(&call(&mut http, None, name_answer("Ada"), Some(&first)).await);
    let done = call(
        &mut http,
        None,
        Some(json!({"confirm": {"action": "accept", "content": {"ok": false}}})),
        Some(&second),
    )
    .await;
    assert_eq!(done["result"]["content"][0]["text"], "Ada: false", "{done}");
}

fn ada() -> Principal {
    Principal::issuer_subject("https://id.example", "ada")
}

#[tokio::test]
async fn a_principal_from_the_authorization_layer_outlives_the_token() {
    // The layer validated each token and named the person: a new token (refreshed between
    // two rounds) is still Ada, and Bob's is not, whatever credential he sends.
    let mut http = service();
    let first = state_of(&call_as(&mut http, Some(ALICE), Some(ada()), None, None).await);
    let refreshed = "Bearer alice-refreshed-token";
    let second = call_as(
        &mut http,
        Some(refreshed),
        Some(ada()),
        name_answer("Ada"),
        Some(&first),
    )
    .await;
    assert!(second["result"]["requestState"].is_string(), "{second}");
    let bob = Principal::issuer_subject("https://id.example", "bob");
    let stolen = call_as(
        &mut http,
        Some(ALICE),
        Some(bob),
        name_answer("Bob"),
        Some(&first),
    )
    .await;
    assert_eq!(stolen["error"]["code"], -32602, "{stolen}");
    // Without the layer, the credential is the caller: a refreshed token starts over.
    let first = state_of(&call(&mut http, Some(ALICE), None, None).await);
    let later = call(&mut http, Some(refreshed), name_answer("Ada"), Some(&first)).await;
    assert_eq!(later["error"]["code"], -32602, "{later}");
}

#[tokio::test]
async fn keys_that_require_a_principal_refuse_a_caller_who_is_nobody() {
    let mut http = serving(keys().with_principal_policy(PrincipalPolicy::Required));
    let refused = call(&mut http, None, None, None).await;
    assert_eq!(refused["error"]["code"], -32603, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("names no principal"),
        "{refused}"
    );
    // A caller the transport identifies is served as by default.
    let first = state_of(&call(&mut http, Some(ALICE), None, None).await);
    let stolen = call(&mut http, Some(BOB), name_answer("Bob"), Some(&first)).await;
    assert_eq!(stolen["error"]["code"], -32602, "{stolen}");
    let second = call(&mut http, Some(ALICE), name_answer("Alice"), Some(&first)).await;
    assert!(second["result"]["requestState"].is_string(), "{second}");
}

#[tokio::test]
async fn keys_that_leave_the_transport_out_bind_nobody_the_author_did_not_name() {
    // The opt-out (callers behind a gateway that share one credential, say): the state is
    // bound to the call alone, and whoever holds it completes the dialog.
    let mut http = serving(keys().with_principal_policy(PrincipalPolicy::Optional));
    let first = state_of(&call(&mut http, Some(ALICE), None, None).await);
    let other = call(&mut http, Some(BOB), name_answer("Bob"), Some(&first)).await;
    assert!(other["result"]["requestState"].is_string(), "{other}");
}
