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
//! The first three work on every protocol revision (`elicitation/create` up to 2025-11-25,
//! an `InputRequiredResult` from 2026-07-28: see `ask_form`); the `input-required-result`
//! ones are 2026-07-28 flows. Their `requestState` is sealed (see `state` below): bound to
//! the tool and its arguments, so a tampered or transplanted state is refused with -32602.
//!
//! ```text
//! cargo run -p examples --bin conformance_server -- 3001   # the port; 0 picks a free one
//! bash scripts/conformance.sh                                # runs the suite against it
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` once it accepts connections.

use std::sync::Arc;

use elicit_core::protocol::{ElicitRequest, ElicitationSupport, ProtocolVersion};
use elicit_core::rmcp::{
    Asked, ask_form, ask_form_with, form_outcome, input_request, protocol_version,
};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::handler::server::tool::{InputResponses, RequestState};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    self as m, CallToolResponse, CallToolResult, ContentBlock, InputResponses as Answers,
    JsonObject,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
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

/// What is your name?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
struct Name {
    name: String,
}

/// Please confirm
#[derive(Elicit, Debug)]
#[elicit(untitled)]
struct Confirm {
    ok: bool,
}

/// Step 2: What is your favorite color?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
struct Color {
    color: String,
}

/// What context should the prompt use?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
struct PromptContext {
    context: String,
}

const PROMPT: &str = "test_input_required_result_prompt";

/// What `test_input_required_result_request_state` and `-tampered_state` carry to the
/// retry: which form was asked.
#[derive(Serialize, Deserialize)]
struct ConfirmRound {
    asked: String,
}

/// What `test_input_required_result_multi_round` carries from round to round.
#[derive(Serialize, Deserialize, Default)]
struct MultiRound {
    name: Option<String>,
}

/// What `test_input_required_result_multiple_inputs` and `-capabilities` have gathered so
/// far: a retry carries only the answers to the latest round.
#[derive(Serialize, Deserialize, Default)]
struct Gathered {
    name: Option<String>,
    greeting: Option<String>,
    roots: Option<Vec<String>>,
}

/// The call a `requestState` belongs to: the tool (or prompt) and its arguments.
struct Call<'a> {
    name: &'a str,
    arguments: &'a JsonObject,
}

/// `requestState` integrity through `elicit_core::protocol::state`: the state is sealed with
/// HMAC-SHA-256 under a key drawn at start-up and bound to the call (its name and canonical
/// arguments). A state edited, or replayed against another tool or other arguments, fails
/// with -32602 naming the problem.
mod state {
    use std::sync::OnceLock;

    use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
    use rmcp::ErrorData;
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use serde_json::Value;

    use super::Call;

    fn keys() -> &'static StateKeys {
        static KEYS: OnceLock<StateKeys> = OnceLock::new();
        KEYS.get_or_init(|| {
            let mut secret = [0; 32];
            getrandom::fill(&mut secret).expect("the OS random source is available");
            StateKeys::new(StateKey::new(&secret).expect("32 bytes is long enough"))
        })
    }

    fn binding(call: &Call<'_>) -> Binding {
        Binding::tool(call.name, &Value::Object(call.arguments.clone()))
    }

    /// `value` sealed for `call`.
    pub fn seal<T: Serialize>(call: &Call<'_>, value: &T) -> String {
        keys()
            .seal(value, &binding(call))
            .expect("the state serializes")
    }

    /// The value sealed in `state` for `call`.
    ///
    /// # Errors
    /// -32602 when `state` was not sealed by this server for this call.
    pub fn open<T: DeserializeOwned>(call: &Call<'_>, state: &str) -> Result<T, ErrorData> {
        keys().open(state, &binding(call)).map_err(ErrorData::from)
    }
}

/// Sampling and `roots/list`, which the suite asks for next to the form, through rmcp's own
/// model types.
mod others {
    #![expect(
        deprecated,
        reason = "rmcp marks sampling and roots deprecated (SEP-2577); the suite still asks for them"
    )]

    use rmcp::ErrorData;
    use rmcp::model as m;
    use serde_json::Value;

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

    /// The text of a `CreateMessageResult` answer.
    pub fn sampled_text(key: &str, answer: &Value) -> Result<String, ErrorData> {
        let result: m::CreateMessageResult = serde_json::from_value(answer.clone())
            .map_err(|error| malformed(key, "a CreateMessageResult", &error))?;
        Ok(result
            .message
            .content
            .iter()
            .filter_map(m::SamplingMessageContentBlock::as_text)
            .map(|text| text.text.as_str())
            .collect())
    }

    /// The root URIs of a `ListRootsResult` answer.
    pub fn root_uris(key: &str, answer: &Value) -> Result<Vec<String>, ErrorData> {
        let result: m::ListRootsResult = serde_json::from_value(answer.clone())
            .map_err(|error| malformed(key, "a ListRootsResult", &error))?;
        Ok(result.roots.into_iter().map(|root| root.uri).collect())
    }

    fn malformed(key: &str, what: &str, error: &serde_json::Error) -> ErrorData {
        ErrorData::invalid_params(format!("inputResponses.{key} is not {what}: {error}"), None)
    }
}

// ---------------------------------------------------------------- the server

#[derive(Clone)]
struct Conformance;

fn text(text: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

/// An answer that is not an `ElicitResult` is the client's mistake (-32602); the rest as
/// `elicit_core::rmcp::Error` maps them.
fn rejected(error: elicit_core::rmcp::Error) -> ErrorData {
    match error {
        elicit_core::rmcp::Error::Malformed(error) => {
            ErrorData::invalid_params(format!("inputResponses: {error}"), None)
        }
        other => other.into(),
    }
}

/// Whether the request speaks 2026-07-28, where input rides in `InputRequiredResult`s.
fn input_required_revision(ctx: &RequestContext<RoleServer>) -> bool {
    ctx.protocol_version()
        .map(|version| protocol_version(&version))
        >= Some(ProtocolVersion::V2026_07_28)
}

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
        Err(error) => return Err(rejected(error)),
    };
    let action = outcome.action();
    let content = match outcome {
        ElicitOutcome::Accepted(answer) => Value::Object(answer.to_content()),
        ElicitOutcome::Declined | ElicitOutcome::Cancelled => Value::Object(Map::new()),
    };
    Ok(text(format!(
        "{prefix}: action={action}, content={content}"
    )))
}

/// `test_input_required_result_request_state` and `-tampered_state`: asks to confirm, with a
/// sealed `requestState`; the answer counts only next to the state of the round that asked.
async fn confirm(
    call: &Call<'_>,
    ctx: &RequestContext<RoleServer>,
    responses: Option<&Answers>,
    request_state: Option<&str>,
) -> Result<CallToolResponse, ErrorData> {
    let verified = match request_state {
        Some(sealed) => Some(state::open::<ConfirmRound>(call, sealed)?.asked),
        None => None,
    };
    let key = "confirm";
    let responses = responses.filter(|_| verified.as_deref() == Some(key));
    let ok = match ask_form::<Confirm>(ctx, responses, key)
        .await
        .map_err(rejected)?
    {
        Asked::InputRequired(mut result) => {
            let round = ConfirmRound {
                asked: key.to_owned(),
            };
            result.request_state = Some(state::seal(call, &round));
            return Ok(result.into());
        }
        Asked::Answered(ElicitOutcome::Accepted(Confirm { ok })) => ok.to_string(),
        Asked::Answered(outcome) => format!("not given (action={})", outcome.action()),
    };
    // Up to 2025-11-25 the answer came back within this call: no state to check.
    let checked = if verified.is_some() {
        "state-ok"
    } else {
        "no requestState"
    };
    Ok(text(format!("{checked}: ok={ok}")))
}

/// `test_input_required_result_multiple_inputs` and `-capabilities`: a name (form), a
/// greeting (sampling) and the client's roots, each asked only of a client that declared the
/// capability, until every declared one is answered.
fn gather(
    call: &Call<'_>,
    ctx: &RequestContext<RoleServer>,
    responses: Option<&Answers>,
    request_state: Option<&str>,
) -> Result<CallToolResponse, ErrorData> {
    if !input_required_revision(ctx) {
        let message = format!(
            "{} asks through an InputRequiredResult: protocol 2026-07-28",
            call.name
        );
        return Ok(CallToolResult::error(vec![ContentBlock::text(message)]).into());
    }
    let mut gathered: Gathered = match request_state {
        Some(sealed) => state::open(call, sealed)?,
        None => Gathered::default(),
    };
    let answer = |key: &str| responses.and_then(|responses| responses.get(key));
    if gathered.name.is_none() {
        gathered.name = form_outcome::<Name>(responses, "user_name")
            .map_err(rejected)?
            .map(|outcome| match outcome {
                ElicitOutcome::Accepted(Name { name }) => name,
                other => format!("({})", other.action()),
            });
    }
    if let (None, Some(answer)) = (&gathered.greeting, answer("greeting")) {
        gathered.greeting = Some(others::sampled_text("greeting", answer)?);
    }
    if let (None, Some(answer)) = (&gathered.roots, answer("client_roots")) {
        gathered.roots = Some(others::root_uris("client_roots", answer)?);
    }

    // On 2026-07-28 the request's `_meta` declares what the client can do.
    let declared = ctx.client_capabilities().unwrap_or_default();
    let mut requests = m::InputRequests::new();
    let form = ElicitRequest::form::<Name>();
    if gathered.name.is_none() && ElicitationSupport::from(&declared).check(&form).is_ok() {
        requests.insert("user_name".to_owned(), input_request(&form));
    }
    if gathered.greeting.is_none() && declared.sampling.is_some() {
        requests.insert("greeting".to_owned(), others::greeting_request());
    }
    if gathered.roots.is_none() && declared.roots.is_some() {
        requests.insert("client_roots".to_owned(), others::roots_request());
    }
    if !requests.is_empty() {
        let sealed = state::seal(call, &gathered);
        return Ok(m::InputRequiredResult::new(Some(requests), Some(sealed)).into());
    }
    let or_undeclared = |value: Option<String>| value.unwrap_or_else(|| "(not declared)".into());
    Ok(text(format!(
        "name: {}, greeting: {}, roots: {}",
        or_undeclared(gathered.name),
        or_undeclared(gathered.greeting),
        or_undeclared(gathered.roots.map(|roots| roots.join(" "))),
    )))
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

    #[tool(description = "Asks for the user's name, then greets them")]
    async fn test_input_required_result_elicitation(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let asked = ask_form::<Name>(&ctx, responses.as_ref(), "user_name").await;
        Ok(text(match asked.map_err(rejected)? {
            Asked::InputRequired(result) => return Ok(result.into()),
            Asked::Answered(ElicitOutcome::Accepted(Name { name })) => format!("Hello, {name}!"),
            Asked::Answered(outcome) => format!("No name given (action={})", outcome.action()),
        }))
    }

    #[tool(description = "Asks for a confirmation, carrying a sealed requestState")]
    async fn test_input_required_result_request_state(
        &self,
        ctx: RequestContext<RoleServer>,
        arguments: JsonObject,
        InputResponses(responses): InputResponses,
        RequestState(request_state): RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        let call = Call {
            name: "test_input_required_result_request_state",
            arguments: &arguments,
        };
        confirm(&call, &ctx, responses.as_ref(), request_state.as_deref()).await
    }

    #[tool(description = "Asks for a confirmation; refuses a requestState it did not seal")]
    async fn test_input_required_result_tampered_state(
        &self,
        ctx: RequestContext<RoleServer>,
        arguments: JsonObject,
        InputResponses(responses): InputResponses,
        RequestState(request_state): RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        let call = Call {
            name: "test_input_required_result_tampered_state",
            arguments: &arguments,
        };
        confirm(&call, &ctx, responses.as_ref(), request_state.as_deref()).await
    }

    #[tool(description = "Asks for a name, then a favorite color, in two rounds")]
    async fn test_input_required_result_multi_round(
        &self,
        ctx: RequestContext<RoleServer>,
        arguments: JsonObject,
        InputResponses(responses): InputResponses,
        RequestState(request_state): RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        let call = Call {
            name: "test_input_required_result_multi_round",
            arguments: &arguments,
        };
        let round: MultiRound = match request_state.as_deref() {
            Some(sealed) => state::open(&call, sealed)?,
            None => MultiRound::default(),
        };
        let responses = responses.as_ref();
        let name = match round.name {
            Some(name) => name,
            None => {
                let prompt = "Step 1: What is your name?";
                match ask_form_with::<Name>(&ctx, responses, "step1", prompt)
                    .await
                    .map_err(rejected)?
                {
                    Asked::InputRequired(mut result) => {
                        result.request_state = Some(state::seal(&call, &MultiRound::default()));
                        return Ok(result.into());
                    }
                    Asked::Answered(ElicitOutcome::Accepted(Name { name })) => name,
                    Asked::Answered(outcome) => {
                        return Ok(text(format!("No name given (action={})", outcome.action())));
                    }
                }
            }
        };
        Ok(text(
            match ask_form::<Color>(&ctx, responses, "step2")
                .await
                .map_err(rejected)?
            {
                Asked::InputRequired(mut result) => {
                    let round = MultiRound { name: Some(name) };
                    result.request_state = Some(state::seal(&call, &round));
                    return Ok(result.into());
                }
                Asked::Answered(ElicitOutcome::Accepted(Color { color })) => {
                    format!("{name}'s favorite color is {color}")
                }
                Asked::Answered(outcome) => {
                    format!("{name} gave no color (action={})", outcome.action())
                }
            },
        ))
    }

    #[tool(description = "Asks for a name, a sampled greeting and the client's roots at once")]
    async fn test_input_required_result_multiple_inputs(
        &self,
        ctx: RequestContext<RoleServer>,
        arguments: JsonObject,
        InputResponses(responses): InputResponses,
        RequestState(request_state): RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        let call = Call {
            name: "test_input_required_result_multiple_inputs",
            arguments: &arguments,
        };
        gather(&call, &ctx, responses.as_ref(), request_state.as_deref())
    }

    #[tool(
        description = "Asks for the user's name; the answer arrives in a retry (server-stateless)"
    )]
    async fn test_streaming_elicitation(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        elicit::<Name>(&ctx, responses.as_ref(), None, "Elicitation completed").await
    }

    #[tool(
        description = "Needs sampling; refuses a client that did not declare it (server-stateless)"
    )]
    async fn test_missing_capability(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let declared = ctx.client_capabilities().unwrap_or_default();
        if declared.sampling.is_none() {
            let required = others::sampling_required();
            return Err(ErrorData::missing_required_client_capability(required));
        }
        if !input_required_revision(&ctx) {
            let message =
                "test_missing_capability asks through an InputRequiredResult: protocol 2026-07-28";
            return Ok(CallToolResult::error(vec![ContentBlock::text(message)]).into());
        }
        let key = "greeting";
        Ok(text(
            match responses.as_ref().and_then(|responses| responses.get(key)) {
                Some(answer) => others::sampled_text(key, answer)?,
                None => {
                    let mut requests = m::InputRequests::new();
                    requests.insert(key.to_owned(), others::greeting_request());
                    return Ok(m::InputRequiredResult::from_input_requests(requests).into());
                }
            },
        ))
    }

    #[tool(description = "Asks only for what the client declared it can provide")]
    async fn test_input_required_result_capabilities(
        &self,
        ctx: RequestContext<RoleServer>,
        arguments: JsonObject,
        InputResponses(responses): InputResponses,
        RequestState(request_state): RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        let call = Call {
            name: "test_input_required_result_capabilities",
            arguments: &arguments,
        };
        gather(&call, &ctx, responses.as_ref(), request_state.as_deref())
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
        let responses = request.input_responses.as_ref();
        let asked = ask_form::<PromptContext>(&ctx, responses, "user_context").await;
        let text = match asked.map_err(rejected)? {
            Asked::InputRequired(result) => return Ok(result.into()),
            Asked::Answered(ElicitOutcome::Accepted(PromptContext { context })) => {
                format!("Answer with this context in mind: {context}")
            }
            Asked::Answered(outcome) => {
                format!("Answer without context (action={})", outcome.action())
            }
        };
        let message = m::PromptMessage::new_text(m::Role::User, text);
        Ok(m::GetPromptResult::new(vec![message]).into())
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
