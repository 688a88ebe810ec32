//! Pairing with [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk) 2.0, the other Rust MCP SDK
//! (feature `rust-mcp-sdk`).
//!
//! rust-mcp-sdk 2.0 speaks protocol 2026-07-28 only: a server sends no request of its own,
//! so a tool (or a prompt) that asks the person something answers the call with an
//! `InputRequiredResult`, and the client calls again with the answers and the
//! `requestState`. A [`Dialog`](crate::dialog::Dialog) made from the call's params does this
//! round by round in straight-line code, as it does for rmcp: the same
//! [`ask`](crate::dialog::Dialog::ask) and [`ask_form`](crate::dialog::Dialog::ask_form)
//! (forms shaped at run time too) with [`or_reply`](crate::dialog::Ask::or_reply), a reply
//! answered as the tool's result (a [`Router`]'s prompt: as its message),
//! [`ask_url`](crate::dialog::Dialog::ask_url) and [`ask_all`](crate::dialog::Dialog::ask_all),
//! the same sealed state, the same typed answers and the same errors.
//!
//! A [`Router`] is the server: each tool (and prompt) is declared on it with a handler that
//! takes the call's `Dialog` and its arguments, typed; it answers `tools/list`, reads the
//! arguments, makes the dialog and runs the handler in it, and recovers the retries the
//! SDK's models cannot read. The pieces it is made of stay public, for a `ServerHandler`
//! written by hand ([the long form](#the-long-form-a-serverhandler-by-hand)).
//!
//! | I want to … | call |
//! |---|---|
//! | serve tools that ask | [`Router::default().tool(name, description, handler)`](Router::tool), then `router.to_mcp_server_handler()` |
//! | serve a prompt that asks | [`.prompt(name, description, handler)`](Router::prompt) |
//! | seal with the server's own keys (several instances) | [`Router::new(settings)`](Router::new) |
//! | the server's capabilities, for the SDK's `ServerDetails` | [`router.capabilities()`](Router::capabilities) |
//! | ask forms in a `ServerHandler` written by hand | [`Dialog::from(&params)`](crate::dialog::Dialog) in `handle_call_tool_request_mrtr`, then [`dialog.run(…)`](crate::dialog::Dialog::run) |
//! | ask in a prompt, by hand | `Dialog::from(&params)` in `handle_get_prompt_request` |
//! | answer a retry whose answers the SDK could not read, by hand | [`recover`] in `handle_custom_request`, then [`generic_result`] |
//! | seal with the server's keys, by hand | `Dialog::from(&params)`[`.with_settings(&settings)`](crate::dialog::Dialog::with_settings) |
//! | bind the states to the caller the SDK authenticated, by hand | `Dialog::from(&params)`[`.with_runtime(&*runtime).await`](crate::dialog::Dialog::with_runtime) |
//! | return an `InputRequiredResult` built by hand, exactly | [`input_required`] |
//! | turn errors into the SDK's `RpcError` and back | `RpcError::from(halt)`, `RpcError::from(json_rpc_error)`, `Halt::from(rpc_error)` |
//! | test a tool on the SDK's own request path | `TestClient::connect_rust_mcp_sdk` (feature `testing`) |
//!
//! ```toml
//! elicit-core = { version = "0.1", features = ["rust-mcp-sdk"] }
//! rust-mcp-sdk = { version = "2.0", default-features = false, features = ["server", "stdio"] } # or "streamable-http"
//! serde = { version = "1", features = ["derive"] }   # the tools' arguments
//! schemars = "1"                                      # their `inputSchema`
//! ```
//!
//! # One tool
//!
//! ```
//! use elicit_core::dialog::{Dialog, Halt};
//! use elicit_core::rust_mcp_sdk::Router;
//! use elicit_core::Elicit;
//! use rust_mcp_sdk::schema::CallToolResult;
//!
//! /// Please confirm your table reservation
//! #[derive(Elicit)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12, default = 2)]
//!     party_size: u8,
//! }
//!
//! /// The arguments of `book_table`.
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct Table {
//!     /// The day, written YYYY-MM-DD
//!     day: String,
//! }
//!
//! async fn book_table(d: Dialog, table: Table) -> Result<CallToolResult, Halt> {
//!     let text = match d.ask::<Booking>("booking").await?.accepted() {
//!         Some(booking) => format!("Booked for {} on {}", booking.party_size, table.day),
//!         None => "Nothing booked".to_owned(), // declined or cancelled
//!     };
//!     Ok(CallToolResult::text_content(vec![text.into()]))
//! }
//!
//! // The SDK's ServerHandler: serve it as any, `router.to_mcp_server_handler()`.
//! let router = Router::default().tool("book_table", "Books a table", book_table);
//! # let _ = router;
//! ```
//!
//! A server over stdio is `examples/src/bin/book_trip_rust_mcp_sdk.rs` in the repository.
//!
//! `?` in the body turns every failure into the JSON-RPC error it stands for, as with rmcp:
//! the client lacks the mode (`-32021`, naming the mode in `requiredCapabilities`), the
//! answer does not fit the form (`-32602`, naming the key and every field), the answer is not
//! an answer (`-32602`, naming the key), the `requestState` does not open (`-32602`). See
//! [`Halt`](crate::dialog::Halt).
//!
//! # The long form: a `ServerHandler` by hand
//!
//! What the router does, written out: for a server that routes in its own way, needs the
//! request's context, or serves a tool with [`once`](crate::dialog::Dialog::once) or a
//! [`principal`](crate::dialog::Dialog::principal) of its own. One function serves the
//! tools, so that a retry the SDK could not read, which it hands to `handle_custom_request`,
//! is served by the same code.
//!
//! ```
//! use std::sync::Arc;
//!
//! use elicit_core::dialog::Dialog;
//! use elicit_core::Elicit;
//! use rust_mcp_sdk::mcp_server::ServerHandler;
//! use rust_mcp_sdk::schema::schema_utils::CustomRequest;
//! use rust_mcp_sdk::schema::{CallToolRequestParams, CallToolResult, Result as GenericResult, RpcError, ServerResult};
//! use rust_mcp_sdk::{McpServer, RequestContext};
//!
//! /// Please confirm your table reservation
//! #[derive(Elicit)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12, default = 2)]
//!     party_size: u8,
//! }
//!
//! struct Tables;
//!
//! impl Tables {
//!     /// Every tool, whether the SDK read the call or it was recovered.
//!     async fn call_tool(&self, params: CallToolRequestParams, dialog: Dialog) -> Result<ServerResult, RpcError> {
//!         match params.name.as_str() {
//!             "book_table" => dialog.run(|d| async move {
//!                 let text = match d.ask::<Booking>("booking").await?.accepted() {
//!                     Some(booking) => format!("Booked for {}", booking.party_size),
//!                     None => "Nothing booked".to_owned(), // declined or cancelled
//!                 };
//!                 Ok(CallToolResult::text_content(vec![text.into()]))
//!             })
//!             .await,
//!             other => Err(RpcError::invalid_params().with_message(format!("Unknown tool: {other}"))),
//!         }
//!     }
//! }
//!
//! #[async_trait::async_trait] // the SDK's ServerHandler is an async_trait trait
//! impl ServerHandler for Tables {
//!     async fn handle_call_tool_request_mrtr(
//!         &self,
//!         params: CallToolRequestParams,
//!         _context: &RequestContext,
//!         runtime: Arc<dyn McpServer>,
//!     ) -> Result<ServerResult, RpcError> {
//!         // Bound to the caller the SDK's authorization validated, if any.
//!         let dialog = Dialog::from(&params).with_runtime(&*runtime).await;
//!         self.call_tool(params, dialog).await
//!     }
//!
//!     // A retry whose answers the SDK's models cannot hold (a number with a fraction, a
//!     // null) reaches the server as a custom request.
//!     async fn handle_custom_request(
//!         &self,
//!         request: CustomRequest,
//!         _context: &RequestContext,
//!         runtime: Arc<dyn McpServer>,
//!     ) -> Result<GenericResult, RpcError> {
//!         match elicit_core::rust_mcp_sdk::recover(request, self)? {
//!             elicit_core::rust_mcp_sdk::Recovered::Tool { params, dialog, .. } => {
//!                 let dialog = dialog.with_runtime(&*runtime).await;
//!                 elicit_core::rust_mcp_sdk::generic_result(self.call_tool(params, dialog).await?)
//!             }
//!             _ => Err(RpcError::method_not_found()),
//!         }
//!     }
//! }
//! ```
//!
//! It lists no tools (`tools/list` is the SDK's `-32601` until `handle_list_tools_request` is
//! written too) and reads no arguments: both are the router's.
//!
//! # What the SDK does not allow, and what this module does instead
//!
//! The guide chapter `sdks` (features `rmcp`, `rust-mcp-sdk` and `testing`, as on docs.rs)
//! writes the same tool for rmcp and for rust-mcp-sdk, and lists each limitation with its
//! place in the SDK's sources.
//!
//! - **Never send an elicit form through the SDK's typed `InputRequest` models**
//!   (`schema::InputRequiredResult`, `ElicitRequest`, `PrimitiveSchemaDefinition`): reading
//!   a form into them turns every select into free text (its options are dropped), sorts
//!   the fields alphabetically, writes integer bounds and defaults as floats (`1.0`), and
//!   drops `pattern`. [`Dialog::run`](crate::dialog::Dialog::run) answers with the SDK's
//!   generic result (`ServerResult::Result`), whose JSON is elicit's own, exactly.
//! - **Answers the SDK's models cannot hold** (a number with a fraction, `null`, an integer
//!   beyond `i64`, an answer that is not an answer) make the whole retry unreadable to the
//!   SDK, which hands it to `handle_custom_request` as a custom request instead of a
//!   `tools/call`. [`recover`] reads it back, after the checks the SDK would have made (a
//!   [`Router`] does, for every tool and prompt declared on it). A server that does not
//!   implement `handle_custom_request` answers such a retry with `-32601`: a form with an
//!   `f64` field cannot be answered at all.
//! - **No live `elicitation/create`**: the SDK speaks 2026-07-28 only, so a dialog is never
//!   live ([`is_live`](crate::dialog::Dialog::is_live) is `false`), and
//!   [`complete_url`](crate::dialog::Dialog::complete_url) does nothing.
//! - **Capabilities are checked per question, not per tool**: the SDK's
//!   `required_capabilities_for_tool_call` with `RequiredClientCapability::Elicitation`
//!   refuses the whole tool and cannot say form or URL mode. Leave it out for elicitation: a
//!   dialog checks each question against the modes the client declared, and refuses with
//!   `-32021` naming the mode (or the tool falls back, after
//!   [`supports`](crate::dialog::Dialog::supports)).
//! - **The state is sealed by the dialog**: the SDK's `RequestStateCodec` binds nothing to
//!   the call and has no key rotation; a dialog seals with [`StateKeys`](crate::state::StateKeys)
//!   (encrypted, bound to the tool and its arguments, expiring).
//! - **Errors are built field by field**: `RpcError::new` takes the SDK's closed
//!   `RpcErrorCodes`, which has no `-32042` and no code of a server's own; the conversions
//!   here write the struct's public fields, so every code passes through.
//! - A generic result is not stamped with `_meta["io.modelcontextprotocol/serverInfo"]`, as
//!   the SDK stamps its typed results (a SHOULD of the revision).

mod arguments;
mod dialog;
mod error;
mod recover;
mod result;
mod router;

pub use self::recover::{Recovered, recover};
pub use self::result::{generic_result, input_required, reply_result};
pub use self::router::Router;
