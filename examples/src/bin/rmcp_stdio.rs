//! An rmcp server over stdio with one tool, `book_table`, that asks the user for a derived
//! booking form and answers each outcome: accept, decline, cancel, and an invalid answer
//! (asked again once, with what was wrong in the prompt and what was right filled in).
//!
//! It works with every protocol revision through `elicit_core::dialog::Dialog`: up to
//! 2025-11-25 each question is an `elicitation/create`; on 2026-07-28 the tool returns an
//! `InputRequiredResult` and the client retries the call, with a `requestState` that counts
//! the attempts, sealed under the key a dialog draws at start-up (one process: no key to
//! configure).
//!
//! ```text
//! cargo run -p examples --bin rmcp_stdio          # speaks MCP on stdin/stdout
//! npx @modelcontextprotocol/inspector cargo run -p examples --bin rmcp_stdio
//! ```

use elicit_core::dialog::Dialog;
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

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
struct Restaurant;

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table: asks the user for the booking details")]
    async fn book_table(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                // Asked again once when the answer does not fit the form; no form mode is a
                // JSON-RPC error naming the capability (-32021).
                let booking = match d.ask::<Booking>("booking").attempts(2).await {
                    Ok(ElicitOutcome::Accepted(booking)) => booking,
                    Ok(ElicitOutcome::Declined) => {
                        return Ok(text("No table was booked: the user declined."));
                    }
                    Ok(ElicitOutcome::Cancelled) => {
                        return Ok(text("No table was booked: the user dismissed the form."));
                    }
                    Err(halt) => match halt.invalid() {
                        Some(errors) => {
                            let text =
                                format!("Still not a valid booking, so none was made:\n{errors}");
                            return Ok(CallToolResult::error(vec![ContentBlock::text(text)]));
                        }
                        None => return Err(halt),
                    },
                };
                Ok(reply(&booking))
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
    let running = Restaurant.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}
