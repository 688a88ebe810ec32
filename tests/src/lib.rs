//! Helpers shared by the integration tests: a checker of the MCP spec's schema rules,
//! golden-file comparison, form helpers, format generators and the soundness checker.

pub mod forms;
pub mod generators;
pub mod golden;
pub mod soundness;
pub mod spec;
