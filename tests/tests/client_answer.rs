//! The client side through rmcp: `read_form` reads the request an rmcp client handler
//! receives, `accept_form` fills in the form's defaults (SEP-1034) and checks the answer
//! before it is sent. Unit cases on the conformance suite's own form, then an rmcp client
//! answering a derived form of an rmcp server, in process, on 2025-11-25 and 2026-07-28,
//! and a form whose schema rmcp's model refuses, which reaches `on_custom_request` as sent.

use elicit_core::dialog::Dialog;
use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
use elicit_core::rmcp::{accept_form, read_form};
use elicit_core::{Elicit, ElicitOutcome, FieldErrorKind};
use rmcp::model::{
    self as m, CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    CustomRequest, CustomResult, ElicitRequestParams, ElicitResult, ElicitationAction,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext};
use rmcp::{
    ClientHandler, ErrorData, RoleClient, ServerHandler, ServiceExt, tool, tool_handler,
    tool_router,
};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The request of the conformance suite's `elicitation-sep1034-client-defaults` scenario,
/// as its server sends it (the `params` of `elicitation/create`).
const SUITE_REQUEST: &str = r#"{
    "message": "Test client default value handling - please accept with defaults",
    "requestedSchema": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "User name", "default": "John Doe"},
            "age": {"type": "integer", "description": "User age", "default": 30},
            "score": {"type": "number", "description": "User score", "default": 95.5},
            "status": {"type": "string", "description": "User status",
                       "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "description": "Verification status", "default": true}
        },
        "required": []
    }
}"#;

fn suite_request() -> ElicitRequestParams {
    serde_json::from_str(SUITE_REQUEST).unwrap()
}

fn object(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

#[test]
fn the_suites_form_is_accepted_with_every_default_in_order() {
    let form = read_form(&suite_request()).unwrap();
    assert_eq!(
        form.message(),
        "Test client default value handling - please accept with defaults"
    );
    assert!(form.requested_schema().unchecked().is_empty());

    let result = accept_form(&form, Map::new()).unwrap();
    assert_eq!(result.action, ElicitationAction::Accept);
    // As text: the types the suite checks (an integer `age`, a number `score`), and the
    // form's order.
    assert_eq!(
        serde_json::to_string(&result.content).unwrap(),
        r#"{"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}"#,
    );
}

#[test]
fn what_the_user_entered_is_kept_and_the_rest_defaulted() {
    let form = read_form(&suite_request()).unwrap();
    let entered = object(json!({"name": "Ada", "status": "pending"}));
    let result = accept_form(&form, entered).unwrap();
    assert_eq!(
        result.content,
        Some(
            json!({"name": "Ada", "status": "pending", "age": 30, "score": 95.5, "verified": true})
        )
    );
}

#[test]
fn an_answer_that_does_not_fit_is_refused_before_sending_with_every_field() {
    let form = read_form(&suite_request()).unwrap();
    let entered = object(json!({"age": 30.5, "status": "retired"}));
    let error = accept_form(&form, entered).unwrap_err();
    let fields: Vec<&str> = error.errors().iter().map(|error| error.field()).collect();
    assert_eq!(fields, ["age", "status"]);
}

#[test]
fn a_required_field_without_a_default_is_missing() {
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: "Your email".into(),
        requested_schema: m::ElicitationSchema::builder()
            .required_email("email")
            .optional_bool("newsletter", false)
            .build()
            .unwrap(),
    };
    let form = read_form(&params).unwrap();
    let error = accept_form(&form, Map::new()).unwrap_err();
    assert_eq!(error.errors().len(), 1);
    assert_eq!(error.errors()[0].field(), "email");
    assert_eq!(error.errors()[0].kind(), &FieldErrorKind::Missing);

    let entered = object(json!({"email": "ada@example.com"}));
    let result = accept_form(&form, entered).unwrap();
    assert_eq!(
        result.content,
        Some(json!({"email": "ada@example.com", "newsletter": false}))
    );
}

#[test]
fn a_url_request_is_not_a_form() {
    let params = ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: "Sign in".into(),
        url: "https://example.com/sign-in".into(),
        elicitation_id: "e-1".into(),
    };
    let error = read_form(&params).unwrap_err();
    assert_eq!(error.path(), "mode");
}

// ---------------------------------------------------------------- in process, over rmcp

/// Your profile
#[derive(Elicit, Debug, PartialEq)]
struct Profile {
    /// Display name
    #[elicit(default = "John Doe")]
    name: String,
    #[elicit(minimum = 0, maximum = 150, default = 30)]
    age: u8,
    #[elicit(default = 95.5)]
    score: f64,
    #[elicit(default = "active")]
    status: Status,
    #[elicit(default = true)]
    verified: bool,
    nickname: Option<String>,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Status {
    Active,
    Inactive,
}

#[derive(Clone)]
struct ProfileServer;

#[tool_router]
impl ProfileServer {
    #[tool(description = "Asks for a profile")]
    async fn profile(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = match d.ask::<Profile>("profile").await? {
                    ElicitOutcome::Accepted(profile) => format!("{profile:?}"),
                    other => format!("{:?}", other.action()),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for ProfileServer {}

/// A client that takes every form as shown, as `conformance_client` does.
struct DefaultsClient {
    version: m::ProtocolVersion,
}

impl ClientHandler for DefaultsClient {
    async fn create_elicitation(
        &self,
        params: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let decline = ElicitResult::new(ElicitationAction::Decline);
        let Ok(form) = read_form(&params) else {
            return Ok(decline);
        };
        Ok(accept_form(&form, Map::new()).unwrap_or(decline))
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleClient>,
    ) -> Result<CustomResult, ErrorData> {
        assert_eq!(request.method, "elicitation/create");
        let params = request.params.unwrap_or(Value::Null);
        let Ok(ElicitRequest::Form(form)) = ElicitRequest::from_value(&params) else {
            return Err(ErrorData::invalid_params("not a form", None));
        };
        let result = match accept_form(&form, Map::new()) {
            Ok(result) => result,
            Err(_) => ElicitResult::new(ElicitationAction::Decline),
        };
        Ok(CustomResult::new(serde_json::to_value(result).unwrap()))
    }

    fn get_info(&self) -> m::ClientConfig {
        let mut capabilities = m::ClientCapabilities::default();
        capabilities.elicitation =
            Some(m::ElicitationCapability::new().with_form(m::FormElicitationCapability::new()));
        m::ClientConfig::new(capabilities, m::Implementation::new("defaults", "0"))
            .with_protocol_version(self.version.clone())
    }
}

async fn profile_over_rmcp(version: ProtocolVersion) -> String {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        if let Ok(running) = ProfileServer.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let version = m::ProtocolVersion::from(version);
    let lifecycle = if version.has_initialize() {
        ClientLifecycleMode::Initialize
    } else {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version.clone()],
        }
    };
    let client = DefaultsClient { version }
        .serve_with_lifecycle(client_io, lifecycle)
        .await
        .unwrap();
    let result = client
        .call_tool(CallToolRequestParams::new("profile"))
        .await
        .unwrap();
    client.cancel().await.unwrap();
    result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|text| text.text.clone()))
        .collect()
}

#[tokio::test]
async fn a_derived_forms_defaults_come_back_typed_on_both_generations() {
    let expected = format!(
        "{:?}",
        Profile {
            name: "John Doe".into(),
            age: 30,
            score: 95.5,
            status: Status::Active,
            verified: true,
            nickname: None,
        }
    );
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        assert_eq!(profile_over_rmcp(version).await, expected, "on {version}");
    }
}

/// A schema the spec allows and rmcp's model does not hold (`minLength` written `2.0`, a
/// `default` of another type): rmcp hands the request to `on_custom_request` with the
/// params as sent, where this crate's reader takes it. A server written by hand, over a
/// pipe, so that rmcp's server model does not stand in the way either.
#[tokio::test]
async fn a_schema_rmcp_refuses_is_answered_from_the_json_as_sent() {
    const REQUEST: &str = r#"{"jsonrpc":"2.0","id":"e-1","method":"elicitation/create","params":{
        "message":"Your code",
        "requestedSchema":{"type":"object","properties":{
            "code":{"type":"string","minLength":2.0,"default":"AB"},
            "count":{"type":"integer","default":"3"}
        }}}}"#;
    assert!(
        serde_json::from_str::<m::ElicitationSchema>(
            r#"{"type":"object","properties":{"code":{"type":"string","minLength":2.0}}}"#
        )
        .is_err()
    );

    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        let (read, mut write) = tokio::io::split(server_io);
        let mut lines = BufReader::new(read).lines();
        let initialize: Value =
            serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
        let result = json!({"jsonrpc": "2.0", "id": initialize["id"], "result": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "0"}
        }});
        write
            .write_all(format!("{result}\n").as_bytes())
            .await
            .unwrap();
        let _initialized = lines.next_line().await.unwrap();
        let request: Value = serde_json::from_str(REQUEST).unwrap();
        write
            .write_all(format!("{request}\n").as_bytes())
            .await
            .unwrap();
        let answer = lines.next_line().await.unwrap().unwrap();
        serde_json::from_str::<Value>(&answer).unwrap()
    });
    let client = DefaultsClient {
        version: m::ProtocolVersion::V_2025_11_25,
    }
    .serve(client_io)
    .await
    .unwrap();
    let answer = server.await.unwrap();
    client.cancel().await.unwrap();
    // `count`'s default is not an integer: listed as unchecked, not filled in.
    assert_eq!(
        answer,
        json!({"jsonrpc": "2.0", "id": "e-1", "result": {"action": "accept", "content": {"code": "AB"}}})
    );
}
