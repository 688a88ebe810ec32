//! End to end, in process: an rmcp client with an elicitation handler calls tools of an rmcp
//! server that elicit derived forms, over an in-memory transport whose server-to-client
//! bytes are recorded. Both protocol generations: 2025-11-25 (`elicitation/create`) and
//! 2026-07-28 (`InputRequiredResult`, then the retry with `inputResponses`).

use std::sync::{Arc, Mutex};

use elicit_core::protocol::{ElicitRequest, ElicitResult, UrlPolicy, UrlRequest};
use elicit_core::rmcp::{Asked, Error, PeerElicitExt, ask_form, ask_url};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitationCapability, FormElicitationCapability,
    Implementation, ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{RequestContext, RunningService};
use rmcp::{
    ClientHandler, ClientLifecycleMode, ClientServiceExt, ErrorData, Peer, RoleClient, RoleServer,
    ServerHandler, ServiceExt, tool, tool_handler, tool_router,
};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

// ---------------------------------------------------------------- forms

/// Please confirm your table reservation
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    /// The name the table is booked under
    #[elicit(min_length = 1, max_length = 60)]
    guest_name: String,
    #[elicit(format = "email")]
    email: String,
    /// How many people, including you
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    party_size: u8,
    /// Where you would like to sit
    seating: Seating,
    notes: Option<String>,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    /// Inside, by the window
    Indoor,
    /// On the terrace
    Terrace,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
enum Extra {
    Bread,
    Wine,
}

/// Anything extra?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Extras {
    extras: Vec<Extra>,
}

// ---------------------------------------------------------------- server

#[derive(Clone)]
struct Restaurant;

fn describe<T: std::fmt::Debug>(outcome: Result<ElicitOutcome<T>, Error>) -> String {
    match outcome {
        Ok(ElicitOutcome::Accepted(answer)) => format!("accepted {answer:?}"),
        Ok(ElicitOutcome::Declined) => "declined".to_owned(),
        Ok(ElicitOutcome::Cancelled) => "cancelled".to_owned(),
        Err(Error::Unsupported(error)) => format!("unsupported: {error}"),
        Err(Error::Invalid(errors)) => format!("invalid: {errors}"),
        Err(Error::Render(error)) => format!("render: {error}"),
        Err(Error::Service(error)) => format!("service: {error}"),
        Err(other) => format!("other: {other}"),
    }
}

fn text(text: String) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

#[tool_router]
impl Restaurant {
    /// Either generation, through `ask_form`.
    #[tool(description = "Book a table")]
    async fn book(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let outcome = match ask_form::<Booking>(&ctx, responses.as_ref(), "booking").await {
            Ok(Asked::InputRequired(result)) => return Ok(result.into()),
            Ok(Asked::Answered(outcome)) => Ok(outcome),
            Err(error) => Err(error),
        };
        Ok(text(describe(outcome)))
    }

    /// Up to 2025-11-25 only: straight through the peer.
    #[tool(description = "Book a table through the peer")]
    async fn book_via_peer(&self, peer: Peer<RoleServer>) -> Result<CallToolResult, ErrorData> {
        let outcome = peer
            .elicit_form_with::<Booking>("Book a table for tonight")
            .await;
        Ok(CallToolResult::success(vec![ContentBlock::text(describe(
            outcome,
        ))]))
    }

    #[tool(description = "Pick extras")]
    async fn extras(&self, peer: Peer<RoleServer>) -> Result<CallToolResult, ErrorData> {
        let outcome = peer.elicit_form::<Extras>().await;
        Ok(CallToolResult::success(vec![ContentBlock::text(describe(
            outcome,
        ))]))
    }

    #[tool(description = "Connect the payment account")]
    async fn connect(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let request = UrlRequest::with_policy(
            "Connect your payment account",
            "http://127.0.0.1:9/connect",
            "connect-1",
            UrlPolicy::AllowLoopbackHttp,
        )
        .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        let reply = match ask_url(&ctx, responses.as_ref(), "connect", request).await {
            Ok(Asked::InputRequired(result)) => return Ok(result.into()),
            Ok(Asked::Answered(action)) => format!("url {action}"),
            Err(error) => format!("error: {error}"),
        };
        Ok(text(reply))
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

// ---------------------------------------------------------------- client

#[derive(Clone)]
enum Answer {
    /// Accept with this content, after filling in the form's defaults.
    Accept(Value),
    /// Accept with this content as is, defaults or not.
    AcceptRaw(Value),
    Decline,
    Cancel,
}

#[derive(Clone, Copy, PartialEq)]
enum Generation {
    V2025_06_18,
    V2025_11_25,
    V2026_07_28,
}

#[derive(Clone)]
struct Diner {
    capabilities: ClientCapabilities,
    version: ProtocolVersion,
    answer: Answer,
    seen: Arc<Mutex<Vec<ElicitRequestParams>>>,
}

impl ClientHandler for Diner {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            self.capabilities.clone(),
            Implementation::new("diner", "0.0.1"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        params: ElicitRequestParams,
        _ctx: RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, ErrorData> {
        self.seen.lock().unwrap().push(params.clone());
        // The client side of the crate: read the request, fill in the defaults, answer.
        let request = ElicitRequest::try_from(&params)
            .map_err(|error| ErrorData::invalid_params(error.to_string(), None))?;
        let result = match &self.answer {
            Answer::Accept(content) => {
                let mut content = object(content);
                if let Some(schema) = request.requested_schema() {
                    schema.apply_defaults(&mut content);
                }
                ElicitResult::accept(content)
            }
            Answer::AcceptRaw(content) => ElicitResult::accept(object(content)),
            Answer::Decline => ElicitResult::decline(),
            Answer::Cancel => ElicitResult::cancel(),
        };
        Ok(rmcp::model::ElicitResult::from(&result))
    }
}

fn object(value: &Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

fn form_only() -> ClientCapabilities {
    // `elicitation: {}`: form mode, as 2025-06-18 clients declare it.
    ClientCapabilities::builder().enable_elicitation().build()
}

fn form_and_url() -> ClientCapabilities {
    ClientCapabilities::builder()
        .enable_elicitation_with(
            ElicitationCapability::new()
                .with_form(FormElicitationCapability::new())
                .with_url(UrlElicitationCapability::new()),
        )
        .build()
}

fn no_elicitation() -> ClientCapabilities {
    ClientCapabilities::default()
}

// ---------------------------------------------------------------- the wiring

/// A transport pair with a tap on the server-to-client direction.
fn tapped_pair() -> (DuplexStream, DuplexStream, Arc<Mutex<Vec<u8>>>) {
    let (server_io, server_far) = tokio::io::duplex(1 << 16);
    let (client_far, client_io) = tokio::io::duplex(1 << 16);
    let wire = Arc::new(Mutex::new(Vec::new()));
    let (mut from_server, mut to_server) = tokio::io::split(server_far);
    let (mut from_client, mut to_client) = tokio::io::split(client_far);
    let tap = Arc::clone(&wire);
    tokio::spawn(async move {
        let mut buffer = vec![0; 1 << 14];
        while let Ok(n) = from_server.read(&mut buffer).await {
            if n == 0 {
                break;
            }
            tap.lock().unwrap().extend_from_slice(&buffer[..n]);
            if to_client.write_all(&buffer[..n]).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
    });
    (server_io, client_io, wire)
}

struct Session {
    client: RunningService<RoleClient, Diner>,
    seen: Arc<Mutex<Vec<ElicitRequestParams>>>,
    wire: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    async fn start(
        generation: Generation,
        capabilities: ClientCapabilities,
        answer: Answer,
    ) -> Self {
        let (server_io, client_io, wire) = tapped_pair();
        tokio::spawn(async move {
            if let Ok(running) = Restaurant.serve(server_io).await {
                let _ = running.waiting().await;
            }
        });
        let seen = Arc::new(Mutex::new(Vec::new()));
        let version = match generation {
            Generation::V2025_06_18 => ProtocolVersion::V_2025_06_18,
            Generation::V2025_11_25 => ProtocolVersion::V_2025_11_25,
            Generation::V2026_07_28 => ProtocolVersion::V_2026_07_28,
        };
        let diner = Diner {
            capabilities,
            version: version.clone(),
            answer,
            seen: Arc::clone(&seen),
        };
        let client = match generation {
            Generation::V2026_07_28 => diner
                .serve_with_lifecycle(
                    client_io,
                    ClientLifecycleMode::Discover {
                        preferred_versions: vec![version.clone()],
                    },
                )
                .await
                .expect("discover"),
            Generation::V2025_06_18 | Generation::V2025_11_25 => {
                diner.serve(client_io).await.expect("initialize")
            }
        };
        assert_eq!(client.peer_info().unwrap().protocol_version, version);
        Self { client, seen, wire }
    }

    async fn call(&self, tool: &'static str) -> String {
        let result = self
            .client
            .call_tool(CallToolRequestParams::new(tool))
            .await
            .expect("the tool call succeeds");
        result.content[0]
            .as_text()
            .expect("a text result")
            .text
            .clone()
    }

    fn requests_seen(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// The server-to-client message that carries the form (`elicitation/create`, or the
    /// `tools/call` result with `inputRequests`), as the bytes on the wire.
    fn form_message(&self) -> String {
        let wire = String::from_utf8(self.wire.lock().unwrap().clone()).unwrap();
        wire.lines()
            .find(|line| line.contains("requestedSchema"))
            .expect("a message with a form went to the client")
            .to_owned()
    }
}

fn valid_answer() -> Value {
    json!({"guestName": "Ada", "email": "ada@example.com", "seating": "terrace"})
}

fn booked() -> String {
    let booking = Booking {
        guest_name: "Ada".into(),
        email: "ada@example.com".into(),
        party_size: 2,
        seating: Seating::Terrace,
        notes: None,
    };
    format!("accepted {booking:?}")
}

const BOTH: [Generation; 2] = [Generation::V2025_11_25, Generation::V2026_07_28];

// ---------------------------------------------------------------- outcomes, both generations

#[tokio::test]
async fn accept_gives_the_typed_answer() {
    for generation in BOTH {
        let session = Session::start(generation, form_only(), Answer::Accept(valid_answer())).await;
        assert_eq!(session.call("book").await, booked());
        assert_eq!(session.requests_seen(), 1);
    }
}

#[tokio::test]
async fn decline_and_cancel_are_outcomes() {
    for generation in BOTH {
        let session = Session::start(generation, form_only(), Answer::Decline).await;
        assert_eq!(session.call("book").await, "declined");
        let session = Session::start(generation, form_only(), Answer::Cancel).await;
        assert_eq!(session.call("book").await, "cancelled");
    }
}

#[tokio::test]
async fn invalid_content_names_every_field() {
    let content =
        json!({"guestName": "", "email": "ada", "partySize": 40, "seating": "On the terrace"});
    for generation in BOTH {
        let session =
            Session::start(generation, form_only(), Answer::AcceptRaw(content.clone())).await;
        assert_eq!(
            session.call("book").await,
            "invalid: `guestName`: must be at least 1 character, got 0\n\
             `email`: must be a valid e-mail address\n\
             `partySize`: must be at most 12, got 40\n\
             `seating`: \"On the terrace\" is not one of the options; expected one of \"indoor\", \"terrace\""
        );
    }
}

#[tokio::test]
async fn a_client_without_elicitation_is_never_asked() {
    for generation in BOTH {
        let session = Session::start(generation, no_elicitation(), Answer::Decline).await;
        assert_eq!(
            session.call("book").await,
            "unsupported: the client did not declare form-mode elicitation (it declared: no elicitation)"
        );
        assert_eq!(session.requests_seen(), 0);
        assert!(
            !session
                .wire
                .lock()
                .unwrap()
                .windows(15)
                .any(|w| w == b"requestedSchema")
        );
    }
}

// ---------------------------------------------------------------- the wire

#[tokio::test]
async fn the_fields_reach_the_client_in_declaration_order() {
    // Declared: guestName, email, partySize, seating, notes; alphabetical would be
    // email, guestName, notes, partySize, seating.
    for generation in BOTH {
        let session = Session::start(generation, form_only(), Answer::Decline).await;
        session.call("book").await;
        let message = session.form_message();
        let at = |key: &str| {
            message
                .find(&format!("\"{key}\":{{\"type\""))
                .unwrap_or_else(|| panic!("{key} in {message}"))
        };
        let positions = ["guestName", "email", "partySize", "seating", "notes"].map(at);
        assert!(positions.is_sorted(), "{message}");
        assert!(
            message.contains(r#""required":["guestName","email","seating"]"#),
            "{message}"
        );
        // And rmcp's client read them back in that order.
        let seen = session.seen.lock().unwrap();
        let ElicitRequestParams::FormElicitationParams {
            requested_schema, ..
        } = &seen[0]
        else {
            panic!("a form request")
        };
        assert_eq!(
            requested_schema.property_order.as_deref().unwrap(),
            ["guestName", "email", "partySize", "seating", "notes"]
        );
    }
}

#[tokio::test]
async fn the_2025_11_25_request_is_elicitation_create() {
    let session = Session::start(Generation::V2025_11_25, form_only(), Answer::Decline).await;
    session.call("book_via_peer").await;
    let message: Value = serde_json::from_str(&session.form_message()).unwrap();
    assert_eq!(message["method"], "elicitation/create");
    assert_eq!(message["params"]["mode"], "form");
    assert_eq!(message["params"]["message"], "Book a table for tonight");
    assert_eq!(
        message["params"]["requestedSchema"]["properties"]["seating"],
        json!({"type": "string", "description": "Where you would like to sit", "oneOf": [
            {"const": "indoor", "title": "Inside, by the window"},
            {"const": "terrace", "title": "On the terrace"}
        ]})
    );
}

#[tokio::test]
async fn the_2026_07_28_form_rides_in_input_required() {
    let session = Session::start(Generation::V2026_07_28, form_only(), Answer::Decline).await;
    session.call("book").await;
    let message: Value = serde_json::from_str(&session.form_message()).unwrap();
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required");
    let entry = &result["inputRequests"]["booking"];
    assert_eq!(entry["method"], "elicitation/create");
    assert_eq!(
        entry["params"]["message"],
        "Please confirm your table reservation"
    );
    assert_eq!(
        entry["params"]["requestedSchema"]["properties"]["partySize"],
        json!({"type": "integer", "description": "How many people, including you",
               "minimum": 1, "maximum": 12, "default": 2})
    );
}

#[tokio::test]
async fn the_2026_07_28_retry_by_hand() {
    let session = Session::start(Generation::V2026_07_28, form_only(), Answer::Decline).await;
    // One round: the tool answers with the form instead of a result.
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("book"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(required) = first else {
        panic!("input required, got {first:?}")
    };
    let requests = required.input_requests.unwrap();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["booking"]);
    // Retry with the answer under the same key.
    let mut responses = rmcp::model::InputResponses::new();
    let answer = ElicitResult::accept(object(&json!({
        "guestName": "Ada", "email": "ada@example.com", "partySize": 2, "seating": "terrace"
    })));
    responses.insert("booking".into(), answer.to_value());
    let second = session
        .client
        .call_tool_once(CallToolRequestParams::new("book").with_input_responses(responses))
        .await
        .unwrap();
    let CallToolResponse::Complete(result) = second else {
        panic!("a result, got {second:?}")
    };
    assert_eq!(result.content[0].as_text().unwrap().text, booked());
}

// ---------------------------------------------------------------- the peer path's limits

#[tokio::test]
async fn the_peer_refuses_on_2026_07_28() {
    let session = Session::start(Generation::V2026_07_28, form_only(), Answer::Decline).await;
    let reply = session.call("book_via_peer").await;
    assert!(reply.starts_with("service: "), "{reply}");
    assert!(reply.contains("InputRequiredResult"), "{reply}");
    assert_eq!(session.requests_seen(), 0);
}

#[tokio::test]
async fn the_2025_06_18_form_is_written_for_that_revision() {
    let session = Session::start(
        Generation::V2025_06_18,
        form_only(),
        Answer::Accept(valid_answer()),
    )
    .await;
    assert_eq!(session.call("book_via_peer").await, booked());
    let message: Value = serde_json::from_str(&session.form_message()).unwrap();
    let properties = &message["params"]["requestedSchema"]["properties"];
    // Titled single selects as `enum` + `enumNames`; `default` only on booleans.
    assert_eq!(
        properties["seating"],
        json!({"type": "string", "description": "Where you would like to sit",
               "enum": ["indoor", "terrace"], "enumNames": ["Inside, by the window", "On the terrace"]})
    );
    assert!(properties["partySize"].get("default").is_none());
    // A multi-select cannot be written for 2025-06-18: refused before sending.
    let reply = session.call("extras").await;
    assert!(
        reply.starts_with("render: field `extras` is a multi-select"),
        "{reply}"
    );
    assert_eq!(session.requests_seen(), 1);
}

// ---------------------------------------------------------------- URL mode

#[tokio::test]
async fn url_mode_needs_the_url_capability() {
    for generation in BOTH {
        let session =
            Session::start(generation, form_and_url(), Answer::AcceptRaw(json!({}))).await;
        assert_eq!(session.call("connect").await, "url accept");
        let seen = session.seen.lock().unwrap()[0].clone();
        let ElicitRequestParams::UrlElicitationParams { url, .. } = seen else {
            panic!("a URL request")
        };
        assert_eq!(url, "http://127.0.0.1:9/connect");

        let session = Session::start(generation, form_only(), Answer::Decline).await;
        assert_eq!(
            session.call("connect").await,
            "error: the client did not declare url-mode elicitation (it declared: form)"
        );
        assert_eq!(session.requests_seen(), 0);
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Booking>();
    tests::soundness::check_form_is_sound::<Seating>();
    tests::soundness::check_form_is_sound::<Extra>();
    tests::soundness::check_form_is_sound::<Extras>();
}
