//! Newtypes: `#[derive(Elicit)]` on a one-field tuple struct makes a field type that carries
//! its inner field's attributes. It takes the attributes its inner type takes.

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::schema::PropertySchema;
use crate::schema::facts::Facts;

use crate::field::kinds::{MultiSelectField, NumberField, StringField};

/// A newtype that derives `Elicit`: a field type wrapping `Inner`, with the schema its inner
/// field's attributes give.
pub trait NewtypeField: ElicitField {
    /// The wrapped type.
    type Inner;
    /// The newtype's schema, built once; its own parser checks every value against it.
    fn schema() -> &'static PropertySchema;
}

impl<T: NewtypeField> StringField for T where T::Inner: StringField {}
impl<T: NewtypeField> NumberField for T where T::Inner: NumberField {}
impl<T: NewtypeField> MultiSelectField for T
where
    T::Inner: MultiSelectField,
{
    const OPTION_COUNT: usize = <T::Inner as MultiSelectField>::OPTION_COUNT;
}

/// A newtype's own check of a value against its schema, which its parser makes after its
/// inner type's: as the inner type's `facts` read a value (an `f32` compares as the `f32` it
/// rounds to).
///
/// # Errors
/// The first constraint of the schema the value breaks.
pub fn check_newtype(
    schema: &PropertySchema,
    value: &Value,
    facts: &Facts,
) -> Result<(), FieldErrorKind> {
    schema.check_as(value, facts)
}
