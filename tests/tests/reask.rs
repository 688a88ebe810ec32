//! Re-asking (`Dialog::ask(…).attempts(n)`): an answer that does not fit the form is asked
//! again with what to correct in the message (one line, for the person) and the fields
//! already right as defaults (where the revision has `default`), up to the author's bound;
//! then the dialog stops with `Halt::Invalid`, which `?` answers with `-32602` naming the key
//! and every field, and which a tool may answer its own way instead, or with `or_reply`, by
//! the errors as the person read them. On 2026-07-28 a retry without the answer (or under
//! another key) is asked again.
//!
//! `or_reply`: the accepted value, or the call answered with the author's text (declined,
//! cancelled) or the errors (after the last attempt), on every revision, for a fixed form, a
//! shaped one, and a prompt.

mod dialog_support;

use dialog_support::{done, keys, rpc_error};
use elicit_core::dialog::{Dialog, DialogSettings, Halt, Reply};
use elicit_core::protocol::{ElicitationSupport, ProtocolVersion};
use elicit_core::rmcp::with_dialogs;
use elicit_core::schema::PropertySchema;
use elicit_core::testing::{Answer, SeenRequest, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, InputRequiredResult, PromptMessage, Role,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceError, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// Book a table
#[derive(Elicit, Debug, PartialEq)]
#[elicit(shaped, untitled)]
struct Booking {
    #[elicit(min_length = 1)]
    name: String,
    #[elicit(minimum = 1, maximum = 12)]
    size: u8,
    #[elicit(format = "email")]
    email: String,
    seating: Seating,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    Indoor,
    Terrace,
}

#[derive(Clone)]
struct Tables {
    dialogs: DialogSettings,
}

/// The server, its dialogs sealing with the keys of the test.
fn tables() -> Tables {
    Tables {
        dialogs: DialogSettings::new().keys(&keys(3)),
    }
}

#[tool_router]
impl Tables {
    #[tool(description = "Books a table, asking up to three times")]
    async fn book(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                // After the third answer that does not fit, `?` answers -32602.
                let text = match d.ask::<Booking>("booking").attempts(3).await? {
                    ElicitOutcome::Accepted(b) => {
                        format!("{} for {} ({})", b.name, b.size, b.email)
                    }
                    ElicitOutcome::Declined | ElicitOutcome::Cancelled => {
                        "nothing booked".to_owned()
                    }
                };
                Ok(done(text))
            })
            .await
    }

    #[tool(description = "Books a table, asking up to three times; says so when it gives up")]
    async fn book_or_explain(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = match d.ask::<Booking>("booking").attempts(3).await {
                    Ok(outcome) => outcome.accepted().map_or("nothing booked".to_owned(), |b| {
                        format!("{} for {}", b.name, b.size)
                    }),
                    Err(Halt::Invalid { errors, .. }) => format!("gave up:\n{errors}"),
                    Err(halt) => return Err(halt),
                };
                Ok(done(text))
            })
            .await
    }

    #[tool(description = "Books a table in one expression: asks up to twice, with its own prompt")]
    async fn book_or_reply(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let prompt = format!("Book a table for {}", "tonight");
                let b = d
                    .ask::<Booking>("booking")
                    .attempts(2)
                    .message(prompt)
                    .or_reply("Nothing booked.")
                    .await?;
                Ok(done(format!("{} for {}", b.name, b.size)))
            })
            .await
    }

    #[tool(description = "The same with a form shaped now: at most 4 people")]
    async fn small_or_reply(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let form = Booking::form().size(|f| f.maximum(4));
                let b = d
                    .ask_form("booking", form)
                    .attempts(2)
                    .message("A small table")
                    .or_reply("Nothing booked.")
                    .await?;
                Ok(done(format!("{} for {}", b.name, b.size)))
            })
            .await
    }

    #[tool(description = "Asks once; invalid content is an error")]
    async fn once(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let text = match d.ask::<Booking>("booking").await? {
                    ElicitOutcome::Accepted(b) => format!("{} for {}", b.name, b.size),
                    _ => "nothing booked".to_owned(),
                };
                Ok(done(text))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Tables {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        let capabilities = rmcp::model::ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .build();
        rmcp::model::ServerConfig::new(capabilities)
    }

    async fn get_prompt(
        &self,
        params: GetPromptRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        Dialog::prompt(ctx, &params)
            .with_settings(&self.dialogs)
            .run(|d| async move {
                let b = d
                    .ask::<Booking>("booking")
                    .or_reply("No table to describe.")
                    .await?;
                let text = format!("Describe a table for {}", b.size);
                Ok::<_, Halt>(GetPromptResult::new(vec![PromptMessage::new_text(
                    Role::User,
                    text,
                )]))
            })
            .await
    }
}

fn wrong_size() -> Value {
    json!({"name": "Ada", "size": 40, "email": "ada@example.com", "seating": "terrace"})
}

fn right() -> Value {
    json!({"name": "Ada", "size": 4, "email": "ada@example.com", "seating": "terrace"})
}

fn default_of(request: &SeenRequest, field: &str) -> Option<Value> {
    request
        .schema()
        .and_then(|schema| schema.property(field))
        .and_then(PropertySchema::default_value)
}

#[tokio::test]
async fn a_wrong_answer_is_asked_again_with_its_errors_and_the_right_fields_as_defaults() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .answer(Answer::accept(wrong_size()))
            .answer(Answer::accept(right()))
            .connect(tables())
            .await
            .unwrap();
        let version = session.version();

        let result = session.call_tool("book", None).await.unwrap();

        assert_eq!(text(&result), "Ada for 4 (ada@example.com)", "{version}");
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "{version}");
        assert_eq!(requests[0].message(), Some("Book a table"));
        assert_eq!(
            requests[1].message(),
            Some("Book a table. Please correct: Size: enter at most 12."),
            "{version}"
        );
        // The first request has no defaults; the second has the right fields' values.
        for field in ["name", "size", "email", "seating"] {
            assert_eq!(default_of(&requests[0], field), None, "{version} {field}");
        }
        assert_eq!(default_of(&requests[1], "name"), Some(json!("Ada")));
        assert_eq!(
            default_of(&requests[1], "email"),
            Some(json!("ada@example.com"))
        );
        assert_eq!(default_of(&requests[1], "seating"), Some(json!("terrace")));
        assert_eq!(default_of(&requests[1], "size"), None, "{version}");
        // As sent on the wire.
        assert!(
            requests[1]
                .raw()
                .contains(r#""name":{"type":"string","minLength":1,"default":"Ada"}"#),
            "{version}: {}",
            requests[1].raw()
        );
        if version == ProtocolVersion::V2026_07_28 {
            assert_eq!(requests[1].key(), Some("booking"));
            assert_eq!(requests[1].round(), 2);
        }
    }
}

#[tokio::test]
async fn on_2025_06_18_only_the_fields_in_error_are_asked_again_and_the_rest_kept() {
    // 2025-06-18 cannot pre-fill the right answers (`default` is for booleans only): asking
    // them again would lose them. Only what must change is asked; the rest is kept.
    let session = TestClient::v2025_06_18()
        .answer(Answer::accept(wrong_size()))
        .answer(Answer::accept(json!({"size": 4})))
        .connect(tables())
        .await
        .unwrap();

    let result = session.call_tool("book", None).await.unwrap();

    assert_eq!(text(&result), "Ada for 4 (ada@example.com)");
    let requests = session.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[1].message(),
        Some("Book a table. Please correct: Size: enter at most 12. Your other answers are kept.")
    );
    let again = requests[1].schema().unwrap();
    let asked: Vec<&str> = again
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(asked, ["size"]);
    assert_eq!(again.required, ["size"]);
    assert!(
        !requests[1].raw().contains("default"),
        "{}",
        requests[1].raw()
    );
}

#[tokio::test]
async fn every_error_is_named_and_only_right_fields_become_defaults() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .answer(Answer::accept(
                json!({"name": "", "size": 0, "email": "ada@example.com", "seating": "terrace"}),
            ))
            .answer(Answer::accept(right()))
            .connect(tables())
            .await
            .unwrap();
        session.call_tool("book", None).await.unwrap();
        let requests = session.requests();
        assert_eq!(
            requests[1].message(),
            Some(
                "Book a table. Please correct: Name: enter at least 1 character. Size: enter at least 1."
            )
        );
        assert_eq!(default_of(&requests[1], "name"), None);
        assert_eq!(default_of(&requests[1], "size"), None);
        assert_eq!(
            default_of(&requests[1], "email"),
            Some(json!("ada@example.com"))
        );
    }
}

fn three_wrong_answers(client: TestClient) -> TestClient {
    let wrong_email = json!({"name": "Ada", "size": 4, "email": "nope", "seating": "terrace"});
    client
        .answer(Answer::accept(wrong_size()))
        .answer(Answer::accept(wrong_size()))
        .answer(Answer::accept(wrong_email))
}

#[tokio::test]
async fn the_bound_reached_is_invalid_params_naming_the_key_and_the_last_errors() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = three_wrong_answers(client).connect(tables()).await.unwrap();
        let version = session.version();

        let error = rpc_error(session.call_tool("book", None).await.unwrap_err());

        assert_eq!(error.code.0, -32602, "{version}");
        assert_eq!(
            error.message,
            "the answer to `booking` does not fit the form: `email`: must be a valid e-mail address",
            "{version}"
        );
        assert_eq!(
            error.data,
            Some(json!({"key": "booking", "errors": [{
                "field": "email", "kind": "bad_format", "message": "must be a valid e-mail address"
            }]})),
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 3, "{version}");
        // The third request kept the size the second got wrong out of its defaults.
        assert_eq!(default_of(&requests[2], "size"), None);
        assert_eq!(default_of(&requests[2], "name"), Some(json!("Ada")));
    }
}

#[tokio::test]
async fn a_tool_may_answer_the_bound_its_own_way() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = three_wrong_answers(client).connect(tables()).await.unwrap();
        let version = session.version();

        let result = session.call_tool("book_or_explain", None).await.unwrap();

        assert_eq!(
            text(&result),
            "gave up:\n`email`: must be a valid e-mail address",
            "{version}"
        );
        assert_eq!(session.requests().len(), 3, "{version}");
    }
}

#[tokio::test]
async fn a_decline_after_a_wrong_answer_is_a_decline() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .answer(Answer::accept(wrong_size()))
            .answer(Answer::decline())
            .connect(tables())
            .await
            .unwrap();
        let result = session.call_tool("book", None).await.unwrap();
        assert_eq!(text(&result), "nothing booked");
    }
}

#[tokio::test]
async fn plain_ask_answers_invalid_content_with_the_field_errors() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .answer(Answer::accept(wrong_size()))
            .connect(tables())
            .await
            .unwrap();
        let error = session.call_tool("once", None).await.unwrap_err();
        let message = error.to_string();
        assert!(message.contains("-32602"), "{message}");
        assert!(
            message.contains(
                "the answer to `booking` does not fit the form: `size`: must be at most 12, got 40"
            ),
            "{message}"
        );
    }
}

/// One attempt of a 2026-07-28 call, driven by hand.
async fn attempt(
    session: &elicit_core::testing::Session,
    tool: &str,
    answers: Option<Value>,
    state: Option<String>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    params.input_responses = answers.map(|answers| serde_json::from_value(answers).unwrap());
    params.request_state = state;
    session.peer().call_tool_once(params).await
}

async fn call(
    session: &elicit_core::testing::Session,
    tool: &str,
    answers: Option<Value>,
    state: Option<String>,
) -> CallToolResponse {
    attempt(session, tool, answers, state).await.unwrap()
}

fn input_required(response: CallToolResponse) -> InputRequiredResult {
    match response {
        CallToolResponse::InputRequired(result) => result,
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}

#[tokio::test]
async fn a_missing_or_misnamed_answer_on_2026_07_28_is_asked_again() {
    let session = TestClient::v2026_07_28().connect(tables()).await.unwrap();
    for tool in ["book", "once"] {
        let first = input_required(call(&session, tool, None, None).await);
        let state = first.request_state.clone();

        // Under another key, next to nothing else: the same form again, not an error.
        let wrong_key = json!({"bookng": {"action": "accept", "content": right()}});
        let again = input_required(call(&session, tool, Some(wrong_key), state.clone()).await);
        let requests = again.input_requests.clone().unwrap();
        assert_eq!(requests.keys().collect::<Vec<_>>(), ["booking"], "{tool}");
        assert_eq!(
            serde_json::to_value(&requests["booking"]).unwrap(),
            serde_json::to_value(&first.input_requests.unwrap()["booking"]).unwrap(),
            "{tool}"
        );

        // No inputResponses at all: the same.
        let again = input_required(call(&session, tool, None, again.request_state).await);
        assert!(again.input_requests.unwrap().contains_key("booking"));

        // The right key, with extra keys the server did not ask for: they are ignored.
        let answers = json!({
            "booking": {"action": "accept", "content": right()},
            "unasked": {"action": "accept", "content": {"x": 1}},
        });
        let done = call(&session, tool, Some(answers), again.request_state).await;
        let CallToolResponse::Complete(result) = done else {
            panic!("{tool}: expected a complete result, got {done:?}");
        };
        assert!(text(&result).starts_with("Ada for 4"), "{tool}");
    }
}

#[tokio::test]
async fn a_missing_answer_after_a_wrong_one_is_asked_the_corrected_form_again() {
    let session = TestClient::v2026_07_28().connect(tables()).await.unwrap();
    let state = input_required(call(&session, "book", None, None).await).request_state;
    let wrong = json!({"booking": {"action": "accept", "content": wrong_size()}});
    let corrected = input_required(call(&session, "book", Some(wrong), state).await);
    // The retry comes back without the answer: the corrected form again, not the first.
    let again = input_required(call(&session, "book", None, corrected.request_state.clone()).await);
    assert_eq!(
        serde_json::to_value(&again.input_requests.unwrap()["booking"]).unwrap(),
        serde_json::to_value(&corrected.input_requests.unwrap()["booking"]).unwrap(),
    );
    let answers = json!({"booking": {"action": "accept", "content": right()}});
    let done = call(&session, "book", Some(answers), again.request_state).await;
    let CallToolResponse::Complete(result) = done else {
        panic!("expected a complete result, got {done:?}");
    };
    assert_eq!(text(&result), "Ada for 4 (ada@example.com)");
}

#[tokio::test]
async fn missing_answers_do_not_count_as_attempts() {
    let session = TestClient::v2026_07_28().connect(tables()).await.unwrap();
    let mut state = input_required(call(&session, "book", None, None).await).request_state;
    // Five retries without the answer, then two wrong answers: still asked again.
    for _ in 0..5 {
        state = input_required(call(&session, "book", Some(json!({})), state).await).request_state;
    }
    for _ in 0..2 {
        let wrong = json!({"booking": {"action": "accept", "content": wrong_size()}});
        state = input_required(call(&session, "book", Some(wrong), state).await).request_state;
    }
    // The third wrong answer reaches the bound of three.
    let wrong = json!({"booking": {"action": "accept", "content": wrong_size()}});
    let Err(ServiceError::McpError(error)) = attempt(&session, "book", Some(wrong), state).await
    else {
        panic!("expected the dialog to give up with a JSON-RPC error");
    };
    assert_eq!(error.code.0, -32602);
    assert_eq!(
        error.message,
        "the answer to `booking` does not fit the form: `size`: must be at most 12, got 40"
    );
}

#[tokio::test]
async fn an_answer_that_is_not_an_elicit_result_is_invalid_params() {
    let session = TestClient::v2026_07_28().connect(tables()).await.unwrap();
    let mut params = CallToolRequestParams::new("book");
    params.input_responses = Some(serde_json::from_value(json!({"booking": 12345})).unwrap());
    let Err(ServiceError::McpError(error)) = session.peer().call_tool_once(params).await else {
        panic!("expected a JSON-RPC error");
    };
    assert_eq!(error.code.0, -32602);
    assert!(
        error
            .message
            .starts_with("the answer to `booking` is malformed: "),
        "{}",
        error.message
    );
    assert_eq!(error.data, Some(json!({"key": "booking"})));
}

#[tokio::test]
async fn a_malformed_answer_is_invalid_params_on_every_revision() {
    for version in ProtocolVersion::ALL {
        for answer in [json!(12345), json!({"action": "maybe"})] {
            let session = TestClient::new(version)
                .answer(Answer::raw(answer.clone()))
                .connect(tables())
                .await
                .unwrap();

            let error = rpc_error(session.call_tool("book", None).await.unwrap_err());

            assert_eq!(error.code.0, -32602, "{version} {answer}");
            assert!(
                error
                    .message
                    .starts_with("the answer to `booking` is malformed: "),
                "{version} {answer}: {}",
                error.message
            );
            assert_eq!(error.data, Some(json!({"key": "booking"})), "{version}");
        }
    }
}

#[tokio::test]
async fn or_reply_gives_the_value_or_answers_with_the_authors_text() {
    for version in ProtocolVersion::ALL {
        for tool in ["book_or_reply", "small_or_reply"] {
            let accepted = TestClient::new(version)
                .answer(Answer::accept(right()))
                .connect(tables())
                .await
                .unwrap();
            let version = accepted.version();
            let result = accepted.call_tool(tool, None).await.unwrap();
            assert_eq!(text(&result), "Ada for 4", "{version} {tool}");
            assert_ne!(result.is_error, Some(true), "{version} {tool}");
            let prompt = if tool == "book_or_reply" {
                "Book a table for tonight"
            } else {
                "A small table"
            };
            assert_eq!(
                accepted.requests()[0].message(),
                Some(prompt),
                "{version} {tool}"
            );

            for answer in [Answer::decline(), Answer::cancel()] {
                let session = TestClient::new(version)
                    .answer(answer)
                    .connect(tables())
                    .await
                    .unwrap();
                let result = session.call_tool(tool, None).await.unwrap();
                assert_eq!(text(&result), "Nothing booked.", "{version} {tool}");
                assert_ne!(result.is_error, Some(true), "{version} {tool}");
                assert_eq!(session.requests().len(), 1, "{version} {tool}");
            }
        }
    }
}

#[tokio::test]
async fn or_reply_after_the_last_attempt_answers_with_the_errors_as_the_person_read_them() {
    let too_many =
        json!({"name": "Ada", "size": 6, "email": "ada@example.com", "seating": "terrace"});
    for version in ProtocolVersion::ALL {
        for (tool, bound) in [("book_or_reply", 12), ("small_or_reply", 4)] {
            let answer = if bound == 12 {
                wrong_size()
            } else {
                too_many.clone()
            };
            let session = TestClient::new(version)
                .answers([Answer::accept(answer.clone()), Answer::accept(answer)])
                .connect(tables())
                .await
                .unwrap();
            let version = session.version();

            let result = session.call_tool(tool, None).await.unwrap();

            assert_eq!(
                text(&result),
                format!(
                    "The answer still did not fit after 2 attempts. Size: enter at most {bound}."
                ),
                "{version} {tool}"
            );
            assert_eq!(result.is_error, Some(true), "{version} {tool}");
            assert_eq!(session.requests().len(), 2, "{version} {tool}");
        }
    }
}

#[tokio::test]
async fn or_reply_leaves_every_other_failure_the_error_it_is() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .elicitation(ElicitationSupport::NONE)
            .connect(tables())
            .await
            .unwrap();
        let error = rpc_error(session.call_tool("book_or_reply", None).await.unwrap_err());
        assert_eq!(error.code.0, -32021, "{}", session.version());
    }
}

#[tokio::test]
async fn a_prompt_answers_a_reply_with_one_message() {
    for version in ProtocolVersion::ALL {
        let session = TestClient::new(version)
            .answer(Answer::decline())
            .connect(tables())
            .await
            .unwrap();
        let version = session.version();
        let prompt = session.get_prompt("describe", None).await.unwrap();
        assert_eq!(prompt.messages.len(), 1, "{version}");
        assert_eq!(prompt.messages[0].role, Role::Assistant, "{version}");
        let content = serde_json::to_value(&prompt.messages[0].content).unwrap();
        assert_eq!(content["text"], "No table to describe.", "{version}");

        let session = TestClient::new(version)
            .answer(Answer::accept(right()))
            .connect(tables())
            .await
            .unwrap();
        let prompt = session.get_prompt("describe", None).await.unwrap();
        let content = serde_json::to_value(&prompt.messages[0].content).unwrap();
        assert_eq!(content["text"], "Describe a table for 4", "{version}");
    }
}

#[tokio::test]
async fn a_hand_written_server_answers_a_reply_as_a_tool_result() {
    let params = json!({"name": "book", "_meta": {"io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}});
    let dialog = Dialog::from_params("tools/call", &params, ProtocolVersion::V2026_07_28).unwrap();
    let result: Value = dialog
        .run(|_| async move { Err::<Value, _>(Halt::from(Reply::error("No seats."))) })
        .await
        .unwrap();
    assert_eq!(
        result,
        json!({"content": [{"type": "text", "text": "No seats."}], "isError": true})
    );
}
