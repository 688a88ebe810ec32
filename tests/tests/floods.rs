//! One caller must not lock the others out. Two floods, each in memory and on a real Redis
//! (started by the test; skipped, saying why, where `redis-server` is missing, unless
//! `ELICIT_REQUIRE_SERVICES=1`):
//!
//! - one caller mints link after link: past their own allowance they are refused, and
//!   everybody else still gets links (before, one caller filled the store for all);
//! - a client invents a new `Authorization` header for every call of a tool that opens its
//!   states once, on rmcp over HTTP without authorization: the header charges nothing, so the
//!   call is refused unless the tool opted in to anonymous callers, and then every such call
//!   shares the tool's one allowance (before, each invented header was a person with a fresh
//!   allowance, and a hundred of them filled the guard for everyone); a caller the server's
//!   authentication established keeps an allowance of their own.

mod url_form_support;

use std::sync::Arc;
use std::time::Duration;

use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::redis::{RedisReplayGuard, RedisStore};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{MemoryReplayGuard, Principal, ReplayGuard, StateKey, StateKeys};
use elicit_core::url_form::{MemoryStore, UrlFormError, UrlFormStore, UrlForms};
use elicit_core::{Elicit, ElicitOutcome};
use http_body_util::BodyExt as _;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tower_service::Service as _;
use url_form_support::services::redis_server;
use url_form_support::{BASE, connect_form, forms_on};

// ------------------------------------------------------------------ one caller's links

/// Forms on `store` whose people may have 20 links open each.
fn forms(store: impl UrlFormStore) -> UrlForms {
    forms_on(store, BASE, 4, Duration::from_secs(60))
}

/// Mallory mints 200 links (the memory store holds 100 at most): 20 are hers, the rest are
/// refused; then each of 30 other people still gets one, and so does Mallory once she frees a
/// slot.
async fn one_caller_mints_without_end(forms: &UrlForms) {
    let mallory = Principal::new("mallory");
    let mut minted = Vec::new();
    let mut refused = 0;
    for n in 0..200 {
        match forms
            .mint(&mallory, &format!("e-{n}"), connect_form())
            .await
        {
            Ok(link) => minted.push(link),
            Err(UrlFormError::TooManyLinks { limit }) => {
                assert_eq!(limit, UrlForms::DEFAULT_LINKS_PER_PERSON);
                refused += 1;
            }
            Err(other) => panic!("link {n}: {other}"),
        }
    }
    assert_eq!((minted.len(), refused), (20, 180));
    for n in 0..30 {
        let person = Principal::new(format!("person-{n}"));
        forms
            .mint(&person, "e", connect_form())
            .await
            .unwrap_or_else(|error| panic!("person {n} was locked out: {error}"));
    }
    // Declined in her client: the link is abandoned, and its slot is hers again.
    assert!(forms.abandon(minted[0].id()).await.unwrap());
    forms.mint(&mallory, "again", connect_form()).await.unwrap();
    assert!(matches!(
        forms.mint(&mallory, "more", connect_form()).await,
        Err(UrlFormError::TooManyLinks { .. })
    ));
}

#[tokio::test]
async fn one_caller_cannot_lock_others_out_of_links_in_memory() {
    one_caller_mints_without_end(&forms(MemoryStore::new().with_capacity(100))).await;
}

#[tokio::test]
async fn one_caller_cannot_lock_others_out_of_links_on_redis() {
    let Some(redis) = redis_server("one_caller_cannot_lock_others_out_of_links_on_redis") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    one_caller_mints_without_end(&forms(RedisStore::connect(&url).await.unwrap())).await;
}

// ------------------------------------------------------------ invented headers, the guard

/// Pay the invoice?
#[derive(Elicit)]
#[elicit(untitled)]
struct Confirm {
    ok: bool,
}

#[derive(Clone)]
struct Server {
    dialogs: DialogSettings,
}

#[tool_router]
impl Server {
    #[tool(description = "Pays once, for whoever calls")]
    async fn pay(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog.once().run(confirm).await
    }

    #[tool(description = "Pays once, for anyone who calls")]
    async fn pay_anyone(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog.once_for_anyone().run(confirm).await
    }
}

async fn confirm(d: Dialog) -> Result<CallToolResult, elicit_core::dialog::Halt> {
    let ok = matches!(d.ask::<Confirm>("confirm").await?, ElicitOutcome::Accepted(c) if c.ok);
    Ok(CallToolResult::success(vec![ContentBlock::text(format!(
        "paid: {ok}"
    ))]))
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Server {}

type Http = StreamableHttpService<Server, LocalSessionManager>;

/// rmcp's streamable-HTTP service of the server, its states used once through `guard`.
fn service(guard: Arc<dyn ReplayGuard>) -> Http {
    let keys = StateKeys::new(StateKey::new(&[9; 32]).unwrap());
    let server = Server {
        dialogs: DialogSettings::new().keys(&keys).replay_guard(guard),
    };
    let mut config = StreamableHttpServerConfig::default();
    config.json_response = true;
    StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}

/// Who calls: an `Authorization` header nobody checks, or a `Principal` an authorization
/// layer established.
#[derive(Clone)]
enum Caller {
    Header(String),
    Verified(&'static str),
}

/// A 2026-07-28 `tools/call` of `tool` as `caller`, with what a retry carries.
async fn call(http: &mut Http, tool: &str, caller: &Caller, state: Option<&str>) -> Value {
    let mut params = json!({
        "name": tool,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "floods", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let Some(state) = state {
        params["requestState"] = json!(state);
        params["inputResponses"] =
            json!({"confirm": {"action": "accept", "content": {"ok": true}}});
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let mut request = http::Request::post("/mcp")
        .header("host", "localhost")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", tool);
    if let Caller::Header(value) = caller {
        request = request.header("authorization", value.as_str());
    }
    let mut request = request.body(body.to_string()).unwrap();
    if let Caller::Verified(name) = caller {
        request.extensions_mut().insert(Principal::new(*name));
    }
    let response = http.call(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let message = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
        .unwrap_or(&text);
    serde_json::from_str(message.trim()).unwrap_or_else(|error| panic!("{error}: {text:?}"))
}

/// One whole payment as `caller`: the question, then the retry that uses its state. The
/// retry's response.
async fn pay(http: &mut Http, tool: &str, caller: &Caller) -> Value {
    let first = call(http, tool, caller, None).await;
    let Some(state) = first["result"]["requestState"].as_str() else {
        return first;
    };
    call(http, tool, caller, Some(state)).await
}

fn paid(response: &Value) -> bool {
    response["result"]["content"][0]["text"] == "paid: true"
}

/// The floods against `guard` (which allows each owner 3 states; the memory one holds 12 in
/// all: the tool's 3 and three people's 3 each).
async fn invented_headers(guard: Arc<dyn ReplayGuard>) {
    let mut http = service(guard);
    let invented = |n: usize| Caller::Header(format!("Bearer invented-{n}"));

    // A tool that charges each use to its caller: an invented header is nobody.
    let refused = call(&mut http, "pay", &invented(0), None).await;
    assert_eq!(refused["error"]["code"], -32603, "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains("once_for_anyone"), "{message}");

    // A tool open to anyone: the invented headers share the tool's one allowance of 3.
    let results: Vec<bool> = {
        let mut results = Vec::new();
        for n in 0..8 {
            results.push(paid(&pay(&mut http, "pay_anyone", &invented(n)).await));
        }
        results
    };
    assert_eq!(
        results,
        [true, true, true, false, false, false, false, false]
    );

    // The guard is not full: people the server knows each keep their own allowance.
    for person in ["alice", "bob", "carol"] {
        for _ in 0..3 {
            let done = pay(&mut http, "pay", &Caller::Verified(person)).await;
            assert!(paid(&done), "{person}: {done}");
        }
        let over = pay(&mut http, "pay", &Caller::Verified(person)).await;
        assert!(!paid(&over), "{person} is past their own allowance: {over}");
    }
}

#[tokio::test]
async fn invented_headers_cannot_fill_the_guard_in_memory() {
    invented_headers(Arc::new(MemoryReplayGuard::with_capacity(12).with_quota(3))).await;
}

#[tokio::test]
async fn invented_headers_cannot_fill_the_guard_on_redis() {
    let Some(redis) = redis_server("invented_headers_cannot_fill_the_guard_on_redis") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let guard = RedisReplayGuard::connect(&url).await.unwrap().with_quota(3);
    invented_headers(Arc::new(guard)).await;
}
