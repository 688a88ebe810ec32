//! What a form field can be: the [`ElicitField`] trait and its impls for Rust's scalars;
//! what each type allows, as constants (the schema's `facts`); and the impls for the standard library's
//! and the ecosystem's common value types, so a form can hold them directly:
//!
//! - `std_types`: `NonZero*` integers, IP addresses, and `Box<str>`, `Arc<str>`,
//!   `Cow<'static, str>` (no feature needed);
//! - `chrono`, `time`, `url`: each behind the crate feature of the same name;
//! - `secrecy`: `SecretString`, behind `url-forms` (a secret is asked in URL mode only);
//! - [`choice`](crate::choice): the choices (enums and their multi-selects), a public module
//!   of the crate's root.

pub mod choice;
pub(crate) mod kinds;
pub(crate) mod slot;

mod std_types;

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "url-forms")]
mod secrecy;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "url")]
mod url;

#[cfg(any(feature = "chrono", feature = "time", feature = "url"))]
mod formatted;

use serde_json::Value;

use crate::error::{FieldErrorKind, JsonType};
use crate::raw::Raw;
use crate::raw::{
    expect_bool, expect_integer, expect_number, expect_str, raw_bool, raw_integer, raw_number,
    raw_str,
};
use crate::schema::facts::Facts;
use crate::schema::{
    BooleanSchema, PropertySchema, StringSchema, check_converted, check_float, check_integer,
    check_text, exact_f64,
};

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
/// use elicit_core::{ElicitField, FieldErrorKind};
/// use elicit_core::schema::{PropertySchema, StringSchema};
/// use serde_json::Value;
///
/// /// A lowercase word, checked by its own parser.
/// #[derive(Debug, PartialEq)]
/// struct Slug(String);
///
/// impl ElicitField for Slug {
///     fn field_schema() -> PropertySchema {
///         PropertySchema::String(StringSchema {
///             pattern: Some(elicit_core::schema::Pattern::new("^[a-z0-9-]+$").unwrap()),
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
    note = "MCP forms are flat: a field is a string, a number, a boolean, a unit-variant enum that derives `Elicit` (single select), a `Vec`, `BTreeSet` or `HashSet` of such an enum (multi-select), a newtype that derives `Elicit`, or an `Option` of one of these; `elicit_core::guide::types` lists every supported type",
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

    /// Converts a client's (non-null) value as the answer's reader found it: a borrowed
    /// [`Value`] of a content map, or a scalar read straight from the answer's bytes (its
    /// string borrowed from them). By default [`from_json`](Self::from_json), on a `Value`
    /// built for such a scalar; a type overrides it to skip that `Value`, with the same
    /// verdicts and errors as `from_json`.
    #[doc(hidden)]
    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        match raw.as_value() {
            Some(value) => Self::from_json(value),
            None => Self::from_json(&raw.to_value()),
        }
    }

    /// Converts a client's (non-null) value as the answer's reader found it, and checks it
    /// against the field's property as it was sent: [`from_raw`](Self::from_raw), then the
    /// checks of `property` the conversion has not made. A type overrides it to check the
    /// value it has just read (a number's bounds on the number converted) rather than read the
    /// answer again, with the same verdicts and errors.
    #[doc(hidden)]
    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let value = Self::from_raw(raw)?;
        check_converted(property, raw, &Self::FACTS)?;
        Ok(value)
    }

    /// Whether a value of this type is a secret (`false` unless the type says so;
    /// `secrecy::SecretString`'s is `true`, feature `url-forms`): a page of the
    /// [`url_form`](crate::url_form) module shows such a field as `type=password`, never
    /// writes its value back into the page, and keeps it only encrypted, then wiped. Such a
    /// form is asked in URL mode only, never in form mode, where the client and the model
    /// would see the answer.
    ///
    /// ```
    /// use elicit_core::ElicitField;
    ///
    /// assert!(!String::SECRET);
    /// ```
    const SECRET: bool = false;

    /// Whether a value of this type can carry a secret: `false` for a type whose every
    /// value is one of a few fixed choices (a `bool`, a single or multi-select), so that a
    /// field such as `token_type: TokenType` is not refused for its name.
    #[doc(hidden)]
    const CAN_HOLD_SECRET: bool = true;

    /// The type's constraints as constants, for the derive's compile-time checks of
    /// defaults and narrowing; a type that says nothing is judged when its form's schema is
    /// first built instead.
    #[doc(hidden)]
    const FACTS: Facts = Facts::UNKNOWN;
}

impl ElicitField for String {
    const FACTS: Facts = Facts::STRING;

    fn field_schema() -> PropertySchema {
        PropertySchema::String(StringSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(str::to_owned)
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_str(raw).map(str::to_owned)
    }

    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let text = raw_str(raw)?;
        check_text(property, raw, text)?;
        Ok(text.to_owned())
    }

    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
}

impl ElicitField for bool {
    const CAN_HOLD_SECRET: bool = false;
    const FACTS: Facts = Facts::BOOLEAN;

    fn field_schema() -> PropertySchema {
        PropertySchema::Boolean(BooleanSchema::default())
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_bool(value)
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_bool(raw)
    }

    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let value = raw_bool(raw)?;
        // A boolean property has nothing more to check.
        if !matches!(property, PropertySchema::Boolean(_)) {
            property.check_raw(raw, &Self::FACTS)?;
        }
        Ok(value)
    }

    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
}

macro_rules! integer_fields {
    ($($ty:ty),*) => {$(
        #[doc = concat!(
            "`{\"type\":\"integer\"}` bounded by the range of `", stringify!($ty), "`, cut to ",
            "I-JSON's (RFC 7493) `±(2^53 − 1)`, so a value can never overflow.\n\n",
            "A JavaScript client holds no integer beyond 2^53 − 1 exactly, so the 64-bit types ",
            "(`i64`, `u64`, `isize`, `usize`) stop there by default. An explicit `minimum` or ",
            "`maximum` on the field may go further, up to the type's own range: the author then ",
            "takes on that such a client may round what it sends. `from_json` checks the type's ",
            "own range (it cannot overflow); the schema's bounds are checked after it, so a form ",
            "refuses what its schema refuses.",
        )]
        impl ElicitField for $ty {
            // The type's range, as the target has it (`isize` and `usize` too). `as`: `i128`
            // has no `From<isize>`/`From<usize>`; every cast here is lossless.
            #[allow(clippy::cast_lossless)]
            const FACTS: Facts =
                Facts::primitive(stringify!($ty), <$ty>::MIN as i128, <$ty>::MAX as i128);

            fn field_schema() -> PropertySchema {
                Self::FACTS.number_schema()
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

            fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
                let integer = raw_integer(raw)?;
                <$ty>::try_from(integer).map_err(|_| FieldErrorKind::OutOfRange {
                    type_name: stringify!($ty),
                    value: match raw.as_number() {
                        Some(number) => number.clone(),
                        None => serde_json::Number::from(0),
                    },
                })
            }

            #[allow(clippy::cast_lossless)]
            fn from_raw_as_sent(
                raw: &Raw<'_>,
                property: &PropertySchema,
            ) -> Result<Self, FieldErrorKind> {
                let value = Self::from_raw(raw)?;
                check_integer(property, raw, value as i128, &Self::FACTS)?;
                Ok(value)
            }

            fn to_json(&self) -> Value {
                Value::from(*self)
            }
        }
    )*};
}

integer_fields!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl ElicitField for f64 {
    const FACTS: Facts = Facts::F64;

    fn field_schema() -> PropertySchema {
        Self::FACTS.number_schema()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let number = expect_number(value)?;
        match number.as_f64() {
            Some(value) => Ok(value),
            None => Err(FieldErrorKind::WrongType {
                expected: JsonType::Number,
                found: JsonType::Number,
            }),
        }
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        let number = raw_number(raw)?;
        match number.as_f64() {
            Some(value) => Ok(value),
            None => Err(FieldErrorKind::WrongType {
                expected: JsonType::Number,
                found: JsonType::Number,
            }),
        }
    }

    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let value = Self::from_raw(raw)?;
        // The `f64` is the number itself unless it is an integer past 2^53.
        let exact = raw
            .as_number()
            .is_some_and(|number| exact_f64(number).is_some());
        check_float(property, raw, value, exact, &Self::FACTS)?;
        Ok(value)
    }

    fn to_json(&self) -> Value {
        Value::from(*self)
    }
}

/// `{"type":"number"}` bounded by `±f32::MAX`, like the integers, so that `validate` refuses
/// what the parser cannot hold (`1e39`) and the two verdicts agree.
///
/// A number becomes the `f32` nearest to it, and the schema compares that `f32`, not the
/// number as sent: bounds written on the field are rounded inward to exact `f32` values
/// (`maximum = 0.1` becomes the largest `f32` not above 0.1, `0.0999999940395355224609375`)
/// and a default to the `f32` it denotes. `to_json` writes the `f32`'s exact value, so every
/// accepted value reads back as itself.
///
/// ```
/// use elicit_core::ElicitField;
///
/// let x = f32::from_json(&serde_json::json!(0.1)).unwrap();
/// assert_eq!(x, 0.1_f32);
/// assert_eq!(x.to_json(), serde_json::json!(0.10000000149011612));
/// assert_eq!(f32::from_json(&x.to_json()), Ok(x));
/// ```
impl ElicitField for f32 {
    const FACTS: Facts = Facts::F32;

    fn field_schema() -> PropertySchema {
        Self::FACTS.number_schema()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let wide = f64::from_json(value)?;
        narrow_f32(wide, value.as_number())
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        let wide = f64::from_raw(raw)?;
        narrow_f32(wide, raw.as_number())
    }

    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let value = Self::from_raw(raw)?;
        // What the checks compare for an `f32` field (its facts say so): the `f32` itself.
        check_float(property, raw, f64::from(value), true, &Self::FACTS)?;
        Ok(value)
    }

    fn to_json(&self) -> Value {
        Value::from(f64::from(*self))
    }
}

/// The `f32` nearest to `wide`, the `f64` of `number`.
fn narrow_f32(wide: f64, number: Option<&serde_json::Number>) -> Result<f32, FieldErrorKind> {
    // The nearest `f32`; beyond `±f32::MAX` (and the half unit it rounds down from) it is
    // infinite, which no `f32` field holds.
    #[allow(clippy::cast_possible_truncation)]
    let narrow = wide as f32;
    if narrow.is_finite() {
        Ok(narrow)
    } else {
        Err(FieldErrorKind::OutOfRange {
            type_name: "f32",
            value: match number {
                Some(number) => number.clone(),
                None => serde_json::Number::from(0),
            },
        })
    }
}
