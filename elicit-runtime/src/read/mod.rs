//! Reading an answer into a form without an intermediate `Value` tree: the field slots every
//! derived struct form is read through (from a content map, or from the bytes of an answer),
//! and the value of one slot ([`Raw`]).

mod bytes;
mod errors;
mod raw;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub use self::errors::Errors;
pub use self::raw::Raw;
pub(crate) use self::slots::into_result;
pub use self::slots::{FormReader, Slot, read_map, slot, sub_slots};

/// String equality for the short strings a form compares (keys, options): the length and the
/// last and first bytes first, in line, which tell most unequal keys and options apart
/// (`pet-1` … `pet-5` differ in their last byte) without a call to `memcmp`.
#[inline]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a.first() == b.first() && a == b
}
