//! The standard library's value types that are not plain scalars: non-zero integers, IP
//! addresses, and shared or boxed strings.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroIsize, NonZeroU8, NonZeroU16, NonZeroU32,
    NonZeroU64, NonZeroUsize,
};
use std::sync::Arc;

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::raw::Raw;
use crate::raw::{expect_integer, expect_str, raw_integer, raw_str};
use crate::schema::{PropertySchema, StringSchema};

macro_rules! non_zero_fields {
    ($min_text:literal, $note:literal: $($ty:ident($int:ty) from $minimum:expr),* $(,)?) => {$(
        #[doc = concat!(
            "`{\"type\":\"integer\",\"minimum\":", $min_text, ",\"maximum\":MAX}`, the range of `",
            stringify!($int), "` without zero, cut to I-JSON's (RFC 7493) `±(2^53 − 1)` like `",
            stringify!($int), "`'s (an explicit `minimum`/`maximum` may widen it up to the type's ",
            "own range; a JavaScript client holds no integer beyond 2^53 − 1 exactly).", $note,
            " Zero, or a number outside the type, is `out_of_range`.\n\n",
            "```\n",
            "use elicit_core::ElicitField;\n",
            "use std::num::", stringify!($ty), ";\n\n",
            "let three = ", stringify!($ty), "::new(3).unwrap();\n",
            "assert_eq!(", stringify!($ty), "::from_json(&3.into()), Ok(three));\n",
            "assert_eq!(", stringify!($ty), "::from_json(&0.into()).unwrap_err().code(), \"out_of_range\");\n",
            "assert_eq!(three.to_json(), 3);\n",
            "```",
        )]
        impl ElicitField for $ty {
            // `as`: `i128` has no `From<isize>`/`From<usize>`; every cast here is lossless.
            #[allow(clippy::cast_lossless)]
            const FACTS: crate::schema::facts::Facts =
                crate::schema::facts::Facts::integer($minimum as i128, <$int>::MAX as i128);

            fn field_schema() -> PropertySchema {
                Self::FACTS.number_schema()
            }

            fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
                let integer = expect_integer(value)?;
                <$int>::try_from(integer)
                    .ok()
                    .and_then(<$ty>::new)
                    .ok_or_else(|| FieldErrorKind::OutOfRange {
                        type_name: stringify!($ty),
                        value: match value {
                            Value::Number(number) => number.clone(),
                            _ => serde_json::Number::from(0),
                        },
                    })
            }

            fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
                let integer = raw_integer(raw)?;
                <$int>::try_from(integer)
                    .ok()
                    .and_then(<$ty>::new)
                    .ok_or_else(|| FieldErrorKind::OutOfRange {
                        type_name: stringify!($ty),
                        value: match raw.as_number() {
                            Some(number) => number.clone(),
                            None => serde_json::Number::from(0),
                        },
                    })
            }

            fn to_json(&self) -> Value {
                Value::from(self.get())
            }
        }
    )*};
}

non_zero_fields!("1", "":
    NonZeroU8(u8) from 1_u8,
    NonZeroU16(u16) from 1_u16,
    NonZeroU32(u32) from 1_u32,
    NonZeroU64(u64) from 1_u64,
    NonZeroUsize(usize) from 1_usize,
);

// A schema states one range and cannot leave zero out of a signed one: a schema-only client
// lets zero through, and only the typed parser refuses it.
non_zero_fields!("MIN", " The schema cannot leave zero out of a signed range; the parser does.":
    NonZeroI8(i8) from i8::MIN,
    NonZeroI16(i16) from i16::MIN,
    NonZeroI32(i32) from i32::MIN,
    NonZeroI64(i64) from i64::MIN,
    NonZeroIsize(isize) from isize::MIN,
);

macro_rules! ip_fields {
    ($($ty:ident, $example:literal, $reason:literal;)*) => {$(
        #[doc = concat!(
            "`{\"type\":\"string\"}` (the spec has no IP `format`), parsed with `",
            stringify!($ty), "`'s `FromStr`; anything else is `invalid`: \"", $reason,
            "\". Written back in the standard's canonical text.\n\n",
            "```\n",
            "use elicit_core::ElicitField;\n",
            "use std::net::", stringify!($ty), ";\n\n",
            "let address: ", stringify!($ty), " = ", stringify!($example), ".parse().unwrap();\n",
            "assert_eq!(", stringify!($ty), "::from_json(&", stringify!($example), ".into()), Ok(address));\n",
            "assert_eq!(", stringify!($ty), "::from_json(&\"localhost\".into()).unwrap_err().to_string(), \"",
            $reason, "\");\n",
            "assert_eq!(address.to_json(), ", stringify!($example), ");\n",
            "```",
        )]
        impl ElicitField for $ty {
            const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

            fn field_schema() -> PropertySchema {
                PropertySchema::String(StringSchema::default())
            }

            fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
                expect_str(value)?.parse().map_err(|_| FieldErrorKind::Invalid {
                    reason: $reason.to_owned(),
                })
            }

            fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
                raw_str(raw)?.parse().map_err(|_| FieldErrorKind::Invalid {
                    reason: $reason.to_owned(),
                })
            }

            fn to_json(&self) -> Value {
                Value::String(self.to_string())
            }
        }
    )*};
}

ip_fields! {
    IpAddr, "2001:db8::1", "must be an IPv4 or IPv6 address";
    Ipv4Addr, "192.0.2.1", "must be an IPv4 address";
    Ipv6Addr, "2001:db8::1", "must be an IPv6 address";
}

/// `{"type":"string"}`, like `String`; takes the string attributes too.
///
/// ```
/// use elicit_core::ElicitField;
///
/// let text: Box<str> = ElicitField::from_json(&"hello".into()).unwrap();
/// assert_eq!(&*text, "hello");
/// assert_eq!(text.to_json(), "hello");
/// ```
impl ElicitField for Box<str> {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        String::field_schema()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(Box::from)
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_str(raw).map(Box::from)
    }

    fn to_json(&self) -> Value {
        Value::String(String::from(&**self))
    }
}

/// `{"type":"string"}`, like `String`; takes the string attributes too.
///
/// ```
/// use elicit_core::ElicitField;
/// use std::sync::Arc;
///
/// let text: Arc<str> = ElicitField::from_json(&"hello".into()).unwrap();
/// assert_eq!(&*text, "hello");
/// assert_eq!(text.to_json(), "hello");
/// ```
impl ElicitField for Arc<str> {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        String::field_schema()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(Arc::from)
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_str(raw).map(Arc::from)
    }

    fn to_json(&self) -> Value {
        Value::String(String::from(&**self))
    }
}

/// `{"type":"string"}`, like `String`; takes the string attributes too. A parsed value is
/// always `Cow::Owned`; a `'static` borrow is handy for defaults.
///
/// ```
/// use elicit_core::ElicitField;
/// use std::borrow::Cow;
///
/// let text: Cow<'static, str> = ElicitField::from_json(&"hello".into()).unwrap();
/// assert_eq!(text, "hello");
/// assert_eq!(Cow::Borrowed("hi").to_json(), "hi");
/// ```
impl ElicitField for Cow<'static, str> {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        String::field_schema()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        expect_str(value).map(|text| Cow::Owned(text.to_owned()))
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        raw_str(raw).map(|text| Cow::Owned(text.to_owned()))
    }

    fn to_json(&self) -> Value {
        Value::String(String::from(&**self))
    }
}
