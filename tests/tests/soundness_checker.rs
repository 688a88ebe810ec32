//! The soundness checker itself finds what it is for: a form whose `to_content` loses a
//! required answer, and one whose parser accepts what its schema refuses.

use elicit_core::Elicit;
use serde_json::{Map, Value};

#[derive(Elicit, Debug, PartialEq)]
struct Good {
    #[elicit(min_length = 1, max_length = 8)]
    name: String,
    #[elicit(minimum = 1, maximum = 10, default = 3)]
    count: u8,
}

/// `Good`, but `to_content` forgets `name`.
#[derive(Debug, PartialEq)]
struct Forgetful(Good);

impl Elicit for Forgetful {
    fn requested_schema() -> &'static elicit_core::schema::RequestedSchema {
        Good::requested_schema()
    }
    fn message() -> &'static str {
        Good::message()
    }
    fn from_content(content: &Map<String, Value>) -> Result<Self, elicit_core::ContentError> {
        Good::from_content(content).map(Forgetful)
    }
    fn to_content(&self) -> Map<String, Value> {
        let mut content = self.0.to_content();
        content.remove("name");
        content
    }
}

/// `Good`, but the parser takes any `count`.
#[derive(Debug, PartialEq)]
struct Lax(Good);

impl Elicit for Lax {
    fn requested_schema() -> &'static elicit_core::schema::RequestedSchema {
        Good::requested_schema()
    }
    fn message() -> &'static str {
        Good::message()
    }
    fn from_content(content: &Map<String, Value>) -> Result<Self, elicit_core::ContentError> {
        let mut content = content.clone();
        content.insert("count".to_owned(), Value::from(3));
        Good::from_content(&content).map(Lax)
    }
    fn to_content(&self) -> Map<String, Value> {
        self.0.to_content()
    }
}

#[test]
fn a_sound_form_passes() {
    tests::soundness::check_form_is_sound::<Good>();
}

#[test]
#[should_panic(expected = "validate refuses to_content")]
fn a_lost_answer_is_found() {
    tests::soundness::check_form_is_sound::<Forgetful>();
}

#[test]
#[should_panic(expected = "from_content and validate disagree")]
fn a_lax_parser_is_found() {
    tests::soundness::check_narrowed_form_is_sound::<Lax>();
}
