//! Forms shaped by live data: options, defaults, bounds, texts and checks decided when the
//! form is asked, still typed and still checked against what was offered.
//!
//! A struct form that derives with `#[elicit(shaped)]` has a builder, `T::form()` (see
//! [`Shaped`]), with one method per field, named after it (a form with a field marked
//! `#[elicit(options)]` always has one). Each takes a closure that shapes the field:
//!
//! - [`FieldShape`]: a field of a fixed kind — its title and description, a narrower range
//!   (`minimum`, `maximum`, `min_length`, `max_length`, `min_items`, `max_items`), fewer
//!   options of a select (`only`), an option's title, a default, a check;
//! - [`Options`] and [`MultiOptions`]: a field marked `#[elicit(options)]`, whose options
//!   are given now, as values of any type ([`OfferedOption`]); the answer comes back as the value
//!   that was offered. The form cannot be asked until every such field has its options: that
//!   is a compile error naming the field.
//!
//! The builder's own methods start with `with_` (`with_message`), so that they never clash
//! with a field's name. A builder is asked like a [`Form`](crate::Form)
//! (`d.ask_form("key", Trip::form().…)`, with the same `.attempts(n)`, `.message(…)` and
//! `.or_reply(…)` as a fixed form), or turned into one with `build()`, which finds
//! what contradicts itself (a bound wider than the field allows, a default outside what is
//! offered, no option left) as a [`ShapeError`](crate::ShapeError) before anything is sent.
//!
//! ```
//! use elicit_core::Elicit;
//! use serde_json::json;
//!
//! /// Rebook your trip
//! #[derive(Elicit, Debug)]
//! struct Rebook {
//!     /// Another date
//!     #[elicit(options)]
//!     date: String,
//!     /// How many travellers
//!     #[elicit(minimum = 1, maximum = 9)]
//!     travellers: u8,
//! }
//!
//! let seats = [("2026-12-27", 2_u8), ("2026-12-28", 9)];
//! let form = Rebook::form()
//!     .date(|f| f.options(seats.iter().map(|(date, left)| (date.to_string(), format!("{date} — {left} seats left")))))
//!     .travellers(|f| f.check(move |travellers: &u8, answer: &Rebook| {
//!         let left = seats.iter().find(|(date, _)| *date == answer.date).map_or(0, |(_, left)| *left);
//!         if *travellers > left { Err(format!("only {left} seats are left on that date")) } else { Ok(()) }
//!     }))
//!     .with_message("The 25th is full: pick another date")
//!     .build()
//!     .unwrap();
//!
//! let answer = form.read(json!({"date": "2026-12-28", "travellers": 3}).as_object().unwrap()).unwrap();
//! assert_eq!((answer.date.as_str(), answer.travellers), ("2026-12-28", 3));
//! let error = form.read(json!({"date": "2026-12-27", "travellers": 3}).as_object().unwrap()).unwrap_err();
//! assert_eq!(error.to_string(), "`travellers`: only 2 seats are left on that date");
//! ```

mod check;
mod field;
mod shaped;
// What generated code uses (the builder's parts, the offers) is public in these modules and
// reached only through `__private`, not at a path of this public module.
pub(crate) mod form_parts;
pub(crate) mod options;
pub(crate) mod parts;

pub use self::check::{CheckResult, FieldCheck};
pub use self::field::{EnumShape, FieldShape, MultiSelectShape, NumberShape, StringShape};
pub use self::options::{Given, MultiOptions, NotGiven, OfferedOption, OptionValue, Options};
pub(crate) use self::parts::{Checks, run_checks};
pub use self::shaped::{Shaped, StructForm};
