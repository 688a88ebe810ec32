//! What the example servers share: [`http`], serving an rmcp streamable-HTTP service to
//! clients that may be hostile; [`conformance`], the forms both conformance servers ask;
//! [`fleet`], a client of a fleet of `connect_service` instances (its test and load run);
//! [`trip`], the server of `book_trip`, and `trip_rust_mcp_sdk`, the same tool on
//! rust-mcp-sdk (feature `rust-mcp-sdk`): library modules so that their tests reach them.

pub mod conformance;
pub mod fleet;
pub mod http;
pub mod trip;
#[cfg(feature = "rust-mcp-sdk")]
pub mod trip_rust_mcp_sdk;
