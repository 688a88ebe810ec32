//! Expected JSON kept as files next to the tests (`tests/expected/<name>.json`), compared as
//! JSON values *and* as key order, since a form's property order is part of its contract.
//! Set `ELICIT_BLESS=1` to rewrite the files after an intended change.

use std::path::PathBuf;

use serde_json::Value;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("expected")
        .join(format!("{name}.json"))
}

/// Compares `actual` with `tests/expected/<name>.json`.
///
/// # Panics
/// When they differ (this is a test helper), or the file is missing and not being blessed.
pub fn assert_golden(name: &str, actual: &impl serde::Serialize) {
    let text = serde_json::to_string_pretty(actual).expect("serializable") + "\n";
    let file = path(name);
    if std::env::var_os("ELICIT_BLESS").is_some() {
        std::fs::create_dir_all(file.parent().expect("has a parent")).expect("mkdir");
        std::fs::write(&file, &text).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_else(|_| {
        panic!(
            "missing {}; run with ELICIT_BLESS=1 to create it",
            file.display()
        )
    });
    let expected_value: Value = serde_json::from_str(&expected).expect("golden file is JSON");
    let actual_value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(actual_value, expected_value, "{name}: JSON differs");
    assert_eq!(
        text, expected,
        "{name}: same JSON, different key order or layout"
    );
}
