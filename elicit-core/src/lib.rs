#![cfg_attr(docsrs, feature(doc_cfg))]
//! Declare an MCP elicitation form as a Rust type.
//!
//! `#[derive(Elicit)]` on a struct gives the exact `requestedSchema` an MCP client accepts
//! (flat, spec-exact, in declaration order) and a parser that turns the client's answer
//! (`ElicitResult.content`) into the struct, or into a [`ContentError`] naming every
//! invalid field. Shapes MCP forms cannot express are compile errors on the offending field.
//!
#![cfg_attr(
    all(feature = "rmcp", feature = "testing"),
    doc = "**Start here:** [your first tool that asks](crate::guide::first_tool), from `cargo new` to a tool tested on every protocol revision, in one page.\n"
)]
//!
//! ```
//! use elicit_core::Elicit;
//! use serde_json::json;
//!
//! /// Please tell us about yourself
//! #[derive(Elicit, Debug, PartialEq)]
//! struct Profile {
//!     /// Your full name
//!     #[elicit(min_length = 1, max_length = 100)]
//!     name: String,
//!     #[elicit(format = "email")]
//!     email: Option<String>,
//!     #[elicit(minimum = 18, default = 30)]
//!     age: u8,
//! }
//!
//! assert_eq!(Profile::message(), "Please tell us about yourself");
//! assert_eq!(
//!     serde_json::to_value(Profile::requested_schema()).unwrap(),
//!     json!({
//!         "type": "object",
//!         "properties": {
//!             "name": {"type": "string", "title": "Name", "description": "Your full name", "minLength": 1, "maxLength": 100},
//!             "email": {"type": "string", "title": "Email", "format": "email"},
//!             "age": {"type": "integer", "title": "Age", "minimum": 18, "maximum": 255, "default": 30}
//!         },
//!         "required": ["name"]
//!     }),
//! );
//!
//! let answer = json!({"name": "Ada", "age": 36});
//! let profile = Profile::from_content(answer.as_object().unwrap()).unwrap();
//! assert_eq!(profile, Profile { name: "Ada".into(), email: None, age: 36 });
//!
//! let bad = json!({"name": "", "email": "not-an-address", "age": 12});
//! let error = Profile::from_content(bad.as_object().unwrap()).unwrap_err();
//! assert_eq!(error.errors().len(), 3);
//! ```
//!
//! # What is where
//!
//! At the root is what a form author needs: the [`Elicit`] trait and its derive,
//! [`ElicitField`] (what a field can be), the errors [`ContentError`], [`FieldError`] and
//! [`FieldErrorKind`], and [`ElicitOutcome`] (a typed answer). The rest lives in modules:
//!
//! - [`schema`]: the typed `requestedSchema`, its property kinds and string
//!   [`Pattern`](schema::Pattern)s — what a hand-written [`ElicitField`] returns, and what a
//!   client checks answers against.
//! - [`protocol`]: requests, results and outcomes, protocol versions, capabilities, URL mode,
//!   the 2026-07-28 input-required flow, JSON-RPC helpers and size-limited reading.
//! - [`error`]: the errors above, and [`JsonType`](error::JsonType).
//! - [`choice`]: the traits the derive implements on choice enums.
#![cfg_attr(
    feature = "rmcp",
    doc = "- [`rmcp`] (feature `rmcp`): pairing with rmcp, the official Rust SDK."
)]
#![cfg_attr(
    not(feature = "rmcp"),
    doc = "- `rmcp` (feature `rmcp`): pairing with rmcp, the official Rust SDK."
)]
#![cfg_attr(
    feature = "rust-mcp-sdk",
    doc = "- [`rust_mcp_sdk`] (feature `rust-mcp-sdk`): pairing with rust-mcp-sdk 2.0 (protocol 2026-07-28)."
)]
#![cfg_attr(
    not(feature = "rust-mcp-sdk"),
    doc = "- `rust_mcp_sdk` (feature `rust-mcp-sdk`): pairing with rust-mcp-sdk 2.0 (protocol 2026-07-28)."
)]
//!
//! # Features
//!
//! | feature | what it adds |
//! |---|---|
//! | `derive`, `preserve_order` | on by default: `#[derive(Elicit)]`, and fields in declaration order |
//! | `chrono`, `time`, `url` | their date, date-time and URL types as fields |
//! | `state` | `dialog`: tools that ask, on every revision, with a sealed 2026-07-28 `requestState` (encrypted, bound to the call and to the caller the transport identifies, expiring; `state-encryption`, its former opt-in to encryption, is now the same as `state`) |
//! | `rmcp` | the pairing with [rmcp](https://docs.rs/rmcp): a `Dialog` argument in a `#[tool]`, conversions (turns on `state`) |
//! | `rust-mcp-sdk` | the pairing with [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk) 2.0 (2026-07-28 only): a `Router` of tools and prompts that ask, with typed arguments and `tools/list`, or a `Dialog` from a handler's params; each form sent exactly, retries its models cannot read recovered (turns on `state`); the guide chapter `sdks` sets the two pairings side by side |
//! | `url-forms` | `url_form`: secrets asked on a page the server serves itself (URL mode): one-time links bound to the person asked, an HTML page from the form's schema, CSRF-protected posts read by the form's own reader; `secrecy::SecretString` as a field (a form holding one is refused in form mode at compile time); `Dialog::ask_url_form`, the whole flow in a tool on every revision (turns on `state`) |
//! | `redis` | `redis`: the store of URL-mode forms and the replay guard of `Dialog::once` on Redis, shared by a fleet of servers (turns on `state`) |
//! | `testing` | (for `[dev-dependencies]`) a scripted in-process MCP client that tests rmcp tools on every revision, and rust-mcp-sdk (or any) servers on 2026-07-28 |
//!
//! An rmcp server needs rmcp's `server` and `macros` features and a transport, for instance:
//!
//! ```toml
//! [dependencies]
//! elicit-core = { version = "0.1", features = ["rmcp"] }
//! rmcp = { version = "3.9", features = ["server", "macros", "transport-io"] } # stdio; or transport-streamable-http-server
//! tokio = { version = "1", features = ["rt-multi-thread", "macros"] }
//!
//! [dev-dependencies]
//! elicit-core = { version = "0.1", features = ["rmcp", "testing"] }
//! ```
//!
//! # Two crates, one face
//!
//! Everything but the derive is compiled in `elicit-runtime` and re-exported here, item for
//! item: `elicit-runtime` builds in parallel with the derive (which waits for `syn`), as
//! `serde_core` does beside `serde_derive`. Depend on this crate only; it pins the exact
//! version of both.

#[doc(inline)]
pub use elicit_runtime::*;

#[cfg(feature = "derive")]
pub use elicit_derive::Elicit;

/// The README's examples, compiled and run as doctests. One of them is a tool written with
/// rmcp and a sealed request state, so they run when the `rmcp`, `state` and `testing`
/// features are on too: `cargo test --workspace` (the tests crate turns them on, and
/// features unify) and `cargo test -p elicit-core --all-features`.
#[cfg(all(
    doctest,
    feature = "derive",
    feature = "rmcp",
    feature = "state",
    feature = "testing"
))]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The example in `docs/robustness.md`, compiled and run as a doctest.
#[cfg(all(doctest, feature = "derive"))]
#[doc = include_str!("../../docs/robustness.md")]
struct RobustnessDoctests;
