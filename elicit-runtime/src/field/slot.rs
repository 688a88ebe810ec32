//! A field slot of a form (`FormField`: a field type or an `Option` of one) and its default
//! (`FieldDefault`).

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::raw::Raw;
use crate::schema::PropertySchema;

/// A field slot of a form: a plain field (required unless it has a default) or an `Option`
/// of one (never required; absent or `null` is `None`).
pub trait FormField: Sized {
    /// The type a `default = …` expression is written in: the field's own type, or `T` for
    /// an `Option<T>`.
    type Inner;
    /// Whether the field must be present when it has no default.
    const REQUIRED: bool;
    /// Whether a value can carry a secret (`ElicitField::CAN_HOLD_SECRET`).
    const CAN_HOLD_SECRET: bool;
    /// Whether a value is a secret (`ElicitField::SECRET`).
    const SECRET: bool = false;
    /// The value type's constraints (`ElicitField::FACTS`).
    const FACTS: crate::schema::facts::Facts;
    /// The schema of the value type.
    fn schema() -> PropertySchema;
    /// Converts a present, non-null value as the reader found it.
    ///
    /// # Errors
    /// Why the value is not one of the field's type.
    fn from_present_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind>;
    /// Converts a present, non-null value as the reader found it and checks it against the
    /// field's property as sent (`ElicitField::from_raw_as_sent`).
    ///
    /// # Errors
    /// Why the value is not one of the field's type, or not one the property allows.
    fn from_present_raw_as_sent(
        raw: &Raw<'_>,
        property: &PropertySchema,
    ) -> Result<Self, FieldErrorKind>;
    /// The value when the key is absent or `null`: `None` for an `Option`, whatever its
    /// default (which only pre-fills the form); for a plain field, nothing (its default, else
    /// the field is missing).
    fn from_absent() -> Option<Self>;
    /// Wraps a default written as `Inner`.
    fn from_inner(inner: Self::Inner) -> Self;
    /// The JSON of the value, `None` for an `Option` that is `None`.
    fn to_json(&self) -> Option<Value>;
    /// The value as `Inner`, `None` for an `Option` that is `None`: what a run-time check of
    /// the field sees.
    fn inner(&self) -> Option<&Self::Inner>;
}

impl<T: ElicitField> FormField for T {
    type Inner = T;
    const REQUIRED: bool = true;
    const CAN_HOLD_SECRET: bool = T::CAN_HOLD_SECRET;
    const SECRET: bool = T::SECRET;
    const FACTS: crate::schema::facts::Facts = T::FACTS;

    fn schema() -> PropertySchema {
        T::field_schema()
    }

    fn from_present_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        T::from_raw(raw)
    }

    fn from_present_raw_as_sent(
        raw: &Raw<'_>,
        property: &PropertySchema,
    ) -> Result<Self, FieldErrorKind> {
        T::from_raw_as_sent(raw, property)
    }

    fn from_absent() -> Option<Self> {
        None
    }

    fn from_inner(inner: T) -> Self {
        inner
    }

    fn to_json(&self) -> Option<Value> {
        Some(ElicitField::to_json(self))
    }

    fn inner(&self) -> Option<&T> {
        Some(self)
    }
}

impl<T: ElicitField> FormField for Option<T> {
    type Inner = T;
    const REQUIRED: bool = false;
    const CAN_HOLD_SECRET: bool = T::CAN_HOLD_SECRET;
    const SECRET: bool = T::SECRET;
    const FACTS: crate::schema::facts::Facts = T::FACTS;

    fn schema() -> PropertySchema {
        T::field_schema()
    }

    fn from_present_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        match T::from_raw(raw) {
            Ok(value) => Ok(Some(value)),
            Err(kind) => Err(kind),
        }
    }

    fn from_present_raw_as_sent(
        raw: &Raw<'_>,
        property: &PropertySchema,
    ) -> Result<Self, FieldErrorKind> {
        match T::from_raw_as_sent(raw, property) {
            Ok(value) => Ok(Some(value)),
            Err(kind) => Err(kind),
        }
    }

    fn from_absent() -> Option<Self> {
        Some(None)
    }

    fn from_inner(inner: T) -> Self {
        Some(inner)
    }

    // A `match`, not `Option::map`: one instantiation fewer per field type.
    #[allow(clippy::manual_map)]
    fn to_json(&self) -> Option<Value> {
        match self {
            Some(value) => Some(value.to_json()),
            None => None,
        }
    }

    fn inner(&self) -> Option<&T> {
        self.as_ref()
    }
}

/// A default that is not a literal, as the derive writes it: an expression of the field's
/// type (`default = expr`, `default`, or `#[serde(default)]`). Its JSON becomes the schema's
/// `default` when the schema is first built; an answer that leaves the field out is then read
/// as that `default`, the one sent. (A literal default is written as its JSON:
/// `set::DefaultJson`.)
pub enum FieldDefault<F> {
    /// The function that makes the value.
    Value(fn() -> F),
}

impl<F: FormField> FieldDefault<F> {
    /// The JSON for the schema's `default` key: the default the form sends, and the one its
    /// reader gives a field left out (`None` when the value has no JSON).
    pub fn to_json(&self) -> Option<Value> {
        match self {
            Self::Value(make) => make().to_json(),
        }
    }
}
