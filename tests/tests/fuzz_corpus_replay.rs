//! The fuzz corpora, replayed through their targets' oracles by `cargo test` on stable Rust.
//!
//! `fuzz/` is a cargo-fuzz crate outside the workspace (its own lock file, libFuzzer, nightly
//! flags), so nothing ran its oracles between campaigns, and the `schema` oracle rotted: it
//! predated the tolerant reader and crashed on its own seed corpus. Here every file of
//! `fuzz/corpus/<target>/` goes through the very function the target runs
//! (`elicit_fuzz::target::ALL`, compiled from `fuzz/src/lib.rs` itself), without libFuzzer:
//! an oracle that disagrees with the library fails this test, naming the file.
//!
//! Crash inputs (`fuzz/artifacts/`) are not committed (`.gitignore`): a crash is minimized
//! and its input added to `fuzz/corpus/<target>/`, where this test guards it.
//!
//! The schema oracle is also held to an independent validator: what Python's `jsonschema`
//! blames in each answer of the schema corpus (`fuzz/verdicts.json`, written by
//! `fuzz/verdicts.py`, which CI does not run), wherever the two can be compared.

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use elicit_core::schema::{PropertySchema, RequestedSchema};
use serde_json::{Map, Value};

#[path = "../../fuzz/src/lib.rs"]
mod oracles;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The names of the entries of `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").file_name())
        .map(|name| name.into_string().expect("a UTF-8 file name"))
        .collect();
    names.sort();
    names
}

fn target_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = oracles::target::ALL.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names
}

/// A target the oracles do not know, or a corpus without a target, would go unreplayed.
#[test]
fn every_target_has_a_corpus_and_every_corpus_a_target() {
    let fuzz = fuzz_dir();
    assert_eq!(entries(&fuzz.join("corpus")), target_names());
    let files: Vec<String> = target_names()
        .iter()
        .map(|name| format!("{name}.rs"))
        .collect();
    assert_eq!(entries(&fuzz.join("fuzz_targets")), files);
}

/// Runs `target` on every file of `corpus/<name>/`, and fails naming each file an oracle
/// panicked on (the panic's message is printed above the failure).
fn replay(name: &str) {
    let dir = fuzz_dir().join("corpus").join(name);
    let (_, target) = oracles::target::ALL
        .iter()
        .find(|(known, _)| *known == name)
        .expect("a known target");
    let files = entries(&dir);
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    let mut failed = Vec::new();
    for file in &files {
        let data = std::fs::read(dir.join(file)).expect("a readable seed");
        if catch_unwind(AssertUnwindSafe(|| target(&data))).is_err() {
            failed.push(file.as_str());
        }
    }
    assert!(
        failed.is_empty(),
        "the {name} oracles fail on {} of {} seeds in fuzz/corpus/{name}/: {failed:?}",
        failed.len(),
        files.len()
    );
}

#[test]
fn from_content_corpus() {
    replay("from_content");
}

#[test]
fn outcome_corpus() {
    replay("outcome");
}

#[test]
fn bytes_corpus() {
    replay("bytes");
}

#[test]
fn schema_corpus() {
    replay("schema");
}

#[test]
fn state_open_corpus() {
    replay("state_open");
}

const VERDICTS: &str = include_str!("../../fuzz/verdicts.json");

/// The keys the schema oracle expects `validate` to blame are the keys `jsonschema` blames,
/// on every seed whose schema elicit reads whole (nothing listed as unchecked, which
/// `jsonschema` would apply and `validate` does not), over the keys where both follow the
/// schema's letter ([`comparable`]).
#[test]
fn schema_oracle_agrees_with_jsonschema() {
    let verdicts: Value = serde_json::from_str(VERDICTS).expect("verdicts.json is JSON");
    let verdicts = verdicts["verdicts"].as_object().expect("verdicts by file");
    let dir = fuzz_dir().join("corpus/schema");
    let mut compared = 0;
    for file in entries(&dir) {
        let data = std::fs::read(dir.join(&file)).expect("a readable seed");
        let Some((schema, Some(Value::Object(answer)))) = oracles::json_pair(&data) else {
            continue;
        };
        let verdict = verdicts
            .get(&file)
            .unwrap_or_else(|| panic!("{file}: no verdict; run python3 fuzz/verdicts.py"));
        assert!(
            verdict["schema"] == schema && verdict["answer"] == Value::Object(answer.clone()),
            "{file}: the verdict is for another input; run python3 fuzz/verdicts.py"
        );
        let Ok(parsed) = serde_json::from_value::<RequestedSchema>(schema) else {
            continue;
        };
        if !parsed.unchecked().is_empty() {
            continue;
        }
        let expected = oracles::expected_errors(&parsed, &answer);
        let ours: BTreeSet<&str> = expected
            .iter()
            .map(|(key, _)| key.as_str())
            .filter(|key| comparable(&parsed, &answer, key))
            .collect();
        let theirs: BTreeSet<&str> = verdict["blamed"]
            .as_array()
            .expect("blamed keys")
            .iter()
            .map(|key| key.as_str().expect("a key"))
            .filter(|key| comparable(&parsed, &answer, key))
            .collect();
        assert_eq!(
            ours, theirs,
            "{file}: the oracle and jsonschema blame other keys"
        );
        compared += 1;
    }
    assert!(compared >= 8, "only {compared} seeds compared");
}

/// Whether `jsonschema` and `validate` decide the answer's `key` by the same rules: not where
/// elicit departs on purpose from the schema's letter (`tests/fixtures/validator/README.md`):
/// `null` is read as absent, a `format` is checked, a repeated option is refused, and a
/// `pattern` is ECMA-262, which Python's `re` follows except on non-ASCII text and line ends.
fn comparable(schema: &RequestedSchema, answer: &Map<String, Value>, key: &str) -> bool {
    let value = answer.get(key);
    if value.is_some_and(Value::is_null) {
        return false;
    }
    match schema.property(key) {
        Some(PropertySchema::String(string)) => {
            string.format.is_none()
                && (string.pattern.is_none()
                    || value
                        .and_then(Value::as_str)
                        .is_none_or(|text| text.is_ascii() && !text.contains(['\n', '\r'])))
        }
        Some(PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_)) => {
            let items = value
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            items
                .iter()
                .enumerate()
                .all(|(index, item)| !items[..index].contains(item))
        }
        _ => true,
    }
}
