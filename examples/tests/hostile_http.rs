//! What a hostile client gets from `conformance_server` on the wire, and what
//! `examples::http` bounds: every malformed body is answered with the JSON-RPC error it
//! deserves, a body over the limit is refused before rmcp reads it, and the parse budget
//! holds big bodies back without holding small ones.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::handler::HandlerWithoutStateExt;
use examples::http::{self, MAX_REQUEST_BODY, PARSE_BUDGET};
use rmcp::ServerHandler;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use serde_json::{Value, json};

const TOOL: &str = "test_input_required_result_multi_round";

/// The conformance server, started on a free port and killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_conformance_server"))
            .arg("0")
            .stdout(Stdio::piped())
            .spawn()
            .expect("the conformance server starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server prints where it listens");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        Self { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "hostile_http", "version": "0"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
    })
}

/// A 2026-07-28 `tools/call` of the two-round tool with `extra` params, as text.
fn call_with(extra: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"{TOOL}","arguments":{{}},{extra}"_meta":{}}}}}"#,
        meta()
    )
}

/// POSTs `body` as a 2026-07-28 `tools/call` of the tool: the status, the content type and
/// the JSON-RPC message (read from an SSE event if the answer is a stream).
async fn post(url: &str, body: impl Into<reqwest::Body>) -> (u16, String, Value) {
    post_with(url, body, &[("mcp-protocol-version", "2026-07-28")]).await
}

async fn post_with(
    url: &str,
    body: impl Into<reqwest::Body>,
    headers: &[(&str, &str)],
) -> (u16, String, Value) {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-method", "tools/call")
        .header("mcp-name", TOOL)
        .body(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let text = response.text().await.unwrap();
    let message = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
        .unwrap_or(&text);
    let message = serde_json::from_str(message.trim())
        .unwrap_or_else(|error| panic!("not JSON ({error}): {text:?}"));
    (status, content_type, message)
}

/// A malformed body and the answer it must get.
struct Case {
    what: &'static str,
    body: String,
    status: u16,
    code: i64,
    /// The `id` echoed; `Null` where the member is left out.
    id: Value,
    /// What the error's message must contain.
    says: &'static str,
}

/// A `-32602` for the request `id` 7 of `call_with`.
fn invalid_params(what: &'static str, body: String, says: &'static str) -> Case {
    let (status, code, id) = (200, -32602, json!(7));
    Case {
        what,
        body,
        status,
        code,
        id,
        says,
    }
}

/// An HTTP 400 without an `id`.
fn refused(what: &'static str, body: String, code: i64, says: &'static str) -> Case {
    let (status, id) = (400, Value::Null);
    Case {
        what,
        body,
        status,
        code,
        id,
        says,
    }
}

fn malformed_bodies() -> Vec<Case> {
    let name_twice =
        call_with("").replacen(r#""name":"#, &format!(r#""name":"{TOOL}","name":"#), 1);
    let array = "must be an object (the answers, by the key of each input request), got an array";
    vec![
        invalid_params(
            "inputResponses is an array",
            call_with(r#""inputResponses":[1],"#),
            "Invalid params of tools/call: `inputResponses` must be an object (the answers, by the key of each input request), got an array",
        ),
        invalid_params(
            "inputResponses is a string",
            call_with(r#""inputResponses":"yes","#),
            "`inputResponses` must be an object (the answers, by the key of each input request), got a string",
        ),
        invalid_params(
            "inputResponses is a number",
            call_with(r#""inputResponses":5,"#),
            "`inputResponses` must be an object (the answers, by the key of each input request), got a number",
        ),
        invalid_params(
            "requestState is a number",
            call_with(r#""requestState":5,"#),
            "Invalid params of tools/call: `requestState` must be a string (the state the server sent, unchanged), got a number",
        ),
        invalid_params(
            "a param key given twice",
            name_twice,
            "Invalid params of tools/call: `name` is given twice",
        ),
        invalid_params(
            "two params wrong at once",
            call_with(r#""inputResponses":[],"requestState":{},"#),
            "`inputResponses` must be an object (the answers, by the key of each input request), got an array; `requestState` must be a string (the state the server sent, unchanged), got an object",
        ),
        invalid_params(
            "name is a number",
            call_with("").replacen(&format!(r#""name":"{TOOL}""#), r#""name":5"#, 1),
            "`name` must be a string (the name of the tool or prompt), got a number",
        ),
        invalid_params(
            "arguments is a string",
            call_with("").replacen(r#""arguments":{}"#, r#""arguments":"x""#, 1),
            "`arguments` must be an object (the arguments, by name), got a string",
        ),
        invalid_params(
            "_meta is a number, and given twice",
            call_with(r#""_meta":5,"#),
            "`_meta` is given twice; `_meta` must be an object (the request's metadata), got a number",
        ),
        Case {
            what: "params is an array, under a string id",
            body: r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":[]}"#.to_owned(),
            id: json!("a"),
            says: "Invalid params of tools/call: `params` must be an object, got an array",
            ..invalid_params("", String::new(), "")
        },
        Case {
            what: "prompts/get",
            body: call_with(r#""inputResponses":[],"#)
                .replace("tools/call", "prompts/get")
                .replace(TOOL, "test_input_required_result_prompt"),
            says: array,
            ..invalid_params("", String::new(), "")
        },
        refused(
            "not JSON",
            "hello".to_owned(),
            -32700,
            "Parse error: expected value at line 1 column 1",
        ),
        refused(
            "cut short",
            call_with("")[..60].to_owned(),
            -32700,
            "Parse error: EOF while parsing",
        ),
        refused(
            "empty",
            String::new(),
            -32700,
            "Parse error: EOF while parsing a value",
        ),
        refused(
            "an answer nested 10 000 deep (rmcp's own refusal)",
            call_with(&format!(
                r#""inputResponses":{{"a":{}{}}},"#,
                "[".repeat(10_000),
                "]".repeat(10_000)
            )),
            -32600,
            "Invalid Request: recursion limit exceeded",
        ),
        refused(
            "a batch",
            format!("[{},{}]", call_with(""), call_with("")),
            -32600,
            "Invalid Request: a batch (a JSON array) is not supported; send one message per request",
        ),
        refused(
            "a number",
            "42".to_owned(),
            -32600,
            "Invalid Request: a JSON-RPC message is an object, got a number",
        ),
        refused(
            "not JSON-RPC 2.0 (rmcp's own refusal)",
            call_with("").replace(r#""jsonrpc":"2.0""#, r#""jsonrpc":"1.0""#),
            -32600,
            "Invalid Request: unrecognized JSON-RPC message",
        ),
    ]
}

/// Each malformed body gets its JSON-RPC error, and the server runs a dialog to its end after
/// all of them.
#[tokio::test]
async fn malformed_requests_are_answered_with_the_error_they_deserve() {
    let server = Server::start();
    for case in malformed_bodies() {
        let what = case.what;
        let (status, content_type, answer) = post(&server.url, case.body).await;
        let kind = (status, content_type.as_str());
        assert_eq!(kind, (case.status, "application/json"), "{what}: {answer}");
        assert_eq!(answer["error"]["code"], case.code, "{what}: {answer}");
        let id = answer.get("id").unwrap_or(&Value::Null);
        assert_eq!(id, &case.id, "{what}: {answer}");
        let text = answer["error"]["message"].as_str().unwrap();
        assert!(
            text.contains(case.says),
            "{what}: {text:?} lacks {:?}",
            case.says
        );
    }
    assert_dialog_runs(&server.url).await;
}

/// The three calls of the two-round tool, answered as they should be.
async fn assert_dialog_runs(url: &str) {
    let (_, _, first) = post(url, call_with("")).await;
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let answer = json!({"step1": {"action": "accept", "content": {"name": "Ada"}}});
    let retry = format!(r#""inputResponses":{answer},"requestState":"{state}","#);
    let (_, _, second) = post(url, call_with(&retry)).await;
    let state = second["result"]["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = json!({"step2": {"action": "accept", "content": {"color": "green"}}});
    let retry = format!(r#""inputResponses":{answer},"requestState":"{state}","#);
    let (status, _, third) = post(url, call_with(&retry)).await;
    assert_eq!(status, 200);
    let text = &third["result"]["content"][0]["text"];
    assert_eq!(text, "Ada's favorite color is green", "{third}");
}

/// On 2025-11-25, in a session, rmcp answers a misfiled call over the session's stream;
/// the guard answers it first, the same way.
#[tokio::test]
async fn a_session_gets_the_same_errors() {
    let server = Server::start();
    let client = reqwest::Client::new();
    let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "hostile_http", "version": "0"}}});
    let response = client
        .post(&server.url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(initialize.to_string())
        .send()
        .await
        .unwrap();
    let session = response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let headers = [
        ("mcp-session-id", session.as_str()),
        ("mcp-protocol-version", "2025-11-25"),
    ];
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "test_elicitation", "arguments": {"message": "hi"}, "inputResponses": [1]}});
    let (status, _, answer) = post_with(&server.url, call.to_string(), &headers).await;
    assert_eq!(status, 200);
    assert_eq!(answer["id"], 1);
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
}

/// A body over `MAX_REQUEST_BODY` is refused (413, -32600), whether its length is declared or
/// not; a body of exactly the limit is read.
#[tokio::test]
async fn the_body_limit_holds_at_its_edge() {
    let server = Server::start();
    let padded = |length: usize| {
        let call = call_with("");
        format!("{call}{}", " ".repeat(length - call.len()))
    };
    let (status, _, answer) = post(&server.url, padded(MAX_REQUEST_BODY)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["result"]["resultType"], "input_required");

    let (status, _, answer) = post(&server.url, padded(MAX_REQUEST_BODY + 1)).await;
    assert_eq!(status, 413);
    assert_eq!(answer["error"]["code"], -32600);
    let limit = format!("over the limit of {MAX_REQUEST_BODY} bytes");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&limit)
    );

    // Chunked, without a Content-Length: refused once the limit is passed.
    let body = padded(MAX_REQUEST_BODY + 1);
    let head = chunked_post(&server.url, body.as_bytes()).await;
    assert!(head.starts_with("HTTP/1.1 413 "), "{head}");
}

/// POSTs `body` as one chunk of a chunked request (no Content-Length) and returns the
/// status line.
async fn chunked_post(url: &str, body: &[u8]) -> String {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

    let address = url
        .strip_prefix("http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap();
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\n\
         accept: application/json, text/event-stream\r\nmcp-protocol-version: 2026-07-28\r\n\
         transfer-encoding: chunked\r\n\r\n{:x}\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // The server may answer and close before it has read everything.
    let _ = stream.write_all(body).await;
    let _ = stream.write_all(b"\r\n0\r\n\r\n").await;
    let mut status = String::new();
    tokio::io::BufReader::new(stream)
        .read_line(&mut status)
        .await
        .unwrap();
    status
}

/// rmcp enforces the same limit where the service is mounted without the guard: the
/// configuration takes effect.
#[tokio::test]
async fn rmcp_enforces_the_limit_of_the_configuration() {
    #[derive(Clone)]
    struct Empty;
    impl ServerHandler for Empty {}

    let sessions = Arc::new(LocalSessionManager::default());
    let service = StreamableHttpService::new(|| Ok(Empty), sessions, http::config());
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let unguarded = axum::Router::new().nest_service("/mcp", service);
    tokio::spawn(async move { axum::serve(listener, unguarded).await });

    let body = format!("{}{}", call_with(""), " ".repeat(MAX_REQUEST_BODY));
    let response = reqwest::Client::new()
        .post(&url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    let text = response.text().await.unwrap();
    assert!(
        text.contains(&format!("exceeds {MAX_REQUEST_BODY} bytes")),
        "{text}"
    );
}

/// The parse budget: no more than `PARSE_BUDGET` bytes of bodies are handed on at once, and
/// small bodies are not held to one at a time.
#[tokio::test]
async fn the_parse_budget_bounds_the_bytes_in_flight() {
    const HOLD: Duration = Duration::from_millis(300);
    #[derive(Default)]
    struct InFlight {
        bytes: AtomicUsize,
        most_bytes: AtomicUsize,
        requests: AtomicUsize,
        most_requests: AtomicUsize,
        /// A request is held until this many are in flight at once, or for `HOLD`: the
        /// guard is seen to let that many through, or to hold them back.
        hold_until: AtomicUsize,
    }
    let in_flight = Arc::new(InFlight::default());
    let counter = Arc::clone(&in_flight);
    // Stands for rmcp: takes the body, and a while to parse it.
    let parse = move |body: axum::body::Bytes| {
        let in_flight = Arc::clone(&counter);
        async move {
            let bytes = in_flight.bytes.fetch_add(body.len(), Ordering::SeqCst) + body.len();
            in_flight.most_bytes.fetch_max(bytes, Ordering::SeqCst);
            let requests = in_flight.requests.fetch_add(1, Ordering::SeqCst) + 1;
            in_flight
                .most_requests
                .fetch_max(requests, Ordering::SeqCst);
            let held = async {
                let enough = in_flight.hold_until.load(Ordering::SeqCst);
                while in_flight.requests.load(Ordering::SeqCst) < enough {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            };
            let _ = tokio::time::timeout(HOLD, held).await;
            in_flight.bytes.fetch_sub(body.len(), Ordering::SeqCst);
            in_flight.requests.fetch_sub(1, Ordering::SeqCst);
        }
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let router = http::router("/mcp", parse.into_service());
    tokio::spawn(http::serve(listener, router));

    let send_all = |count: usize, length: usize| {
        let body = format!("{{{}}}", " ".repeat(length - 2));
        let sends: Vec<_> = (0..count)
            .map(|_| {
                let (url, body) = (url.clone(), body.clone());
                tokio::spawn(async move {
                    reqwest::Client::new()
                        .post(url)
                        .header("content-type", "application/json")
                        .body(body)
                        .send()
                        .await
                        .unwrap()
                        .status()
                })
            })
            .collect();
        async move {
            for send in sends {
                assert_eq!(send.await.unwrap(), 200);
            }
        }
    };

    // Four 1 MiB bodies fit the budget, a fifth never: twelve are held until five are in
    // flight, which never comes, so they go by fours.
    in_flight.hold_until.store(5, Ordering::SeqCst);
    send_all(12, MAX_REQUEST_BODY).await;
    let most = in_flight.most_bytes.load(Ordering::SeqCst);
    assert!(most <= PARSE_BUDGET, "{most} bytes in flight at once");
    assert!(
        most > MAX_REQUEST_BODY,
        "big bodies were not parsed side by side"
    );

    // Small bodies are charged 1 KiB each: 17 at once are let through.
    in_flight.hold_until.store(17, Ordering::SeqCst);
    send_all(64, 1000).await;
    let most = in_flight.most_requests.load(Ordering::SeqCst);
    assert!(most > 16, "only {most} small bodies in flight at once");
}
