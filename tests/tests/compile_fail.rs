//! Mistakes `#[derive(Elicit)]` must reject, each with its expected diagnostic in
//! `tests/ui/<mistake>.stderr` (rewrite them with `TRYBUILD=overwrite` when a change is
//! intended, then read every one).

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}

/// The names of ours a user must never read in an error: what only generated code uses (the
/// items of `elicit_core::__private` that no public module has), the derive's own generated
/// names (`__`-prefixed).
fn internal_names() -> BTreeSet<String> {
    let private =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../elicit-runtime/src/__private/mod.rs");
    let source = std::fs::read_to_string(&private).expect("the private API's module reads");
    let mut names = BTreeSet::new();
    // Everything the private API defines itself (`pub use self::…`), and what it takes from
    // modules that are not public (`crate::read`, a field's kinds and slots, the builder's
    // parts and offers).
    let internal_sources = [
        "self::",
        "crate::read::",
        "crate::field::kinds::",
        "crate::field::slot::",
        "crate::shape::options::",
        "crate::shape::parts::",
        "crate::shape::form_parts::",
    ];
    let statements = source.split(';').map(str::trim);
    for statement in statements {
        let Some(path) = statement.strip_prefix("pub use ") else {
            continue;
        };
        if !internal_sources
            .iter()
            .any(|prefix| path.starts_with(prefix))
        {
            continue;
        }
        let list = match (path.find('{'), path.rfind('}')) {
            (Some(open), Some(close)) => &path[open + 1..close],
            _ => path.rsplit("::").next().unwrap_or_default(),
        };
        for name in list
            .split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
        {
            // `self::set` is a module; its items are reached as `set::…`.
            names.insert(name.rsplit("::").next().unwrap_or(name).to_owned());
        }
    }
    for expected in [
        "FormField",
        "NewtypeField",
        "MultiSelectField",
        "NumberField",
        "FlatForm",
    ] {
        assert!(
            names.contains(expected),
            "`{expected}` is no longer in the private API: update this test's sources ({names:?})"
        );
    }
    // The proof traits the derive once defined in the expansion.
    names.extend(["Offerable", "NotAForm"].map(str::to_owned));
    names
}

/// The text of a diagnostic line that is ours or rustc's, not an echo of source code: the
/// message, a note or help, or a label after its carets.
fn message_text(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    for prefix in ["error", "warning", "note:", "help:", "= note:", "= help:"] {
        if trimmed.starts_with(prefix) {
            return Some(trimmed);
        }
    }
    // `  |     ^^^^ label` or `5 |   ---- label`
    let after_bar = trimmed.split_once('|')?.1.trim_start();
    let label = after_bar.trim_start_matches(['^', '-', ' ']);
    (label.len() < after_bar.len() && after_bar.starts_with(['^', '-'])).then_some(label)
}

#[test]
fn no_error_names_anything_internal() {
    let internal = internal_names();
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui");
    let mut found = Vec::new();
    let mut read = 0;
    for entry in std::fs::read_dir(&ui).expect("tests/ui reads") {
        let path = entry.expect("an entry of tests/ui").path();
        if path
            .extension()
            .is_none_or(|extension| extension != "stderr")
        {
            continue;
        }
        read += 1;
        let stderr = std::fs::read_to_string(&path).expect("a .stderr reads");
        for line in stderr.lines().filter_map(message_text) {
            // Names are quoted as code: the words between backticks (prose may say "float").
            let code = line.split('`').skip(1).step_by(2);
            let words =
                code.flat_map(|span| span.split(|c: char| !(c.is_alphanumeric() || c == '_')));
            for word in words.filter(|word| !word.is_empty()) {
                if word.starts_with("__") || internal.contains(word) {
                    found.push(format!("{}: `{word}` in {line:?}", path.display()));
                }
            }
        }
    }
    assert!(read > 50, "only {read} .stderr files were read");
    assert!(
        found.is_empty(),
        "internal names in errors:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_what_it_looks_for() {
    let internal = internal_names();
    for name in ["MultiSelectField", "FormField", "NewtypeField", "Offerable"] {
        assert!(internal.contains(name), "{name}");
    }
    assert_eq!(
        message_text("   = help: the trait `NumberField` is not implemented for `String`"),
        Some("= help: the trait `NumberField` is not implemented for `String`")
    );
    assert_eq!(
        message_text(" 7 |     date: String,"),
        None,
        "source echoed is not a message"
    );
    assert_eq!(
        message_text(
            "   |          ^^^^^^ required by this bound in `RebookForm::<__DateState>::build`"
        ),
        Some("required by this bound in `RebookForm::<__DateState>::build`")
    );
}
