//! The same form as an rmcp user declares it: `serde::Deserialize` for
//! `serde_json::from_value`, `schemars::JsonSchema` for rmcp's
//! `ElicitationSchema::from_type`.
//!
//! The enums follow rmcp's own `from_type` test (`test_schema_inference_for_enum_fields`):
//! `#[schemars(inline)]` so a field is not a `$ref` (which `from_type` rejects), variant
//! `title`s plus `extend("type" = "string")` for a titled (`oneOf`) select, and
//! `extend("enumNames" = […])` for the legacy form. They derive `Serialize` because schemars
//! needs it to write a field's `#[serde(default = …)]` into the schema.
//!
//! `scripts/bench.sh` also compiles this file 100 times over for the build-cost figure, so it
//! is self-contained: it needs only `serde` (with `derive`) and `schemars`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Please provide inputs for the following fields:
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Everything {
    #[schemars(title = "String", description = "Your full, legal name")]
    pub name: String,
    #[schemars(title = "Boolean", description = "Agree to the terms and conditions")]
    pub check: Option<bool>,
    #[schemars(
        title = "String with default",
        description = "Favorite first line of a story"
    )]
    #[serde(default = "first_line")]
    pub first_line: String,
    #[schemars(
        title = "String with email format",
        description = "Your email address (will be verified, and never shared with anyone else)",
        email
    )]
    pub email: Option<String>,
    #[schemars(
        title = "String with uri format",
        description = "Portfolio / personal website",
        url
    )]
    pub homepage: Option<String>,
    #[schemars(
        title = "String with date format",
        description = "Your date of birth",
        extend("format" = "date")
    )]
    pub birthdate: Option<String>,
    #[schemars(
        title = "Integer",
        description = "Your favorite integer (do not give us your phone number, pin, or other sensitive info)",
        range(min = 1, max = 100)
    )]
    #[serde(default = "integer")]
    pub integer: i64,
    #[schemars(
        title = "Number in range 1-1000",
        description = "Favorite number (there are no wrong answers)",
        range(min = 0, max = 1000)
    )]
    #[serde(default = "number")]
    pub number: f64,
    #[schemars(
        title = "Untitled Single Select Enum",
        description = "Choose your favorite friend"
    )]
    #[serde(default = "friend")]
    pub untitled_single_select_enum: Friend,
    #[schemars(
        title = "Untitled Multiple Select Enum",
        description = "Choose your favorite instruments",
        length(min = 1, max = 3)
    )]
    #[serde(default = "instruments")]
    pub untitled_multiple_select_enum: Vec<Instrument>,
    #[schemars(
        title = "Titled Single Select Enum",
        description = "Choose your favorite hero"
    )]
    #[serde(default = "hero")]
    pub titled_single_select_enum: Hero,
    #[schemars(
        title = "Titled Multiple Select Enum",
        description = "Choose your favorite types of fish",
        length(min = 1, max = 3)
    )]
    #[serde(default = "fishes")]
    pub titled_multiple_select_enum: Vec<Fish>,
    #[schemars(
        title = "Legacy Titled Single Select Enum",
        description = "Choose your favorite type of pet"
    )]
    #[serde(default = "pet")]
    pub legacy_titled_enum: Pet,
}

fn first_line() -> String {
    "It was a dark and stormy night.".to_owned()
}
fn integer() -> i64 {
    42
}
#[allow(clippy::approx_constant)]
fn number() -> f64 {
    3.14
}
fn friend() -> Friend {
    Friend::Monica
}
fn instruments() -> Vec<Instrument> {
    vec![Instrument::Guitar]
}
fn hero() -> Hero {
    Hero::Superman
}
fn fishes() -> Vec<Fish> {
    vec![Fish::Tuna]
}
fn pet() -> Pet {
    Pet::Cats
}

/// An untitled single select.
#[derive(Serialize, Deserialize, JsonSchema)]
#[schemars(inline)]
pub enum Friend {
    Monica,
    Rachel,
    Joey,
    Chandler,
    Ross,
    Phoebe,
}

/// An untitled multi-select.
#[derive(Serialize, Deserialize, JsonSchema)]
#[schemars(inline)]
pub enum Instrument {
    Guitar,
    Piano,
    Violin,
    Drums,
    Bass,
}

/// A titled single select.
#[derive(Serialize, Deserialize, JsonSchema)]
#[schemars(inline, extend("type" = "string"))]
pub enum Hero {
    #[serde(rename = "hero-1")]
    #[schemars(title = "Superman")]
    Superman,
    #[serde(rename = "hero-2")]
    #[schemars(title = "Green Lantern")]
    GreenLantern,
    #[serde(rename = "hero-3")]
    #[schemars(title = "Wonder Woman")]
    WonderWoman,
}

/// A titled multi-select.
#[derive(Serialize, Deserialize, JsonSchema)]
#[schemars(inline, extend("type" = "string"))]
pub enum Fish {
    #[serde(rename = "fish-1")]
    #[schemars(title = "Tuna")]
    Tuna,
    #[serde(rename = "fish-2")]
    #[schemars(title = "Salmon")]
    Salmon,
    #[serde(rename = "fish-3")]
    #[schemars(title = "Trout")]
    Trout,
}

/// A legacy titled enum (`enum` + `enumNames`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[schemars(inline, extend("enumNames" = ["Cats", "Dogs", "Birds", "Fish", "Reptiles"]))]
pub enum Pet {
    #[serde(rename = "pet-1")]
    Cats,
    #[serde(rename = "pet-2")]
    Dogs,
    #[serde(rename = "pet-3")]
    Birds,
    #[serde(rename = "pet-4")]
    Fish,
    #[serde(rename = "pet-5")]
    Reptiles,
}
