//! Property tests of the parser: generated valid answers round-trip, generated answers that
//! break exactly one constraint are blamed on exactly that field with the right kind, and
//! the typed parser's verdict always equals `RequestedSchema::validate`'s.

use std::collections::BTreeSet;

use elicit_core::{ContentError, Elicit};
use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use serde_json::{Map, Value, json};
use tests::generators::{date, date_time, days_in, email, uri};

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Color {
    /// Dark red
    DarkRed,
    Green,
    Blue,
    Yellow,
    Black,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(untitled, rename_all = "lowercase")]
enum Shade {
    Light,
    Dark,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names)]
enum Answer {
    /// Yes please
    Yes,
    /// No thanks
    No,
}

const COLORS: [Color; 5] = [
    Color::DarkRed,
    Color::Green,
    Color::Blue,
    Color::Yellow,
    Color::Black,
];

/// Every kind of field, with a constraint of each sort.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Survey {
    #[elicit(min_length = 2, max_length = 12)]
    name: String,
    #[elicit(pattern = "^[a-z]{3}-[0-9]{2}$")]
    code: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    site: Option<String>,
    #[elicit(format = "date")]
    day: Option<String>,
    #[elicit(format = "date-time")]
    at: Option<String>,
    #[elicit(minimum = -50, maximum = 50)]
    score: i32,
    tiny: i8,
    small: u16,
    big: u64,
    wide: i64,
    size: usize,
    #[elicit(minimum = 0.0, maximum = 1.0)]
    ratio: f64,
    weight: f32,
    flag: bool,
    maybe: Option<u32>,
    #[elicit(default = 3)]
    count: u8,
    color: Color,
    shade: Option<Shade>,
    answer: Option<Answer>,
    #[elicit(min_items = 1, max_items = 3)]
    colors: Vec<Color>,
    shades: BTreeSet<Shade>,
}

/// Any string of `range` Unicode scalar values: emoji, combining marks, `\0` and all.
fn text(range: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), range).prop_map(|chars| chars.into_iter().collect())
}

fn finite_f32() -> impl Strategy<Value = f32> {
    any::<f32>().prop_filter("finite", |x| x.is_finite())
}

/// 2^53 − 1, the largest integer I-JSON (RFC 7493) holds exactly.
const I_JSON_MAX: i64 = (1 << 53) - 1;

prop_compose! {
    fn survey()(
        name in text(2..=12),
        code in "[a-z]{3}-[0-9]{2}",
        email in prop::option::of(email()),
        site in prop::option::of(uri()),
        day in prop::option::of(date()),
        at in prop::option::of(date_time(false)),
        score in -50i32..=50,
        // 64-bit integers within I-JSON's ±(2^53 − 1), their schema's range by default.
        (tiny, small, big, wide, size) in (any::<i8>(), any::<u16>(), 0..=I_JSON_MAX as u64, -I_JSON_MAX..=I_JSON_MAX, 0..=I_JSON_MAX as usize),
        ratio in 0.0f64..=1.0,
        weight in finite_f32(),
        flag in any::<bool>(),
        maybe in prop::option::of(any::<u32>()),
        count in any::<u8>(),
        color in select(COLORS.to_vec()),
        shade in prop::option::of(select(vec![Shade::Light, Shade::Dark])),
        answer in prop::option::of(select(vec![Answer::Yes, Answer::No])),
        colors in subsequence(COLORS.to_vec(), 1..=3).prop_shuffle(),
        shades in subsequence(vec![Shade::Light, Shade::Dark], 0..=2),
    ) -> Survey {
        Survey {
            name, code, email, site, day, at, score, tiny, small, big, wide, size, ratio, weight,
            flag, maybe, count, color, shade, answer, colors,
            shades: shades.into_iter().collect(),
        }
    }
}

/// `(field, code)` of every error.
fn blamed(error: &ContentError) -> Vec<(String, &'static str)> {
    error
        .errors()
        .iter()
        .map(|e| (e.field().to_owned(), e.kind().code()))
        .collect()
}

/// One way to break exactly one constraint: the field, the value that breaks it (`None`:
/// remove the key), and the error kind the parser must report.
#[derive(Debug, Clone)]
struct Breakage {
    field: &'static str,
    value: Option<Value>,
    code: &'static str,
}

fn breaks(
    field: &'static str,
    code: &'static str,
    values: impl Strategy<Value = Value>,
) -> impl Strategy<Value = Breakage> {
    values.prop_map(move |value| Breakage {
        field,
        value: Some(value),
        code,
    })
}

fn breakage() -> impl Strategy<Value = Breakage> {
    let s = |text: String| Value::String(text);
    prop_oneof![
        // Strings: lengths in Unicode scalar values, formats, the pattern.
        breaks("name", "too_short", text(0..=1).prop_map(s)),
        breaks("name", "too_long", text(13..=40).prop_map(s)),
        breaks(
            "code",
            "pattern_mismatch",
            "[A-Z]{3}-[0-9]{2}|[a-z]{3}[0-9]{2}|[a-z]{3}-[0-9]{3}".prop_map(s)
        ),
        breaks(
            "email",
            "bad_format",
            "[a-z]{1,10}|@[a-z]{1,5}|[a-z]{1,5}@|[a-z]{1,3}\\.\\.[a-z]@x".prop_map(s)
        ),
        breaks(
            "site",
            "bad_format",
            "[a-z0-9./]{1,10}|[0-9][a-z]{0,3}:x|[a-z]{1,4}:a b".prop_map(s)
        ),
        breaks(
            "day",
            "bad_format",
            prop_oneof![
                (1u32..=9999)
                    .prop_filter("not leap", |y| days_in(*y, 2) == 28)
                    .prop_map(|y| format!("{y:04}-02-29")),
                (0u32..=9999, 13u32..=99).prop_map(|(y, m)| format!("{y:04}-{m:02}-01")),
                (0u32..=9999, 1u32..=12)
                    .prop_map(|(y, m)| format!("{y:04}-{m:02}-{:02}", days_in(y, m) + 1)),
                (0u32..=9999).prop_map(|y| format!("{y:04}-1-01")),
            ]
            .prop_map(s)
        ),
        breaks(
            "at",
            "bad_format",
            prop_oneof![
                date().prop_map(|d| format!("{d}T24:00:00Z")),
                date().prop_map(|d| format!("{d}T12:00:00")),
                date().prop_map(|d| format!("{d} 12:00:00Z")),
                date().prop_map(|d| format!("{d}T12:60:00+01:00")),
            ]
            .prop_map(s)
        ),
        // Numbers: bounds, the type's range, integer-ness, f32's range.
        breaks("score", "above_maximum", (51i32..).prop_map(Value::from)),
        breaks("score", "below_minimum", (..-50i32).prop_map(Value::from)),
        breaks(
            "score",
            "out_of_range",
            (i64::from(i32::MAX) + 1..).prop_map(Value::from)
        ),
        breaks(
            "score",
            "not_an_integer",
            (-50i32..50).prop_map(|x| json!(f64::from(x) + 0.5))
        ),
        breaks(
            "tiny",
            "out_of_range",
            prop_oneof![128i64..=100_000, -100_000i64..=-129].prop_map(Value::from)
        ),
        breaks("small", "out_of_range", (-1000i64..0).prop_map(Value::from)),
        breaks(
            "big",
            "out_of_range",
            prop_oneof![
                (i64::MIN..0).prop_map(Value::from),
                Just(json!(1.8446744073709552e19))
            ]
        ),
        breaks(
            "wide",
            "out_of_range",
            (i64::MAX as u64 + 1..).prop_map(Value::from)
        ),
        breaks(
            "ratio",
            "above_maximum",
            (1.000_001f64..1e300).prop_map(Value::from)
        ),
        breaks(
            "ratio",
            "below_minimum",
            (-1e300f64..-1e-9).prop_map(Value::from)
        ),
        breaks(
            "weight",
            "out_of_range",
            (3.5e38f64..1e300).prop_map(Value::from)
        ),
        // Choices: titles instead of consts, unknown, duplicate and too many options.
        breaks(
            "color",
            "unknown_option",
            select(vec!["Dark red", "DarkRed", "dark_red", "GREEN", ""]).prop_map(Value::from)
        ),
        breaks(
            "answer",
            "unknown_option",
            select(vec!["Yes please", "yes", "No thanks"]).prop_map(Value::from)
        ),
        breaks(
            "colors",
            "duplicate_option",
            select(COLORS.to_vec()).prop_map(|c| json!([c.to_json(), c.to_json()]))
        ),
        breaks("colors", "too_few_items", Just(json!([]))),
        breaks(
            "colors",
            "too_many_items",
            subsequence(COLORS.to_vec(), 4..=5)
                .prop_map(|cs| Value::Array(cs.iter().map(ToJson::to_json).collect()))
        ),
        breaks(
            "shades",
            "unknown_option",
            "[A-Z][a-z]{0,5}".prop_map(|x| json!([x]))
        ),
        // JSON types, and absence.
        breaks("name", "wrong_type", wrong_type_for("string")),
        breaks("score", "wrong_type", wrong_type_for("number")),
        breaks("weight", "wrong_type", wrong_type_for("number")),
        breaks("flag", "wrong_type", wrong_type_for("boolean")),
        breaks("color", "wrong_type", wrong_type_for("string")),
        breaks("colors", "wrong_type", wrong_type_for("array")),
        breaks(
            "shades",
            "wrong_type",
            prop_oneof![
                Just(json!([1])),
                Just(json!([null])),
                Just(json!([["light"]]))
            ]
        ),
        breaks("flag", "missing", Just(Value::Null)),
        select(vec![
            "name", "code", "score", "flag", "color", "colors", "shades"
        ])
        .prop_map(|field| Breakage {
            field,
            value: None,
            code: "missing",
        }),
    ]
}

/// A value of any JSON type but `ty`'s (never `null`, which means absent).
fn wrong_type_for(ty: &'static str) -> impl Strategy<Value = Value> {
    let candidates = vec![
        json!(true),
        json!("text"),
        json!("1"),
        json!(7),
        json!(-2.5),
        json!([]),
        json!(["light"]),
        json!({}),
        json!({"nested": {"deeper": [1]}}),
    ];
    select(
        candidates
            .into_iter()
            .filter(|value| match ty {
                "string" => !value.is_string(),
                "number" => !value.is_number(),
                "boolean" => !value.is_boolean(),
                _ => !value.is_array(),
            })
            .collect::<Vec<_>>(),
    )
}

trait ToJson {
    fn to_json(&self) -> Value;
}

impl ToJson for Color {
    fn to_json(&self) -> Value {
        elicit_core::ElicitField::to_json(self)
    }
}

/// Any JSON a client might send for one key: each type, numbers on every boundary, options
/// and their titles, arrays of them.
fn hostile_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(Value::from),
        select(vec![
            json!(0),
            json!(-0.0),
            json!(4.0),
            json!(4.5),
            json!(-1),
            json!(50),
            json!(51),
            json!(127),
            json!(128),
            json!(65535),
            json!(65536),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(1.8446744073709552e19),
            json!(3.4028234663852886e38),
            json!(3.5e38),
            json!(1.0),
            json!(1.0000001),
        ]),
        text(0..=14).prop_map(Value::from),
        select(vec![
            "dark-red",
            "Dark red",
            "green",
            "light",
            "Yes",
            "Yes please",
            "abc-12",
            "a@b.c",
            "x:y",
            "2024-02-29",
            "2024-02-29T23:59:60Z",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,3}", inner, 0..3)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

const KEYS: [&str; 24] = [
    "name", "code", "email", "site", "day", "at", "score", "tiny", "small", "big", "wide", "size",
    "ratio", "weight", "flag", "maybe", "count", "color", "shade", "answer", "colors", "shades",
    "unknown", "",
];

/// A valid answer with some keys replaced by hostile values and some removed.
fn mangled_content() -> impl Strategy<Value = Map<String, Value>> {
    (
        survey(),
        prop::collection::vec(
            (select(KEYS.to_vec()), prop::option::of(hostile_value())),
            0..6,
        ),
    )
        .prop_map(|(survey, changes)| {
            let mut content = survey.to_content();
            for (key, value) in changes {
                match value {
                    Some(value) => content.insert(key.to_owned(), value),
                    None => content.remove(key),
                };
            }
            content
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// `from_content(to_content(v)) == v` for every valid `v`, and `validate` agrees.
    #[test]
    fn valid_answers_round_trip(value in survey()) {
        let content = value.to_content();
        prop_assert_eq!(Survey::requested_schema().validate(&content), Ok(()));
        prop_assert_eq!(Survey::from_content(&content), Ok(value));
    }

    /// Content that breaks exactly one constraint is blamed on exactly that field, with the
    /// kind of error that constraint gives.
    #[test]
    fn one_broken_constraint_is_one_error(value in survey(), breakage in breakage()) {
        let mut content = value.to_content();
        match &breakage.value {
            Some(broken) => content.insert(breakage.field.to_owned(), broken.clone()),
            None => content.remove(breakage.field),
        };
        let error = Survey::from_content(&content).expect_err("a constraint is broken");
        prop_assert_eq!(blamed(&error), vec![(breakage.field.to_owned(), breakage.code)]);
        let verdict = Survey::requested_schema().validate(&content).expect_err("validate too");
        prop_assert_eq!(verdict.errors().len(), 1);
        prop_assert_eq!(verdict.errors()[0].field(), breakage.field);
    }

    /// The typed parser and `validate` reach the same verdict and blame the same fields on
    /// any content.
    #[test]
    fn parser_verdict_equals_validate(content in mangled_content()) {
        let parsed = Survey::from_content(&content);
        let verdict = Survey::requested_schema().validate(&content);
        prop_assert_eq!(parsed.is_ok(), verdict.is_ok(), "parsed {:?}\nvalidate {:?}", parsed, verdict);
        if let (Err(parsed), Err(verdict)) = (&parsed, &verdict) {
            let fields = |error: &ContentError| error.errors().iter().map(|e| e.field().to_owned()).collect::<Vec<_>>();
            prop_assert_eq!(fields(parsed), fields(verdict));
        }
        if let Ok(value) = parsed {
            prop_assert_eq!(Survey::from_content(&value.to_content()), Ok(value));
        }
    }
}

/// Regression (found by the `from_content` fuzz target): an `f32` field's schema had no
/// bounds, so `validate` accepted `1e39` while the parser refused it.
#[test]
fn f32_range_is_in_the_schema() {
    #[derive(Elicit, Debug)]
    struct Weight {
        weight: f32,
    }
    let content = json!({"weight": 1e39});
    let content = content.as_object().expect("object");
    assert_eq!(
        blamed(&Weight::from_content(content).expect_err("out of range")),
        [("weight".to_owned(), "out_of_range")]
    );
    assert_eq!(
        blamed(
            &Weight::requested_schema()
                .validate(content)
                .expect_err("validate agrees")
        ),
        [("weight".to_owned(), "above_maximum")]
    );
    let max = json!({"weight": f64::from(f32::MAX)});
    let max = max.as_object().expect("object");
    assert!(Weight::from_content(max).is_ok());
    assert!(Weight::requested_schema().validate(max).is_ok());
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Color>();
    tests::soundness::check_form_is_sound::<Shade>();
    tests::soundness::check_form_is_sound::<Answer>();
    tests::soundness::check_form_is_sound::<Survey>();
}
