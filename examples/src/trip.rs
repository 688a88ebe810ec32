//! The trip-booking server that `book_trip` runs on stdio: one tool, `book_trip`, that books a
//! seat on a date, and when that date is full asks one form shaped by the calendar (issue 23's
//! example).
//!
//! The calendar is [`CALENDAR`], a fixed table: 2026-12-25 is always full. A date with seats
//! is booked at once, for one traveller (the call's argument says all that is needed; the
//! example's point is the other path). A full date asks one form, [`Rebooking`], shaped when
//! it is asked:
//!
//! - `date`: one of the [`NEAREST`] dates that still have seats, each titled with the seats
//!   left ("Sun 27 Dec — 2 seats left"), the nearest as the default; the answer comes back as
//!   the [`NaiveDate`] offered, and a date that was not offered is refused;
//! - `travellers`: 1 to 9 as declared, narrowed to the most seats any offered date has, and
//!   checked against the seats left on the date chosen (a check across fields);
//! - `extras`: the extras of the offered dates (every extra any of them has; the title says
//!   on which dates when not all), checked against the date chosen; optional.
//!
//! The model may call it without a date, or with one the calendar does not have: the person
//! is then asked for one of the dates with seats ([`TripArgs`], taken as `Asked<TripArgs>`).
//!
//! An answer that does not fit is asked again (three times in all), saying what to correct,
//! and after the third the tool answers with what is still wrong; a decline or a cancel books
//! nothing. On 2025-06-18, which has no multi-select, the dialog
//! asks each extra as a checkbox.
//!
//! Everything up to and including [`TripArgs`] knows no SDK: `trip_rust_mcp_sdk` serves the
//! same tool on rust-mcp-sdk with it. The rest, from [`TripServer`] on, is the rmcp server.

use std::sync::OnceLock;

use chrono::{NaiveDate, TimeDelta};
use elicit_core::dialog::{Asked, Dialog, DialogSettings};
use elicit_core::protocol::MultiSelectFallback;
use elicit_core::rmcp::with_dialogs;
use elicit_core::shape::OfferedOption;
use elicit_core::{Elicit, Form, ShapeError};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

/// How many of the nearest dates with seats a full date offers instead.
pub const NEAREST: usize = 3;

/// How many times the form is asked while the answer does not fit.
pub const ATTEMPTS: u32 = 3;

/// Something to add to a trip. The form offers it as an option of the author's own type: its
/// [`id`](Self::id) is the `const` sent, its [`name`](Self::name) the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extra {
    /// Breakfast on board.
    Breakfast,
    /// A parking space at the station.
    Parking,
    /// A bicycle on board.
    Bike,
    /// The lounge before departure.
    Lounge,
}

impl Extra {
    /// Every extra, in the order a form lists them.
    pub const ALL: [Self; 4] = [Self::Breakfast, Self::Parking, Self::Bike, Self::Lounge];

    /// The `const` sent for it.
    pub fn id(self) -> &'static str {
        match self {
            Self::Breakfast => "breakfast",
            Self::Parking => "parking",
            Self::Bike => "bike",
            Self::Lounge => "lounge",
        }
    }

    /// What a person reads.
    pub fn name(self) -> &'static str {
        match self {
            Self::Breakfast => "Breakfast",
            Self::Parking => "Parking",
            Self::Bike => "Bike on board",
            Self::Lounge => "Lounge access",
        }
    }
}

/// One day of the calendar: its seats left and the extras on offer.
#[derive(Debug)]
pub struct Day {
    /// The day.
    pub date: NaiveDate,
    /// The seats still free.
    pub seats: u8,
    /// What can be added to a trip on that day (never empty: see [`rebooking_form`]).
    pub extras: &'static [Extra],
}

const fn day(year: i32, month: u32, day: u32, seats: u8, extras: &'static [Extra]) -> Day {
    // Evaluated at compile time (`CALENDAR` is a constant): a wrong date does not build.
    let Some(date) = NaiveDate::from_ymd_opt(year, month, day) else {
        panic!("not a date")
    };
    Day {
        date,
        seats,
        extras,
    }
}

use Extra::{Bike, Breakfast, Lounge, Parking};

/// The calendar: the days around Christmas 2026. 2026-12-25 is always fully booked, and so
/// are the days next to it, so that the nearest free dates lie on both sides.
///
/// It never changes while the server runs. That is what keeps the form the same on each
/// 2026-07-28 retry, where the tool body runs again and computes the offer again (a real
/// calendar changes: then the dialog sees that the offer differs from what the person was
/// shown and asks again, saying the choices have changed).
pub const CALENDAR: [Day; 14] = [
    day(2026, 12, 21, 8, &[Breakfast, Parking]),
    day(2026, 12, 22, 1, &[Breakfast, Parking]),
    day(2026, 12, 23, 0, &[Breakfast]),
    day(2026, 12, 24, 0, &[Breakfast, Lounge]),
    day(2026, 12, 25, 0, &[Breakfast, Lounge]),
    day(2026, 12, 26, 0, &[Breakfast]),
    day(2026, 12, 27, 2, &[Breakfast, Lounge]),
    day(2026, 12, 28, 6, &[Breakfast, Parking, Bike]),
    day(2026, 12, 29, 4, &[Breakfast, Parking, Bike]),
    day(2026, 12, 30, 3, &[Breakfast]),
    day(2026, 12, 31, 0, &[Breakfast, Lounge]),
    day(2027, 1, 1, 0, &[Lounge]),
    day(2027, 1, 2, 5, &[Breakfast, Bike]),
    day(2027, 1, 3, 9, &[Breakfast, Parking, Bike]),
];

/// The calendar's day of `date`.
pub fn day_of(date: NaiveDate) -> Option<&'static Day> {
    CALENDAR.iter().find(|day| day.date == date)
}

/// The `count` dates nearest to `date` that still have seats, in calendar order (a tie in
/// distance goes to the earlier date). A function of the calendar alone: the same date gives
/// the same offer on every run of the tool body.
pub fn nearest_with_seats(date: NaiveDate, count: usize) -> Vec<&'static Day> {
    let mut open: Vec<&'static Day> = CALENDAR.iter().filter(|day| day.seats > 0).collect();
    open.sort_by_key(|day| (distance(date, day.date), day.date));
    open.truncate(count);
    open.sort_by_key(|day| day.date);
    open
}

fn distance(from: NaiveDate, to: NaiveDate) -> TimeDelta {
    (to - from).abs()
}

/// "Sun 27 Dec"
fn short(date: NaiveDate) -> String {
    date.format("%a %-d %b").to_string()
}

fn seats_left(seats: u8) -> String {
    if seats == 1 {
        "1 seat left".to_owned()
    } else {
        format!("{seats} seats left")
    }
}

// The form a full date asks: another date, how many travel, and which extras. Its options are
// given when it is asked (`rebooking_form`), so it has no fixed form of its own; the doc
// comment is its prompt when none is given.
/// That date is full: pick another one
#[derive(Elicit, Debug)]
pub struct Rebooking {
    /// The nearest dates that still have seats
    #[elicit(options)]
    pub date: NaiveDate,

    /// How many people travel, including you
    #[elicit(minimum = 1, maximum = 9, default = 1)]
    pub travellers: u8,

    /// Anything to add to the trip
    #[elicit(options)]
    pub extras: Option<Vec<Extra>>,
}

/// The form asked instead of `full`: the dates of `offer` (the nearest one the default), the
/// travellers at most the seats of the date chosen, the extras of the offered dates.
///
/// # Errors
/// A [`ShapeError`] when the offer contradicts the form: no date, or no extra, to offer (this
/// calendar always has both: each day has an extra, and the calendar has free days).
pub fn rebooking_form(
    full: NaiveDate,
    offer: &[&'static Day],
) -> Result<Form<Rebooking>, ShapeError> {
    let offer: Vec<&'static Day> = offer.to_vec();
    let nearest = offer
        .iter()
        .min_by_key(|day| (distance(full, day.date), day.date));
    let most_seats = offer.iter().map(|day| day.seats).max().unwrap_or(1);
    let dates = offer.iter().map(|day| {
        (
            day.date,
            format!("{} — {}", short(day.date), seats_left(day.seats)),
        )
    });
    // Every extra any offered date has; one that not all of them have says on which.
    let extras = Extra::ALL.into_iter().filter_map(|extra| {
        let on: Vec<String> = offer
            .iter()
            .filter(|day| day.extras.contains(&extra))
            .map(|day| short(day.date))
            .collect();
        let title = match on.len() {
            0 => return None,
            n if n == offer.len() => extra.name().to_owned(),
            _ => format!("{} (only {})", extra.name(), on.join(", ")),
        };
        Some(OfferedOption::new(extra.id(), extra).title(title))
    });
    let for_travellers = offer.clone();
    let for_extras = offer.clone();
    let message = format!(
        "There are no seats left on {} ({full}). Pick one of the nearest dates that still have seats, how many travel, and any extras.",
        short(full)
    );
    Rebooking::form()
        .date(|f| {
            let f = f.options(dates);
            match nearest {
                Some(day) => f.default(day.date),
                None => f,
            }
        })
        .travellers(|f| {
            f.maximum(most_seats)
                .check(move |travellers: &u8, answer: &Rebooking| {
                    let seats = seats_on(&for_travellers, answer.date);
                    if *travellers > seats {
                        Err(format!(
                            "only {} on {}",
                            seats_left(seats),
                            short(answer.date)
                        ))
                    } else {
                        Ok(())
                    }
                })
        })
        .extras(|f| {
            f.options(extras)
                .check(move |extras: &Vec<Extra>, answer: &Rebooking| {
                    let on_offer = for_extras
                        .iter()
                        .find(|day| day.date == answer.date)
                        .map_or(&[][..], |day| day.extras);
                    let missing: Vec<&str> = extras
                        .iter()
                        .filter(|extra| !on_offer.contains(extra))
                        .map(|extra| extra.name())
                        .collect();
                    if missing.is_empty() {
                        Ok(())
                    } else {
                        Err(format!(
                            "{} {} not offered on {}",
                            missing.join(" and "),
                            if missing.len() == 1 { "is" } else { "are" },
                            short(answer.date)
                        ))
                    }
                })
        })
        .with_message(message)
        .build()
}

/// The seats of an offered date (0 for one not offered: the reader has refused it already).
fn seats_on(offer: &[&'static Day], date: NaiveDate) -> u8 {
    offer
        .iter()
        .find(|day| day.date == date)
        .map_or(0, |day| day.seats)
}

/// "Booked 2026-12-27 for 2 travellers, with Breakfast and Lounge access." (what `book_trip`
/// answers on either SDK)
pub fn booking(date: NaiveDate, travellers: u8, extras: &[Extra]) -> String {
    let who = if travellers == 1 {
        "1 traveller".to_owned()
    } else {
        format!("{travellers} travellers")
    };
    let with = if extras.is_empty() {
        "no extras".to_owned()
    } else {
        let names: Vec<&str> = extras.iter().map(|extra| extra.name()).collect();
        format!("with {}", names.join(" and "))
    };
    format!("Booked {date} for {who}, {with}.")
}

/// The arguments of `book_trip`, taken as [`Asked<TripArgs>`](elicit_core::dialog::Asked):
/// the model may leave out the date (or give one the calendar does not have), and the person
/// is then asked for one, from the form [`trip_form`] shapes. Its prompt is the `message`.
#[derive(Debug, Elicit)]
#[elicit(message = "Which day would you like to travel?")]
pub struct TripArgs {
    /// The day to travel, written YYYY-MM-DD
    #[elicit(options, ask_if_missing)]
    pub date: NaiveDate,
}

/// The form the arguments are read against, and the date asked with when the call has none
/// the calendar knows: the dates with seats, each titled with the seats left; and the date
/// the call `asked_for`, when the calendar has it, even full (then the rebooking form offers
/// others). A function of the calendar and the arguments alone: the same on a 2026-07-28
/// retry.
///
/// # Errors
/// A [`ShapeError`] when no date is left to offer (this calendar always has one).
pub fn trip_form(asked_for: Option<&serde_json::Value>) -> Result<Form<TripArgs>, ShapeError> {
    let asked_for = asked_for
        .and_then(serde_json::Value::as_str)
        .and_then(|date| NaiveDate::parse_from_str(date, "%Y-%m-%d").ok());
    let dates = CALENDAR
        .iter()
        .filter(|day| day.seats > 0 || Some(day.date) == asked_for)
        .map(|day| {
            let left = if day.seats > 0 {
                seats_left(day.seats)
            } else {
                "full".to_owned()
            };
            (day.date, format!("{} — {left}", short(day.date)))
        });
    TripArgs::form().date(|f| f.options(dates)).build()
}

/// What `book_trip` tells the model, on either SDK.
pub const DESCRIPTION: &str = "Book a trip on a date (YYYY-MM-DD); leave the date out if the user has not said one, and they are asked for one of the dates with seats. When that date is full, asks the user to pick one of the nearest dates with seats, how many travel, and extras";

/// The server: one tool, `book_trip`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TripServer;

#[tool_router]
impl TripServer {
    /// Books a seat on `date`, asking the person for one when the call has none; a full date
    /// asks the person for another (see the module).
    // The dialog comes first: `Parameters` takes the arguments the dialog binds its state to.
    #[tool(description = DESCRIPTION)]
    pub async fn book_trip(
        &self,
        dialog: Dialog,
        Parameters(args): Parameters<Asked<TripArgs>>,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
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
                    return Ok(booked(date, 1, &[]));
                }
                let offer = nearest_with_seats(date, NEAREST);
                if offer.is_empty() {
                    return Ok(refused(format!(
                        "{date} is full, and so is every other date."
                    )));
                }
                // On 2026-07-28 this runs again on every retry: the offer is computed again
                // from the same calendar, so it is the form the person answered (were it not,
                // the dialog would ask again rather than read the answer against it).
                let declined =
                    format!("Nothing was booked: {date} is full, and no other date was chosen.");
                let form = rebooking_form(date, &offer)?;
                let choice = d
                    .ask_form("rebooking", form)
                    .attempts(ATTEMPTS)
                    .or_reply(declined)
                    .await?;
                let extras = choice.extras.as_deref().unwrap_or_default();
                Ok(booked(choice.date, choice.travellers, extras))
            })
            .await
    }
}

/// What every dialog of the server shares: a 2025-06-18 client, which has no multi-select,
/// is asked the extras as checkboxes.
fn dialogs() -> &'static DialogSettings {
    static DIALOGS: OnceLock<DialogSettings> = OnceLock::new();
    DIALOGS.get_or_init(|| {
        DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes)
    })
}

#[tool_handler(
    name = "elicit-trips",
    version = "0.1.0",
    router = with_dialogs(Self::tool_router(), dialogs())
)]
impl ServerHandler for TripServer {}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn refused(text: String) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

fn booked(date: NaiveDate, travellers: u8, extras: &[Extra]) -> CallToolResult {
    text(booking(date, travellers, extras))
}
