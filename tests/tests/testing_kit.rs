//! The test kit itself (`elicit_core::testing`): each scripted answer on each revision, the
//! 2026-07-28 retry loop and its bound, sampling and roots, and the messages of a script
//! that runs out or does not fit.
#![allow(deprecated)] // rmcp deprecates sampling and roots (SEP-2577); servers still send them.

use std::time::Duration;

use elicit_core::dialog::{Dialog, Halt};
use elicit_core::protocol::{
    ElicitAction, ElicitMode, ElicitationSupport, ProtocolVersion, UrlPolicy, UrlRequest,
};
use elicit_core::rmcp::{PeerElicitExt, form_input_required};
use elicit_core::testing::{Answer, KitError, Session, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::handler::server::tool::InputResponses;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, CreateMessageRequestParams,
    CreateMessageResult, InputRequest, InputRequests, InputRequiredResult, ListRootsResult, Root,
    SamplingMessage,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// Your name, please
#[derive(Elicit, Debug, PartialEq)]
struct Name {
    #[elicit(min_length = 1)]
    name: String,
    /// Your age
    #[elicit(minimum = 1, maximum = 150, default = 30)]
    age: u8,
}

/// Which city?
#[derive(Elicit, Debug, PartialEq)]
struct City {
    city: String,
}

fn reply(text: impl Into<String>) -> Result<CallToolResponse, ErrorData> {
    Ok(text_result(text).into())
}

fn text_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text.into())])
}

/// What a dialog's body answers when asking failed, so a test sees the failure as the tool's
/// text: a missing mode with what the client declared, any other failure as the client would
/// be told. 2026-07-28's "ask the client first" is passed on.
fn failure(halt: Halt) -> Result<String, Halt> {
    if halt.is_input_required() {
        return Err(halt);
    }
    Ok(match halt.unsupported() {
        Some(mode) => format!("error: {mode}"),
        None => format!("error: {halt}"),
    })
}

fn describe<T: std::fmt::Debug>(outcome: ElicitOutcome<T>) -> String {
    match outcome {
        ElicitOutcome::Accepted(answer) => format!("accepted {answer:?}"),
        ElicitOutcome::Declined => "declined".to_owned(),
        ElicitOutcome::Cancelled => "cancelled".to_owned(),
    }
}

fn modern(ctx: &RequestContext<RoleServer>) -> bool {
    ctx.protocol_version()
        .is_some_and(|version| version >= rmcp::model::ProtocolVersion::V_2026_07_28)
}

fn sampled_text(result: &CreateMessageResult) -> Option<String> {
    let content = serde_json::to_value(&result.message.content).ok()?;
    content["text"].as_str().map(str::to_owned)
}

fn one_request(key: &str, request: Value) -> InputRequiredResult {
    let mut requests = InputRequests::new();
    requests.insert(
        key.to_owned(),
        serde_json::from_value::<InputRequest>(request).unwrap(),
    );
    InputRequiredResult::from_input_requests(requests)
}

#[derive(Clone)]
struct Desk;

#[tool_router]
impl Desk {
    #[tool(description = "Asks for a name")]
    async fn name(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = match d.ask::<Name>("name").await {
                    Ok(outcome) => describe(outcome),
                    Err(halt) => failure(halt)?,
                };
                Ok(text_result(text))
            })
            .await
    }

    /// Two forms: on 2026-07-28 three rounds, the name carried to the last in requestState.
    #[tool(description = "Asks for a name, then a city")]
    async fn two_forms(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let Some(name) = d.ask::<Name>("name").await?.accepted() else {
                    return Ok(text_result("no name"));
                };
                let text = match d.ask::<City>("city").await?.accepted() {
                    Some(city) => format!("{} from {}", name.name, city.city),
                    None => "no city".to_owned(),
                };
                Ok(text_result(text))
            })
            .await
    }

    #[tool(description = "Never stops asking")]
    async fn runaway(&self) -> Result<CallToolResponse, ErrorData> {
        Ok(form_input_required::<City>("city").into())
    }

    #[tool(description = "Asks with a time limit (up to 2025-11-25)")]
    async fn patient(
        &self,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let asked = ctx.peer.elicit_form::<City>();
        match tokio::time::timeout(Duration::from_millis(100), asked).await {
            Err(_) => reply("timed out"),
            Ok(Ok(outcome)) => reply(describe(outcome)),
            Ok(Err(error)) => reply(format!("error: {error}")),
        }
    }

    #[tool(description = "Sends the user to a URL")]
    async fn connect(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let request = UrlRequest::with_policy(
            "Connect your account",
            "http://127.0.0.1:9/connect",
            "connect-1",
            UrlPolicy::AllowLoopbackHttp,
        )
        .unwrap();
        dialog
            .run(|d| async move {
                let action = match d.ask_url("connect", request).await {
                    Ok(action) => action,
                    Err(halt) => return Ok(text_result(failure(halt)?)),
                };
                if action == ElicitAction::Accept {
                    // 2025-11-25: `notifications/elicitation/complete`; 2026-07-28: nothing.
                    d.complete_url("connect-1").await?;
                }
                Ok(text_result(format!("url {action}")))
            })
            .await
    }

    #[tool(description = "Asks the client's model, then for the roots")]
    async fn context(
        &self,
        ctx: RequestContext<RoleServer>,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        if !modern(&ctx) {
            let params =
                CreateMessageRequestParams::new(vec![SamplingMessage::user_text("2+2?")], 5);
            let sampled = match ctx.peer.create_message(params).await {
                Ok(result) => sampled_text(&result),
                Err(error) => return reply(format!("error: {error}")),
            };
            let roots = match ctx.peer.list_roots().await {
                Ok(result) => result.roots.len(),
                Err(error) => return reply(format!("error: {error}")),
            };
            return reply(format!("{} and {roots} roots", sampled.unwrap_or_default()));
        }
        let Some(responses) = responses else {
            let mut result = one_request(
                "sample",
                json!({"method": "sampling/createMessage", "params": {
                    "messages": [{"role": "user", "content": {"type": "text", "text": "2+2?"}}],
                    "maxTokens": 5}}),
            );
            let roots = one_request("roots", json!({"method": "roots/list"}));
            result
                .input_requests
                .as_mut()
                .unwrap()
                .extend(roots.input_requests.unwrap());
            return Ok(result.into());
        };
        let sampled: CreateMessageResult =
            serde_json::from_value(responses["sample"].clone()).unwrap();
        let roots: ListRootsResult = serde_json::from_value(responses["roots"].clone()).unwrap();
        let sampled = sampled_text(&sampled);
        reply(format!(
            "{} and {} roots",
            sampled.unwrap_or_default(),
            roots.roots.len()
        ))
    }
}

#[tool_handler]
impl ServerHandler for Desk {}

// ---------------------------------------------------------------- helpers

const FORM_REVISIONS: [ProtocolVersion; 3] = ProtocolVersion::ALL;
const BOTH: [ProtocolVersion; 2] = [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28];

async fn open(version: ProtocolVersion, script: impl IntoIterator<Item = Answer>) -> Session {
    TestClient::new(version)
        .answers(script)
        .connect(Desk)
        .await
        .unwrap()
}

async fn call(session: &Session, tool: &str) -> String {
    text(&session.call_tool(tool, None).await.unwrap())
}

fn sampled() -> CreateMessageResult {
    CreateMessageResult::new(SamplingMessage::assistant_text("4"), "test-model".into())
}

fn roots() -> ListRootsResult {
    ListRootsResult::new(vec![Root::new("file:///work"), Root::new("file:///home")])
}

// ---------------------------------------------------------------- each answer, each revision

#[tokio::test]
async fn accept_content_as_given() {
    for version in FORM_REVISIONS {
        let session = open(version, [Answer::accept(json!({"name": "Ada", "age": 36}))]).await;
        assert_eq!(
            call(&session, "name").await,
            r#"accepted Name { name: "Ada", age: 36 }"#,
            "{version:?}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 1);
        requests[0].assert_form::<Name>();
        assert_eq!(requests[0].mode(), Some(ElicitMode::Form));
        assert_eq!(requests[0].message(), Some("Your name, please"));
        assert!(session.script_left().is_empty());
    }
}

#[tokio::test]
async fn accept_a_typed_value() {
    let ada = Name {
        name: "Ada".into(),
        age: 36,
    };
    for version in FORM_REVISIONS {
        let session = open(version, [Answer::accept_value(&ada)]).await;
        assert_eq!(call(&session, "name").await, format!("accepted {ada:?}"));
    }
}

#[tokio::test]
async fn accept_with_the_defaults_filled_in() {
    for version in FORM_REVISIONS {
        let script = [Answer::accept_with_defaults(json!({"name": "Ada"}))];
        let session = open(version, script).await;
        // 2025-06-18 sends no default for a number: the form asks for the age, and the
        // defaults the client fills in are those sent (none).
        let expected = if version.has_defaults() {
            r#"accepted Name { name: "Ada", age: 30 }"#
        } else {
            "error: the answer to `name` does not fit the form: `age`: a value is required"
        };
        assert_eq!(call(&session, "name").await, expected, "{version:?}");
    }
}

#[tokio::test]
async fn accept_the_defaults_only() {
    for version in BOTH {
        let session = open(version, [Answer::accept_defaults()]).await;
        assert_eq!(
            call(&session, "name").await,
            "error: the answer to `name` does not fit the form: `name`: a value is required"
        );
    }
}

#[tokio::test]
async fn decline_and_cancel() {
    for version in FORM_REVISIONS {
        let session = open(version, [Answer::decline(), Answer::cancel()]).await;
        assert_eq!(call(&session, "name").await, "declined");
        assert_eq!(call(&session, "name").await, "cancelled");
        let requests = session.requests();
        assert_eq!(
            requests.iter().map(|r| r.call()).collect::<Vec<_>>(),
            [1, 2]
        );
    }
}

#[tokio::test]
async fn invalid_answers() {
    for version in FORM_REVISIONS {
        let content = json!({"name": "", "age": 200});
        let session = open(version, [Answer::accept(content)]).await;
        assert_eq!(
            call(&session, "name").await,
            "error: the answer to `name` does not fit the form: `name`: must be at least 1 character, got 0; `age`: must be at most 150, got 200"
        );
        // Content that is not an object, and a result that is no ElicitResult at all: the
        // same on every revision.
        for raw in [
            json!({"action": "accept", "content": 5}),
            json!({"action": "maybe"}),
        ] {
            let session = open(version, [Answer::raw(raw.clone())]).await;
            let reply = call(&session, "name").await;
            assert!(
                reply.starts_with("error: the answer to `name` is malformed: "),
                "{version:?} {raw}: {reply}"
            );
        }
    }
}

#[tokio::test]
async fn never_on_2025_11_25_leaves_the_request_pending() {
    let session = open(ProtocolVersion::V2025_11_25, [Answer::never()]).await;
    assert_eq!(call(&session, "patient").await, "timed out");
    assert_eq!(session.requests().len(), 1);
}

#[tokio::test]
async fn never_on_2026_07_28_hands_back_the_input_required_result() {
    let session = open(ProtocolVersion::V2026_07_28, [Answer::never()]).await;
    let error = session.call_tool("name", None).await.unwrap_err();
    assert_eq!(
        error.to_string(),
        "tool `name` asked for elicitation/create (form) \"Your name, please\" under key `name` in call 1, round 1, which the script never answers: the client stopped retrying (the last InputRequiredResult is in the error)"
    );
    let last = error.input_required().unwrap();
    assert!(last.input_requests.as_ref().unwrap().contains_key("name"));
}

#[tokio::test]
async fn a_client_that_times_out_says_what_it_waited_for() {
    let session = TestClient::v2025_11_25()
        .answer(Answer::never())
        .timeout(Duration::from_millis(300))
        .connect(Desk)
        .await
        .unwrap();
    let error = session.call_tool("name", None).await.unwrap_err();
    assert_eq!(
        error.to_string(),
        "tool `name` did not finish within 300ms; the last request the server made: elicitation/create (form) \"Your name, please\" in call 1, round 1"
    );
}

#[tokio::test]
async fn url_mode_accept_and_the_completion() {
    for version in BOTH {
        let session = TestClient::new(version)
            .elicitation(ElicitationSupport::ALL)
            .answer(Answer::accept_url())
            .connect(Desk)
            .await
            .unwrap();
        assert_eq!(call(&session, "connect").await, "url accept");
        let request = &session.requests()[0];
        assert_eq!(request.mode(), Some(ElicitMode::Url));
        assert_eq!(request.url(), Some("http://127.0.0.1:9/connect"));
        if version == ProtocolVersion::V2025_11_25 {
            assert_eq!(request.elicitation_id(), Some("connect-1"));
            session.completion("connect-1").await.unwrap();
            assert_eq!(session.completions(), ["connect-1"]);
        } else {
            // 2026-07-28 has no elicitationId: rmcp's model writes it empty (as recorded,
            // exactly as sent); and no completion notification.
            assert_eq!(request.elicitation_id(), Some(""));
            assert!(session.completions().is_empty());
        }
    }
}

#[tokio::test]
async fn the_declared_modes_reach_the_tool() {
    for version in BOTH {
        let session = TestClient::new(version)
            .elicitation(ElicitationSupport::NONE)
            .connect(Desk)
            .await
            .unwrap();
        assert_eq!(
            call(&session, "name").await,
            "error: the client did not declare form-mode elicitation (it declared: no elicitation)"
        );
        let session = TestClient::new(version).connect(Desk).await.unwrap();
        assert_eq!(
            call(&session, "connect").await,
            "error: the client did not declare url-mode elicitation (it declared: form)"
        );
        assert!(session.requests().is_empty());
    }
}

// ---------------------------------------------------------------- several requests in a call

#[tokio::test]
async fn several_rounds_carry_the_request_state() {
    for version in BOTH {
        let script = [
            Answer::accept(json!({"name": "Ada", "age": 36})),
            Answer::accept(json!({"city": "Oslo"})),
        ];
        let session = open(version, script).await;
        assert_eq!(call(&session, "two_forms").await, "Ada from Oslo");
        let requests = session.requests();
        let rounds: Vec<usize> = requests.iter().map(|r| r.round()).collect();
        let keys: Vec<Option<&str>> = requests.iter().map(|r| r.key()).collect();
        if version == ProtocolVersion::V2026_07_28 {
            assert_eq!(rounds, [1, 2]);
            assert_eq!(keys, [Some("name"), Some("city")]);
        } else {
            assert_eq!(rounds, [1, 1]);
            assert_eq!(keys, [None, None]);
        }
        requests[0].assert_form::<Name>();
        requests[1].assert_form::<City>();
    }
}

#[tokio::test]
async fn the_round_bound_stops_a_runaway_tool() {
    let session = TestClient::v2026_07_28()
        .answers((0..5).map(|_| Answer::accept(json!({"city": "Oslo"}))))
        .max_rounds(3)
        .connect(Desk)
        .await
        .unwrap();
    let error = session.call_tool("runaway", None).await.unwrap_err();
    assert!(matches!(error, KitError::TooManyRounds { rounds: 3, .. }));
    assert_eq!(
        error.to_string(),
        "tool `runaway` still asked for input after 3 rounds (the last round asked for [elicitation/create (form) \"Which city?\" under key `city` in call 1, round 3]); a runaway tool? (raise the bound with TestClient::max_rounds)"
    );
    assert_eq!(session.script_left().len(), 2);
}

#[tokio::test]
async fn sampling_and_roots_from_the_script_or_a_hook() {
    for version in BOTH {
        // On 2026-07-28 both come in one round, answered in key order (`roots`, `sample`).
        let script = if version == ProtocolVersion::V2026_07_28 {
            [Answer::roots(roots()), Answer::sampling(sampled())]
        } else {
            [Answer::sampling(sampled()), Answer::roots(roots())]
        };
        let session = open(version, script).await;
        assert_eq!(
            call(&session, "context").await,
            "4 and 2 roots",
            "{version:?}"
        );
        let methods: Vec<String> = session
            .requests()
            .iter()
            .map(|r| r.method().to_owned())
            .collect();
        let expected = if version == ProtocolVersion::V2026_07_28 {
            ["roots/list", "sampling/createMessage"]
        } else {
            ["sampling/createMessage", "roots/list"]
        };
        assert_eq!(methods, expected);

        let session = TestClient::new(version)
            .on_sampling(|params| {
                assert_eq!(params.max_tokens, 5);
                sampled()
            })
            .on_roots(roots)
            .connect(Desk)
            .await
            .unwrap();
        assert_eq!(
            call(&session, "context").await,
            "4 and 2 roots",
            "{version:?}"
        );
    }
}

// ---------------------------------------------------------------- the script's messages

#[tokio::test]
async fn a_script_that_runs_out_names_the_request() {
    for version in BOTH {
        let session = open(version, [Answer::accept(json!({"name": "Ada", "age": 36}))]).await;
        let error = session.call_tool("two_forms", None).await.unwrap_err();
        let round = if version == ProtocolVersion::V2026_07_28 {
            2
        } else {
            1
        };
        let key = if version == ProtocolVersion::V2026_07_28 {
            " under key `city`"
        } else {
            ""
        };
        assert_eq!(
            error.to_string(),
            format!(
                "the server sent elicitation/create (form) \"Which city?\"{key} in call 1, round {round}, but the script had no answers left"
            )
        );
    }
}

#[tokio::test]
async fn an_answer_that_does_not_fit_names_the_request_and_the_script() {
    for version in BOTH {
        let session = TestClient::new(version)
            .elicitation(ElicitationSupport::ALL)
            .answers([Answer::accept(json!({"city": "Oslo"})), Answer::decline()])
            .connect(Desk)
            .await
            .unwrap();
        let error = session.call_tool("connect", None).await.unwrap_err();
        let key = if version == ProtocolVersion::V2026_07_28 {
            " under key `connect`"
        } else {
            ""
        };
        assert_eq!(
            error.to_string(),
            format!(
                "the server sent elicitation/create (url) \"Connect your account\" <http://127.0.0.1:9/connect>{key} in call 1, round 1, which the script's next answer (accept {{\"city\":\"Oslo\"}}) does not answer; the script had left: [accept {{\"city\":\"Oslo\"}}, decline]"
            )
        );
    }
}

#[tokio::test]
async fn bad_arguments_and_a_wrong_revision_are_errors() {
    let session = open(ProtocolVersion::V2025_11_25, []).await;
    let error = session.call_tool("name", json!([1])).await.unwrap_err();
    assert_eq!(
        error.to_string(),
        "the arguments of tool `name` must be a JSON object, not [1]"
    );
}
