//! The string `format`s MCP allows, checked as JSON Schema defines them.
//!
//! Hand-written rather than pulled from a crate: four small grammars do not earn a
//! dependency in every MCP server's build, and each checker reads only ASCII bytes, so it is
//! linear in the input and cannot panic on any string.

use crate::schema::StringFormat;

pub(crate) use elicit_grammar::format::is_absolute_uri;

/// Whether `text` is a valid value of `format`.
pub(crate) fn is_valid(format: StringFormat, text: &str) -> bool {
    format.grammar().is_valid(text)
}
