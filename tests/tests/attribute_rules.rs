//! The attribute rules: default titles, `skip` with a default, serde's
//! container keys, and the smaller rules (whole-number bounds, acronyms in titles and enum
//! forms).

use elicit_core::Elicit;
use serde_json::{Map, Value, json};

fn schema<T: Elicit>() -> Value {
    serde_json::to_value(T::requested_schema()).unwrap()
}

/// A newtype with a title of its own.
#[derive(Elicit, Debug, PartialEq)]
struct Percent(#[elicit(title = "Share", maximum = 100)] u8);

#[derive(Elicit, Debug, PartialEq)]
struct Titled {
    party_size: u8,
    #[elicit(title = "E-mail")]
    email_address: String,
    r#type: String,
    share: Percent,
}

#[test]
fn every_property_gets_a_title_from_its_name() {
    let schema = schema::<Titled>();
    let titles: Vec<&Value> = ["party_size", "email_address", "type", "share"]
        .iter()
        .map(|name| &schema["properties"][name]["title"])
        .collect();
    assert_eq!(
        titles,
        [
            &json!("Party size"),
            &json!("E-mail"),
            &json!("Type"),
            &json!("Share")
        ]
    );
}

#[derive(Elicit, Debug, PartialEq)]
struct Acronyms {
    #[elicit(not_sensitive)]
    api_key: String,
    user_id: String,
    callback_url: String,
    allowed_ips: String,
    https_only: bool,
    idle_time: u32,
    mp3_player: String,
}

#[test]
fn a_default_title_writes_acronyms_as_people_do() {
    let schema = schema::<Acronyms>();
    let titles: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .values()
        .map(|property| property["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "API key",
            "User ID",
            "Callback URL",
            "Allowed IPs",
            "HTTPS only",
            "Idle time",
            "Mp3 player"
        ]
    );
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Untitled {
    party_size: u8,
    #[elicit(title = "Kept")]
    kept: bool,
}

#[test]
fn untitled_keeps_the_bytes_but_explicit_titles() {
    assert_eq!(
        serde_json::to_string(Untitled::requested_schema()).unwrap(),
        r#"{"type":"object","properties":{"party_size":{"type":"integer","minimum":0,"maximum":255},"kept":{"type":"boolean","title":"Kept"}},"required":["party_size","kept"]}"#
    );
}

const FIVE: u8 = 5;

fn hello() -> String {
    "hi".into()
}

#[derive(Elicit, serde::Deserialize, Debug, PartialEq)]
struct Skipped {
    name: String,
    #[elicit(skip, default = 7)]
    retries: u8,
    #[elicit(skip, default = "hello")]
    greeting: String,
    #[elicit(skip, default = true)]
    on: bool,
    #[elicit(skip, default = FIVE)]
    five: Option<u8>,
    #[elicit(skip, default = 2.5)]
    ratio: Option<f64>,
    #[serde(skip)]
    zero: u32,
    #[elicit(skip)]
    #[serde(default = "hello")]
    from_fn: String,
}

#[test]
fn a_skipped_field_takes_its_default_as_written() {
    let content = json!({"name": "Ada"});
    let parsed = Skipped::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        parsed,
        Skipped {
            name: "Ada".into(),
            retries: 7,
            greeting: "hello".into(),
            on: true,
            five: Some(5),
            ratio: Some(2.5),
            zero: 0,
            from_fn: "hi".into(),
        }
    );
    assert_eq!(
        schema::<Skipped>()["properties"].as_object().unwrap().len(),
        1
    );
}

#[derive(Elicit, serde::Deserialize, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
#[elicit(untitled)]
struct ContainerDefault {
    size: u8,
    label: String,
    #[serde(default = "hello")]
    own: String,
}

impl Default for ContainerDefault {
    fn default() -> Self {
        Self {
            size: 3,
            label: "box".into(),
            own: "unused".into(),
        }
    }
}

#[test]
fn serde_container_default_and_deny_unknown_fields_are_honoured() {
    let schema = schema::<ContainerDefault>();
    assert_eq!(schema["properties"]["size"]["default"], 3);
    assert_eq!(schema["properties"]["label"]["default"], "box");
    assert_eq!(schema["properties"]["own"]["default"], "hi");
    assert_eq!(schema.get("required"), None);
    let empty = ContainerDefault::from_content(&Map::new()).unwrap();
    let via_serde: ContainerDefault = serde_json::from_value(json!({})).unwrap();
    assert_eq!(empty, via_serde);
    let error =
        ContainerDefault::from_content(json!({"extra": 1}).as_object().unwrap()).unwrap_err();
    assert_eq!(error.errors()[0].field(), "extra");
    assert!(serde_json::from_value::<ContainerDefault>(json!({"extra": 1})).is_err());
}

#[derive(Elicit, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "camelCase"))]
#[elicit(untitled)]
struct DeserializeNames {
    first_name: String,
}

#[test]
fn rename_all_for_deserialize_gives_the_wire_names() {
    let schema = schema::<DeserializeNames>();
    assert!(schema["properties"].get("firstName").is_some());
}

/// Which method?
#[derive(Elicit, Debug, PartialEq)]
#[allow(clippy::upper_case_acronyms)]
enum HTTPMethod {
    Get,
    Post,
}

#[test]
fn an_enum_form_names_its_property_with_acronyms_as_words() {
    assert!(
        schema::<HTTPMethod>()["properties"]
            .get("http_method")
            .is_some()
    );
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct WholeBounds {
    #[elicit(minimum = 1.0, maximum = 10.0)]
    n: u8,
}

#[test]
fn a_whole_float_bound_is_accepted_on_an_integer() {
    let schema = schema::<WholeBounds>();
    assert_eq!(schema["properties"]["n"]["minimum"].as_f64(), Some(1.0));
    assert!(WholeBounds::from_content(json!({"n": 0}).as_object().unwrap()).is_err());
    assert!(WholeBounds::from_content(json!({"n": 10}).as_object().unwrap()).is_ok());
}

#[doc = concat!("Booking for ", "two")]
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct MacroDocs {
    #[doc = include_str!("../fixtures/docs/included.md")]
    included: String,
    /**
     * Starred block comment
     * on two lines
     */
    starred: String,
    /// Plain, then
    #[doc = concat!("a ", "macro")]
    mixed: String,
}

#[test]
fn doc_attributes_written_with_macros_are_kept() {
    assert_eq!(MacroDocs::message(), "Booking for two");
    let schema = schema::<MacroDocs>();
    let description = |name: &str| schema["properties"][name]["description"].clone();
    assert_eq!(description("included"), "Included from a file\n");
    assert_eq!(
        description("starred"),
        "Starred block comment\non two lines"
    );
    assert_eq!(description("mixed"), "Plain, then\na macro");
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Titled>();
    tests::soundness::check_form_is_sound::<Acronyms>();
    tests::soundness::check_form_is_sound::<Untitled>();
    tests::soundness::check_form_is_sound::<Skipped>();
    tests::soundness::check_form_is_sound::<ContainerDefault>();
    tests::soundness::check_form_is_sound::<DeserializeNames>();
    tests::soundness::check_form_is_sound::<HTTPMethod>();
    tests::soundness::check_form_is_sound::<WholeBounds>();
    tests::soundness::check_form_is_sound::<MacroDocs>();
}
