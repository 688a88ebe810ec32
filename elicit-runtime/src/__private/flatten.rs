//! `#[elicit(flatten)]`: a struct form inlined into another.
//!
//! The parent's wire schema stays one flat object: the flattened form's properties are pushed
//! into it where the field is declared, and its fields are read from the parent's slots and
//! written into the parent's content (its names are a run of the parent's, from where the
//! field is declared). Wire-name collisions are compile errors, proven by const assertions
//! over `NAMES`.

use super::parse::Writing;
use crate::read::{AsSent, FormFields, Reading, Sent, Slot};
use crate::schema::RequestedSchema;

/// A struct form that can be flattened into another: a [`FormFields`] with a schema of its
/// own.
pub trait FlatForm: crate::Elicit + FormFields {}

/// What a field marked `#[elicit(flatten)]` can be: a [`FlatForm`], or an `Option` of one.
pub trait FlattenSlot: Sized {
    /// The flattened form's wire names.
    const NAMES: &'static [&'static str];
    /// Whether each of its fields needs a value, read as part of the parent.
    const NEEDS_VALUE: &'static [bool];
    /// Whether each of its fields is a secret.
    const SECRET: &'static [bool];
    /// Whether each of its fields is asked when a tool call leaves it out.
    const ASKABLE: &'static [bool];
    /// Appends the flattened form's properties to the parent's schema.
    fn push(form: &mut RequestedSchema);
    /// Reads the flattened form from its run of the parent's fields, from `start`.
    fn parse(fields: &mut Reading<'_>, start: usize) -> Option<Self>;
    /// Writes the flattened form into the parent's content, as its next fields.
    fn put(&self, out: &mut Writing);
}

impl<T: FlatForm> FlattenSlot for T {
    const NAMES: &'static [&'static str] = T::NAMES;
    const NEEDS_VALUE: &'static [bool] = T::NEEDS_VALUE;
    const SECRET: &'static [bool] = T::SECRET;
    const ASKABLE: &'static [bool] = T::ASKABLE;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, false);
    }

    fn parse(fields: &mut Reading<'_>, start: usize) -> Option<Self> {
        T::read_fields(&mut fields.flattened(start, T::NAMES.len()))
    }

    fn put(&self, out: &mut Writing) {
        out.flattened(T::NAMES.len(), Some(self.to_content()));
    }
}

/// Every property optional on the wire; `None` unless the user answered one of them.
impl<T: FlatForm> FlattenSlot for Option<T> {
    const NAMES: &'static [&'static str] = T::NAMES;
    const NEEDS_VALUE: &'static [bool] = super::names::NONE_NEEDED.split_at(T::NAMES.len()).0;
    const SECRET: &'static [bool] = T::SECRET;
    const ASKABLE: &'static [bool] = T::ASKABLE;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, true);
    }

    fn parse(fields: &mut Reading<'_>, start: usize) -> Option<Self> {
        let mut own = fields.flattened(start, T::NAMES.len());
        if answered(own.slots(), own.sent()) {
            T::read_fields(&mut own).map(Some)
        } else {
            Some(None)
        }
    }

    fn put(&self, out: &mut Writing) {
        match self {
            Some(form) => form.put(out),
            None => out.flattened(T::NAMES.len(), None),
        }
    }
}

/// Appends `T`'s properties; required as in `T` unless `optional`.
fn push_properties<T: crate::Elicit>(form: &mut RequestedSchema, optional: bool) {
    let inner = T::requested_schema();
    for (name, schema) in &inner.properties {
        form.push(
            name.clone(),
            schema.clone(),
            !optional && inner.is_required(name),
        );
    }
}

/// Whether the slots answer any of the flattened form's fields: a key that is present, not
/// `null`, and not just the `default` sent for it (which a client may pre-fill, per SEP-1034,
/// for a group the user left alone). A field kept from an earlier answer counts as answered.
fn answered(slots: &[Slot<'_>], sent: &Sent<'_>) -> bool {
    slots
        .iter()
        .enumerate()
        .any(|(index, slot)| match sent.field(index) {
            AsSent::Kept(..) => true,
            AsSent::Unasked => false,
            AsSent::Asked(property) => match slot {
                None => false,
                Some(raw) if raw.is_null() => false,
                Some(raw) => match (property.default_value(), raw.as_value()) {
                    (None, _) => true,
                    (Some(default), Some(value)) => default != *value,
                    (Some(default), None) => default != raw.to_value(),
                },
            },
        })
}
