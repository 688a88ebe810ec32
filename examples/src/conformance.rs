//! The forms the official conformance suite's 2026-07-28 input-required scenarios ask for,
//! shared by the two conformance servers (`conformance_server` on rmcp,
//! `conformance_server_rust_mcp_sdk` on rust-mcp-sdk), so that both send the same schemas.
//!
//! ```
//! use elicit_core::Elicit;
//! use examples::conformance::Name;
//!
//! assert_eq!(Name::message(), "What is your name?");
//! ```

use elicit_core::Elicit;

/// What is your name?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
pub struct Name {
    /// The name, as the person gives it.
    pub name: String,
}

/// Please confirm
#[derive(Elicit, Debug)]
#[elicit(untitled)]
pub struct Confirm {
    /// Whether the person confirms.
    pub ok: bool,
}

/// Step 2: What is your favorite color?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
pub struct Color {
    /// The colour, as the person gives it.
    pub color: String,
}

/// What context should the prompt use?
#[derive(Elicit, Debug)]
#[elicit(untitled)]
pub struct PromptContext {
    /// The context, as the person gives it.
    pub context: String,
}

/// The prompt both servers serve, asking [`PromptContext`].
pub const PROMPT: &str = "test_input_required_result_prompt";
