//! An rmcp streamable-HTTP server on `127.0.0.1`, path `/mcp`, with the tools the official
//! MCP conformance suite's elicitation scenarios call; every form is a derived type.
//!
//! | scenario | tool |
//! |---|---|
//! | `tools-call-elicitation` | `test_elicitation` |
//! | `elicitation-sep1034-defaults` | `test_elicitation_sep1034_defaults` |
//! | `elicitation-sep1330-enums` | `test_elicitation_sep1330_enums` |
//! | `input-required-result-basic-elicitation`, `-missing-input-response`, `-result-type`, `-ignore-extra-params`, `-validate-input` | `test_input_required_result_elicitation` |
//! | `input-required-result-request-state` | `test_input_required_result_request_state` |
//! | `input-required-result-tampered-state` | `test_input_required_result_tampered_state` |
//! | `input-required-result-multi-round` | `test_input_required_result_multi_round` |
//! | `input-required-result-multiple-input-requests` | `test_input_required_result_multiple_inputs` |
//! | `input-required-result-capability-check` | `test_input_required_result_capabilities` |
//! | `input-required-result-non-tool-request` | the prompt `test_input_required_result_prompt` |
//! | `server-stateless` (its elicitation and capability probes) | `test_streaming_elicitation`, `test_missing_capability` |
//!
//! Every tool asks through `elicit_core::dialog::Dialog`: straight-line code that works on
//! every protocol revision (`elicitation/create` up to 2025-11-25, an `InputRequiredResult`
//! from 2026-07-28), whose 2026-07-28 `requestState` is sealed (encrypted) under the key a
//! dialog draws at start-up when given none, and bound to the tool and its arguments, so a tampered, transplanted or expired state is
//! refused with -32602; a missing answer is asked again; a form is asked only of a client
//! that declared form mode.
//!
//! ```text
//! cargo run -p examples --bin conformance_server -- 3001   # the port; 0 picks a free one
//! bash scripts/conformance.sh                                # runs the suite against it
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` once it accepts connections.

use std::sync::Arc;

use elicit_core::dialog::{Dialog, Halt, Inputs};
use elicit_core::{Elicit, ElicitOutcome, Form, FormMode};
use examples::conformance::{Color, Confirm, Name, PROMPT, PromptContext};
use examples::http;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{self as m, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Map, Value};

// ---------------------------------------------------------------- tools-call-elicitation

/// Please provide your information
#[derive(Elicit, Debug)]
struct UserResponse {
    /// User's response
    username: String,
    /// User's email address
    email: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct ElicitationArgs {
    /// The message to show the user
    message: String,
}

// ---------------------------------------------------------------- elicitation-sep1034-defaults

/// Please review and update the form fields with defaults
#[derive(Elicit, Debug)]
struct Sep1034Defaults {
    /// User name
    #[elicit(default = "John Doe")]
    name: String,
    /// User age
    #[elicit(minimum = 0, maximum = 150, default = 30)]
    age: u8,
    /// User score
    #[elicit(default = 95.5)]
    score: f64,
    /// User status
    #[elicit(default = Status::Active)]
    status: Status,
    /// Verification status
    #[elicit(default = true)]
    verified: bool,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(untitled, rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

// ---------------------------------------------------------------- elicitation-sep1330-enums

/// Please select options from the enum fields
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Sep1330Enums {
    #[elicit(description = "Select one option")]
    untitled_single: Option<UntitledOption>,
    #[elicit(description = "Select one option with titles")]
    titled_single: Option<TitledOption>,
    #[elicit(description = "Select one option (legacy)")]
    legacy_enum: Option<LegacyOption>,
    #[elicit(description = "Select multiple options", min_items = 1, max_items = 3)]
    untitled_multi: Option<Vec<UntitledOption>>,
    #[elicit(
        description = "Select multiple options with titles",
        min_items = 1,
        max_items = 3
    )]
    titled_multi: Option<Vec<TitledChoice>>,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(untitled, rename_all = "lowercase")]
enum UntitledOption {
    Option1,
    Option2,
    Option3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum TitledOption {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
enum LegacyOption {
    /// Option One
    Opt1,
    /// Option Two
    Opt2,
    /// Option Three
    Opt3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

// ---------------------------------------------------------------- input-required-result-*

// The forms: examples::conformance (shared with the other conformance server).

/// Sampling and `roots/list`, which the suite asks for next to the form, through rmcp's own
/// model types.
mod others {
    #![expect(
        deprecated,
        reason = "rmcp marks sampling and roots deprecated (SEP-2577); the suite still asks for them"
    )]

    use elicit_core::dialog::{Gathered, Halt};
    use rmcp::model as m;

    /// `sampling/createMessage` for a greeting.
    pub fn greeting_request() -> m::InputRequest {
        let message = m::SamplingMessage::user_text("Generate a greeting");
        let params = m::CreateMessageRequestParams::new(vec![message], 50);
        m::InputRequest::CreateMessage(m::CreateMessageRequest::new(params))
    }

    /// What a request that samples needs the client to have declared.
    pub fn sampling_required() -> m::ClientCapabilities {
        m::ClientCapabilities::builder().enable_sampling().build()
    }

    /// `roots/list`.
    pub fn roots_request() -> m::InputRequest {
        m::InputRequest::ListRoots(m::ListRootsRequest::default())
    }

    /// The sampled greeting gathered under `key`, if it was asked.
    pub fn greeting(gathered: &Gathered, key: &str) -> Result<Option<String>, Halt> {
        let result = gathered.result::<m::CreateMessageResult>(key)?;
        Ok(result.as_ref().map(text_of))
    }

    /// The root URIs gathered under `key`, space-separated, if they were asked.
    pub fn roots(gathered: &Gathered, key: &str) -> Result<Option<String>, Halt> {
        let result = gathered.result::<m::ListRootsResult>(key)?;
        Ok(result.map(|result| {
            let uris: Vec<String> = result.roots.into_iter().map(|root| root.uri).collect();
            uris.join(" ")
        }))
    }

    /// The text of a sampled message.
    fn text_of(result: &m::CreateMessageResult) -> String {
        result
            .message
            .content
            .iter()
            .filter_map(m::SamplingMessageContentBlock::as_text)
            .map(|text| text.text.as_str())
            .collect()
    }
}

// ---------------------------------------------------------------- the server

#[derive(Clone)]
struct Conformance;

/// Asks for `form` and reports the outcome as `{prefix}: action=…, content={…}`, like the
/// suite's reference server.
async fn elicit<T: Elicit + FormMode + Send + 'static>(
    d: &Dialog,
    form: Form<T>,
    prefix: &str,
) -> Result<CallToolResult, Halt> {
    let outcome = d.ask_form("form", form).await?;
    let action = outcome.action();
    let content = match outcome {
        ElicitOutcome::Accepted(answer) => Value::Object(answer.to_content()),
        ElicitOutcome::Declined | ElicitOutcome::Cancelled => Value::Object(Map::new()),
    };
    Ok(done(format!(
        "{prefix}: action={action}, content={content}"
    )))
}

/// `test_input_required_result_request_state` and `-tampered_state`: asks to confirm; on
/// 2026-07-28 the answer comes back with the sealed `requestState`, which `Dialog` opened
/// (or refused with -32602) before the body ran.
async fn confirm(d: Dialog) -> Result<CallToolResult, Halt> {
    let ok = match d.ask::<Confirm>("confirm").await? {
        ElicitOutcome::Accepted(Confirm { ok }) => ok.to_string(),
        outcome => format!("not given (action={})", outcome.action()),
    };
    let checked = if d.is_resumed() {
        "state-ok"
    } else if d.is_live() {
        // Up to 2025-11-25 the answer came back within this call: no state to check.
        "no requestState (elicitation/create)"
    } else {
        "no requestState"
    };
    Ok(done(format!("{checked}: ok={ok}")))
}

/// `test_input_required_result_multiple_inputs` and `-capabilities`: a name (form), a
/// greeting (sampling) and the client's roots in one round, each asked only of a client
/// that declared the capability.
async fn gather(d: Dialog) -> Result<CallToolResult, Halt> {
    let inputs = Inputs::new()
        .form::<Name>("user_name")
        .request("greeting", others::greeting_request())
        .request("client_roots", others::roots_request());
    let gathered = d.ask_all(inputs).await?;
    let not_declared = || "(not declared)".to_owned();
    let name = match gathered.form::<Name>("user_name")? {
        Some(ElicitOutcome::Accepted(Name { name })) => name,
        Some(outcome) => format!("({})", outcome.action()),
        None => not_declared(),
    };
    let greeting = others::greeting(&gathered, "greeting")?.unwrap_or_else(not_declared);
    let roots = others::roots(&gathered, "client_roots")?.unwrap_or_else(not_declared);
    Ok(done(format!(
        "name: {name}, greeting: {greeting}, roots: {roots}"
    )))
}

fn done(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Conformance {
    // The dialog comes first: `Parameters` takes the arguments the dialog binds its state to.
    #[tool(description = "Tests server-initiated elicitation (user input request)")]
    async fn test_elicitation(
        &self,
        dialog: Dialog,
        Parameters(args): Parameters<ElicitationArgs>,
    ) -> Result<CallToolResponse, ErrorData> {
        let form = Form::<UserResponse>::new().message(args.message);
        dialog
            .run(|d| async move { elicit(&d, form, "User response").await })
            .await
    }

    #[tool(description = "Tests elicitation with default values per SEP-1034")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                elicit(&d, Form::<Sep1034Defaults>::new(), "Elicitation completed").await
            })
            .await
    }

    #[tool(description = "Tests elicitation with enum schema improvements per SEP-1330")]
    async fn test_elicitation_sep1330_enums(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                elicit(&d, Form::<Sep1330Enums>::new(), "Elicitation completed").await
            })
            .await
    }

    #[tool(description = "Asks for the user's name, then greets them")]
    async fn test_input_required_result_elicitation(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        // A retry without the answer (or under another key) is asked again; an answer that
        // is not an ElicitResult is -32602; extra keys are ignored.
        dialog
            .run(|d| async move {
                Ok(done(match d.ask::<Name>("user_name").await? {
                    ElicitOutcome::Accepted(Name { name }) => format!("Hello, {name}!"),
                    outcome => format!("No name given (action={})", outcome.action()),
                }))
            })
            .await
    }

    #[tool(description = "Asks for a confirmation, carrying a sealed requestState")]
    async fn test_input_required_result_request_state(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog.run(confirm).await
    }

    #[tool(description = "Asks for a confirmation; refuses a requestState it did not seal")]
    async fn test_input_required_result_tampered_state(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog.run(confirm).await
    }

    #[tool(description = "Asks for a name, then a favorite color, in two rounds")]
    async fn test_input_required_result_multi_round(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
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
                    outcome => format!("{name} gave no color (action={})", outcome.action()),
                }))
            })
            .await
    }

    #[tool(description = "Asks for a name, a sampled greeting and the client's roots at once")]
    async fn test_input_required_result_multiple_inputs(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog.run(gather).await
    }

    #[tool(
        description = "Asks for the user's name; the answer arrives in a retry (server-stateless)"
    )]
    async fn test_streaming_elicitation(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move { elicit(&d, Form::<Name>::new(), "Elicitation completed").await })
            .await
    }

    #[tool(
        description = "Needs sampling; refuses a client that did not declare it (server-stateless)"
    )]
    async fn test_missing_capability(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        if dialog.client_capabilities().get("sampling").is_none() {
            let required = others::sampling_required();
            return Err(ErrorData::missing_required_client_capability(required));
        }
        if dialog.is_live() {
            let message =
                "test_missing_capability asks through an InputRequiredResult: protocol 2026-07-28";
            return Ok(CallToolResult::error(vec![ContentBlock::text(message)]).into());
        }
        dialog
            .run(|d| async move {
                let gathered = d
                    .ask_all(Inputs::new().request("greeting", others::greeting_request()))
                    .await?;
                let greeting = others::greeting(&gathered, "greeting")?.unwrap_or_default();
                Ok(done(greeting))
            })
            .await
    }

    #[tool(description = "Asks only for what the client declared it can provide")]
    async fn test_input_required_result_capabilities(
        &self,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog.run(gather).await
    }
}

#[tool_handler]
impl ServerHandler for Conformance {
    fn get_info(&self) -> m::ServerConfig {
        let capabilities = m::ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .build();
        m::ServerConfig::new(capabilities)
            .with_server_info(m::Implementation::new("elicit-conformance", "0.1.0"))
    }

    async fn list_prompts(
        &self,
        _request: Option<m::PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<m::ListPromptsResult, ErrorData> {
        let description = "Asks what context to use, then renders a prompt with it";
        Ok(m::ListPromptsResult::with_all_items(vec![m::Prompt::new(
            PROMPT,
            Some(description),
            None,
        )]))
    }

    async fn get_prompt(
        &self,
        request: m::GetPromptRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<m::GetPromptResponse, ErrorData> {
        if request.name != PROMPT {
            let message = format!("no prompt named {:?}", request.name);
            return Err(ErrorData::invalid_params(message, None));
        }
        Dialog::prompt(ctx, &request)
            .run(|d| async move {
                let text = match d.ask::<PromptContext>("user_context").await? {
                    ElicitOutcome::Accepted(PromptContext { context }) => {
                        format!("Answer with this context in mind: {context}")
                    }
                    outcome => format!("Answer without context (action={})", outcome.action()),
                };
                let message = m::PromptMessage::new_text(m::Role::User, text);
                Ok(m::GetPromptResult::new(vec![message]))
            })
            .await
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        Some(port) => port
            .parse()
            .map_err(|_| format!("the port must be a number from 0 to 65535, got {port:?}"))?,
        None => 3001,
    };
    // Session mode (the default) keeps the stream a server-to-client request needs open.
    // `examples::http` serves it as a server that elicits should be: with TCP_NODELAY
    // (rmcp writes a reply in small pieces, and Nagle's algorithm against the client's
    // delayed ACK would hold each call on a kept-open connection ~40 ms), a 1 MiB body
    // limit, a budget for the bytes parsed at once, and JSON-RPC errors for malformed
    // requests. See its docs and docs/robustness.md.
    let service = StreamableHttpService::new(
        || Ok(Conformance),
        Arc::new(LocalSessionManager::default()),
        http::config(),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    println!("listening on http://{}/mcp", listener.local_addr()?);
    tokio::select! {
        served = http::serve(listener, http::router("/mcp", service)) => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
