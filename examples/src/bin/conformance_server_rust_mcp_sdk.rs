//! The conformance server's 2026-07-28 tools and prompt, on rust-mcp-sdk 2.0 instead of
//! rmcp: a streamable-HTTP server on `127.0.0.1`, path `/mcp`, whose tools ask through
//! `elicit_core::dialog::Dialog` made from the SDK's params (feature `rust-mcp-sdk`).
//!
//! | scenario (`input-required-result-…`) | tool |
//! |---|---|
//! | `basic-elicitation`, `missing-input-response`, `result-type`, `ignore-extra-params`, `validate-input` | `test_input_required_result_elicitation` |
//! | `request-state` | `test_input_required_result_request_state` |
//! | `tampered-state` | `test_input_required_result_tampered_state` |
//! | `multi-round` | `test_input_required_result_multi_round` |
//! | `multiple-input-requests` | `test_input_required_result_multiple_inputs` |
//! | `capability-check` | `test_input_required_result_capabilities` |
//! | `non-tool-request` | the prompt `test_input_required_result_prompt` |
//!
//! rust-mcp-sdk 2.0 speaks 2026-07-28 only, so the scenarios of the earlier revisions
//! (`elicitation/create` sent by the server) have no tool here. Every `InputRequiredResult`
//! goes out as the SDK's generic result, written as elicit writes it; a retry whose answers
//! the SDK's models cannot hold reaches `handle_custom_request`, where
//! `elicit_core::rust_mcp_sdk::recover` gives it back to the same code.
//!
//! ```text
//! cargo run -p examples --features rust-mcp-sdk --bin conformance_server_rust_mcp_sdk -- 3002   # 0 picks a free port
//! bash scripts/conformance.sh                                                                # runs the suite against it
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` once it accepts connections; with
//! `ELICIT_SSE=1` in its environment it answers each request on an SSE stream instead of a
//! JSON body (the suite passes both ways).

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use elicit_core::dialog::{Dialog, Gathered, Halt, Inputs};
use elicit_core::rust_mcp_sdk::{Recovered, generic_result, recover};
use elicit_core::{ElicitOutcome, Form};
use examples::conformance::{Color, Confirm, Name, PROMPT, PromptContext};
use rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use rust_mcp_sdk::mcp_http::{
    DEFAULT_MAX_LISTEN_STREAMS, DnsRebindingOptions, McpAppState, McpHttpHandler, Middleware,
    resolve_dns_middleware,
};
use rust_mcp_sdk::mcp_server::{ServerHandler, ToMcpServerHandler};
use rust_mcp_sdk::schema::schema_utils::CustomRequest;
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, ContentBlock, CreateMessageContent, CreateMessageResult,
    GetPromptRequestParams, GetPromptResult, Implementation, ListPromptsResult, ListRootsResult,
    ListToolsResult, PaginatedRequestParams, PromptMessage, Result as GenericResult, Role,
    RpcError, SamplingMessageContentBlock, ServerCapabilities, ServerResult, Tool,
};
use rust_mcp_sdk::{McpServer, RequestContext, ServerDetails, TransportOptions};
use serde_json::{Value, json};

// ---------------------------------------------------------------- the forms

// The forms: examples::conformance (shared with the other conformance server).

const TOOLS: [(&str, &str); 6] = [
    (
        "test_input_required_result_elicitation",
        "Asks for the user's name, then greets them",
    ),
    (
        "test_input_required_result_request_state",
        "Asks for a confirmation, carrying a sealed requestState",
    ),
    (
        "test_input_required_result_tampered_state",
        "Asks for a confirmation; refuses a requestState it did not seal",
    ),
    (
        "test_input_required_result_multi_round",
        "Asks for a name, then a favorite color, in two rounds",
    ),
    (
        "test_input_required_result_multiple_inputs",
        "Asks for a name, a sampled greeting and the client's roots at once",
    ),
    (
        "test_input_required_result_capabilities",
        "Asks only for what the client declared it can provide",
    ),
];

// ---------------------------------------------------------------- the tools

struct Conformance;

fn done(text: String) -> CallToolResult {
    CallToolResult::text_content(vec![text.into()])
}

impl Conformance {
    /// Every tool, whether the SDK read the call or it was recovered.
    async fn call_tool(
        &self,
        params: CallToolRequestParams,
        dialog: Dialog,
    ) -> Result<ServerResult, RpcError> {
        match params.name.as_str() {
            // A retry without the answer (or under another key) is asked again; an answer
            // that is not an ElicitResult is -32602; extra keys are ignored.
            "test_input_required_result_elicitation" => {
                dialog
                    .run(|d| async move {
                        Ok(done(match d.ask::<Name>("user_name").await? {
                            ElicitOutcome::Accepted(Name { name }) => format!("Hello, {name}!"),
                            outcome => format!("No name given (action={})", outcome.action()),
                        }))
                    })
                    .await
            }
            "test_input_required_result_request_state"
            | "test_input_required_result_tampered_state" => dialog.run(confirm).await,
            "test_input_required_result_multi_round" => {
                dialog
                    .run(|d| async move {
                        let step1 = Form::<Name>::new().message("Step 1: What is your name?");
                        let name = match d.ask_form("step1", step1).await? {
                            ElicitOutcome::Accepted(Name { name }) => name,
                            outcome => {
                                let text = format!("No name given (action={})", outcome.action());
                                return Ok(done(text));
                            }
                        };
                        Ok(done(match d.ask::<Color>("step2").await? {
                            ElicitOutcome::Accepted(Color { color }) => {
                                format!("{name}'s favorite color is {color}")
                            }
                            outcome => {
                                format!("{name} gave no color (action={})", outcome.action())
                            }
                        }))
                    })
                    .await
            }
            "test_input_required_result_multiple_inputs"
            | "test_input_required_result_capabilities" => dialog.run(gather).await,
            other => {
                Err(RpcError::invalid_params().with_message(format!("no tool named {other:?}")))
            }
        }
    }

    async fn get_prompt(
        &self,
        params: GetPromptRequestParams,
        dialog: Dialog,
    ) -> Result<ServerResult, RpcError> {
        if params.name != PROMPT {
            let message = format!("no prompt named {:?}", params.name);
            return Err(RpcError::invalid_params().with_message(message));
        }
        dialog
            .run(|d| async move {
                let text = match d.ask::<PromptContext>("user_context").await? {
                    ElicitOutcome::Accepted(PromptContext { context }) => {
                        format!("Answer with this context in mind: {context}")
                    }
                    outcome => format!("Answer without context (action={})", outcome.action()),
                };
                Ok(GetPromptResult {
                    description: None,
                    messages: vec![PromptMessage {
                        content: ContentBlock::text_content(text),
                        role: Role::User,
                    }],
                    meta: None,
                    result_type: "complete".to_owned(),
                })
            })
            .await
    }
}

/// Asks to confirm; on a retry the answer comes back with the sealed `requestState`, which
/// the dialog opened (or refused with -32602) before the body ran.
async fn confirm(d: Dialog) -> Result<CallToolResult, Halt> {
    let ok = match d.ask::<Confirm>("confirm").await? {
        ElicitOutcome::Accepted(Confirm { ok }) => ok.to_string(),
        outcome => format!("not given (action={})", outcome.action()),
    };
    let checked = if d.is_resumed() {
        "state-ok"
    } else {
        "no requestState"
    };
    Ok(done(format!("{checked}: ok={ok}")))
}

/// A name (form), a greeting (sampling) and the client's roots in one round, each asked
/// only of a client that declared the capability.
async fn gather(d: Dialog) -> Result<CallToolResult, Halt> {
    let greeting = json!({"method": "sampling/createMessage", "params": {
        "messages": [{"role": "user", "content": {"type": "text", "text": "Generate a greeting"}}],
        "maxTokens": 50
    }});
    let inputs = Inputs::new()
        .form::<Name>("user_name")
        .request("greeting", greeting)
        .request("client_roots", json!({"method": "roots/list"}));
    let gathered = d.ask_all(inputs).await?;
    let not_declared = || "(not declared)".to_owned();
    let name = match gathered.form::<Name>("user_name")? {
        Some(ElicitOutcome::Accepted(Name { name })) => name,
        Some(outcome) => format!("({})", outcome.action()),
        None => not_declared(),
    };
    let greeting = sampled_text(&gathered)?.unwrap_or_else(not_declared);
    let roots = gathered
        .result::<ListRootsResult>("client_roots")?
        .map(|result| {
            let uris: Vec<String> = result.roots.into_iter().map(|root| root.uri).collect();
            uris.join(" ")
        })
        .unwrap_or_else(not_declared);
    Ok(done(format!(
        "name: {name}, greeting: {greeting}, roots: {roots}"
    )))
}

/// The text the client sampled, read into the SDK's `CreateMessageResult`.
fn sampled_text(gathered: &Gathered) -> Result<Option<String>, Halt> {
    let Some(result) = gathered.result::<CreateMessageResult>("greeting")? else {
        return Ok(None);
    };
    let text = match result.content {
        CreateMessageContent::TextContent(text) => text.text,
        CreateMessageContent::SamplingMessageContentBlock(blocks) => blocks
            .iter()
            .filter_map(|block| match block {
                SamplingMessageContentBlock::TextContent(text) => Some(text.text.as_str()),
                _ => None,
            })
            .collect(),
        _ => String::new(),
    };
    Ok(Some(text))
}

/// A tool or prompt list entry, read from its JSON.
fn listed<T: serde::de::DeserializeOwned>(entry: Value) -> Result<T, RpcError> {
    serde_json::from_value(entry)
        .map_err(|error| RpcError::internal_error().with_message(error.to_string()))
}

#[async_trait::async_trait]
impl ServerHandler for Conformance {
    async fn handle_list_tools_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListToolsResult, RpcError> {
        let tools = TOOLS
            .iter()
            .map(|(name, description)| {
                listed::<Tool>(json!({"name": name, "description": description, "inputSchema": {"type": "object"}}))
            })
            .collect::<Result<Vec<_>, _>>()?;
        listed(
            json!({"tools": tools, "cacheScope": "public", "ttlMs": 0, "resultType": "complete"}),
        )
    }

    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.call_tool(params, dialog).await
    }

    async fn handle_list_prompts_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListPromptsResult, RpcError> {
        let description = "Asks what context to use, then renders a prompt with it";
        listed(json!({
            "prompts": [{"name": PROMPT, "description": description}],
            "cacheScope": "public", "ttlMs": 0, "resultType": "complete"
        }))
    }

    async fn handle_get_prompt_request(
        &self,
        params: GetPromptRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.get_prompt(params, dialog).await
    }

    /// A `tools/call` or `prompts/get` whose answers the SDK's models cannot hold (a
    /// malformed answer, a number with a fraction, a null) arrives here, as a custom request.
    async fn handle_custom_request(
        &self,
        request: CustomRequest,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<GenericResult, RpcError> {
        match recover(request, self)? {
            Recovered::Tool { params, dialog, .. } => {
                generic_result(self.call_tool(params, dialog).await?)
            }
            Recovered::Prompt { params, dialog, .. } => {
                generic_result(self.get_prompt(params, dialog).await?)
            }
            Recovered::Custom(request) => Err(RpcError::method_not_found()
                .with_message(format!("no method {:?}", request.method))),
            _ => Err(RpcError::internal_error()),
        }
    }
}

// ---------------------------------------------------------------- streamable HTTP

/// The SDK's framework-neutral HTTP handler, and what it serves.
#[derive(Clone)]
struct App {
    state: Arc<McpAppState>,
    http: Arc<McpHttpHandler>,
}

/// Every request to `/mcp`, handed to the SDK as it came (axum's `Bytes` extractor refuses a
/// body over 2 MB).
async fn mcp(
    State(app): State<App>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Ok(body) = std::str::from_utf8(&body) else {
        return (StatusCode::BAD_REQUEST, "the body must be UTF-8").into_response();
    };
    let body = (!body.is_empty()).then_some(body);
    let request = McpHttpHandler::create_request(method, uri, headers, body);
    match app
        .http
        .handle_streamable_http(request, Arc::clone(&app.state))
        .await
    {
        Ok(response) => {
            let (parts, body) = response.into_parts();
            Response::from_parts(parts, Body::new(body))
        }
        Err(error) => (StatusCode::INTERNAL_SERVER_ERROR, error.to_string()).into_response(),
    }
}

/// `/mcp` served by `handler`, for a server on 127.0.0.1:`port` (DNS-rebinding protection
/// on, allowing that host and port). Written here rather than taken from `rust-mcp-axum`,
/// which turns on the SDK's `auth` feature (jsonwebtoken and aws-lc-rs).
fn router(handler: impl ServerHandler, port: u16) -> axum::Router {
    let capabilities: ServerCapabilities =
        serde_json::from_value(json!({"tools": {}, "prompts": {}})).unwrap_or_default();
    let state = McpAppState {
        id_generator: Arc::new(UuidGenerator {}),
        stream_id_gen: Arc::new(FastIdGenerator::new(Some("s_"))),
        server_details: Arc::new(ServerDetails {
            server_info: Implementation {
                name: "elicit-conformance-rust-mcp-sdk".to_owned(),
                version: "0.1.0".to_owned(),
                title: None,
                description: None,
                icons: Vec::new(),
                website_url: None,
            },
            capabilities,
            instructions: None,
            meta: None,
        }),
        handler: handler.to_mcp_server_handler(),
        ping_interval: Duration::from_secs(12),
        transport_options: Arc::new(TransportOptions::default()),
        enable_json_response: std::env::var_os("ELICIT_SSE").is_none(),
        message_observer: None,
        extensions: Arc::new(tokio::sync::RwLock::new(None)),
        active_listen_streams: Arc::new(tokio::sync::Mutex::new(Vec::new())),
        max_listen_streams: DEFAULT_MAX_LISTEN_STREAMS,
    };
    let mut middlewares: Vec<Arc<dyn Middleware>> = Vec::new();
    if let Some(protector) =
        resolve_dns_middleware(&mut DnsRebindingOptions::default(), "127.0.0.1", port)
    {
        middlewares.push(Arc::new(protector));
    }
    let app = App {
        state: Arc::new(state),
        http: Arc::new(McpHttpHandler::new(middlewares, None)),
    };
    axum::Router::new()
        .route("/mcp", axum::routing::any(mcp))
        .with_state(app)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        Some(port) => port
            .parse()
            .map_err(|_| format!("the port must be a number from 0 to 65535, got {port:?}"))?,
        None => 3002,
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let local = listener.local_addr()?;
    println!("listening on http://{local}/mcp");
    tokio::select! {
        served = axum::serve(listener, router(Conformance, local.port())).into_future() => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
