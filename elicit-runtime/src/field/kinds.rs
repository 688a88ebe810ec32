//! Attribute markers: which field types the string, number and item-count attributes apply to.
//!
//! The traits carry no `on_unimplemented` text: the derive proves each attribute's kind
//! through a trait of its own, worded for that attribute, so no error names these.

use std::collections::{BTreeSet, HashSet};

use crate::field::choice::MultiSelectOption;

/// The string fields: what `min_length`, `max_length`, `pattern` and `format` apply to.
pub trait StringField {}
impl StringField for String {}
impl<T: StringField> StringField for Option<T> {}

/// The number fields: what `minimum` and `maximum` apply to.
pub trait NumberField {
    /// The value as an `f64`, where the type says (so that a bound given at run time that is
    /// no JSON number, a NaN or an infinity, is named as such).
    fn to_f64(&self) -> Option<f64> {
        None
    }
}
macro_rules! number_fields {
    ($($ty:ty),*) => {$(
        impl NumberField for $ty {
            #[allow(clippy::cast_lossless, clippy::cast_precision_loss)]
            fn to_f64(&self) -> Option<f64> {
                Some(*self as f64)
            }
        }
    )*};
}
number_fields!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);
impl<T: NumberField> NumberField for Option<T> {}

/// The multi-select fields: what `min_items` and `max_items` apply to.
pub trait MultiSelectField {
    /// How many options there are to choose from.
    const OPTION_COUNT: usize;
}
impl<E: MultiSelectOption> MultiSelectField for Vec<E> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<E: MultiSelectOption> MultiSelectField for BTreeSet<E> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<E: MultiSelectOption, S> MultiSelectField for HashSet<E, S> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<T: MultiSelectField> MultiSelectField for Option<T> {
    const OPTION_COUNT: usize = T::OPTION_COUNT;
}

// ---------------------------------------------------------------------------------------------
// Attribute markers for the standard-library field types of `crate::field`.
//
// The shared and boxed strings are strings like `String`, so every string attribute applies.
// The IP addresses, dates, date-times and URLs have a grammar of their own: a `format`,
// `pattern` or length on them could only contradict it, so they take none (a newtype that
// implements `ElicitField` can add constraints). The non-zero integers take `minimum` and
// `maximum`, which narrow the type's range.
// ---------------------------------------------------------------------------------------------

impl StringField for Box<str> {}
impl StringField for std::sync::Arc<str> {}
impl StringField for std::borrow::Cow<'static, str> {}

macro_rules! non_zero_fields {
    ($($ty:ty),*) => {$( impl NumberField for $ty {} )*};
}
non_zero_fields!(
    std::num::NonZeroU8,
    std::num::NonZeroU16,
    std::num::NonZeroU32,
    std::num::NonZeroU64,
    std::num::NonZeroUsize,
    std::num::NonZeroI8,
    std::num::NonZeroI16,
    std::num::NonZeroI32,
    std::num::NonZeroI64,
    std::num::NonZeroIsize
);
