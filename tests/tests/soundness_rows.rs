//! The cases of the soundness issue that compile: each one now fails loudly the first time
//! the form's schema is built (a panic naming the form, the field and the broken
//! constraint), where it used to hand back a silently wrong value or a form no answer could
//! satisfy. The cases refused at compile time are trybuild cases (`ui/default_*.rs`).

use elicit_core::Elicit;
use serde_json::{Map, json};

type Count = u8;
type Name = String;

#[derive(Elicit, Debug, PartialEq)]
enum Cup {
    #[elicit(rename = "large-cup")]
    LargeCup,
    Small,
}

#[derive(Elicit, Debug, PartialEq)]
struct Percent(#[elicit(maximum = 100)] u8);

#[derive(Elicit, Debug, PartialEq)]
struct Short(#[elicit(max_length = 5)] String);

const TOO_BIG: u8 = 50;

#[derive(Elicit, Debug)]
struct AliasOutOfRange {
    #[elicit(default = 300)]
    count: Count,
}

#[derive(Elicit, Debug)]
struct AliasWrongKind {
    #[elicit(default = 5)]
    name: Name,
}

#[derive(Elicit, Debug)]
struct EnumByRustName {
    #[elicit(default = "LargeCup")]
    cup: Cup,
}

#[derive(Elicit, Debug)]
struct NewtypeLiteral {
    #[elicit(default = 200)]
    share: Percent,
}

#[derive(Elicit, Debug)]
struct NewtypeConstructor {
    #[elicit(default = Percent(250))]
    share: Percent,
}

#[derive(Elicit, Debug)]
struct ConstAboveMaximum {
    #[elicit(minimum = 1, maximum = 10, default = TOO_BIG)]
    n: u8,
}

#[derive(Elicit, Debug)]
struct ExpressionTooLong {
    #[elicit(max_length = 3, default = String::from("toolong"))]
    code: String,
}

#[derive(Elicit, Debug)]
struct NarrowedBelowNewtype {
    #[elicit(minimum = 200)]
    score: Percent,
}

#[derive(Elicit, Debug)]
struct LengthsCrossed {
    #[elicit(min_length = 10)]
    tag: Short,
}

macro_rules! loud {
    ($name:ident, $form:ty, $expected:literal) => {
        #[test]
        #[should_panic(expected = $expected)]
        fn $name() {
            let _ = <$form>::requested_schema();
        }
    };
}

loud!(
    alias_out_of_range,
    AliasOutOfRange,
    "field `count` of form `AliasOutOfRange`"
);
loud!(
    alias_wrong_kind,
    AliasWrongKind,
    "field `name` of form `AliasWrongKind`"
);
loud!(
    enum_by_rust_name,
    EnumByRustName,
    "field `cup` of form `EnumByRustName`"
);
loud!(
    newtype_literal,
    NewtypeLiteral,
    "field `share` of form `NewtypeLiteral`"
);
loud!(
    newtype_constructor,
    NewtypeConstructor,
    "field `share` of form `NewtypeConstructor`"
);
loud!(
    const_above_maximum,
    ConstAboveMaximum,
    "field `n` of form `ConstAboveMaximum`"
);
loud!(
    expression_too_long,
    ExpressionTooLong,
    "field `code` of form `ExpressionTooLong`"
);
loud!(
    narrowed_below_newtype,
    NarrowedBelowNewtype,
    "field `score` of form `NarrowedBelowNewtype`"
);
loud!(
    lengths_crossed,
    LengthsCrossed,
    "field `tag` of form `LengthsCrossed`"
);

/// Parsing goes through the schema, so no value is ever handed back from a broken form.
#[test]
#[should_panic(expected = "field `n` of form `ConstAboveMaximum`")]
fn parsing_a_broken_form_fails_loudly_too() {
    let _ = ConstAboveMaximum::from_content(&Map::new());
}

#[derive(Elicit, Debug, PartialEq)]
enum Topping {
    Cheese,
    Ham,
}

/// The same expressions, valid, are accepted and round-trip.
#[derive(Elicit, Debug, PartialEq)]
struct Sound {
    #[elicit(default = "large-cup")]
    cup: Cup,
    #[elicit(default = Percent(40))]
    share: Percent,
    #[elicit(default = [Topping::Cheese, Topping::Ham])]
    toppings: Vec<Topping>,
    #[elicit(default = 7)]
    count: Count,
}

#[test]
fn valid_defaults_are_used_and_round_trip() {
    let parsed = Sound::from_content(&Map::new()).unwrap();
    assert_eq!(
        parsed,
        Sound {
            cup: Cup::LargeCup,
            share: Percent(40),
            toppings: vec![Topping::Cheese, Topping::Ham],
            count: 7
        }
    );
    assert_eq!(Sound::from_content(&parsed.to_content()), Ok(parsed));
    let schema = serde_json::to_value(Sound::requested_schema()).unwrap();
    assert_eq!(schema["properties"]["cup"]["default"], json!("large-cup"));
}
