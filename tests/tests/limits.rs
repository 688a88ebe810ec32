//! How the parser bounds its work: whole-message hostile inputs (huge, deep, wide, slow to
//! match) and the byte-limited reader.
//!
//! Times are asserted with wide margins (this runs unoptimized, on a shared machine): the
//! point is linear against exponential or quadratic, seconds against hours.

use std::time::{Duration, Instant};

use elicit_core::protocol::{DEFAULT_MESSAGE_LIMIT, ElicitResult, OutcomeError, ReadError};
use elicit_core::schema::{Pattern, RequestedSchema};
use elicit_core::{Elicit, ElicitOutcome};
use serde_json::{Map, Value, json};

#[derive(Elicit, Debug, PartialEq)]
struct Open {
    name: String,
    #[elicit(pattern = "^(a+)+$")]
    evil: Option<String>,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(deny_unknown_fields)]
struct Closed {
    name: String,
}

/// Runs `f`, failing if it takes longer than `limit`.
fn within<T>(what: &str, limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    assert!(took < limit, "{what} took {took:?}, over {limit:?}");
    out
}

/// Runs `f` on a thread with a 256 MiB stack: building, cloning and dropping a value 10 000
/// levels deep recurses once per level (serde_json's `Value` drops recursively), which the
/// test harness's 2 MiB threads could not hold. The parser itself never recurses into a
/// value it does not read.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic");
}

fn nested_arrays(depth: usize) -> Value {
    let mut value = json!("bottom");
    for _ in 0..depth {
        value = Value::Array(vec![value]);
    }
    value
}

fn content(pairs: Value) -> Map<String, Value> {
    pairs.as_object().expect("object").clone()
}

#[test]
fn a_hundred_thousand_unknown_keys_are_linear() {
    let mut wide = content(json!({"name": "Ada"}));
    for index in 0..100_000 {
        wide.insert(format!("unknown{index}"), json!(index));
    }
    let open = within("open form", Duration::from_secs(5), || {
        Open::from_content(&wide)
    });
    assert_eq!(open.expect("unknown keys are ignored").name, "Ada");
    let closed = within("deny_unknown_fields form", Duration::from_secs(5), || {
        Closed::from_content(&wide)
    });
    let errors = closed.expect_err("unknown keys are errors").into_errors();
    assert_eq!(errors.len(), 100_000);
    assert!(errors.iter().all(|e| e.kind().code() == "unknown_field"));
    within("validate", Duration::from_secs(5), || {
        Open::requested_schema().validate(&wide)
    })
    .expect("validate ignores them too");
}

#[test]
fn ten_thousand_levels_inside_an_unknown_key() {
    with_big_stack(|| {
        let deep = content(json!({"name": "Ada"}));
        let mut deep = deep;
        deep.insert("extra".to_owned(), nested_arrays(10_000));
        // Never walked: the parser only looks up the keys it declares.
        let open = within("open form", Duration::from_secs(5), || {
            Open::from_content(&deep)
        });
        assert_eq!(open.expect("ignored").name, "Ada");
        let closed = Closed::from_content(&deep).expect_err("unknown");
        assert_eq!(closed.errors()[0].field(), "extra");
        // And as bytes, serde_json's recursion limit (128) refuses it before any of this.
        let text = format!(
            r#"{{"action":"accept","content":{{"name":"Ada","extra":{}"x"{}}}}}"#,
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        let error = ElicitResult::from_slice_limited(text.as_bytes(), DEFAULT_MESSAGE_LIMIT)
            .expect_err("too deep");
        assert!(
            matches!(&error, ReadError::Json(e) if e.to_string().contains("recursion limit")),
            "{error}"
        );
    });
}

#[test]
fn deep_values_where_a_scalar_belongs() {
    with_big_stack(|| {
        let deep = content(json!({"name": nested_arrays(10_000)}));
        let error = within("deep value", Duration::from_secs(5), || {
            Open::from_content(&deep)
        })
        .expect_err("an array is not a string");
        assert_eq!(error.errors()[0].kind().code(), "wrong_type");
    });
}

/// `1e400` is out of `f64`'s range: serde_json refuses it while parsing, so no `Value`
/// (and no form) ever holds it.
#[test]
fn numbers_beyond_f64_are_parse_errors() {
    assert!(serde_json::from_str::<Value>("1e400").is_err());
    assert!(serde_json::from_str::<Value>("-1e400").is_err());
    let bytes = br#"{"action":"accept","content":{"name":"Ada","weight":1e400}}"#;
    let error = ElicitResult::from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT).expect_err("1e400");
    assert!(
        matches!(&error, ReadError::Json(e) if e.to_string().contains("number out of range")),
        "{error}"
    );
    // Whereas 1e308 is a number, and an integer field calls it out of range.
    #[derive(Elicit, Debug)]
    struct Count {
        count: u64,
    }
    let bytes = br#"{"action":"accept","content":{"count":1e308}}"#;
    let error =
        ElicitOutcome::<Count>::from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT).expect_err("big");
    let ReadError::Outcome(OutcomeError::Invalid(invalid)) = error else {
        panic!("expected invalid content, got {error:?}");
    };
    assert_eq!(invalid.errors()[0].kind().code(), "out_of_range");
}

#[test]
fn messages_over_the_limit_are_not_parsed() {
    let answer = format!(
        r#"{{"action":"accept","content":{{"name":"{}"}}}}"#,
        "x".repeat(10 * 1024 * 1024)
    );
    let error = within("refusing 10 MB", Duration::from_secs(1), || {
        ElicitResult::from_slice_limited(answer.as_bytes(), DEFAULT_MESSAGE_LIMIT)
    })
    .expect_err("over 1 MiB");
    assert!(
        matches!(error, ReadError::TooLarge { limit, length } if limit == DEFAULT_MESSAGE_LIMIT && length == answer.len())
    );
    assert!(error.to_string().contains("over the limit"), "{error}");
    // With a limit that fits, the same bytes parse (and a 10 MB string is just a string).
    let outcome = ElicitOutcome::<Open>::from_slice_limited(answer.as_bytes(), answer.len())
        .expect("within its limit");
    assert_eq!(
        outcome.accepted().expect("accepted").name.len(),
        10 * 1024 * 1024
    );
    // Exactly at the limit is allowed; one byte over is not.
    let small = br#"{"action":"cancel"}"#;
    assert!(ElicitResult::from_slice_limited(small, small.len()).is_ok());
    assert!(matches!(
        ElicitResult::from_slice_limited(small, small.len() - 1),
        Err(ReadError::TooLarge { .. })
    ));
}

#[test]
fn a_reader_is_read_no_further_than_the_limit() {
    let endless = std::io::repeat(b'[');
    let error = ElicitResult::from_reader_limited(endless, 1 << 16).expect_err("endless");
    assert!(matches!(
        error,
        ReadError::TooLarge {
            limit: 65_536,
            length: 65_537
        }
    ));
    let reader: &[u8] = br#"{"jsonrpc":"2.0","id":7,"result":{"action":"decline"}}"#;
    assert_eq!(
        ElicitResult::from_reader_limited(reader, 1024).expect("fits"),
        ElicitResult::decline()
    );
    // Trailing data after the one value is an error, not silently ignored.
    let trailing: &[u8] = br#"{"action":"decline"} {"action":"accept"}"#;
    assert!(matches!(
        ElicitResult::from_reader_limited(trailing, 1024),
        Err(ReadError::Json(_))
    ));
}

/// The classic catastrophic-backtracking patterns, on inputs that would take a backtracking
/// engine longer than the age of the universe: the engine under `pattern` never backtracks.
#[test]
fn evil_patterns_match_in_linear_time() {
    let long_a = "a".repeat(100_000);
    let cases = [
        ("^(a+)+$", format!("{long_a}!"), false),
        ("^(a|aa)+$", format!("{long_a}!"), false),
        ("^(a|a?)+$", format!("{long_a}b"), false),
        ("^(.*a){12}$", long_a.clone(), true),
        ("(x+x+)+y", "x".repeat(100_000), false),
        (
            "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
            format!("{long_a}!"),
            false,
        ),
    ];
    for (source, input, matches) in cases {
        let pattern = Pattern::new(source).expect("compiles");
        let got = within(source, Duration::from_secs(10), || pattern.is_match(&input));
        assert_eq!(got, matches, "{source}");
    }
    // And through a derived form.
    let content = content(json!({"name": "Ada", "evil": format!("{long_a}!")}));
    let error = within("derived form", Duration::from_secs(10), || {
        Open::from_content(&content)
    })
    .expect_err("no match");
    assert_eq!(error.errors()[0].kind().code(), "pattern_mismatch");
}

/// A server's schema is input to a client: a huge one costs time in proportion to its size.
#[test]
fn a_huge_schema_reads_and_validates_in_linear_time() {
    let count = 50_000;
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut answer = Map::new();
    for index in 0..count {
        let name = format!("field{index}");
        properties.insert(name.clone(), json!({"type": "string", "maxLength": 3}));
        required.push(Value::String(name.clone()));
        answer.insert(name, json!("abc"));
    }
    let schema = json!({"type": "object", "properties": properties, "required": required});
    let schema: RequestedSchema = within("deserializing", Duration::from_secs(10), || {
        serde_json::from_value(schema)
    })
    .expect("a valid schema");
    within("validating", Duration::from_secs(10), || {
        schema.validate(&answer)
    })
    .expect("valid");
}

/// A server-sent multi-select of 50 000 options, answered with all of them (and with one
/// repeated at the end): linear, not a scan of every option and earlier item per item.
#[test]
fn a_huge_multi_select_validates_in_linear_time() {
    let options: Vec<String> = (0..50_000).map(|index| format!("option{index}")).collect();
    let schema: RequestedSchema = serde_json::from_value(json!({
        "type": "object",
        "properties": {"pick": {"type": "array", "items": {"type": "string", "enum": options}}},
    }))
    .expect("a valid schema");
    let mut all = content(json!({"pick": options}));
    within("all options", Duration::from_secs(10), || {
        schema.validate(&all)
    })
    .expect("valid");
    all["pick"]
        .as_array_mut()
        .expect("array")
        .push(json!("option7"));
    let error = within("a repeat", Duration::from_secs(10), || {
        schema.validate(&all)
    })
    .expect_err("repeated");
    assert_eq!(error.errors()[0].kind().code(), "duplicate_option");
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Open>();
    tests::soundness::check_form_is_sound::<Closed>();
}
