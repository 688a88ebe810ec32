//! An rmcp server over stdio with one tool, `book_trip` (`{"date": "YYYY-MM-DD"}`), whose
//! calendar is a fixed table around Christmas 2026 in which 2026-12-25 is always full.
//!
//! A date with seats is booked at once. A call without a date (or with one the calendar does
//! not have) asks the person for one of the dates with seats (`Asked<TripArgs>`: the model
//! is told in the tool's `inputSchema` that it may leave the date out). A full date asks one form, shaped at run time from
//! the calendar (`examples::trip`): one of the nearest dates that still have seats, titled
//! with the seats left and the nearest chosen by default; how many travel, at most the seats
//! left on the date chosen; and which extras, from what the offered dates have. The answer
//! comes back typed (a `chrono::NaiveDate`, the extras as the example's own `Extra`), checked
//! against exactly what was offered: a date that was not offered is asked again, never
//! booked.
//!
//! It works on every protocol revision through `elicit_core::dialog::Dialog`: 2025-06-18 (no
//! multi-select there: each extra is a checkbox), 2025-11-25 (`elicitation/create`), and
//! 2026-07-28 (an `InputRequiredResult`; the client retries the call with the answer and a
//! sealed `requestState`, and the tool computes the same offer again from the same table).
//!
//! ```text
//! cargo run -p examples --bin book_trip          # speaks MCP on stdin/stdout
//! npx @modelcontextprotocol/inspector cargo run -p examples --bin book_trip
//! ```
//!
//! In the inspector, call `book_trip` with `{"date": "2026-12-28"}` (booked at once), with
//! `{}` (the date asked for), then with `{"date": "2026-12-25"}` (the form).

use examples::trip::TripServer;
use rmcp::ServiceExt;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // stdout carries the protocol; anything for people goes to stderr.
    eprintln!("book_trip: MCP on stdin/stdout, tool `book_trip`");
    let running = TripServer.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}
