//! The 13-field form of the MCP "everything" reference server's `trigger-elicitation-request`
//! tool (modelcontextprotocol/servers, `src/everything/tools/trigger-elicitation-request.ts`),
//! as an elicit user declares it.
//!
//! `scripts/bench.sh` also compiles this file 100 times over for the build-cost figure, so it
//! is self-contained: it needs only `elicit-core`.

use elicit_core::Elicit;

/// Please provide inputs for the following fields:
#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
pub struct Everything {
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

/// An untitled single select.
#[derive(Elicit)]
#[elicit(untitled)]
pub enum Friend {
    Monica,
    Rachel,
    Joey,
    Chandler,
    Ross,
    Phoebe,
}

/// An untitled multi-select.
#[derive(Elicit)]
#[elicit(untitled)]
pub enum Instrument {
    Guitar,
    Piano,
    Violin,
    Drums,
    Bass,
}

/// A titled single select.
#[derive(Elicit)]
pub enum Hero {
    #[elicit(rename = "hero-1")]
    Superman,
    #[elicit(rename = "hero-2")]
    GreenLantern,
    #[elicit(rename = "hero-3")]
    WonderWoman,
}

/// A titled multi-select.
#[derive(Elicit)]
pub enum Fish {
    #[elicit(rename = "fish-1")]
    Tuna,
    #[elicit(rename = "fish-2")]
    Salmon,
    #[elicit(rename = "fish-3")]
    Trout,
}

/// A legacy titled enum (`enum` + `enumNames`).
#[derive(Elicit)]
#[elicit(legacy_enum_names)]
pub enum Pet {
    #[elicit(rename = "pet-1")]
    Cats,
    #[elicit(rename = "pet-2")]
    Dogs,
    #[elicit(rename = "pet-3")]
    Birds,
    #[elicit(rename = "pet-4")]
    Fish,
    #[elicit(rename = "pet-5")]
    Reptiles,
}
