//! Pairing with [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`).
//!
//! A tool that asks the person something takes a [`Dialog`](crate::dialog::Dialog) argument
//! and runs its body with it: the same code asks with `elicitation/create` up to 2025-11-25
//! and with an `InputRequiredResult` on 2026-07-28, and gets the same typed answers and the
//! same errors on each.
//!
//! | I want to … | call |
//! |---|---|
//! | ask forms in a tool, on every revision | a `dialog: Dialog` argument, [`dialog.run(…)`](crate::dialog::Dialog::run), [`d.ask::<T>(key)`](crate::dialog::Dialog::ask) |
//! | the value, or the tool answered with a text when declined | [`d.ask::<T>(key).or_reply("…")`](crate::dialog::Ask::or_reply) |
//! | ask again after an invalid answer | [`.attempts(n)`](crate::dialog::Ask::attempts) |
//! | ask in a prompt | [`Dialog::prompt(ctx, &params)`](crate::dialog::Dialog::prompt) in `ServerHandler::get_prompt` |
//! | give every dialog of the server its keys, fallback, guard: once | [`with_dialogs(Self::tool_router(), &settings)`](with_dialogs) as `#[tool_handler(router = …)]` |
//! | ask on the peer outside a tool (≤ 2025-11-25 only) | [`PeerElicitExt`] |
//! | ask for a secret on a page of the server's own, on every revision (feature `url-forms`) | `d.ask_url_form::<T>(key)`, with the server's `UrlForms` in its settings (`DialogSettings::url_forms`) |
//! | tell the client a URL interaction is done (2025-11-25) | [`d.complete_url(id)`](crate::dialog::Dialog::complete_url), [`PeerElicitExt::notify_url_complete`] |
//! | build a 2026-07-28 result by hand | [`input_required`], [`form_outcome`], [`url_outcome`] |
//! | answer a form as a client | [`read_form`], [`accept_form`] |
//!
//! ```toml
//! elicit-core = { version = "0.1", features = ["rmcp"] }
//! rmcp = { version = "3.9", features = ["server", "macros", "transport-io"] } # a stdio server
//! ```
//!
//! # One tool, every revision
//!
//! ```
//! use elicit_core::dialog::Dialog;
//! use elicit_core::Elicit;
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
//!
//! /// Please confirm your table reservation
//! #[derive(Elicit)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12, default = 2)]
//!     party_size: u8,
//! }
//!
//! #[derive(Clone)]
//! struct Tables;
//!
//! #[tool_router]
//! impl Tables {
//!     #[tool(description = "Books a table")]
//!     async fn book_table(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
//!         dialog.run(|d| async move {
//!             let text = match d.ask::<Booking>("booking").await?.accepted() {
//!                 Some(booking) => format!("Booked for {}", booking.party_size),
//!                 None => "Nothing booked".to_owned(), // declined or cancelled
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//!
//! #[tool_handler]
//! impl ServerHandler for Tables {}
//! ```
//!
//! `?` in the body turns every failure into the JSON-RPC error it stands for: the client
//! lacks the mode (`-32021`, checked before anything is sent), the answer does not fit the
//! form (`-32602`, naming the key and every field), the answer is not an answer (`-32602`,
//! naming the key), the `requestState` does not open (`-32602`). See
//! [`Halt`](crate::dialog::Halt).
//!
//! # Field order, and what rmcp's model cannot hold
//!
//! Up to 2025-11-25 a dialog sends each form as the JSON it renders to, exactly. On
//! 2026-07-28 the form rides in rmcp's `InputRequiredResult`, in rmcp's model: the `rmcp`
//! feature turns on `serde_json`'s `preserve_order`, and the conversion sets
//! `ElicitationSchema::property_order`, so the fields arrive in declaration order; rmcp's
//! model holds integer bounds as `i64` and string lengths as `u32`, so a bound or length
//! beyond those is left out (the typed parser still enforces it), and it writes a URL
//! request's `elicitationId` as `""` (2026-07-28 has no such field; clients ignore it).
//! (The field is rmcp's model's: it has no way to leave it out. A server that must send the
//! revision's exact bytes can build the 2026-07-28 result as JSON with
//! [`Dialog::run`](crate::dialog::Dialog::run) into a `serde_json::Value`.)
//! Cargo unifies features: every crate in the build that uses `serde_json` then gets
//! insertion-ordered `Value` maps (equality of `Value`s does not depend on order).

mod client;
mod convert;
mod dialog;
mod input;
mod peer;
mod served;

pub use self::client::{accept_form, read_form};
pub use self::convert::protocol_version;
pub use self::input::{
    form_input_required, form_outcome, input_request, input_required, url_input_required,
    url_outcome,
};
pub use self::peer::{PeerElicitExt, PeerFuture};
pub use self::served::with_dialogs;
