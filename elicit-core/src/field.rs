//! What a form field can be: the [`ElicitField`] trait and its impls for Rust's scalars.

use serde_json::Value;

use crate::error::{FieldErrorKind, JsonType};
use crate::schema::{BooleanSchema, NumberKind, NumberSchema, PropertySchema, StringSchema};
use crate::validate::{expect_bool, expect_integer, expect_number, expect_str};

/// A type that can be one field of an elicitation form: it has a property schema, and it
/// converts from and to the JSON value a client sends.
///
/// Implemented for `String`, `bool`, every integer up to 64 bits, `f32`, `f64`, unit-variant
/// enums that derive [`Elicit`](crate::Elicit) (single select), and `Vec`/`BTreeSet`/`HashSet`
/// of such enums (multi-select). A field may also be an `Option` of any of these.
///
/// `from_json` checks what the *type* requires (JSON type, the integer type's range, a
/// custom parse); the constraints written on the field (`min_length`, `minimum`, `pattern`,
/// …) are checked afterwards against the field's schema, so an impl need not repeat them.
///
/// # A type of your own
/// ```
/// use elicit_core::{ElicitField, FieldErrorKind, PropertySchema, StringSchema};
/// use serde_json::Value;
///
/// /// A lowercase word, checked by its own parser.
/// #[derive(Debug, PartialEq)]
/// struct Slug(String);
///
/// impl ElicitField for Slug {
///     fn field_schema() -> PropertySchema {
///         PropertySchema::String(StringSchema {
///             pattern: Some(elicit_core::Pattern::new("^[a-z0-9-]+$").unwrap()),
///             ..Default::default()
///         })
///     }
///     fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
///         let text = String::from_json(value)?;
///         if text.starts_with('-') {
///             return Err(FieldErrorKind::Invalid { reason: "a slug cannot start with `-`".into() });
///         }
///         Ok(Slug(text))
///     }
///     fn to_json(&self) -> Value {
///         Value::String(self.0.clone())
///     }
/// }
///
/// assert_eq!(Slug::from_json(&"my-post".into()), Ok(Slug("my-post".into())));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "unsupported field type",
    note = "MCP forms are flat: a field is a string, a number, a boolean, a unit-variant enum that derives `Elicit` (single select), a `Vec`, `BTreeSet` or `HashSet` of such an enum (multi-select), a newtype that derives `Elicit`, or an `Option` of one of these; the README's type table lists every supported type",
    note = "a type of your own can be a field by implementing `elicit_core::ElicitField`"
)]
pub trait ElicitField: Sized {
    /// The property schema of this type, before the field's own attributes narrow it.
    fn field_schema() -> PropertySchema;

    /// Converts a client's (non-null) value.
    ///
    /// # Errors
    /// What makes `value` unfit for this type: wrong JSON type, out of range, unparsable.
    fn from_json(value: &Value) -> Result<Self, FieldErrorKind>;

    /// The value a client would send for `self`.
    fn to_json(&self) -> Value;

    /// Whether a value of this type can carry a secret: `false` for a type whose every
    /// value is one of a few fixed choices (a `bool`, a single or multi-select), so that a
    /// field such as `token_type: TokenType` is not refused for its name.
    #[doc(hidden)]
    const CAN_HOLD_SECRET: bool = true;
}

impl ElicitField for String {
    fn field_schema() -> PropertySchema {
        PropertySchema::String(StringSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(str::to_owned)
    }

    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

impl ElicitField for bool {
    const CAN_HOLD_SECRET: bool = false;

    fn field_schema() -> PropertySchema {
        PropertySchema::Boolean(BooleanSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_bool(value)
    }

    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
}

macro_rules! integer_fields {
    ($($ty:ty),*) => {$(
        /// `{"type":"integer"}` bounded by the type's range, so a value can never overflow.
        impl ElicitField for $ty {
            fn field_schema() -> PropertySchema {
                PropertySchema::Number(NumberSchema {
                    kind: NumberKind::Integer,
                    minimum: Some(<$ty>::MIN.into()),
                    maximum: Some(<$ty>::MAX.into()),
                    ..NumberSchema::default()
                })
            }

            fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
                let integer = expect_integer(value)?;
                <$ty>::try_from(integer).map_err(|_| FieldErrorKind::OutOfRange {
                    type_name: stringify!($ty),
                    value: match value {
                        Value::Number(number) => number.clone(),
                        _ => serde_json::Number::from(0),
                    },
                })
            }

            fn to_json(&self) -> Value {
                Value::from(*self)
            }
        }
    )*};
}

integer_fields!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl ElicitField for f64 {
    fn field_schema() -> PropertySchema {
        PropertySchema::Number(NumberSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let number = expect_number(value)?;
        number.as_f64().ok_or(FieldErrorKind::WrongType {
            expected: JsonType::Number,
            found: JsonType::Number,
        })
    }

    fn to_json(&self) -> Value {
        Value::from(*self)
    }
}

/// `{"type":"number"}` bounded by `±f32::MAX`, like the integers, so that `validate` refuses
/// what the parser cannot hold (`1e39`) and the two verdicts agree.
impl ElicitField for f32 {
    fn field_schema() -> PropertySchema {
        let max = f64::from(f32::MAX);
        PropertySchema::Number(NumberSchema {
            minimum: serde_json::Number::from_f64(-max),
            maximum: serde_json::Number::from_f64(max),
            ..NumberSchema::default()
        })
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let wide = f64::from_json(value)?;
        if wide.abs() > f64::from(f32::MAX) {
            return Err(FieldErrorKind::OutOfRange {
                type_name: "f32",
                value: match value {
                    Value::Number(number) => number.clone(),
                    _ => serde_json::Number::from(0),
                },
            });
        }
        // In range, so the cast only rounds to the nearest `f32`.
        #[allow(clippy::cast_possible_truncation)]
        Ok(wide as f32)
    }

    fn to_json(&self) -> Value {
        Value::from(f64::from(*self))
    }
}
