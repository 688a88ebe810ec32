//! An rmcp server over stdio with one tool, `book_table`, that asks the user for a derived
//! booking form and answers each outcome: accept, decline, cancel, and an invalid answer
//! (asked again once, with what was wrong in the prompt and what was right filled in).
//!
//! It works with both protocol generations through `elicit_core::rmcp::Dialog`: up to
//! 2025-11-25 each question is an `elicitation/create`; on 2026-07-28 the tool returns an
//! `InputRequiredResult` and the client retries the call, with a `requestState` sealed
//! under a key drawn at start-up that counts the attempts.
//!
//! ```text
//! cargo run -p examples --bin rmcp_stdio          # speaks MCP on stdin/stdout
//! npx @modelcontextprotocol/inspector cargo run -p examples --bin rmcp_stdio
//! ```

use elicit_core::Elicit;
use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
use elicit_core::rmcp::{Dialog, Reasked};
use rmcp::handler::server::tool::{InputResponses, RequestState};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::Value;

/// Please confirm the details of your table reservation
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    /// The name the table is booked under
    #[elicit(title = "Name", min_length = 1, max_length = 60)]
    guest_name: String,

    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: String,

    /// Day of the visit
    #[elicit(format = "date")]
    date: String,

    /// How many people, including you
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    party_size: u8,

    /// Where you would like to sit
    #[elicit(default = Seating::Indoor)]
    seating: Seating,

    /// Allergies or other notes
    #[elicit(max_length = 500)]
    notes: Option<String>,
}

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    /// Inside, by the window
    Indoor,
    /// On the terrace
    Terrace,
}

#[derive(Clone)]
struct Restaurant {
    /// Seals the 2026-07-28 `requestState`. A server with several instances would load one
    /// key from its secret store instead.
    keys: StateKeys,
}

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table: asks the user for the booking details")]
    async fn book_table(
        &self,
        ctx: RequestContext<RoleServer>,
        answers: InputResponses,
        state: RequestState,
    ) -> Result<CallToolResponse, ErrorData> {
        // The tool takes no arguments: its state is bound to its name.
        let binding = Binding::tool("book_table", &Value::Null);
        Dialog::tool(ctx, &self.keys, binding, answers, state)
            .run(|d| async move {
                // Asked again once when the answer does not fit the form; no form mode is a
                // JSON-RPC error naming the capability (-32021).
                Ok(match d.ask_until_valid::<Booking>("booking", 2).await? {
                    Reasked::Accepted(booking) => reply(&booking),
                    Reasked::Declined => text("No table was booked: the user declined."),
                    Reasked::Cancelled => text("No table was booked: the user dismissed the form."),
                    Reasked::GaveUp(errors) => CallToolResult::error(vec![ContentBlock::text(
                        format!("Still not a valid booking, so none was made:\n{errors}"),
                    )]),
                })
            })
            .await
    }
}

fn text(text: &str) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn reply(booking: &Booking) -> CallToolResult {
    let seating = match booking.seating {
        Seating::Indoor => "inside",
        Seating::Terrace => "on the terrace",
    };
    let notes = booking
        .notes
        .as_ref()
        .map(|notes| format!(" Noted: {notes}."))
        .unwrap_or_default();
    text(&format!(
        "Booked a table for {} on {}, {seating}, under {}. The confirmation goes to {}.{notes}",
        booking.party_size, booking.date, booking.guest_name, booking.email
    ))
}

#[tool_handler(name = "elicit-restaurant", version = "0.1.0")]
impl ServerHandler for Restaurant {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // stdout carries the protocol; anything for people goes to stderr.
    eprintln!("rmcp_stdio: MCP on stdin/stdout, tool `book_table`");
    let mut secret = [0; 32];
    getrandom::fill(&mut secret).map_err(|error| format!("no random key: {error}"))?;
    let keys = StateKeys::new(StateKey::new(&secret)?);
    let running = Restaurant { keys }.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}
