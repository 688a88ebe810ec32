//! `__private::OnceLock`: where a derived form's (or newtype's) schema is kept once built.

use crate::schema::{PropertySchema, RequestedSchema};

/// `std::sync::OnceLock` for a derived form's schema, built on first use and then shared.
///
/// `get_or_init` takes a function pointer (the derive passes a closure that captures
/// nothing), so it is instantiated once per schema type rather than once per form.
pub struct OnceLock<T>(std::sync::OnceLock<T>);

impl<T> OnceLock<T> {
    /// An empty cell.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self(std::sync::OnceLock::new())
    }
}

impl<T: Built> OnceLock<T> {
    /// The value, built by `build` on first use, then made final ([`Built::finish`]).
    pub fn get_or_init(&self, build: fn() -> T) -> &T {
        self.0.get_or_init(|| {
            let mut value = build();
            value.finish();
            value
        })
    }
}

/// A schema kept in a [`OnceLock`]: a form's, or a newtype's (its parser checks values
/// against it, so its bounds are final).
pub trait Built {
    /// Makes the built schema final: an explicit bound written later on a field of this type
    /// (a newtype's) may narrow its integer range, never widen it (see `set::maximum`).
    fn finish(&mut self);
}

impl Built for PropertySchema {
    fn finish(&mut self) {
        if let PropertySchema::Number(s) = self {
            s.rust.widen_to = None;
        }
    }
}

impl Built for RequestedSchema {
    fn finish(&mut self) {
        for (_, property) in &mut self.properties {
            property.finish();
        }
    }
}
