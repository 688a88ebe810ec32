//! `connect_service` end to end: the example server started as its docs say, a real MCP client
//! over HTTP, and the person's browser a real one (headless Chromium driven through WebDriver,
//! `chromedriver`; skipped, saying why, where either is missing, unless
//! `ELICIT_REQUIRE_SERVICES=1`).
//!
//! On 2025-11-25 (rmcp's client, in a session) and on 2026-07-28 (its stateless POSTs, every
//! byte read) a good post completes the tool call; a bad post comes back with its errors and
//! without the key; another user's browser is refused and nothing is stored; a second call
//! answers without asking. The key never appears in any MCP message the client saw, in any
//! `requestState`, or in anything the server logged.

#[allow(dead_code)]
#[path = "../../tests/tests/url_form_support/services.rs"]
mod services;

#[path = "../../tests/tests/url_form_support/browser.rs"]
mod browser;

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use browser::{css, heading_becomes};
use fantoccini::{Client as Browser, Locator};
use rmcp::model::{
    self as m, CallToolRequestParams, ClientCapabilities, CustomNotification, ElicitRequestParams,
    ElicitResult, ElicitationAction, Implementation,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Value, json};
use services::Service;
use tokio::sync::mpsc;

/// The key typed into the page: it must never be seen anywhere else.
const KEY: &str = "wk-live-5f0c7e21d9b4";
const TOOL: &str = "connect_weather";

/// The example server, started on a free port (`-- 0`) and killed when dropped; everything it
/// writes to stdout and stderr is kept.
struct Server {
    child: Child,
    url: String,
    origin: String,
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_connect_service"))
            .arg("0")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example server starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut line = String::new();
        stdout
            .read_line(&mut line)
            .expect("the server prints where it listens");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        let origin = url.trim_end_matches("/mcp").to_owned();
        let log = Arc::new(Mutex::new(line));
        let keep = |mut from: Box<dyn Read + Send>, log: Arc<Mutex<String>>| {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = from.read_to_string(&mut text);
                log.lock().unwrap().push_str(&text);
            })
        };
        keep(Box::new(stdout), Arc::clone(&log));
        keep(
            Box::new(child.stderr.take().expect("stderr is piped")),
            Arc::clone(&log),
        );
        Self {
            child,
            url,
            origin,
            log,
        }
    }

    /// Everything the server wrote, once it has stopped.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The readers end with the process's pipes.
        std::thread::sleep(Duration::from_millis(200));
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ------------------------------------------------------------------------------- the browser

/// A browser signed in as `user` (its own profile and cookies).
async fn signed_in(driver: &Service, server: &Server, user: &str) -> Browser {
    let browser = browser::session(driver, user).await;
    browser
        .goto(&format!("{}/login?user={user}", server.origin))
        .await
        .unwrap();
    browser
}

/// The person asked opens `url`: a post the form refuses (the browser's own checks off, as a
/// browser without them sends it: a key too short) comes back with its error and without
/// the key; then the key and a region, and the page thanks them.
async fn answers(browser: &Browser, url: &str) {
    browser.goto(url).await.unwrap();
    heading_becomes(browser, "Connect the weather service").await;
    // Who the page answers as, before anything is typed.
    let who = css(browser, "#signed-in").await.text().await.unwrap();
    assert!(who.starts_with("Signed in as "), "{who}");
    assert!(
        who.contains("not you? Sign out, then open the link again."),
        "{who}"
    );
    assert_eq!(
        css(browser, "#signed-in a")
            .await
            .attr("href")
            .await
            .unwrap()
            .as_deref(),
        Some("/logout")
    );
    let key = css(browser, "input[name=api_key]").await;
    assert_eq!(key.attr("type").await.unwrap().as_deref(), Some("password"));
    assert_eq!(
        key.attr("autocomplete").await.unwrap().as_deref(),
        Some("off")
    );

    browser
        .execute("document.querySelector('form').noValidate = true;", vec![])
        .await
        .unwrap();
    // One character short of the 16 a key needs.
    key.send_keys(&KEY[..15]).await.unwrap();
    css(browser, "input[name=region][value=eu]")
        .await
        .click()
        .await
        .unwrap();
    css(browser, "button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    let summary = css(browser, ".summary").await.text().await.unwrap();
    assert!(summary.contains("at least 16"), "{summary}");
    assert_eq!(
        css(browser, "input[name=api_key]")
            .await
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some(""),
        "the key is never written back"
    );
    assert!(
        css(browser, "input[name=region][value=eu]")
            .await
            .is_selected()
            .await
            .unwrap(),
        "what was valid is kept"
    );

    css(browser, "input[name=api_key]")
        .await
        .send_keys(KEY)
        .await
        .unwrap();
    css(browser, "button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    heading_becomes(browser, "Thank you").await;
    assert!(!browser.source().await.unwrap().contains(KEY));
}

/// Another user's browser opens `url`: refused, no form.
async fn is_refused(browser: &Browser, url: &str) {
    browser.goto(url).await.unwrap();
    heading_becomes(browser, "This link is not for you").await;
    let who = css(browser, "#signed-in").await.text().await.unwrap();
    assert!(who.starts_with("Signed in as "), "{who}");
    assert!(
        browser
            .find_all(Locator::Css("form"))
            .await
            .unwrap()
            .is_empty()
    );
}

// ------------------------------------------------------------------- the 2025-11-25 client

/// rmcp's client, declaring URL mode: every request and notification it is sent is kept as
/// JSON; each URL elicitation's URL is handed to the test and accepted at once (the person
/// agreed to open it).
#[derive(Clone)]
struct Person {
    seen: Arc<Mutex<Vec<Value>>>,
    urls: mpsc::UnboundedSender<String>,
}

impl ClientHandler for Person {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let json = serde_json::to_value(&request).unwrap_or(Value::Null);
        self.seen.lock().unwrap().push(json);
        if let ElicitRequestParams::UrlElicitationParams { url, .. } = request {
            let _ = self.urls.send(url);
            return Ok(ElicitResult::new(ElicitationAction::Accept));
        }
        Ok(ElicitResult::new(ElicitationAction::Decline))
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        let json = serde_json::to_value(&notification).unwrap_or(Value::Null);
        self.seen.lock().unwrap().push(json);
    }

    fn get_info(&self) -> m::ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(
            m::ElicitationCapability::new()
                .with_form(m::FormElicitationCapability::new())
                .with_url(m::UrlElicitationCapability::new()),
        );
        m::ClientConfig::new(capabilities, Implementation::new("connect-test", "0"))
            .with_protocol_version(elicit_core::protocol::ProtocolVersion::V2025_11_25.into())
    }
}

/// The text of a tool result.
fn text_of(result: &m::CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|text| text.text.clone()))
        .collect()
}

#[tokio::test]
async fn on_2025_11_25_a_good_post_completes_the_call() {
    let Some(driver) = services::chromedriver("on_2025_11_25_a_good_post_completes_the_call")
    else {
        return;
    };
    let server = Server::start();
    let run = async {
        let (urls, mut url_of) = mpsc::unbounded_channel();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let person = Person {
            seen: Arc::clone(&seen),
            urls,
        };
        let transport = StreamableHttpClientTransport::from_config(
            StreamableHttpClientTransportConfig::with_uri(server.url.as_str()).auth_header("ada"),
        );
        let client = person.serve(transport).await.expect("initialized");
        let peer = client.peer().clone();
        let call =
            tokio::spawn(async move { peer.call_tool(CallToolRequestParams::new(TOOL)).await });

        let url = url_of.recv().await.expect("the tool sends a URL");
        assert!(url.starts_with(&format!("{}/connect/", server.origin)));
        let mallory = signed_in(&driver, &server, "mallory").await;
        is_refused(&mallory, &url).await;
        mallory.close().await.unwrap();
        let ada = signed_in(&driver, &server, "ada").await;
        answers(&ada, &url).await;
        ada.close().await.unwrap();

        let result = call.await.unwrap().expect("the call completes");
        let expected = format!(
            "Connected ada to the weather service in Europe (key ending in {})",
            &KEY[KEY.len() - 4..]
        );
        assert_eq!(text_of(&result), expected);
        {
            let seen = seen.lock().unwrap();
            assert_eq!(seen.len(), 2, "{seen:?}");
            assert_eq!(seen[0]["mode"], "url");
            assert_eq!(seen[1]["method"], "notifications/elicitation/complete");
            assert_eq!(seen[1]["params"]["elicitationId"], seen[0]["elicitationId"]);
        }

        // Kept for later calls: answered without asking.
        let again = client
            .call_tool(CallToolRequestParams::new(TOOL))
            .await
            .unwrap();
        assert_eq!(text_of(&again), expected);
        let seen = serde_json::to_string(&*seen.lock().unwrap()).unwrap();
        assert!(!seen.contains(KEY), "{seen}");
        assert!(!format!("{result:?}{again:?}").contains(KEY));
        client.cancel().await.unwrap();
    };
    tokio::time::timeout(Duration::from_secs(120), run)
        .await
        .expect("within 120 s");
    let log = server.stop();
    assert!(log.contains("connect_weather: ada connected"), "{log}");
    assert!(!log.contains(KEY), "{log}");
}

// ------------------------------------------------------------------- the 2026-07-28 client

/// A 2026-07-28 `tools/call` of the tool by `user`, with `extra` params: the JSON-RPC message
/// of the answer, and the answer's bytes as they came.
async fn call_2026(server: &Server, user: &str, extra: Value) -> (Value, String) {
    let mut params = json!({
        "name": TOOL,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "connect-test", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"url": {}}},
        },
    });
    if let (Value::Object(params), Value::Object(extra)) = (&mut params, extra) {
        params.extend(extra);
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let response = reqwest::Client::new()
        .post(&server.url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", TOOL)
        .header("authorization", format!("Bearer {user}"))
        .body(body.to_string())
        .send()
        .await
        .expect("the server answers");
    let text = response.text().await.unwrap();
    let message = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("data:"))
        .unwrap_or(&text);
    let message = serde_json::from_str(message.trim())
        .unwrap_or_else(|error| panic!("not JSON ({error}): {text:?}"));
    (message, text)
}

#[tokio::test]
async fn on_2026_07_28_a_good_post_completes_the_call() {
    let Some(driver) = services::chromedriver("on_2026_07_28_a_good_post_completes_the_call")
    else {
        return;
    };
    let server = Server::start();
    let run = async {
        let mut wire = String::new();
        let (first, bytes) = call_2026(&server, "bob", json!({})).await;
        wire += &bytes;
        let result = &first["result"];
        assert_eq!(result["resultType"], "input_required", "{first}");
        let request = &result["inputRequests"]["weather_account"];
        assert_eq!(request["params"]["mode"], "url", "{first}");
        let url = request["params"]["url"].as_str().unwrap().to_owned();
        let state = result["requestState"].as_str().unwrap().to_owned();

        // Another user's browser is refused, and nothing is stored: the retry asks again.
        let mallory = signed_in(&driver, &server, "mallory").await;
        is_refused(&mallory, &url).await;
        mallory.close().await.unwrap();
        let retry = json!({
            "inputResponses": {"weather_account": {"action": "accept"}},
            "requestState": state,
        });
        let (early, bytes) = call_2026(&server, "bob", retry).await;
        wire += &bytes;
        assert_eq!(early["result"]["resultType"], "input_required", "{early}");
        assert_eq!(
            early["result"]["inputRequests"]["weather_account"]["params"]["url"],
            url.as_str(),
            "the same link again"
        );
        let state = early["result"]["requestState"].as_str().unwrap().to_owned();

        let bob = signed_in(&driver, &server, "bob").await;
        answers(&bob, &url).await;
        bob.close().await.unwrap();

        let retry = json!({
            "inputResponses": {"weather_account": {"action": "accept"}},
            "requestState": state,
        });
        let (done, bytes) = call_2026(&server, "bob", retry).await;
        wire += &bytes;
        let expected = format!(
            "Connected bob to the weather service in Europe (key ending in {})",
            &KEY[KEY.len() - 4..]
        );
        assert_eq!(done["result"]["content"][0]["text"], expected, "{done}");

        // A second call answers without asking.
        let (again, bytes) = call_2026(&server, "bob", json!({})).await;
        wire += &bytes;
        assert_eq!(again["result"]["content"][0]["text"], expected, "{again}");

        for state in [&first, &early] {
            let state = state["result"]["requestState"].as_str().unwrap();
            assert!(!state.contains(KEY));
        }
        assert!(!wire.contains(KEY), "{wire}");
    };
    tokio::time::timeout(Duration::from_secs(120), run)
        .await
        .expect("within 120 s");
    let log = server.stop();
    assert!(log.contains("connect_weather: bob connected"), "{log}");
    assert!(!log.contains(KEY), "{log}");
}

#[tokio::test]
async fn on_2026_07_28_a_decline_is_an_answer_and_no_caller_is_refused() {
    let server = Server::start();
    let (first, _) = call_2026(&server, "carol", json!({})).await;
    let state = first["result"]["requestState"].as_str().unwrap();
    let retry = json!({
        "inputResponses": {"weather_account": {"action": "decline"}},
        "requestState": state,
    });
    let (declined, _) = call_2026(&server, "carol", retry).await;
    assert_eq!(
        declined["result"]["content"][0]["text"], "Not connected: declined",
        "{declined}"
    );

    // Without `Authorization: Bearer <user>`, the MCP endpoint refuses the request.
    let response = reqwest::Client::new()
        .post(&server.url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
    drop(server.stop());
}
