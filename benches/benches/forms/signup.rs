//! Issue 15's second bench form: ten fields with `email`, `uri` and `date` formats, lengths,
//! bounds and an optional field, declared for elicit (`Signup`) and for plain serde
//! (`SerdeSignup`, which checks nothing). Not part of the build-cost figure (which compiles
//! `ours.rs` and `theirs.rs` only).

use elicit_core::Elicit;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Create your account
#[derive(Elicit, Debug, PartialEq)]
#[elicit(shaped)] // the shaped read of issue 29 shapes it
pub struct Signup {
    /// Your user name
    #[elicit(min_length = 3, max_length = 32)]
    pub username: String,
    /// Your email address
    #[elicit(format = "email")]
    pub email: String,
    /// Your website
    #[elicit(format = "uri")]
    pub homepage: Option<String>,
    /// Your date of birth
    #[elicit(format = "date")]
    pub birthdate: String,
    /// Your age
    #[elicit(minimum = 13, maximum = 120)]
    pub age: u8,
    /// The name others see
    #[elicit(min_length = 1, max_length = 64)]
    pub display_name: String,
    /// A few words about you
    #[elicit(max_length = 500)]
    pub bio: String,
    /// Your score
    #[elicit(minimum = 0, maximum = 100)]
    pub score: f64,
    /// Send me the newsletter
    pub newsletter: bool,
    /// Your country (ISO 3166-1 alpha-2)
    #[elicit(min_length = 2, max_length = 2)]
    pub country: String,
}

/// The same ten fields for `serde_json`, with no checks.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
pub struct SerdeSignup {
    pub username: String,
    pub email: String,
    pub homepage: Option<String>,
    pub birthdate: String,
    pub age: u8,
    pub display_name: String,
    pub bio: String,
    pub score: f64,
    pub newsletter: bool,
    pub country: String,
}

/// A full, valid answer.
pub fn answer() -> Map<String, Value> {
    let answer = json!({
        "username": "ada_l",
        "email": "ada@example.com",
        "homepage": "https://example.com/~ada",
        "birthdate": "1815-12-10",
        "age": 36,
        "display_name": "Ada Lovelace",
        "bio": "Mathematician; wrote the first published program, for the Analytical Engine.",
        "score": 99.5,
        "newsletter": true,
        "country": "GB"
    });
    match answer {
        Value::Object(map) => map,
        _ => unreachable!(),
    }
}
