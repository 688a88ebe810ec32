//! Every `f32` a form accepts reads back as itself: `from_content(to_content(x)) == Ok(x)`,
//! bounds and defaults included. An `f32` field compares the `f32` it holds, and its bounds
//! are exact `f32` values rounded inward.

use elicit_core::{Elicit, ElicitField};
use proptest::prelude::*;
use serde_json::{Value, json};

#[derive(Elicit, Debug, PartialEq, Clone)]
#[elicit(untitled)]
struct Floats {
    #[elicit(maximum = 0.1)]
    below_tenth: f32,
    #[elicit(minimum = 0.1)]
    above_tenth: f32,
    #[elicit(maximum = 0.09999999999)]
    below_almost_tenth: f32,
    #[elicit(minimum = -1.5, maximum = 16777217)]
    range: f32,
    plain: f32,
    maybe: Option<f32>,
    #[elicit(default = 0.1)]
    tenth_by_default: f32,
}

fn schema_of(name: &str) -> Value {
    serde_json::to_value(Floats::requested_schema().property(name).unwrap()).unwrap()
}

fn sample() -> Floats {
    Floats {
        below_tenth: 0.05,
        above_tenth: 0.5,
        below_almost_tenth: 0.0,
        range: 1.0,
        plain: 0.1,
        maybe: Some(0.3),
        tenth_by_default: 0.2,
    }
}

#[test]
fn bounds_are_exact_f32_values_rounded_inward() {
    // The largest f32 not above 0.1, and the smallest not below it.
    let below = f64::from(0.1_f32.next_down());
    let above = f64::from(0.1_f32);
    assert!(below < 0.1 && above > 0.1);
    assert_eq!(schema_of("below_tenth")["maximum"], json!(below));
    assert_eq!(schema_of("above_tenth")["minimum"], json!(above));
    assert_eq!(schema_of("below_almost_tenth")["maximum"], json!(below));
    // -1.5 is an f32 already; 2^24 + 1 is not, and rounds down to 2^24.
    assert_eq!(
        schema_of("range"),
        json!({"type": "number", "minimum": -1.5, "maximum": 16_777_216.0})
    );
    // The default is the f32 it denotes, written exactly.
    assert_eq!(
        schema_of("tenth_by_default")["default"],
        json!(f64::from(0.1_f32))
    );
}

#[test]
fn the_issue_case_is_refused_up_front() {
    // `maximum = 0.1`: the input 0.1 becomes 0.1f32, which is above 0.1, so it is refused
    // (by the parser and `validate` alike) rather than accepted and then refused on read-back.
    for field in ["below_tenth", "below_almost_tenth"] {
        let mut content = sample().to_content();
        content.insert(field.into(), json!(0.1));
        let error = Floats::from_content(&content).unwrap_err();
        assert_eq!(error.errors().len(), 1);
        assert_eq!(error.errors()[0].field(), field);
        assert_eq!(error.errors()[0].kind().code(), "above_maximum");
        assert_eq!(Floats::requested_schema().validate(&content), Err(error));
    }
}

#[test]
fn the_default_round_trips() {
    let mut content = sample().to_content();
    content.remove("tenth_by_default");
    let parsed = Floats::from_content(&content).unwrap();
    assert_eq!(parsed.tenth_by_default, 0.1_f32);
    assert_eq!(
        parsed.to_content()["tenth_by_default"],
        json!(f64::from(0.1_f32))
    );
    assert_eq!(Floats::from_content(&parsed.to_content()), Ok(parsed));
}

#[test]
fn a_number_that_rounds_onto_a_bound_is_in_bounds() {
    // Just above the bound (the f32 below 0.1), but nearer it than the next f32.
    let bound = 0.1_f32.next_down();
    let input = f64::from(bound) + 1e-10;
    assert!(input > f64::from(bound));
    let mut content = sample().to_content();
    content.insert("below_tenth".into(), json!(input));
    let parsed = Floats::from_content(&content).unwrap();
    assert_eq!(parsed.below_tenth, bound);
    assert_eq!(Floats::from_content(&parsed.to_content()), Ok(parsed));
    // The schema says nothing of `f32`: `validate` reads its letter, as a client does (the
    // schema read back from JSON decides the same), and refuses the number as sent.
    let error = Floats::requested_schema().validate(&content).unwrap_err();
    assert_eq!(error.errors()[0].kind().code(), "above_maximum");
    let sent: elicit_core::schema::RequestedSchema =
        serde_json::from_value(serde_json::to_value(Floats::requested_schema()).unwrap()).unwrap();
    assert_eq!(sent.validate(&content), Err(error));
}

fn floats_in(low: f32, high: f32) -> impl Strategy<Value = f32> {
    prop_oneof![
        low..=high,
        Just(low),
        Just(high),
        any::<f32>().prop_filter("in range", move |x| (low..=high).contains(x)),
    ]
}

fn answer() -> impl Strategy<Value = Floats> {
    (
        (
            floats_in(-f32::MAX, 0.1_f32.next_down()),
            floats_in(0.1, f32::MAX),
            floats_in(-f32::MAX, 0.1_f32.next_down()),
        ),
        (
            floats_in(-1.5, 16_777_216.0),
            floats_in(-f32::MAX, f32::MAX),
            prop::option::of(floats_in(-f32::MAX, f32::MAX)),
            floats_in(-f32::MAX, f32::MAX),
        ),
    )
        .prop_map(
            |((below_tenth, above_tenth, below_almost_tenth), (range, plain, maybe, tenth))| {
                Floats {
                    below_tenth,
                    above_tenth,
                    below_almost_tenth,
                    range,
                    plain,
                    maybe,
                    tenth_by_default: tenth,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Every f32 within the bounds is accepted, and reads back as itself.
    #[test]
    fn every_f32_in_bounds_round_trips(value in answer()) {
        let content = value.to_content();
        prop_assert_eq!(Floats::requested_schema().validate(&content), Ok(()));
        prop_assert_eq!(Floats::from_content(&content), Ok(value));
    }

    /// Whatever decimal a client sends, if the form accepts it, the value it gives reads back
    /// as itself, and `validate` gave the same verdict.
    #[test]
    fn every_accepted_decimal_round_trips(
        input in prop_oneof![-1.0f64..1.0, any::<f64>().prop_filter("finite", |x| x.is_finite())],
        field in prop::sample::select(vec![
            "below_tenth", "above_tenth", "below_almost_tenth", "range", "plain", "maybe",
            "tenth_by_default",
        ]),
    ) {
        let mut content = sample().to_content();
        content.insert(field.to_owned(), json!(input));
        let verdict = Floats::from_content(&content);
        let schema_verdict = Floats::requested_schema().validate(&content);
        prop_assert_eq!(verdict.is_ok(), schema_verdict.is_ok(), "{:?} {:?}", verdict, schema_verdict);
        if let Ok(value) = verdict {
            prop_assert_eq!(Floats::from_content(&value.to_content()), Ok(value.clone()));
            // And the f32 itself round-trips through its JSON.
            prop_assert_eq!(f32::from_json(&value.plain.to_json()), Ok(value.plain));
        }
    }
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Floats>();
}
