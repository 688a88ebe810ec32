//! Soundness of a derived form, checked from its own schema: a proptest strategy reads
//! `T::requested_schema()` as JSON and generates answers property by property (mostly valid
//! values, edges included, and now and then a wrong value or a missing key), then
//!
//! - every answer `from_content` accepts gives a value whose `to_content` is accepted again,
//!   by `validate` and by `from_content`, which gives the same value back;
//! - `validate` and `from_content` reach the same verdict on every answer, but where an
//!   `f32` field reads a number past its bound as the `f32` it rounds to, which is inside the
//!   bounds (`from_content` accepts what the schema's letter, `validate`, refuses: the
//!   `f32_nearest` departure of the independent-validator corpus);
//! - each `default` of the schema (alone, all together, and amid generated answers) is
//!   accepted by both, and so is the empty answer when nothing is required.
//!
//! Call [`check_form_is_sound`] once per form; it runs [`CASES`] deterministic cases.

use std::fmt::Debug;

use elicit_core::{Elicit, FieldErrorKind};
use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use serde_json::{Map, Number, Value, json};

use crate::generators;

/// Generated answers per form.
pub const CASES: u32 = 256;

/// The fixed seed, so every run (and CI) sees the same answers.
const SEED: u64 = 0x5EED_F0A5;

/// Checks that `T`'s parser, serializer, schema and defaults agree (see the module docs).
///
/// # Panics
/// On the first disagreement, with proptest's shrunk (minimal) answer.
pub fn check_form_is_sound<T: Elicit + PartialEq + Debug>() {
    check::<T>(Verdicts::Equal);
}

/// [`check_form_is_sound`] for a form with a field the parser reads more narrowly than its
/// schema can say (a signed non-zero integer's 0, an IP address, a partly answered optional
/// flattened group): `from_content` may refuse an answer `validate` accepts, never the
/// converse. Every other check is the same.
///
/// # Panics
/// On the first disagreement, with proptest's shrunk (minimal) answer.
pub fn check_narrowed_form_is_sound<T: Elicit + PartialEq + Debug>() {
    check::<T>(Verdicts::ParserMayBeStricter);
}

/// How `from_content`'s verdict must relate to `validate`'s.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdicts {
    Equal,
    ParserMayBeStricter,
}

fn check<T: Elicit + PartialEq + Debug>(verdicts: Verdicts) {
    let schema = serde_json::to_value(T::requested_schema()).expect("the schema serializes");
    let form = Form::read(&schema);
    check_defaults::<T>(&form, verdicts);
    let accepted = std::sync::atomic::AtomicU32::new(0);
    run::<T, _>(&form, "generated answers", answers(&form), |content| {
        if T::from_content(content).is_ok() {
            accepted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        check_answer::<T>(content, verdicts)
    });
    let accepted = accepted.into_inner();
    if std::env::var_os("SOUNDNESS_STATS").is_some() {
        eprintln!(
            "{}: {accepted} of {CASES} generated answers accepted",
            std::any::type_name::<T>()
        );
    }
    assert!(
        accepted > 0 || form.properties.is_empty(),
        "form `{}`: no generated answer was accepted, so nothing was round-tripped",
        std::any::type_name::<T>()
    );
    run::<T, _>(
        &form,
        "defaults among generated answers",
        valid_answers(&form),
        |content| check_defaults_among::<T>(&form, content, verdicts),
    );
}

fn run<T: Elicit, S: Strategy<Value = Map<String, Value>>>(
    form: &Form,
    what: &str,
    strategy: S,
    test: impl Fn(&Map<String, Value>) -> Result<(), TestCaseError>,
) {
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(SEED),
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(error) = runner.run(&strategy, |content| test(&content)) {
        panic!(
            "form `{}` ({} properties), {what}: {error}",
            std::any::type_name::<T>(),
            form.properties.len()
        );
    }
}

/// One answer: the verdicts agree, and an accepted answer round-trips.
fn check_answer<T: Elicit + PartialEq + Debug>(
    content: &Map<String, Value>,
    verdicts: Verdicts,
) -> Result<(), TestCaseError> {
    let parsed = T::from_content(content);
    let verdict = T::requested_schema().validate(content);
    let allowed = (verdicts == Verdicts::ParserMayBeStricter && parsed.is_err())
        || (parsed.is_ok() && verdict.as_ref().is_err_and(only_f32_nearest));
    prop_assert!(
        parsed.is_ok() == verdict.is_ok() || allowed,
        "from_content and validate disagree on {}\nfrom_content: {:?}\nvalidate: {:?}",
        Value::Object(content.clone()),
        parsed,
        verdict
    );
    if let Ok(value) = parsed {
        round_trips(&value)?;
    }
    Ok(())
}

/// Whether every error of `validate`'s is a number past a bound that rounds, as an `f32`, onto
/// the bound: what an `f32` field's reader takes as the `f32` inside its bounds.
fn only_f32_nearest(error: &elicit_core::ContentError) -> bool {
    let rounds_onto = |value: &Number, bound: &Number| {
        let (Some(value), Some(bound)) = (value.as_f64(), bound.as_f64()) else {
            return false;
        };
        #[allow(clippy::cast_possible_truncation, clippy::float_cmp)]
        let onto = f64::from(value as f32) == bound;
        onto
    };
    error.errors().iter().all(|error| match error.kind() {
        FieldErrorKind::BelowMinimum { minimum, value } => rounds_onto(value, minimum),
        FieldErrorKind::AboveMaximum { maximum, value } => rounds_onto(value, maximum),
        _ => false,
    })
}

/// `to_content` of an accepted value is accepted again, as the same value.
fn round_trips<T: Elicit + PartialEq + Debug>(value: &T) -> Result<(), TestCaseError> {
    let written = value.to_content();
    let verdict = T::requested_schema().validate(&written);
    prop_assert!(
        verdict.is_ok(),
        "validate refuses to_content of {:?}: {}\n{:?}",
        value,
        Value::Object(written.clone()),
        verdict
    );
    let again = T::from_content(&written);
    prop_assert_eq!(
        again.as_ref(),
        Ok(value),
        "from_content(to_content(v)) is not v; to_content gave {}",
        Value::Object(written.clone())
    );
    Ok(())
}

/// The fields an error names.
fn blamed(result: Result<(), elicit_core::ContentError>) -> Vec<String> {
    result.err().map_or_else(Vec::new, |error| {
        error
            .errors()
            .iter()
            .map(|e| e.field().to_owned())
            .collect()
    })
}

/// Neither `validate` nor `from_content` blames any of `fields` in `content`, and when
/// either accepts it, it round-trips.
fn defaults_accepted<T: Elicit + PartialEq + Debug>(
    fields: &[&str],
    content: &Map<String, Value>,
) -> Result<(), TestCaseError> {
    let parsed = T::from_content(content);
    let by_validate = blamed(T::requested_schema().validate(content));
    let by_parser = blamed(parsed.as_ref().map(drop).map_err(Clone::clone));
    for field in fields {
        prop_assert!(
            !by_validate.iter().any(|f| f == field) && !by_parser.iter().any(|f| f == field),
            "the default of `{}` is refused in {}\nvalidate: {:?}\nfrom_content: {:?}",
            field,
            Value::Object(content.clone()),
            T::requested_schema().validate(content),
            parsed
        );
    }
    if let Ok(value) = parsed {
        round_trips(&value)?;
    }
    Ok(())
}

/// Each default alone, all of them together, and the empty answer.
fn check_defaults<T: Elicit + PartialEq + Debug>(form: &Form, verdicts: Verdicts) {
    let report = |result: Result<(), TestCaseError>| {
        if let Err(error) = result {
            panic!("form `{}`: {error}", std::any::type_name::<T>());
        }
    };
    let mut all = Map::new();
    let mut names = Vec::new();
    for property in &form.properties {
        if let Some(default) = &property.default {
            let alone = Map::from_iter([(property.name.clone(), default.clone())]);
            report(defaults_accepted::<T>(&[&property.name], &alone));
            all.insert(property.name.clone(), default.clone());
            names.push(property.name.as_str());
        }
    }
    report(defaults_accepted::<T>(&names, &all));
    let required = form.properties.iter().any(|p| p.required);
    if !required || !all.is_empty() {
        report(check_answer::<T>(&all, verdicts));
    }
    let empty = Map::new();
    report(check_answer::<T>(&empty, verdicts));
    if !required {
        match T::from_content(&empty) {
            Ok(value) => report(round_trips(&value)),
            Err(error) => panic!(
                "form `{}` requires nothing but refuses the empty answer: {error}",
                std::any::type_name::<T>()
            ),
        }
    }
}

/// The defaults put into a generated answer, one at a time and all at once.
fn check_defaults_among<T: Elicit + PartialEq + Debug>(
    form: &Form,
    generated: &Map<String, Value>,
    verdicts: Verdicts,
) -> Result<(), TestCaseError> {
    // The generated answer, and the same answer to the required properties only (what a
    // user who fills in only what is asked for sends): defaults go into both.
    let required_only: Map<String, Value> = generated
        .iter()
        .filter(|(name, _)| {
            form.properties
                .iter()
                .any(|p| p.required && &p.name == *name)
        })
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    for base in [generated, &required_only] {
        defaults_into::<T>(form, base, verdicts)?;
    }
    Ok(())
}

fn defaults_into<T: Elicit + PartialEq + Debug>(
    form: &Form,
    base: &Map<String, Value>,
    verdicts: Verdicts,
) -> Result<(), TestCaseError> {
    let base_accepted = T::from_content(base).is_ok();
    let mut all = base.clone();
    let mut names = Vec::new();
    for property in &form.properties {
        if let Some(default) = &property.default {
            let mut one = base.clone();
            one.insert(property.name.clone(), default.clone());
            defaults_accepted::<T>(&[&property.name], &one)?;
            check_answer::<T>(&one, verdicts)?;
            if base_accepted {
                // An accepted answer stays accepted with a default in it (as a client that
                // pre-fills defaults sends it).
                prop_assert!(
                    T::from_content(&one).is_ok(),
                    "accepted {} refused once `{}` is its default: {:?}",
                    Value::Object(base.clone()),
                    property.name,
                    T::from_content(&one)
                );
            }
            all.insert(property.name.clone(), default.clone());
            names.push(property.name.as_str());
        }
    }
    defaults_accepted::<T>(&names, &all)?;
    check_answer::<T>(&all, verdicts)?;
    if base_accepted {
        prop_assert!(
            T::from_content(&all).is_ok(),
            "accepted {} refused with every default in it: {}\n{:?}",
            Value::Object(base.clone()),
            Value::Object(all.clone()),
            T::from_content(&all)
        );
    }
    Ok(())
}

// -------------------------------------------------------------------------------------------
// The schema, as the generator reads it
// -------------------------------------------------------------------------------------------

/// What the generator needs of a `requestedSchema`.
struct Form {
    properties: Vec<Property>,
}

struct Property {
    name: String,
    required: bool,
    default: Option<Value>,
    kind: Kind,
}

enum Kind {
    String {
        min_length: Option<u64>,
        max_length: Option<u64>,
        format: Option<String>,
        pattern: Option<String>,
    },
    Integer {
        minimum: Option<Number>,
        maximum: Option<Number>,
    },
    Number {
        minimum: Option<Number>,
        maximum: Option<Number>,
    },
    Boolean,
    /// A single select: its option values and titles.
    Single {
        options: Vec<String>,
        titles: Vec<String>,
    },
    Multi {
        options: Vec<String>,
        titles: Vec<String>,
        min_items: Option<u64>,
        max_items: Option<u64>,
    },
}

impl Form {
    fn read(schema: &Value) -> Self {
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let properties = schema["properties"]
            .as_object()
            .expect("`properties` is an object")
            .iter()
            .map(|(name, property)| Property {
                name: name.clone(),
                required: required.contains(&name.as_str()),
                default: property.get("default").cloned(),
                kind: Kind::read(property),
            })
            .collect();
        Self { properties }
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The values and titles of `[{"const": …, "title": …}, …]`.
fn consts(options: &Value) -> (Vec<String>, Vec<String>) {
    let options = options.as_array().map(Vec::as_slice).unwrap_or_default();
    let value = |option: &Value, key: &str| option[key].as_str().unwrap_or_default().to_owned();
    (
        options.iter().map(|o| value(o, "const")).collect(),
        options.iter().map(|o| value(o, "title")).collect(),
    )
}

impl Kind {
    fn read(property: &Value) -> Self {
        let number = |key: &str| property.get(key).and_then(Value::as_number).cloned();
        let count = |key: &str| property.get(key).and_then(Value::as_u64);
        match property["type"].as_str() {
            Some("boolean") => Self::Boolean,
            Some("integer") => Self::Integer {
                minimum: number("minimum"),
                maximum: number("maximum"),
            },
            Some("number") => Self::Number {
                minimum: number("minimum"),
                maximum: number("maximum"),
            },
            Some("array") => {
                let items = &property["items"];
                let (options, titles) = if items.get("anyOf").is_some() {
                    consts(&items["anyOf"])
                } else {
                    let options = strings(&items["enum"]);
                    (options.clone(), options)
                };
                Self::Multi {
                    options,
                    titles,
                    min_items: count("minItems"),
                    max_items: count("maxItems"),
                }
            }
            Some("string") if property.get("oneOf").is_some() => {
                let (options, titles) = consts(&property["oneOf"]);
                Self::Single { options, titles }
            }
            Some("string") if property.get("enum").is_some() => {
                let options = strings(&property["enum"]);
                let titles = match property.get("enumNames") {
                    Some(names) => strings(names),
                    None => options.clone(),
                };
                Self::Single { options, titles }
            }
            Some("string") => Self::String {
                min_length: count("minLength"),
                max_length: count("maxLength"),
                format: property["format"].as_str().map(str::to_owned),
                pattern: property["pattern"].as_str().map(str::to_owned),
            },
            other => panic!("a property of unknown type {other:?}: {property}"),
        }
    }
}

// -------------------------------------------------------------------------------------------
// Answers generated from the schema
// -------------------------------------------------------------------------------------------

type Values = BoxedStrategy<Value>;

/// Answers where every property is drawn from its valid values (an optional one may be
/// absent); since a pattern is only roughly followed, some are still refused.
fn valid_answers(form: &Form) -> BoxedStrategy<Map<String, Value>> {
    let per_property: Vec<_> = form
        .properties
        .iter()
        .map(|property| {
            let name = property.name.clone();
            let good = property.good_values();
            if property.required {
                good.prop_map(Some).boxed()
            } else {
                prop_oneof![3 => good.prop_map(Some), 1 => Just(None)].boxed()
            }
            .prop_map(move |value| value.map(|value| (name.clone(), value)))
        })
        .collect();
    per_property
        .prop_map(|pairs| pairs.into_iter().flatten().collect())
        .boxed()
}

/// Valid answers, half of them with one or two properties broken (a wrong value, `null`, or
/// the key removed).
fn answers(form: &Form) -> BoxedStrategy<Map<String, Value>> {
    if form.properties.is_empty() {
        return Just(Map::new()).boxed();
    }
    let breakages: Vec<_> = form
        .properties
        .iter()
        .map(|property| {
            let name = property.name.clone();
            prop_oneof![
                4 => property.bad_values().prop_map(Some),
                1 => Just(Some(Value::Null)),
                1 => Just(None),
            ]
            .prop_map(move |value| (name.clone(), value))
            .boxed()
        })
        .collect();
    let breakage = select(breakages).prop_flat_map(|breakage| breakage);
    (
        valid_answers(form),
        prop_oneof![
            1 => Just(Vec::new()),
            1 => prop::collection::vec(breakage, 1..=2),
        ],
    )
        .prop_map(|(mut content, breakages)| {
            for (name, value) in breakages {
                match value {
                    Some(value) => content.insert(name, value),
                    None => content.remove(&name),
                };
            }
            content
        })
        .boxed()
}

impl Property {
    /// Values that mostly satisfy the property, its edges and default included.
    fn good_values(&self) -> Values {
        let values = match &self.kind {
            Kind::String {
                min_length,
                max_length,
                format,
                pattern,
            } => good_strings(
                *min_length,
                *max_length,
                format.as_deref(),
                pattern.as_deref(),
            ),
            Kind::Integer { minimum, maximum } => good_integers(minimum, maximum),
            Kind::Number { minimum, maximum } => good_numbers(minimum, maximum),
            Kind::Boolean => any::<bool>().prop_map(Value::Bool).boxed(),
            Kind::Single { options, .. } if options.is_empty() => Just(json!("")).boxed(),
            Kind::Single { options, .. } => select(options.clone()).prop_map(Value::from).boxed(),
            Kind::Multi {
                options,
                min_items,
                max_items,
                ..
            } => good_selections(options, *min_items, *max_items),
        };
        match &self.default {
            Some(default) => prop_oneof![4 => values, 1 => Just(default.clone())].boxed(),
            None => values,
        }
    }

    /// Values the property mostly refuses.
    fn bad_values(&self) -> Values {
        let wrong_type = match &self.kind {
            Kind::Integer { .. } | Kind::Number { .. } => {
                select(vec![json!("1"), json!(true), json!([1])]).boxed()
            }
            Kind::Boolean => select(vec![json!("true"), json!(1), json!(0)]).boxed(),
            Kind::Multi { options, .. } => {
                let first = options.first().cloned().unwrap_or_default();
                select(vec![json!(first), json!([1]), json!([null]), json!({})]).boxed()
            }
            _ => select(vec![json!(1), json!(false), json!(["a"])]).boxed(),
        };
        let wrong_value = match &self.kind {
            Kind::String {
                min_length,
                max_length,
                format,
                ..
            } => bad_strings(*min_length, *max_length, format.as_deref()),
            Kind::Integer { minimum, maximum } => bad_integers(minimum, maximum),
            Kind::Number { minimum, maximum } => bad_numbers(minimum, maximum),
            Kind::Boolean => wrong_type.clone(),
            Kind::Single { options, titles } => bad_options(options, titles),
            Kind::Multi {
                options,
                titles,
                min_items,
                max_items,
            } => bad_selections(options, titles, *min_items, *max_items),
        };
        prop_oneof![3 => wrong_value, 1 => wrong_type].boxed()
    }
}

// --- strings -------------------------------------------------------------------------------

/// Any string of `range` Unicode scalar values: emoji, combining marks, `\0` and all.
fn text(range: std::ops::RangeInclusive<usize>) -> BoxedStrategy<String> {
    prop::collection::vec(any::<char>(), range)
        .prop_map(|chars| chars.into_iter().collect())
        .boxed()
}

/// Lengths to try: both edges, and anything between (capped, so a huge `maxLength` stays
/// cheap).
fn lengths(min: usize, max: usize) -> BoxedStrategy<usize> {
    let cap = max.min(min + 40);
    prop_oneof![Just(min), Just(max), min..=cap].boxed()
}

fn length_bounds(min_length: Option<u64>, max_length: Option<u64>) -> (usize, usize) {
    let min = usize::try_from(min_length.unwrap_or(0)).unwrap_or(usize::MAX);
    let max = max_length.map_or(min.saturating_add(24), |max| {
        usize::try_from(max).unwrap_or(usize::MAX)
    });
    (min, max.max(min))
}

fn good_strings(
    min_length: Option<u64>,
    max_length: Option<u64>,
    format: Option<&str>,
    pattern: Option<&str>,
) -> Values {
    let (min, max) = length_bounds(min_length, max_length);
    let of_length = lengths(min, max).prop_flat_map(|n| text(n..=n)).boxed();
    let strings: BoxedStrategy<String> = match (format, pattern) {
        (Some(format), _) => formatted(format),
        (None, Some(pattern)) => match matching(pattern) {
            Some(matching) => prop_oneof![4 => matching, 1 => of_length].boxed(),
            None => prop_oneof![
                1 => of_length,
                1 => select(vec!["", "a", "abc", "ABC", "a1", "abc-12", "x y", "0", "_"])
                    .prop_map(str::to_owned),
            ]
            .boxed(),
        },
        // A plain string may still stand for a narrower type (an IP address, a URL…).
        (None, None) => prop_oneof![
            1 => of_length,
            2 => select(SHAPED.to_vec()).prop_map(str::to_owned),
        ]
        .boxed(),
    };
    strings.prop_map(Value::String).boxed()
}

/// Strings of the shapes a plain string field's type may ask for.
const SHAPED: [&str; 10] = [
    "127.0.0.1",
    "192.0.2.1",
    "0.0.0.0",
    "255.255.255.255",
    "::1",
    "2001:db8::1",
    "::ffff:192.0.2.1",
    "::",
    "https://example.com/a?b#c",
    "hello world",
];

fn bad_strings(min_length: Option<u64>, max_length: Option<u64>, format: Option<&str>) -> Values {
    let (min, max) = length_bounds(min_length, max_length);
    let mut bad: Vec<BoxedStrategy<String>> = vec![text(0..=3)];
    if min > 0 {
        bad.push(text(min - 1..=min - 1));
    }
    if max_length.is_some() && max < min + 200 {
        bad.push(text(max + 1..=max + 3));
    }
    if format.is_some() {
        bad.push(
            select(vec![
                "",
                "x",
                "a@",
                "@b",
                "a b@c",
                "2024-02-30",
                "2024-1-01",
                "12:00",
                "x:",
                "1a:b",
                "a b:c",
                "2024-02-29T24:00:00Z",
                "2024-02-29T12:00:00",
            ])
            .prop_map(str::to_owned)
            .boxed(),
        );
    }
    prop::strategy::Union::new(bad)
        .prop_map(Value::String)
        .boxed()
}

/// Strings matching `pattern` (as a Rust regex, after dropping its anchors and spelling
/// ECMAScript's ASCII classes out), or `None` when proptest cannot generate from it.
fn matching(pattern: &str) -> Option<BoxedStrategy<String>> {
    let mut core = pattern.strip_prefix('^').unwrap_or(pattern).to_owned();
    if core.ends_with('$') && !core.ends_with("\\$") {
        core.pop();
    }
    let core = core
        .replace("\\d", "[0-9]")
        .replace("\\w", "[A-Za-z0-9_]")
        .replace("\\s", "[ \\t\\n]");
    if core.contains(['^', '$']) {
        return None;
    }
    proptest::string::string_regex(&core)
        .ok()
        .map(Strategy::boxed)
}

/// Dates, a third of them on an edge: the first and last day of the range, of a year, and
/// 29 February.
fn date() -> BoxedStrategy<String> {
    prop_oneof![
        2 => generators::date(),
        1 => select(vec!["0000-01-01", "9999-12-31", "1970-01-01", "2024-02-29", "2000-02-29", "2016-12-31"])
            .prop_map(str::to_owned),
    ]
    .boxed()
}

/// Date-times, a third of them on an edge: a leap second (real or not), midnight, the
/// range's ends, the largest offsets.
fn date_time() -> BoxedStrategy<String> {
    let edge = (
        date(),
        select(vec![
            "T23:59:60",
            "T23:59:59.999999999",
            "T00:00:00",
            "t12:00:00.5",
        ]),
        select(vec!["Z", "+00:00", "-00:00", "+23:59", "-23:59", "+01:00"]),
    )
        .prop_map(|(date, time, offset)| format!("{date}{time}{offset}"));
    prop_oneof![2 => generators::date_time(true), 1 => edge].boxed()
}

fn formatted(format: &str) -> BoxedStrategy<String> {
    match format {
        "date" => date(),
        "date-time" => date_time(),
        "email" => generators::email(),
        "uri" => prop_oneof![
            generators::uri(),
            "https://[a-z]{1,8}\\.(com|org|example)(/[a-z0-9]{0,6}){0,3}",
        ]
        .boxed(),
        other => panic!("unknown format {other:?}"),
    }
}

// --- numbers -------------------------------------------------------------------------------

/// 2^53 − 1: a generated bound when the schema has none.
const I_JSON_MAX: i128 = (1 << 53) - 1;

fn integer_bound(bound: Option<&Number>) -> Option<i128> {
    let bound = bound?;
    bound
        .as_i64()
        .map(i128::from)
        .or_else(|| bound.as_u64().map(i128::from))
        .or_else(|| {
            // A float bound: the integers it admits start or end at its floor or ceiling.
            #[allow(clippy::cast_possible_truncation)]
            bound.as_f64().map(|f| f as i128)
        })
}

fn integer(value: i128) -> Value {
    if let Ok(small) = i64::try_from(value) {
        json!(small)
    } else if let Ok(big) = u64::try_from(value) {
        json!(big)
    } else {
        #[allow(clippy::cast_precision_loss)]
        let rounded = value as f64;
        json!(rounded)
    }
}

fn good_integers(minimum: &Option<Number>, maximum: &Option<Number>) -> Values {
    let low = integer_bound(minimum.as_ref()).unwrap_or(-I_JSON_MAX);
    let high = integer_bound(maximum.as_ref()).unwrap_or(I_JSON_MAX);
    if low > high {
        return prop_oneof![Just(integer(low)), Just(integer(high))].boxed();
    }
    let near_low = low..=high.min(low.saturating_add(10));
    let near_high = high.saturating_sub(10).max(low)..=high;
    #[allow(clippy::cast_precision_loss)]
    let whole_float = (low..=high).prop_map(|i| json!(i as f64));
    prop_oneof![
        2 => Just(integer(low)),
        2 => Just(integer(high)),
        2 => near_low.prop_map(integer),
        2 => near_high.prop_map(integer),
        4 => (low..=high).prop_map(integer),
        1 => whole_float,
        1 => Just(json!(0)),
    ]
    .boxed()
}

fn bad_integers(minimum: &Option<Number>, maximum: &Option<Number>) -> Values {
    let mut bad = vec![
        select(vec![json!(0.5), json!(-1.5), json!(1e300), json!(-1e300)]).boxed(),
        (-1000i64..1000)
            .prop_map(|i| json!(i as f64 + 0.25))
            .boxed(),
    ];
    if let Some(low) = integer_bound(minimum.as_ref()) {
        bad.push(Just(integer(low - 1)).boxed());
        bad.push((1i128..1000).prop_map(move |d| integer(low - d)).boxed());
    }
    if let Some(high) = integer_bound(maximum.as_ref()) {
        bad.push(Just(integer(high + 1)).boxed());
        bad.push((1i128..1000).prop_map(move |d| integer(high + d)).boxed());
    }
    prop::strategy::Union::new(bad).boxed()
}

fn number(value: f64) -> Value {
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

/// The `f32` values around which rounding matters: the range's ends, the rounding
/// threshold to infinity, the smallest subnormal, and what rounds to zero.
const F32_EDGES: [f64; 12] = [
    3.402_823_466_385_288_6e38,
    3.402_823_567_797_336e38,
    3.402_823_567_797_336_6e38,
    -3.402_823_466_385_288_6e38,
    -3.402_823_567_797_336e38,
    1.175_494_350_822_287_5e-38,
    1.401_298_464_324_817e-45,
    7.006_492_321_624_085e-46,
    7.1e-46,
    -1.401_298_464_324_817e-45,
    1.000_000_1,
    0.1,
];

fn finite_f32() -> BoxedStrategy<f64> {
    any::<f32>()
        .prop_filter("finite", |x| x.is_finite())
        .prop_map(f64::from)
        .boxed()
}

fn good_numbers(minimum: &Option<Number>, maximum: &Option<Number>) -> Values {
    let low = minimum.as_ref().and_then(Number::as_f64);
    let high = maximum.as_ref().and_then(Number::as_f64);
    let (from, to) = (low.unwrap_or(-1e12), high.unwrap_or(1e12));
    let mut good: Vec<BoxedStrategy<Value>> = vec![
        select(F32_EDGES.to_vec()).prop_map(number).boxed(),
        finite_f32().prop_map(number).boxed(),
        Just(json!(0)).boxed(),
    ];
    if from <= to {
        good.push((from..=to).prop_map(number).boxed());
        #[allow(clippy::cast_possible_truncation)]
        good.push(
            (from..=to)
                .prop_map(|x| number(f64::from(x as f32)))
                .boxed(),
        );
    }
    for bound in [minimum, maximum].into_iter().flatten() {
        good.push(Just(Value::Number(bound.clone())).boxed());
        if let Some(f) = bound.as_f64() {
            good.push(Just(number(f.next_up())).boxed());
            good.push(Just(number(f.next_down())).boxed());
            #[allow(clippy::cast_possible_truncation)]
            let nearest = f as f32;
            good.push(Just(number(f64::from(nearest.next_up()))).boxed());
            good.push(Just(number(f64::from(nearest.next_down()))).boxed());
        }
    }
    prop::strategy::Union::new(good)
        .prop_filter("JSON numbers are finite", |v| !v.is_null())
        .boxed()
}

fn bad_numbers(minimum: &Option<Number>, maximum: &Option<Number>) -> Values {
    let mut bad = vec![select(vec![json!(1e300), json!(-1e300), json!(3.5e38)]).boxed()];
    if let Some(low) = minimum.as_ref().and_then(Number::as_f64) {
        bad.push(
            (1e-9f64..1e9)
                .prop_map(move |d| number(low - d.max(low.abs() * 1e-15)))
                .boxed(),
        );
    }
    if let Some(high) = maximum.as_ref().and_then(Number::as_f64) {
        bad.push(
            (1e-9f64..1e9)
                .prop_map(move |d| number(high + d.max(high.abs() * 1e-15)))
                .boxed(),
        );
    }
    prop::strategy::Union::new(bad)
        .prop_filter("JSON numbers are finite", |v| !v.is_null())
        .boxed()
}

// --- choices -------------------------------------------------------------------------------

fn bad_options(options: &[String], titles: &[String]) -> Values {
    let mut wrong: Vec<String> = vec![String::new(), "zzz-unknown".to_owned()];
    wrong.extend(titles.iter().filter(|t| !options.contains(t)).cloned());
    wrong.extend(
        options
            .iter()
            .map(|o| o.to_uppercase())
            .filter(|o| !options.contains(o)),
    );
    select(wrong).prop_map(Value::from).boxed()
}

fn item_bounds(options: usize, min_items: Option<u64>, max_items: Option<u64>) -> (usize, usize) {
    let min = min_items.map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let max = max_items.map_or(options, |n| usize::try_from(n).unwrap_or(usize::MAX));
    (min, max.min(options))
}

fn good_selections(options: &[String], min_items: Option<u64>, max_items: Option<u64>) -> Values {
    let (min, max) = item_bounds(options.len(), min_items, max_items);
    if min > max {
        return Just(json!(options)).boxed();
    }
    subsequence(options.to_vec(), min..=max)
        .prop_shuffle()
        .prop_map(|chosen| json!(chosen))
        .boxed()
}

fn bad_selections(
    options: &[String],
    titles: &[String],
    min_items: Option<u64>,
    max_items: Option<u64>,
) -> Values {
    let (min, max) = item_bounds(options.len(), min_items, max_items);
    let mut bad: Vec<Values> = vec![
        bad_options(options, titles)
            .prop_map(|wrong| json!([wrong]))
            .boxed(),
    ];
    if let Some(first) = options.first() {
        bad.push(Just(json!([first, first])).boxed());
    }
    if min > 0 && min <= options.len() {
        bad.push(
            subsequence(options.to_vec(), min - 1)
                .prop_map(|chosen| json!(chosen))
                .boxed(),
        );
    }
    if max_items.is_some() && max < options.len() {
        bad.push(
            subsequence(options.to_vec(), max + 1..=options.len())
                .prop_map(|chosen| json!(chosen))
                .boxed(),
        );
    }
    prop::strategy::Union::new(bad).boxed()
}
