//! What the tests of forms shaped at run time through a `Dialog` share (`mod shaped_support;`
//! in each): a trip's rebooking form, whose dates, seats and extras come from a calendar the
//! test holds (and may change between rounds), and an rmcp server whose tools ask it.
#![allow(dead_code)] // each test file uses what it needs

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use elicit_core::dialog::{Dialog, DialogSettings, Inputs};
use elicit_core::protocol::MultiSelectFallback;
use elicit_core::rmcp::{PeerElicitExt, with_dialogs};
use elicit_core::shape::OfferedOption;
use elicit_core::{Elicit, ElicitOutcome, Form, ShapeError};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler, tool, tool_handler, tool_router};

/// A successful tool result holding `text`.
fn done(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// Rebook your trip
#[derive(Elicit, Debug)]
pub struct Rebook {
    /// Another date
    #[elicit(options)]
    pub date: NaiveDate,
    /// Travellers
    #[elicit(minimum = 1, maximum = 9)]
    pub travellers: u8,
    /// Extras
    #[elicit(options)]
    pub extras: Vec<Extra>,
}

/// An extra on offer: the server's own item, offered under its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extra {
    pub id: u32,
    pub name: &'static str,
}

pub const EXTRAS: [Extra; 2] = [
    Extra {
        id: 7,
        name: "Bike",
    },
    Extra {
        id: 9,
        name: "Breakfast",
    },
];

pub fn date(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, day).unwrap()
}

/// Seats left per day of December 2026; the 25th is full.
pub type Calendar = Arc<Mutex<BTreeMap<u32, u8>>>;

pub fn calendar() -> Calendar {
    Arc::new(Mutex::new(BTreeMap::from([
        (25, 0),
        (27, 2),
        (28, 9),
        (30, 4),
    ])))
}

pub fn title(day: u32, seats: u8) -> String {
    format!("{} — {seats} seats left", date(day).format("%a %d %b"))
}

/// The form asked when the 25th is full: the days with seats, nearest first, the nearest the
/// default; at most the seats left on the chosen day. A pure function of the calendar, so
/// that the tool asks the same form when it runs again on a 2026-07-28 retry.
pub fn rebook(calendar: &BTreeMap<u32, u8>) -> Result<Form<Rebook>, ShapeError> {
    let days: Vec<(u32, u8)> = calendar
        .iter()
        .filter(|(_, seats)| **seats > 0)
        .map(|(day, seats)| (*day, *seats))
        .collect();
    let nearest = days.first().map(|(day, _)| date(*day));
    let seats = days.clone();
    Rebook::form()
        .date(|f| {
            let f = f.options(
                days.iter()
                    .map(|&(day, seats)| (date(day), title(day, seats))),
            );
            match nearest {
                Some(nearest) => f.default(nearest),
                None => f,
            }
        })
        .travellers(|f| {
            f.check(move |travellers: &u8, answer: &Rebook| {
                let left = seats
                    .iter()
                    .find(|(day, _)| date(*day) == answer.date)
                    .map_or(0, |(_, left)| *left);
                if *travellers > left {
                    Err(format!("only {left} seats are left on {}", answer.date))
                } else {
                    Ok(())
                }
            })
        })
        .extras(|f| {
            f.options(EXTRAS.iter().map(|extra| {
                OfferedOption::new(extra.id.to_string(), extra.clone()).title(extra.name)
            }))
        })
        .with_message("The 25th is full: pick another date")
        .build()
}

pub fn booked(answer: ElicitOutcome<Rebook>) -> String {
    match answer {
        ElicitOutcome::Accepted(trip) => {
            let extras: Vec<&str> = trip.extras.iter().map(|extra| extra.name).collect();
            format!(
                "booked {} for {}, extras {extras:?}",
                trip.date, trip.travellers
            )
        }
        ElicitOutcome::Declined | ElicitOutcome::Cancelled => "nothing booked".to_owned(),
    }
}

#[derive(Clone)]
pub struct Trips {
    pub calendar: Calendar,
}

/// How the trips' dialogs ask: a 2025-06-18 client gets the extras as checkboxes.
fn dialogs() -> DialogSettings {
    DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes)
}

#[tool_router]
impl Trips {
    #[tool(description = "Rebooks the trip of the 25th: asks once")]
    async fn rebook(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let calendar = self.calendar.clone();
        dialog
            .run(|d| async move {
                let form = rebook(&calendar.lock().unwrap())?;
                Ok(done(booked(d.ask_form("rebook", form).await?)))
            })
            .await
    }

    #[tool(description = "Rebooks the trip of the 25th: asks up to twice")]
    async fn rebook_twice(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let calendar = self.calendar.clone();
        dialog
            .run(|d| async move {
                let form = rebook(&calendar.lock().unwrap())?;
                Ok(done(booked(d.ask_form("rebook", form).attempts(2).await?)))
            })
            .await
    }

    #[tool(description = "Asks the builder itself, not built: no extras on offer")]
    async fn builder(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let form = Rebook::form()
                    .date(|f| f.options([date(28)]))
                    .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
                    .travellers(|f| f.maximum(2));
                Ok(done(booked(d.ask_form("rebook", form).await?)))
            })
            .await
    }

    #[tool(description = "Asks the form and a confirmation in one round")]
    async fn gather(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let calendar = self.calendar.clone();
        dialog
            .run(|d| async move {
                let form = rebook(&calendar.lock().unwrap())?;
                let gathered = d
                    .ask_all(
                        Inputs::new()
                            .form_of("rebook", form.clone())
                            .form::<Confirm>("sure"),
                    )
                    .await?;
                let trip = gathered
                    .form::<Rebook>("rebook")?
                    .map_or_else(|| "skipped".to_owned(), booked);
                let sure = gathered
                    .form::<Confirm>("sure")?
                    .and_then(ElicitOutcome::accepted)
                    .is_some_and(|confirm| confirm.sure);
                Ok(done(format!("{trip}; sure: {sure}")))
            })
            .await
    }

    #[tool(description = "Offers no date at all: the form cannot be asked")]
    async fn sold_out(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let form = rebook(&BTreeMap::from([(25, 0)]))?;
                Ok(done(booked(d.ask_form("rebook", form).await?)))
            })
            .await
    }

    #[tool(description = "Asks on the peer, up to 2025-11-25")]
    async fn peer(&self, peer: Peer<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        let form = Rebook::form()
            .date(|f| f.options([date(28), date(30)]))
            .extras(|f| f.options([OfferedOption::new("9", EXTRAS[1].clone())]));
        let answer = peer.elicit_form_of(form).await?;
        Ok(done(booked(answer)).into())
    }
}

/// Sure?
#[derive(Elicit)]
pub struct Confirm {
    pub sure: bool,
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &dialogs()))]
impl ServerHandler for Trips {}
