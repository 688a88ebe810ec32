//! On 2026-07-28 a dialog's sealed state is bound to the call's arguments, whichever order a
//! `#[tool]` declares `dialog: Dialog` and rmcp's `Parameters` in: declared first, the dialog
//! sees the arguments and binds to them (a state issued for `{"colour": "red"}` does not
//! complete a retry with `{"colour": "blue"}`); declared after `Parameters`, which takes the
//! arguments away, it cannot see them, and refuses to run (`-32603`, saying to declare it
//! first) rather than seal a state that another call's arguments could complete. Never
//! silent. A server that gives its router its dialog settings once
//! (`with_dialogs`) keeps the arguments where no extractor takes them: there either order
//! binds. Up to 2025-11-25 nothing is sealed, and either order works. On the wire, through
//! rmcp's own client.

mod dialog_support;

use dialog_support::done;
use elicit_core::Elicit;
use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::protocol::ProtocolVersion;
use elicit_core::rmcp::with_dialogs;
use elicit_core::testing::{Answer, TestClient, text};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::{ErrorData, ServerHandler, ServiceError, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// What to paint.
#[derive(Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct Paint {
    colour: String,
}

/// Paint it?
#[derive(Elicit)]
struct Confirm {
    sure: bool,
}

/// A painter, its router given dialog settings (`with_dialogs`) or not.
#[derive(Clone)]
struct Painter {
    dialogs: Option<DialogSettings>,
}

impl Painter {
    fn router(&self) -> ToolRouter<Self> {
        match &self.dialogs {
            Some(dialogs) => with_dialogs(Self::tool_router(), dialogs),
            None => Self::tool_router(),
        }
    }
}

const PLAIN: Painter = Painter { dialogs: None };

#[tool_router]
impl Painter {
    #[tool(description = "Paints, once confirmed: the dialog declared first")]
    async fn paint(
        &self,
        dialog: Dialog,
        Parameters(paint): Parameters<Paint>,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let sure = d.ask::<Confirm>("sure").await?.accepted();
                Ok(done(format!(
                    "{} {}",
                    paint.colour,
                    sure.is_some_and(|confirm| confirm.sure)
                )))
            })
            .await
    }

    #[tool(description = "Paints, once confirmed: the dialog declared after the arguments")]
    async fn paint_late(
        &self,
        Parameters(paint): Parameters<Paint>,
        dialog: Dialog,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let sure = d.ask::<Confirm>("sure").await?.accepted();
                Ok(done(format!(
                    "{} {}",
                    paint.colour,
                    sure.is_some_and(|confirm| confirm.sure)
                )))
            })
            .await
    }
}

#[tool_handler(router = self.router())]
impl ServerHandler for Painter {}

fn arguments(colour: &str) -> Map<String, Value> {
    match json!({"colour": colour}) {
        Value::Object(map) => map,
        _ => unreachable!(),
    }
}

/// One call of `tool` on 2026-07-28, as rmcp's client sends it.
async fn call(
    session: &elicit_core::testing::Session,
    tool: &str,
    colour: &str,
    state: Option<String>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    params.arguments = Some(arguments(colour));
    if state.is_some() {
        params.input_responses = Some(
            serde_json::from_value(
                json!({"sure": {"action": "accept", "content": {"sure": true}}}),
            )
            .unwrap(),
        );
    }
    params.request_state = state;
    session.peer().call_tool_once(params).await
}

#[tokio::test]
async fn a_dialog_declared_first_binds_its_state_to_the_arguments() {
    let session = TestClient::v2026_07_28().connect(PLAIN).await.unwrap();
    let Ok(CallToolResponse::InputRequired(first)) = call(&session, "paint", "red", None).await
    else {
        panic!("the first call asks");
    };
    // The state issued for red does not complete a call for blue.
    let error = match call(&session, "paint", "blue", first.request_state.clone()).await {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("a state issued for red completed a call for blue: {other:?}"),
    };
    assert_eq!(error.code.0, -32602);
    assert_eq!(error.message, "invalid or expired request state");
    // For red it does.
    let Ok(CallToolResponse::Complete(done)) =
        call(&session, "paint", "red", first.request_state).await
    else {
        panic!("the retry for red completes");
    };
    assert_eq!(text(&done), "red true");
}

#[tokio::test]
async fn a_dialog_declared_after_the_arguments_refuses_to_run_on_2026_07_28() {
    let session = TestClient::v2026_07_28().connect(PLAIN).await.unwrap();
    let error = match call(&session, "paint_late", "red", None).await {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("a dialog that cannot see the arguments sealed a state: {other:?}"),
    };
    assert_eq!(error.code.0, -32603);
    assert!(
        error.message.contains("tool `paint_late`")
            && error.message.contains("declare the dialog first"),
        "{}",
        error.message
    );
}

#[tokio::test]
async fn up_to_2025_11_25_either_order_works() {
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        for tool in ["paint", "paint_late"] {
            let session = TestClient::new(version)
                .answer(Answer::accept(json!({"sure": true})))
                .connect(PLAIN)
                .await
                .unwrap();
            let result = session
                .call_tool(tool, json!({"colour": "red"}))
                .await
                .unwrap();
            assert_eq!(text(&result), "red true", "{version} {tool}");
        }
    }
}

#[tokio::test]
async fn a_router_given_its_dialog_settings_binds_in_either_order() {
    let painter = Painter {
        dialogs: Some(DialogSettings::new()),
    };
    let session = TestClient::v2026_07_28().connect(painter).await.unwrap();
    for tool in ["paint", "paint_late"] {
        let Ok(CallToolResponse::InputRequired(first)) = call(&session, tool, "red", None).await
        else {
            panic!("{tool}: the first call asks");
        };
        let error = match call(&session, tool, "blue", first.request_state.clone()).await {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{tool}: a state issued for red completed a call for blue: {other:?}"),
        };
        assert_eq!(error.message, "invalid or expired request state", "{tool}");
        let Ok(CallToolResponse::Complete(done)) =
            call(&session, tool, "red", first.request_state).await
        else {
            panic!("{tool}: the retry for red completes");
        };
        assert_eq!(text(&done), "red true", "{tool}");
    }
}
