//! An rmcp streamable-HTTP client for the official MCP conformance suite's client scenarios
//! that elicit a form; it answers every form with this crate's client-side API: read the
//! server's `requestedSchema`, fill in its defaults (SEP-1034), check the answer against
//! the form, and accept (or decline, saying why, when the defaults do not make a valid
//! answer).
//!
//! | scenario | what it does |
//! |---|---|
//! | `elicitation-sep1034-client-defaults` | calls `test_client_elicitation_defaults` and accepts its form with the defaults |
//! | `sep-2322-client-request-state` (2026-07-28; run by name, not by default) | calls the four `test_mrtr_*` tools; rmcp's `call_tool` retries with the `requestState` and the `inputResponses`, the form answered as above |
//!
//! The suite runs it as a command, the server's URL as the last argument and the scenario's
//! name in `MCP_CONFORMANCE_SCENARIO` (the protocol revision, when the suite sets one, in
//! `MCP_CONFORMANCE_PROTOCOL_VERSION`; 2025-11-25 otherwise):
//!
//! ```text
//! npx @modelcontextprotocol/conformance client \
//!     --command target/debug/conformance_client --scenario elicitation-sep1034-client-defaults
//! bash scripts/conformance.sh    # builds it and runs the scenario
//! ```
//!
//! On 2026-07-28 the same handler answers the forms of an `InputRequiredResult`: rmcp's
//! `call_tool` retries the call with the `inputResponses` it returns.
//!
//! rmcp reads each request into its own model first. A form whose schema that model cannot
//! hold (`"minLength": 2.0`, a `default` of another type than the property's) reaches the
//! handler as a custom request with the JSON as sent, which this crate's reader takes like
//! any other spec-valid schema.

use std::error::Error;

use elicit_core::protocol::{ElicitRequest, FormRequest, ProtocolVersion};
use elicit_core::rmcp::{accept_form, read_form};
use rmcp::model::{
    self as m, CallToolRequestParams, ClientCapabilities, CustomRequest, CustomResult,
    ElicitRequestParams, ElicitResult, ElicitationAction, ErrorCode, Implementation,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ErrorData, RoleClient};
use serde_json::{Map, Value};

/// The scenarios this client knows, with the tools each one calls.
const SCENARIOS: &[(&str, &[&str])] = &[
    (
        "elicitation-sep1034-client-defaults",
        &["test_client_elicitation_defaults"],
    ),
    (
        "sep-2322-client-request-state",
        &[
            "test_mrtr_echo_state",
            "test_mrtr_no_state",
            "test_mrtr_unrelated",
            "test_mrtr_no_result_type",
        ],
    ),
];

/// A client that declares form elicitation and takes every form as shown: its defaults.
struct Client {
    version: ProtocolVersion,
}

impl ClientHandler for Client {
    async fn create_elicitation(
        &self,
        params: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        match read_form(&params) {
            Ok(form) => Ok(answer(&form)),
            Err(error) => Ok(decline(&error)),
        }
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleClient>,
    ) -> Result<CustomResult, ErrorData> {
        // An `elicitation/create` whose schema rmcp's model could not hold, as sent.
        if request.method != "elicitation/create" {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                request.method,
                None,
            ));
        }
        let params = request.params.unwrap_or(Value::Null);
        let result = match ElicitRequest::from_value(&params) {
            Ok(ElicitRequest::Form(form)) => answer(&form),
            Ok(_) => decline(&"this client fills forms only"),
            Err(error) => decline(&error),
        };
        let result = serde_json::to_value(result)
            .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        Ok(CustomResult::new(result))
    }

    fn get_info(&self) -> m::ClientConfig {
        // Form mode only (`"elicitation": {"form": {}}`). rmcp's capability model has no
        // `applyDefaults` flag to declare; this client applies the defaults all the same.
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            Some(m::ElicitationCapability::new().with_form(m::FormElicitationCapability::new()));
        m::ClientConfig::new(
            capabilities,
            Implementation::new("elicit-conformance-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.version.into())
    }
}

/// The answer to a form: its defaults, checked, or a decline.
fn answer(form: &FormRequest) -> ElicitResult {
    eprintln!("form: {}", form.message());
    for unchecked in form.requested_schema().unchecked() {
        eprintln!("  not checked: {unchecked}");
    }
    match accept_form(form, Map::new()) {
        Ok(accepted) => {
            if let Some(content) = &accepted.content {
                eprintln!("accepted: {content}");
            }
            accepted
        }
        Err(errors) => decline(&format!(
            "the defaults do not make a valid answer:\n{errors}"
        )),
    }
}

/// A decline, with why on stderr.
fn decline(why: &dyn std::fmt::Display) -> ElicitResult {
    eprintln!("declined: {why}");
    ElicitResult::new(ElicitationAction::Decline)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let url = std::env::args()
        .next_back()
        .filter(|arg| arg.starts_with("http://") || arg.starts_with("https://"))
        .ok_or("usage: conformance_client URL (the server's MCP endpoint, last)")?;
    let scenario = std::env::var("MCP_CONFORMANCE_SCENARIO")
        .map_err(|_| "MCP_CONFORMANCE_SCENARIO is not set: which scenario is this?")?;
    let tools = SCENARIOS
        .iter()
        .find(|(name, _)| *name == scenario)
        .map(|(_, tools)| *tools)
        .ok_or_else(|| format!("scenario {scenario:?} is not one this client knows"))?;
    let version = match std::env::var("MCP_CONFORMANCE_PROTOCOL_VERSION") {
        Ok(version) => version.parse::<ProtocolVersion>()?,
        Err(_) => ProtocolVersion::V2025_11_25,
    };
    eprintln!("scenario {scenario}, protocol {version}, server {url}");

    // 2026-07-28 has no `initialize`: the client discovers the server instead.
    let lifecycle = if version >= ProtocolVersion::V2026_07_28 {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version.into()],
        }
    } else {
        ClientLifecycleMode::Initialize
    };
    let transport = StreamableHttpClientTransport::from_uri(url);
    let client = Client { version }
        .serve_with_lifecycle(transport, lifecycle)
        .await?;

    let listed = client.list_all_tools().await?;
    for tool in tools {
        if !listed.iter().any(|listed| listed.name == *tool) {
            return Err(format!("the server does not list the tool {tool}").into());
        }
        let result = client
            .call_tool(CallToolRequestParams::new(*tool).with_arguments(Map::new()))
            .await?;
        for content in &result.content {
            if let Some(text) = content.as_text() {
                println!("{tool}: {}", text.text);
            }
        }
        if result.is_error == Some(true) {
            return Err(format!("{tool} returned an error").into());
        }
    }
    client.cancel().await?;
    Ok(())
}
