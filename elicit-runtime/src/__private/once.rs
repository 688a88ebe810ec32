//! `__private::OnceLock`: where a derived form's (or newtype's) schema is kept once built.

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

    /// The value, built by `build` on first use.
    pub fn get_or_init(&self, build: fn() -> T) -> &T {
        self.0.get_or_init(build)
    }
}
