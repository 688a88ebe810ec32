//! The one reader: an answer read into a derived form against the form exactly as it was
//! sent, by every way of asking and reading (`T::from_content`, [`Form::read`](crate::Form),
//! the dialogs, the bytes of an answer).
//!
//! The answer's entries go into the form's field slots in one pass, without an intermediate
//! `Value` tree ([`Raw`]); then the form's generated reader reads each field once, against
//! the field as sent ([`Sent`]): its property, its default, whether it was asked, what was
//! offered.

mod bytes;
mod errors;
mod field;
mod form_fields;
mod offer;
mod sent;
mod slots;

pub(crate) use self::bytes::read as read_bytes;
pub use self::errors::Errors;
pub use self::field::{
    pick_all_optional, pick_all_required, pick_optional, pick_required, read_field,
};
pub use self::form_fields::{FieldAt, FormFields, Reading, form_reader};
pub use self::offer::{Offer, OfferSlot};
pub use self::sent::{AsSent, Sent};
pub(crate) use self::sent::{FieldPlan, Plan};
pub use self::slots::{FormReader, Slot, read_map};
