//! Issue 32: a person can take their time over a form. While a dialog waits for the answer to
//! `elicitation/create` (up to 2025-11-25) and the call carried a `progressToken`, the server
//! sends `notifications/progress` often enough that a client which resets its request timeout
//! on progress keeps the call alive. Here the client times out after 700 ms without progress,
//! the person answers after 1.5 s, and the server beats every 200 ms; without the beats the
//! same call times out.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_core::Elicit;
use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::rmcp::with_dialogs;
use rmcp::model::{
    self as m, CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities,
    ContentBlock, ElicitRequestParams, ElicitResult, ElicitationAction, Implementation,
    ProgressNotificationParam,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RequestContext, ServiceError};
use rmcp::{
    ClientHandler, ErrorData, RoleClient, ServerHandler, ServiceExt, tool, tool_handler,
    tool_router,
};
use serde_json::json;

/// How many nights?
#[derive(Elicit, Debug)]
struct Stay {
    #[elicit(minimum = 1, maximum = 14)]
    nights: u8,
}

#[derive(Clone)]
struct Hotel {
    settings: DialogSettings,
}

#[tool_router]
impl Hotel {
    #[tool(description = "Books a room")]
    async fn book_room(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let stay = d.ask::<Stay>("stay").await?.accepted();
                let text = stay.map_or("Nothing booked".to_owned(), |stay| {
                    format!("Booked {} nights", stay.nights)
                });
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.settings))]
impl ServerHandler for Hotel {}

/// A person who answers after `delay`, and what the client was told meanwhile.
#[derive(Clone)]
struct SlowPerson {
    delay: Duration,
    progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for SlowPerson {
    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        tokio::time::sleep(self.delay).await;
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"nights": 3})))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress.lock().unwrap().push(params);
    }

    fn get_info(&self) -> m::ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            Some(m::ElicitationCapability::new().with_form(m::FormElicitationCapability::new()));
        m::ClientConfig::new(capabilities, Implementation::new("slow-person", "0"))
            .with_protocol_version(elicit_core::protocol::ProtocolVersion::V2025_11_25.into())
    }
}

/// Calls `book_room` on a server with `settings`, as a client that gives up after 700 ms
/// without a message about the call (and resets that on progress), the person answering
/// after 1.5 s: the call's result, and the progress the client received.
async fn call(
    settings: DialogSettings,
) -> (
    Result<m::ServerResult, ServiceError>,
    Vec<ProgressNotificationParam>,
) {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        let running = Hotel { settings }
            .serve(server_io)
            .await
            .expect("the server starts");
        let _ = running.waiting().await;
    });
    let progress = Arc::new(Mutex::new(Vec::new()));
    let person = SlowPerson {
        delay: Duration::from_millis(1500),
        progress: Arc::clone(&progress),
    };
    let client = person.serve(client_io).await.expect("the client connects");
    let options =
        PeerRequestOptions::with_timeout(Duration::from_millis(700)).reset_timeout_on_progress();
    let request = m::ClientRequest::CallToolRequest(m::CallToolRequest::new(
        CallToolRequestParams::new("book_room"),
    ));
    let handle = client
        .peer()
        .send_request_with_option(request, options)
        .await
        .expect("the call is sent");
    let result = handle.await_response().await;
    let _ = client.cancel().await;
    server.abort();
    let seen = progress.lock().unwrap().clone();
    (result, seen)
}

#[tokio::test]
async fn progress_keeps_a_call_alive_while_the_person_answers() {
    let settings = DialogSettings::new().keep_alive(Some(Duration::from_millis(200)));
    let (result, progress) = call(settings).await;
    let result = result.expect("the call outlives the client's 700 ms timeout");
    let m::ServerResult::CallToolResult(result) = result else {
        panic!("not a tool result: {result:?}");
    };
    let text = result.content[0].as_text().map(|text| text.text.clone());
    assert_eq!(text.as_deref(), Some("Booked 3 nights"));
    // 1.5 s of waiting, a beat every 200 ms: about seven, counting up.
    assert!(progress.len() >= 4, "{progress:?}");
    let counts: Vec<f64> = progress.iter().map(|beat| beat.progress).collect();
    assert!(
        counts.windows(2).all(|pair| pair[0] < pair[1]),
        "{counts:?}"
    );
}

#[tokio::test]
async fn without_progress_the_same_call_times_out() {
    let (result, progress) = call(DialogSettings::new().keep_alive(None)).await;
    assert!(
        matches!(result, Err(ServiceError::Timeout { .. })),
        "{result:?}"
    );
    assert!(progress.is_empty(), "{progress:?}");
}

#[tokio::test]
async fn the_default_beat_is_twenty_seconds() {
    // Too slow for this test's client, which is the point of the other two; the default is
    // in the range the issue asks (15–30 s).
    assert_eq!(DialogSettings::DEFAULT_KEEP_ALIVE, Duration::from_secs(20));
    let (result, progress) = call(DialogSettings::new()).await;
    assert!(
        matches!(result, Err(ServiceError::Timeout { .. })),
        "{result:?}"
    );
    assert!(progress.is_empty(), "{progress:?}");
}
