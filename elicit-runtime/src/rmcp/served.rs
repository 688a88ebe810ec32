//! A server's dialog settings, given once to its tool router: [`with_dialogs`].

use std::sync::Arc;

use ::rmcp::handler::server::router::tool::ToolRouter;
use ::rmcp::handler::server::tool::ToolCallContext;

use serde_json::{Map, Value};

use crate::dialog::DialogSettings;

/// The settings of the server a call is served by, as [`with_dialogs`] leaves them in the
/// call's request context for its dialogs.
#[derive(Clone)]
pub(super) struct SharedSettings(pub(super) Arc<DialogSettings>);

/// The arguments of the tool call being served, as the first dialog (or elicit extractor) of
/// the call saw them: kept in the request's extensions, which no extractor takes.
#[derive(Clone)]
pub(super) struct CallArguments(pub(super) Map<String, Value>);

/// `router`, its tools' dialogs made with `settings`: given once where the server is made,
/// so that no tool body names any of it (the keys the 2026-07-28 states are sealed with,
/// their lifetime, the multi-select fallback, the replay guard of `once` dialogs), as a
/// router's state reaches every axum handler. Every `dialog: Dialog` argument of the
/// router's tools is made with them. A server whose router is given none serves its dialogs
/// with [`DialogSettings`]' defaults.
///
/// It also keeps each call's arguments where no extractor takes them before its tool runs,
/// so that a dialog binds its state to them whichever order the tool declares
/// `dialog: Dialog` and rmcp's `Parameters` in.
///
/// Give it as the router of `#[tool_handler]`, or keep the router it returns in the server:
///
/// ```
/// use elicit_core::dialog::{Dialog, DialogSettings};
/// use elicit_core::state::{StateKey, StateKeys};
/// use elicit_core::rmcp::with_dialogs;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
///
/// #[derive(Clone)]
/// struct Tables {
///     dialogs: DialogSettings,
/// }
///
/// #[tool_router]
/// impl Tables {
///     #[tool(description = "Books a table")]
///     async fn book(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
///         dialog.run(|_| async { Ok(CallToolResult::success(vec![ContentBlock::text("booked")])) }).await
///     }
/// }
///
/// #[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
/// impl ServerHandler for Tables {}
///
/// // Every instance of the fleet seals with the same keys (from a secret store in truth).
/// let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
/// let tables = Tables { dialogs: DialogSettings::new().keys(&keys) };
/// # let _ = tables;
/// ```
pub fn with_dialogs<S: Send + Sync + 'static>(
    mut router: ToolRouter<S>,
    settings: &DialogSettings,
) -> ToolRouter<S> {
    let settings = Arc::new(settings.clone());
    for route in router.map.values_mut() {
        let tool = Arc::clone(&route.call);
        let settings = Arc::clone(&settings);
        route.call = Arc::new(move |mut context: ToolCallContext<'_, S>| {
            let extensions = &mut context.request_context.extensions;
            extensions.insert(SharedSettings(Arc::clone(&settings)));
            extensions.insert(CallArguments(context.arguments.clone().unwrap_or_default()));
            tool(context)
        });
    }
    router
}
