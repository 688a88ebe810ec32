//! What rmcp's model writes of a 2026-07-28 URL request: an `elicitationId` of `""` (the
//! revision has no such field; rmcp's model holds it as a required `String`), and the kit
//! shows it as sent, so a test can see it.

use elicit_core::dialog::{Dialog, Halt};
use elicit_core::protocol::{ElicitationSupport, UrlRequest};
use elicit_core::testing::{Answer, TestClient, text};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

#[derive(Clone)]
struct Beach;

#[tool_router]
impl Beach {
    #[tool(description = "Sends the person to pay")]
    async fn pay(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let request = UrlRequest::new("Pay", "https://pay.example.com/1", "pay-1")
                    .map_err(|error| Halt::internal(error.to_string()))?;
                let action = d.ask_url("pay", request).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(
                    action.as_str(),
                )]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Beach {}

fn client() -> TestClient {
    TestClient::v2026_07_28().elicitation(ElicitationSupport::ALL)
}

#[tokio::test]
async fn rmcp_writes_an_empty_elicitation_id_and_the_kit_sees_it() {
    let session = client()
        .answer(Answer::accept_url())
        .connect(Beach)
        .await
        .unwrap();
    assert_eq!(
        text(&session.call_tool("pay", None).await.unwrap()),
        "accept"
    );
    let requests = session.requests();
    assert_eq!(requests[0].elicitation_id(), Some(""));
    assert!(requests[0].raw().contains(r#""elicitationId":"""#));
}
