//! What the example servers share: [`http`], serving an rmcp streamable-HTTP service to
//! clients that may be hostile; and [`trip`], the server of `book_trip`, a library module so
//! that its tests reach it.

pub mod http;
pub mod trip;
