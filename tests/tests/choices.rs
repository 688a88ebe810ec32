//! Unit-variant enums as single selects, collections of them as multi-selects (SEP-1330),
//! and an enum as a one-question form.

use std::collections::{BTreeSet, HashSet};

use elicit_core::choice::{ElicitEnum, EnumStyle};
use elicit_core::{Elicit, FieldErrorKind};
use serde_json::{Map, Value, json};
use tests::forms::{map, schema_json};
use tests::spec::check_property;

fn kinds<T: Elicit + std::fmt::Debug>(content: &Value) -> Vec<(String, FieldErrorKind)> {
    T::from_content(map(content))
        .expect_err("content should be invalid")
        .into_errors()
        .into_iter()
        .map(|e| (e.field().to_owned(), e.kind().clone()))
        .collect()
}

// The five properties of the conformance scenario `elicitation-sep1330-enums`, from
// derived types alone.

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(untitled, rename_all = "lowercase")]
enum UntitledOption {
    Option1,
    Option2,
    Option3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum TitledOption {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
enum LegacyOption {
    /// Option One
    Opt1,
    /// Option Two
    Opt2,
    /// Option Three
    Opt3,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

/// Please select options from the enum fields
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(rename_all = "camelCase")]
struct Sep1330 {
    #[elicit(description = "Select one option")]
    untitled_single: Option<UntitledOption>,
    #[elicit(description = "Select one option with titles")]
    titled_single: Option<TitledOption>,
    #[elicit(description = "Select one option (legacy)")]
    legacy_enum: Option<LegacyOption>,
    #[elicit(description = "Select multiple options", min_items = 1, max_items = 3)]
    untitled_multi: Option<Vec<UntitledOption>>,
    #[elicit(
        description = "Select multiple options with titles",
        min_items = 1,
        max_items = 3
    )]
    titled_multi: Option<Vec<TitledChoice>>,
}

#[test]
fn sep1330_scenario_schema_field_for_field() {
    // The reference server's schema, as the conformance suite documents it.
    let reference = json!({
        "type": "object",
        "properties": {
            "untitledSingle": {
                "type": "string",
                "description": "Select one option",
                "enum": ["option1", "option2", "option3"]
            },
            "titledSingle": {
                "type": "string",
                "description": "Select one option with titles",
                "oneOf": [
                    {"const": "value1", "title": "First Option"},
                    {"const": "value2", "title": "Second Option"},
                    {"const": "value3", "title": "Third Option"}
                ]
            },
            "legacyEnum": {
                "type": "string",
                "description": "Select one option (legacy)",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"]
            },
            "untitledMulti": {
                "type": "array",
                "description": "Select multiple options",
                "minItems": 1,
                "maxItems": 3,
                "items": {"type": "string", "enum": ["option1", "option2", "option3"]}
            },
            "titledMulti": {
                "type": "array",
                "description": "Select multiple options with titles",
                "minItems": 1,
                "maxItems": 3,
                "items": {"anyOf": [
                    {"const": "value1", "title": "First Choice"},
                    {"const": "value2", "title": "Second Choice"},
                    {"const": "value3", "title": "Third Choice"}
                ]}
            }
        }
    });
    assert_eq!(schema_json::<Sep1330>(), reference);
    assert_eq!(
        Sep1330::message(),
        "Please select options from the enum fields"
    );
}

/// The checks of the conformance scenario, as the suite runs them.
#[test]
fn sep1330_scenario_checks_pass() {
    let schema = schema_json::<Sep1330>();
    let p = &schema["properties"];
    let is_option = |o: &Value| o["const"].is_string() && o["title"].is_string();

    let s = &p["untitledSingle"];
    assert!(s["type"] == "string" && s["enum"].is_array());
    assert!(s.get("oneOf").is_none() && s.get("enumNames").is_none());

    let s = &p["titledSingle"];
    assert!(s["type"] == "string" && s["oneOf"].as_array().unwrap().iter().all(is_option));
    assert!(s.get("enum").is_none());

    let s = &p["legacyEnum"];
    assert!(s["type"] == "string");
    assert_eq!(
        s["enum"].as_array().unwrap().len(),
        s["enumNames"].as_array().unwrap().len()
    );

    let s = &p["untitledMulti"];
    assert!(s["type"] == "array" && s["items"]["type"] == "string");
    assert!(s["items"]["enum"].is_array() && s["items"].get("anyOf").is_none());

    let s = &p["titledMulti"];
    assert!(s["type"] == "array");
    assert!(
        s["items"]["anyOf"]
            .as_array()
            .unwrap()
            .iter()
            .all(is_option)
    );
    assert!(s["items"].get("enum").is_none());
}

#[test]
fn sep1330_scenario_answer_parses() {
    // What the conformance client answers.
    let answer = json!({
        "untitledSingle": "option1",
        "titledSingle": "value1",
        "legacyEnum": "opt1",
        "untitledMulti": ["option1", "option2"],
        "titledMulti": ["value1", "value2"]
    });
    let parsed = Sep1330::from_content(map(&answer)).expect("parses");
    assert_eq!(
        parsed,
        Sep1330 {
            untitled_single: Some(UntitledOption::Option1),
            titled_single: Some(TitledOption::Value1),
            legacy_enum: Some(LegacyOption::Opt1),
            untitled_multi: Some(vec![UntitledOption::Option1, UntitledOption::Option2]),
            titled_multi: Some(vec![TitledChoice::Value1, TitledChoice::Value2]),
        }
    );
    assert_eq!(Value::Object(parsed.to_content()), answer);
    // Every field is optional: an empty answer is `None` everywhere.
    let empty = Sep1330::from_content(&Map::new()).unwrap();
    assert_eq!(empty.titled_multi, None);
}

/// Titles come from the attribute, else the doc comment's first line, else the name.
#[derive(Elicit, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Hero {
    #[elicit(title = "The Man of Steel")]
    Superman,
    /// Green Lantern
    ///
    /// More text that is not part of the title.
    GreenLantern,
    WonderWoman,
    #[elicit(rename = "bat")]
    #[serde(rename = "bat")]
    Batman,
    #[serde(rename = "flash")]
    TheFlash,
}

#[test]
fn variant_values_and_titles() {
    let values: Vec<_> = Hero::VARIANTS.iter().map(|v| (v.value, v.title)).collect();
    assert_eq!(
        values,
        [
            ("Superman", "The Man of Steel"),
            ("GreenLantern", "Green Lantern"),
            ("WonderWoman", "Wonder Woman"),
            ("bat", "Batman"),
            ("flash", "The Flash"),
        ]
    );
    assert_eq!(Hero::STYLE, EnumStyle::Titled);
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "kebab-case")]
enum Casing {
    DarkBlue,
    LightGreen,
}

#[derive(Elicit, serde::Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum SerdeCasing {
    DarkBlue,
}

#[test]
fn rename_all_on_enums() {
    assert_eq!(Casing::VARIANTS[0].value, "dark-blue");
    assert_eq!(Casing::VARIANTS[1].value, "light-green");
    assert_eq!(SerdeCasing::VARIANTS[0].value, "DARK_BLUE");
}

/// Pick heroes
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Choices {
    /// Your favourite
    #[elicit(title = "Hero", default = Hero::WonderWoman)]
    favourite: Hero,
    #[elicit(default = [Hero::Superman, Hero::Batman], max_items = 3)]
    team: Vec<Hero>,
    #[elicit(min_items = 2)]
    set: BTreeSet<Hero>,
    hashed: HashSet<Hero>,
    optional: Option<Vec<Hero>>,
    #[elicit(default = Hero::TheFlash)]
    optional_single: Option<Hero>,
    untitled: Vec<UntitledOption>,
}

#[test]
fn single_and_multi_select_schemas() {
    let schema = schema_json::<Choices>();
    let p = &schema["properties"];
    let titled = json!([
        {"const": "Superman", "title": "The Man of Steel"},
        {"const": "GreenLantern", "title": "Green Lantern"},
        {"const": "WonderWoman", "title": "Wonder Woman"},
        {"const": "bat", "title": "Batman"},
        {"const": "flash", "title": "The Flash"}
    ]);
    assert_eq!(
        p["favourite"],
        json!({
            "type": "string", "title": "Hero", "description": "Your favourite",
            "oneOf": titled, "default": "WonderWoman"
        })
    );
    assert_eq!(
        p["team"],
        json!({"type": "array", "maxItems": 3, "items": {"anyOf": titled}, "default": ["Superman", "bat"]})
    );
    assert_eq!(p["set"]["minItems"], 2);
    assert_eq!(
        p["hashed"],
        json!({"type": "array", "items": {"anyOf": titled}})
    );
    assert_eq!(p["optional_single"]["default"], "flash");
    assert_eq!(
        p["untitled"],
        json!({"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}})
    );
    assert_eq!(schema["required"], json!(["set", "hashed", "untitled"]));
    for property in p.as_object().unwrap().values() {
        check_property(property).expect("every enum schema fits the spec");
    }
}

#[test]
fn selects_parse_and_keep_client_order() {
    let answer = json!({
        "set": ["flash", "Superman"],
        "hashed": [],
        "untitled": ["option3", "option1"],
        "optional": ["bat", "Superman"]
    });
    let parsed = Choices::from_content(map(&answer)).unwrap();
    assert_eq!(parsed.favourite, Hero::WonderWoman);
    assert_eq!(parsed.team, [Hero::Superman, Hero::Batman]);
    assert_eq!(parsed.set, BTreeSet::from([Hero::Superman, Hero::TheFlash]));
    assert!(parsed.hashed.is_empty());
    assert_eq!(
        parsed.untitled,
        [UntitledOption::Option3, UntitledOption::Option1]
    );
    assert_eq!(parsed.optional, Some(vec![Hero::Batman, Hero::Superman]));
    // An `Option`'s default only pre-fills the form: left out, it is `None`.
    assert_eq!(parsed.optional_single, None);
    // Round trip, including a `None` optional single with a default (left out), and a
    // `Some` of it.
    let mut value = parsed;
    let content = value.to_content();
    assert!(!content.contains_key("optional_single"));
    assert_eq!(Choices::from_content(&content).unwrap(), value);
    value.optional_single = Some(Hero::TheFlash);
    value.hashed = HashSet::from([Hero::GreenLantern, Hero::Superman]);
    let content = value.to_content();
    assert_eq!(content["hashed"], json!(["Superman", "GreenLantern"]));
    Choices::requested_schema().validate(&content).unwrap();
    assert_eq!(Choices::from_content(&content).unwrap(), value);
}

#[test]
fn select_errors() {
    let answer = json!({
        "favourite": "The Man of Steel",
        "team": ["Superman", "Superman"],
        "set": ["Superman"],
        "hashed": "Superman",
        "optional": ["Robin"],
        "optional_single": 3,
        "untitled": ["option1", "option2", 7]
    });
    let errors = kinds::<Choices>(&answer);
    let allowed: Vec<String> = ["Superman", "GreenLantern", "WonderWoman", "bat", "flash"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        errors,
        [
            (
                "favourite".to_owned(),
                FieldErrorKind::UnknownOption {
                    value: "The Man of Steel".into(),
                    allowed: allowed.clone()
                }
            ),
            (
                "team".to_owned(),
                FieldErrorKind::DuplicateOption {
                    value: "Superman".into()
                }
            ),
            (
                "set".to_owned(),
                FieldErrorKind::TooFewItems {
                    min_items: 2,
                    count: 1
                }
            ),
            (
                "hashed".to_owned(),
                FieldErrorKind::WrongType {
                    expected: elicit_core::error::JsonType::Array,
                    found: elicit_core::error::JsonType::String
                }
            ),
            (
                "optional".to_owned(),
                FieldErrorKind::UnknownOption {
                    value: "Robin".into(),
                    allowed
                }
            ),
            (
                "optional_single".to_owned(),
                FieldErrorKind::WrongType {
                    expected: elicit_core::error::JsonType::String,
                    found: elicit_core::error::JsonType::Number
                }
            ),
            (
                "untitled".to_owned(),
                FieldErrorKind::WrongType {
                    expected: elicit_core::error::JsonType::String,
                    found: elicit_core::error::JsonType::Number
                }
            ),
        ]
    );
    let message = Choices::from_content(map(&answer)).unwrap_err().to_string();
    assert!(
        message.contains(
            r#"`favourite`: "The Man of Steel" is not one of the options; expected one of "Superman", "GreenLantern", "WonderWoman", "bat", "flash""#
        ),
        "{message}"
    );
    let too_many = json!({"team": ["Superman", "bat", "flash", "WonderWoman"], "set": ["bat", "flash"], "hashed": [], "untitled": []});
    assert_eq!(
        kinds::<Choices>(&too_many),
        [(
            "team".to_owned(),
            FieldErrorKind::TooManyItems {
                max_items: 3,
                count: 4
            }
        )]
    );
}

/// Which color do you want?
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(untitled)]
enum FavoriteColor {
    Red,
    Green,
}

/// Which size?
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(field = "size", legacy_enum_names, rename_all = "UPPERCASE")]
enum ShirtSize {
    /// Small
    S,
    /// Large
    L,
}

#[test]
fn an_enum_is_a_one_question_form() {
    assert_eq!(
        schema_json::<FavoriteColor>(),
        json!({
            "type": "object",
            "properties": {"favorite_color": {"type": "string", "enum": ["Red", "Green"]}},
            "required": ["favorite_color"]
        })
    );
    assert_eq!(FavoriteColor::message(), "Which color do you want?");
    assert_eq!(
        FavoriteColor::from_content(map(&json!({"favorite_color": "Green"}))),
        Ok(FavoriteColor::Green)
    );
    assert_eq!(
        schema_json::<ShirtSize>(),
        json!({
            "type": "object",
            "properties": {"size": {"type": "string", "enum": ["S", "L"], "enumNames": ["Small", "Large"]}},
            "required": ["size"]
        })
    );
    assert_eq!(ShirtSize::L.to_content(), *map(&json!({"size": "L"})));
    let error = ShirtSize::from_content(&Map::new()).unwrap_err();
    assert_eq!(error.to_string(), "`size`: a value is required");
    let error = ShirtSize::from_content(map(&json!({"size": "Large"}))).unwrap_err();
    assert_eq!(error.errors()[0].kind().code(), "unknown_option");
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<UntitledOption>();
    tests::soundness::check_form_is_sound::<TitledOption>();
    tests::soundness::check_form_is_sound::<LegacyOption>();
    tests::soundness::check_form_is_sound::<TitledChoice>();
    tests::soundness::check_form_is_sound::<Sep1330>();
    tests::soundness::check_form_is_sound::<Hero>();
    tests::soundness::check_form_is_sound::<Casing>();
    tests::soundness::check_form_is_sound::<SerdeCasing>();
    tests::soundness::check_form_is_sound::<Choices>();
    tests::soundness::check_form_is_sound::<FavoriteColor>();
    tests::soundness::check_form_is_sound::<ShirtSize>();
}
