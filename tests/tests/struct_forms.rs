//! Structs as forms: the type mapping, every attribute, doc comments, serde compatibility,
//! declaration order and round trips. Every emitted schema is checked against the spec.

use elicit_core::error::JsonType;
use elicit_core::{Elicit, FieldErrorKind};
use serde_json::{Map, Value, json};
use tests::forms::{error_codes, map, names, round_trip, schema_json};
use tests::golden::assert_golden;

/// Every scalar the mapping table lists.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Scalars {
    text: String,
    flag: bool,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    isize: isize,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    usize: usize,
    f32: f32,
    f64: f64,
    maybe_text: Option<String>,
    maybe_number: Option<u16>,
    maybe_flag: Option<bool>,
}

#[test]
fn type_mapping_schema() {
    let schema = schema_json::<Scalars>();
    assert_golden("scalars", Scalars::requested_schema());
    let properties = &schema["properties"];
    assert_eq!(properties["text"], json!({"type": "string"}));
    assert_eq!(properties["flag"], json!({"type": "boolean"}));
    assert_eq!(
        properties["u8"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(
        properties["i64"],
        json!({"type": "integer", "minimum": -I_JSON_MAX, "maximum": I_JSON_MAX})
    );
    assert_eq!(
        properties["u64"],
        json!({"type": "integer", "minimum": 0, "maximum": I_JSON_MAX})
    );
    assert_eq!(properties["f64"], json!({"type": "number"}));
    assert_eq!(properties["maybe_number"], properties["u16"]);
    assert_eq!(
        schema["required"],
        json!([
            "text", "flag", "i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize",
            "f32", "f64"
        ])
    );
}

/// 2^53 − 1: a 64-bit integer's schema stops there by default (I-JSON, RFC 7493).
const I_JSON_MAX: i64 = (1 << 53) - 1;

fn scalars_sample() -> Scalars {
    Scalars {
        text: "héllo".into(),
        flag: true,
        i8: i8::MIN,
        i16: i16::MAX,
        i32: -5,
        i64: -I_JSON_MAX,
        isize: 7,
        u8: u8::MAX,
        u16: 0,
        u32: u32::MAX,
        u64: I_JSON_MAX as u64,
        usize: 3,
        f32: 0.1,
        f64: -2.5e300,
        maybe_text: None,
        maybe_number: Some(9),
        maybe_flag: Some(false),
    }
}

#[test]
fn type_mapping_parse_and_round_trip() {
    round_trip(&scalars_sample());
    let mut content = scalars_sample().to_content();
    // Missing or null optional fields are `None`.
    content.remove("maybe_number");
    content.insert("maybe_flag".into(), Value::Null);
    let parsed = Scalars::from_content(&content).expect("parses");
    assert_eq!(parsed.maybe_number, None);
    assert_eq!(parsed.maybe_flag, None);
    // Whole floats are accepted for integers.
    content.insert("u8".into(), json!(4.0));
    assert_eq!(Scalars::from_content(&content).expect("4.0 is 4").u8, 4);
}

#[test]
fn integers_never_overflow() {
    let mut content = scalars_sample().to_content();
    content.insert("u8".into(), json!(256));
    content.insert("i8".into(), json!(-129));
    content.insert("u64".into(), json!(-1));
    content.insert("u32".into(), json!(1e300));
    content.insert("i16".into(), json!(4.5));
    let codes = error_codes::<Scalars>(&Value::Object(content));
    assert_eq!(
        codes,
        [
            ("i8".to_owned(), "out_of_range"),
            ("i16".to_owned(), "not_an_integer"),
            ("u8".to_owned(), "out_of_range"),
            ("u32".to_owned(), "out_of_range"),
            ("u64".to_owned(), "out_of_range"),
        ]
    );
}

#[test]
fn f32_range_is_enforced() {
    let mut content = scalars_sample().to_content();
    content.insert("f32".into(), json!(1e39));
    assert_eq!(
        error_codes::<Scalars>(&Value::Object(content)),
        [("f32".to_owned(), "out_of_range")]
    );
}

/// Please describe the event
///
/// Second paragraph of the prompt.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Attributes {
    /// The event's name
    ///
    ///   with an indented second paragraph
    #[elicit(title = "Title", min_length = 2, max_length = 5, pattern = "^[a-z]+$")]
    name: String,
    /// Replaced by the attribute
    #[elicit(description = "Explicit wins")]
    described: Option<String>,
    #[elicit(rename = "contactEmail", format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(format = "date")]
    day: Option<String>,
    #[elicit(format = "date-time")]
    starts: Option<String>,
    #[elicit(minimum = 1, maximum = 100)]
    guests: u32,
    #[elicit(minimum = 0, maximum = 2.5)]
    ratio: f64,
    #[elicit(minimum = -10, default = -3)]
    offset: i32,
    #[elicit(default = "general")]
    topic: String,
    #[elicit(default = 0.5)]
    weight: f32,
    #[elicit(default = 7)]
    float_from_int: f64,
    #[elicit(default = true)]
    public: bool,
    #[elicit(default = String::from("expr"))]
    expression: String,
    #[elicit(default)]
    plain_default: u16,
    #[elicit(default = 3)]
    optional_default: Option<u8>,
    #[elicit(skip)]
    internal: Vec<u8>,
}

fn attributes_sample() -> Attributes {
    Attributes {
        name: "party".into(),
        described: Some("x".into()),
        email: "a@example.com".into(),
        homepage: Some("https://example.com".into()),
        day: Some("2024-02-29".into()),
        starts: Some("2024-02-29T10:00:00Z".into()),
        guests: 10,
        ratio: 2.5,
        offset: -10,
        topic: "t".into(),
        weight: 1.5,
        float_from_int: 0.0,
        public: false,
        expression: "e".into(),
        plain_default: 1,
        optional_default: None,
        internal: Vec::new(),
    }
}

#[test]
fn every_field_attribute_in_the_schema() {
    let schema = schema_json::<Attributes>();
    assert_golden("attributes", Attributes::requested_schema());
    let p = &schema["properties"];
    assert_eq!(
        p["name"],
        json!({
            "type": "string", "title": "Title",
            "description": "The event's name\n\n  with an indented second paragraph",
            "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"
        })
    );
    assert_eq!(p["described"]["description"], "Explicit wins");
    assert_eq!(
        p["contactEmail"],
        json!({"type": "string", "format": "email"})
    );
    assert!(p.get("email").is_none());
    assert_eq!(p["homepage"]["format"], "uri");
    assert_eq!(p["day"]["format"], "date");
    assert_eq!(p["starts"]["format"], "date-time");
    assert_eq!(
        p["guests"],
        json!({"type": "integer", "minimum": 1, "maximum": 100})
    );
    assert_eq!(
        p["ratio"],
        json!({"type": "number", "minimum": 0, "maximum": 2.5})
    );
    assert_eq!(
        p["offset"],
        json!({"type": "integer", "minimum": -10, "maximum": i32::MAX, "default": -3})
    );
    assert_eq!(p["topic"]["default"], "general");
    assert_eq!(p["weight"]["default"], 0.5);
    assert_eq!(p["float_from_int"]["default"], 7);
    assert_eq!(p["public"], json!({"type": "boolean", "default": true}));
    assert_eq!(p["expression"]["default"], "expr");
    assert_eq!(p["plain_default"]["default"], 0);
    assert_eq!(p["optional_default"]["default"], 3);
    assert!(p.get("internal").is_none());
    assert_eq!(
        schema["required"],
        json!(["name", "contactEmail", "guests", "ratio"])
    );
    assert_eq!(
        Attributes::message(),
        "Please describe the event\n\nSecond paragraph of the prompt."
    );
}

#[test]
fn defaults_fill_missing_fields() {
    let content = json!({"name": "abc", "contactEmail": "a@b.co", "guests": 1, "ratio": 0});
    let parsed = Attributes::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.offset, -3);
    assert_eq!(parsed.topic, "general");
    assert!((parsed.weight - 0.5).abs() < f32::EPSILON);
    assert!((parsed.float_from_int - 7.0).abs() < f64::EPSILON);
    assert!(parsed.public);
    assert_eq!(parsed.expression, "expr");
    assert_eq!(parsed.plain_default, 0);
    // An `Option`'s default only pre-fills the form: left out, it is `None`.
    assert_eq!(parsed.optional_default, None);
    assert_eq!(parsed.internal, Vec::<u8>::new());
    assert_eq!(parsed.described, None);
}

#[test]
fn attributes_round_trip() {
    round_trip(&attributes_sample());
    // An `Option` with a default that is `None` is left out (the schema has no `null`), and
    // reads back as `None`.
    let sample = attributes_sample();
    assert_eq!(sample.optional_default, None);
    assert!(!sample.to_content().contains_key("optional_default"));
}

#[test]
fn every_constraint_is_enforced() {
    let content = json!({
        "name": "ABCDEF",
        "contactEmail": "nope",
        "homepage": "relative/path",
        "day": "2023-02-29",
        "starts": "2024-01-01T24:00:00Z",
        "guests": 0,
        "ratio": 2.6,
        "offset": -11,
        "public": "yes"
    });
    assert_eq!(
        error_codes::<Attributes>(&content),
        [
            ("name".to_owned(), "too_long"),
            ("contactEmail".to_owned(), "bad_format"),
            ("homepage".to_owned(), "bad_format"),
            ("day".to_owned(), "bad_format"),
            ("starts".to_owned(), "bad_format"),
            ("guests".to_owned(), "below_minimum"),
            ("ratio".to_owned(), "above_maximum"),
            ("offset".to_owned(), "below_minimum"),
            ("public".to_owned(), "wrong_type"),
        ]
    );
    let short = json!({"name": "a", "contactEmail": "a@b.co", "guests": 1, "ratio": 0});
    assert_eq!(
        error_codes::<Attributes>(&short),
        [("name".to_owned(), "too_short")]
    );
    let unmatched = json!({"name": "a1b", "contactEmail": "a@b.co", "guests": 1, "ratio": 0});
    assert_eq!(
        error_codes::<Attributes>(&unmatched),
        [("name".to_owned(), "pattern_mismatch")]
    );
    assert_eq!(
        error_codes::<Attributes>(&json!({})),
        [
            ("name".to_owned(), "missing"),
            ("contactEmail".to_owned(), "missing"),
            ("guests".to_owned(), "missing"),
            ("ratio".to_owned(), "missing"),
        ]
    );
}

#[test]
fn lengths_count_unicode_scalar_values() {
    // Five scalar values, some of them several bytes or several per visible character.
    for five in ["abcde", "ééééé", "😀😀😀😀😀", "e\u{301}e\u{301}e"] {
        let content = json!({"name": five, "contactEmail": "a@b.co", "guests": 1, "ratio": 0});
        let result = Attributes::from_content(map(&content));
        // The pattern only allows a-z, so only the ASCII one passes; the others must fail on
        // the pattern, not on length.
        match result {
            Ok(parsed) => assert_eq!(parsed.name, "abcde"),
            Err(error) => assert_eq!(
                error.errors()[0].kind().code(),
                "pattern_mismatch",
                "{five}"
            ),
        }
    }
}

#[test]
fn error_messages_name_the_wire_field() {
    let content = json!({"name": "ab", "contactEmail": 5, "guests": 1, "ratio": 0});
    let error = Attributes::from_content(map(&content)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`contactEmail`: expected a string, got number"
    );
    assert_eq!(
        error.errors()[0].kind(),
        &FieldErrorKind::WrongType {
            expected: JsonType::String,
            found: JsonType::Number
        }
    );
    assert_eq!(
        serde_json::to_value(&error).unwrap(),
        json!({"errors": [{
            "field": "contactEmail",
            "kind": "wrong_type",
            "message": "expected a string, got number"
        }]})
    );
    let error: &dyn std::error::Error = &error;
    assert!(error.source().is_none());
}

/// Declared out of alphabetical order on purpose.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Order {
    zebra: String,
    apple: Option<String>,
    mango: bool,
    banana: u8,
}

#[test]
fn declaration_order_is_kept() {
    let text = serde_json::to_string(Order::requested_schema()).unwrap();
    assert_eq!(
        text,
        r#"{"type":"object","properties":{"zebra":{"type":"string"},"apple":{"type":"string"},"mango":{"type":"boolean"},"banana":{"type":"integer","minimum":0,"maximum":255}},"required":["zebra","mango","banana"]}"#
    );
    // Errors come in declaration order too.
    let codes = error_codes::<Order>(&json!({}));
    let fields: Vec<_> = codes.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(fields, ["zebra", "mango", "banana"]);
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(deny_unknown_fields)]
struct Strict {
    a: String,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Lenient {
    a: String,
}

#[test]
fn unknown_fields() {
    let content = json!({"a": "x", "b": 1, "c": 2});
    assert_eq!(
        error_codes::<Strict>(&content),
        [
            ("b".to_owned(), "unknown_field"),
            ("c".to_owned(), "unknown_field")
        ]
    );
    assert_eq!(
        Lenient::from_content(map(&content)),
        Ok(Lenient { a: "x".into() })
    );
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Empty {}

#[test]
fn an_empty_form_has_no_required_key() {
    assert_eq!(
        schema_json::<Empty>(),
        json!({"type": "object", "properties": {}})
    );
    assert_eq!(Empty::from_content(&Map::new()), Ok(Empty {}));
    assert_eq!(Empty::message(), "Empty");
}

macro_rules! casing {
    ($name:ident, $rule:literal, [$($wire:literal),*]) => {
        #[derive(Elicit)]
        #[elicit(rename_all = $rule)]
        #[allow(dead_code)]
        struct $name {
            first_line: String,
            x: String,
        }

        #[test]
        #[allow(non_snake_case)]
        fn $name() {
            schema_json::<$name>();
            assert_eq!(names::<$name>(), [$($wire),*]);
        }
    };
}

casing!(Camel, "camelCase", ["firstLine", "x"]);
casing!(Snake, "snake_case", ["first_line", "x"]);
casing!(Kebab, "kebab-case", ["first-line", "x"]);
casing!(ScreamingSnake, "SCREAMING_SNAKE_CASE", ["FIRST_LINE", "X"]);
casing!(Lower, "lowercase", ["first_line", "x"]);
casing!(Upper, "UPPERCASE", ["FIRST_LINE", "X"]);
casing!(Pascal, "PascalCase", ["FirstLine", "X"]);

/// A type that also derives serde's traits has one wire name for both.
#[derive(Elicit, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
#[elicit(untitled)]
#[serde(rename_all = "camelCase")]
struct WithSerde {
    first_name: String,
    #[serde(rename = "mail")]
    email: String,
    #[serde(default)]
    count: u8,
    #[serde(default = "seven")]
    seven: u8,
    #[serde(skip)]
    cache: String,
    // Both may name it, if they agree (a disagreement is a compile error).
    #[serde(rename = "both")]
    #[elicit(rename = "both")]
    both: bool,
}

fn seven() -> u8 {
    7
}

#[test]
fn serde_attributes_are_honoured() {
    let schema = schema_json::<WithSerde>();
    assert_eq!(
        names::<WithSerde>(),
        ["firstName", "mail", "count", "seven", "both"]
    );
    assert_eq!(schema["required"], json!(["firstName", "mail", "both"]));
    assert_eq!(schema["properties"]["seven"]["default"], 7);
    let content = json!({"firstName": "A", "mail": "m", "both": true});
    let parsed = WithSerde::from_content(map(&content)).unwrap();
    assert_eq!(parsed.seven, 7);
    assert_eq!(parsed.cache, "");
    // serde reads the same names.
    let via_serde: WithSerde =
        serde_json::from_value(json!({"firstName": "A", "mail": "m", "both": true})).unwrap();
    assert_eq!(via_serde, parsed);
}

mod renamed_crate {
    pub use elicit_core as inner;
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(crate = "renamed_crate::inner", message = "Explicit prompt")]
/// Not the prompt
struct ThroughReexport {
    #[elicit(format = "email")]
    value: String,
}

#[test]
fn crate_path_and_message_attributes() {
    assert_eq!(ThroughReexport::message(), "Explicit prompt");
    assert_eq!(
        schema_json::<ThroughReexport>()["properties"]["value"]["format"],
        "email"
    );
}

#[test]
fn schema_is_built_once() {
    assert!(std::ptr::eq(
        Attributes::requested_schema(),
        Attributes::requested_schema()
    ));
}

#[test]
fn hostile_content_never_panics() {
    let huge = "x".repeat(10 * 1024 * 1024);
    let mut content = Map::new();
    for index in 0..100_000 {
        content.insert(format!("unknown{index}"), json!(index));
    }
    content.insert("name".into(), Value::String(huge));
    content.insert(
        "contactEmail".into(),
        json!({"nested": [1, 2, {"deep": true}]}),
    );
    content.insert("guests".into(), json!([1]));
    content.insert("ratio".into(), json!(u64::MAX));
    let error = Attributes::from_content(&content).unwrap_err();
    let codes: Vec<_> = error.errors().iter().map(|e| e.kind().code()).collect();
    assert_eq!(
        codes,
        ["too_long", "wrong_type", "wrong_type", "above_maximum"]
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Scalars>();
    tests::soundness::check_form_is_sound::<Attributes>();
    tests::soundness::check_form_is_sound::<Order>();
    tests::soundness::check_form_is_sound::<Strict>();
    tests::soundness::check_form_is_sound::<Lenient>();
    tests::soundness::check_form_is_sound::<Empty>();
    tests::soundness::check_form_is_sound::<WithSerde>();
    tests::soundness::check_form_is_sound::<ThroughReexport>();
}
