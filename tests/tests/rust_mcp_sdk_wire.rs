//! rust-mcp-sdk 2.0 servers that ask through elicit (feature `rust-mcp-sdk`), tested on the
//! SDK's own request path: its streamable-HTTP handler, in process, driven by the kit's
//! exchange mode (`TestClient::connect_rust_mcp_sdk`). Each test checks the bytes a client
//! receives: the order of a form's fields, a select's options, integer bounds written as
//! integers, titles, and the errors.

use std::sync::Arc;

use elicit_core::dialog::Dialog;
use elicit_core::protocol::{ElicitRequest, ElicitationSupport, InputRequiredResult, UrlRequest};
use elicit_core::rust_mcp_sdk::{Recovered, Router, generic_result, recover};
use elicit_core::testing::{Answer, ExchangeSession, Exchanged, KitError, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::ServiceError;
use rust_mcp_sdk::mcp_server::ServerHandler;
use rust_mcp_sdk::schema::schema_utils::CustomRequest;
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResult,
    PromptMessage, Result as GenericResult, Role, RpcError, ServerResult,
};
use rust_mcp_sdk::{McpServer, RequestContext};
use serde_json::{Value, json};

// ------------------------------------------------------------------------------ the forms

/// Please confirm your table reservation
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    /// The name the table is booked under
    #[elicit(title = "Name", min_length = 1, max_length = 60)]
    guest_name: String,
    #[elicit(format = "email")]
    email: String,
    /// How many people, including you
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    party_size: u8,
    /// Where you would like to sit
    seating: Seating,
    notes: Option<String>,
}

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Seating {
    /// Inside, by the window
    Indoor,
    /// On the terrace
    Terrace,
}

/// What is your name?
#[derive(Elicit, Debug)]
struct Name {
    name: String,
}

/// How many people?
#[derive(Elicit, Debug)]
struct Party {
    #[elicit(minimum = 1, maximum = 12)]
    size: u8,
}

/// Which sitting would you like?
#[derive(Elicit, Debug)]
struct Sitting {
    /// When to come
    #[elicit(options)]
    time: String,
    /// How many guests
    #[elicit(minimum = 1, maximum = 8)]
    guests: u8,
}

/// How was your meal?
#[derive(Elicit, Debug)]
struct Rating {
    /// From 0 to 5, halves allowed
    #[elicit(minimum = 0.0, maximum = 5.0)]
    stars: f64,
    comment: Option<String>,
}

/// What should the summary focus on?
#[derive(Elicit, Debug)]
struct Focus {
    focus: String,
}

// ----------------------------------------------------------------------------- the server

/// The tools and the prompt, each asking through a `Dialog` made from the SDK's params.
struct Tables;

fn done(text: String) -> CallToolResult {
    CallToolResult::text_content(vec![text.into()])
}

impl Tables {
    /// Every tool: from `handle_call_tool_request_mrtr`, or recovered from
    /// `handle_custom_request`.
    async fn call_tool(
        &self,
        params: CallToolRequestParams,
        dialog: Dialog,
    ) -> Result<ServerResult, RpcError> {
        match params.name.as_str() {
            "book_table" => {
                dialog
                    .run(|d| async move {
                        Ok(done(match d.ask::<Booking>("booking").await? {
                            ElicitOutcome::Accepted(b) => format!(
                                "Table for {} under {}, {:?}",
                                b.party_size, b.guest_name, b.seating
                            ),
                            outcome => format!("Nothing booked ({})", outcome.action()),
                        }))
                    })
                    .await
            }
            "two_rounds" => {
                dialog
                    .run(|d| async move {
                        let Some(Name { name }) = d.ask::<Name>("name").await?.accepted() else {
                            return Ok(done("No name".to_owned()));
                        };
                        let size = d
                            .ask::<Party>("party")
                            .await?
                            .accepted()
                            .map_or(0, |p| p.size);
                        Ok(done(format!("{name}, table for {size}")))
                    })
                    .await
            }
            "party_size" => {
                dialog
                    .run(|d| async move {
                        let party = d.ask::<Party>("party").attempts(2).await?;
                        Ok(done(format!("{:?}", party.accepted().map(|p| p.size))))
                    })
                    .await
            }
            "connect_account" => {
                dialog
                    .run(|d| async move {
                        let request = UrlRequest::new(
                            "Connect your account",
                            "https://example.com/connect",
                            "c-1",
                        )
                        .map_err(|error| elicit_core::dialog::Halt::internal(error.to_string()))?;
                        let action = d.ask_url("connect", request).await?;
                        Ok(done(format!("connect: {action}")))
                    })
                    .await
            }
            "pick_sitting" => {
                // The options come from the call's data: the sittings still free.
                let times: Vec<(String, String)> = params
                    .arguments
                    .as_ref()
                    .and_then(|arguments| arguments.get("free"))
                    .and_then(Value::as_object)
                    .map(|free| {
                        free.iter()
                            .map(|(time, label)| {
                                (time.clone(), label.as_str().unwrap_or(time).to_owned())
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                dialog
                    .run(|d| async move {
                        let form = Sitting::form().time(|f| f.options(times));
                        Ok(done(match d.ask_form("sitting", form).await? {
                            ElicitOutcome::Accepted(s) => format!("{} at {}", s.guests, s.time),
                            outcome => format!("No sitting ({})", outcome.action()),
                        }))
                    })
                    .await
            }
            "rate_meal" => {
                dialog
                    .run(|d| async move {
                        Ok(done(match d.ask::<Rating>("rating").await?.accepted() {
                            Some(rating) => format!("{} stars", rating.stars),
                            None => "No rating".to_owned(),
                        }))
                    })
                    .await
            }
            other => {
                Err(RpcError::invalid_params().with_message(format!("no tool named {other:?}")))
            }
        }
    }

    async fn get_prompt(
        &self,
        _params: GetPromptRequestParams,
        dialog: Dialog,
    ) -> Result<ServerResult, RpcError> {
        dialog
            .run(|d| async move {
                let focus = d.ask::<Focus>("focus").await?.accepted().map(|f| f.focus);
                let text = format!(
                    "Summarize, focusing on {}",
                    focus.as_deref().unwrap_or("anything")
                );
                Ok(GetPromptResult {
                    description: None,
                    messages: vec![PromptMessage {
                        content: ContentBlock::text_content(text),
                        role: Role::User,
                    }],
                    meta: None,
                    result_type: "complete".to_owned(),
                })
            })
            .await
    }
}

#[async_trait::async_trait]
impl ServerHandler for Tables {
    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.call_tool(params, dialog).await
    }

    async fn handle_get_prompt_request(
        &self,
        params: GetPromptRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.get_prompt(params, dialog).await
    }

    async fn handle_custom_request(
        &self,
        request: CustomRequest,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<GenericResult, RpcError> {
        match recover(request, self)? {
            Recovered::Tool { params, dialog, .. } => {
                generic_result(self.call_tool(params, dialog).await?)
            }
            Recovered::Prompt { params, dialog, .. } => {
                generic_result(self.get_prompt(params, dialog).await?)
            }
            Recovered::Custom(request) => Err(RpcError::method_not_found()
                .with_message(format!("no method {:?}", request.method))),
            _ => Err(RpcError::internal_error()),
        }
    }
}

/// The same tools without `handle_custom_request`: what a server gets that does not recover.
struct WithoutRecovery;

#[async_trait::async_trait]
impl ServerHandler for WithoutRecovery {
    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        Tables.call_tool(params, dialog).await
    }
}

// ---------------------------------------------------------------------------- helpers

fn client() -> TestClient {
    TestClient::v2026_07_28()
}

fn serve(client: TestClient) -> ExchangeSession {
    client.connect_rust_mcp_sdk(Tables).unwrap()
}

/// The `inputRequests` entry under `key` exactly as elicit writes it for 2026-07-28.
fn exact_entry(key: &str, request: ElicitRequest) -> String {
    let result = serde_json::to_string(&InputRequiredResult::new(key, request)).unwrap();
    let start = result.find(r#""inputRequests":{"#).unwrap() + r#""inputRequests":{"#.len();
    let end = result
        .rfind(r#"},"requestState""#)
        .unwrap_or(result.len() - 2);
    result[start..end].to_owned()
}

/// The JSON-RPC error a call failed with.
fn rpc_error(error: &KitError) -> (i32, String, Option<Value>) {
    match error {
        KitError::Service { error, .. } => match error.as_ref() {
            ServiceError::McpError(data) => {
                (data.code.0, data.message.to_string(), data.data.clone())
            }
            other => panic!("not a JSON-RPC error: {other}"),
        },
        other => panic!("not a JSON-RPC error: {other}"),
    }
}

fn response(exchanged: &Exchanged) -> &str {
    exchanged.response()
}

// ------------------------------------------------------------------------------ the tests

#[tokio::test]
async fn one_form_goes_out_exactly_and_comes_back_typed() {
    let session = serve(client().answer(Answer::accept(json!({
        "guestName": "Ada", "email": "ada@example.com", "partySize": 4, "seating": "terrace"
    }))));

    let result = session.call_tool("book_table", None).await.unwrap();

    assert_eq!(text(&result), "Table for 4 under Ada, Terrace");
    let exchanges = session.exchanges();
    assert_eq!(exchanges.len(), 2);
    let first = response(&exchanges[0]);
    // The bytes elicit writes, unchanged by the SDK: fields in declaration order, the
    // select's options with their titles, integer bounds and default as integers.
    assert!(
        first.contains(&exact_entry("booking", ElicitRequest::form::<Booking>())),
        "{first}"
    );
    assert!(first.contains(concat!(
        r#""properties":{"guestName":{"type":"string","title":"Name","description":"The name the table is booked under","minLength":1,"maxLength":60},"#,
        r#""email":{"type":"string","title":"Email","format":"email"},"#,
        r#""partySize":{"type":"integer","title":"Party size","description":"How many people, including you","minimum":1,"maximum":12,"default":2},"#,
        r#""seating":{"type":"string","title":"Seating","description":"Where you would like to sit","oneOf":[{"const":"indoor","title":"Inside, by the window"},{"const":"terrace","title":"On the terrace"}]},"#,
        r#""notes":{"type":"string","title":"Notes"}},"required":["guestName","email","seating"]"#
    )), "{first}");
    assert!(first.starts_with(r#"{"id":1,"jsonrpc":"2.0","result":{"resultType":"input_required","inputRequests":{"booking":"#), "{first}");
    let requests = session.requests();
    assert_eq!(requests.len(), 1);
    requests[0].assert_form::<Booking>();
    assert_eq!(requests[0].key(), Some("booking"));
}

#[tokio::test]
async fn two_rounds_carry_the_sealed_state() {
    let session = serve(client().answers([
        Answer::accept_value(&Name { name: "Ada".into() }),
        Answer::accept_value(&Party { size: 3 }),
    ]));

    let result = session.call_tool("two_rounds", None).await.unwrap();

    assert_eq!(text(&result), "Ada, table for 3");
    let exchanges = session.exchanges();
    assert_eq!(exchanges.len(), 3);
    let state = |exchanged: &Exchanged| {
        exchanged.json()["result"]["requestState"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (first, second) = (state(&exchanges[0]), state(&exchanges[1]));
    assert_ne!(first, second);
    // Each retry carries the state of the round before, and the answer to its question only.
    assert!(
        exchanges[1]
            .request()
            .contains(&format!(r#""requestState":"{first}""#))
    );
    assert!(
        exchanges[1]
            .request()
            .contains(r#""inputResponses":{"name":{"action":"accept","content":{"name":"Ada"}}}"#)
    );
    assert!(
        exchanges[2]
            .request()
            .contains(&format!(r#""requestState":"{second}""#))
    );
    assert!(
        response(&exchanges[1]).contains(&exact_entry("party", ElicitRequest::form::<Party>()))
    );
    // The state is sealed: the answer does not show through it.
    assert!(!second.contains("Ada"));
    let requests = session.requests();
    assert_eq!((requests[0].round(), requests[1].round()), (1, 2));
    requests[1].assert_form::<Party>();
}

#[tokio::test]
async fn a_wrong_answer_is_asked_again_saying_what_to_correct() {
    let session = serve(client().answers([
        Answer::accept(json!({"size": 40})),
        Answer::accept(json!({"size": 4})),
    ]));

    let result = session.call_tool("party_size", None).await.unwrap();

    assert_eq!(text(&result), "Some(4)");
    let exchanges = session.exchanges();
    assert_eq!(exchanges.len(), 3);
    let again = response(&exchanges[1]);
    let schema = serde_json::to_string(Party::requested_schema()).unwrap();
    assert!(
        again.contains(&format!(
            r#""party":{{"method":"elicitation/create","params":{{"mode":"form","message":"How many people? Please correct: Size: enter at most 12.","requestedSchema":{schema}}}}}"#
        )),
        "{again}"
    );
}

#[tokio::test]
async fn a_wrong_answer_after_the_last_attempt_is_32602_naming_each_field() {
    let session = serve(client().answers([
        Answer::accept(json!({"size": 40})),
        Answer::accept(json!({"size": 0})),
    ]));

    let error = session.call_tool("party_size", None).await.unwrap_err();

    let (code, message, data) = rpc_error(&error);
    assert_eq!(code, -32602);
    assert_eq!(
        message,
        "the answer to `party` does not fit the form: `size`: must be at least 1, got 0"
    );
    assert_eq!(data.unwrap()["key"], "party");
    let last = session.exchanges().pop().unwrap();
    assert!(
        last.response().contains(r#""error":{"code":-32602,"#),
        "{}",
        last.response()
    );
}

#[tokio::test]
async fn url_mode_goes_out_exactly_without_an_elicitation_id() {
    let session = serve(
        client()
            .elicitation(ElicitationSupport::ALL)
            .answer(Answer::accept_url()),
    );

    let result = session.call_tool("connect_account", None).await.unwrap();

    assert_eq!(text(&result), "connect: accept");
    let first = session.exchanges()[0].response().to_owned();
    let request =
        ElicitRequest::url("Connect your account", "https://example.com/connect", "c-1").unwrap();
    assert!(first.contains(&exact_entry("connect", request)), "{first}");
    assert!(first.contains(r#""connect":{"method":"elicitation/create","params":{"mode":"url","message":"Connect your account","url":"https://example.com/connect"}}"#), "{first}");
    let requests = session.requests();
    assert_eq!(requests[0].url(), Some("https://example.com/connect"));
    assert_eq!(requests[0].elicitation_id(), None);
}

#[tokio::test]
async fn a_client_without_the_mode_is_refused_with_32021_naming_it() {
    let session = serve(client().elicitation(ElicitationSupport::NONE));
    let error = session.call_tool("book_table", None).await.unwrap_err();
    let (code, _, data) = rpc_error(&error);
    assert_eq!(code, -32021);
    assert_eq!(
        data,
        Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}}))
    );
    let refused = session.exchanges()[0].response().to_owned();
    assert!(
        refused.contains(r#""error":{"code":-32021,"data":{"requiredCapabilities":{"elicitation":{"form":{}}}},"message":"This tool needs \"Name\", \"Email\", \"Party size\", \"Seating\" and \"Notes\" from the person, and this client cannot show a form (it has no form-mode elicitation): ask the person for them in the chat"}"#),
        "{refused}"
    );
    assert!(session.requests().is_empty(), "nothing was asked");

    // A client with form mode only, asked to open a URL.
    let session = serve(client());
    let error = session
        .call_tool("connect_account", None)
        .await
        .unwrap_err();
    let (code, _, data) = rpc_error(&error);
    assert_eq!(code, -32021);
    assert_eq!(
        data,
        Some(json!({"requiredCapabilities": {"elicitation": {"url": {}}}}))
    );
}

#[tokio::test]
async fn a_tampered_state_is_refused_with_32602() {
    let session = serve(client().answer(Answer::never()));
    let error = session.call_tool("two_rounds", None).await.unwrap_err();
    let last = error.input_required().unwrap();
    let state = last.request_state.clone().unwrap();

    let mut tampered = state.clone().into_bytes();
    let middle = tampered.len() / 2;
    tampered[middle] = if tampered[middle] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let retry = |state: &str| {
        json!({
            "name": "two_rounds",
            "inputResponses": {"name": {"action": "accept", "content": {"name": "Ada"}}},
            "requestState": state
        })
    };

    let refused = session.send("tools/call", retry(&tampered)).await.unwrap();
    // One message for every reason a state is refused: nothing to learn from it.
    assert!(
        refused
            .response()
            .contains(r#""error":{"code":-32602,"message":"invalid or expired request state"}"#),
        "{}",
        refused.response()
    );

    // The state as sealed opens, and the dialog goes on to its next question.
    let accepted = session.send("tools/call", retry(&state)).await.unwrap();
    assert_eq!(accepted.json()["result"]["resultType"], "input_required");
    assert!(accepted.response().contains(r#""inputRequests":{"party":"#));
}

#[tokio::test]
async fn a_form_shaped_from_data_goes_out_with_those_options() {
    let session = serve(client().answer(Answer::accept(json!({"time": "20:30", "guests": 2}))));
    let free = json!({"free": {"18:00": "Early, 18:00", "20:30": "Late, 20:30"}});

    let result = session.call_tool("pick_sitting", free).await.unwrap();

    assert_eq!(text(&result), "2 at 20:30");
    let first = session.exchanges()[0].response().to_owned();
    assert!(
        first.contains(concat!(
            r#""properties":{"time":{"type":"string","title":"Time","description":"When to come","oneOf":[{"const":"18:00","title":"Early, 18:00"},{"const":"20:30","title":"Late, 20:30"}]},"#,
            r#""guests":{"type":"integer","title":"Guests","description":"How many guests","minimum":1,"maximum":8}}"#
        )),
        "{first}"
    );
}

#[tokio::test]
async fn a_prompt_asks_through_the_same_path() {
    let session = serve(client().answer(Answer::accept(json!({"focus": "costs"}))));
    let prompt = session.get_prompt("summary", None).await.unwrap();
    let text = serde_json::to_value(&prompt.messages[0].content).unwrap();
    assert_eq!(text["text"], "Summarize, focusing on costs");
    assert!(
        session.exchanges()[0]
            .response()
            .contains(&exact_entry("focus", ElicitRequest::form::<Focus>()))
    );
}

/// A number with a fraction does not fit the SDK's `ElicitResult` model (booleans, strings,
/// 64-bit integers, lists of strings): the retry reaches the server as a custom request.
#[tokio::test]
async fn an_answer_the_sdk_cannot_read_is_recovered() {
    let answer = || Answer::accept(json!({"stars": 4.5, "comment": null}));
    let session = serve(client().answer(answer()));
    let result = session.call_tool("rate_meal", None).await.unwrap();
    assert_eq!(text(&result), "4.5 stars");

    // Without `handle_custom_request`, the SDK's answer to such a retry.
    let session = client()
        .answer(answer())
        .connect_rust_mcp_sdk(WithoutRecovery)
        .unwrap();
    let error = session.call_tool("rate_meal", None).await.unwrap_err();
    assert_eq!(rpc_error(&error).0, -32601);
}

/// A malformed answer is the client's mistake, named, whether or not the SDK can read it.
#[tokio::test]
async fn a_malformed_answer_is_32602_naming_its_key() {
    let session = serve(client().answer(Answer::raw(json!({"action": "maybe"}))));
    let error = session.call_tool("book_table", None).await.unwrap_err();
    let (code, message, data) = rpc_error(&error);
    assert_eq!(code, -32602);
    assert!(
        message.starts_with("the answer to `booking` is malformed"),
        "{message}"
    );
    assert_eq!(data, Some(json!({"key": "booking"})));
}

/// What the typed path would send: the SDK's own `InputRequiredResult`, read from the same
/// JSON. Reading it into the SDK's models is where the form is lost.
#[test]
fn the_sdks_typed_model_loses_options_order_and_integer_bounds() {
    let elicit = InputRequiredResult::new("booking", ElicitRequest::form::<Booking>()).to_value();
    let typed: rust_mcp_sdk::schema::InputRequiredResult = serde_json::from_value(elicit).unwrap();
    let typed = serde_json::to_string(&typed).unwrap();
    // The select became free text; the fields are sorted; the bounds are floats.
    assert!(!typed.contains("oneOf"), "{typed}");
    assert!(typed.contains(r#""seating":{"description":"Where you would like to sit","title":"Seating","type":"string"}"#), "{typed}");
    assert!(
        typed.find(r#""email":"#) < typed.find(r#""guestName":"#),
        "{typed}"
    );
    assert!(
        typed.contains(r#""default":2.0,"#) && typed.contains(r#""maximum":12.0,"#),
        "{typed}"
    );
}

// ------------------------------------------------------------------- the Router

/// The arguments of the router's `rate` tool.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Meal {
    /// The dish to rate
    dish: String,
    /// The table it was served at
    table: Option<u8>,
}

/// The arguments of the router's `summary` prompt.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Summary {
    /// The document to summarize
    document: String,
    /// How long the summary may be
    length: Option<String>,
}

async fn rate(d: Dialog, meal: Meal) -> Result<CallToolResult, elicit_core::dialog::Halt> {
    let rating = d.ask::<Rating>("rating").await?.accepted();
    let dish = match meal.table {
        Some(table) => format!("{} at table {table}", meal.dish),
        None => meal.dish,
    };
    Ok(done(match rating {
        Some(rating) => format!("{dish}: {} stars", rating.stars),
        None => format!("{dish}: no rating"),
    }))
}

async fn summary(
    d: Dialog,
    summary: Summary,
) -> Result<GetPromptResult, elicit_core::dialog::Halt> {
    let focus = d.ask::<Focus>("focus").await?.accepted().map(|f| f.focus);
    let text = format!(
        "Summarize {} ({}), focusing on {}",
        summary.document,
        summary.length.as_deref().unwrap_or("any length"),
        focus.as_deref().unwrap_or("anything")
    );
    Ok(GetPromptResult {
        description: None,
        messages: vec![PromptMessage {
            content: ContentBlock::text_content(text),
            role: Role::User,
        }],
        meta: None,
        result_type: "complete".to_owned(),
    })
}

fn router() -> Router {
    Router::default().tool("rate", "Rates a dish", rate).prompt(
        "summary",
        "Summarizes a document",
        summary,
    )
}

fn serve_router(client: TestClient) -> ExchangeSession {
    client.connect_rust_mcp_sdk(router()).unwrap()
}

/// `rate` in one expression: a decline answers the call with a text.
async fn rate_or_reply(d: Dialog, meal: Meal) -> Result<CallToolResult, elicit_core::dialog::Halt> {
    let not_rated = format!("{} was not rated.", meal.dish);
    let rating = d
        .ask::<Rating>("rating")
        .attempts(2)
        .or_reply(not_rated)
        .await?;
    Ok(done(format!("{}: {} stars", meal.dish, rating.stars)))
}

/// `summary` in one expression: a decline answers the prompt with a message.
async fn summary_or_reply(
    d: Dialog,
    summary: Summary,
) -> Result<GetPromptResult, elicit_core::dialog::Halt> {
    let focus = d
        .ask::<Focus>("focus")
        .or_reply("Nothing to summarize.")
        .await?;
    Ok(GetPromptResult {
        description: None,
        messages: vec![PromptMessage {
            content: ContentBlock::text_content(format!(
                "Summarize {} for {}",
                summary.document, focus.focus
            )),
            role: Role::User,
        }],
        meta: None,
        result_type: "complete".to_owned(),
    })
}

fn reply_router() -> Router {
    Router::default()
        .tool("rate", "Rates a dish", rate_or_reply)
        .prompt("summary", "Summarizes a document", summary_or_reply)
}

/// `rate` of the reply router, called for soup, the person answering with `answers`.
async fn rate_soup(answers: Vec<Answer>) -> rmcp::model::CallToolResult {
    let session = client()
        .answers(answers)
        .connect_rust_mcp_sdk(reply_router())
        .unwrap();
    session
        .call_tool("rate", json!({"dish": "soup"}))
        .await
        .unwrap()
}

#[tokio::test]
async fn the_router_answers_a_reply_as_the_tools_result_or_the_prompts_message() {
    let result = rate_soup(vec![Answer::decline()]).await;
    assert_eq!(text(&result), "soup was not rated.");
    assert_ne!(result.is_error, Some(true));

    let session = client()
        .answer(Answer::cancel())
        .connect_rust_mcp_sdk(reply_router())
        .unwrap();
    let prompt = session
        .get_prompt("summary", json!({"document": "q3.pdf"}))
        .await
        .unwrap();
    let message = serde_json::to_value(&prompt.messages).unwrap();
    assert_eq!(
        message,
        json!([{"role": "assistant", "content": {"type": "text", "text": "Nothing to summarize."}}])
    );

    // Two answers that do not fit: the errors, flagged as an error.
    let too_many = Answer::accept(json!({"stars": 9}));
    let result = rate_soup(vec![too_many.clone(), too_many]).await;
    assert!(
        text(&result).starts_with("The answer still did not fit after 2 attempts. Stars: "),
        "{}",
        text(&result)
    );
    assert_eq!(result.is_error, Some(true));

    let result = rate_soup(vec![Answer::accept(json!({"stars": 4}))]).await;
    assert_eq!(text(&result), "soup: 4 stars");
}

#[tokio::test]
async fn the_router_lists_its_tools_and_prompts_in_order() {
    let session = serve_router(client());

    let tools = session.send("tools/list", json!({})).await.unwrap();
    assert!(
        tools.response().contains(r#""tools":[{"description":"Rates a dish","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"dish":{"type":"string","description":"The dish to rate"},"table":{"type":["integer","null"],"format":"uint8","minimum":0,"maximum":255,"description":"The table it was served at"}},"required":["dish"]},"name":"rate"}]"#),
        "{}",
        tools.response()
    );
    let prompts = session.send("prompts/list", json!({})).await.unwrap();
    assert_eq!(
        prompts.json()["result"]["prompts"],
        json!([{
            "name": "summary",
            "description": "Summarizes a document",
            "arguments": [
                {"name": "document", "description": "The document to summarize", "required": true},
                {"name": "length", "description": "How long the summary may be", "required": false}
            ]
        }])
    );
}

#[tokio::test]
async fn the_router_serves_a_tool_and_recovers_its_unreadable_retry() {
    // 4.5 stars: a number with a fraction, which the SDK's models cannot hold.
    let session = serve_router(client().answer(Answer::accept(json!({"stars": 4.5}))));

    let result = session
        .call_tool("rate", json!({"dish": "soup", "table": 7}))
        .await
        .unwrap();

    assert_eq!(text(&result), "soup at table 7: 4.5 stars");
    assert!(
        session.exchanges()[1]
            .request()
            .contains(r#""content":{"stars":4.5}"#)
    );
}

#[tokio::test]
async fn the_router_serves_a_prompt_with_typed_arguments_and_recovers_it() {
    let session = serve_router(client().answer(Answer::accept(json!({"focus": "costs"}))));
    let prompt = session
        .get_prompt("summary", json!({"document": "q3.pdf"}))
        .await
        .unwrap();
    let text = serde_json::to_value(&prompt.messages[0].content).unwrap();
    assert_eq!(
        text["text"],
        "Summarize q3.pdf (any length), focusing on costs"
    );

    // An answer with a null: the retry is a custom request, recovered as a prompt.
    let session =
        serve_router(client().answer(Answer::accept(json!({"focus": "risks", "note": null}))));
    let prompt = session
        .get_prompt("summary", json!({"document": "q3.pdf", "length": "short"}))
        .await
        .unwrap();
    let text = serde_json::to_value(&prompt.messages[0].content).unwrap();
    assert_eq!(text["text"], "Summarize q3.pdf (short), focusing on risks");
}

#[tokio::test]
async fn the_router_names_the_argument_that_does_not_fit() {
    let session = serve_router(client());

    let error = session
        .call_tool("rate", json!({"dish": "soup", "table": 300}))
        .await
        .unwrap_err();
    assert_eq!(
        rpc_error(&error),
        (
            -32602,
            "tool `rate`: `table`: invalid value: integer `300`, expected u8".to_owned(),
            Some(json!({"argument": "table"}))
        )
    );

    let error = session.get_prompt("summary", json!({})).await.unwrap_err();
    assert_eq!(
        rpc_error(&error),
        (
            -32602,
            "prompt `summary`: `document` is missing".to_owned(),
            Some(json!({"argument": "document"}))
        )
    );
    assert!(session.requests().is_empty(), "nothing was asked");
}

#[tokio::test]
async fn the_router_refuses_what_it_does_not_serve() {
    let session = serve_router(client());

    let error = session.call_tool("book", json!({})).await.unwrap_err();
    assert_eq!(
        rpc_error(&error),
        (-32602, "Unknown tool: book".to_owned(), None)
    );
    let error = session.get_prompt("plan", None).await.unwrap_err();
    assert_eq!(
        rpc_error(&error),
        (-32602, "Unknown prompt: plan".to_owned(), None)
    );
    let custom = session.send("acme/ping", json!({})).await.unwrap();
    assert_eq!(
        custom.json()["error"]["code"],
        -32601,
        "{}",
        custom.response()
    );
}
