//! elicit's `pattern` engine against JavaScript's own verdicts.
//!
//! `tests/fixtures/patterns/ecma-verdicts.json` is what Node 20 says about a corpus of
//! patterns (written by `scripts/pattern-corpus/generate.mjs`, re-checked in CI): whether each
//! compiles with the `u` flag (Ajv, the TypeScript SDK) and with the `v` flag (HTML
//! `<input pattern>`), and what each matches. A pattern both flags accept and read the same way
//! must compile here and match exactly what JavaScript matches; every other pattern must be
//! refused, since some client would throw on it or read it differently. The exceptions, valid
//! and alike under both flags yet refused on purpose, are listed in `REFUSED_BY_DESIGN`.

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;

/// Patterns both flags accept and read alike that elicit refuses on purpose, by the words
/// their refusal carries.
const REFUSED_BY_DESIGN: &[&str] = &[
    // Lookaround and backreferences: matching runs in linear time.
    "patterns run in linear time",
    // `\p{…}`: the matcher has no Unicode property tables.
    "has no Unicode property tables",
    // Beyond the matcher's size limit (`a{999999}`).
    "too large or too deeply nested",
    // Group names other than ASCII identifiers (`(?<é>…)`, `(?<\u0061>…)`).
    "only ASCII identifiers",
    // V8 11 (Node 20) mis-matches a repeated `[^]` under the `v` flag.
    "`[^]` is not supported",
    // V8 finds `\B` inside a surrogate pair, ECMA-262 does not.
    "JavaScript engines disagree",
];

#[derive(Deserialize)]
struct Verdicts {
    strings: Vec<String>,
    patterns: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    pattern: String,
    u: bool,
    v: bool,
    #[serde(default)]
    extra: Vec<String>,
    u_matches: Option<String>,
    v_matches: Option<String>,
    u_error: Option<String>,
    v_error: Option<String>,
}

fn verdicts() -> Verdicts {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/patterns/ecma-verdicts.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What an accepted pattern means, as a regex of the `regex` crates' syntax: for the messages.
fn translation(pattern: &str) -> String {
    elicit_grammar::pattern::translate(pattern).expect("what `compile` accepts is translated")
}

#[test]
fn every_pattern_is_read_as_javascript_reads_it_or_refused() {
    let verdicts = verdicts();
    let mut failures = String::new();
    let mut compared = 0;
    let mut accepted = 0;
    let mut refused_by_design = 0;
    for entry in &verdicts.patterns {
        let ours = elicit_grammar::pattern::compile(&entry.pattern);
        let same = entry.u && entry.v && entry.u_matches == entry.v_matches;
        if !same {
            if ours.is_ok() {
                let why = match (&entry.u_error, &entry.v_error) {
                    (Some(u), _) => format!("the `u` flag refuses it: {u}"),
                    (None, Some(v)) => format!("the `v` flag refuses it: {v}"),
                    (None, None) => format!(
                        "`u` and `v` match differently:\n    u {}\n    v {}",
                        entry.u_matches.as_deref().unwrap_or_default(),
                        entry.v_matches.as_deref().unwrap_or_default()
                    ),
                };
                let _ = writeln!(
                    failures,
                    "{:?}: accepted (as {:?}), but {why}",
                    entry.pattern,
                    translation(&entry.pattern)
                );
            }
            continue;
        }
        let compiled = match ours {
            Ok(compiled) => compiled,
            Err(error)
                if REFUSED_BY_DESIGN
                    .iter()
                    .any(|reason| error.to_string().contains(reason)) =>
            {
                refused_by_design += 1;
                println!("refused by design: {:?}: {error}", entry.pattern);
                continue;
            }
            Err(error) => {
                let _ = writeln!(
                    failures,
                    "{:?}: valid and equal under `u` and `v`, but refused: {error}",
                    entry.pattern
                );
                continue;
            }
        };
        accepted += 1;
        let expected = entry.u_matches.as_deref().unwrap_or_default().as_bytes();
        let strings = verdicts.strings.iter().chain(&entry.extra);
        assert_eq!(
            expected.len(),
            verdicts.strings.len() + entry.extra.len(),
            "{:?}: one verdict per string",
            entry.pattern
        );
        for (text, &verdict) in strings.zip(expected) {
            compared += 1;
            let javascript = verdict == b'1';
            let elicit = compiled.is_match(text);
            if elicit != javascript {
                let _ = writeln!(
                    failures,
                    "{:?} (as {:?}) on {text:?}: JavaScript says {javascript}, elicit says {elicit}",
                    entry.pattern,
                    translation(&entry.pattern)
                );
            }
        }
    }
    println!(
        "{} patterns: {accepted} accepted, {refused_by_design} refused by design, {} refused as invalid or read differently; {compared} verdicts compared",
        verdicts.patterns.len(),
        verdicts.patterns.len() - accepted - refused_by_design,
    );
    assert!(
        failures.is_empty(),
        "disagreements with Node 20:\n{failures}"
    );
    // Guards against a fixture that silently lost its substance.
    assert!(
        verdicts.patterns.len() >= 150,
        "{} patterns",
        verdicts.patterns.len()
    );
    assert!(accepted >= 100, "{accepted} patterns accepted");
    assert!(
        refused_by_design <= 30,
        "{refused_by_design} refused by design"
    );
    assert!(compared >= 8_000, "{compared} verdicts compared");
}
