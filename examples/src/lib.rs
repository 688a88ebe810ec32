//! What the example servers share: [`http`], serving an rmcp streamable-HTTP service to
//! clients that may be hostile.

pub mod http;
