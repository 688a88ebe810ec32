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
        "StringField",
        "FlatForm",
        "FlattenSlot",
        "Secrecy",
        "NoSecret",
        "FieldProbe",
        "Kind",
        "Offered",
        "FormFields",
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

/// Where an error names something of ours it must not, in one `.stderr` (`file`, for the
/// report): anywhere, `__private` (a path into the private API, in a message or in a line of
/// the runtime's source shown under "required by a bound in") and `_::_` (rustc's name for a
/// constant nested in the expansion's, in "evaluation of `_::_` failed here"); in a message,
/// a name quoted as code that is internal or `__`-prefixed; in a line of the runtime's own
/// source that rustc shows (under `--> $WORKSPACE/elicit-runtime/…`), any such name.
fn internal_names_in(file: &str, stderr: &str, internal: &BTreeSet<String>) -> Vec<String> {
    let is_internal = |word: &str| word.starts_with("__") || internal.contains(word);
    let mut found: Vec<String> = Vec::new();
    // Whether the lines read are the runtime's source, as rustc shows it after a `-->` (or
    // a `:::`) that points into it.
    let mut in_runtime = false;
    for line in stderr.lines() {
        let mut named: Vec<&str> = ["_::_", "__private"]
            .into_iter()
            .filter(|text| line.contains(text))
            .collect();
        let trimmed = line.trim_start();
        if let Some(location) = trimmed
            .strip_prefix("-->")
            .or_else(|| trimmed.strip_prefix(":::"))
        {
            in_runtime = location
                .trim_start()
                .starts_with("$WORKSPACE/elicit-runtime/");
        } else if !trimmed.contains('|') && trimmed != "..." {
            in_runtime = false;
        }
        if in_runtime && let Some((_, source)) = line.split_once('|') {
            named.extend(
                source
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|word| is_internal(word)),
            );
        }
        if let Some(message) = message_text(line) {
            // Names are quoted as code: the words between backticks (prose may say "float").
            let code = message.split('`').skip(1).step_by(2);
            named.extend(
                code.flat_map(|span| span.split(|c: char| !(c.is_alphanumeric() || c == '_')))
                    .filter(|word| is_internal(word)),
            );
        }
        for name in named {
            let entry = format!("{file}: `{name}` in {line:?}");
            if !found.contains(&entry) {
                found.push(entry);
            }
        }
    }
    found
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
        found.extend(internal_names_in(
            &path.display().to_string(),
            &stderr,
            &internal,
        ));
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

    // Every rule, on a `.stderr` as rustc would write it.
    let bad = "\
error[E0080]: evaluation panicked: `maximum` 300 is outside the range of `u8` (0..=255)
 --> tests/ui/bad.rs:8:24
  |
8 |     #[elicit(maximum = 300)]
  |                        ^^^ evaluation of `_::_` failed here

error[E0277]: the trait bound `String: NumberField` is not satisfied
 --> tests/ui/bad.rs:9:5
  |
9 |     slot: String,
  |     ^^^^ the trait `NumberField` is not implemented for `String`
  |
note: required by a bound in `elicit_core::__private::check_newtype`
 --> $WORKSPACE/elicit-runtime/src/__private/newtype.rs
  |
  | pub fn check_newtype<T: NewtypeField>(schema: &Schema) {
  |                         ^^^^^^^^^^^^ required by this bound in `check_newtype`
...
  |     T: MultiSelectField,
";
    let found = internal_names_in("bad.stderr", bad, &internal);
    let expected = [
        "`_::_` in \"  |                        ^^^ evaluation of `_::_` failed here\"",
        "`NumberField` in \"error[E0277]: the trait bound `String: NumberField` is not satisfied\"",
        "`NumberField` in \"  |     ^^^^ the trait `NumberField` is not implemented for `String`\"",
        "`__private` in \"note: required by a bound in `elicit_core::__private::check_newtype`\"",
        "`check_newtype` in \"note: required by a bound in `elicit_core::__private::check_newtype`\"",
        "`__private` in \" --> $WORKSPACE/elicit-runtime/src/__private/newtype.rs\"",
        "`check_newtype` in \"  | pub fn check_newtype<T: NewtypeField>(schema: &Schema) {\"",
        "`NewtypeField` in \"  | pub fn check_newtype<T: NewtypeField>(schema: &Schema) {\"",
        "`check_newtype` in \"  |                         ^^^^^^^^^^^^ required by this bound in `check_newtype`\"",
        "`MultiSelectField` in \"  |     T: MultiSelectField,\"",
    ]
    .map(|entry| format!("bad.stderr: {entry}"));
    // Nothing else: the user's own source is theirs, a field named like an item of ours
    // (`slot`) included.
    assert_eq!(found, expected);

    // What every error may say.
    let good = "\
error[E0080]: evaluation panicked: `maximum` 300 is outside the range of `u8` (0..=255)
 --> tests/ui/good.rs:8:24
  |
8 |     #[elicit(maximum = 300)]
  |                        ^^^ evaluation of `_` failed here

error[E0277]: `Connect` holds a secret, and a form with a secret field cannot be asked in form mode
  --> tests/ui/good.rs:15:13
   |
15 |     let _ = args.complete(dialog).await;
   |             ^^^^ this form holds a secret
   |
help: the trait `FormMode` is not implemented for `Connect`
note: required by a bound in `Asked::<T>::complete`
  --> $WORKSPACE/elicit-runtime/src/dialog/arguments.rs
   |
   |     pub fn complete(self, dialog: &Dialog) -> Ask<'_, T>
   |            -------- required by a bound in this associated function
   |     where
   |         T: Elicit + FormMode + 'static,
   |                     ^^^^^^^^ required by this bound in `Asked::<T>::complete`
";
    assert_eq!(
        internal_names_in("good.stderr", good, &internal),
        Vec::<String>::new()
    );
}
