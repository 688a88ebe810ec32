//! What a number schema knows about the Rust type behind it, off the wire. Not a public API:
//! reachable only through `__private`, for the derive's setters.

/// The facts about a number field's Rust type that its JSON schema cannot carry. Not a
/// public API: the derive's setters read it.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RustNumber {
    /// The value is an `f32`: the schema compares the `f32` a number rounds to, and its
    /// bounds and default are exact `f32` values.
    pub(crate) f32: bool,
    /// How far an explicit `minimum`/`maximum` may widen the bounds: the Rust integer type's
    /// whole range, while the bounds are still the type's own (I-JSON) ones. `None` once the
    /// schema is final (a newtype's, whose parser checks its own bounds) or for other types.
    pub(crate) widen_to: Option<(i128, i128)>,
}

impl RustNumber {
    /// An `f32`'s.
    pub(crate) const F32: Self = Self {
        f32: true,
        widen_to: None,
    };

    /// A Rust integer type's whose full range is `min..=max`.
    pub(crate) const fn integer(min: i128, max: i128) -> Self {
        Self {
            f32: false,
            widen_to: Some((min, max)),
        }
    }
}
