//! The bad-input catalogue: one row per hostile (or borderline valid) value a client might
//! send for one field, with the verdict the parser must reach.
//!
//! Every row is sent as `{"requiredText": "ok", <field>: <value>}` to a form with one
//! optional field of each kind, and must give either `Ok` or exactly one error, on that
//! field, of that kind. `RequestedSchema::validate` must reach the same verdict on the same
//! content. Whole-message cases (100 000 keys, 10 000 levels of nesting, oversized bytes,
//! `1e400`) are in `limits.rs`.

use std::collections::BTreeSet;

use elicit_core::Elicit;
use serde_json::{Map, Value, json};

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
enum Color {
    /// Dark red
    DarkRed,
    Green,
    Blue,
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

/// One optional field of every kind, and one required one.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Form {
    required_text: String,
    text: Option<String>,
    #[elicit(min_length = 2, max_length = 4)]
    short_text: Option<String>,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    uri: Option<String>,
    #[elicit(format = "date")]
    date: Option<String>,
    #[elicit(format = "date-time")]
    date_time: Option<String>,
    #[elicit(pattern = "^(a+)+$")]
    evil: Option<String>,
    flag: Option<bool>,
    #[elicit(rename = "i8")]
    int8: Option<i8>,
    #[elicit(rename = "i16")]
    int16: Option<i16>,
    #[elicit(rename = "i32")]
    int32: Option<i32>,
    #[elicit(rename = "i64")]
    int64: Option<i64>,
    #[elicit(rename = "u8")]
    uint8: Option<u8>,
    #[elicit(rename = "u16")]
    uint16: Option<u16>,
    #[elicit(rename = "u32")]
    uint32: Option<u32>,
    #[elicit(rename = "u64")]
    uint64: Option<u64>,
    #[elicit(minimum = 1, maximum = 12)]
    bounded: Option<u8>,
    #[elicit(rename = "f32")]
    float32: Option<f32>,
    #[elicit(rename = "f64")]
    float64: Option<f64>,
    color: Option<Color>,
    shade: Option<Shade>,
    answer: Option<Answer>,
    #[elicit(min_items = 1, max_items = 2)]
    colors: Option<Vec<Color>>,
    shades: Option<BTreeSet<Shade>>,
}

/// What a row expects: acceptance, or one error of this code.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Verdict {
    Ok,
    Err(&'static str),
}

use Verdict::{Err as E, Ok as OK};

struct Row {
    what: &'static str,
    field: &'static str,
    value: Value,
    verdict: Verdict,
}

fn row(what: &'static str, field: &'static str, value: Value, verdict: Verdict) -> Row {
    Row {
        what,
        field,
        value,
        verdict,
    }
}

const TEN_MB: usize = 10 * 1024 * 1024;

// A table, one row per line: kept as written rather than as rustfmt would spread it.
#[rustfmt::skip]
#[allow(clippy::too_many_lines)]
fn catalogue() -> Vec<Row> {
    let wrong = "wrong_type";
    vec![
        // Wrong JSON type, for every field kind.
        row("number for a string", "text", json!(5), E(wrong)),
        row("bool for a string", "text", json!(true), E(wrong)),
        row("array for a string", "text", json!(["a"]), E(wrong)),
        row("object for a string", "text", json!({"a": "b"}), E(wrong)),
        row("string for a bool", "flag", json!("true"), E(wrong)),
        row("0 for a bool", "flag", json!(0), E(wrong)),
        row("string for an integer", "i32", json!("5"), E(wrong)),
        row("bool for an integer", "u8", json!(true), E(wrong)),
        row("array for an integer", "i64", json!([1]), E(wrong)),
        row("string for a float", "f64", json!("1.5"), E(wrong)),
        row("object for a float", "f32", json!({"value": 1.5}), E(wrong)),
        row("number for a single select", "color", json!(1), E(wrong)),
        row("array for a single select", "color", json!(["green"]), E(wrong)),
        row("string for a multi-select", "colors", json!("green"), E(wrong)),
        row("object for a multi-select", "shades", json!({"light": true}), E(wrong)),
        row("number inside a multi-select", "colors", json!([1]), E(wrong)),
        row("null inside a multi-select", "shades", json!([null]), E(wrong)),
        row("nested array in a multi-select", "colors", json!([["green"]]), E(wrong)),
        row("nested object for a date", "date", json!({"y": 2024}), E(wrong)),
        row("nested arrays for an email", "email", json!([[[]]]), E(wrong)),
        // Absence.
        row("null for a required field", "requiredText", Value::Null, E("missing")),
        row("null for an optional field", "text", Value::Null, OK),
        row("empty string is a value", "requiredText", json!(""), OK),
        // Integers at and past every type's range.
        row("i8 min", "i8", json!(-128), OK),
        row("i8 max", "i8", json!(127), OK),
        row("i8 min - 1", "i8", json!(-129), E("out_of_range")),
        row("i8 max + 1", "i8", json!(128), E("out_of_range")),
        row("i16 max + 1", "i16", json!(32_768), E("out_of_range")),
        row("i16 min - 1", "i16", json!(-32_769), E("out_of_range")),
        row("i32 max", "i32", json!(i32::MAX), OK),
        row("i32 max + 1", "i32", json!(i64::from(i32::MAX) + 1), E("out_of_range")),
        // 64-bit integers stop at I-JSON's ±(2^53 − 1) by default (RFC 7493).
        row("i64 at -(2^53 - 1)", "i64", json!(-9_007_199_254_740_991_i64), OK),
        row("i64 at 2^53 - 1", "i64", json!(9_007_199_254_740_991_i64), OK),
        row("2^53 for i64", "i64", json!(9_007_199_254_740_992_i64), E("above_maximum")),
        row("-2^53 for i64", "i64", json!(-9_007_199_254_740_992_i64), E("below_minimum")),
        row("i64 min", "i64", json!(i64::MIN), E("below_minimum")),
        row("i64 max", "i64", json!(i64::MAX), E("above_maximum")),
        row("i64 max + 1", "i64", json!(i64::MAX as u64 + 1), E("out_of_range")),
        row("2^53 + 1 for i64, exact", "i64", json!(9_007_199_254_740_993_i64), E("above_maximum")),
        row("u8 max", "u8", json!(255), OK),
        row("u8 max + 1", "u8", json!(256), E("out_of_range")),
        row("-1 for u8", "u8", json!(-1), E("out_of_range")),
        row("-1 for u16", "u16", json!(-1), E("out_of_range")),
        row("u16 max + 1", "u16", json!(65_536), E("out_of_range")),
        row("u32 max + 1", "u32", json!(u64::from(u32::MAX) + 1), E("out_of_range")),
        row("u64 at 2^53 - 1", "u64", json!(9_007_199_254_740_991_u64), OK),
        row("2^53 for u64", "u64", json!(9_007_199_254_740_992_u64), E("above_maximum")),
        row("u64 max", "u64", json!(u64::MAX), E("above_maximum")),
        row("-1 for u64", "u64", json!(-1), E("out_of_range")),
        // u64::MAX + 1 cannot be a JSON integer in serde_json: it is read as the float 2^64.
        row("u64 max + 1 (as 2^64)", "u64", json!(18_446_744_073_709_551_616.0), E("out_of_range")),
        // A float at the edge of the 64-bit integers (which i64::MIN - 1 is read as) proves no
        // integer in range.
        row("i64 min as a float (-2^63)", "i64", json!(-9_223_372_036_854_775_808.0), E("out_of_range")),
        row("-(2^53 - 1) as a float for i64", "i64", json!(-9_007_199_254_740_991.0), OK),
        row("1e300 for an integer", "u32", json!(1e300), E("out_of_range")),
        row("below a narrowed minimum", "bounded", json!(0), E("below_minimum")),
        row("above a narrowed maximum", "bounded", json!(13), E("above_maximum")),
        row("at a narrowed minimum", "bounded", json!(1), OK),
        row("at a narrowed maximum", "bounded", json!(12), OK),
        // Whole and fractional floats for integers; signed zero.
        row("4.0 for an integer", "i32", json!(4.0), OK),
        row("4.5 for an integer", "i32", json!(4.5), E("not_an_integer")),
        row("-0.0 for an unsigned integer", "u8", json!(-0.0), OK),
        row("-0.0 for a float", "f64", json!(-0.0), OK),
        row("0.5 for an integer", "u64", json!(0.5), E("not_an_integer")),
        row("1e-300 for an integer", "i64", json!(1e-300), E("not_an_integer")),
        row("12.5 for a bounded integer", "bounded", json!(12.5), E("not_an_integer")),
        // Floats: f32's range is in its schema; f64 takes any finite JSON number. (`1e400`
        // is not a JSON number serde_json will hold: see limits.rs.)
        row("f32 max", "f32", json!(f64::from(f32::MAX)), OK),
        row("1e39 for f32", "f32", json!(1e39), E("out_of_range")),
        row("-1e39 for f32", "f32", json!(-1e39), E("out_of_range")),
        row("1e-50 for f32 (rounds to 0)", "f32", json!(1e-50), OK),
        row("f64 max", "f64", json!(f64::MAX), OK),
        row("an integer for a float", "f64", json!(u64::MAX), OK),
        // Strings are counted in Unicode scalar values.
        row("2 emoji: 2 scalars", "shortText", json!("👋🏽"), OK),
        row("family emoji: 5 scalars", "shortText", json!("👨‍👩‍👧"), E("too_long")),
        row("e + combining acute: 2 scalars", "shortText", json!("e\u{301}"), OK),
        row("1 precomposed é: 1 scalar", "shortText", json!("é"), E("too_short")),
        row("NUL counts as a scalar", "shortText", json!("\u{0}\u{0}"), OK),
        row("NUL in a plain string", "text", json!("a\u{0}b"), OK),
        row("at minLength", "shortText", json!("ab"), OK),
        row("below minLength", "shortText", json!("a"), E("too_short")),
        row("empty below minLength", "shortText", json!(""), E("too_short")),
        row("at maxLength", "shortText", json!("abcd"), OK),
        row("past maxLength", "shortText", json!("abcde"), E("too_long")),
        row("4 CJK: 4 scalars, 12 bytes", "shortText", json!("日本語文"), OK),
        row("10 MB string, no constraint", "text", Value::String("x".repeat(TEN_MB)), OK),
        row("10 MB string, maxLength 4", "shortText", Value::String("x".repeat(TEN_MB)), E("too_long")),
        row("10 MB string for an email", "email", Value::String("a".repeat(TEN_MB)), E("bad_format")),
        row("10 MB string for an option", "color", Value::String("g".repeat(TEN_MB)), E("unknown_option")),
        // Pattern: the classic catastrophic-backtracking regex finishes on a long input.
        row("evil pattern, matching", "evil", Value::String("a".repeat(100_000)), OK),
        row("evil pattern, long miss", "evil", Value::String("a".repeat(100_000) + "!"), E("pattern_mismatch")),
        // E-mail addresses.
        row("plain email", "email", json!("joe@example.com"), OK),
        row("quoted local part", "email", json!("\"joe doe\"@example.com"), OK),
        row("address literal", "email", json!("joe@[127.0.0.1]"), OK),
        row("no @", "email", json!("joe.example.com"), E("bad_format")),
        row("two @", "email", json!("joe@@example.com"), E("bad_format")),
        row("empty local part", "email", json!("@example.com"), E("bad_format")),
        row("double dot", "email", json!("jo..e@example.com"), E("bad_format")),
        row("non-ASCII local part", "email", json!("jöe@example.com"), E("bad_format")),
        row("local part over 64", "email", json!(format!("{}@x.com", "a".repeat(65))), E("bad_format")),
        // URIs.
        row("https URI", "uri", json!("https://example.com/a?b=c#d"), OK),
        row("urn", "uri", json!("urn:isbn:0451450523"), OK),
        row("relative reference", "uri", json!("/a/b"), E("bad_format")),
        row("no scheme", "uri", json!("example.com"), E("bad_format")),
        row("space in URI", "uri", json!("https://exa mple.com"), E("bad_format")),
        row("bad percent escape", "uri", json!("https://x/%zz"), E("bad_format")),
        row("two fragments", "uri", json!("https://x/#a#b"), E("bad_format")),
        // Dates: leap years.
        row("29 Feb in a leap year", "date", json!("2024-02-29"), OK),
        row("29 Feb 2000 (div. by 400)", "date", json!("2000-02-29"), OK),
        row("29 Feb 1900 (div. by 100)", "date", json!("1900-02-29"), E("bad_format")),
        row("29 Feb 2023", "date", json!("2023-02-29"), E("bad_format")),
        row("31 April", "date", json!("2023-04-31"), E("bad_format")),
        row("month 13", "date", json!("2023-13-01"), E("bad_format")),
        row("day 0", "date", json!("2023-01-00"), E("bad_format")),
        row("one-digit month", "date", json!("2023-1-01"), E("bad_format")),
        row("date-time for a date", "date", json!("2023-01-01T00:00:00Z"), E("bad_format")),
        // Date-times: 24:00, offsets, lower-case t and z, leap seconds.
        row("UTC date-time", "dateTime", json!("2024-02-29T12:30:00Z"), OK),
        row("lower-case t and z", "dateTime", json!("2024-02-29t12:30:00z"), OK),
        row("offset and fraction", "dateTime", json!("2024-01-01T00:00:00.123+05:30"), OK),
        row("negative offset", "dateTime", json!("2024-01-01T00:00:00-08:00"), OK),
        row("24:00:00", "dateTime", json!("2024-01-01T24:00:00Z"), E("bad_format")),
        row("no offset", "dateTime", json!("2024-01-01T12:00:00"), E("bad_format")),
        row("offset +24:00", "dateTime", json!("2024-01-01T12:00:00+24:00"), E("bad_format")),
        row("offset without colon", "dateTime", json!("2024-01-01T12:00:00+0530"), E("bad_format")),
        row("space for T", "dateTime", json!("2024-01-01 12:00:00Z"), E("bad_format")),
        row("leap second at 23:59:60Z", "dateTime", json!("2016-12-31T23:59:60Z"), OK),
        row("leap second at the wrong minute", "dateTime", json!("2016-12-31T22:59:60Z"), E("bad_format")),
        row("date-time on 29 Feb 2023", "dateTime", json!("2023-02-29T12:00:00Z"), E("bad_format")),
        // Single selects: the const, not its title, exactly.
        row("a const", "color", json!("dark-red"), OK),
        row("a title instead of a const", "color", json!("Dark red"), E("unknown_option")),
        row("the variant name instead", "color", json!("DarkRed"), E("unknown_option")),
        row("wrong case", "color", json!("GREEN"), E("unknown_option")),
        row("trailing space", "shade", json!("light "), E("unknown_option")),
        row("legacy enumName instead of enum", "answer", json!("Yes please"), E("unknown_option")),
        row("legacy enum value", "answer", json!("Yes"), OK),
        // Multi-selects.
        row("two distinct options", "colors", json!(["green", "dark-red"]), OK),
        row("a duplicate option", "colors", json!(["green", "green"]), E("duplicate_option")),
        row("an unknown option", "colors", json!(["green", "purple"]), E("unknown_option")),
        row("a title in a multi-select", "colors", json!(["Dark red"]), E("unknown_option")),
        row("too few items", "colors", json!([]), E("too_few_items")),
        row("too many items", "colors", json!(["green", "blue", "dark-red"]), E("too_many_items")),
        row("empty set without bounds", "shades", json!([]), OK),
        row("duplicate in a set", "shades", json!(["dark", "dark"]), E("duplicate_option")),
        row("100 000 repeats of one option", "shades", Value::Array(vec![json!("dark"); 100_000]), E("duplicate_option")),
        // Keys the form does not declare are ignored (this form does not deny them).
        row("an unknown key", "unknownKey", json!({"anything": [1, 2, 3]}), OK),
        row("a key differing in case", "REQUIREDTEXT", json!(5), OK),
    ]
}

fn content_for(row: &Row) -> Map<String, Value> {
    let mut content = Map::new();
    content.insert("requiredText".to_owned(), json!("ok"));
    content.insert(row.field.to_owned(), row.value.clone());
    content
}

#[test]
fn catalogue_rows_get_their_verdicts() {
    let rows = catalogue();
    assert!(rows.len() >= 60, "only {} rows", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let content = content_for(row);
        let parsed = Form::from_content(&content);
        let got = match &parsed {
            Ok(_) => OK,
            Err(error) => match error.errors() {
                [only] if only.field() == row.field => E(only.kind().code()),
                errors => {
                    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    failures.push(format!("{}: unexpected errors {all:?}", row.what));
                    continue;
                }
            },
        };
        if got != row.verdict {
            failures.push(format!(
                "{}: expected {:?}, got {got:?} ({parsed:?})",
                row.what, row.verdict
            ));
        }
        // The schema-only checker must agree on every row.
        let validated = Form::requested_schema().validate(&content);
        if validated.is_ok() != (row.verdict == OK) {
            failures.push(format!("{}: validate disagrees: {validated:?}", row.what));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Error messages quote at most 64 characters of what the client sent, however long.
#[test]
fn errors_do_not_copy_huge_values() {
    let content = content_for(&row(
        "huge option",
        "color",
        Value::String("g".repeat(TEN_MB)),
        E("unknown_option"),
    ));
    let error = Form::from_content(&content).expect_err("not an option");
    let message = error.to_string();
    assert!(message.len() < 300, "{} bytes", message.len());
    assert!(serde_json::to_string(&error).expect("serializes").len() < 400);
}

/// Every row's field is a field of the form (or deliberately not one), so a typo in the
/// table cannot turn a row into a test of an unknown key.
#[test]
fn catalogue_names_real_fields() {
    let schema = Form::requested_schema();
    for row in catalogue() {
        let known = schema.property(row.field).is_some();
        let meant_unknown = row.field == "unknownKey" || row.field == "REQUIREDTEXT";
        assert!(
            known != meant_unknown,
            "{}: field {:?}",
            row.what,
            row.field
        );
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Color>();
    tests::soundness::check_form_is_sound::<Shade>();
    tests::soundness::check_form_is_sound::<Answer>();
    tests::soundness::check_form_is_sound::<Form>();
}
