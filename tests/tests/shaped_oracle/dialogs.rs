//! The servers that ask a generated form through a `Dialog`: an rmcp server (every revision,
//! through the kit's `TestClient::connect`) and a rust-mcp-sdk server (2026-07-28, through
//! the kit's exchange mode), each with one tool, `ask`, which asks the case at hand and
//! answers with the verdict it read, as JSON.

use std::sync::{Arc, Mutex};

use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::protocol::MultiSelectFallback;
use elicit_core::rmcp::with_dialogs;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

use crate::case::Case;

/// The case the next call asks.
pub type AtHand = Arc<Mutex<Option<Arc<dyn Case>>>>;

fn at_hand(current: &AtHand) -> Arc<dyn Case> {
    current
        .lock()
        .expect("not poisoned")
        .clone()
        .expect("a case is at hand")
}

/// The rmcp server.
#[derive(Clone)]
pub struct RmcpServer {
    pub current: AtHand,
}

#[tool_router]
impl RmcpServer {
    #[tool(description = "Asks the form at hand and tells what it read")]
    async fn ask(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let case = at_hand(&self.current);
        dialog
            .run(|d| async move {
                let told = case.ask(d).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(told)]))
            })
            .await
    }
}

/// Checkboxes where the revision has no multi-select (2025-06-18); no effect elsewhere.
fn checkboxes() -> DialogSettings {
    DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes)
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &checkboxes()))]
impl ServerHandler for RmcpServer {}

#[cfg(feature = "rust-mcp-sdk")]
pub use sdk::SdkServer;

#[cfg(feature = "rust-mcp-sdk")]
mod sdk {
    use std::sync::Arc;

    use elicit_core::dialog::Dialog;
    use elicit_core::rust_mcp_sdk::{Recovered, generic_result, recover};
    use rust_mcp_sdk::mcp_server::ServerHandler;
    use rust_mcp_sdk::schema::schema_utils::CustomRequest;
    use rust_mcp_sdk::schema::{
        CallToolRequestParams, CallToolResult, Result as GenericResult, RpcError, ServerResult,
    };
    use rust_mcp_sdk::{McpServer, RequestContext};

    use super::{AtHand, at_hand};

    /// The rust-mcp-sdk server.
    pub struct SdkServer {
        pub current: AtHand,
    }

    impl SdkServer {
        async fn call_tool(&self, dialog: Dialog) -> Result<ServerResult, RpcError> {
            let case = at_hand(&self.current);
            dialog
                .run(|d| async move {
                    let told = case.ask(d).await?;
                    Ok(CallToolResult::text_content(vec![told.into()]))
                })
                .await
        }
    }

    #[async_trait::async_trait]
    impl ServerHandler for SdkServer {
        async fn handle_call_tool_request_mrtr(
            &self,
            params: CallToolRequestParams,
            _context: &RequestContext,
            _runtime: Arc<dyn McpServer>,
        ) -> Result<ServerResult, RpcError> {
            let dialog = Dialog::from(&params);
            self.call_tool(dialog).await
        }

        /// A retry whose answers the SDK's model cannot read (a number with a fraction, a
        /// list of numbers): recovered, read by the dialog as the client sent it.
        async fn handle_custom_request(
            &self,
            request: CustomRequest,
            _context: &RequestContext,
            _runtime: Arc<dyn McpServer>,
        ) -> Result<GenericResult, RpcError> {
            match recover(request, self)? {
                Recovered::Tool { dialog, .. } => generic_result(self.call_tool(dialog).await?),
                _ => Err(RpcError::method_not_found()),
            }
        }
    }
}
