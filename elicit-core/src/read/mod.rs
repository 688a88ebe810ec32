//! Reading an answer into a form without an intermediate `Value` tree: the field slots every
//! derived struct form is read through (from a content map, or from the bytes of an answer),
//! and the value of one slot ([`Raw`]).

mod bytes;
mod raw;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub use self::raw::Raw;
pub use self::slots::{FormReader, Slot, read_map, slot, sub_slots};

/// String equality for the short strings a form compares (keys, options), byte by byte in
/// line: a call to `memcmp` costs more than comparing a few bytes.
#[inline]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
