//! Reading an answer into a form without an intermediate `Value` tree: the field slots every
//! derived struct form is read through (from a content map, or from the bytes of an answer),
//! and the value of one slot ([`Raw`]).

mod bytes;
mod raw;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub use self::raw::Raw;
pub use self::slots::{FormReader, Slot, read_map, slot, sub_slots};
