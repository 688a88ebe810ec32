//! Newtypes: `#[derive(Elicit)]` on a one-field tuple struct makes a reusable field type that
//! carries its field's constraints, title and description. A form field of that type may
//! override the title and description and narrow the constraints, never widen them; the
//! newtype's own parser keeps checking its own constraints. Every emitted schema is checked
//! against the spec.

use elicit_core::schema::PropertySchema;
use elicit_core::{Elicit, ElicitField, FieldErrorKind};
use serde_json::{Map, Value, json};
use tests::forms::{codes, error_codes, map, round_trip, schema_json};
use tests::golden::assert_golden;

fn field_schema_json<T: ElicitField>() -> Value {
    serde_json::to_value(T::field_schema()).expect("serializes")
}

/// An e-mail address
#[derive(Elicit, Debug, Clone, PartialEq)]
struct Email(#[elicit(format = "email", max_length = 254)] String);

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
struct Percent(
    /// A share, in percent
    #[elicit(title = "Percent", minimum = 0, maximum = 100)]
    u8,
);

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Name(#[elicit(min_length = 1, max_length = 60, pattern = "^[A-Za-z ]+$")] String);

#[test]
fn a_newtype_carries_its_fields_schema() {
    assert_eq!(
        field_schema_json::<Email>(),
        json!({"type": "string", "description": "An e-mail address", "maxLength": 254, "format": "email"})
    );
    assert_eq!(
        field_schema_json::<Percent>(),
        json!({"type": "integer", "title": "Percent", "description": "A share, in percent",
               "minimum": 0, "maximum": 100})
    );
    assert_eq!(
        field_schema_json::<Name>(),
        json!({"type": "string", "minLength": 1, "maxLength": 60, "pattern": "^[A-Za-z ]+$"})
    );
}

#[test]
fn a_newtype_parses_with_its_constraints() {
    assert_eq!(
        Email::from_json(&json!("ada@example.com")),
        Ok(Email("ada@example.com".into()))
    );
    assert_eq!(
        Email::from_json(&json!("ada")).unwrap_err().code(),
        "bad_format"
    );
    assert_eq!(
        Email::from_json(&json!(5)).unwrap_err().code(),
        "wrong_type"
    );
    assert_eq!(Percent::from_json(&json!(100)), Ok(Percent(100)));
    assert_eq!(
        Percent::from_json(&json!(101)).unwrap_err().code(),
        "above_maximum"
    );
    assert_eq!(
        Percent::from_json(&json!(300)).unwrap_err().code(),
        "out_of_range"
    );
    assert_eq!(Name::from_json(&json!("")).unwrap_err().code(), "too_short");
    assert_eq!(
        Name::from_json(&json!("R2D2")).unwrap_err().code(),
        "pattern_mismatch"
    );
    assert_eq!(Percent(7).to_json(), json!(7));
    assert_eq!(Email("a@b.co".into()).to_json(), json!("a@b.co"));
}

/// Sign up
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct SignUp {
    email: Email,
    /// Your work address, if you have one
    #[elicit(title = "Work e-mail")]
    work_email: Option<Email>,
    #[elicit(minimum = 10, maximum = 200)]
    discount: Percent,
    #[elicit(max_length = 20, min_length = 0)]
    nickname: Name,
    #[elicit(max_length = 100)]
    full_name: Name,
    #[elicit(default = "support@example.com")]
    reply_to: Email,
}

fn sign_up() -> SignUp {
    SignUp {
        email: Email("ada@example.com".into()),
        work_email: None,
        discount: Percent(50),
        nickname: Name("Ada".into()),
        full_name: Name("Ada Lovelace".into()),
        reply_to: Email("me@example.com".into()),
    }
}

#[test]
fn form_fields_override_titles_and_narrow_constraints() {
    assert_golden("newtype_fields", SignUp::requested_schema());
    assert_eq!(
        schema_json::<SignUp>(),
        json!({
            "type": "object",
            "properties": {
                "email": {"type": "string", "description": "An e-mail address", "maxLength": 254, "format": "email"},
                "work_email": {"type": "string", "title": "Work e-mail",
                               "description": "Your work address, if you have one", "maxLength": 254, "format": "email"},
                // `minimum = 10` narrows; `maximum = 200` would widen, so the newtype's 100 stays.
                "discount": {"type": "integer", "title": "Percent", "description": "A share, in percent",
                             "minimum": 10, "maximum": 100},
                // `max_length = 20` narrows, `min_length = 0` would widen.
                "nickname": {"type": "string", "minLength": 1, "maxLength": 20, "pattern": "^[A-Za-z ]+$"},
                "full_name": {"type": "string", "minLength": 1, "maxLength": 60, "pattern": "^[A-Za-z ]+$"},
                "reply_to": {"type": "string", "description": "An e-mail address", "maxLength": 254,
                             "format": "email", "default": "support@example.com"}
            },
            "required": ["email", "discount", "nickname", "full_name"]
        })
    );
}

#[test]
fn form_fields_of_newtypes_parse_and_round_trip() {
    round_trip(&sign_up());
    let content = json!({
        "email": "ada@example.com",
        "discount": 10,
        "nickname": "Ada",
        "full_name": "Ada Lovelace"
    });
    let parsed = SignUp::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.reply_to, Email("support@example.com".into()));
    assert_eq!(parsed.work_email, None);
    assert_eq!(parsed.discount, Percent(10));
}

#[test]
fn form_fields_of_newtypes_report_errors() {
    let content = json!({
        "email": "nope",
        "work_email": "x".repeat(300),
        "discount": 5,
        "nickname": "A very long nickname indeed",
        "full_name": "",
        "reply_to": 1
    });
    assert_eq!(
        error_codes::<SignUp>(&content),
        codes(&[
            ("email", "bad_format"),
            ("work_email", "too_long"),
            ("discount", "below_minimum"),
            ("nickname", "too_long"),
            ("full_name", "too_short"),
            ("reply_to", "wrong_type"),
        ])
    );
    // The newtype's own bound holds even where the field's attribute asked for more.
    let content = json!({"email": "a@b.co", "discount": 150, "nickname": "A", "full_name": "B"});
    assert_eq!(
        error_codes::<SignUp>(&content),
        codes(&[("discount", "above_maximum")])
    );
}

/// A newtype of a newtype adds to what it wraps.
#[derive(Elicit, Debug, PartialEq)]
struct WorkEmail(
    /// Your address at work
    #[elicit(pattern = "@example\\.com$")]
    Email,
);

/// A newtype whose own pattern a form field replaces in the schema.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Patterned {
    #[elicit(pattern = "^[a-z ]+$")]
    lower: Name,
}

#[test]
fn newtypes_nest_and_both_parsers_check() {
    assert_eq!(
        field_schema_json::<WorkEmail>(),
        json!({"type": "string", "description": "Your address at work", "maxLength": 254,
               "pattern": "@example\\.com$", "format": "email"})
    );
    assert!(WorkEmail::from_json(&json!("ada@example.com")).is_ok());
    assert_eq!(
        WorkEmail::from_json(&json!("ada@elsewhere.org"))
            .unwrap_err()
            .code(),
        "pattern_mismatch"
    );
    assert_eq!(
        WorkEmail::from_json(&json!("@example.com"))
            .unwrap_err()
            .code(),
        "bad_format"
    );
    // A schema holds one pattern: the field's is emitted, and both are enforced.
    assert_eq!(
        schema_json::<Patterned>()["properties"]["lower"]["pattern"],
        "^[a-z ]+$"
    );
    assert!(Patterned::from_content(map(&json!({"lower": "ada"}))).is_ok());
    assert_eq!(
        error_codes::<Patterned>(&json!({"lower": "Ada"})),
        codes(&[("lower", "pattern_mismatch")])
    );
    assert_eq!(
        error_codes::<Patterned>(&json!({"lower": ""})),
        codes(&[("lower", "too_short")])
    );
}

/// Which size?
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Size {
    Small,
    Medium,
    Large,
}

#[derive(Elicit, Debug, PartialEq)]
struct ShirtSize(
    /// The size of the shirt
    Size,
);

#[derive(Elicit, Debug, PartialEq)]
struct Sizes(#[elicit(min_items = 1, max_items = 3)] Vec<Size>);

/// Shirts
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Shirts {
    size: ShirtSize,
    #[elicit(max_items = 2, min_items = 0)]
    sizes: Sizes,
    #[elicit(default = ShirtSize(Size::Medium))]
    fallback: ShirtSize,
}

#[test]
fn newtypes_of_selects() {
    let schema = schema_json::<Shirts>();
    let p = &schema["properties"];
    assert_eq!(p["size"]["description"], "The size of the shirt");
    assert_eq!(
        p["size"]["oneOf"][0],
        json!({"const": "Small", "title": "Small"})
    );
    assert_eq!(p["sizes"]["minItems"], 1);
    assert_eq!(p["sizes"]["maxItems"], 2);
    assert_eq!(p["fallback"]["default"], "Medium");
    let content = json!({"size": "Large", "sizes": ["Small"]});
    let parsed = Shirts::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.size, ShirtSize(Size::Large));
    assert_eq!(parsed.fallback, ShirtSize(Size::Medium));
    round_trip(&parsed);
    let content = json!({"size": "large", "sizes": []});
    assert_eq!(
        error_codes::<Shirts>(&content),
        codes(&[("size", "unknown_option"), ("sizes", "too_few_items")])
    );
    let content = json!({"size": "Large", "sizes": ["Small", "Medium", "Large"]});
    assert_eq!(
        error_codes::<Shirts>(&content),
        codes(&[("sizes", "too_many_items")])
    );
}

#[test]
fn a_newtype_is_a_field_type() {
    assert!(matches!(Email::field_schema(), PropertySchema::String(_)));
    assert!(matches!(Percent::field_schema(), PropertySchema::Number(_)));
    assert!(matches!(
        ShirtSize::field_schema(),
        PropertySchema::TitledSingleSelect(_)
    ));
    assert!(matches!(
        Sizes::field_schema(),
        PropertySchema::TitledMultiSelect(_)
    ));
}

#[test]
fn a_newtype_never_panics_on_client_input() {
    for value in [
        json!(null),
        json!([1, 2]),
        json!({"a": {"b": []}}),
        json!(u64::MAX),
        json!(-1.5e300),
        Value::String("é".repeat(100_000)),
    ] {
        assert!(Email::from_json(&value).is_err(), "{value}");
        assert!(Percent::from_json(&value).is_err(), "{value}");
        assert!(Sizes::from_json(&value).is_err(), "{value}");
    }
    assert!(matches!(
        Percent::from_json(&json!(1.5)),
        Err(FieldErrorKind::NotAnInteger { .. })
    ));
}

/// A newtype of an ecosystem type.
#[derive(Elicit, Debug, PartialEq)]
struct Birthday(
    /// Your date of birth
    chrono::NaiveDate,
);

/// Literal defaults of formatted fields, checked at compile time (see
/// `ui/default_bad_format.rs` for the refusals) and parsed by the field's type.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Dated {
    #[elicit(format = "date", default = "2026-01-01")]
    day: String,
    #[elicit(default = "2026-01-01")]
    first: chrono::NaiveDate,
    #[elicit(default = "2026-01-01T09:00:00+01:00")]
    opens: Option<chrono::DateTime<chrono::FixedOffset>>,
    #[elicit(default = "127.0.0.1")]
    bind: std::net::Ipv4Addr,
    #[elicit(default = "2000-02-29")]
    born: Birthday,
}

#[test]
fn literal_defaults_of_formatted_types() {
    let schema = schema_json::<Dated>();
    assert_eq!(
        schema["properties"]["born"],
        json!({"type": "string", "description": "Your date of birth", "format": "date",
               "default": "2000-02-29"})
    );
    let parsed = Dated::from_content(&Map::new()).expect("every field has a default");
    let date = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).expect("a date");
    assert_eq!(parsed.day, "2026-01-01");
    assert_eq!(parsed.first, date(2026, 1, 1));
    // An `Option`'s default only pre-fills the form: left out, it is `None`.
    assert_eq!(parsed.opens, None);
    assert_eq!(
        schema["properties"]["opens"]["default"],
        "2026-01-01T09:00:00+01:00"
    );
    assert_eq!(parsed.bind, std::net::Ipv4Addr::LOCALHOST);
    assert_eq!(parsed.born, Birthday(date(2000, 2, 29)));
    round_trip(&parsed);
    assert_eq!(
        error_codes::<Dated>(&json!({"born": "2001-02-29"})),
        codes(&[("born", "bad_format")])
    );
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<SignUp>();
    tests::soundness::check_form_is_sound::<Patterned>();
    tests::soundness::check_form_is_sound::<Size>();
    tests::soundness::check_form_is_sound::<Shirts>();
    tests::soundness::check_narrowed_form_is_sound::<Dated>();
}

/// `Dated`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "an IP address field is a plain string in the schema; the parser refuses non-addresses"]
fn dated_verdicts_agree() {
    tests::soundness::check_form_is_sound::<Dated>();
}
