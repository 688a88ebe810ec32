//! `to_content` writes only what the form's own schema allows, and what it writes reads back
//! as the same value: for generated values of a form with every kind of optional field
//! (`Option`s with and without a default, of a string, a number, a boolean, a single and a
//! multi-select and a newtype; a plain field with a default; a flattened optional group; a
//! skipped field). An `Option` that is `None` is left out, never written as `null`, which the
//! schema has no type for (its default only pre-fills the form: left out, it reads as `None`).

use elicit_core::Elicit;
use proptest::prelude::*;
use serde_json::{Map, Value};

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Size {
    Small,
    Large,
}

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Percent(#[elicit(maximum = 100)] u8);

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Address {
    street: String,
    #[elicit(default = "Paris")]
    city: Option<String>,
    zip: Option<u32>,
}

/// An order
#[derive(Elicit, Debug, Clone, PartialEq)]
struct Order {
    name: String,
    #[elicit(default = "hello")]
    note: Option<String>,
    #[elicit(default = 3)]
    count: Option<u8>,
    #[elicit(default = 0.5)]
    ratio: Option<f64>,
    #[elicit(default = true)]
    gift: Option<bool>,
    #[elicit(default = Size::Large)]
    size: Option<Size>,
    #[elicit(default = [Size::Small])]
    extras: Option<Vec<Size>>,
    #[elicit(default = 50)]
    share: Option<Percent>,
    comment: Option<String>,
    #[elicit(default = 7)]
    retries: u8,
    #[elicit(flatten)]
    shipping: Option<Address>,
    #[elicit(skip)]
    cache: Vec<u8>,
}

fn size() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Small), Just(Size::Large)]
}

/// A multi-select's value: distinct options, in any order.
fn sizes() -> impl Strategy<Value = Vec<Size>> {
    prop_oneof![
        Just(vec![]),
        Just(vec![Size::Small]),
        Just(vec![Size::Large]),
        Just(vec![Size::Small, Size::Large]),
        Just(vec![Size::Large, Size::Small]),
    ]
}

fn address() -> impl Strategy<Value = Address> {
    (
        "[a-z]{1,8}",
        proptest::option::of(prop_oneof![Just("Paris".to_owned()), "[a-z]{0,8}"]),
        proptest::option::of(any::<u32>()),
    )
        .prop_map(|(street, city, zip)| Address { street, city, zip })
}

/// Every value `from_content` can hand back: each constraint met, the skipped field its
/// default.
fn order() -> impl Strategy<Value = Order> {
    (
        (
            "[a-z]{0,8}",
            proptest::option::of(prop_oneof![Just("hello".to_owned()), "[a-z ]{0,8}"]),
            proptest::option::of(prop_oneof![Just(3_u8), any::<u8>()]),
            proptest::option::of(prop_oneof![Just(0.5), -1e6..1e6_f64]),
            proptest::option::of(any::<bool>()),
            proptest::option::of(size()),
        ),
        (
            proptest::option::of(sizes()),
            proptest::option::of((0..=100_u8).prop_map(Percent)),
            proptest::option::of("[a-z]{0,8}"),
            prop_oneof![Just(7_u8), any::<u8>()],
            proptest::option::of(address()),
        ),
    )
        .prop_map(
            |(
                (name, note, count, ratio, gift, size),
                (extras, share, comment, retries, shipping),
            )| Order {
                name,
                note,
                count,
                ratio,
                gift,
                size,
                extras,
                share,
                comment,
                retries,
                shipping,
                cache: Vec::new(),
            },
        )
}

/// The first `null` in `content`, by key.
fn null_key(content: &Map<String, Value>) -> Option<&str> {
    content
        .iter()
        .find(|(_, value)| value.is_null())
        .map(|(key, _)| key.as_str())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn to_content_is_valid_against_the_forms_schema_and_reads_back(order in order()) {
        let content = order.to_content();
        prop_assert_eq!(null_key(&content), None, "{:?}", content);
        prop_assert_eq!(Order::requested_schema().validate(&content), Ok(()));
        prop_assert_eq!(Order::from_content(&content), Ok(order));
    }
}

#[test]
fn none_is_left_out_and_reads_back_as_none_whatever_the_default() {
    let order = Order {
        name: "ada".into(),
        note: None,
        count: None,
        ratio: None,
        gift: None,
        size: None,
        extras: None,
        share: None,
        comment: None,
        retries: 7,
        shipping: None,
        cache: Vec::new(),
    };
    let content = order.to_content();
    assert_eq!(
        Value::Object(content.clone()),
        serde_json::json!({"name": "ada", "retries": 7})
    );
    assert_eq!(Order::from_content(&content), Ok(order.clone()));
    // `null` for each reads as `None` too; for the plain field, as its default.
    let mut nulls = content;
    for key in ["note", "count", "share", "comment", "retries"] {
        nulls.insert(key.into(), Value::Null);
    }
    assert_eq!(Order::from_content(&nulls), Ok(order));
}
