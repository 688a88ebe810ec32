//! `book_trip` on rust-mcp-sdk 2.0, the server `book_trip_rust_mcp_sdk` runs on stdio: the
//! same tool as [`trip`](crate::trip)'s on rmcp, with the same calendar, form and answers
//! (shared from there), served by an [`elicit_core::rust_mcp_sdk::Router`], which lists the
//! tool, reads its arguments and routes the retries the SDK's models cannot read (feature
//! `rust-mcp-sdk`).
//!
//! The SDK speaks 2026-07-28 only, where a form's multi-select is always a multi-select: the
//! router needs none of the rmcp server's settings (its checkbox fallback is for 2025-06-18).

use elicit_core::dialog::{Asked, Dialog, Halt};
use elicit_core::rust_mcp_sdk::Router;
use rust_mcp_sdk::schema::CallToolResult;

use crate::trip::{
    ATTEMPTS, CALENDAR, DESCRIPTION, NEAREST, TripArgs, booking, day_of, nearest_with_seats,
    rebooking_form, trip_form,
};

/// The server: one tool, `book_trip`.
pub fn router() -> Router {
    Router::default().tool("book_trip", DESCRIPTION, book_trip)
}

/// Books a seat on `args.date`; a full date asks the person for another (see
/// [`trip`](crate::trip)).
pub async fn book_trip(d: Dialog, args: Asked<TripArgs>) -> Result<CallToolResult, Halt> {
    let form = trip_form(args.given().get("date"))?;
    let no_date = "Nothing was booked: no date was chosen.";
    let TripArgs { date } = args.complete_with(&d, form).or_reply(no_date).await?;
    let Some(day) = day_of(date) else {
        let (first, last) = (CALENDAR[0].date, CALENDAR[CALENDAR.len() - 1].date);
        return Ok(refused(format!(
            "No trips run on {date}: the calendar runs from {first} to {last}."
        )));
    };
    if day.seats > 0 {
        return Ok(text(booking(date, 1, &[])));
    }
    let offer = nearest_with_seats(date, NEAREST);
    if offer.is_empty() {
        return Ok(refused(format!(
            "{date} is full, and so is every other date."
        )));
    }
    // This runs again on every retry: the offer is computed again from the same calendar, so
    // it is the form the person answered.
    let declined = format!("Nothing was booked: {date} is full, and no other date was chosen.");
    let form = rebooking_form(date, &offer)?;
    let choice = d
        .ask_form("rebooking", form)
        .attempts(ATTEMPTS)
        .or_reply(declined)
        .await?;
    let extras = choice.extras.as_deref().unwrap_or_default();
    Ok(text(booking(choice.date, choice.travellers, extras)))
}

fn text(text: String) -> CallToolResult {
    CallToolResult::text_content(vec![text.into()])
}

fn refused(text: String) -> CallToolResult {
    CallToolResult {
        is_error: Some(true),
        ..CallToolResult::text_content(vec![text.into()])
    }
}
