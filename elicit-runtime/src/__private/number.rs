//! Numbers written in attributes, as JSON keeps them.

use serde_json::Number;

/// A number written in an attribute, as JSON keeps it: an exact integer where it fits.
pub fn int(value: i128) -> Number {
    if let Ok(small) = i64::try_from(value) {
        Number::from(small)
    } else if let Ok(large) = u64::try_from(value) {
        Number::from(large)
    } else {
        // The derive only writes integers within `i64::MIN..=u64::MAX`.
        Number::from(0)
    }
}

/// A float written in an attribute (the derive only writes finite ones).
pub fn float(value: f64) -> Number {
    Number::from_f64(value).unwrap_or_else(|| Number::from(0))
}
