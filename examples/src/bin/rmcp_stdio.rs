//! An rmcp server over stdio with one tool, `book_table`, that asks the user for a derived
//! booking form and answers each outcome: accept, decline, cancel, and an invalid answer
//! (asked again once, with what was wrong in the prompt).
//!
//! It works with both protocol generations: `ask_form` sends `elicitation/create` up to
//! 2025-11-25, and on 2026-07-28 returns an `InputRequiredResult` for the client to answer
//! and retry the call with.
//!
//! ```text
//! cargo run -p examples --bin rmcp_stdio          # speaks MCP on stdin/stdout
//! npx @modelcontextprotocol/inspector cargo run -p examples --bin rmcp_stdio
//! ```

use elicit_core::rmcp::{Asked, Error, ask_form, ask_form_with};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

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

/// The key each question is asked under. On 2026-07-28 the retried call carries only the
/// latest round's answers, so the second question needs a key of its own.
const FIRST: &str = "booking";
const AGAIN: &str = "booking_again";

#[derive(Clone)]
struct Restaurant;

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table: asks the user for the booking details")]
    async fn book_table(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let responses = responses.as_ref();
        // Has the client already answered the second question (a 2026-07-28 retry)?
        let asked_again = responses.is_some_and(|answers| answers.contains_key(AGAIN));
        let mut prompt = Booking::message().to_owned();
        if !asked_again {
            match ask_form::<Booking>(&ctx, responses, FIRST).await {
                Ok(Asked::InputRequired(result)) => return Ok(result.into()),
                Ok(Asked::Answered(outcome)) => return Ok(reply(outcome)),
                Err(Error::Invalid(errors)) => {
                    prompt = format!("{prompt}\n\nPlease correct:\n{errors}");
                }
                // No form mode (a JSON-RPC error naming the capability), transport failure…
                Err(error) => return Err(error.into()),
            }
        }
        match ask_form_with::<Booking>(&ctx, responses, AGAIN, prompt).await {
            Ok(Asked::InputRequired(result)) => Ok(result.into()),
            Ok(Asked::Answered(outcome)) => Ok(reply(outcome)),
            Err(Error::Invalid(errors)) => Ok(CallToolResult::error(vec![ContentBlock::text(
                format!("Still not a valid booking, so none was made:\n{errors}"),
            )])
            .into()),
            Err(error) => Err(error.into()),
        }
    }
}

fn reply(outcome: ElicitOutcome<Booking>) -> CallToolResponse {
    let text = match outcome {
        ElicitOutcome::Accepted(booking) => {
            let seating = match booking.seating {
                Seating::Indoor => "inside",
                Seating::Terrace => "on the terrace",
            };
            let notes = booking
                .notes
                .map(|notes| format!(" Noted: {notes}."))
                .unwrap_or_default();
            format!(
                "Booked a table for {} on {}, {seating}, under {}. The confirmation goes to {}.{notes}",
                booking.party_size, booking.date, booking.guest_name, booking.email
            )
        }
        ElicitOutcome::Declined => "No table was booked: the user declined.".to_owned(),
        ElicitOutcome::Cancelled => "No table was booked: the user dismissed the form.".to_owned(),
    };
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
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
