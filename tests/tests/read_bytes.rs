//! `ElicitOutcome::from_slice_limited` of a derived form reads the answer's bytes straight into
//! the form. It must answer exactly what the general way answers (bytes to `Value`, then
//! `ElicitResult::from_value`, then `from_content`): the same outcome, the same errors with
//! their kinds and order, the same JSON errors.
//!
//! This file also runs with `serde_json`'s `arbitrary_precision` on, from the
//! `arbitrary-precision` package (`.ci/run`), which includes it: numbers then reach a reader as
//! maps, and `1e400` parses.

#![allow(missing_docs)]

use elicit_core::protocol::{DEFAULT_MESSAGE_LIMIT, ElicitResult, OutcomeError, ReadError};
use elicit_core::{ContentError, Elicit, ElicitOutcome};

#[derive(Elicit, Debug, PartialEq)]
pub enum Color {
    Red,
    Green,
    Blue,
}

/// Sign up
#[derive(Elicit, Debug, PartialEq)]
pub struct Signup {
    /// User name
    #[elicit(min_length = 3, max_length = 8)]
    pub name: String,
    /// Email
    #[elicit(format = "email")]
    pub email: Option<String>,
    /// Age
    #[elicit(minimum = 13)]
    pub age: u8,
    /// Score
    #[elicit(default = 1.5)]
    pub score: f64,
    /// Colors
    #[elicit(max_items = 2)]
    pub colors: Vec<Color>,
    /// Favourite
    pub favourite: Option<Color>,
    /// Ok
    pub ok: Option<bool>,
}

/// Strict
#[derive(Elicit, Debug, PartialEq)]
#[elicit(deny_unknown_fields)]
pub struct Strict {
    /// Id
    pub id: u64,
    /// Label
    pub label: Option<String>,
}

/// A form around another, flattened.
#[derive(Elicit, Debug, PartialEq)]
pub struct Outer {
    /// Title
    pub title: String,
    /// The group
    #[elicit(flatten)]
    pub group: Option<Strict>,
}

/// What a reader answered, comparable (a JSON error by its text).
#[derive(Debug, PartialEq)]
pub enum Verdict<T> {
    Read(ElicitOutcome<T>),
    TooLarge,
    Json(String),
    Outcome(OutcomeError),
}

fn verdict<T>(read: Result<ElicitOutcome<T>, ReadError>) -> Verdict<T> {
    match read {
        Ok(outcome) => Verdict::Read(outcome),
        Err(ReadError::TooLarge { .. }) => Verdict::TooLarge,
        Err(ReadError::Json(error)) => Verdict::Json(error.to_string()),
        Err(ReadError::Outcome(error)) => Verdict::Outcome(error),
        Err(other) => panic!("{other:?}"),
    }
}

/// Reads `bytes` both ways, asserts they agree, and returns the answer.
pub fn read<T: Elicit + std::fmt::Debug + PartialEq>(bytes: &str, limit: usize) -> Verdict<T> {
    let direct = verdict(ElicitOutcome::<T>::from_slice_limited(
        bytes.as_bytes(),
        limit,
    ));
    let general = verdict(
        ElicitResult::from_slice_limited(bytes.as_bytes(), limit)
            .and_then(|result| Ok(ElicitOutcome::from_elicit_result(&result)?)),
    );
    assert_eq!(direct, general, "{bytes}");
    direct
}

fn signup(bytes: &str) -> Verdict<Signup> {
    read(bytes, DEFAULT_MESSAGE_LIMIT)
}

/// The errors of an invalid content, as `(field, code)`.
fn errors<T: std::fmt::Debug>(verdict: &Verdict<T>) -> Vec<(String, &'static str)> {
    match verdict {
        Verdict::Outcome(OutcomeError::Invalid(error)) => codes(error),
        other => panic!("not invalid content: {other:?}"),
    }
}

fn codes(error: &ContentError) -> Vec<(String, &'static str)> {
    error
        .errors()
        .iter()
        .map(|e| (e.field().to_owned(), e.kind().code()))
        .collect()
}

fn accepted<T: std::fmt::Debug>(verdict: Verdict<T>) -> T {
    match verdict {
        Verdict::Read(ElicitOutcome::Accepted(value)) => value,
        other => panic!("not accepted: {other:?}"),
    }
}

const ADA: &str = r#"{"name":"ada","age":36,"colors":["Red"],"email":"ada@example.com"}"#;

#[test]
fn a_valid_answer_reads_as_from_content_reads_it() {
    let value = accepted(signup(&format!(r#"{{"action":"accept","content":{ADA}}}"#)));
    let content = serde_json::from_str(ADA).unwrap();
    assert_eq!(Signup::from_content(&content).unwrap(), value);
    assert_eq!(value.score, 1.5);
    assert_eq!(value.colors, [Color::Red]);
}

#[test]
fn action_may_come_after_content_and_keys_in_any_order() {
    let value = accepted(signup(
        r#"{"content":{"colors":[],"age":13,"name":"bob"},"_meta":{"x":[1,2]},"action":"accept"}"#,
    ));
    assert_eq!(value.name, "bob");
    // Decline after an invalid content: the content is not read.
    assert_eq!(
        signup(r#"{"content":{"age":"old"},"action":"decline"}"#),
        Verdict::Read(ElicitOutcome::Declined)
    );
    assert_eq!(
        signup(r#"{"content":5,"action":"cancel"}"#),
        Verdict::Read(ElicitOutcome::Cancelled)
    );
}

#[test]
fn a_key_read_twice_keeps_its_last_value_as_a_value_does() {
    let value = accepted(signup(
        r#"{"action":"accept","content":{"name":"ada","age":"x","age":40,"colors":[]}}"#,
    ));
    assert_eq!(value.age, 40);
    let invalid =
        signup(r#"{"action":"accept","content":{"name":"ada","age":40,"age":"x","colors":[]}}"#);
    assert_eq!(errors(&invalid), [("age".to_owned(), "wrong_type")]);
    // A second `content` replaces the first entirely; a second `action` the first.
    let value = accepted(signup(
        r#"{"action":"decline","content":{"age":1},"content":{"name":"eve","age":20,"colors":[]},"action":"accept"}"#,
    ));
    assert_eq!(value.name, "eve");
}

#[test]
fn every_field_error_is_reported_in_field_order() {
    let invalid = signup(
        r#"{"action":"accept","content":{"ok":"yes","colors":["Red","Red"],"age":300,"email":"nope","name":"ab","favourite":"Pink"}}"#,
    );
    assert_eq!(
        errors(&invalid),
        [
            ("name".to_owned(), "too_short"),
            ("email".to_owned(), "bad_format"),
            ("age".to_owned(), "out_of_range"),
            ("colors".to_owned(), "duplicate_option"),
            ("favourite".to_owned(), "unknown_option"),
            ("ok".to_owned(), "wrong_type"),
        ]
    );
    assert_eq!(
        errors(&signup(r#"{"action":"accept"}"#)),
        [
            ("name".to_owned(), "missing"),
            ("age".to_owned(), "missing"),
            ("colors".to_owned(), "missing")
        ]
    );
    assert_eq!(
        errors(&signup(
            r#"{"action":"accept","content":{"name":"x\"y","age":[1],"colors":"Red"}}"#
        )),
        [
            ("age".to_owned(), "wrong_type"),
            ("colors".to_owned(), "wrong_type")
        ]
    );
}

#[test]
fn escaped_strings_are_unescaped() {
    let value = accepted(signup(
        r#"{"action":"accept","content":{"name":"\u0041da","age":20,"colors":["\u0042lue"]}}"#,
    ));
    assert_eq!(
        (value.name.as_str(), value.colors.as_slice()),
        ("Ada", &[Color::Blue][..])
    );
}

#[test]
fn unknown_keys_are_reported_sorted_and_once() {
    let invalid: Verdict<Strict> = read(
        r#"{"action":"accept","content":{"zeta":1,"id":2,"alpha":{"deep":[1]},"zeta":2}}"#,
        DEFAULT_MESSAGE_LIMIT,
    );
    assert_eq!(
        errors(&invalid),
        [
            ("alpha".to_owned(), "unknown_field"),
            ("zeta".to_owned(), "unknown_field")
        ]
    );
    // Flattened: the outer form reads the inner form's keys.
    let outer: Outer = accepted(read(
        r#"{"action":"accept","content":{"title":"t","id":3}}"#,
        DEFAULT_MESSAGE_LIMIT,
    ));
    assert_eq!(outer.group, Some(Strict { id: 3, label: None }));
    let outer: Outer = accepted(read(
        r#"{"action":"accept","content":{"title":"t","label":null}}"#,
        DEFAULT_MESSAGE_LIMIT,
    ));
    assert_eq!(outer.group, None);
}

#[test]
fn the_shapes_the_general_way_answers() {
    for bytes in [
        r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"name":"ada","age":20,"colors":[]}}}"#,
        r#"{"jsonrpc":"1.0","id":1,"result":{"action":"accept"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept"},"error":{"code":1,"message":"x"}}"#,
        r#"{"jsonrpc":"2.0","method":"elicitation/create","params":{}}"#,
        r#"{"action":"accept","resultType":"complete","content":null}"#,
        r#"{"action":"accept","resultType":"incomplete"}"#,
        r#"{"action":"later"}"#,
        r#"{"action":null}"#,
        r#"{"action":"reject","content":{"name":1}}"#,
        r#"{"action":"accept","content":[1]}"#,
        r#"{"action":"accept","content":"x"}"#,
        r#"{"result":[],"id":1}"#,
        r#"{"result":{"result":{"action":"accept"}}}"#,
        r#"{}"#,
        r#"[]"#,
        r#""accept""#,
        r#"12"#,
        r#"null"#,
        r#"{"$serde_json::private::Number":"1"}"#,
        r#"{"action":"accept","content":{"$serde_json::private::Number":"1"}}"#,
    ] {
        signup(bytes);
    }
}

#[test]
fn limits_and_bad_json_are_json_errors_as_before() {
    let long = format!(
        r#"{{"action":"accept","content":{{"name":"{}"}}}}"#,
        "x".repeat(100)
    );
    assert_eq!(read::<Signup>(&long, 64), Verdict::TooLarge);
    let deep = format!(
        r#"{{"action":"accept","content":{{"name":"ada","age":{}1{}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    assert!(matches!(signup(&deep), Verdict::Json(_)));
    let deep_unknown = format!(
        r#"{{"action":"accept","content":{{"other":{}1{}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    assert!(matches!(signup(&deep_unknown), Verdict::Json(_)));
    for bytes in [
        r#"{"action":"accept","content":{"name":"ada"#,
        r#"{"action":"accept"} x"#,
        r#"{"action":"accept","content":{"name":"\ud800"}}"#,
        r#"{"action":"accept","content":{"age":01}}"#,
        "{\"action\":\"accept\",\"content\":{\"name\":\"\u{1}\"}}",
    ] {
        assert!(matches!(signup(bytes), Verdict::Json(_)), "{bytes}");
    }
}

#[test]
fn numbers_beyond_f64() {
    // Without `arbitrary_precision`, `1e400` is a JSON error; with it, a number the fields
    // refuse. Either way, both readers agree (`read` asserts it).
    let answer = signup(
        r#"{"action":"accept","content":{"name":"ada","age":20,"colors":[],"score":1e400}}"#,
    );
    let arbitrary_precision = serde_json::from_str::<serde_json::Value>("1e400").is_ok();
    if arbitrary_precision {
        assert!(matches!(answer, Verdict::Outcome(_)), "{answer:?}");
    } else {
        assert!(matches!(answer, Verdict::Json(_)), "{answer:?}");
    }
    let big = signup(
        r#"{"action":"accept","content":{"name":"ada","age":12345678901234567890123,"colors":[],"score":-0.0}}"#,
    );
    assert_eq!(errors(&big), [("age".to_owned(), "out_of_range")]);
}

/// Integers whose bounds reach the edges of the 64-bit integers.
#[derive(Elicit, Debug, PartialEq)]
pub struct Wide {
    /// Signed
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807)]
    pub signed: i64,
    /// Unsigned
    #[elicit(maximum = 18446744073709551615)]
    pub unsigned: u64,
}

#[test]
fn a_float_at_the_edge_of_the_64_bit_integers_is_out_of_range() {
    // One below `i64::MIN` is read (without `arbitrary_precision`) as the float -2^63, which
    // equals `i64::MIN`; one past `u64::MAX` as 2^64. Neither proves an integer in range:
    // both readers, `from_content` and `validate` refuse them, on the field.
    for (content, field) in [
        (r#"{"signed":-9223372036854775809,"unsigned":1}"#, "signed"),
        (
            r#"{"signed":-9223372036854775808.0,"unsigned":1}"#,
            "signed",
        ),
        (
            r#"{"signed":1,"unsigned":18446744073709551616}"#,
            "unsigned",
        ),
    ] {
        let answer = read::<Wide>(
            &format!(r#"{{"action":"accept","content":{content}}}"#),
            DEFAULT_MESSAGE_LIMIT,
        );
        assert_eq!(
            errors(&answer),
            [(field.to_owned(), "out_of_range")],
            "{content}"
        );
        let content: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(content).unwrap();
        let error = Wide::from_content(&content).unwrap_err();
        assert_eq!(codes(&error), [(field.to_owned(), "out_of_range")]);
        let verdict = Wide::requested_schema().validate(&content).unwrap_err();
        assert_eq!(verdict.errors()[0].field(), field, "{content:?}");
    }
    // The edges themselves, as integers, and a float strictly inside, are read.
    let value = accepted(read::<Wide>(
        r#"{"action":"accept","content":{"signed":-9223372036854775808,"unsigned":18446744073709551615}}"#,
        DEFAULT_MESSAGE_LIMIT,
    ));
    assert_eq!(
        value,
        Wide {
            signed: i64::MIN,
            unsigned: u64::MAX
        }
    );
    let value = accepted(read::<Wide>(
        r#"{"action":"accept","content":{"signed":-9223372036854773760.0,"unsigned":18446744073709549568.0}}"#,
        DEFAULT_MESSAGE_LIMIT,
    ));
    assert_eq!(
        value,
        Wide {
            signed: -9_223_372_036_854_773_760,
            unsigned: 18_446_744_073_709_549_568
        }
    );
}
