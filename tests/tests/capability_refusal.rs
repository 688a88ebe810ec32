//! A client that cannot be asked: without form mode a `Dialog` sends nothing and answers
//! `-32021` (SEP-2575's missing capability, naming it), or the tool falls back on its own;
//! asking several things at once leaves out what the client did not declare and sends the
//! rest (2026-07-28's capabilities come with each request).

// rmcp deprecates sampling and roots (SEP-2577); servers still ask for them.
#![allow(deprecated)]

mod dialog_support;

use dialog_support::{done, keys, rpc_error};
use elicit_core::dialog::{Dialog, DialogSettings, Inputs};
use elicit_core::protocol::{ElicitMode, ElicitationSupport};
use elicit_core::rmcp::with_dialogs;
use elicit_core::testing::{Answer, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{
    CallToolResponse, CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult,
    InputRequest, ListRootsRequest, ListRootsResult, Root, SamplingMessage,
    SamplingMessageContentBlock,
};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// What is your name?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
struct Name {
    name: String,
}

#[derive(Clone)]
struct Server {
    dialogs: DialogSettings,
}

/// The server, its dialogs sealing with the keys of the test.
fn server() -> Server {
    Server {
        dialogs: DialogSettings::new().keys(&keys(9)),
    }
}

#[tool_router]
impl Server {
    #[tool(description = "Asks a name")]
    async fn greet(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let name = d.ask::<Name>("name").await?.accepted().map(|n| n.name);
                Ok(done(format!("Hello, {}", name.unwrap_or_default())))
            })
            .await
    }

    #[tool(description = "Asks a name when it can; greets a stranger otherwise")]
    async fn greet_anyone(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                if !d.supports(ElicitMode::Form) {
                    return Ok(done("Hello, stranger".to_owned()));
                }
                let name = d.ask::<Name>("name").await?.accepted().map(|n| n.name);
                Ok(done(format!("Hello, {}", name.unwrap_or_default())))
            })
            .await
    }

    #[tool(description = "Asks a name, a greeting and the roots at once")]
    async fn gather(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let greeting = CreateMessageRequestParams::new(
                    vec![SamplingMessage::user_text("Generate a greeting")],
                    50,
                );
                let inputs = Inputs::new()
                    .form::<Name>("user_name")
                    .request(
                        "greeting",
                        InputRequest::CreateMessage(CreateMessageRequest::new(greeting)),
                    )
                    .request(
                        "client_roots",
                        InputRequest::ListRoots(ListRootsRequest::default()),
                    );
                let gathered = d.ask_all(inputs).await?;
                let name = match gathered.form::<Name>("user_name")? {
                    Some(ElicitOutcome::Accepted(Name { name })) => name,
                    Some(other) => format!("({})", other.action()),
                    None => "-".to_owned(),
                };
                let greeting = gathered.result::<CreateMessageResult>("greeting")?.map_or(
                    "-".to_owned(),
                    |result| {
                        result
                            .message
                            .content
                            .iter()
                            .filter_map(SamplingMessageContentBlock::as_text)
                            .map(|text| text.text.clone())
                            .collect()
                    },
                );
                let roots = gathered.result::<ListRootsResult>("client_roots")?.map_or(
                    "-".to_owned(),
                    |result| {
                        let uris: Vec<_> = result.roots.into_iter().map(|root| root.uri).collect();
                        uris.join(" ")
                    },
                );
                Ok(done(format!(
                    "name: {name}, greeting: {greeting}, roots: {roots}, skipped: {}",
                    gathered.skipped().join(" ")
                )))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Server {}

#[tokio::test]
async fn a_client_without_form_mode_gets_minus_32021_naming_it() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .elicitation(ElicitationSupport::NONE)
            .connect(server())
            .await
            .unwrap();
        let version = session.version();

        let error = rpc_error(session.call_tool("greet", None).await.unwrap_err());

        assert_eq!(error.code.0, -32021, "{version}");
        assert_eq!(
            error.data,
            Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}})),
            "{version}"
        );
        assert_eq!(
            error.message,
            "This tool needs \"name\" from the person, and this client cannot show a form (it has no form-mode elicitation): ask the person for it in the chat"
        );
        assert!(session.requests().is_empty(), "{version}: nothing is sent");
    }
}

#[tokio::test]
async fn a_url_only_client_gets_minus_32021_for_a_form() {
    let session = TestClient::v2026_07_28()
        .elicitation(ElicitationSupport {
            form: false,
            url: true,
        })
        .connect(server())
        .await
        .unwrap();
    let error = rpc_error(session.call_tool("greet", None).await.unwrap_err());
    assert_eq!(error.code.0, -32021);
}

#[tokio::test]
async fn the_tool_can_fall_back_instead() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = client
            .elicitation(ElicitationSupport::NONE)
            .connect(server())
            .await
            .unwrap();
        let result = session.call_tool("greet_anyone", None).await.unwrap();
        assert_eq!(text(&result), "Hello, stranger");
        assert!(session.requests().is_empty());
    }
    let session = TestClient::v2026_07_28()
        .answer(Answer::accept(json!({"name": "Ada"})))
        .connect(server())
        .await
        .unwrap();
    let result = session.call_tool("greet_anyone", None).await.unwrap();
    assert_eq!(text(&result), "Hello, Ada");
}

fn sampler(client: TestClient) -> TestClient {
    client
        .on_sampling(|_| {
            CreateMessageResult::new(SamplingMessage::assistant_text("Hi!"), "test-model".into())
        })
        .on_roots(|| ListRootsResult::new(vec![Root::new("file:///work")]))
}

#[tokio::test]
async fn without_form_mode_the_form_is_left_out_and_the_others_go() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = sampler(client.elicitation(ElicitationSupport::NONE))
            .connect(server())
            .await
            .unwrap();
        let version = session.version();

        let result = session.call_tool("gather", None).await.unwrap();

        assert_eq!(
            text(&result),
            "name: -, greeting: Hi!, roots: file:///work, skipped: user_name",
            "{version}"
        );
        // In one round on 2026-07-28 (in key order), in turn before.
        let mut methods: Vec<String> = session
            .requests()
            .iter()
            .map(|request| request.method().to_owned())
            .collect();
        methods.sort();
        assert_eq!(
            methods,
            ["roots/list", "sampling/createMessage"],
            "{version}"
        );
    }
}

#[tokio::test]
async fn with_every_capability_all_three_go_in_one_round() {
    for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
        let session = sampler(client)
            .answer(Answer::accept(json!({"name": "Ada"})))
            .connect(server())
            .await
            .unwrap();
        let version = session.version();

        let result = session.call_tool("gather", None).await.unwrap();

        assert_eq!(
            text(&result),
            "name: Ada, greeting: Hi!, roots: file:///work, skipped: ",
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 3, "{version}");
        requests
            .iter()
            .find(|request| request.method() == "elicitation/create")
            .unwrap()
            .assert_form::<Name>();
        if version.as_str() == "2026-07-28" {
            assert!(requests.iter().all(|request| request.round() == 1));
        }
    }
}

#[tokio::test]
async fn a_form_only_client_is_sent_only_the_form() {
    let session = TestClient::v2026_07_28()
        .answer(Answer::accept(json!({"name": "Ada"})))
        .connect(server())
        .await
        .unwrap();
    let result = session.call_tool("gather", None).await.unwrap();
    assert_eq!(
        text(&result),
        "name: Ada, greeting: -, roots: -, skipped: greeting client_roots"
    );
    assert_eq!(session.requests().len(), 1);
}
