//! Helpers shared by the integration tests: a checker of the MCP spec's schema rules, and
//! golden-file comparison.

pub mod forms;
pub mod golden;
pub mod soundness;
pub mod spec;
