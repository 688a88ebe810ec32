//! One option of a choice, as its type states it.

/// One variant of a choice enum: the `const` a client sends and the title a user sees.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::choice::{ElicitEnum, VariantOption};
///
/// #[derive(Elicit)]
/// enum Size {
///     /// Extra large
///     #[elicit(rename = "xl")]
///     ExtraLarge,
/// }
/// assert_eq!(Size::VARIANTS, &[VariantOption { value: "xl", title: "Extra large" }]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantOption {
    /// The `const` (wire value).
    pub value: &'static str,
    /// The display title.
    pub title: &'static str,
}
