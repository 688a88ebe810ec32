//! One field of an answer, read against the field as sent: what every derived form's reader
//! calls for each of its fields, once.
//!
//! The generic functions here are instantiated in the user's crate once per field type, so
//! they hold only what needs the type (its conversion, its absent value, the offered values'
//! type); the verdicts are plain functions compiled once, here.

use crate::error::FieldErrorKind;
use crate::schema::PropertySchema;

use super::errors::Errors;
use super::offer::{Offer, OfferSlot};
use super::sent::AsSent;
use crate::field::slot::FormField;
use crate::raw::Raw;

/// Reads the field `name` of a derived form from its slot (absent, or the value found),
/// against the field as sent; records its error and returns `None` when it does not fit.
///
/// Absent and `null` are read alike: `None` for an `Option` (whose default only pre-fills the
/// form: the person cleared the field), else the default that was sent, else the field is
/// missing. A field that was not asked must be left out; a kept one is its earlier answer.
///
/// In line, the common case only (a value given for a field asked); the others are
/// `read_field_otherwise`, out of line.
// Measured: left to `#[inline]`, rustc keeps it out of line for the larger field types, and
// the call costs about a tenth of reading a form.
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn read_field<F: FormField>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    errors: &mut Errors,
) -> Option<F> {
    if let Some((property, raw)) = sent.given(slot) {
        return match F::from_present_raw_as_sent(raw, property) {
            Ok(value) => Some(value),
            Err(kind) => {
                errors.push(name, kind);
                None
            }
        };
    }
    read_field_otherwise(slot, name, sent, errors)
}

/// [`read_field`] of a field left out or `null`, not asked, or kept.
#[inline(never)]
fn read_field_otherwise<F: FormField>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    errors: &mut Errors,
) -> Option<F> {
    let result = match sent {
        AsSent::Asked(property) => match slot {
            Some(raw) if !raw.is_null() => convert::<F>(raw, property),
            _ => match F::from_absent() {
                Some(none) => Ok(none),
                None => match property.default_value() {
                    Some(default) => convert::<F>(&Raw::Json(&default), property)
                        .map_err(|error| invalid_default(&error)),
                    None => Err(FieldErrorKind::Missing),
                },
            },
        },
        AsSent::Unasked => match slot {
            Some(raw) if !raw.is_null() => Err(not_asked()),
            _ => match F::from_absent() {
                Some(none) => Ok(none),
                None => Err(FieldErrorKind::Missing),
            },
        },
        AsSent::Kept(value, property) => convert::<F>(&Raw::Json(value), property),
    };
    match result {
        Ok(value) => Some(value),
        Err(kind) => {
            errors.push(name, kind);
            None
        }
    }
}

/// A present value: the type's conversion, then the checks of the property as sent that the
/// conversion has not made already.
#[inline]
fn convert<F: FormField>(raw: &Raw<'_>, property: &PropertySchema) -> Result<F, FieldErrorKind> {
    F::from_present_raw_as_sent(raw, property)
}

/// The error of a default the form itself got wrong (checked when its schema is first built
/// and when a shaped form is built, so never seen unless a type's conversion refuses its
/// own `to_json`): reported, not panicked on, as this runs on a client's answer.
fn invalid_default(error: &FieldErrorKind) -> FieldErrorKind {
    FieldErrorKind::Invalid {
        reason: format!("the form's own default is invalid: {error}"),
    }
}

fn not_asked() -> FieldErrorKind {
    FieldErrorKind::Invalid {
        reason: "was not asked: nothing was offered for it".to_owned(),
    }
}

/// The offered value the answer of a single select filled at run time names, without
/// reading the values' type more than to clone it: `None` when it is absent and no default
/// was sent. The options of the field as sent are in the order of the offer (they are made
/// together).
fn picked_one<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    required: bool,
) -> Result<Option<V>, FieldErrorKind> {
    let Some(index) = picked_index(slot, sent, required)? else {
        return Ok(None);
    };
    match offer
        .and_then(OfferSlot::get::<V>)
        .and_then(|offer| offer.value(index))
    {
        Some(value) => Ok(Some(value.clone())),
        None => Err(offer_lost()),
    }
}

/// [`picked_one`] of a multi-select: the offered values named, in the order chosen.
fn picked_all<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    required: bool,
) -> Result<Option<Vec<V>>, FieldErrorKind> {
    let offer: Option<&Offer<V>> = offer.and_then(OfferSlot::get);
    // Room for every item chosen, reserved once rather than grown item by item; never more
    // than was offered (a longer answer is refused, and must not make the reader reserve
    // in proportion to what a client sent).
    let room = slot.and_then(Raw::array_len).unwrap_or(0);
    let mut values = Vec::with_capacity(room.min(offer.map_or(0, Offer::len)));
    let mut lost = false;
    let picked = picked_indices(slot, sent, required, &mut |index| match offer
        .and_then(|offer| offer.value(index))
    {
        Some(value) => values.push(value.clone()),
        None => lost = true,
    })?;
    match picked {
        false => Ok(None),
        true if lost => Err(offer_lost()),
        true => Ok(Some(values)),
    }
}

/// What a field filled at run time is read from: its value given, or the default sent for
/// it, against its property as sent; `None` when it is to be read as left out. Left out, a
/// required field gets the default sent; an optional one is `None` (its default only
/// pre-fills the form), as [`read_field`] reads them.
fn chosen<'r>(
    slot: Option<&'r Raw<'r>>,
    sent: AsSent<'r>,
    required: bool,
) -> Result<Option<(Chosen<'r>, &'r PropertySchema)>, FieldErrorKind> {
    Ok(Some(match sent {
        AsSent::Asked(property) => match slot {
            Some(raw) if !raw.is_null() => (Chosen::Given(raw), property),
            _ if !required => return Ok(None),
            _ => match property.default_value() {
                Some(value) => (Chosen::Default(value), property),
                None => return Ok(None),
            },
        },
        AsSent::Unasked => {
            return match slot {
                Some(raw) if !raw.is_null() => Err(not_asked()),
                _ => Ok(None),
            };
        }
        AsSent::Kept(value, property) => (Chosen::Kept(value), property),
    }))
}

/// The answer [`chosen`] reads.
enum Chosen<'r> {
    Given(&'r Raw<'r>),
    Default(serde_json::Value),
    Kept(&'r serde_json::Value),
}

impl Chosen<'_> {
    /// Runs `f` on it as a [`Raw`].
    fn with<T>(&self, f: impl FnOnce(&Raw<'_>) -> T) -> T {
        match self {
            Self::Given(raw) => f(raw),
            Self::Default(value) => f(&Raw::Json(value)),
            Self::Kept(value) => f(&Raw::Json(value)),
        }
    }
}

/// [`picked_one`]'s verdict, compiled once: the index of the option named.
fn picked_index(
    slot: Option<&Raw<'_>>,
    sent: AsSent<'_>,
    required: bool,
) -> Result<Option<usize>, FieldErrorKind> {
    if let Some((property, raw)) = sent.given(slot) {
        return property.picked_index(raw).map(Some);
    }
    match chosen(slot, sent, required)? {
        Some((answer, property)) => answer.with(|raw| property.picked_index(raw)).map(Some),
        None => Ok(None),
    }
}

/// [`picked_all`]'s verdict, compiled once: hands `take` the indices of the options named;
/// false when the field is to be read as left out.
fn picked_indices(
    slot: Option<&Raw<'_>>,
    sent: AsSent<'_>,
    required: bool,
    take: &mut dyn FnMut(usize),
) -> Result<bool, FieldErrorKind> {
    if let Some((property, raw)) = sent.given(slot) {
        return property.picked_indices(raw, take).map(|()| true);
    }
    match chosen(slot, sent, required)? {
        Some((answer, property)) => answer
            .with(|raw| property.picked_indices(raw, take))
            .map(|()| true),
        None => Ok(false),
    }
}

/// What the reader says if the offer and the options sent disagree, which a form never lets
/// happen (they are made together): an error, not a panic or a wrong value.
fn offer_lost() -> FieldErrorKind {
    FieldErrorKind::Invalid {
        reason: "the option chosen is not among the values offered".to_owned(),
    }
}

fn record<T>(result: Result<T, FieldErrorKind>, name: &str, errors: &mut Errors) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(kind) => {
            errors.push(name, kind);
            None
        }
    }
}

/// A required single select filled at run time: the offered value its answer names (or its
/// default's).
pub fn pick_required<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    errors: &mut Errors,
) -> Option<V> {
    let result = match picked_one::<V>(slot, sent, offer, true) {
        Ok(Some(value)) => Ok(value),
        Ok(None) => Err(FieldErrorKind::Missing),
        Err(kind) => Err(kind),
    };
    record(result, name, errors)
}

/// An optional single select filled at run time: `None` when it is left out.
pub fn pick_optional<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    errors: &mut Errors,
) -> Option<Option<V>> {
    let result = picked_one::<V>(slot, sent, offer, false);
    record(result, name, errors)
}

/// A required multi-select filled at run time: the offered values its answer names, in the
/// order chosen.
pub fn pick_all_required<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    errors: &mut Errors,
) -> Option<Vec<V>> {
    let result = match picked_all::<V>(slot, sent, offer, true) {
        Ok(Some(values)) => Ok(values),
        Ok(None) => Err(FieldErrorKind::Missing),
        Err(kind) => Err(kind),
    };
    record(result, name, errors)
}

/// An optional multi-select filled at run time: `None` when it is left out.
pub fn pick_all_optional<V: Clone + 'static>(
    slot: Option<&Raw<'_>>,
    name: &str,
    sent: AsSent<'_>,
    offer: Option<&OfferSlot>,
    errors: &mut Errors,
) -> Option<Option<Vec<V>>> {
    let result = picked_all::<V>(slot, sent, offer, false);
    record(result, name, errors)
}
