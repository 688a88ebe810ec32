//! Field names that only look like secrets: `#[elicit(not_sensitive)]` lets one through, and
//! names that merely contain a sensitive word inside another word never trip the check.
//! (The rejections are in `ui/sensitive_field_name.rs`.)

use elicit_core::Elicit;
use serde_json::json;

/// Tune the summary
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct SummarySettings {
    /// How many tokens the summary may use
    #[elicit(not_sensitive, minimum = 1)]
    token_budget: u32,
    /// The tokenizer to count with
    tokenizer: String,
    /// Which keyboard layout you type on
    keyboard: String,
    /// A yes/no cannot carry a secret
    remember_password: bool,
    #[elicit(skip)]
    session_token: Option<String>,
}

#[test]
fn not_sensitive_and_word_level_matching() {
    let names: Vec<&str> = SummarySettings::requested_schema()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(
        names,
        ["tokenBudget", "tokenizer", "keyboard", "rememberPassword"]
    );

    let content = json!({
        "tokenBudget": 200,
        "tokenizer": "cl100k",
        "keyboard": "dvorak",
        "rememberPassword": false,
    });
    let settings =
        SummarySettings::from_content(content.as_object().expect("object")).expect("valid content");
    assert_eq!(settings.token_budget, 200);
    assert_eq!(settings.session_token, None);
}
