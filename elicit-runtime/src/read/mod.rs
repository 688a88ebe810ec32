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
mod form_fields;
mod raw;
mod sent;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub(crate) use self::checkboxes::{checkbox_name, fold_checkboxes};
pub use self::errors::Errors;
pub(crate) use self::field::check_converted;
pub use self::field::{
    pick_all_optional, pick_all_required, pick_optional, pick_required, read_field,
};
pub use self::form_fields::{FormFields, form_reader};
pub use self::raw::Raw;
pub use self::sent::{AsSent, Sent};
pub(crate) use self::sent::{FieldPlan, Plan};
pub use self::slots::{FormReader, Slot, read_map, slot, sub_slots};

/// String equality for the short strings a form compares (keys, options), in line and
/// without a call: the lengths, then the first and the last 16, 8 or 4 bytes (each byte of a
/// string under 4), which for up to 32 bytes is the whole string; a longer one is then compared
/// whole, out of line.
#[inline]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<16>(), b.first_chunk::<16>()) {
        return x == y
            && a.last_chunk::<16>() == b.last_chunk::<16>()
            && (a.len() <= 32 || long_eq(a, b));
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<8>(), b.first_chunk::<8>()) {
        return x == y && a.last_chunk::<8>() == b.last_chunk::<8>();
    }
    if let (Some(x), Some(y)) = (a.first_chunk::<4>(), b.first_chunk::<4>()) {
        return x == y && a.last_chunk::<4>() == b.last_chunk::<4>();
    }
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// `a == b`, out of line: [`same_str`] of long strings.
#[cold]
#[inline(never)]
fn long_eq(a: &[u8], b: &[u8]) -> bool {
    a == b
}
