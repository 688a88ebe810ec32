//! The tolerant reader, held to the MCP specification's verdicts.
//!
//! `tests/fixtures/tolerant/corpus.json` holds schemas a server may send as `requestedSchema`;
//! `verdicts.json` beside it says, per revision, whether the specification's `schema.json`
//! accepts each (written by `scripts/tolerant/check.py` with Python's `jsonschema`). Every
//! schema valid in some revision must be read, listing exactly the keywords the corpus says
//! are unchecked, writing back what was read, and deciding the corpus's answers as a strict
//! server would; every schema valid in none must be refused, the message naming the property.

use std::collections::BTreeSet;

use elicit_core::Elicit;
use elicit_core::schema::{PropertySchema, RequestedSchema};
use serde_json::{Map, Value, json};

const CORPUS: &str = include_str!("../fixtures/tolerant/corpus.json");
const VERDICTS: &str = include_str!("../fixtures/tolerant/verdicts.json");

struct Case {
    name: String,
    schema: Value,
    entry: Value,
    /// Valid in at least one revision of the specification.
    valid: bool,
}

fn cases() -> Vec<Case> {
    let corpus: Value = serde_json::from_str(CORPUS).unwrap();
    let verdicts: Value = serde_json::from_str(VERDICTS).unwrap();
    let verdicts = verdicts["verdicts"].as_object().unwrap();
    let cases: Vec<Case> = corpus["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            let name = entry["name"].as_str().unwrap().to_owned();
            let verdict = verdicts
                .get(&name)
                .unwrap_or_else(|| panic!("{name}: no verdict; run scripts/tolerant/check.py"));
            let valid = verdict.as_object().unwrap().values().any(|v| v == "valid");
            Case {
                schema: entry["schema"].clone(),
                entry: entry.clone(),
                name,
                valid,
            }
        })
        .collect();
    assert_eq!(
        cases.len(),
        verdicts.len(),
        "verdicts.json is stale: run scripts/tolerant/check.py"
    );
    cases
}

fn read(schema: &Value) -> Result<RequestedSchema, String> {
    serde_json::from_value(schema.clone()).map_err(|error| error.to_string())
}

fn object(value: &Value) -> &Map<String, Value> {
    value.as_object().unwrap()
}

#[test]
fn the_corpus_is_large_and_covers_both_verdicts() {
    let cases = cases();
    let valid = cases.iter().filter(|case| case.valid).count();
    assert!(cases.len() >= 40, "{} schemas", cases.len());
    assert!(valid >= 30 && cases.len() - valid >= 10, "{valid} valid");
}

#[test]
fn every_spec_valid_schema_is_read_with_its_unchecked_keywords() {
    for case in cases().iter().filter(|case| case.valid) {
        let name = &case.name;
        let schema = read(&case.schema)
            .unwrap_or_else(|error| panic!("{name}: spec-valid but refused: {error}"));
        let expected: Vec<(Option<String>, String)> = case.entry["unchecked"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: spec-valid, so the corpus must list `unchecked`"))
            .iter()
            .map(|pair| {
                (
                    pair[0].as_str().map(str::to_owned),
                    pair[1].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let found: Vec<(Option<String>, String)> = schema
            .unchecked()
            .iter()
            .map(|u| (u.property.clone(), u.keyword.clone()))
            .collect();
        assert_eq!(found, expected, "{name}: {:#?}", schema.unchecked());
        for unchecked in schema.unchecked() {
            assert!(!unchecked.reason.is_empty(), "{name}: {unchecked:?}");
        }
    }
}

#[test]
fn every_spec_valid_schema_is_written_back_as_read() {
    for case in cases().iter().filter(|case| case.valid) {
        let schema = read(&case.schema).unwrap();
        let written = serde_json::to_value(&schema).unwrap();
        assert_eq!(written, case.schema, "{}", case.name);
        // And what was written reads as the same schema, through text too.
        let again = read(&written).unwrap();
        assert_eq!(again, schema, "{}", case.name);
        let text = serde_json::to_string(&schema).unwrap();
        let from_text: RequestedSchema = serde_json::from_str(&text).unwrap();
        assert_eq!(from_text, schema, "{}", case.name);
    }
}

#[test]
fn every_spec_invalid_schema_is_refused_naming_the_property() {
    for case in cases().iter().filter(|case| !case.valid) {
        let name = &case.name;
        let needle = case.entry["refused_naming"].as_str().unwrap_or_else(|| {
            panic!("{name}: spec-invalid, so the corpus must say `refused_naming`")
        });
        match read(&case.schema) {
            Ok(schema) => panic!("{name}: spec-invalid but read as {schema:?}"),
            Err(error) => assert!(
                error.contains(needle),
                "{name}: {error:?} names no {needle}"
            ),
        }
    }
}

#[test]
fn answers_are_decided_as_a_strict_server_would() {
    let mut decided = 0;
    for case in cases().iter().filter(|case| case.valid) {
        let name = &case.name;
        let schema = read(&case.schema).unwrap();
        for answer in case.entry["accept"].as_array().into_iter().flatten() {
            if let Err(error) = schema.validate(object(answer)) {
                panic!("{name}: {answer} refused: {error}");
            }
            decided += 1;
        }
        for refusal in case.entry["refuse"].as_array().into_iter().flatten() {
            let answer = &refusal["answer"];
            let error = schema
                .validate(object(answer))
                .expect_err(&format!("{name}: {answer} accepted"));
            let fields: BTreeSet<&str> = error.errors().iter().map(|e| e.field()).collect();
            assert_eq!(
                fields,
                BTreeSet::from([refusal["field"].as_str().unwrap()]),
                "{name}: {answer}: {error}"
            );
            decided += 1;
        }
    }
    assert!(decided >= 60, "{decided} answers");
}

/// The enforced keywords, one by one, with the messages a client shows.
#[test]
fn enforced_keywords_say_why() {
    let schema = read(&json!({
        "type": "object",
        "properties": {
            "price": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
            "qty": {"type": "integer", "multipleOf": 5},
            "terms": {"type": "boolean", "const": true},
            "stars": {"type": "integer", "enum": [1, 2, 3]}
        },
        "required": ["terms"],
        "additionalProperties": false
    }))
    .unwrap();
    assert!(schema.closed);
    assert!(schema.unchecked().is_empty());
    let answer = json!({"price": 10, "qty": 7, "terms": false, "stars": 4, "extra": 1});
    let error = schema.validate(object(&answer)).unwrap_err();
    let messages: Vec<String> = error.errors().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "`price`: must be less than 10, got 10",
            "`qty`: must be a multiple of 5, got 7",
            "`terms`: must be true, got false",
            "`stars`: must be one of 1, 2, 3, got 4",
            "`extra`: is not a field of this form",
        ]
    );
    let codes: Vec<&str> = error.errors().iter().map(|e| e.kind().code()).collect();
    assert_eq!(
        codes,
        ["invalid", "invalid", "invalid", "invalid", "unknown_field"]
    );
    let fine = json!({"price": 0.5, "qty": 10, "terms": true, "stars": 2});
    assert_eq!(schema.validate(object(&fine)), Ok(()));
}

/// The typed model keeps the keywords it has fields for; the rest is in the extras.
#[test]
fn what_the_model_holds_and_what_it_keeps() {
    let schema = read(&json!({
        "type": "object",
        "title": "Order",
        "properties": {
            "price": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01, "format": "double"},
            "tier": {"type": "string", "oneOf": [{"const": "free"}, {"const": "pro", "title": "Pro"}]},
            "size": {"type": "string", "enum": ["S", "M", null]},
            "code": {"type": "string", "minLength": 2.0}
        }
    }))
    .unwrap();
    let Some(PropertySchema::Number(price)) = schema.property("price") else {
        panic!("price is a number");
    };
    assert_eq!(price.exclusive_minimum, Some(0.into()));
    assert_eq!(
        price.multiple_of.as_ref().map(ToString::to_string),
        Some("0.01".into())
    );
    assert_eq!(
        schema.property_extras("price").unwrap().keywords,
        [("format".to_owned(), json!("double"))]
    );
    let Some(PropertySchema::TitledSingleSelect(tier)) = schema.property("tier") else {
        panic!("tier is a titled select");
    };
    let titles: Vec<&str> = tier.options.iter().map(|o| o.title.as_str()).collect();
    assert_eq!(titles, ["free", "Pro"], "a missing title is the value");
    assert_eq!(
        schema
            .property("size")
            .unwrap()
            .option_values()
            .collect::<Vec<_>>(),
        ["S", "M"]
    );
    let Some(PropertySchema::String(code)) = schema.property("code") else {
        panic!("code is a string");
    };
    assert_eq!(code.min_length, Some(2));
    assert_eq!(schema.extras.root, [("title".to_owned(), json!("Order"))]);
}

/// A property schema on its own has nowhere to keep what it cannot apply, so it refuses it.
#[test]
fn a_lone_property_schema_refuses_what_it_cannot_keep() {
    for (property, keyword) in [
        (json!({"type": "integer", "format": "int32"}), "format"),
        (json!({"type": "boolean", "const": true}), "const"),
        (json!({"type": "integer", "enum": [1, 2]}), "enum"),
        (json!({"type": "object"}), "\"object\""),
    ] {
        let error = serde_json::from_value::<PropertySchema>(property.clone()).unwrap_err();
        assert!(error.to_string().contains(keyword), "{property}: {error}");
    }
    let read: PropertySchema =
        serde_json::from_value(json!({"type": "number", "exclusiveMinimum": 1})).unwrap();
    assert!(read.check(&json!(1)).is_err());
}

/// Where should we ship it?
#[derive(Elicit)]
#[allow(dead_code)]
struct Shipping {
    /// Street
    #[elicit(min_length = 1, max_length = 80)]
    street: String,
    #[elicit(pattern = "^[0-9]{5}$")]
    zip: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(minimum = 1, maximum = 9)]
    parcels: u8,
    weight: f32,
    #[elicit(default = false)]
    express: bool,
    speed: Speed,
    extras: Vec<Extra>,
}

#[derive(Elicit)]
enum Speed {
    #[elicit(title = "Slow and cheap")]
    Slow,
    Fast,
}

#[derive(Elicit)]
#[elicit(untitled)]
enum Extra {
    Gift,
    Insurance,
}

/// Plain answers and unit types.
#[derive(Elicit)]
#[allow(dead_code)]
struct Survey {
    name: String,
    age: Option<u16>,
    ratio: f64,
    agree: bool,
}

#[test]
fn derived_forms_have_nothing_unchecked() {
    for schema in [Shipping::requested_schema(), Survey::requested_schema()] {
        assert!(schema.unchecked().is_empty());
        assert!(schema.extras.is_empty() && !schema.closed);
        // Read back as a client would: still nothing unchecked, and the same schema.
        let read = read(&serde_json::to_value(schema).unwrap()).unwrap();
        assert!(read.unchecked().is_empty(), "{:?}", read.unchecked());
        assert!(read.extras.is_empty());
        assert_eq!(&read, schema);
    }
}
