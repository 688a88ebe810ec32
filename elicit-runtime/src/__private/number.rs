//! Numbers written in attributes, as JSON keeps them.

use serde_json::Number;

/// A number written in an attribute, as JSON keeps it: an exact integer where it fits.
pub use crate::schema::facts::int;

/// A float written in an attribute (the derive only writes finite ones).
pub fn float(value: f64) -> Number {
    Number::from_f64(value).unwrap_or_else(|| Number::from(0))
}
