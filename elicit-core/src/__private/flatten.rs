//! `#[elicit(flatten)]`: a struct form inlined into another.
//!
//! The parent's wire schema stays one flat object: the flattened form's properties are pushed
//! into it where the field is declared, and its fields are read from the same content map.
//! Wire-name collisions are compile errors, proven by const assertions over `NAMES`.

use serde_json::{Map, Value};

use crate::schema::RequestedSchema;

use super::errors::Errors;

/// A struct form that can be flattened into another; `#[derive(Elicit)]` implements it for
/// every struct with named fields.
pub trait FlatForm: crate::Elicit {
    /// Every wire name of the form, those of its own flattened forms included, in
    /// declaration order.
    const NAMES: &'static [&'static str];

    /// Reads the form's fields from `content`, recording every invalid one in `errors`;
    /// `None` when any was invalid. Keys the form does not know are left alone: whether they
    /// are errors is for the outermost form's `deny_unknown_fields` to say.
    fn parse_fields(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self>;
}

/// What a field marked `#[elicit(flatten)]` can be: a [`FlatForm`], or an `Option` of one.
pub trait FlattenSlot: Sized {
    /// The flattened form's wire names.
    const NAMES: &'static [&'static str];
    /// Appends the flattened form's properties to the parent's schema.
    fn push(form: &mut RequestedSchema);
    /// Reads the flattened form from the parent's content.
    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self>;
    /// Writes the flattened form into the parent's content.
    fn put(&self, content: &mut Map<String, Value>);
}

impl<T: FlatForm> FlattenSlot for T {
    const NAMES: &'static [&'static str] = T::NAMES;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, false);
    }

    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self> {
        T::parse_fields(content, errors)
    }

    fn put(&self, content: &mut Map<String, Value>) {
        content.extend(self.to_content());
    }
}

/// Every property optional on the wire; `None` unless the user answered one of them.
impl<T: FlatForm> FlattenSlot for Option<T> {
    const NAMES: &'static [&'static str] = T::NAMES;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, true);
    }

    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self> {
        if answered::<T>(content) {
            T::parse_fields(content, errors).map(Some)
        } else {
            Some(None)
        }
    }

    fn put(&self, content: &mut Map<String, Value>) {
        if let Some(form) = self {
            form.put(content);
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

/// Whether `content` answers any of `T`'s properties: a key that is present, not `null`, and
/// not just the property's `default` (which a client may pre-fill, per SEP-1034, for a group
/// the user left alone).
fn answered<T: crate::Elicit>(content: &Map<String, Value>) -> bool {
    T::requested_schema()
        .properties
        .iter()
        .any(|(name, schema)| match content.get(name) {
            None | Some(Value::Null) => false,
            Some(value) => schema.default_value().as_ref() != Some(value),
        })
}
