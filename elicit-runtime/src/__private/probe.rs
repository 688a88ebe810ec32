//! What the derive asks of a field's type without a trait bound that could fail: a constant
//! (or a function) of a probe type, answered by an inherent impl where the type qualifies and
//! by a fallback trait's default everywhere else. An inherent item whose impl's bounds do not
//! hold is passed over, so `Kind::<u8>::STRING` is the fallback's `false`, and the derive turns
//! it into a const assertion with its own message, spanned on the attribute: no trait of ours
//! is ever named in the user's error (rustc names a trait whenever a bound fails).
//!
//! The fallback traits are imported unnamed, all at once, by one import of [`fallbacks`] at
//! the top level of every expansion: it reaches both the expansion's constant and the checks
//! the derive emits beside it, each an item of its own.

use std::marker::PhantomData;

use super::flatten::FlattenSlot;
use super::parse::Writing;
use crate::field::kinds::{MultiSelectField, NumberField, StringField};
use crate::field::slot::FormField;
use crate::read::{Offer, OfferSlot, Reading};
use crate::schema::RequestedSchema;
use crate::schema::facts::Facts;

/// Every probe's fallback trait, imported unnamed: what an expansion imports whole
/// (`use <crate>::__private::fallbacks::*;`) inside each check and, where they ask a probe,
/// inside the constant that holds its items, so that every probe answers for every type.
pub mod fallbacks {
    pub use super::super::shaped::NotACollection as _;
    pub use super::{NotAField as _, NotAFlatForm as _, NotOffered as _, OtherKind as _};
}

/// The kinds of field an attribute applies to: strings (`min_length`, `pattern`, `format`),
/// numbers (`minimum`, `maximum`) and multi-selects (`min_items`, `max_items`).
pub struct Kind<T: ?Sized>(PhantomData<T>);

impl<T: StringField + ?Sized> Kind<T> {
    /// A string field.
    pub const STRING: bool = true;
}

impl<T: NumberField + ?Sized> Kind<T> {
    /// A number field.
    pub const NUMBER: bool = true;
}

impl<T: MultiSelectField + ?Sized> Kind<T> {
    /// A multi-select field.
    pub const MULTI_SELECT: bool = true;
    /// How many options it has to choose from.
    pub const OPTION_COUNT: usize = T::OPTION_COUNT;
}

/// What [`Kind`] says of a type not of a kind.
pub trait OtherKind {
    /// Not a string field.
    const STRING: bool = false;
    /// Not a number field.
    const NUMBER: bool = false;
    /// Not a multi-select field.
    const MULTI_SELECT: bool = false;
    /// Not a multi-select: no options to count (an item count is judged only on one).
    const OPTION_COUNT: usize = usize::MAX;
}

impl<T: ?Sized> OtherKind for Kind<T> {}

/// A field marked `#[elicit(flatten)]`: a struct form (or an `Option` of one) whose fields
/// are inlined. Every use the expansion makes of the field's type goes through here, so that
/// a type that is no such form is one error, the derive's assertion on [`Flatten::IS_FORM`],
/// and not one per use.
pub struct Flatten<T>(PhantomData<T>);

impl<T: FlattenSlot> Flatten<T> {
    /// A form that can be flattened.
    pub const IS_FORM: bool = true;
    /// Its wire names.
    pub const NAMES: &'static [&'static str] = T::NAMES;
    /// Whether each of its fields needs a value.
    pub const NEEDS_VALUE: &'static [bool] = T::NEEDS_VALUE;
    /// Whether each of its fields is a secret.
    pub const SECRET: &'static [bool] = T::SECRET;
    /// Whether each of its fields is asked when a tool call leaves it out.
    pub const ASKABLE: &'static [bool] = T::ASKABLE;

    /// Appends its properties to the parent's schema.
    #[inline]
    pub fn push(form: &mut RequestedSchema) {
        T::push(form);
    }

    /// Reads it from its run of the parent's fields, from `start`.
    #[inline]
    pub fn parse(fields: &mut Reading<'_>, start: usize) -> Option<T> {
        T::parse(fields, start)
    }

    /// Writes it into the parent's content, as its next fields.
    #[inline]
    pub fn put(value: &T, out: &mut Writing) {
        value.put(out);
    }
}

/// What [`Flatten`] does for a type that cannot be flattened: nothing (the derive's assertion
/// has failed the build already).
pub trait NotAFlatForm {
    /// The field's type.
    type Of;
    /// Not a form that can be flattened.
    const IS_FORM: bool = false;
    /// No wire names.
    const NAMES: &'static [&'static str] = &[];
    /// No fields.
    const NEEDS_VALUE: &'static [bool] = &[];
    /// No secrets.
    const SECRET: &'static [bool] = &[];
    /// Nothing asked.
    const ASKABLE: &'static [bool] = &[];

    /// Nothing to push.
    fn push(_: &mut RequestedSchema) {}

    /// Nothing read.
    fn parse(_: &mut Reading<'_>, _: usize) -> Option<Self::Of> {
        None
    }

    /// Nothing written.
    fn put(_: &Self::Of, _: &mut Writing) {}
}

impl<T> NotAFlatForm for Flatten<T> {
    type Of = T;
}

/// The values offered for a field marked `#[elicit(options)]`: kept with the form and handed
/// back as its answer, so `Clone`, `Send`, `Sync` and owning their data. Each of those is its
/// own constant, so that the derive's assertion says which one is missing.
pub struct Offered<V>(PhantomData<V>);

impl<V: Clone> Offered<V> {
    /// The values can be cloned.
    pub const CLONE: bool = true;
}

impl<V: Send> Offered<V> {
    /// The values can be sent across threads.
    pub const SEND: bool = true;
}

impl<V: Sync> Offered<V> {
    /// The values can be shared across threads.
    pub const SYNC: bool = true;
}

impl<V: Clone + Send + Sync + 'static> Offered<V> {
    /// The values own their data.
    pub const OWNED: bool = true;

    /// Keeps what was offered, type-erased, in the builder.
    #[inline]
    pub fn keep(offer: Offer<V>) -> OfferSlot {
        OfferSlot::new(offer)
    }

    /// Reads a single select of the values offered: the field at `place`, the `offer`-th offered.
    #[inline]
    pub fn pick_required(fields: &mut Reading<'_>, place: usize, offer: usize) -> Option<V> {
        let (slot, name, sent, offer, errors) = fields.offered(place, offer);
        crate::read::pick_required::<V>(slot, name, sent, offer, errors)
    }

    /// Reads an optional single select of the values offered: the field at `place`, the `offer`-th offered.
    #[inline]
    pub fn pick_optional(
        fields: &mut Reading<'_>,
        place: usize,
        offer: usize,
    ) -> Option<Option<V>> {
        let (slot, name, sent, offer, errors) = fields.offered(place, offer);
        crate::read::pick_optional::<V>(slot, name, sent, offer, errors)
    }

    /// Reads a multi-select of the values offered: the field at `place`, the `offer`-th offered.
    #[inline]
    pub fn pick_all_required(
        fields: &mut Reading<'_>,
        place: usize,
        offer: usize,
    ) -> Option<Vec<V>> {
        let (slot, name, sent, offer, errors) = fields.offered(place, offer);
        crate::read::pick_all_required::<V>(slot, name, sent, offer, errors)
    }

    /// Reads an optional multi-select of the values offered: the field at `place`, the `offer`-th offered.
    #[inline]
    pub fn pick_all_optional(
        fields: &mut Reading<'_>,
        place: usize,
        offer: usize,
    ) -> Option<Option<Vec<V>>> {
        let (slot, name, sent, offer, errors) = fields.offered(place, offer);
        crate::read::pick_all_optional::<V>(slot, name, sent, offer, errors)
    }
}

/// What [`Offered`] does for values that cannot be offered: nothing (the derive's assertion
/// has failed the build already).
pub trait NotOffered {
    /// The values' type.
    type Of;
    /// Not `Clone`.
    const CLONE: bool = false;
    /// Not `Send`.
    const SEND: bool = false;
    /// Not `Sync`.
    const SYNC: bool = false;
    /// Borrowing their data.
    const OWNED: bool = false;

    /// Nothing kept.
    fn keep(_: Offer<Self::Of>) -> OfferSlot {
        OfferSlot::default()
    }

    /// Nothing read.
    fn pick_required(_: &mut Reading<'_>, _: usize, _: usize) -> Option<Self::Of> {
        None
    }

    /// Nothing read.
    fn pick_optional(_: &mut Reading<'_>, _: usize, _: usize) -> Option<Option<Self::Of>> {
        None
    }

    /// Nothing read.
    fn pick_all_required(_: &mut Reading<'_>, _: usize, _: usize) -> Option<Vec<Self::Of>> {
        None
    }

    /// Nothing read.
    fn pick_all_optional(_: &mut Reading<'_>, _: usize, _: usize) -> Option<Option<Vec<Self::Of>>> {
        None
    }
}

impl<V> NotOffered for Offered<V> {
    type Of = V;
}

/// What a field's type (or, for a field with `options`, the type of the values offered) says
/// of itself, as [`FormField`] does: its facts (what the type allows), whether it holds a
/// secret (an `Option` of a secret too) and whether it can hold one. The derive's checks read
/// them here, in items of their own outside the expansion's scope: the facts of the type
/// against its attributes, and, on the key, every key that would put a value of a secret into
/// the form's schema or the source. A type that is no field (a skipped field's, values of the
/// user's own type offered, a type the field's own error names) gets the fallback's: nothing
/// is judged, so that its own error, if it has one, stands alone.
pub struct FieldProbe<T: ?Sized>(PhantomData<T>);

impl<T: FormField> FieldProbe<T> {
    /// The type's facts.
    pub const FACTS: Facts = T::FACTS;
    /// Whether the type is a secret.
    pub const SECRET: bool = T::SECRET;
    /// Whether a value of the type can carry a secret.
    pub const CAN_HOLD_SECRET: bool = T::CAN_HOLD_SECRET;
}

/// What [`FieldProbe`] says of a type that is no field: nothing to judge.
pub trait NotAField {
    /// The facts of a type that says nothing.
    const FACTS: Facts = Facts::UNKNOWN;
    /// Not a secret.
    const SECRET: bool = false;
    /// Carries no secret.
    const CAN_HOLD_SECRET: bool = false;
}

impl<T: ?Sized> NotAField for FieldProbe<T> {}
