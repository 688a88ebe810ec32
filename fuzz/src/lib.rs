//! The forms and oracles the fuzz targets share.
//!
//! Each target turns libFuzzer's bytes into JSON and hands it to one `check_*` function
//! here, which runs the code under test and panics when an oracle disagrees with it. The
//! oracles are written apart from `elicit-core`'s checker wherever they can be (the typed
//! values are re-checked by hand, patterns with another regex engine, numbers with plain
//! `f64` arithmetic), so a bug shared by the parser and `validate` would still show.
//!
//! Run them with `scripts/fuzz.sh`; reproduce a crash with
//! `cargo fuzz run <target> fuzz/artifacts/<target>/crash-…`. Between campaigns,
//! `cargo test --workspace` replays every file of `corpus/<target>/` through [`target::ALL`]
//! on stable Rust (`tests/tests/fuzz_corpus_replay.rs`, which compiles this file as a
//! module): an input that once found a bug goes into the corpus, and stays guarded.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Debug;
use std::sync::OnceLock;

use elicit_core::protocol::{ElicitAction, ElicitResult, OutcomeError, ReadError};
use elicit_core::schema::{NumberKind, NumberSchema, PropertySchema, RequestedSchema};
use elicit_core::{ContentError, Elicit, ElicitOutcome, FieldErrorKind};
use serde_json::{Map, Number, Value};

/// An untitled select (`enum`, no titles).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(untitled, rename_all = "lowercase")]
pub enum Flavor {
    /// Vanilla
    Vanilla,
    /// Chocolate
    Chocolate,
    /// Strawberry
    Strawberry,
}

/// A titled select (`oneOf` / `items.anyOf`).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
pub enum Size {
    /// Small
    Small,
    /// Medium
    Medium,
    /// Extra large
    ExtraLarge,
}

/// The 2025-06-18 select (`enum` + `enumNames`).
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names)]
pub enum Legacy {
    /// Yes please
    Yes,
    /// No thanks
    No,
}

/// A newtype field: carries its own constraints into the schema and checks them itself.
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
pub struct Percent(#[elicit(minimum = 0, maximum = 100)] u8);

/// A form flattened into [`Rich`], required.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "camelCase")]
pub struct Contact {
    /// Work e-mail
    #[elicit(format = "email")]
    pub work_email: Option<String>,
    /// Extension
    #[elicit(minimum = 100, maximum = 999)]
    pub extension: u16,
    /// Callable
    #[elicit(default = false)]
    pub callable: bool,
}

/// Every kind of field a derived form can have: strings with each format, a pattern and
/// lengths; every integer width, bounded and not; floats; booleans; options; defaults;
/// single selects in the three styles and multi-selects as `Vec`, `BTreeSet` and `HashSet`.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "camelCase")]
pub struct Rich {
    /// Name
    #[elicit(min_length = 2, max_length = 8)]
    pub name: String,
    /// E-mail
    #[elicit(format = "email")]
    pub email: Option<String>,
    /// Website
    #[elicit(format = "uri")]
    pub website: Option<String>,
    /// Birthday
    #[elicit(format = "date")]
    pub birthday: Option<String>,
    /// Meeting
    #[elicit(format = "date-time")]
    pub meeting: Option<String>,
    /// Code
    #[elicit(pattern = "^[a-z]+-[0-9]{2,4}$", max_length = 12)]
    pub code: Option<String>,
    /// Nickname
    #[elicit(default = "anon", max_length = 10)]
    pub nickname: String,
    /// Note
    pub note: Option<String>,
    /// i8
    pub tiny: Option<i8>,
    /// i16
    #[elicit(minimum = -1000)]
    pub short: Option<i16>,
    /// i32
    pub int: Option<i32>,
    /// i64
    pub long: Option<i64>,
    /// isize
    pub size_signed: Option<isize>,
    /// u8
    #[elicit(default = 7)]
    pub byte: u8,
    /// u16
    #[elicit(maximum = 5000)]
    pub word: Option<u16>,
    /// u32
    pub dword: Option<u32>,
    /// u64
    pub qword: Option<u64>,
    /// usize
    pub size_unsigned: Option<usize>,
    /// Small
    #[elicit(minimum = -10, maximum = 10)]
    pub small: i32,
    /// Ratio
    #[elicit(minimum = 0.5, maximum = 99.5)]
    pub ratio: Option<f64>,
    /// f32
    pub single: Option<f32>,
    /// f64
    pub double: Option<f64>,
    /// Flag
    pub flag: bool,
    /// Maybe
    pub maybe_flag: Option<bool>,
    /// Opt in
    #[elicit(default = true)]
    pub opt_in: bool,
    /// Flavor
    pub flavor: Flavor,
    /// Size
    pub size: Option<Size>,
    /// Legacy
    pub legacy: Option<Legacy>,
    /// Default size
    #[elicit(default = Size::Medium)]
    pub default_size: Size,
    /// Flavors
    #[elicit(min_items = 1, max_items = 2)]
    pub flavors: Vec<Flavor>,
    /// Sizes
    pub sizes: Option<BTreeSet<Size>>,
    /// Default sizes
    #[elicit(default = [Size::Small])]
    pub default_sizes: HashSet<Size>,
    /// A newtype field
    pub percent: Option<Percent>,
    /// A flattened form
    #[elicit(flatten)]
    pub contact: Contact,
}

/// A form with an optional flattened group: `Some` only when the user answered one of the
/// group's properties, and then the group's required ones must be there too. The schema
/// cannot say "all or none", so here the parser is stricter than `validate`: what it accepts
/// `validate` accepts, not the reverse.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Grouped {
    /// Title
    #[elicit(max_length = 20)]
    pub title: String,
    /// The group
    #[elicit(flatten)]
    pub contact: Option<Contact>,
}

/// A small form that denies unknown keys.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(deny_unknown_fields)]
pub struct Strict {
    /// Id
    pub id: u64,
    /// Label
    #[elicit(min_length = 1)]
    pub label: Option<String>,
    /// Weight
    #[elicit(default = 1.5)]
    pub weight: f64,
    /// Choice
    pub choice: Option<Flavor>,
}

/// A typed value re-checked against its form's declared constraints, by hand.
pub trait Constraints {
    /// Panics naming the first constraint `self` breaks.
    fn assert_constraints(&self);
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// `^[a-z]+-[0-9]{2,4}$` in the `regex` crate, not the parser's own matcher.
fn code_pattern() -> &'static regex::Regex {
    static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
    PATTERN.get_or_init(|| regex::Regex::new("^[a-z]+-[0-9]{2,4}$").expect("valid pattern"))
}

/// Necessary conditions of an e-mail address, written independently of `format.rs`.
fn plausible_email(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && local.len() <= 64
        && !domain.is_empty()
        && text.is_ascii()
        && !text.chars().any(|c| c.is_ascii_control())
}

fn plausible_uri(text: &str) -> bool {
    let Some((scheme, _)) = text.split_once(':') else {
        return false;
    };
    scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.is_ascii()
        && !text
            .chars()
            .any(|c| c.is_ascii_whitespace() || c.is_ascii_control())
}

/// The days of each month, from the proleptic Gregorian rules, as a table rather than a
/// `match` like `format.rs`.
fn real_date(text: &str) -> bool {
    const DAYS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return false;
    };
    let numeric = |part: &str, width: usize| {
        (part.len() == width && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let (Some(year), Some(month), Some(day)) =
        (numeric(year, 4), numeric(month, 2), numeric(day, 2))
    else {
        return false;
    };
    if !(1..=12).contains(&month) {
        return false;
    }
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let last = DAYS[month as usize - 1] + u32::from(month == 2 && leap);
    (1..=last).contains(&day)
}

fn plausible_date_time(text: &str) -> bool {
    if !text.is_ascii() || text.len() < 20 {
        return false;
    }
    let (date, rest) = text.split_at(10);
    if !real_date(date) || !rest.starts_with(['T', 't']) {
        return false;
    }
    let number =
        |range: std::ops::Range<usize>| rest.get(range).and_then(|s| s.parse::<u32>().ok());
    let (Some(hour), Some(minute), Some(second)) = (number(1..3), number(4..6), number(7..9))
    else {
        return false;
    };
    hour < 24
        && minute < 60
        && second <= 60
        && (rest.ends_with(['Z', 'z'])
            || rest.len() >= 6 && rest.as_bytes()[rest.len() - 3] == b':')
}

fn within(value: f64, low: f64, high: f64) -> bool {
    value.is_finite() && low <= value && value <= high
}

fn distinct<T: PartialEq>(items: &[T]) -> bool {
    items
        .iter()
        .enumerate()
        .all(|(index, item)| !items[..index].contains(item))
}

impl Constraints for Rich {
    fn assert_constraints(&self) {
        assert!(
            (2..=8).contains(&chars(&self.name)),
            "name length: {self:?}"
        );
        if let Some(email) = &self.email {
            assert!(plausible_email(email), "email: {email:?}");
        }
        if let Some(website) = &self.website {
            assert!(plausible_uri(website), "website: {website:?}");
        }
        if let Some(birthday) = &self.birthday {
            assert!(real_date(birthday), "birthday: {birthday:?}");
        }
        if let Some(meeting) = &self.meeting {
            assert!(plausible_date_time(meeting), "meeting: {meeting:?}");
        }
        if let Some(code) = &self.code {
            assert!(code_pattern().is_match(code), "code: {code:?}");
            assert!(chars(code) <= 12, "code length: {code:?}");
        }
        assert!(chars(&self.nickname) <= 10, "nickname: {:?}", self.nickname);
        if let Some(short) = self.short {
            assert!(short >= -1000, "short: {short}");
        }
        if let Some(word) = self.word {
            assert!(word <= 5000, "word: {word}");
        }
        assert!((-10..=10).contains(&self.small), "small: {}", self.small);
        if let Some(ratio) = self.ratio {
            assert!(within(ratio, 0.5, 99.5), "ratio: {ratio}");
        }
        if let Some(single) = self.single {
            assert!(single.is_finite(), "single: {single}");
        }
        if let Some(double) = self.double {
            assert!(double.is_finite(), "double: {double}");
        }
        assert!(
            (1..=2).contains(&self.flavors.len()) && distinct(&self.flavors),
            "flavors: {:?}",
            self.flavors
        );
        if let Some(Percent(percent)) = self.percent {
            assert!(percent <= 100, "percent: {percent}");
        }
        self.contact.assert_constraints();
    }
}

impl Constraints for Contact {
    fn assert_constraints(&self) {
        if let Some(email) = &self.work_email {
            assert!(plausible_email(email), "work email: {email:?}");
        }
        assert!(
            (100..=999).contains(&self.extension),
            "extension: {}",
            self.extension
        );
    }
}

impl Constraints for Grouped {
    fn assert_constraints(&self) {
        assert!(chars(&self.title) <= 20, "title: {:?}", self.title);
        if let Some(contact) = &self.contact {
            contact.assert_constraints();
        }
    }
}

impl Constraints for Strict {
    fn assert_constraints(&self) {
        if let Some(label) = &self.label {
            assert!(!label.is_empty(), "label: {label:?}");
        }
        assert!(self.weight.is_finite(), "weight: {}", self.weight);
    }
}

/// Exercises an error's text and JSON, which a server hands back to the client.
fn render(error: &ContentError) {
    let text = error.to_string();
    let json = serde_json::to_value(error).expect("a ContentError serializes");
    let listed = json["errors"].as_array().map_or(0, Vec::len);
    assert_eq!(listed, error.errors().len(), "{text}");
    for field_error in error.errors() {
        assert!(!field_error.kind().code().is_empty());
    }
}

fn field_names(error: &ContentError) -> Vec<&str> {
    error.errors().iter().map(|e| e.field()).collect()
}

/// Each error's field and kind, in order.
fn field_errors(error: &ContentError) -> Vec<(&str, &FieldErrorKind)> {
    error
        .errors()
        .iter()
        .map(|e| (e.field(), e.kind()))
        .collect()
}

/// Whether the parser's `parsed` error for a field may differ from `validate`'s `checked`:
/// only when the type's own conversion refused the value before the schema was checked (a
/// number outside the Rust type, which the schema's bounds name as a bound) — every other
/// error is the schema's, in the same words.
fn same_error(parsed: &FieldErrorKind, checked: &FieldErrorKind) -> bool {
    parsed == checked
        || matches!(
            (parsed, checked),
            (
                FieldErrorKind::OutOfRange { .. },
                FieldErrorKind::BelowMinimum { .. } | FieldErrorKind::AboveMaximum { .. }
            )
        )
}

/// The typed parser of `T` on `content`, against every oracle:
///
/// - it never panics (nor does anything below);
/// - its verdict equals `validate`'s (plus unknown keys, when `T` denies them), and both
///   name the same invalid fields;
/// - what it accepts meets every declared constraint, re-checked by hand on the typed value;
/// - what it accepts writes back (`to_content`) as content that `validate` accepts and that
///   parses to the same value.
pub fn check_form<T>(content: &Map<String, Value>, denies_unknown: bool)
where
    T: Elicit + Constraints + Debug + PartialEq,
{
    check_form_with::<T>(content, denies_unknown, Verdicts::Equal);
}

/// How the typed parser's verdict must relate to `validate`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdicts {
    /// The same verdict, blaming the same fields.
    Equal,
    /// What the parser accepts `validate` accepts (an optional flattened group).
    ParserStricter,
}

/// The fields of the fuzzed forms that are `f32`s (`Rich::single`).
const F32_FIELDS: &[&str] = &["single"];

/// `validate`'s verdict without the errors of the one documented departure of the typed
/// reader: an `f32` field reads a number just past its bound as the `f32` it rounds to, which
/// is the bound (`validate` reads the schema's letter; the types guide, "f32").
fn excuse_f32_nearest(verdict: Result<(), ContentError>) -> Result<(), ContentError> {
    let Err(error) = verdict else {
        return Ok(());
    };
    let rounds_onto = |value: &Number, bound: &Number| {
        let (Some(value), Some(bound)) = (value.as_f64(), bound.as_f64()) else {
            return false;
        };
        #[allow(clippy::cast_possible_truncation, clippy::float_cmp)]
        let onto = f64::from(value as f32) == bound;
        onto
    };
    let rest: Vec<elicit_core::FieldError> = error
        .into_errors()
        .into_iter()
        .filter(|error| {
            !F32_FIELDS.contains(&error.field())
                || !match error.kind() {
                    FieldErrorKind::BelowMinimum { minimum, value } => rounds_onto(value, minimum),
                    FieldErrorKind::AboveMaximum { maximum, value } => rounds_onto(value, maximum),
                    _ => false,
                }
        })
        .collect();
    if rest.is_empty() {
        Ok(())
    } else {
        Err(ContentError::from(rest))
    }
}

/// [`check_form`], with the relation between the verdicts given.
pub fn check_form_with<T>(content: &Map<String, Value>, denies_unknown: bool, verdicts: Verdicts)
where
    T: Elicit + Constraints + Debug + PartialEq,
{
    let schema = T::requested_schema();
    let parsed = T::from_content(content);
    let verdict = excuse_f32_nearest(schema.validate(content));
    let unknown: Vec<&str> = if denies_unknown {
        content
            .keys()
            .map(String::as_str)
            .filter(|key| schema.property(key).is_none())
            .collect()
    } else {
        Vec::new()
    };
    let expected_ok = verdict.is_ok() && unknown.is_empty();
    if verdicts == Verdicts::Equal || parsed.is_ok() {
        assert_eq!(
            parsed.is_ok(),
            expected_ok,
            "from_content and validate disagree on {content:?}:\nparsed: {parsed:?}\nvalidate: {verdict:?}"
        );
    }
    match parsed {
        Ok(value) => {
            value.assert_constraints();
            let written = value.to_content();
            // A `None` is left out, never written as `null`, which no schema allows.
            assert!(
                written.values().all(|value| !value.is_null()),
                "to_content of {value:?} writes a null: {written:?}"
            );
            if let Err(error) = schema.validate(&written) {
                panic!("to_content of {value:?} does not validate: {error}");
            }
            assert_eq!(
                T::from_content(&written).as_ref(),
                Ok(&value),
                "round trip through {written:?}"
            );
        }
        Err(error) if verdicts == Verdicts::ParserStricter => {
            render(&error);
            // Every field `validate` blames, the parser blames too.
            if let Err(verdict) = &verdict {
                let blamed = field_names(&error);
                for field in field_names(verdict) {
                    assert!(blamed.contains(&field), "{field} not blamed: {error:?}");
                }
            }
        }
        Err(error) => {
            render(&error);
            // The same errors, in the same order: `validate`'s, then the unknown keys, sorted.
            let mut unknown = unknown;
            unknown.sort_unstable();
            let mut expected: Vec<(&str, &FieldErrorKind)> =
                verdict.as_ref().err().map_or_else(Vec::new, field_errors);
            expected.extend(
                unknown
                    .iter()
                    .map(|key| (*key, &FieldErrorKind::UnknownField)),
            );
            let found = field_errors(&error);
            let agree = found.len() == expected.len()
                && found
                    .iter()
                    .zip(&expected)
                    .all(|((field, parsed), (name, checked))| {
                        field == name && same_error(parsed, checked)
                    });
            assert!(
                agree,
                "different errors for {content:?}:\nparsed: {error:?}\nvalidate: {verdict:?}"
            );
        }
    }
    if let Err(error) = &verdict {
        render(error);
    }
}

/// Target 1: `from_content` of the rich form and of the strict one.
pub fn check_content(content: &Map<String, Value>) {
    check_form::<Rich>(content, false);
    check_form::<Strict>(content, true);
    check_form_with::<Grouped>(content, false, Verdicts::ParserStricter);
}

/// Target 2: `ElicitOutcome::from_result` on any JSON, against `ElicitResult::from_value`
/// followed by `from_content`, and its own round trip through `to_result`.
pub fn check_outcome(value: &Value) {
    let typed = ElicitOutcome::<Rich>::from_result(value);
    let untyped = ElicitResult::from_value(value);
    if let Err(error) = &typed {
        let _ = error.to_string();
        let _ = std::error::Error::source(error);
    }
    match untyped {
        Err(error) => assert_eq!(typed, Err(error), "from_result and from_value disagree"),
        Ok(result) => {
            // What `from_value` read must write back and read again the same.
            assert_eq!(
                ElicitResult::from_value(&result.to_value()).as_ref(),
                Ok(&result),
                "ElicitResult round trip"
            );
            match result.action {
                ElicitAction::Accept => {
                    let empty = Map::new();
                    let content = result.content.as_ref().unwrap_or(&empty);
                    check_form::<Rich>(content, false);
                    match (Rich::from_content(content), &typed) {
                        (Ok(parsed), Ok(ElicitOutcome::Accepted(answer))) => {
                            assert_eq!(&parsed, answer);
                        }
                        (Err(error), Err(OutcomeError::Invalid(invalid))) => {
                            assert_eq!(&error, invalid);
                        }
                        (parsed, typed) => {
                            panic!("from_content gave {parsed:?}, from_result gave {typed:?}")
                        }
                    }
                }
                ElicitAction::Decline => assert_eq!(typed, Ok(ElicitOutcome::Declined)),
                ElicitAction::Cancel => assert_eq!(typed, Ok(ElicitOutcome::Cancelled)),
            }
        }
    }
    if let Ok(outcome) = typed {
        let written = outcome.to_result();
        assert_eq!(
            ElicitOutcome::<Rich>::from_result(&written).as_ref(),
            Ok(&outcome),
            "outcome round trip through {written}"
        );
    }
}

/// The limit the outcome target reads bytes with: under libFuzzer's longest inputs, so both
/// sides of it are exercised.
const BYTE_LIMIT: usize = 2048;

/// Target 2, from bytes: [`ElicitOutcome::from_slice_limited`] must agree with parsing the
/// bytes as JSON and calling `from_result`, refuse whatever is over the limit, and call
/// anything serde_json cannot parse a JSON error. Then [`check_outcome`] on the value.
pub fn check_outcome_bytes(data: &[u8]) {
    let limited = ElicitOutcome::<Rich>::from_slice_limited(data, BYTE_LIMIT);
    if let Err(error) = &limited {
        let _ = error.to_string();
    }
    let parsed = serde_json::from_slice::<Value>(data);
    if data.len() > BYTE_LIMIT {
        assert!(
            matches!(limited, Err(ReadError::TooLarge { limit: BYTE_LIMIT, length }) if length == data.len()),
            "{} bytes over a limit of {BYTE_LIMIT} gave {limited:?}",
            data.len()
        );
    } else {
        match (&parsed, limited) {
            (Err(_), Err(ReadError::Json(_))) => {}
            (Ok(value), Ok(outcome)) => {
                assert_eq!(ElicitOutcome::<Rich>::from_result(value), Ok(outcome));
            }
            (Ok(value), Err(ReadError::Outcome(error))) => {
                assert_eq!(ElicitOutcome::<Rich>::from_result(value), Err(error));
            }
            (parsed, limited) => {
                panic!("serde_json gave {parsed:?}, the limited reader {limited:?}")
            }
        }
    }
    if let Ok(value) = parsed {
        check_outcome(&value);
    }
}

/// An answer read from bytes, comparable: a `ReadError`'s JSON error by its text.
#[derive(Debug, PartialEq)]
enum ByteVerdict<T> {
    Read(ElicitOutcome<T>),
    TooLarge { limit: usize, length: usize },
    Json(String),
    Outcome(OutcomeError),
}

fn byte_verdict<T>(read: Result<ElicitOutcome<T>, ReadError>) -> ByteVerdict<T> {
    match read {
        Ok(outcome) => ByteVerdict::Read(outcome),
        Err(ReadError::TooLarge { limit, length }) => ByteVerdict::TooLarge { limit, length },
        Err(ReadError::Json(error)) => ByteVerdict::Json(error.to_string()),
        Err(ReadError::Outcome(error)) => ByteVerdict::Outcome(error),
        Err(other) => panic!("a new ReadError: {other:?}"),
    }
}

/// The general way from bytes: a `Value`, `ElicitResult::from_value`, then `from_content`.
fn read_generally<T: Elicit>(data: &[u8], limit: usize) -> Result<ElicitOutcome<T>, ReadError> {
    let result = ElicitResult::from_slice_limited(data, limit)?;
    Ok(ElicitOutcome::from_elicit_result(&result)?)
}

/// `ElicitOutcome::<T>::from_slice_limited`, which reads a derived form's answer straight from
/// the bytes, gives exactly what the general way gives: the same outcome, the same errors
/// (every field's, in order, with their kinds), the same JSON error text.
pub fn check_bytes_form<T: Elicit + Debug + PartialEq>(data: &[u8], limit: usize) {
    let direct = byte_verdict(ElicitOutcome::<T>::from_slice_limited(data, limit));
    let general = byte_verdict(read_generally::<T>(data, limit));
    assert_eq!(
        direct,
        general,
        "the bytes reader and the general way disagree on {:?}",
        String::from_utf8_lossy(data)
    );
}

/// Target 4: bytes to a typed outcome for the three forms (one with a flattened form, one
/// with an optional flattened group, one that denies unknown keys), against the general way;
/// then, for an accepted content, `from_content`'s errors against `validate`'s
/// ([`check_form`]).
pub fn check_bytes(data: &[u8]) {
    check_bytes_form::<Rich>(data, BYTE_LIMIT);
    check_bytes_form::<Strict>(data, BYTE_LIMIT);
    check_bytes_form::<Grouped>(data, BYTE_LIMIT);
    if let Ok(Value::Object(message)) = serde_json::from_slice::<Value>(data) {
        for content in [
            message.get("content"),
            message.get("result").and_then(|r| r.get("content")),
        ]
        .into_iter()
        .flatten()
        {
            if let Value::Object(content) = content {
                check_content(content);
            }
        }
    }
}

/// Target 3: a `RequestedSchema` from any JSON, and `validate` of any content against it.
///
/// - A schema that deserializes serializes back to JSON that deserializes to an equal schema;
///   through text too, wherever `serde_json` reads that text back as the same JSON (without
///   its `float_roundtrip` feature, which the fuzz crate turns on and the workspace that
///   replays the corpus does not, a long float may come back one ULP off).
/// - `validate` never panics, and its errors are recomputed here from its documented rules
///   ([`expected_errors`]): the same fields, in the same order, with the same kinds.
/// - `check` agrees with a hand-written model of each kind wherever the model is exact.
/// - `apply_defaults` fills exactly the absent properties that have a default.
pub fn check_schema(schema: &Value, content: Option<&Value>) {
    let Ok(parsed) = serde_json::from_value::<RequestedSchema>(schema.clone()) else {
        return;
    };
    let json = serde_json::to_value(&parsed).expect("a RequestedSchema serializes");
    let again: RequestedSchema = serde_json::from_value(json.clone())
        .unwrap_or_else(|error| panic!("re-serialized schema {json} does not read back: {error}"));
    assert_eq!(again, parsed, "schema round trip through {json}");
    let text = serde_json::to_string(&parsed).expect("serializes to text");
    if serde_json::from_str::<Value>(&text).is_ok_and(|reread| reread == json) {
        let from_text: RequestedSchema = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("text {text} does not read back: {error}"));
        assert_eq!(from_text, parsed, "schema round trip through text {text}");
    }

    let Some(Value::Object(content)) = content else {
        return;
    };
    let verdict = parsed.validate(content);
    let expected = expected_errors(&parsed, content);
    match &verdict {
        Ok(()) => assert!(
            expected.is_empty(),
            "validate passed, but these fail: {expected:?}"
        ),
        Err(error) => {
            render(error);
            let found = field_errors(error);
            let agree = found.len() == expected.len()
                && found
                    .iter()
                    .zip(&expected)
                    .all(|((field, kind), (name, want))| field == name && want.matches(kind));
            assert!(
                agree,
                "validate blamed other fields:\nvalidate: {found:?}\nexpected: {expected:?}"
            );
        }
    }
    assert_eq!(
        again.validate(content),
        verdict,
        "round-tripped schema decides otherwise"
    );

    let mut filled = content.clone();
    parsed.apply_defaults(&mut filled);
    let mut expected_filled = content.clone();
    for (name, property) in &parsed.properties {
        if !content.contains_key(name)
            && let Some(default) = typed_default(property)
        {
            expected_filled.insert(name.clone(), default);
        }
    }
    assert_eq!(filled, expected_filled, "apply_defaults");
    let _ = parsed.validate(&filled);
}

/// What `validate` must report about a field.
#[derive(Debug)]
pub enum Expected {
    /// This kind exactly: `Missing`, `UnknownField`, or the error `check` gave.
    Kind(FieldErrorKind),
    /// A `const` or an `enum` beyond the typed schema refused the value: an `invalid` error,
    /// in words the oracle does not fix.
    Refused,
}

impl Expected {
    fn matches(&self, kind: &FieldErrorKind) -> bool {
        match self {
            Self::Kind(expected) => expected == kind,
            Self::Refused => kind.code() == "invalid",
        }
    }
}

/// The errors `validate` must report, from its rustdoc and the tolerant reader's (the
/// `schema` module, `RequestedSchema`'s "Reading a schema someone else wrote"):
///
/// 1. each property in property order: absent or `null`, `Missing` if required; present, the
///    error `check` gives, else `invalid` if its `const` or its `enum` (kept beside the typed
///    schema, [`PropertyExtras`](elicit_core::schema::PropertyExtras)) refuses the value;
/// 2. then each `required` name that is no property and is absent or `null`: `Missing`, once,
///    in `required`'s order (JSON Schema: a required key must be present, whether or not
///    `properties` describes it);
/// 3. then, for a closed form (root `"additionalProperties": false`), each key of the answer
///    that is no property, whatever its value: `UnknownField`, in the answer's order.
///
/// `const` and `enum` are decided with [`same_json`], written apart from the library's.
pub fn expected_errors(
    schema: &RequestedSchema,
    content: &Map<String, Value>,
) -> Vec<(String, Expected)> {
    let names: HashSet<&str> = schema.properties.iter().map(|(n, _)| n.as_str()).collect();
    let required: HashSet<&str> = schema.required.iter().map(String::as_str).collect();
    let mut expected = Vec::new();
    for (name, property) in &schema.properties {
        match content.get(name) {
            None | Some(Value::Null) => {
                if required.contains(name.as_str()) {
                    expected.push((name.clone(), Expected::Kind(FieldErrorKind::Missing)));
                }
            }
            Some(value) => {
                let checked = property.check(value);
                if let Some(model) = model_check(property, value) {
                    assert_eq!(
                        checked.is_ok(),
                        model,
                        "check of {value} against {property:?} gave {checked:?}"
                    );
                }
                match checked {
                    Err(kind) => expected.push((name.clone(), Expected::Kind(kind))),
                    Ok(()) if !extras_allow(schema, name, value) => {
                        expected.push((name.clone(), Expected::Refused));
                    }
                    Ok(()) => {}
                }
            }
        }
    }
    let mut reported = HashSet::new();
    for name in &schema.required {
        if !names.contains(name.as_str())
            && matches!(content.get(name), None | Some(Value::Null))
            && reported.insert(name.as_str())
        {
            expected.push((name.clone(), Expected::Kind(FieldErrorKind::Missing)));
        }
    }
    if schema.closed {
        for key in content.keys() {
            if !names.contains(key.as_str()) {
                expected.push((key.clone(), Expected::Kind(FieldErrorKind::UnknownField)));
            }
        }
    }
    expected
}

/// Whether the property's `const` and `enum` beyond its typed schema allow `value`.
fn extras_allow(schema: &RequestedSchema, name: &str, value: &Value) -> bool {
    let Some(extras) = schema.property_extras(name) else {
        return true;
    };
    extras
        .constant
        .as_ref()
        .is_none_or(|constant| same_json(value, constant))
        && extras
            .allowed
            .as_ref()
            .is_none_or(|allowed| allowed.iter().any(|option| same_json(value, option)))
}

/// JSON Schema's equality of two instances: numbers by their exact value (`1` is `1.0`,
/// `0` is `-0.0`), arrays item by item, objects by the same keys with equal values.
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| same_json(x, y)))
        }
        _ => a == b,
    }
}

/// Two JSON numbers (each an `i64`, a `u64` or a finite `f64`) by exact value.
fn same_number(x: &Number, y: &Number) -> bool {
    let integer = |n: &Number| {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    };
    // A float equals an integer only when it is whole and inside ±2^64, where the cast to
    // `i128` is exact.
    let float_is = |f: f64, i: i128| {
        f.fract() == 0.0 && f.abs() < 18_446_744_073_709_551_616.0 && {
            #[allow(clippy::cast_possible_truncation)]
            let whole = f as i128;
            whole == i
        }
    };
    match (integer(x), integer(y)) {
        (Some(a), Some(b)) => a == b,
        (Some(i), None) => y.as_f64().is_some_and(|f| float_is(f, i)),
        (None, Some(i)) => x.as_f64().is_some_and(|f| float_is(f, i)),
        (None, None) => x.as_f64() == y.as_f64(),
    }
}

/// A property's typed `default` as the JSON a client would send, read from the model's
/// fields (a `default` the reader could not use is kept among the extras, and fills nothing).
fn typed_default(property: &PropertySchema) -> Option<Value> {
    let strings = |values: &Vec<String>| Value::from(values.clone());
    match property {
        PropertySchema::String(s) => s.default.clone().map(Value::String),
        PropertySchema::Number(s) => s.default.clone().map(Value::Number),
        PropertySchema::Boolean(s) => s.default.map(Value::Bool),
        PropertySchema::UntitledSingleSelect(s) => s.default.clone().map(Value::String),
        PropertySchema::TitledSingleSelect(s) => s.default.clone().map(Value::String),
        PropertySchema::LegacyTitledEnum(s) => s.default.clone().map(Value::String),
        PropertySchema::UntitledMultiSelect(s) => s.default.as_ref().map(strings),
        PropertySchema::TitledMultiSelect(s) => s.default.as_ref().map(strings),
        // Loud, so that a new kind cannot leave the oracle behind unseen.
        other => panic!("a kind of property the oracle does not know: {other:?}"),
    }
}

/// A model of `PropertySchema::check` for the parts that can be modelled exactly without
/// reusing its code: `None` where the model would have to guess (formats, patterns, numbers
/// that `f64` cannot hold exactly, a fractional `multipleOf`).
fn model_check(property: &PropertySchema, value: &Value) -> Option<bool> {
    match property {
        PropertySchema::String(schema) => {
            let Value::String(text) = value else {
                return Some(false);
            };
            let length = text.chars().count() as u64;
            let lengths_ok = schema.min_length.is_none_or(|min| length >= min)
                && schema.max_length.is_none_or(|max| length <= max);
            if !lengths_ok {
                return Some(false);
            }
            (schema.format.is_none() && schema.pattern.is_none()).then_some(true)
        }
        PropertySchema::Number(schema) => model_number(schema, value),
        PropertySchema::Boolean(_) => Some(value.is_boolean()),
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_) => {
            let options: Vec<&str> = property.option_values().collect();
            let (min_items, max_items) = match property {
                PropertySchema::UntitledMultiSelect(s) => (s.min_items, s.max_items),
                PropertySchema::TitledMultiSelect(s) => (s.min_items, s.max_items),
                _ => unreachable!(),
            };
            let Value::Array(items) = value else {
                return Some(false);
            };
            let chosen: Option<Vec<&str>> = items.iter().map(Value::as_str).collect();
            let Some(chosen) = chosen else {
                return Some(false);
            };
            let count = chosen.len() as u64;
            Some(
                chosen.iter().all(|c| options.contains(c))
                    && chosen.iter().collect::<HashSet<_>>().len() == chosen.len()
                    && min_items.is_none_or(|min| count >= min)
                    && max_items.is_none_or(|max| count <= max),
            )
        }
        PropertySchema::UntitledSingleSelect(_)
        | PropertySchema::TitledSingleSelect(_)
        | PropertySchema::LegacyTitledEnum(_) => {
            let options: Vec<&str> = property.option_values().collect();
            Some(
                value
                    .as_str()
                    .is_some_and(|chosen| options.contains(&chosen)),
            )
        }
        other => panic!("a kind of property the oracle does not know: {other:?}"),
    }
}

/// The number model: the type, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`
/// and an integer `multipleOf`, in plain `f64` and `i128` arithmetic.
fn model_number(schema: &NumberSchema, value: &Value) -> Option<bool> {
    let Value::Number(number) = value else {
        return Some(false);
    };
    let x = exact_f64(number)?;
    if schema.kind == NumberKind::Integer && x.fract() != 0.0 {
        return Some(false);
    }
    // Each bound's verdict: `None` where `f64` cannot hold the bound exactly.
    let holds = |bound: &Option<Number>, ok: fn(f64, f64) -> bool| {
        bound
            .as_ref()
            .map_or(Some(true), |bound| Some(ok(x, exact_f64(bound)?)))
    };
    let bounds = [
        holds(&schema.minimum, |x, b| b <= x),
        holds(&schema.maximum, |x, b| x <= b),
        holds(&schema.exclusive_minimum, |x, b| b < x),
        holds(&schema.exclusive_maximum, |x, b| x < b),
    ];
    if bounds.contains(&Some(false)) {
        return Some(false);
    }
    if bounds.contains(&None) {
        return None;
    }
    match &schema.multiple_of {
        None => Some(true),
        Some(divisor) => {
            let whole = |n: &Number| {
                n.as_i64()
                    .map(i128::from)
                    .or_else(|| n.as_u64().map(i128::from))
            };
            let (n, d) = (whole(number)?, whole(divisor)?);
            Some(d != 0 && n % d == 0)
        }
    }
}

/// The number as an `f64`, when that is exact: every float, and integers up to 2^53.
fn exact_f64(number: &Number) -> Option<f64> {
    const EXACT: u64 = 1 << 53;
    if let Some(i) = number.as_i64() {
        #[allow(clippy::cast_precision_loss)]
        return (i.unsigned_abs() <= EXACT).then_some(i as f64);
    }
    if let Some(u) = number.as_u64() {
        #[allow(clippy::cast_precision_loss)]
        return (u <= EXACT).then_some(u as f64);
    }
    number.as_f64()
}

/// Splits a fuzz input into up to two JSON values (a schema and a content), read one after
/// the other as a JSON stream.
pub fn json_pair(data: &[u8]) -> Option<(Value, Option<Value>)> {
    let mut stream = serde_json::Deserializer::from_slice(data).into_iter::<Value>();
    let first = stream.next()?.ok()?;
    let second = stream.next().and_then(Result::ok);
    Some((first, second))
}

pub mod state {
    //! `StateKeys::open` of any string, and of real sealed states altered by the input, under a
    //! fixed ring: never a panic; a string other than a state the ring sealed is refused; every
    //! refusal, and every state opened for another principal, gets the one client answer.
    //!
    //! The first byte picks the mode: even, the rest is the string (lossy UTF-8); odd, the rest
    //! is a list of edits (three bytes each: what, where, with what) applied to the characters
    //! of one of the real states (an encrypted and a readable one, chosen by the first byte).

    use std::sync::OnceLock;

    use elicit_core::protocol::JsonRpcError;
    use elicit_core::state::{Binding, StateError, StateKey, StateKeys};
    use serde_json::{Value, json};

    /// URL-safe base64's alphabet: what an edit writes, so most edits stay decodable.
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    struct Fixture {
        keys: StateKeys,
        binding: Binding,
        /// The same call by someone else.
        stranger: Binding,
        state: Value,
        /// Sealed states of `state` for `binding`: encrypted, then readable.
        sealed: [String; 2],
        answer: JsonRpcError,
    }

    fn fixture() -> &'static Fixture {
        static FIXTURE: OnceLock<Fixture> = OnceLock::new();
        FIXTURE.get_or_init(|| {
            let keys = StateKeys::new(StateKey::new(&[0x5a; 32]).unwrap())
                .with_previous(StateKey::new(&[0xa5; 32]).unwrap())
                .with_audience("https://fuzz.example/mcp");
            let call = Binding::tool("deploy", &json!({"service": "api", "replicas": 2}));
            let binding = call.clone().with_principal("ada");
            let state = json!({"rounds": [{"key": "name", "answer": {"name": "Ada"}}], "tries": 0});
            // Without expiry, so the run does not depend on the clock.
            let sealed = [
                keys.seal_without_expiry(&state, &binding).unwrap(),
                keys.clone()
                    .readable()
                    .seal_without_expiry(&state, &binding)
                    .unwrap(),
            ];
            Fixture {
                keys,
                stranger: call.with_principal("bob"),
                binding,
                state,
                sealed,
                answer: StateError::Malformed.to_jsonrpc_error(),
            }
        })
    }

    /// `original` with the edits of `script` applied to its characters.
    fn edit(original: &str, script: &[u8]) -> Vec<u8> {
        let mut text = original.as_bytes().to_vec();
        for step in script.chunks_exact(3) {
            let (what, at, with) = (step[0], usize::from(step[1]), step[2]);
            let len = text.len();
            match what % 8 {
                0 if len > 0 => text[at % len] = ALPHABET[usize::from(with % 64)],
                1 => text.truncate(at % (len + 1)),
                2 => text.insert(at % (len + 1), ALPHABET[usize::from(with % 64)]),
                3 if len > 0 => {
                    text.remove(at % len);
                }
                // The standard alphabet, as a client that re-encodes might write it.
                4 => {
                    for byte in &mut text {
                        *byte = match *byte {
                            b'-' => b'+',
                            b'_' => b'/',
                            other => other,
                        };
                    }
                }
                5 => text.push(b'='),
                6 => text.insert(at % (len + 1), with),
                7 if len > 0 => text[at % len] ^= with,
                _ => {}
            }
        }
        text
    }

    /// Runs one input: see the module's documentation.
    pub fn check_state_open(data: &[u8]) {
        let fixture = fixture();
        let Some((&mode, rest)) = data.split_first() else {
            return;
        };
        let (text, original) = if mode % 2 == 0 {
            (String::from_utf8_lossy(rest).into_owned(), None)
        } else {
            let original = &fixture.sealed[usize::from(mode / 2) % 2];
            let edited = edit(original, rest);
            (
                String::from_utf8_lossy(&edited).into_owned(),
                Some(original),
            )
        };

        match fixture.keys.open::<Value>(&text, &fixture.binding) {
            Ok(value) => {
                // Only a state the ring sealed opens: with edits, only when they undid themselves.
                if let Some(original) = original {
                    assert_eq!(&text, original, "an altered state opened");
                }
                assert_eq!(value, fixture.state);
            }
            Err(error) => {
                assert_eq!(error.to_jsonrpc_error(), fixture.answer, "{error:?}");
                if original.is_some_and(|original| *original == text) {
                    panic!("the untouched state was refused: {error:?}");
                }
                // An altered state: no reason that needs an authentic header. (Foreign when the
                // key id was altered with other bytes: no key of the ring then recognizes it.)
                if original.is_some() {
                    assert!(
                        matches!(
                            error,
                            StateError::Malformed
                                | StateError::Tampered
                                | StateError::Foreign
                                | StateError::Oversized { .. }
                        ),
                        "an altered state refused as {error:?}"
                    );
                }
            }
        }

        // Nothing opens for someone else, and the answer is the same.
        let error = fixture
            .keys
            .open::<Value>(&text, &fixture.stranger)
            .expect_err("a state opened for another principal");
        assert_eq!(error.to_jsonrpc_error(), fixture.answer, "{error:?}");
    }
}

/// The targets, each a function of libFuzzer's bytes: what `fuzz_targets/<name>.rs` runs,
/// and what the corpus replay (`tests/tests/fuzz_corpus_replay.rs`) runs on each file of
/// `corpus/<name>/`.
pub mod target {
    use serde_json::Value;

    /// A target: libFuzzer's bytes in, a panic when an oracle disagrees.
    pub type Target = fn(&[u8]);

    /// Every target, by the name of its `fuzz_targets/` file and its `corpus/` directory.
    pub const ALL: [(&str, Target); 5] = [
        ("from_content", from_content),
        ("outcome", outcome),
        ("bytes", bytes),
        ("schema", schema),
        ("state_open", state_open),
    ];

    /// Any string, or a real sealed state altered, opened by a fixed ring:
    /// [`check_state_open`](super::state::check_state_open).
    pub fn state_open(data: &[u8]) {
        super::state::check_state_open(data);
    }

    /// `from_content` of the three forms on any JSON object: [`check_content`](super::check_content).
    pub fn from_content(data: &[u8]) {
        if let Ok(Value::Object(content)) = serde_json::from_slice::<Value>(data) {
            super::check_content(&content);
        }
    }

    /// Any bytes as an answer: [`check_outcome_bytes`](super::check_outcome_bytes).
    pub fn outcome(data: &[u8]) {
        super::check_outcome_bytes(data);
    }

    /// Any bytes read straight into the forms: [`check_bytes`](super::check_bytes).
    pub fn bytes(data: &[u8]) {
        super::check_bytes(data);
    }

    /// A JSON stream of a schema and a content: [`check_schema`](super::check_schema).
    pub fn schema(data: &[u8]) {
        if let Some((schema, content)) = super::json_pair(data) {
            super::check_schema(&schema, content.as_ref());
        }
    }
}
