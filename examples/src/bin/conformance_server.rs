//! An rmcp streamable-HTTP server on `127.0.0.1`, path `/mcp`, with the tools the official
//! MCP conformance suite's elicitation scenarios call; every form is a derived type.
//!
//! | scenario | tool |
//! |---|---|
//! | `tools-call-elicitation` | `test_elicitation` |
//! | `elicitation-sep1034-defaults` | `test_elicitation_sep1034_defaults` |
//! | `elicitation-sep1330-enums` | `test_elicitation_sep1330_enums` |
//!
//! ```text
//! cargo run -p examples --bin conformance_server -- 3001   # the port; 0 picks a free one
//! bash scripts/conformance.sh                                # runs the suite against it
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` once it accepts connections.

use std::sync::Arc;

use elicit_core::rmcp::{Asked, ask_form, ask_form_with};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::handler::server::tool::InputResponses;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, InputResponses as Answers};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
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

// ---------------------------------------------------------------- the server

#[derive(Clone)]
struct Conformance;

/// Asks for `T` under `key` the way the request's protocol revision wants (see `ask_form`)
/// and reports the outcome as `{prefix}: action=…, content={…}`, like the suite's
/// reference server.
async fn elicit<T: Elicit>(
    ctx: &RequestContext<RoleServer>,
    responses: Option<&Answers>,
    message: Option<String>,
    prefix: &str,
) -> Result<CallToolResponse, ErrorData> {
    let key = "form";
    let asked = match message {
        Some(message) => ask_form_with::<T>(ctx, responses, key, message).await,
        None => ask_form::<T>(ctx, responses, key).await,
    };
    let outcome = match asked {
        Ok(Asked::InputRequired(result)) => return Ok(result.into()),
        Ok(Asked::Answered(outcome)) => outcome,
        Err(elicit_core::rmcp::Error::Invalid(errors)) => {
            let text = format!("{prefix}: the answer does not fit the form:\n{errors}");
            return Ok(CallToolResult::error(vec![ContentBlock::text(text)]).into());
        }
        // No elicitation capability: the suite's description says to return an error.
        Err(error) => return Err(error.into()),
    };
    let action = outcome.action();
    let content = match outcome {
        ElicitOutcome::Accepted(answer) => Value::Object(answer.to_content()),
        ElicitOutcome::Declined | ElicitOutcome::Cancelled => Value::Object(Map::new()),
    };
    let text = format!("{prefix}: action={action}, content={content}");
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
}

#[tool_router]
impl Conformance {
    #[tool(description = "Tests server-initiated elicitation (user input request)")]
    async fn test_elicitation(
        &self,
        Parameters(args): Parameters<ElicitationArgs>,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        elicit::<UserResponse>(
            &ctx,
            responses.as_ref(),
            Some(args.message),
            "User response",
        )
        .await
    }

    #[tool(description = "Tests elicitation with default values per SEP-1034")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        elicit::<Sep1034Defaults>(&ctx, responses.as_ref(), None, "Elicitation completed").await
    }

    #[tool(description = "Tests elicitation with enum schema improvements per SEP-1330")]
    async fn test_elicitation_sep1330_enums(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        elicit::<Sep1330Enums>(&ctx, responses.as_ref(), None, "Elicitation completed").await
    }
}

#[tool_handler(name = "elicit-conformance", version = "0.1.0")]
impl ServerHandler for Conformance {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        Some(port) => port
            .parse()
            .map_err(|_| format!("the port must be a number from 0 to 65535, got {port:?}"))?,
        None => 3001,
    };
    // Session mode (the default) keeps the stream a server-to-client request needs open.
    let service = StreamableHttpService::new(
        || Ok(Conformance),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    println!("listening on http://{}/mcp", listener.local_addr()?);
    tokio::select! {
        served = axum::serve(listener, router).into_future() => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
