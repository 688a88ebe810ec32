//! A scripted, in-process MCP client for testing an rmcp server's tools that elicit, on
//! every protocol revision (feature `testing`; put it in `[dev-dependencies]`).
//!
//! [`TestClient`] picks the protocol revision (2025-06-18, 2025-11-25 or 2026-07-28) and the
//! elicitation modes the client declares, and holds the script: the user's [`Answer`]s, in
//! order. [`connect`](TestClient::connect) starts the server handler in process and opens a
//! [`Session`]; [`Session::call_tool`] returns the tool's final result. Up to 2025-11-25 the
//! client answers each `elicitation/create` the tool sends; on 2026-07-28 it answers each
//! `InputRequiredResult` and calls again with the `inputResponses` and the same
//! `requestState`, as a real client must, up to a bound on rounds. Every request the server
//! made is recorded ([`SeenRequest`]: typed, and as the bytes sent), and a script that runs
//! out, or does not fit a request, fails the call with a [`KitError`] that names the
//! request and what the script had left.
//!
//! A server of another SDK, or of none, is tested on 2026-07-28 through an [`Exchange`]: a
//! function from a JSON-RPC request to its response, which [`TestClient::exchange`] drives
//! with the same script into an [`ExchangeSession`] (with the `rust-mcp-sdk` feature,
//! `TestClient::connect_rust_mcp_sdk` serves a rust-mcp-sdk handler that way, in process).
//!
//! A client can be a signed-in person ([`TestClient::signed_in_as`]): every request carries
//! the principal, as the server's authorization would (in the request's extensions with
//! rmcp, as the SDK's `AuthInfo` with rust-mcp-sdk), so a dialog binds its states and links to
//! it. With the `url-forms` feature too, the kit drives URL-mode forms (the `url_form`
//! module) as that person does: a `Browser` on your app (the pages' router and your own
//! routes, a cookie jar) opens the link, and the script's `Answer::open_page` fills the `Page`
//! in by its fields' names and submits it, CSRF token and all, before the client accepts; the
//! pages it was served are kept (`Session::pages`). [`Answer::when_complete`] and
//! [`Answer::never`] are the clients that hold their reply until the server says the form is
//! complete, and that never reply. The [guide](crate::guide)'s chapter on URL-mode forms
//! (`guide::url_forms`) has a whole test.
//!
//! ```
//! # // Doctests do not run `#[tokio::test]` functions: run this one as a `#[tokio::main]`.
//! # mod tokio { pub use ::tokio::*; pub use ::tokio::main as test; }
//! use elicit_core::dialog::Dialog;
//! use elicit_core::testing::{Answer, TestClient, text};
//! use elicit_core::{Elicit, ElicitOutcome};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
//!
//! /// Which city?
//! #[derive(Elicit)]
//! struct City {
//!     city: String,
//! }
//!
//! #[derive(Clone)]
//! struct Weather;
//!
//! #[tool_router]
//! impl Weather {
//!     #[tool(description = "Today's forecast")]
//!     async fn forecast(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
//!         dialog.run(|d| async move {
//!             let text = match d.ask::<City>("city").await? {
//!                 ElicitOutcome::Accepted(answer) => format!("Sunny in {}", answer.city),
//!                 _ => "No city, no forecast".to_owned(),
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//!
//! #[tool_handler]
//! impl ServerHandler for Weather {}
//!
//! #[tokio::test]
//! async fn the_forecast_asks_for_the_city() {
//!     for client in [TestClient::v2025_11_25(), TestClient::v2026_07_28()] {
//!         let oslo = City { city: "Oslo".into() };
//!         let session = client.answer(Answer::accept_value(&oslo)).connect(Weather).await.unwrap();
//!
//!         let result = session.call_tool("forecast", None).await.unwrap();
//!
//!         assert_eq!(text(&result), "Sunny in Oslo");
//!         let requests = session.requests();
//!         assert_eq!(requests.len(), 1);
//!         requests[0].assert_form::<City>();
//!     }
//! }
//! # fn main() { the_forecast_asks_for_the_city() }
//! ```

// rmcp deprecates sampling and roots (SEP-2577), but servers still send them; the kit
// answers them like any other request.
#[allow(deprecated)]
mod answer;
#[cfg(feature = "url-forms")]
mod browser;
mod caller;
mod choose;
#[allow(deprecated)]
mod client;
mod error;
mod exchange;
#[cfg(feature = "url-forms")]
mod fetch;
#[cfg(feature = "url-forms")]
mod html;
#[cfg(feature = "url-forms")]
mod page;
mod record;
mod retry;
#[cfg(feature = "rust-mcp-sdk")]
mod rust_mcp_sdk;
#[allow(deprecated)]
mod service;
mod session;
mod visit;
mod wire;

pub use self::answer::Answer;
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
pub use self::browser::Browser;
pub use self::client::TestClient;
pub use self::error::KitError;
pub use self::exchange::{Exchange, ExchangeSession, Exchanged, Exchanging};
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
pub use self::page::{Field, FieldOption, Page};
pub use self::record::SeenRequest;
pub use self::session::Session;

use ::rmcp::model::CallToolResult;

/// The text of a tool's result: its text content blocks, joined by newlines.
///
/// ```
/// use elicit_core::testing::text;
/// use rmcp::model::{CallToolResult, ContentBlock};
///
/// let result = CallToolResult::success(vec![ContentBlock::text("Sunny"), ContentBlock::text("in Oslo")]);
/// assert_eq!(text(&result), "Sunny\nin Oslo");
/// ```
pub fn text(result: &CallToolResult) -> String {
    let texts: Vec<&str> = result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|text| text.text.as_str()))
        .collect();
    texts.join("\n")
}
