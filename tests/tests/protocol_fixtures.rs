//! Round trips of the spec's own examples (copied under `tests/fixtures/spec/`): every
//! official 2026-07-28 example, and the elicitation chapter's examples of 2025-06-18 and
//! 2025-11-25. Each walker fails on a file it does not know, so none is skipped.

use std::fs;
use std::path::{Path, PathBuf};

use elicit_core::protocol::{
    ElicitAction, ElicitMode, ElicitRequest, ElicitResult, ElicitationComplete, ElicitationSupport,
    ProtocolVersion, UrlElicitationRequired, UrlRequest,
};
use elicit_core::schema::{
    BooleanSchema, LegacyTitledEnumSchema, NumberSchema, PropertySchema, StringSchema,
    TitledMultiSelectSchema, TitledSingleSelectSchema, UntitledMultiSelectSchema,
    UntitledSingleSelectSchema,
};
use elicit_core::{Elicit, ElicitOutcome};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

fn spec_dir(version: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/spec")
        .join(version)
}

fn load(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture(version: &str, name: &str) -> Value {
    load(&spec_dir(version).join(name))
}

/// Every JSON file under `dir`, sorted, as (directory name, file name, path).
fn json_files(dir: &Path) -> Vec<(String, String, PathBuf)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(next) = stack.pop() {
        for entry in fs::read_dir(&next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "json") {
                let parent = path.parent().unwrap().file_name().unwrap();
                let name = path.file_name().unwrap();
                files.push((
                    parent.to_string_lossy().into_owned(),
                    name.to_string_lossy().into_owned(),
                    path.clone(),
                ));
            }
        }
    }
    files.sort();
    files
}

/// Parses `value` as `T` and serializes it back; the JSON must be identical.
fn round_trip<T: DeserializeOwned + Serialize>(value: &Value, what: &Path) -> T {
    let parsed: T = serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("{}: does not parse: {e}", what.display()));
    let written = serde_json::to_value(&parsed).unwrap();
    assert_eq!(&written, value, "{}: does not round-trip", what.display());
    parsed
}

/// Also checks the value against the schema it carries a default for, as a client would.
fn property_round_trip<T: DeserializeOwned + Serialize>(value: &Value, path: &Path) {
    round_trip::<T>(value, path);
    let property: PropertySchema = round_trip(value, path);
    if let Some(default) = property.default_value() {
        assert_eq!(
            property.check(&default),
            Ok(()),
            "{}: own default",
            path.display()
        );
    }
}

/// Please provide your GitHub username
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct GitHubUsername {
    name: String,
}

/// Please provide your contact information
#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Contact {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(minimum = 18)]
    age: Option<f64>,
}

#[test]
fn every_2026_07_28_example_round_trips() {
    let files = json_files(&spec_dir("2026-07-28"));
    assert_eq!(files.len(), 16, "the official example set changed");
    for (definition, name, path) in &files {
        let value = load(path);
        match definition.as_str() {
            "BooleanSchema" => property_round_trip::<BooleanSchema>(&value, path),
            "NumberSchema" => property_round_trip::<NumberSchema>(&value, path),
            "StringSchema" => property_round_trip::<StringSchema>(&value, path),
            "UntitledSingleSelectEnumSchema" => {
                property_round_trip::<UntitledSingleSelectSchema>(&value, path);
            }
            "TitledSingleSelectEnumSchema" => {
                property_round_trip::<TitledSingleSelectSchema>(&value, path);
            }
            "UntitledMultiSelectEnumSchema" => {
                property_round_trip::<UntitledMultiSelectSchema>(&value, path);
            }
            "TitledMultiSelectEnumSchema" => {
                property_round_trip::<TitledMultiSelectSchema>(&value, path);
            }
            "ElicitRequestFormParams" => {
                let request: ElicitRequest = round_trip(&value, path);
                assert_eq!(request.mode(), ElicitMode::Form);
                // Nothing in these examples is outside 2026-07-28, so rendering is identity.
                assert_eq!(request.render(ProtocolVersion::V2026_07_28).unwrap(), value);
            }
            "ElicitRequestURLParams" => {
                let request: ElicitRequest = round_trip(&value, path);
                let ElicitRequest::Url(url) = &request else {
                    panic!("{name}: not URL mode");
                };
                assert_eq!(url.elicitation_id(), None);
                assert_eq!(url.url().host(), "mcp.example.com");
                assert_eq!(request.render(ProtocolVersion::V2026_07_28).unwrap(), value);
                // 2025-11-25 requires the id this revision dropped.
                assert!(request.render(ProtocolVersion::V2025_11_25).is_err());
            }
            "ElicitRequest" => {
                // The 2026-07-28 request is the `InputRequests` entry: method and params.
                let request = ElicitRequest::from_value(&value).unwrap();
                assert_eq!(request.to_input_request(), value, "{name}");
                let again: ElicitRequest = serde_json::from_value(value.clone()).unwrap();
                assert_eq!(again, request);
                assert_eq!(serde_json::to_value(&request).unwrap(), value["params"]);
            }
            "ElicitResult" => {
                let result = ElicitResult::from_value(&value).unwrap();
                assert_eq!(result.to_value(), value, "{name}");
                let typed: ElicitResult = round_trip(&value, path);
                assert_eq!(typed, result);
                assert_eq!(result.action, ElicitAction::Accept);
            }
            "ClientCapabilities" => {
                let support = ElicitationSupport::from_client_capabilities(&value).unwrap();
                let expected = match name.as_str() {
                    "elicitation-form-and-url-mode-support.json" => ElicitationSupport::ALL,
                    "elicitation-form-only-implicit.json" => ElicitationSupport::FORM,
                    other => panic!("unknown capabilities example {other}"),
                };
                assert_eq!(support, expected, "{name}");
            }
            other => panic!("no round trip written for {other}/{name}"),
        }
    }
}

#[test]
fn official_results_parse_into_typed_outcomes() {
    let single = fixture("2026-07-28", "ElicitResult/input-single-field.json");
    assert_eq!(
        ElicitOutcome::<GitHubUsername>::from_result(&single).unwrap(),
        ElicitOutcome::Accepted(GitHubUsername {
            name: "octocat".into()
        })
    );
    let multiple = fixture("2026-07-28", "ElicitResult/input-multiple-fields.json");
    assert_eq!(
        ElicitOutcome::<Contact>::from_result(&multiple).unwrap(),
        ElicitOutcome::Accepted(Contact {
            name: "Monalisa Octocat".into(),
            email: "octocat@github.com".into(),
            age: Some(30.0),
        })
    );
    // The URL-mode accept has no content: empty content, which a form with a required
    // field cannot take.
    let url_accept = fixture("2026-07-28", "ElicitResult/accept-url-mode-no-content.json");
    let error = ElicitOutcome::<GitHubUsername>::from_result(&url_accept).unwrap_err();
    assert_eq!(error.content_error().unwrap().errors()[0].field(), "name");
}

#[test]
fn derived_forms_reproduce_the_official_requests() {
    let single = fixture(
        "2026-07-28",
        "ElicitRequestFormParams/elicit-single-field.json",
    );
    assert_eq!(
        ElicitRequest::form::<GitHubUsername>()
            .render(ProtocolVersion::V2026_07_28)
            .unwrap(),
        single
    );
    let multiple = fixture(
        "2026-07-28",
        "ElicitRequestFormParams/elicit-multiple-fields.json",
    );
    assert_eq!(
        ElicitRequest::form::<Contact>()
            .render(ProtocolVersion::V2026_07_28)
            .unwrap(),
        multiple
    );
    let url = fixture(
        "2026-07-28",
        "ElicitRequestURLParams/elicit-sensitive-data.json",
    );
    let request = ElicitRequest::url(
        "Please provide your API key to continue.",
        "https://mcp.example.com/ui/set_api_key",
        "any-id",
    )
    .unwrap();
    assert_eq!(request.render(ProtocolVersion::V2026_07_28).unwrap(), url);
}

#[test]
fn the_2025_06_18_examples() {
    let mut seen = 0;
    for (_, name, path) in json_files(&spec_dir("2025-06-18")) {
        let value = load(&path);
        seen += 1;
        match name.as_str() {
            "simple-text-request.json" => {
                let request = ElicitRequest::from_value(&value).unwrap();
                assert_eq!(request.mode(), ElicitMode::Form, "no `mode` means form");
                assert_eq!(
                    request
                        .to_jsonrpc_for(1, ProtocolVersion::V2025_06_18)
                        .unwrap(),
                    value
                );
                assert_eq!(
                    ElicitRequest::form::<GitHubUsername>()
                        .to_jsonrpc_for(1, ProtocolVersion::V2025_06_18)
                        .unwrap(),
                    value
                );
            }
            "structured-request.json" => {
                assert_eq!(
                    ElicitRequest::form::<Contact>()
                        .to_jsonrpc_for(2, ProtocolVersion::V2025_06_18)
                        .unwrap(),
                    value
                );
                // From the text, the fields keep the document's order.
                let text = fs::read_to_string(&path).unwrap();
                let request: ElicitRequest = serde_json::from_str(&text).unwrap();
                assert_eq!(
                    request.requested_schema(),
                    Some(Contact::requested_schema())
                );
            }
            "simple-text-response.json" => {
                let outcome = ElicitOutcome::<GitHubUsername>::from_result(&value).unwrap();
                assert_eq!(outcome.accepted().unwrap().name, "octocat");
                let result = ElicitResult::from_value(&value).unwrap();
                assert_eq!(result.to_jsonrpc(1), value);
            }
            "structured-response.json" => {
                let outcome = ElicitOutcome::<Contact>::from_result(&value).unwrap();
                assert_eq!(outcome.accepted().unwrap().age, Some(30.0));
            }
            "reject-response.json" => {
                assert_eq!(
                    ElicitOutcome::<Contact>::from_result(&value).unwrap(),
                    ElicitOutcome::Declined
                );
            }
            "cancel-response.json" => {
                assert_eq!(
                    ElicitOutcome::<Contact>::from_result(&value).unwrap(),
                    ElicitOutcome::Cancelled
                );
                assert_eq!(
                    ElicitResult::from_value(&value).unwrap().to_jsonrpc(2),
                    value
                );
            }
            "client-capabilities.json" => {
                assert_eq!(
                    ElicitationSupport::from_client_capabilities(&value).unwrap(),
                    ElicitationSupport::FORM
                );
            }
            "string-schema.json" | "number-schema.json" | "boolean-schema.json" => {
                round_trip::<PropertySchema>(&value, &path);
            }
            "enum-schema.json" => {
                let legacy: LegacyTitledEnumSchema = round_trip(&value, &path);
                assert_eq!(legacy.option_names, ["Option 1", "Option 2", "Option 3"]);
            }
            other => panic!("no check written for 2025-06-18/{other}"),
        }
    }
    assert_eq!(seen, 11);
}

#[test]
fn the_2025_11_25_examples() {
    let mut seen = 0;
    for (_, name, path) in json_files(&spec_dir("2025-11-25")) {
        let value = load(&path);
        seen += 1;
        match name.as_str() {
            "simple-text-request.json" => {
                assert_eq!(ElicitRequest::form::<GitHubUsername>().to_jsonrpc(1), value);
                let request = ElicitRequest::from_value(&value).unwrap();
                assert_eq!(request.to_jsonrpc(1), value);
            }
            "structured-request.json" => {
                assert_eq!(ElicitRequest::form::<Contact>().to_jsonrpc(2), value);
            }
            "url-request.json" => {
                let request = ElicitRequest::url(
                    "Please provide your API key to continue.",
                    "https://mcp.example.com/ui/set_api_key",
                    "550e8400-e29b-41d4-a716-446655440000",
                )
                .unwrap();
                assert_eq!(request.to_jsonrpc(3), value);
                assert_eq!(ElicitRequest::from_value(&value).unwrap(), request);
            }
            "url-response.json" => {
                let result = ElicitResult::from_value(&value).unwrap();
                assert_eq!(result, ElicitResult::accept_url());
                assert_eq!(result.to_jsonrpc(3), value);
            }
            "elicitation-complete-notification.json" => {
                let done = ElicitationComplete::from_value(&value).unwrap();
                assert_eq!(
                    done.elicitation_id(),
                    "550e8400-e29b-41d4-a716-446655440000"
                );
                assert_eq!(done.to_jsonrpc(), value);
            }
            "url-elicitation-required-error.json" => {
                let required = UrlElicitationRequired::from_value(&value).unwrap();
                assert_eq!(required.to_jsonrpc(2), value);
                let id = "550e8400-e29b-41d4-a716-446655440000";
                let built = UrlElicitationRequired::new(
                    "This request requires more information.",
                    UrlRequest::new(
                        "Authorization is required to access your Example Co files.",
                        &format!("https://mcp.example.com/connect?elicitationId={id}"),
                        id,
                    )
                    .unwrap(),
                )
                .unwrap();
                assert_eq!(built, required);
                assert_eq!(built.to_jsonrpc(2), value);
            }
            "client-capabilities-form-and-url.json" => {
                let support = ElicitationSupport::from_client_capabilities(&value).unwrap();
                assert_eq!(support, ElicitationSupport::ALL);
                assert_eq!(support.to_capability(), Some(value["elicitation"].clone()));
            }
            "client-capabilities-empty.json" => {
                assert_eq!(
                    ElicitationSupport::from_client_capabilities(&value).unwrap(),
                    ElicitationSupport::FORM
                );
            }
            "string-schema.json" => {
                let schema: StringSchema = round_trip(&value, &path);
                assert_eq!(schema.pattern.unwrap().as_str(), "^[A-Za-z]+$");
            }
            "legacy-titled-enum-schema.json" => {
                round_trip::<LegacyTitledEnumSchema>(&value, &path);
                let property: PropertySchema = round_trip(&value, &path);
                assert_eq!(property.check(&json!("#00FF00")), Ok(()));
                assert!(property.check(&json!("Green")).is_err());
            }
            other => panic!("no check written for 2025-11-25/{other}"),
        }
    }
    assert_eq!(seen, 10);
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_form_is_sound::<GitHubUsername>();
    tests::soundness::check_form_is_sound::<Contact>();
}
