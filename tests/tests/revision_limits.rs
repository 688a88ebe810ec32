//! What a revision cannot express, said before asking and handled the same way by every
//! revision that can: a multi-select on 2025-06-18 (refused, or asked as checkboxes when the
//! dialog opts in, with the same typed answer), and the completion of a URL interaction
//! (`notifications/elicitation/complete` on 2025-11-25, nothing to send on 2026-07-28,
//! refused on 2025-06-18, which has no URL mode).

use elicit_core::dialog::{Dialog, DialogSettings, Halt};
use elicit_core::protocol::{
    ElicitAction, ElicitRequest, ElicitationSupport, MultiSelectFallback, ProtocolVersion,
    UrlRequest,
};
use elicit_core::testing::{Answer, KitError, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, ServiceError, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Extra {
    /// Breakfast in bed
    Breakfast,
    /// A parking space
    Parking,
    /// Late check-out
    Late,
}

/// Anything else for your stay?
#[derive(Elicit, Debug, PartialEq)]
struct Extras {
    /// What you would like added
    #[elicit(min_items = 1, max_items = 2, default = [Extra::Parking])]
    extras: Vec<Extra>,
    /// A note for the front desk
    note: Option<String>,
}

fn said(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn extras(outcome: ElicitOutcome<Extras>) -> String {
    match outcome {
        ElicitOutcome::Accepted(answer) => format!("{:?} {:?}", answer.extras, answer.note),
        other => format!("{:?}", other.action()),
    }
}

#[derive(Clone)]
struct Hotel;

#[tool_router]
impl Hotel {
    #[tool(description = "Asks for extras; 2025-06-18 clients get checkboxes")]
    async fn extras(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        // Only this tool asks a 2025-06-18 client checkboxes: its settings say so.
        let checkboxes =
            DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes);
        dialog
            .with_settings(&checkboxes)
            .run(|d| async move { Ok(said(extras(d.ask::<Extras>("extras").attempts(2).await?))) })
            .await
    }

    #[tool(description = "Asks for extras, or says why it cannot")]
    async fn extras_or_not(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                if let Err(halt) = d.fits(&ElicitRequest::form::<Extras>()) {
                    return Ok(said(format!("cannot ask: {halt}")));
                }
                Ok(said(extras(d.ask::<Extras>("extras").await?)))
            })
            .await
    }

    #[tool(description = "Asks for extras with no fallback")]
    async fn extras_plain(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move { Ok(said(extras(d.ask::<Extras>("extras").await?))) })
            .await
    }

    #[tool(description = "Sends the person to pay, then says it is done")]
    async fn pay(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let request =
                    UrlRequest::new("Pay the deposit", "https://pay.example.com/d/9", "pay-9")
                        .map_err(|error| Halt::internal(error.to_string()))?;
                if d.ask_url("pay", request).await? != ElicitAction::Accept {
                    return Ok(said("not paid".into()));
                }
                d.complete_url("pay-9").await?;
                Ok(said(format!("paid (live: {})", d.is_live())))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Hotel {}

async fn call(client: TestClient, tool: &str) -> Result<String, String> {
    let session = client.connect(Hotel).await.unwrap();
    match session.call_tool(tool, None).await {
        Ok(result) => Ok(text(&result)),
        Err(KitError::Service { error, .. }) => match *error {
            ServiceError::McpError(error) => Err(format!("{} {}", error.code.0, error.message)),
            other => Err(other.to_string()),
        },
        Err(other) => Err(other.to_string()),
    }
}

#[tokio::test]
async fn a_multi_select_as_checkboxes_reads_the_same_answer_on_every_revision() {
    let checkboxes = json!({"extras.breakfast": true, "extras.parking": false, "extras.late": true, "note": "by 9"});
    let list = json!({"extras": ["breakfast", "late"], "note": "by 9"});
    for version in ProtocolVersion::ALL {
        let answer = if version == ProtocolVersion::V2025_06_18 {
            &checkboxes
        } else {
            &list
        };
        let got = call(
            TestClient::new(version).answer(Answer::accept(answer.clone())),
            "extras",
        )
        .await;
        assert_eq!(
            got.as_deref(),
            Ok("[Breakfast, Late] Some(\"by 9\")"),
            "on {version}"
        );
    }
}

#[tokio::test]
async fn the_checkboxes_are_what_2025_06_18_can_say() {
    let session = TestClient::v2025_06_18()
        .answer(Answer::accept(json!({"extras.parking": true})))
        .connect(Hotel)
        .await
        .unwrap();
    let result = session.call_tool("extras", None).await.unwrap();
    assert_eq!(text(&result), "[Parking] None");
    let request = &session.requests()[0];
    assert_eq!(
        request.params()["requestedSchema"],
        json!({
            "type": "object",
            "properties": {
                "extras.breakfast": {"type": "boolean", "title": "Extras: Breakfast in bed"},
                "extras.parking": {"type": "boolean", "title": "Extras: A parking space", "default": true},
                "extras.late": {"type": "boolean", "title": "Extras: Late check-out"},
                "note": {"type": "string", "title": "Note", "description": "A note for the front desk"}
            }
        })
    );
    assert!(request.params().get("mode").is_none());
}

#[tokio::test]
async fn too_many_checkboxes_are_asked_again_naming_the_multi_select() {
    let session = TestClient::v2025_06_18()
        .answer(Answer::accept(
            json!({"extras.breakfast": true, "extras.parking": true, "extras.late": true}),
        ))
        .answer(Answer::accept(json!({"extras.late": true})))
        .connect(Hotel)
        .await
        .unwrap();
    let result = session.call_tool("extras", None).await.unwrap();
    assert_eq!(text(&result), "[Late] None");
    let again = session.requests()[1].message().unwrap().to_owned();
    assert_eq!(
        again,
        "Anything else for your stay? Please correct: Extras: choose at most 2 options."
    );
}

#[tokio::test]
async fn without_the_fallback_a_2025_06_18_client_is_not_asked() {
    let got = call(
        TestClient::v2025_06_18().answer(Answer::decline()),
        "extras_plain",
    )
    .await;
    assert_eq!(
        got,
        Err("-32603 field `extras` is a multi-select, which protocol revision 2025-06-18 cannot express (multi-select arrived in 2025-11-25)".into())
    );
    let got = call(
        TestClient::v2025_06_18().answer(Answer::decline()),
        "extras_or_not",
    )
    .await;
    assert!(
        got.as_deref()
            .is_ok_and(|text| text.starts_with("cannot ask: field `extras` is a multi-select")),
        "{got:?}"
    );
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let got = call(
            TestClient::new(version).answer(Answer::decline()),
            "extras_or_not",
        )
        .await;
        assert_eq!(got.as_deref(), Ok("Decline"), "on {version}");
    }
}

#[tokio::test]
async fn the_completion_is_sent_where_the_revision_has_it() {
    let session = TestClient::v2025_11_25()
        .elicitation(ElicitationSupport::ALL)
        .answer(Answer::accept_url())
        .connect(Hotel)
        .await
        .unwrap();
    let result = session.call_tool("pay", None).await.unwrap();
    assert_eq!(text(&result), "paid (live: true)");
    session.completion("pay-9").await.unwrap();
    assert_eq!(session.completions(), ["pay-9"]);

    let session = TestClient::v2026_07_28()
        .elicitation(ElicitationSupport::ALL)
        .answer(Answer::accept_url())
        .connect(Hotel)
        .await
        .unwrap();
    let result = session.call_tool("pay", None).await.unwrap();
    assert_eq!(text(&result), "paid (live: false)");
    assert!(session.completions().is_empty());
}
