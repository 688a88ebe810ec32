//! [`Router`]: a rust-mcp-sdk `ServerHandler` made of the tools and prompts declared on it.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use ::rust_mcp_sdk::McpServer;
use ::rust_mcp_sdk::RequestContext;
use ::rust_mcp_sdk::mcp_server::ServerHandler;
use ::rust_mcp_sdk::schema::schema_utils::{CustomRequest, UnknownTool};
use ::rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, GetPromptResult,
    ListPromptsResult, ListPromptsResultCacheScope, ListToolsResult, ListToolsResultCacheScope,
    PaginatedRequestParams, Prompt, Result as GenericResult, RpcError, ServerCapabilities,
    ServerCapabilitiesPrompts, ServerCapabilitiesTools, ServerResult, Tool,
};
use schemars::JsonSchema;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::arguments::{input_schema, prompt_arguments, read};
use super::recover::{Recovered, recover};
use super::result::{generic_result, reply_prompt, reply_result};
use crate::dialog::{Dialog, DialogSettings, Halt, Reply};

/// What a declared tool or prompt does with a call: its arguments (as JSON) and its dialog
/// in, the call's answer out. The handler's types are erased here, when it is declared.
type Route = Arc<dyn Fn(Map<String, Value>, Dialog) -> Answering + Send + Sync>;

type Answering = Pin<Box<dyn Future<Output = Result<ServerResult, RpcError>> + Send>>;

/// A rust-mcp-sdk 2.0 server made of the tools and prompts declared on it, each a handler
/// that takes a [`Dialog`] and its typed arguments: the router implements the SDK's
/// `ServerHandler` (serve it as any handler, `router.to_mcp_server_handler()`), and answers
///
/// - `tools/list` and `prompts/list` with what was declared, in order: each tool's name,
///   description and `inputSchema` (the JSON schema of its arguments' type, as rmcp writes
///   it), each prompt's name, description and arguments;
/// - `tools/call` and `prompts/get` by reading the arguments into the handler's type (serde;
///   one that does not fit is `-32602` naming the argument, in the message and as
///   `data.argument`), making the call's dialog with the router's [`DialogSettings`], bound
///   to the caller the SDK authenticated ([`Dialog::with_runtime`]), and running the
///   handler in it ([`Dialog::run`]): its result, the `InputRequiredResult` of the question
///   it is waiting on, or the JSON-RPC error it stopped with. An unknown tool or prompt is
///   `-32602`, "Unknown tool: …" (the SDK's words);
/// - the retries the SDK's models cannot read (an answer with a number with a fraction, a
///   `null`), which reach `handle_custom_request`: [`recover`]ed and served by the same
///   handler. Any other custom request is `-32601`.
///
/// Declare each tool with [`tool`](Self::tool), each prompt with [`prompt`](Self::prompt).
/// A handler is an `async fn` (or a closure returning a future) of `(Dialog, A)` whose body
/// asks as any dialog does; state it needs, it captures (an `Arc` of it, cloned into each
/// call's future).
///
/// ```
/// use elicit_core::dialog::{Dialog, DialogSettings, Halt};
/// use elicit_core::rust_mcp_sdk::Router;
/// use elicit_core::Elicit;
/// use rust_mcp_sdk::schema::CallToolResult;
///
/// /// How many people?
/// #[derive(Elicit)]
/// struct Party {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// /// The arguments of `book_table`.
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Table {
///     /// The day, written YYYY-MM-DD
///     day: String,
/// }
///
/// async fn book_table(d: Dialog, table: Table) -> Result<CallToolResult, Halt> {
///     let text = match d.ask::<Party>("party").await?.accepted() {
///         Some(party) => format!("Table for {} on {}", party.size, table.day),
///         None => "Nothing booked".to_owned(),
///     };
///     Ok(CallToolResult::text_content(vec![text.into()]))
/// }
///
/// let router = Router::new(DialogSettings::new()).tool("book_table", "Books a table", book_table);
/// # let _ = router;
/// ```
pub struct Router {
    settings: DialogSettings,
    tools: Vec<(Tool, Route)>,
    prompts: Vec<(Prompt, Route)>,
}

impl fmt::Debug for Router {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tools: Vec<&str> = self
            .tools
            .iter()
            .map(|(tool, _)| tool.name.as_str())
            .collect();
        let prompts: Vec<&str> = self
            .prompts
            .iter()
            .map(|(prompt, _)| prompt.name.as_str())
            .collect();
        f.debug_struct("Router")
            .field("settings", &self.settings)
            .field("tools", &tools)
            .field("prompts", &prompts)
            .finish()
    }
}

impl Default for Router {
    /// A router without tools or prompts whose dialogs have [`DialogSettings`]' defaults.
    fn default() -> Self {
        Self::new(DialogSettings::new())
    }
}

impl Router {
    /// A router without tools or prompts yet, whose every dialog is made with `settings`
    /// (the keys its states are sealed with, their lifetime, the multi-select fallback, the
    /// replay guard): the server's, given once.
    ///
    /// ```
    /// use elicit_core::dialog::DialogSettings;
    /// use elicit_core::state::{StateKey, StateKeys};
    /// use elicit_core::rust_mcp_sdk::Router;
    ///
    /// // Every instance of the fleet seals with the same keys (from a secret store in truth).
    /// let keys = StateKeys::new(StateKey::new(&[7; 32]).unwrap());
    /// let router = Router::new(DialogSettings::new().keys(&keys));
    /// # let _ = router;
    /// ```
    pub fn new(settings: DialogSettings) -> Self {
        Self {
            settings,
            tools: Vec::new(),
            prompts: Vec::new(),
        }
    }

    /// Declares the tool `name`, listed with `description` and the JSON schema of `A` as its
    /// `inputSchema`, and served by `handler`: each call's arguments are read into `A`
    /// (a struct deriving serde's `Deserialize` and schemars' `JsonSchema`, a map, or `()`
    /// for a tool without arguments), and the handler's result (a `CallToolResult`, or what
    /// converts into one) answers the call once every question is answered.
    ///
    /// # Panics
    /// When a tool `name` is declared already, or when `A`'s JSON schema is not an object's
    /// (a tool's arguments are a JSON object): mistakes of the server's, found when it is
    /// built, as axum's `Router::route` finds a route declared twice.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::rust_mcp_sdk::Router;
    /// use rust_mcp_sdk::schema::CallToolResult;
    ///
    /// async fn ping(_: Dialog, _: ()) -> Result<CallToolResult, Halt> {
    ///     Ok(CallToolResult::text_content(vec!["pong".into()]))
    /// }
    ///
    /// let router = Router::default().tool("ping", "Answers pong", ping);
    /// # let _ = router;
    /// ```
    #[must_use]
    pub fn tool<A, H, Fut, R>(
        mut self,
        name: impl Into<String>,
        description: impl Into<String>,
        handler: H,
    ) -> Self
    where
        A: DeserializeOwned + JsonSchema + Send + 'static,
        H: Fn(Dialog, A) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<R, Halt>> + Send + 'static,
        R: Into<CallToolResult> + 'static,
    {
        let name = name.into();
        assert!(
            !self.tools.iter().any(|(tool, _)| tool.name == name),
            "the tool `{name}` is declared twice"
        );
        let what = format!("tool `{name}`");
        let tool = Tool {
            annotations: None,
            description: Some(description.into()),
            icons: Vec::new(),
            input_schema: input_schema::<A>(&what),
            meta: None,
            name,
            output_schema: None,
            title: None,
        };
        let route = route(
            what,
            handler,
            |result: R| ServerResult::from(Into::<CallToolResult>::into(result)),
            |reply| ServerResult::from(reply_result(&reply)),
        );
        self.tools.push((tool, route));
        self
    }

    /// Declares the prompt `name`, listed with `description` and one argument per property
    /// of `A`'s JSON schema (its title, description, and whether it is required), and
    /// served by `handler`: each request's arguments (strings, as prompts take them) are read
    /// into `A`, and the handler's result answers once every question is answered.
    ///
    /// # Panics
    /// When a prompt `name` is declared already.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::rust_mcp_sdk::Router;
    /// use elicit_core::Elicit;
    /// use rust_mcp_sdk::schema::{ContentBlock, GetPromptResult, PromptMessage, Role};
    ///
    /// /// What should the review focus on?
    /// #[derive(Elicit)]
    /// struct Focus { focus: String }
    ///
    /// /// The arguments of `review`.
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Review {
    ///     /// The file to review
    ///     file: String,
    /// }
    ///
    /// async fn review(d: Dialog, review: Review) -> Result<GetPromptResult, Halt> {
    ///     let focus = d.ask::<Focus>("focus").await?.accepted().map_or("anything".to_owned(), |f| f.focus);
    ///     Ok(GetPromptResult {
    ///         description: None,
    ///         messages: vec![PromptMessage {
    ///             content: ContentBlock::text_content(format!("Review {}, focusing on {focus}", review.file)),
    ///             role: Role::User,
    ///         }],
    ///         meta: None,
    ///         result_type: "complete".to_owned(),
    ///     })
    /// }
    ///
    /// let router = Router::default().prompt("review", "Reviews a file", review);
    /// # let _ = router;
    /// ```
    #[must_use]
    pub fn prompt<A, H, Fut, R>(
        mut self,
        name: impl Into<String>,
        description: impl Into<String>,
        handler: H,
    ) -> Self
    where
        A: DeserializeOwned + JsonSchema + Send + 'static,
        H: Fn(Dialog, A) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<R, Halt>> + Send + 'static,
        R: Into<GetPromptResult> + 'static,
    {
        let name = name.into();
        assert!(
            !self.prompts.iter().any(|(prompt, _)| prompt.name == name),
            "the prompt `{name}` is declared twice"
        );
        let prompt = Prompt {
            arguments: prompt_arguments::<A>(),
            description: Some(description.into()),
            icons: Vec::new(),
            meta: None,
            name: name.clone(),
            title: None,
        };
        let route = route(
            format!("prompt `{name}`"),
            handler,
            |result: R| ServerResult::from(Into::<GetPromptResult>::into(result)),
            |reply| ServerResult::from(reply_prompt(&reply)),
        );
        self.prompts.push((prompt, route));
        self
    }

    /// The capabilities the router serves, for the `ServerDetails` the SDK's runtime is given:
    /// `tools` when a tool is declared, `prompts` when a prompt is.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    /// use elicit_core::rust_mcp_sdk::Router;
    /// use rust_mcp_sdk::schema::CallToolResult;
    ///
    /// async fn ping(_: Dialog, _: ()) -> Result<CallToolResult, Halt> {
    ///     Ok(CallToolResult::text_content(vec!["pong".into()]))
    /// }
    ///
    /// let capabilities = Router::default().tool("ping", "Answers pong", ping).capabilities();
    /// assert!(capabilities.tools.is_some() && capabilities.prompts.is_none());
    /// ```
    pub fn capabilities(&self) -> ServerCapabilities {
        ServerCapabilities {
            tools: (!self.tools.is_empty()).then(ServerCapabilitiesTools::default),
            prompts: (!self.prompts.is_empty()).then(ServerCapabilitiesPrompts::default),
            ..ServerCapabilities::default()
        }
    }

    /// The declared tool's route, or the error for a name no tool has.
    fn tool_route(&self, name: &str) -> Result<&Route, RpcError> {
        self.tools
            .iter()
            .find(|(tool, _)| tool.name == name)
            .map(|(_, route)| route)
            .ok_or_else(|| {
                RpcError::invalid_params().with_message(UnknownTool(name.to_owned()).to_string())
            })
    }

    fn prompt_route(&self, name: &str) -> Result<&Route, RpcError> {
        self.prompts
            .iter()
            .find(|(prompt, _)| prompt.name == name)
            .map(|(_, route)| route)
            .ok_or_else(|| {
                RpcError::invalid_params().with_message(format!("Unknown prompt: {name}"))
            })
    }

    /// Serves a call with `route`, its dialog made with the router's settings and bound to
    /// the caller `runtime` knows.
    async fn serve(
        &self,
        route: &Route,
        arguments: Map<String, Value>,
        dialog: Dialog,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = dialog
            .with_settings(&self.settings)
            .with_runtime(&*runtime)
            .await;
        route(arguments, dialog).await
    }

    async fn call_tool(
        &self,
        params: CallToolRequestParams,
        dialog: Dialog,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let route = self.tool_route(&params.name)?;
        let arguments = params.arguments.unwrap_or_default();
        self.serve(route, arguments, dialog, runtime).await
    }

    async fn get_prompt(
        &self,
        params: GetPromptRequestParams,
        dialog: Dialog,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let route = self.prompt_route(&params.name)?;
        let arguments = params
            .arguments
            .unwrap_or_default()
            .into_iter()
            .map(|(name, value)| (name, Value::String(value)))
            .collect();
        self.serve(route, arguments, dialog, runtime).await
    }
}

/// The route of a handler: its arguments read into `A` (`-32602` naming the one that does
/// not fit, before the dialog opens its state), then the handler run in the dialog, its
/// result made a `ServerResult` by `done`, a [`Reply`] it stopped with by `reply` (a tool's
/// result or a prompt's).
fn route<A, H, Fut, R>(
    what: String,
    handler: H,
    done: fn(R) -> ServerResult,
    reply: fn(Reply) -> ServerResult,
) -> Route
where
    A: DeserializeOwned + Send + 'static,
    H: Fn(Dialog, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<R, Halt>> + Send + 'static,
    R: 'static,
{
    let handler = Arc::new(handler);
    Arc::new(move |arguments, dialog| {
        let arguments = read::<A>(arguments).map_err(|error| error.to_rpc_error(&what));
        let handler = Arc::clone(&handler);
        Box::pin(async move {
            let arguments = arguments?;
            dialog
                .run(|d| async move {
                    match (*handler)(d, arguments).await {
                        Ok(result) => Ok(done(result)),
                        Err(Halt::Reply(text)) => Ok(reply(text)),
                        Err(halt) => Err(halt),
                    }
                })
                .await
        })
    })
}

#[async_trait::async_trait]
impl ServerHandler for Router {
    async fn handle_list_tools_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListToolsResult, RpcError> {
        // One page: the list is what was declared, the same for every caller.
        Ok(ListToolsResult {
            cache_scope: ListToolsResultCacheScope::Public,
            meta: None,
            next_cursor: None,
            result_type: "complete".to_owned(),
            tools: self.tools.iter().map(|(tool, _)| tool.clone()).collect(),
            ttl_ms: 0,
        })
    }

    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.call_tool(params, dialog, runtime).await
    }

    async fn handle_list_prompts_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListPromptsResult, RpcError> {
        Ok(ListPromptsResult {
            cache_scope: ListPromptsResultCacheScope::Public,
            meta: None,
            next_cursor: None,
            prompts: self
                .prompts
                .iter()
                .map(|(prompt, _)| prompt.clone())
                .collect(),
            result_type: "complete".to_owned(),
            ttl_ms: 0,
        })
    }

    async fn handle_get_prompt_request(
        &self,
        params: GetPromptRequestParams,
        _context: &RequestContext,
        runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let dialog = Dialog::from(&params);
        self.get_prompt(params, dialog, runtime).await
    }

    /// A `tools/call` or `prompts/get` whose answers the SDK's models cannot hold arrives
    /// here, as a custom request: recovered, with the checks the SDK would have made, and
    /// served by the same handler.
    async fn handle_custom_request(
        &self,
        request: CustomRequest,
        _context: &RequestContext,
        runtime: Arc<dyn McpServer>,
    ) -> Result<GenericResult, RpcError> {
        match recover(request, self)? {
            Recovered::Tool { params, dialog, .. } => {
                generic_result(self.call_tool(params, dialog, runtime).await?)
            }
            Recovered::Prompt { params, dialog, .. } => {
                generic_result(self.get_prompt(params, dialog, runtime).await?)
            }
            Recovered::Custom(request) => Err(RpcError::method_not_found()
                .with_message(format!("Method not found: {}", request.method))),
        }
    }
}
