//! Issue 23's bench form: ten fields shaped at run time, as a tool shapes them from data it
//! just looked up — a single select of 12 options and a multi-select of 8 (20 options in
//! all, each titled now), a narrowed bound with a default, a narrowed length, texts, and a
//! check across fields.

use std::sync::Arc;

use elicit_core::shape::Choice;
use elicit_core::{Elicit, Form};

/// Rebook your trip
#[derive(Elicit, Debug)]
#[allow(dead_code)] // the bench builds the form; no answer is read
pub struct Rebook {
    /// Another date
    #[elicit(options)]
    pub date: String,
    /// Travellers
    #[elicit(minimum = 1, maximum = 9)]
    pub travellers: u8,
    /// Extras
    #[elicit(options)]
    pub extras: Vec<u32>,
    /// Lead traveller
    #[elicit(min_length = 1, max_length = 64)]
    pub name: String,
    /// Contact e-mail
    #[elicit(format = "email")]
    pub email: String,
    /// Phone
    #[elicit(max_length = 32)]
    pub phone: Option<String>,
    /// Cabin
    pub cabin: Cabin,
    /// Window seat
    pub window: bool,
    /// Children among them
    #[elicit(minimum = 0, maximum = 8)]
    pub children: u8,
    /// A note for the crew
    #[elicit(max_length = 500)]
    pub note: Option<String>,
}

/// A cabin class.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cabin {
    Economy,
    Business,
    First,
}

/// The server's data: twelve days with seats, eight extras with prices.
pub struct Offer {
    pub days: Arc<[(String, u8)]>,
    pub extras: Vec<(u32, String)>,
}

pub fn offer() -> Offer {
    Offer {
        days: (1..=12)
            .map(|day| {
                (
                    format!("2027-01-{day:02}"),
                    u8::try_from(day % 9 + 1).unwrap_or(1),
                )
            })
            .collect(),
        extras: (1..=8)
            .map(|id| (id, format!("Extra {id} — €{}", id * 5)))
            .collect(),
    }
}

/// The form a tool asks, shaped from `offer`: ten fields, twenty options.
pub fn shape(offer: &Offer) -> Form<Rebook> {
    let most = offer
        .days
        .iter()
        .map(|(_, seats)| *seats)
        .max()
        .unwrap_or(1);
    let seats = Arc::clone(&offer.days);
    Rebook::form()
        .date(|f| {
            f.options(
                offer
                    .days
                    .iter()
                    .map(|(day, left)| (day.clone(), format!("{day} — {left} seats left"))),
            )
            .default_option(offer.days[0].0.clone())
        })
        .travellers(|f| {
            f.maximum(most)
                .default(1)
                .check(move |n: &u8, answer: &Rebook| {
                    let left = seats
                        .iter()
                        .find(|(day, _)| *day == answer.date)
                        .map_or(0, |(_, left)| *left);
                    if *n > left {
                        Err(format!("only {left} seats are left"))
                    } else {
                        Ok(())
                    }
                })
        })
        .extras(|f| {
            f.options(
                offer
                    .extras
                    .iter()
                    .map(|(id, title)| Choice::new(id.to_string(), *id).title(title.clone())),
            )
            .max_items(3)
        })
        .name(|f| f.max_length(40).title("Lead traveller's name"))
        .cabin(|f| f.only([Cabin::Economy, Cabin::Business]))
        .children(|f| f.maximum(most.saturating_sub(1)))
        .with_message("The 25th is full: pick another date")
        .build()
        .expect("the bench offer fits the form")
}
