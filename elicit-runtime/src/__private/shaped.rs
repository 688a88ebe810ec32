//! What a derived form's builder, and the reader of a form with fields filled at run time,
//! call: reading a field against what was offered, the placeholder of such a field, the
//! checks written on fields.

use std::any::Any;
use std::fmt::Display;

use serde_json::{Map, Value};

use crate::error::{ContentError, FieldErrorKind};
use crate::read::{Errors, Raw, into_result};
use crate::schema::{PropertySchema, RequestedSchema, TitledSingleSelectSchema};
use crate::shape::Offer;

/// What was offered for one field filled at run time, whatever the type of its values: the
/// builder of a form keeps one per such field. Its type does not name the values' type, so
/// that a type that cannot be offered is reported once, where the derive proves it, and not
/// again by every type and closure that holds the offers.
#[derive(Default)]
pub struct OfferSlot(Option<Box<dyn Any + Send + Sync>>);

impl OfferSlot {
    /// The slot of `offer`.
    #[inline]
    pub fn new<V: Send + Sync + 'static>(offer: Offer<V>) -> Self {
        Self(Some(Box::new(offer)))
    }

    /// The offer kept, or an empty one if none of values of `V` was kept (which the builder's
    /// states rule out: the form is asked only once each field has its options).
    #[inline]
    pub fn get<V: 'static>(&self) -> Offer<V> {
        self.0
            .as_ref()
            .and_then(|offer| offer.downcast_ref::<Offer<V>>())
            .cloned()
            .unwrap_or_default()
    }
}

/// The entry `name` of `content`, as the field readers take it.
#[inline]
pub fn raw<'a>(content: &'a Map<String, Value>, name: &str) -> Option<Raw<'a>> {
    content.get(name).map(Raw::Json)
}

/// The answer read, or every error recorded.
///
/// # Errors
/// The recorded errors, when there are any or no value was built.
#[inline]
pub fn finish<T>(value: Option<T>, errors: Errors) -> Result<T, ContentError> {
    into_result(value, errors)
}

/// A required single select filled at run time: the offered value its answer names, among
/// the options of `select` (its property as sent).
pub fn pick_required<V: Clone>(
    content: &Map<String, Value>,
    name: &str,
    offer: &Offer<V>,
    select: &PropertySchema,
    errors: &mut Errors,
) -> Option<V> {
    match content.get(name) {
        None | Some(Value::Null) => {
            errors.push(name, FieldErrorKind::Missing);
            None
        }
        Some(value) => record(offer.pick(value, select), name, errors),
    }
}

/// An optional single select filled at run time: `None` when absent or `null`.
pub fn pick_optional<V: Clone>(
    content: &Map<String, Value>,
    name: &str,
    offer: &Offer<V>,
    select: &PropertySchema,
    errors: &mut Errors,
) -> Option<Option<V>> {
    match content.get(name) {
        None | Some(Value::Null) => Some(None),
        Some(value) => record(offer.pick(value, select), name, errors).map(Some),
    }
}

/// A required multi-select filled at run time: the offered values its answer names.
pub fn pick_all_required<V: Clone>(
    content: &Map<String, Value>,
    name: &str,
    offer: &Offer<V>,
    select: &PropertySchema,
    errors: &mut Errors,
) -> Option<Vec<V>> {
    match content.get(name) {
        None | Some(Value::Null) => {
            errors.push(name, FieldErrorKind::Missing);
            None
        }
        Some(value) => record(offer.pick_all(value, select), name, errors),
    }
}

/// An optional multi-select filled at run time: `None` when absent or `null`.
pub fn pick_all_optional<V: Clone>(
    content: &Map<String, Value>,
    name: &str,
    offer: &Offer<V>,
    select: &PropertySchema,
    errors: &mut Errors,
) -> Option<Option<Vec<V>>> {
    match content.get(name) {
        None | Some(Value::Null) => Some(None),
        Some(value) => record(offer.pick_all(value, select), name, errors).map(Some),
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

/// The property of a field filled at run time before its options are given: its texts, and
/// a multi-select's declared item counts.
pub fn options_property(
    multi: bool,
    title: Option<&str>,
    description: Option<&str>,
    min_items: Option<u64>,
    max_items: Option<u64>,
) -> PropertySchema {
    crate::shape::parts::titled_select(
        multi,
        title.map(str::to_owned),
        description.map(str::to_owned),
        Vec::new(),
        (min_items, max_items),
    )
}

/// A check written on a field (`#[elicit(check = …)]`): its error, if any, recorded on the
/// field.
#[inline]
pub fn checked<E: Display>(result: Result<(), E>, name: &str, errors: &mut Errors) {
    if let Err(error) = result {
        errors.push(
            name,
            FieldErrorKind::Invalid {
                reason: error.to_string(),
            },
        );
    }
}

/// What a generated reader reads a field against when the form did not ask it (an optional
/// select left with nothing to offer: its answer is absent, which the form made sure of).
static UNASKED: PropertySchema = PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
    title: None,
    description: None,
    options: Vec::new(),
    default: None,
});

/// The property `name` of the form as sent, or, for a field it did not ask, one with no
/// options (its answer is absent).
#[inline]
pub fn property<'s>(schema: &'s RequestedSchema, name: &str) -> &'s PropertySchema {
    schema.property(name).unwrap_or(&UNASKED)
}
