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

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

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
