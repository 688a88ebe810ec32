//! 64-bit integers get I-JSON's range (RFC 7493, ±(2^53 − 1)) as their type's range, in the
//! schema and in the parser alike; an explicit wider bound widens it, up to the Rust type's
//! own range, and the parser then accepts up to that bound.

use std::num::{NonZeroI64, NonZeroU64, NonZeroUsize};

use elicit_core::schema::PropertySchema;
use elicit_core::{Elicit, ElicitField};
use serde_json::{Map, Value, json};

/// 2^53 − 1.
const MAX_SAFE: i64 = (1 << 53) - 1;
/// 2^53.
const TWO_TO_THE_53: u64 = 1 << 53;

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Plain {
    unsigned: u64,
    signed: i64,
    size: usize,
    offset: isize,
    non_zero: NonZeroU64,
    signed_non_zero: NonZeroI64,
    non_zero_size: NonZeroUsize,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Widened {
    #[elicit(maximum = 9007199254740992)]
    just_past: u64,
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807)]
    whole_i64: i64,
    // Beyond the type's range: widened only as far as `u64::MAX`.
    #[elicit(maximum = 18446744073709551615)]
    whole_u64: u64,
    // Narrowing still narrows.
    #[elicit(maximum = 100)]
    small: u64,
}

// A newtype whose own bound is I-JSON's: a field's wider bound cannot widen it, as the
// newtype's own parser checks its own schema. (No doc comment: it would be a description.)
#[derive(Elicit, Debug, PartialEq)]
struct Id(u64);

// A newtype whose author widened its bound.
#[derive(Elicit, Debug, PartialEq)]
struct BigId(#[elicit(maximum = 9007199254740992)] u64);

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Ids {
    #[elicit(maximum = 9007199254740992)]
    id: Id,
    big: BigId,
}

fn property<'a>(schema: &'a elicit_core::schema::RequestedSchema, name: &str) -> Value {
    let property: &'a PropertySchema = schema.property(name).unwrap();
    serde_json::to_value(property).unwrap()
}

fn object(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

/// `(field, code)` of each error.
type Codes = Vec<(String, &'static str)>;

/// `from_content`'s errors, and `validate`'s.
fn verdicts<T: Elicit>(content: &Map<String, Value>) -> (Codes, Codes) {
    let codes = |error: elicit_core::ContentError| {
        error
            .errors()
            .iter()
            .map(|e| (e.field().to_owned(), e.kind().code()))
            .collect::<Vec<_>>()
    };
    let parsed = T::from_content(content)
        .err()
        .map(codes)
        .unwrap_or_default();
    let validated = T::requested_schema()
        .validate(content)
        .err()
        .map(codes)
        .unwrap_or_default();
    (parsed, validated)
}

#[test]
fn the_64_bit_types_stop_at_2_to_the_53_minus_1() {
    let schema = Plain::requested_schema();
    let ranges = [
        ("unsigned", 0, MAX_SAFE),
        ("signed", -MAX_SAFE, MAX_SAFE),
        ("size", 0, MAX_SAFE),
        ("offset", -MAX_SAFE, MAX_SAFE),
        ("non_zero", 1, MAX_SAFE),
        ("signed_non_zero", -MAX_SAFE, MAX_SAFE),
        ("non_zero_size", 1, MAX_SAFE),
    ];
    for (name, minimum, maximum) in ranges {
        assert_eq!(
            property(schema, name),
            json!({"type": "integer", "minimum": minimum, "maximum": maximum}),
            "{name}"
        );
    }
}

#[test]
fn the_edges_by_default() {
    let at_edge = json!({
        "unsigned": MAX_SAFE, "signed": -MAX_SAFE, "size": MAX_SAFE, "offset": MAX_SAFE,
        "non_zero": MAX_SAFE, "signed_non_zero": -MAX_SAFE, "non_zero_size": MAX_SAFE,
    });
    let parsed = Plain::from_content(&object(at_edge.clone())).unwrap();
    assert_eq!(parsed.unsigned, MAX_SAFE as u64);
    assert_eq!(parsed.signed, -MAX_SAFE);
    assert_eq!(Value::Object(parsed.to_content()), at_edge);
    assert_eq!(Plain::requested_schema().validate(&object(at_edge)), Ok(()));

    let past_edge = json!({
        "unsigned": TWO_TO_THE_53, "signed": -(TWO_TO_THE_53 as i64), "size": TWO_TO_THE_53,
        "offset": TWO_TO_THE_53, "non_zero": u64::MAX, "signed_non_zero": i64::MIN,
        "non_zero_size": TWO_TO_THE_53,
    });
    let (parsed, validated) = verdicts::<Plain>(&object(past_edge));
    let expected = [
        ("unsigned", "above_maximum"),
        ("signed", "below_minimum"),
        ("size", "above_maximum"),
        ("offset", "above_maximum"),
        ("non_zero", "above_maximum"),
        ("signed_non_zero", "below_minimum"),
        ("non_zero_size", "above_maximum"),
    ]
    .map(|(field, code)| (field.to_owned(), code));
    assert_eq!(parsed, expected);
    assert_eq!(validated, expected);
}

#[test]
fn an_explicit_bound_widens_up_to_the_rust_range() {
    let schema = Widened::requested_schema();
    assert_eq!(
        property(schema, "just_past"),
        json!({"type": "integer", "minimum": 0, "maximum": TWO_TO_THE_53})
    );
    assert_eq!(
        property(schema, "whole_i64"),
        json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX})
    );
    assert_eq!(
        property(schema, "whole_u64"),
        json!({"type": "integer", "minimum": 0, "maximum": u64::MAX})
    );
    assert_eq!(
        property(schema, "small"),
        json!({"type": "integer", "minimum": 0, "maximum": 100})
    );

    let wide = json!({
        "just_past": TWO_TO_THE_53, "whole_i64": i64::MIN, "whole_u64": u64::MAX, "small": 100,
    });
    let parsed = Widened::from_content(&object(wide.clone())).unwrap();
    assert_eq!(
        parsed,
        Widened {
            just_past: TWO_TO_THE_53,
            whole_i64: i64::MIN,
            whole_u64: u64::MAX,
            small: 100,
        }
    );
    assert_eq!(Value::Object(parsed.to_content()), wide);
    assert_eq!(schema.validate(&object(wide)), Ok(()));

    let past = json!({
        "just_past": TWO_TO_THE_53 + 1, "whole_i64": i64::MAX, "whole_u64": 0, "small": 101,
    });
    let (parsed, validated) = verdicts::<Widened>(&object(past));
    let expected = [("just_past", "above_maximum"), ("small", "above_maximum")]
        .map(|(field, code)| (field.to_owned(), code));
    assert_eq!(parsed, expected);
    assert_eq!(validated, expected);
}

#[test]
fn a_newtype_keeps_its_own_bound() {
    let schema = Ids::requested_schema();
    // The field's wider bound does not widen `Id`'s, which `Id`'s parser checks.
    assert_eq!(
        property(schema, "id"),
        json!({"type": "integer", "minimum": 0, "maximum": MAX_SAFE})
    );
    // `BigId`'s author widened its own.
    assert_eq!(
        property(schema, "big"),
        json!({"type": "integer", "minimum": 0, "maximum": TWO_TO_THE_53})
    );
    assert_eq!(
        BigId::from_json(&json!(TWO_TO_THE_53)),
        Ok(BigId(TWO_TO_THE_53))
    );
    assert_eq!(
        BigId::from_json(&json!(TWO_TO_THE_53 + 1))
            .unwrap_err()
            .code(),
        "above_maximum"
    );

    let content = object(json!({"id": TWO_TO_THE_53, "big": TWO_TO_THE_53}));
    let (parsed, validated) = verdicts::<Ids>(&content);
    let expected = [("id".to_owned(), "above_maximum")];
    assert_eq!(parsed, expected);
    assert_eq!(validated, expected);
    let content = object(json!({"id": MAX_SAFE, "big": TWO_TO_THE_53}));
    assert_eq!(
        Ids::from_content(&content),
        Ok(Ids {
            id: Id(MAX_SAFE as u64),
            big: BigId(TWO_TO_THE_53)
        })
    );
}

#[test]
fn from_json_checks_the_rust_range_only() {
    // The type's own parser only guards against overflow; the I-JSON range is the schema's,
    // which a form checks right after it.
    assert_eq!(u64::from_json(&json!(u64::MAX)), Ok(u64::MAX));
    assert_eq!(
        u64::from_json(&json!(-1)).unwrap_err().code(),
        "out_of_range"
    );
    assert_eq!(
        u64::field_schema()
            .check(&json!(TWO_TO_THE_53))
            .unwrap_err()
            .code(),
        "above_maximum"
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_narrowed_form_is_sound::<Plain>();
    tests::soundness::check_form_is_sound::<Widened>();
    tests::soundness::check_form_is_sound::<Ids>();
}

/// `Plain`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "validate accepts 0 for a signed non-zero (the schema cannot exclude it); the parser refuses it"]
fn plain_verdicts_agree() {
    tests::soundness::check_form_is_sound::<Plain>();
}
