//! The run-time check behind `FormMode`: every way of asking a form in form mode takes the
//! trait, so a derived form with a secret never compiles there (`tests/ui/secret_*.rs`); a
//! form whose `Elicit` impl is written by hand can claim the trait falsely, and each path
//! that renders a form still refuses it before anything is rendered. The call is answered
//! with a text saying the question was not asked; the client is sent nothing.

mod dialog_support;

use dialog_support::keys;
use elicit_core::__private::{FormReader, Map, RequestedSchema, Value};
use elicit_core::dialog::{Dialog, DialogSettings, Inputs};
use elicit_core::rmcp::{PeerElicitExt, with_dialogs};
use elicit_core::schema::{PropertySchema, StringSchema};
use elicit_core::testing::{Answer, TestClient, text};
use elicit_core::{ContentError, Elicit, FormMode};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use std::sync::OnceLock;

/// A form written by hand whose reader table marks its one field a secret, and that claims
/// `FormMode` all the same: what no derived form can be.
struct Liar {
    password: String,
}

impl Elicit for Liar {
    fn requested_schema() -> &'static RequestedSchema {
        static SCHEMA: OnceLock<RequestedSchema> = OnceLock::new();
        SCHEMA.get_or_init(|| {
            let mut schema = RequestedSchema::new();
            schema.push(
                "password",
                PropertySchema::String(StringSchema::default()),
                true,
            );
            schema
        })
    }

    fn message() -> &'static str {
        "Your password"
    }

    fn from_content(content: &Map<String, Value>) -> Result<Self, ContentError> {
        Ok(Self {
            password: content
                .get("password")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
        })
    }

    fn to_content(&self) -> Map<String, Value> {
        let mut content = Map::new();
        content.insert("password".into(), Value::from(self.password.clone()));
        content
    }

    const READER: Option<FormReader<Self>> = Some(FormReader {
        names: &["password"],
        needs_value: &[true],
        secret: &[true],
        askable: &[false],
        deny_unknown: false,
        build: |_, _, _| None,
    });
}

// The lie.
impl FormMode for Liar {}

const REFUSED: &str = "was not asked: its field `password` is a secret, which is typed only on the server's own page (URL mode), never in the chat.";

#[derive(Clone)]
struct Server {
    dialogs: DialogSettings,
}

#[tool_router]
impl Server {
    #[tool(description = "Asks the liar's form")]
    async fn ask(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let got = d.ask::<Liar>("login").await?.accepted().is_some();
                Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                    "asked: {got}"
                ))]))
            })
            .await
    }

    #[tool(description = "Asks the liar's form in a round of several")]
    async fn ask_all(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let _ = d.ask_all(Inputs::new().form::<Liar>("login")).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text("asked")]))
            })
            .await
    }

    #[tool(description = "Asks the liar's form on rmcp's peer")]
    async fn on_peer(&self, ctx: RequestContext<RoleServer>) -> Result<CallToolResult, ErrorData> {
        match ctx.peer.elicit_form::<Liar>().await {
            Ok(_) => Ok(CallToolResult::success(vec![ContentBlock::text("asked")])),
            Err(halt) => Ok(CallToolResult::error(vec![ContentBlock::text(
                halt.reply()
                    .map(|reply| reply.text().to_owned())
                    .unwrap_or_else(|| format!("not a reply: {halt}")),
            )])),
        }
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Server {}

fn server() -> Server {
    Server {
        dialogs: DialogSettings::new().keys(&keys(3)),
    }
}

#[tokio::test]
async fn a_form_that_claims_form_mode_falsely_is_refused_before_it_is_rendered() {
    for client in [
        TestClient::v2025_06_18(),
        TestClient::v2025_11_25(),
        TestClient::v2026_07_28(),
    ] {
        let session = client
            .answers([Answer::accept(serde_json::json!({"password": "hunter22"}))])
            .connect(server())
            .await
            .unwrap();
        let version = session.version();
        for tool in ["ask", "ask_all"] {
            let result = session.call_tool(tool, None).await.unwrap();
            assert_eq!(result.is_error, Some(true), "{version} {tool}");
            assert_eq!(
                text(&result),
                format!("The question `login` {REFUSED}"),
                "{version} {tool}"
            );
        }
        if !version.uses_input_required() {
            let result = session.call_tool("on_peer", None).await.unwrap();
            assert_eq!(
                text(&result),
                format!("The question {REFUSED}"),
                "{version}"
            );
        }
        assert!(
            session.requests().is_empty(),
            "{version}: nothing is sent, got {:?}",
            session.requests()
        );
    }
}
