//! The one reader: an answer read into a derived form against the form exactly as it was
//! sent, by every way of asking and reading (`T::from_content`, [`Form::read`](crate::Form),
//! the dialogs, the bytes of an answer).
//!
//! The answer's entries go into the form's field slots in one pass, without an intermediate
//! `Value` tree ([`Raw`]); then the form's generated reader reads each field once, against
//! the field as sent ([`Sent`]): its property, its default, whether it was asked, what was
//! offered.

mod bytes;
mod checkboxes;
mod errors;
mod field;
mod raw;
mod sent;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub(crate) use self::checkboxes::{checkbox_name, fold_checkboxes};
pub use self::errors::Errors;
pub use self::field::{
    pick_all_optional, pick_all_required, pick_optional, pick_required, read_field,
};
pub use self::raw::Raw;
pub use self::sent::{AsSent, Sent};
pub(crate) use self::sent::{FieldPlan, Plan};
pub use self::slots::{FormReader, Slot, read_map, slot, sub_slots};

/// String equality for the short strings a form compares (keys, options): the length and the
/// last and first bytes first, in line, which tell most unequal keys and options apart
/// (`pet-1` … `pet-5` differ in their last byte) without a call to `memcmp`.
#[inline]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a.first() == b.first() && a == b
}
