//! Defaults and bounds written as a `const` or an expression (such as `String::from(..)`),
//! which the derive cannot check: each wrong one fails loudly the first time the form's
//! schema is built (a panic naming the form, the field and the broken constraint), never
//! hands back a silently wrong value. The cases refused at compile time are trybuild cases
//! (`ui/default_*.rs`, `ui/narrowing_*.rs`).

use elicit_core::Elicit;
use serde_json::{Map, json};

type Count = u8;

#[derive(Elicit, Debug, PartialEq)]
enum Cup {
    #[elicit(rename = "large-cup")]
    LargeCup,
    Small,
}

#[derive(Elicit, Debug, PartialEq)]
struct Percent(#[elicit(maximum = 100)] u8);

#[derive(Elicit, Debug)]
struct ExpressionTooLong {
    #[elicit(max_length = 3, default = String::from("toolong"))]
    code: String,
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
    expression_too_long,
    ExpressionTooLong,
    "field `code` of form `ExpressionTooLong`"
);

/// Parsing goes through the schema, so no value is ever handed back from a broken form.
#[test]
#[should_panic(expected = "field `code` of form `ExpressionTooLong`")]
fn parsing_a_broken_form_fails_loudly_too() {
    let _ = ExpressionTooLong::from_content(&Map::new());
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

/// The sound forms of this file (`ConstAboveMaximum` and `ExpressionTooLong` panic on their
/// first schema build, by design): parser, `to_content`, `validate` and the defaults agree.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Cup>();
    tests::soundness::check_form_is_sound::<Topping>();
    tests::soundness::check_form_is_sound::<Sound>();
}
