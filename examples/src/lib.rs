//! What the example servers share: [`http`], serving an rmcp streamable-HTTP service to
//! clients that may be hostile; [`conformance`], the forms both conformance servers ask; and
//! [`trip`], the server of `book_trip`, a library module so that its tests reach it.

pub mod conformance;
pub mod http;
pub mod trip;
