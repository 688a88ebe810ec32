//! The forms: every property kind, every constraint on it, and the shapes around them
//! (newtypes, flattened sub-forms, `NonZero`, the ecosystem types, renames and skips).

use std::collections::{BTreeSet, HashSet};
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroIsize, NonZeroU8, NonZeroU16, NonZeroU32,
    NonZeroU64, NonZeroUsize,
};

use elicit_core::Elicit;

/// Strings: lengths, patterns, a default.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Strings {
    plain: String,
    #[elicit(min_length = 2, max_length = 5)]
    short: String,
    #[elicit(min_length = 1)]
    nonempty: Option<String>,
    #[elicit(max_length = 3)]
    tiny: Option<String>,
    #[elicit(pattern = "^[a-z]{3}-[0-9]{2}$")]
    code: Option<String>,
    #[elicit(pattern = "[0-9]")]
    has_digit: Option<String>,
    #[elicit(pattern = "^\\d+$")]
    digits: Option<String>,
    #[elicit(min_length = 2, max_length = 3, pattern = "^[A-Z]+$")]
    initials: Option<String>,
    #[elicit(max_length = 4, default = "none")]
    tag: String,
}

/// Formats, alone and with a length.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Formats {
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    site: Option<String>,
    #[elicit(format = "date")]
    day: Option<String>,
    #[elicit(format = "date-time")]
    at: Option<String>,
    #[elicit(format = "uri", max_length = 24)]
    short_link: Option<String>,
    #[elicit(format = "date", default = "2026-01-01")]
    start: String,
}

/// Integers of every width, with and without bounds.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Integers {
    count: u8,
    tiny: Option<i8>,
    short: Option<i16>,
    int: Option<i32>,
    long: Option<i64>,
    ushort: Option<u16>,
    uint: Option<u32>,
    ulong: Option<u64>,
    size: Option<usize>,
    offset: Option<isize>,
    #[elicit(minimum = -5, maximum = 5)]
    delta: Option<i32>,
    #[elicit(minimum = 10)]
    at_least: Option<u16>,
    #[elicit(maximum = 100)]
    at_most: Option<i64>,
    #[elicit(maximum = 18_446_744_073_709_551_615)]
    id: Option<u64>,
    #[elicit(minimum = -9_223_372_036_854_775_808, maximum = 9_223_372_036_854_775_807)]
    wide: Option<i64>,
    #[elicit(minimum = 1, maximum = 9, default = 3)]
    level: u8,
}

/// Floating-point numbers, with and without bounds.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Numbers {
    ratio: f64,
    #[elicit(minimum = 0.0, maximum = 1.0)]
    unit: Option<f64>,
    #[elicit(minimum = -273.15)]
    celsius: Option<f64>,
    #[elicit(maximum = 10)]
    capped: Option<f64>,
    weight: Option<f32>,
    #[elicit(minimum = 0.1, maximum = 0.7)]
    fraction: Option<f32>,
    #[elicit(minimum = 1, maximum = 10)]
    stars: Option<f32>,
    #[elicit(default = 1.5)]
    scale: f64,
    #[elicit(minimum = 0, maximum = 1, default = 0.25)]
    opacity: f32,
}

/// Booleans.
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Flags {
    agree: bool,
    newsletter: Option<bool>,
    #[elicit(default = true)]
    remember: bool,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[elicit(rename_all = "kebab-case")]
pub(crate) enum Color {
    /// Dark red
    DarkRed,
    Green,
    Blue,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[elicit(untitled, rename_all = "lowercase")]
pub(crate) enum Shade {
    Light,
    Dark,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names)]
pub(crate) enum Reply {
    /// Yes please
    Yes,
    /// No thanks
    No,
}

/// Single selects in the three option styles.
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Choices {
    color: Color,
    shade: Option<Shade>,
    reply: Option<Reply>,
    #[elicit(default = Color::Green)]
    fallback: Color,
    #[elicit(default = Shade::Dark)]
    tone: Shade,
}

/// Multi-selects, titled and untitled, with item bounds.
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct MultiSelects {
    #[elicit(min_items = 1, max_items = 2)]
    colors: Vec<Color>,
    shades: BTreeSet<Shade>,
    #[elicit(min_items = 2)]
    both: Option<Vec<Shade>>,
    #[elicit(max_items = 1)]
    one: Option<BTreeSet<Color>>,
    tags: Option<HashSet<Shade>>,
    #[elicit(default = [Color::Blue])]
    picks: Vec<Color>,
}

/// A form that denies unknown keys.
#[derive(Elicit, Debug)]
#[elicit(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct Closed {
    name: String,
    #[elicit(maximum = 120)]
    age: Option<u8>,
}

/// An untitled enum as a whole form.
#[derive(Elicit, Debug)]
#[elicit(untitled, rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum FavoriteColor {
    Red,
    Green,
}

/// A titled enum as a whole form, under a chosen property name.
#[derive(Elicit, Debug)]
#[elicit(field = "mood")]
#[allow(dead_code)]
pub(crate) enum Mood {
    /// Happy
    Happy,
    /// Sad
    Sad,
}

/// Non-zero integers of every width, with and without bounds.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct NonZeros {
    count: NonZeroU8,
    tiny: Option<NonZeroI8>,
    ushort: Option<NonZeroU16>,
    short: Option<NonZeroI16>,
    uint: Option<NonZeroU32>,
    int: Option<NonZeroI32>,
    ulong: Option<NonZeroU64>,
    long: Option<NonZeroI64>,
    size: Option<NonZeroUsize>,
    offset: Option<NonZeroIsize>,
    #[elicit(maximum = 10)]
    capped: Option<NonZeroU8>,
    #[elicit(minimum = 0, maximum = 3)]
    few: Option<NonZeroU16>,
    #[elicit(minimum = 5)]
    at_least: Option<NonZeroU32>,
    #[elicit(minimum = -5, maximum = 5)]
    delta: Option<NonZeroI32>,
    #[elicit(minimum = 1, maximum = 9)]
    positive: Option<NonZeroI16>,
    #[elicit(maximum = -1)]
    negative: Option<NonZeroI64>,
    #[elicit(maximum = 18_446_744_073_709_551_615)]
    id: Option<NonZeroU64>,
    #[elicit(minimum = -9_223_372_036_854_775_808, maximum = 9_223_372_036_854_775_807)]
    wide: Option<NonZeroI64>,
    #[elicit(default = 3)]
    level: NonZeroU8,
}

/// A share, in percent
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Percent(#[elicit(minimum = 0, maximum = 100)] u8);

/// An e-mail address
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Email(#[elicit(format = "email", max_length = 254)] String);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Slug(
    #[elicit(min_length = 1, max_length = 12, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")] String,
);

// A newtype of a newtype: both parsers check.
/// Your address at work
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct WorkEmail(#[elicit(pattern = "@example\\.com$")] Email);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Big(#[elicit(maximum = 18_446_744_073_709_551_615)] u64);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Low(#[elicit(minimum = -9_223_372_036_854_775_808)] i64);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Ratio(#[elicit(minimum = 0.0, maximum = 1.0)] f64);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Steps(NonZeroU32);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Nudge(#[elicit(minimum = -3, maximum = 3)] NonZeroI8);

/// The date it starts
#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Day(chrono::NaiveDate);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Paint(Color);

#[derive(Elicit, Debug)]
#[allow(dead_code)]
pub(crate) struct Palette(#[elicit(min_items = 1, max_items = 2)] Vec<Color>);

/// Newtypes as fields: their own constraints, narrowed (never widened) by the field's.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Newtypes {
    share: Percent,
    #[elicit(minimum = 10)]
    discount: Option<Percent>,
    #[elicit(maximum = 200)]
    tip: Option<Percent>,
    email: Option<Email>,
    #[elicit(title = "Copy to", max_length = 20)]
    cc: Option<Email>,
    slug: Option<Slug>,
    #[elicit(pattern = "^[a-z\\-]+$")]
    word: Option<Slug>,
    work: Option<WorkEmail>,
    big: Option<Big>,
    low: Option<Low>,
    ratio: Option<Ratio>,
    steps: Option<Steps>,
    nudge: Option<Nudge>,
    day: Option<Day>,
    paint: Option<Paint>,
    palette: Option<Palette>,
    #[elicit(default = Percent(50))]
    fallback: Percent,
    #[elicit(default = "support@example.com")]
    reply_to: Email,
}

/// How to reach you
#[derive(Elicit, Debug, serde::Deserialize)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Contact {
    #[elicit(format = "email")]
    email_address: String,
    phone: Option<String>,
    #[elicit(default = true)]
    may_call: bool,
}

/// Where to ship it
#[derive(Elicit, Debug, serde::Deserialize)]
#[allow(dead_code)]
pub(crate) struct Address {
    #[elicit(min_length = 1)]
    street: String,
    city: String,
    #[elicit(default = "NL")]
    country: String,
    #[elicit(minimum = 0, maximum = 99)]
    floor: Option<u8>,
}

#[derive(Elicit, Debug, serde::Deserialize)]
#[allow(dead_code)]
pub(crate) struct Coordinates {
    #[elicit(minimum = -90, maximum = 90)]
    lat: f64,
    lon: f64,
}

#[derive(Elicit, Debug, serde::Deserialize)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
#[allow(dead_code)]
pub(crate) struct Place {
    place_name: String,
    #[elicit(flatten)]
    at: Coordinates,
}

/// Flattened sub-forms: required, optional (`#[serde(flatten)]`) and two levels deep, under
/// a `deny_unknown_fields` parent.
#[derive(Elicit, Debug, serde::Deserialize)]
#[elicit(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct Flattened {
    #[elicit(min_length = 1)]
    name: String,
    #[elicit(flatten)]
    contact: Contact,
    #[serde(flatten)]
    shipping: Option<Address>,
    #[elicit(flatten)]
    place: Option<Place>,
    #[elicit(minimum = 1, maximum = 12)]
    party: u8,
}

/// The ecosystem types behind features (chrono, time, url) and the std IP addresses.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Ecosystem {
    day: chrono::NaiveDate,
    at: Option<chrono::DateTime<chrono::Utc>>,
    local: Option<chrono::DateTime<chrono::FixedOffset>>,
    date: Option<time::Date>,
    moment: Option<time::OffsetDateTime>,
    site: Option<url::Url>,
    ip: Option<std::net::IpAddr>,
    #[elicit(default = "2026-01-01")]
    start: chrono::NaiveDate,
    #[elicit(default = "https://example.com/docs")]
    docs: url::Url,
}

pub(crate) fn seven() -> u32 {
    7
}

/// Renamed and skipped fields, and titles and descriptions set by hand.
#[derive(Elicit, Debug, serde::Deserialize)]
#[allow(dead_code)]
pub(crate) struct Renamed {
    #[serde(rename = "e-mail")]
    #[elicit(format = "email")]
    email: String,
    #[serde(rename = "zip")]
    #[elicit(rename = "zip", pattern = "^[0-9]{4}$")]
    postal_code: Option<String>,
    /// Not this doc comment
    #[elicit(title = "Your age", description = "In whole years", maximum = 150)]
    age: Option<u8>,
    #[serde(rename = "Nick Name")]
    #[elicit(rename = "Nick Name", title = "Nickname", max_length = 8)]
    nick: Option<String>,
    #[elicit(skip)]
    cache: Vec<u8>,
    #[serde(skip)]
    internal: u32,
    #[elicit(skip, default = 7)]
    retries: u8,
    #[serde(skip, default = "seven")]
    from_fn: u32,
}

/// A `deny_unknown_fields` form with renamed and skipped fields: their Rust names are
/// unknown keys.
#[derive(Elicit, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct RenamedClosed {
    #[serde(rename = "id")]
    ident: String,
    #[elicit(skip)]
    counter: u32,
    #[serde(rename = "n")]
    #[elicit(rename = "n", minimum = 1)]
    number: Option<u8>,
}
