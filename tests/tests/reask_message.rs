//! The message of a re-asked form is written for the person who reads it: the form's prompt,
//! then what to correct, naming each field by the title the form shows (not its wire key),
//! as sentences on one line (clients collapse line breaks). The wire keys stay in the
//! structured error a tool gets.

use elicit_core::Elicit;
use elicit_core::dialog::Dialog;
use elicit_core::testing::{Answer, TestClient, text};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// Please confirm the details of your table reservation
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Reservation {
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "date")]
    date: String,
    /// How many people, including you
    #[elicit(minimum = 1, maximum = 12)]
    party_size: u8,
}

#[derive(Clone)]
struct Restaurant;

#[tool_router]
impl Restaurant {
    #[tool(description = "Confirms a reservation")]
    async fn confirm(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = match d.ask::<Reservation>("reservation").attempts(2).await {
                    Ok(outcome) => format!("{:?}", outcome.accepted().map(|r| r.party_size)),
                    Err(halt) => match halt.invalid() {
                        Some(errors) => errors
                            .errors()
                            .iter()
                            .map(|error| error.field().to_owned())
                            .collect::<Vec<_>>()
                            .join(","),
                        None => return Err(halt),
                    },
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

fn bad() -> Answer {
    Answer::accept(json!({"email": "ada", "date": "tomorrow", "partySize": 40}))
}

#[tokio::test]
async fn the_person_reads_titles_and_sentences_on_one_line() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let good = Answer::accept(
            json!({"email": "ada@example.com", "date": "2026-12-24", "partySize": 4}),
        );
        let session = client
            .answers([bad(), good])
            .connect(Restaurant)
            .await
            .unwrap();
        assert_eq!(
            text(&session.call_tool("confirm", None).await.unwrap()),
            "Some(4)"
        );
        let message = session.requests()[1].message().unwrap().to_owned();
        assert_eq!(
            message,
            "Please confirm the details of your table reservation. Please correct: \
             Email: enter a valid e-mail address. \
             Date: enter a valid calendar date (YYYY-MM-DD). \
             Party size: enter at most 12."
        );
        assert!(!message.contains('`') && !message.contains('\n'));
        assert!(
            !message.contains("partySize"),
            "the wire key is not for the person"
        );
    }
}

#[tokio::test]
async fn the_tool_still_gets_the_wire_keys() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .answers([bad(), bad()])
            .connect(Restaurant)
            .await
            .unwrap();
        assert_eq!(
            text(&session.call_tool("confirm", None).await.unwrap()),
            "email,date,partySize"
        );
    }
}
