//! Issue 23's bench form: ten fields shaped at run time, as a tool shapes them from data it
//! just looked up — a single select of 12 options and a multi-select of 8 (20 options in
//! all, each titled now), a narrowed bound with a default, a narrowed length, texts, and a
//! check across fields.

use std::sync::Arc;

use elicit_core::shape::OfferedOption;
use elicit_core::{Elicit, Form};

use crate::ours::{Fish, Friend, Hero, Instrument, Pet};

/// Rebook your trip
#[derive(Elicit, Debug)]
#[allow(dead_code)] // read, never looked at
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
                offer.extras.iter().map(|(id, title)| {
                    OfferedOption::new(id.to_string(), *id).title(title.clone())
                }),
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

/// Please provide inputs for the following fields:
///
/// `ours::Everything` with a builder (`shaped`): the same fields, attributes and wire names.
/// A twin rather than the form itself, because `ours.rs` is also the build-cost figure's form,
/// asked as declared, which has no builder to compile.
#[derive(Elicit)]
#[elicit(shaped, rename_all = "camelCase")]
#[allow(dead_code)] // read, never looked at
pub struct EverythingShaped {
    /// Your full, legal name
    #[elicit(title = "String")]
    pub name: String,
    /// Agree to the terms and conditions
    #[elicit(title = "Boolean")]
    pub check: Option<bool>,
    /// Favorite first line of a story
    #[elicit(
        title = "String with default",
        default = "It was a dark and stormy night."
    )]
    pub first_line: String,
    /// Your email address (will be verified, and never shared with anyone else)
    #[elicit(title = "String with email format", format = "email")]
    pub email: Option<String>,
    /// Portfolio / personal website
    #[elicit(title = "String with uri format", format = "uri")]
    pub homepage: Option<String>,
    /// Your date of birth
    #[elicit(title = "String with date format", format = "date")]
    pub birthdate: Option<String>,
    /// Your favorite integer (do not give us your phone number, pin, or other sensitive info)
    #[elicit(title = "Integer", minimum = 1, maximum = 100, default = 42)]
    pub integer: i64,
    /// Favorite number (there are no wrong answers)
    #[elicit(
        title = "Number in range 1-1000",
        minimum = 0,
        maximum = 1000,
        default = 3.14
    )]
    pub number: f64,
    /// Choose your favorite friend
    #[elicit(title = "Untitled Single Select Enum", default = Friend::Monica)]
    pub untitled_single_select_enum: Friend,
    /// Choose your favorite instruments
    #[elicit(
        title = "Untitled Multiple Select Enum",
        min_items = 1,
        max_items = 3,
        default = [Instrument::Guitar]
    )]
    pub untitled_multiple_select_enum: Vec<Instrument>,
    /// Choose your favorite hero
    #[elicit(title = "Titled Single Select Enum", default = Hero::Superman)]
    pub titled_single_select_enum: Hero,
    /// Choose your favorite types of fish
    #[elicit(
        title = "Titled Multiple Select Enum",
        min_items = 1,
        max_items = 3,
        default = [Fish::Tuna]
    )]
    pub titled_multiple_select_enum: Vec<Fish>,
    /// Choose your favorite type of pet
    #[elicit(title = "Legacy Titled Single Select Enum", default = Pet::Cats)]
    pub legacy_titled_enum: Pet,
}

/// Issue 29: the `Everything` form shaped at run time (narrowed bounds and lengths, a run-time
/// default, a select and a multi-select offered in part, fewer items), read against the same
/// full answer as the static form.
pub fn everything() -> Form<EverythingShaped> {
    EverythingShaped::form()
        .first_line(|f| f.max_length(64))
        .integer(|f| f.minimum(2).maximum(50).default(10))
        .number(|f| f.maximum(100.0))
        .untitled_single_select_enum(|f| f.only([Friend::Monica, Friend::Joey, Friend::Ross]))
        .untitled_multiple_select_enum(|f| {
            f.only([Instrument::Guitar, Instrument::Piano, Instrument::Drums])
                .max_items(2)
        })
        .titled_single_select_enum(|f| f.only([Hero::Superman, Hero::GreenLantern]))
        .titled_multiple_select_enum(|f| f.only([Fish::Tuna, Fish::Trout]).max_items(2))
        .build()
        .expect("the shaped Everything form builds")
}

/// Issue 29: the `Signup` form shaped at run time, read against the same full answer as the
/// static form.
pub fn signup() -> Form<crate::signup::Signup> {
    crate::signup::Signup::form()
        .username(|f| f.min_length(4).max_length(20))
        .age(|f| f.minimum(18).maximum(99))
        .display_name(|f| f.max_length(40))
        .score(|f| f.minimum(1.0).maximum(99.9))
        .country(|f| f.default("GB".to_owned()))
        .build()
        .expect("the shaped Signup form builds")
}

/// Issue 29: `Rebook`'s options form (of [`shape`]) without its check across fields (user code,
/// which the static twin has no equivalent of).
pub fn options_form(offer: &Offer) -> Form<Rebook> {
    let most = offer
        .days
        .iter()
        .map(|(_, seats)| *seats)
        .max()
        .unwrap_or(1);
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
        .travellers(|f| f.maximum(most).default(1))
        .extras(|f| {
            f.options(
                offer.extras.iter().map(|(id, title)| {
                    OfferedOption::new(id.to_string(), *id).title(title.clone())
                }),
            )
            .max_items(3)
        })
        .name(|f| f.max_length(40).title("Lead traveller's name"))
        .cabin(|f| f.only([Cabin::Economy, Cabin::Business]))
        .children(|f| f.maximum(most.saturating_sub(1)))
        .build()
        .expect("the bench offer fits the form")
}

/// `Rebook` with its run-time options written as enums instead: the same questions, the same
/// wire values, a static form.
#[derive(Elicit, Debug)]
#[allow(dead_code)] // read, never looked at
pub struct RebookFixed {
    /// Another date
    #[elicit(default = Day::D01)]
    pub date: Day,
    /// Travellers
    #[elicit(minimum = 1, maximum = 9, default = 1)]
    pub travellers: u8,
    /// Extras
    #[elicit(max_items = 3)]
    pub extras: Vec<Extra>,
    /// Lead traveller
    #[elicit(min_length = 1, max_length = 40)]
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

/// The twelve days of [`offer`], as an enum.
#[derive(Elicit, Debug)]
pub enum Day {
    #[elicit(rename = "2027-01-01")]
    D01,
    #[elicit(rename = "2027-01-02")]
    D02,
    #[elicit(rename = "2027-01-03")]
    D03,
    #[elicit(rename = "2027-01-04")]
    D04,
    #[elicit(rename = "2027-01-05")]
    D05,
    #[elicit(rename = "2027-01-06")]
    D06,
    #[elicit(rename = "2027-01-07")]
    D07,
    #[elicit(rename = "2027-01-08")]
    D08,
    #[elicit(rename = "2027-01-09")]
    D09,
    #[elicit(rename = "2027-01-10")]
    D10,
    #[elicit(rename = "2027-01-11")]
    D11,
    #[elicit(rename = "2027-01-12")]
    D12,
}

/// The eight extras of [`offer`], as an enum.
#[derive(Elicit, Debug)]
pub enum Extra {
    #[elicit(rename = "1")]
    E1,
    #[elicit(rename = "2")]
    E2,
    #[elicit(rename = "3")]
    E3,
    #[elicit(rename = "4")]
    E4,
    #[elicit(rename = "5")]
    E5,
    #[elicit(rename = "6")]
    E6,
    #[elicit(rename = "7")]
    E7,
    #[elicit(rename = "8")]
    E8,
}

/// A full, valid answer to [`options_form`] and [`RebookFixed`].
pub fn answer() -> serde_json::Map<String, serde_json::Value> {
    let answer = serde_json::json!({
        "date": "2027-01-03",
        "travellers": 2,
        "extras": ["3", "1"],
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "phone": "+44 20 7946 0000",
        "cabin": "Business",
        "window": true,
        "children": 1,
        "note": "One of us is vegetarian."
    });
    match answer {
        serde_json::Value::Object(map) => map,
        _ => unreachable!(),
    }
}
