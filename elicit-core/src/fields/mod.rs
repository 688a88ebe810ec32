//! [`ElicitField`](crate::ElicitField) for the standard library's and the ecosystem's common
//! value types, so a form can hold them directly.
//!
//! - `std_types`: `NonZero*` integers, IP addresses, and `Box<str>`, `Arc<str>`,
//!   `Cow<'static, str>` (no feature needed).

mod std_types;
