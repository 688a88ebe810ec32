//! Issue 8's run-time figures: the "everything" form's schema and parse, elicit against
//! rmcp's schemars path. `scripts/bench.sh` runs this and prints the table; running it alone
//! (`cargo bench -p benches --bench forms`) leaves criterion's estimates in
//! `<target>/criterion/`.
//!
//! Before measuring, it checks that the two declarations are the same form: equal schemas
//! (as JSON values, up to key order and `0` vs `0.0`) and equal parses of the same answer.

#![allow(missing_docs)]

mod clock;
mod ours;
mod shaped;
mod signup;
mod theirs;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use elicit_core::protocol::DEFAULT_MESSAGE_LIMIT;
use elicit_core::{Elicit, ElicitOutcome, Form};
use serde::Deserialize;

use clock::Clock;
use rmcp::model::ElicitationSchema;
use serde_json::{Map, Value, json};

/// A full answer: every one of the 13 fields, all valid.
fn answer() -> Map<String, Value> {
    let answer = json!({
        "name": "Ada Lovelace",
        "check": true,
        "firstLine": "Call me Ishmael.",
        "email": "ada@example.com",
        "homepage": "https://example.com/~ada",
        "birthdate": "1815-12-10",
        "integer": 7,
        "number": 2.5,
        "untitledSingleSelectEnum": "Joey",
        "untitledMultipleSelectEnum": ["Piano", "Drums"],
        "titledSingleSelectEnum": "hero-2",
        "titledMultipleSelectEnum": ["fish-3", "fish-1"],
        "legacyTitledEnum": "pet-4"
    });
    match answer {
        Value::Object(map) => map,
        _ => unreachable!(),
    }
}

/// A JSON value with every number as an `f64`, so `0` (ours) and `0.0` (rmcp) compare equal.
fn normalize(value: Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64()),
        Value::Array(items) => Value::Array(items.into_iter().map(normalize).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, normalize(v))).collect())
        }
        other => other,
    }
}

/// Panics unless both declarations give the same form; the figures would mean nothing.
fn check_equivalence() {
    let mut rmcp_schema = serde_json::to_value(
        ElicitationSchema::from_type::<theirs::Everything>().expect("from_type accepts the form"),
    )
    .expect("serializes");
    // What `from_type` adds that a derived elicit form never has: `$schema`, the type's name as
    // a root `title`, and its doc comment as a root `description`.
    let root = rmcp_schema.as_object_mut().expect("an object");
    for key in ["$schema", "title", "description"] {
        root.remove(key);
    }
    let ours = serde_json::to_value(ours::Everything::requested_schema()).expect("serializes");
    assert_eq!(
        normalize(ours),
        normalize(rmcp_schema),
        "the two declarations must give the same requestedSchema"
    );

    for answer in [
        answer(),
        json!({"name": "Ada"})
            .as_object()
            .cloned()
            .expect("an object"),
    ] {
        let ours = ours::Everything::from_content(&answer).expect("a valid answer");
        let theirs: theirs::Everything =
            serde_json::from_value(Value::Object(answer.clone())).expect("a valid answer");
        assert_eq!(
            without_nulls(Value::Object(ours.to_content())),
            without_nulls(content_of(&theirs)),
            "the two declarations must read {answer:?} as the same values"
        );
    }
}

/// What `theirs` holds, as content (the serde side has no `to_content`).
fn content_of(form: &theirs::Everything) -> Value {
    json!({
        "name": form.name,
        "check": form.check,
        "firstLine": form.first_line,
        "email": form.email,
        "homepage": form.homepage,
        "birthdate": form.birthdate,
        "integer": form.integer,
        "number": form.number,
        "untitledSingleSelectEnum": form.untitled_single_select_enum,
        "untitledMultipleSelectEnum": form.untitled_multiple_select_enum,
        "titledSingleSelectEnum": form.titled_single_select_enum,
        "titledMultipleSelectEnum": form.titled_multiple_select_enum,
        "legacyTitledEnum": form.legacy_titled_enum,
    })
}

fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.into_iter().filter(|(_, v)| !v.is_null()).collect())
        }
        other => other,
    }
}

fn schema(c: &mut Criterion<Clock>) {
    check_equivalence();
    let mut group = c.benchmark_group("schema");
    // Cached access: what a server pays per `elicitation/create` before serializing.
    group.bench_function("ours_access", |b| {
        b.iter(|| black_box(ours::Everything::requested_schema()));
    });
    group.bench_function("rmcp_from_type", |b| {
        b.iter(|| {
            black_box(ElicitationSchema::from_type::<theirs::Everything>().expect("accepted"))
        });
    });
    // Serialization alone, of an already built schema.
    let built = ElicitationSchema::from_type::<theirs::Everything>().expect("accepted");
    group.bench_function("ours_serialize", |b| {
        let schema = ours::Everything::requested_schema();
        b.iter(|| black_box(serde_json::to_string(black_box(schema)).expect("serializes")));
    });
    group.bench_function("rmcp_serialize", |b| {
        b.iter(|| black_box(serde_json::to_string(black_box(&built)).expect("serializes")));
    });
    // Both together: the schema's JSON text, from nothing, per call.
    group.bench_function("ours_access_serialize", |b| {
        b.iter(|| {
            black_box(
                serde_json::to_string(ours::Everything::requested_schema()).expect("serializes"),
            )
        });
    });
    group.bench_function("rmcp_from_type_serialize", |b| {
        b.iter(|| {
            let schema = ElicitationSchema::from_type::<theirs::Everything>().expect("accepted");
            black_box(serde_json::to_string(&schema).expect("serializes"))
        });
    });
    group.finish();
}

/// What serde reads from the bytes of an answer when it checks nothing: the action and the
/// content, as a server without elicit would declare them.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum SerdeAction {
    Accept,
    Decline,
    Cancel,
}

/// Both fields are read (and dropped): what is measured is reading them.
#[derive(Deserialize)]
#[allow(dead_code)]
struct SerdeAnswer<T> {
    action: SerdeAction,
    content: T,
}

/// The bytes of an accepted `ElicitResult` with this content.
fn answer_bytes(content: &Map<String, Value>) -> Vec<u8> {
    serde_json::to_vec(&json!({"action": "accept", "content": content})).expect("serializes")
}

/// The parse figures of one form: `from_content(&map)` against serde from an owned `Value`
/// (cloned) and from a borrowed one, bytes to typed against
/// `serde_json::from_slice::<{action, content: T}>`, and (issue 29) the same answer read by
/// the form shaped at run time, `shaped.read(&map)`.
fn parse_group<Ours, Theirs, Shaped>(
    c: &mut Criterion<Clock>,
    group: &str,
    answer: &Map<String, Value>,
    shaped: &Form<Shaped>,
) where
    Ours: Elicit,
    Theirs: for<'de> Deserialize<'de>,
    Shaped: Elicit,
{
    let value = Value::Object(answer.clone());
    let bytes = answer_bytes(answer);
    assert!(
        Ours::from_content(answer).is_ok(),
        "{group}: a valid answer"
    );
    assert!(matches!(
        ElicitOutcome::<Ours>::from_slice_limited(&bytes, DEFAULT_MESSAGE_LIMIT),
        Ok(ElicitOutcome::Accepted(_))
    ));
    same_read::<Ours, Shaped>(group, answer, shaped);
    let mut group = c.benchmark_group(group);
    group.bench_function("ours_from_content", |b| {
        b.iter(|| black_box(Ours::from_content(black_box(answer)).expect("valid")));
    });
    group.bench_function("shaped_read", |b| {
        b.iter(|| black_box(shaped.read(black_box(answer)).expect("valid")));
    });
    group.bench_function("serde_from_value", |b| {
        b.iter(|| {
            black_box(
                serde_json::from_value::<Theirs>(Value::Object(black_box(answer).clone()))
                    .expect("valid"),
            )
        });
    });
    group.bench_function("serde_value_ref", |b| {
        b.iter(|| black_box(Theirs::deserialize(black_box(&value)).expect("valid")));
    });
    // The floor of any validating path: the schema's checks alone, each field's value against
    // its property (looked up before timing), with no conversion and no map lookups.
    let pairs: Vec<_> = Ours::requested_schema()
        .properties
        .iter()
        .filter_map(|(name, property)| Some((property, answer.get(name)?)))
        .collect();
    group.bench_function("checks_alone", |b| {
        b.iter(|| {
            for (property, value) in black_box(&pairs) {
                black_box(property.check(value)).expect("valid");
            }
        });
    });
    group.bench_function("ours_bytes", |b| {
        b.iter(|| {
            black_box(
                ElicitOutcome::<Ours>::from_slice_limited(black_box(&bytes), DEFAULT_MESSAGE_LIMIT)
                    .expect("valid"),
            )
        });
    });
    group.bench_function("serde_bytes", |b| {
        b.iter(|| {
            black_box(
                serde_json::from_slice::<SerdeAnswer<Theirs>>(black_box(&bytes)).expect("valid"),
            )
        });
    });
    group.finish();
}

/// Panics unless `T::from_content` and the shaped form read `answer` to the same content.
fn same_read<T: Elicit, S: Elicit>(group: &str, answer: &Map<String, Value>, shaped: &Form<S>) {
    let fixed = T::from_content(answer)
        .expect("a valid answer")
        .to_content();
    let shaped = shaped
        .read(answer)
        .expect("a valid answer to the shaped form");
    assert_eq!(
        fixed,
        shaped.to_content(),
        "{group}: the static and the shaped form must read the answer alike"
    );
}

fn parse(c: &mut Criterion<Clock>) {
    parse_group::<ours::Everything, theirs::Everything, _>(
        c,
        "parse",
        &answer(),
        &shaped::everything(),
    );
    parse_group::<signup::Signup, signup::SerdeSignup, _>(
        c,
        "parse_signup",
        &signup::answer(),
        &shaped::signup(),
    );
    // Issue 29: a form with options given at run time, against its static twin.
    let answer = shaped::answer();
    let form = shaped::options_form(&shaped::offer());
    let fixed = shaped::RebookFixed::from_content(&answer).expect("a valid answer");
    let read = form
        .read(&answer)
        .expect("a valid answer to the options form");
    assert_eq!(
        (read.date.as_str(), read.extras.as_slice(), read.travellers),
        ("2027-01-03", &[3, 1][..], fixed.travellers),
        "parse_options: the two forms must read the answer alike"
    );
    let mut group = c.benchmark_group("parse_options");
    group.bench_function("ours_from_content", |b| {
        b.iter(|| black_box(shaped::RebookFixed::from_content(black_box(&answer)).expect("valid")));
    });
    group.bench_function("shaped_read", |b| {
        b.iter(|| black_box(form.read(black_box(&answer)).expect("valid")));
    });
    group.finish();
}

/// Issue 23: a form shaped at run time, from the data to the request to send; and, for scale,
/// a static form's request, which is built from its cached schema.
fn shaped(c: &mut Criterion<Clock>) {
    let offer = shaped::offer();
    let form = shaped::shape(&offer);
    assert_eq!(form.schema().properties.len(), 10, "ten fields");
    let options: usize = form
        .schema()
        .properties
        .iter()
        .filter(|(name, _)| name == "date" || name == "extras")
        .map(|(_, property)| property.option_values().count())
        .sum();
    assert_eq!(options, 20, "twenty options given at run time");
    let mut group = c.benchmark_group("shaped");
    group.bench_function("shape_build_request", |b| {
        b.iter(|| shaped::shape(black_box(&offer)).request());
    });
    group.bench_function("static_request", |b| {
        b.iter(|| elicit_core::Form::<signup::Signup>::new().request());
    });
    group.finish();
}

fn config() -> Criterion<Clock> {
    Criterion::default()
        .with_measurement(Clock::from_env())
        .sample_size(200)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(5))
        .noise_threshold(0.05)
}

criterion_group! {
    name = benches;
    config = config();
    targets = schema, parse, shaped
}
criterion_main!(benches);
