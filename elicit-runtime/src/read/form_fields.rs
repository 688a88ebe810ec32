//! What a derived struct form tells its one reader: [`FormFields`] (`#[derive(Elicit)]`
//! implements it), the [`FormReader`] made from it, and the [`Reading`] its reader reads its
//! fields from, in declaration order, each under its name of the one table, `NAMES`.

use std::fmt::Display;

use crate::error::FieldErrorKind;
use crate::raw::Raw;
use crate::schema::RequestedSchema;

use super::slots::{slot, sub_slots};
use super::{AsSent, Errors, FormReader, OfferSlot, Sent, Slot};

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
    /// declaration order: the one table of them. The schema, the reader, the content and the
    /// builder each find a field's name here, by its place.
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

    /// Reads the form's fields from `fields`, one after the other in declaration order
    /// (field `i` is the slot of `NAMES[i]` and field `i` of the form as sent), recording
    /// every invalid one; `None` when any was invalid. Keys the form does not know never
    /// reach it: whether they are errors is for the outermost form's `deny_unknown_fields`
    /// to say.
    fn read_fields(fields: &mut Reading<'_>) -> Option<Self>;
}

/// How `from_content`, a [`Form`](crate::Form) and the bytes reader read the form `T`.
pub const fn form_reader<T: FormFields>() -> FormReader<T> {
    FormReader {
        names: T::NAMES,
        needs_value: T::NEEDS_VALUE,
        secret: T::SECRET,
        askable: T::ASKABLE,
        deny_unknown: T::DENY_UNKNOWN,
        build: read_form::<T>,
    }
}

/// Reads `T` from its slots, against the fields as `sent`: the build function of its reader.
#[inline]
fn read_form<T: FormFields>(slots: &[Slot<'_>], sent: &Sent<'_>, errors: &mut Errors) -> Option<T> {
    T::read_fields(&mut Reading::new(slots, *sent, T::NAMES, errors))
}

/// A field as its reader reads it: the value found for it (if any), its wire name, how it was
/// sent, and the errors its own joins.
pub type FieldAt<'a> = (
    Option<&'a Raw<'a>>,
    &'static str,
    AsSent<'a>,
    &'a mut Errors,
);

/// A derived form's fields while its reader reads them: their slots, the fields as sent,
/// their wire names (the form's `NAMES`) and the errors so far. The reader takes each field
/// once by its place ([`field`](Self::field)), a constant the expansion writes, and a
/// flattened form its run of them; no name is written twice.
pub struct Reading<'r> {
    slots: &'r [Slot<'r>],
    sent: Sent<'r>,
    names: &'static [&'static str],
    errors: &'r mut Errors,
}

impl<'r> Reading<'r> {
    /// The fields named `names`, found in `slots` and read against the form as `sent`, their
    /// errors recorded in `errors`.
    pub(crate) fn new(
        slots: &'r [Slot<'r>],
        sent: Sent<'r>,
        names: &'static [&'static str],
        errors: &'r mut Errors,
    ) -> Self {
        Self {
            slots,
            sent,
            names,
            errors,
        }
    }

    /// The wire name at `index` (empty past the table, which no reader reaches).
    #[inline]
    fn name(&self, index: usize) -> &'static str {
        self.names.get(index).copied().unwrap_or_default()
    }

    /// The field at `place` (its place among the form's names, a constant of the expansion).
    #[inline]
    pub fn field(&mut self, place: usize) -> FieldAt<'_> {
        (
            slot(self.slots, place),
            self.name(place),
            self.sent.field(place),
            &mut *self.errors,
        )
    }

    /// The field at `place`, one whose options are given at run time, the `offer`-th of
    /// those: as [`field`](Self::field), with what was offered for it.
    #[inline]
    pub fn offered(
        &mut self,
        place: usize,
        offer: usize,
    ) -> (
        Option<&'_ Raw<'_>>,
        &'static str,
        AsSent<'_>,
        Option<&'r OfferSlot>,
        &mut Errors,
    ) {
        let offered = self.sent.offer(offer);
        let (slot, name, sent, errors) = self.field(place);
        (slot, name, sent, offered, errors)
    }

    /// The `len` fields from `start`: a flattened form's, as its own reader reads them (from
    /// its first field, at place 0).
    pub(crate) fn flattened(&mut self, start: usize, len: usize) -> Reading<'_> {
        let end = start.saturating_add(len);
        Reading {
            slots: sub_slots(self.slots, start, len),
            sent: self.sent.sub(start, len),
            names: self.names.get(start..end).unwrap_or_default(),
            errors: &mut *self.errors,
        }
    }

    /// The slots of the fields read here.
    pub(crate) fn slots(&self) -> &'r [Slot<'r>] {
        self.slots
    }

    /// The fields read here, as sent.
    pub(crate) fn sent(&self) -> &Sent<'r> {
        &self.sent
    }

    /// Records the error of a check written on the field at `index`
    /// (`#[elicit(check = …)]`), if it failed.
    #[inline]
    pub fn checked<E: Display>(&mut self, index: usize, result: Result<(), E>) {
        if let Err(error) = result {
            let name = self.name(index);
            self.errors.push(
                name,
                FieldErrorKind::Invalid {
                    reason: error.to_string(),
                },
            );
        }
    }

    /// How many errors are recorded so far.
    #[inline]
    pub fn error_count(&self) -> usize {
        self.errors.len()
    }
}
