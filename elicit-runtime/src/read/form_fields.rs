//! What a derived struct form tells its one reader: [`FormFields`] (`#[derive(Elicit)]`
//! implements it), and the [`FormReader`] made from it.

use crate::schema::RequestedSchema;

use super::{Errors, FormReader, Sent, Slot};

/// The one reader of a derived struct form: its field names, and how it reads its fields
/// from their slots against the fields as sent. `#[derive(Elicit)]` implements it for every
/// struct with named fields (those with fields filled at run time too, which have no schema
/// of their own).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a derived struct form",
    label = "not a form",
    note = "derive `Elicit` on a struct with named fields to read it, or take it as a tool's arguments (`Asked<{Self}>`)"
)]
pub trait FormFields: Sized {
    /// Every wire name of the form, those of its own flattened forms included, in
    /// declaration order.
    const NAMES: &'static [&'static str];

    /// Whether each of those fields needs a value (is not an `Option`): left out, it gets the
    /// default sent, or is missing.
    const NEEDS_VALUE: &'static [bool];

    /// Whether each of those fields is a secret (`ElicitField::SECRET`): a form that holds
    /// one is asked in URL mode only.
    const SECRET: &'static [bool] = &[];

    /// Whether each of those fields is marked `ask_if_missing`: as a tool's arguments
    /// ([`Asked`](crate::dialog::Asked)), the person is asked for it when the call leaves it
    /// out or gets it wrong.
    const ASKABLE: &'static [bool] = &[];

    /// The form's schema before anything is given at run time: a static form's own, or,
    /// for a form with fields filled at run time, the one its builder starts from (those
    /// fields without options). What a tool's `inputSchema` is made from
    /// ([`Asked`](crate::dialog::Asked)).
    fn base_schema() -> &'static RequestedSchema;

    /// Whether the form, read on its own, reports the keys it does not know
    /// (`deny_unknown_fields`).
    const DENY_UNKNOWN: bool = false;

    /// Reads the form's fields from its slots (slot `i` holds the value of `NAMES[i]`), each
    /// against the field as sent (field `i` of `sent`), recording every invalid one in
    /// `errors`; `None` when any was invalid. Keys the form does not know never reach it:
    /// whether they are errors is for the outermost form's `deny_unknown_fields` to say.
    fn read_fields(slots: &[Slot<'_>], sent: &Sent<'_>, errors: &mut Errors) -> Option<Self>;
}

/// How `from_content`, a [`Form`](crate::Form) and the bytes reader read the form `T`.
pub const fn form_reader<T: FormFields>() -> FormReader<T> {
    FormReader {
        names: T::NAMES,
        needs_value: T::NEEDS_VALUE,
        secret: T::SECRET,
        askable: T::ASKABLE,
        deny_unknown: T::DENY_UNKNOWN,
        build: T::read_fields,
    }
}
