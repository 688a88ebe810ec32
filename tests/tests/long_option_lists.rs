//! A long option list in an error message is cut: a 100-variant enum's error lists ten
//! options and counts the rest; the error itself keeps them all.

use elicit_core::{Elicit, FieldErrorKind};
use serde_json::json;

/// Which one?
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(untitled)]
enum Hundred {
    V0,
    V1,
    V2,
    V3,
    V4,
    V5,
    V6,
    V7,
    V8,
    V9,
    V10,
    V11,
    V12,
    V13,
    V14,
    V15,
    V16,
    V17,
    V18,
    V19,
    V20,
    V21,
    V22,
    V23,
    V24,
    V25,
    V26,
    V27,
    V28,
    V29,
    V30,
    V31,
    V32,
    V33,
    V34,
    V35,
    V36,
    V37,
    V38,
    V39,
    V40,
    V41,
    V42,
    V43,
    V44,
    V45,
    V46,
    V47,
    V48,
    V49,
    V50,
    V51,
    V52,
    V53,
    V54,
    V55,
    V56,
    V57,
    V58,
    V59,
    V60,
    V61,
    V62,
    V63,
    V64,
    V65,
    V66,
    V67,
    V68,
    V69,
    V70,
    V71,
    V72,
    V73,
    V74,
    V75,
    V76,
    V77,
    V78,
    V79,
    V80,
    V81,
    V82,
    V83,
    V84,
    V85,
    V86,
    V87,
    V88,
    V89,
    V90,
    V91,
    V92,
    V93,
    V94,
    V95,
    V96,
    V97,
    V98,
    V99,
}

#[derive(Elicit, Debug, PartialEq)]
#[allow(dead_code)]
struct Pick {
    one: Hundred,
    some: Vec<Hundred>,
}

const MESSAGE: &str = "\"V100\" is not one of the options; expected one of \"V0\", \"V1\", \"V2\", \"V3\", \"V4\", \"V5\", \"V6\", \"V7\", \"V8\", \"V9\" … and 90 more";

#[test]
fn a_hundred_options_are_cut_to_ten_in_the_message() {
    let content = json!({"one": "V100", "some": ["V1", "V100"]});
    let content = content.as_object().unwrap();
    for error in [
        Pick::from_content(content).unwrap_err(),
        Pick::requested_schema().validate(content).unwrap_err(),
    ] {
        assert_eq!(error.errors().len(), 2);
        for field in error.errors() {
            assert_eq!(field.kind().to_string(), MESSAGE);
            let FieldErrorKind::UnknownOption { allowed, .. } = field.kind() else {
                panic!("{field:?}");
            };
            assert_eq!(allowed.len(), 100);
        }
    }
    let one = Hundred::from_content(&serde_json::Map::from_iter([(
        "hundred".to_owned(),
        json!("V100"),
    )]));
    assert_eq!(
        one.unwrap_err().to_string(),
        format!("`hundred`: {MESSAGE}")
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<Hundred>();
    tests::soundness::check_form_is_sound::<Pick>();
}
