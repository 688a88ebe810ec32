//! The README's first command: derive a real form, print its `requestedSchema`, then parse
//! one valid and one invalid client answer.
//!
//! ```text
//! cargo run -p examples --bin quickstart
//! ```

use elicit_core::Elicit;
use serde_json::json;

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
    seating: Seating,

    /// Anything the kitchen should know
    dietary: Vec<Diet>,

    /// Allergies or other notes
    #[elicit(max_length = 500)]
    notes: Option<String>,

    /// Send me a reminder the day before
    #[elicit(default = true)]
    reminder: bool,
}

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    /// Inside, by the window
    Indoor,
    /// On the terrace
    Terrace,
    /// At the bar
    Bar,
}

/// Dietary needs
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    Vegetarian,
    Vegan,
    GlutenFree,
    NutFree,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("message: {}", Booking::message());
    println!("requestedSchema:");
    println!(
        "{}",
        serde_json::to_string_pretty(Booking::requested_schema())?
    );

    let valid = json!({
        "guestName": "Ada Lovelace",
        "email": "ada@example.com",
        "date": "2026-12-24",
        "seating": "terrace",
        "dietary": ["vegetarian", "nut-free"],
        "notes": "Window seat if possible"
    });
    println!("\nA valid answer:\n{}", serde_json::to_string(&valid)?);
    match Booking::from_content(as_map(&valid)) {
        Ok(booking) => println!("parsed: {booking:#?}"),
        Err(error) => println!("unexpected errors:\n{error}"),
    }

    let invalid = json!({
        "guestName": "",
        "email": "ada-at-example.com",
        "date": "2026-02-30",
        "partySize": 40,
        "seating": "Terrace",
        "dietary": "vegan",
        "reminder": "yes"
    });
    println!("\nAn invalid answer:\n{}", serde_json::to_string(&invalid)?);
    match Booking::from_content(as_map(&invalid)) {
        Ok(booking) => println!("unexpectedly parsed: {booking:#?}"),
        Err(error) => {
            println!("{} errors:\n{error}", error.errors().len());
            println!(
                "as JSON for the client or model:\n{}",
                serde_json::to_string_pretty(&error)?
            );
        }
    }
    Ok(())
}

fn as_map(value: &serde_json::Value) -> &serde_json::Map<String, serde_json::Value> {
    static EMPTY: std::sync::OnceLock<serde_json::Map<String, serde_json::Value>> =
        std::sync::OnceLock::new();
    value
        .as_object()
        .unwrap_or_else(|| EMPTY.get_or_init(serde_json::Map::new))
}
