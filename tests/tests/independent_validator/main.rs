//! Derived forms held to an independent JSON Schema validator: Python's `jsonschema`.
//!
//! The promise: the value `from_content` hands back (written out again with `to_content`) is
//! one the form's `requestedSchema` allows; an answer the schema refuses is refused, and an
//! answer it allows is accepted, except where `from_content` departs on purpose from the
//! schema's letter (`Divergence`: it checks formats, which `jsonschema`, like most
//! validators, only annotates by default; it reads `null` as absent; …). Each departure is
//! marked on its answers and held to what it does instead.
//!
//! `tests/fixtures/validator/corpus.json` holds, for each form of `forms.rs`, its serialized
//! schema and a fixed list of answers (`answers.rs`): valid ones, each bound exactly and one past it, `4.0` and
//! `-0.0` for integers, `1e300`, integers past `i64`/`u64`, strings whose length differs in
//! UTF-16 and in code points, wrong JSON types, `null`, missing and unknown keys, duplicate
//! and unknown options. An answer on which `from_content` departs on purpose from the
//! schema's letter says where and how (`divergence`: a broken `format`, `null` read as absent,
//! an `f32` rounding onto its bound, a repeated option, an unknown key under
//! `deny_unknown_fields`, a pattern where Python's `re` is not ECMA-262, `0` for a signed
//! non-zero integer, a string the format allows and the Rust type cannot hold, a newtype's own
//! pattern under the field's, a half-answered optional flattened sub-form, a float at the
//! edge of the 64-bit integers for an integer field whose bound reaches it); an answer the form
//! accepts carries what `to_content` writes back (`written`).
//! `verdicts.json` beside it is what `jsonschema` says of every answer and every `written`
//! (by `scripts/validator/check.py`, which CI does not run: the file is committed).
//!
//! The corpus is built from `forms.rs` and `answers.rs` and must equal the committed file.
//! After changing a form or an answer, run this test with `ELICIT_BLESS=1` to rewrite `corpus.json` instead of comparing
//! it, then `python3 scripts/validator/check.py` to rewrite `verdicts.json` (see
//! `tests/fixtures/validator/README.md`).

mod answers;
mod divergence;
mod forms;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use elicit_core::{ContentError, Elicit};
use serde_json::{Map, Value, json};

use answers::Answer;
use divergence::Divergence;

// ---------------------------------------------------------------------------------------
// The corpus, and the checks.

type Parse = fn(&Map<String, Value>) -> Result<Map<String, Value>, ContentError>;

struct Form {
    name: &'static str,
    schema: Value,
    /// `from_content`, then `to_content` of what it hands back.
    parse: Parse,
    answers: Vec<Answer>,
}

fn form<T: Elicit>(name: &'static str, answers: Vec<Answer>) -> Form {
    Form {
        name,
        schema: serde_json::to_value(T::requested_schema()).expect("a schema serializes"),
        parse: |content| T::from_content(content).map(|value| value.to_content()),
        answers,
    }
}

fn forms() -> Vec<Form> {
    vec![
        form::<forms::Strings>("Strings", answers::strings()),
        form::<forms::Formats>("Formats", answers::formats()),
        form::<forms::Integers>("Integers", answers::integers()),
        form::<forms::Numbers>("Numbers", answers::numbers()),
        form::<forms::Flags>("Flags", answers::flags()),
        form::<forms::Choices>("Choices", answers::choices()),
        form::<forms::MultiSelects>("MultiSelects", answers::multi_selects()),
        form::<forms::Closed>("Closed", answers::closed()),
        form::<forms::FavoriteColor>("FavoriteColor", answers::favorite_color()),
        form::<forms::Mood>("Mood", answers::mood()),
        form::<forms::NonZeros>("NonZeros", answers::non_zeros()),
        form::<forms::Newtypes>("Newtypes", answers::newtypes()),
        form::<forms::Flattened>("Flattened", answers::flattened()),
        form::<forms::Ecosystem>("Ecosystem", answers::ecosystem()),
        form::<forms::Renamed>("Renamed", answers::renamed()),
        form::<forms::RenamedClosed>("RenamedClosed", answers::renamed_closed()),
    ]
}

fn object(value: &Value) -> &Map<String, Value> {
    value.as_object().expect("an answer is a JSON object")
}

/// The corpus as JSON: each form's schema and answers, and for each answer the form accepts,
/// what `to_content` writes back.
fn corpus() -> Value {
    let forms = forms()
        .into_iter()
        .map(|form| {
            let mut whats = BTreeSet::new();
            let answers: Vec<Value> = form
                .answers
                .iter()
                .map(|answer| {
                    assert!(
                        whats.insert(answer.what.clone()),
                        "{}: two answers are called {:?}",
                        form.name,
                        answer.what
                    );
                    let mut entry = Map::new();
                    entry.insert("what".into(), json!(answer.what));
                    entry.insert("content".into(), answer.content.clone());
                    if let Some((divergence, field)) = answer.divergence {
                        entry.insert(
                            "divergence".into(),
                            json!({"kind": divergence.name(), "field": field}),
                        );
                    }
                    if let Ok(written) = (form.parse)(object(&answer.content)) {
                        entry.insert("written".into(), Value::Object(written));
                    }
                    Value::Object(entry)
                })
                .collect();
            json!({"form": form.name, "schema": form.schema, "answers": answers})
        })
        .collect();
    Value::Array(forms)
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/validator")
        .join(name)
}

fn read_text(name: &str) -> String {
    let path = fixture(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_fixture(name: &str) -> Value {
    serde_json::from_str(&read_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn blessing() -> bool {
    std::env::var_os("ELICIT_BLESS").is_some()
}

fn corpus_text(corpus: &Value) -> String {
    serde_json::to_string_pretty(corpus).expect("the corpus serializes") + "\n"
}

/// Where two texts first differ, with the form and answer around it in `built`.
fn first_difference(committed: &str, built: &str) -> String {
    let (committed, built): (Vec<&str>, Vec<&str>) =
        (committed.lines().collect(), built.lines().collect());
    let line = committed
        .iter()
        .zip(&built)
        .position(|(a, b)| a != b)
        .unwrap_or(committed.len().min(built.len()));
    let around = |key: &str| {
        built[..line.min(built.len())]
            .iter()
            .rev()
            .find(|l| l.trim_start().starts_with(key))
            .map_or("", |l| l.trim())
    };
    format!(
        "first difference at line {}, in {} {}:\n    committed: {}\n    built:     {}",
        line + 1,
        around("\"form\""),
        around("\"what\""),
        committed.get(line).unwrap_or(&"(end of file)").trim(),
        built.get(line).unwrap_or(&"(end of file)").trim(),
    )
}

/// The corpus built from `forms.rs` and `answers.rs`, checked to be the committed one, text for text
/// (compared as text: `serde_json`'s default float parser may read a long decimal one ULP
/// off, while the text is exactly what `jsonschema` decided on).
fn committed_corpus() -> Value {
    let corpus = corpus();
    let (committed, built) = (read_text("corpus.json"), corpus_text(&corpus));
    assert!(
        committed == built,
        "corpus.json is stale: run this test with ELICIT_BLESS=1, then \
         scripts/validator/check.py; {}",
        first_difference(&committed, &built)
    );
    corpus
}

/// The corpus built from `forms.rs` and `answers.rs` is the committed `corpus.json`. With
/// `ELICIT_BLESS=1` this test rewrites `corpus.json` instead (then run
/// `scripts/validator/check.py`, and this test again without it); the other tests of this
/// file then do nothing.
#[test]
fn the_corpus_is_current() {
    if blessing() {
        let path = fixture("corpus.json");
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
        std::fs::write(&path, corpus_text(&corpus())).expect("write the corpus");
        return;
    }
    committed_corpus();
}

/// One answer's verdict from `verdicts.json`.
struct Verdict {
    valid: bool,
    error: Value,
    written_valid: Option<bool>,
}

/// The verdicts, per form, checked to belong to the committed corpus answer by answer.
fn verdicts(corpus: &Value) -> BTreeMap<String, Vec<Verdict>> {
    let file = read_fixture("verdicts.json");
    // Both read by the same parser, so a long decimal lands on the same (maybe inexact) f64.
    let committed = read_fixture("corpus.json");
    let all = file["verdicts"]
        .as_object()
        .expect("verdicts.json has `verdicts`");
    let stale = "verdicts.json is stale: run scripts/validator/check.py";
    let mut out = BTreeMap::new();
    for (form, read) in corpus
        .as_array()
        .expect("an array")
        .iter()
        .zip(committed.as_array().expect("an array"))
    {
        let name = form["form"].as_str().expect("a form name");
        let answers = form["answers"].as_array().expect("answers");
        let read = read["answers"].as_array().expect("answers");
        let list = all
            .get(name)
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("{name}: no verdicts; {stale}"));
        assert_eq!(list.len(), answers.len(), "{name}: {stale}");
        let list = list
            .iter()
            .zip(answers)
            .zip(read)
            .map(|((verdict, answer), read)| {
                assert_eq!(verdict["what"], answer["what"], "{name}: {stale}");
                assert_eq!(verdict["content"], read["content"], "{name}: {stale}");
                assert_eq!(
                    verdict.get("written_valid").is_some(),
                    answer.get("written").is_some(),
                    "{name}: {}: {stale}",
                    answer["what"]
                );
                Verdict {
                    valid: verdict["valid"].as_bool().expect("`valid` is a bool"),
                    error: verdict["error"].clone(),
                    written_valid: verdict.get("written_valid").and_then(Value::as_bool),
                }
            })
            .collect();
        out.insert(name.to_owned(), list);
    }
    assert_eq!(out.len(), all.len(), "{stale}");
    out
}

fn ours(result: &Result<Map<String, Value>, ContentError>) -> String {
    match result {
        Ok(written) => format!("Ok, written back as {}", Value::Object(written.clone())),
        Err(error) => format!("Err({})", error.to_string().replace('\n', "; ")),
    }
}

/// Every answer of the corpus, parsed by its form, against `jsonschema`'s verdict.
/// Every disagreement is listed at once.
#[test]
fn from_content_agrees_with_jsonschema() {
    if blessing() {
        return;
    }
    let corpus = committed_corpus();
    let verdicts = verdicts(&corpus);
    let forms = forms();
    let mut mismatches = String::new();
    let mut checked = 0;
    for entry in corpus.as_array().expect("an array") {
        let name = entry["form"].as_str().expect("a form name");
        let form = forms
            .iter()
            .find(|form| form.name == name)
            .unwrap_or_else(|| panic!("{name}: no such form; run with ELICIT_BLESS=1"));
        let recorded = entry["answers"].as_array().expect("answers");
        // `corpus()` wrote `recorded` from `form.answers`, one for one.
        for ((answer, recorded), verdict) in form.answers.iter().zip(recorded).zip(&verdicts[name])
        {
            checked += 1;
            let content = &answer.content;
            let result = (form.parse)(object(content));
            let jsonschema = if verdict.valid {
                "valid".to_owned()
            } else {
                format!("invalid ({})", verdict.error["message"])
            };
            let mut mismatch = |why: &str| {
                let _ = writeln!(
                    mismatches,
                    "{name}: {}: {why}\n    answer:     {content}\n    jsonschema: {jsonschema}\n    \
                     ours:       {}",
                    answer.what,
                    ours(&result),
                );
            };
            let written_back = |written: &Map<String, Value>| {
                if Some(&Value::Object(written.clone())) != recorded.get("written") {
                    Some("writes back other than corpus.json says: re-bless")
                } else if verdict.written_valid != Some(true) {
                    Some("what to_content writes back is refused by the schema")
                } else {
                    None
                }
            };
            let Some((divergence, field)) = answer.divergence else {
                match &result {
                    Ok(_) if !verdict.valid => mismatch("accepted, but the schema refuses it"),
                    Err(_) if verdict.valid => mismatch("refused, but the schema allows it"),
                    Ok(written) => {
                        if let Some(why) = written_back(written) {
                            mismatch(why);
                        }
                    }
                    Err(_) => {}
                }
                continue;
            };
            match divergence.refusal() {
                // A refusal the schema does not spell out: the schema allows the answer, and
                // `from_content` refuses it on that field alone, for that reason alone.
                Some(kind) => {
                    if !verdict.valid {
                        mismatch(&format!(
                            "marked {}, but the schema refuses it anyway",
                            divergence.name()
                        ));
                    }
                    match &result {
                        Ok(_) => mismatch(&format!("accepted, but should be refused: {kind}")),
                        Err(error) => {
                            let blamed: Vec<(&str, &str)> = error
                                .errors()
                                .iter()
                                .map(|e| (e.field(), e.kind().code()))
                                .collect();
                            if blamed != [(field, kind)] {
                                mismatch(&format!(
                                    "should be refused for `{field}`: {kind} alone, not {blamed:?}"
                                ));
                            }
                        }
                    }
                }
                // A lenient reading: the schema refuses the answer for that field alone, and
                // `from_content` accepts it, handing back a value the schema allows.
                None => {
                    if verdict.valid || verdict.error["path"] != json!([field]) {
                        mismatch(&format!(
                            "marked {} on `{field}`, but the schema does not refuse it there",
                            divergence.name()
                        ));
                    }
                    match &result {
                        Ok(written) => {
                            if let Some(why) = written_back(written) {
                                mismatch(why);
                            }
                        }
                        Err(_) => mismatch(&format!(
                            "refused, but {} should accept it",
                            divergence.name()
                        )),
                    }
                }
            }
            // A format divergence names a field with a format.
            if let Divergence::Format = divergence
                && entry["schema"]["properties"][field]["format"]
                    .as_str()
                    .is_none()
            {
                mismatch(&format!(
                    "a format divergence names `{field}`, which has no format"
                ));
            }
        }
    }
    assert!(checked >= 300, "only {checked} answers");
    assert!(
        mismatches.is_empty(),
        "from_content and jsonschema disagree:\n{mismatches}"
    );
}

/// The constraint keywords of one property (its own and its items'), as the `keyword`
/// `jsonschema` reports (`items/enum` for an item's).
fn constraints(property: &Value) -> Vec<String> {
    let keywords = [
        "type",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "enum",
        "oneOf",
    ];
    let mut out: Vec<String> = keywords
        .iter()
        .filter(|k| property.get(**k).is_some())
        .map(|k| (*k).to_owned())
        .collect();
    if let Some(items) = property.get("items") {
        for k in ["type", "enum", "anyOf"] {
            if items.get(k).is_some() {
                out.push(format!("items/{k}"));
            }
        }
    }
    out
}

/// Whether `value` sits exactly on the bound `keyword` of `property` sets.
fn at_bound(property: &Value, keyword: &str, value: &Value) -> bool {
    let bound = &property[keyword];
    match keyword {
        "minimum" | "maximum" => value.as_f64().is_some() && value.as_f64() == bound.as_f64(),
        "minLength" | "maxLength" => value
            .as_str()
            .is_some_and(|s| Some(s.chars().count() as u64) == bound.as_u64()),
        "minItems" | "maxItems" => value
            .as_array()
            .is_some_and(|a| Some(a.len() as u64) == bound.as_u64()),
        _ => true,
    }
}

/// Both sides of every constraint are in the corpus: for every property and every keyword
/// that constrains it, an answer `jsonschema` refuses first for that keyword there, and an
/// answer it allows with the property present (exactly on the bound, for a bound); every
/// required property is left out once; every format is broken once, alone.
#[test]
fn the_corpus_covers_both_sides_of_every_constraint() {
    if blessing() {
        return;
    }
    let corpus = committed_corpus();
    let verdicts = verdicts(&corpus);
    let mut missing = String::new();
    let (mut valid, mut invalid) = (0, 0);
    for entry in corpus.as_array().expect("an array") {
        let name = entry["form"].as_str().expect("a form name");
        let answers = entry["answers"].as_array().expect("answers");
        let verdicts = &verdicts[name];
        valid += verdicts.iter().filter(|v| v.valid).count();
        invalid += verdicts.iter().filter(|v| !v.valid).count();
        let refused_for = |property: &str, keyword: &str| {
            verdicts.iter().any(|v| {
                !v.valid && v.error["path"].get(0).and_then(Value::as_str) == Some(property) && {
                    let item = v.error["path"].get(1).is_some();
                    let found = v.error["keyword"].as_str().unwrap_or_default();
                    if item {
                        keyword == format!("items/{found}")
                    } else {
                        keyword == found
                    }
                }
            })
        };
        let properties = entry["schema"]["properties"]
            .as_object()
            .expect("properties");
        for (property, schema) in properties {
            for keyword in constraints(schema) {
                if !refused_for(property, &keyword) {
                    let _ = writeln!(missing, "{name}.{property}: nothing refused for {keyword}");
                }
                let allowed = answers.iter().zip(verdicts).any(|(answer, v)| {
                    v.valid
                        && answer["content"].get(property).is_some_and(|value| {
                            !value.is_null() && at_bound(schema, &keyword, value)
                        })
                });
                if !allowed {
                    let _ = writeln!(
                        missing,
                        "{name}.{property}: nothing allowed on the edge of {keyword}"
                    );
                }
            }
            if schema.get("format").is_some() {
                let broken = answers.iter().zip(verdicts).any(|(answer, v)| {
                    v.valid
                        && answer["divergence"]
                            == json!({"kind": Divergence::Format.name(), "field": property})
                });
                if !broken {
                    let _ = writeln!(
                        missing,
                        "{name}.{property}: its format is never broken alone"
                    );
                }
            }
        }
        for required in entry["schema"]["required"].as_array().into_iter().flatten() {
            let property = required.as_str().expect("a name");
            let left_out = answers.iter().zip(verdicts).any(|(answer, v)| {
                !v.valid
                    && v.error["keyword"] == "required"
                    && v.error["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(&format!("'{property}'")))
                    && answer["content"].get(property).is_none()
            });
            if !left_out {
                let _ = writeln!(missing, "{name}.{property}: never left out alone");
            }
        }
    }
    assert!(missing.is_empty(), "the corpus misses:\n{missing}");
    assert!(
        valid >= 100 && invalid >= 100,
        "{valid} valid, {invalid} invalid"
    );
}
