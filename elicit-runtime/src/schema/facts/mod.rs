//! What a field type allows, as constants: the one statement of a type's kind and range,
//! `ElicitField::FACTS`. The type's number schema is built from it (`Facts::number_schema`);
//! the attribute setters read from it how far a bound may go and whether the value is an
//! `f32` (`set::FieldSchema`); the typed reader compares an `f32` field's values as the `f32`
//! it says they are; and the derive judges literal defaults and narrowing against it at
//! compile time, by const evaluation, on any type (an alias, a newtype, an enum) as on the
//! types it can read off the syntax.
//!
//! Facts are never stricter than the schema (a compile error must be a real mistake): where
//! a type cannot say something as a constant (a `pattern`, a `format`), the facts leave it
//! out, and the check made when the schema is first built (`set::default`) covers it.

mod message;
mod variant;

pub use self::message::ConstMessage;
pub(crate) use self::message::str_eq;
pub use self::variant::VariantOption;

use serde_json::Number;

use crate::schema::{NumberKind, NumberSchema, PropertySchema};

/// The largest integer I-JSON (RFC 7493) lets a number hold exactly: 2^53 − 1. JavaScript
/// (a `Number`) holds no larger integer exactly, so a 64-bit field's schema stops there.
pub(crate) const I_JSON_MAX: i128 = (1 << 53) - 1;

/// The kind of JSON value a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FactKind {
    /// A type that says nothing (a hand-written `ElicitField`): nothing is judged.
    Unknown,
    /// A string.
    String,
    /// An integer (`"type":"integer"`).
    Integer,
    /// Any number (`"type":"number"`).
    Number,
    /// A boolean.
    Boolean,
    /// A single select: a string that is one of `options`.
    Single,
    /// A multi-select: an array of distinct `options`.
    Multi,
}

/// A field type's constraints, as constants.
#[derive(Clone, Copy)]
pub struct Facts {
    pub(crate) kind: FactKind,
    /// `Integer`: the bounds the type's schema states (the Rust type's range cut to I-JSON's
    /// `±(2^53 − 1)`, then narrowed).
    pub(crate) min_int: Option<i128>,
    pub(crate) max_int: Option<i128>,
    /// `Integer`: how far an explicit `minimum` or `maximum` may move the bounds (the Rust
    /// type's whole range, beyond I-JSON's for a 64-bit type) while they are still the type's
    /// own; `None` once they are final (a newtype's: its own parser checks its schema), when
    /// a bound only narrows.
    pub(crate) widen_to: Option<(i128, i128)>,
    /// `Integer`: the Rust type whose whole range `widen_to` is, while it is, for an explicit
    /// bound outside it to be named a mistake; `None` for the non-zero integers, whose lower
    /// bound is clamped to the range silently.
    pub(crate) type_name: Option<&'static str>,
    /// `Number`: the bounds the type's schema states (`±f32::MAX` for an `f32`, then narrowed).
    pub(crate) min_float: Option<f64>,
    pub(crate) max_float: Option<f64>,
    /// The value is an `f32`: a number is compared as the `f32` it rounds to, and the bounds
    /// and the default are exact `f32` values.
    pub(crate) float32: bool,
    pub(crate) min_length: Option<u64>,
    pub(crate) max_length: Option<u64>,
    pub(crate) options: &'static [VariantOption],
    pub(crate) min_items: Option<u64>,
    pub(crate) max_items: Option<u64>,
}

impl Facts {
    /// What a type that says nothing gets.
    pub const UNKNOWN: Self = Self::of(FactKind::Unknown);
    /// A string type's: any string.
    pub const STRING: Self = Self::of(FactKind::String);
    /// `bool`'s.
    pub const BOOLEAN: Self = Self::of(FactKind::Boolean);
    /// `f64`'s: any number.
    pub const F64: Self = Self::of(FactKind::Number);
    /// `f32`'s: a number within `±f32::MAX`, read as the `f32` it rounds to.
    pub const F32: Self = Self {
        float32: true,
        min_float: Some(-(f32::MAX as f64)),
        max_float: Some(f32::MAX as f64),
        ..Self::of(FactKind::Number)
    };

    const fn of(kind: FactKind) -> Self {
        Self {
            kind,
            min_int: None,
            max_int: None,
            widen_to: None,
            type_name: None,
            min_float: None,
            max_float: None,
            float32: false,
            min_length: None,
            max_length: None,
            options: &[],
            min_items: None,
            max_items: None,
        }
    }

    /// An integer type whose whole range is `min..=max`: bounded by that range cut to
    /// I-JSON's `±(2^53 − 1)`, which an explicit bound may widen up to the whole range.
    pub const fn integer(min: i128, max: i128) -> Self {
        Self {
            min_int: Some(if min < -I_JSON_MAX { -I_JSON_MAX } else { min }),
            max_int: Some(if max > I_JSON_MAX { I_JSON_MAX } else { max }),
            widen_to: Some((min, max)),
            ..Self::of(FactKind::Integer)
        }
    }

    /// The primitive integer type `T` whose range is `min..=max`, by its name: an explicit
    /// bound outside it is a mistake the derive reports (`bound_int`).
    pub const fn primitive(name: &'static str, min: i128, max: i128) -> Self {
        Self {
            type_name: Some(name),
            ..Self::integer(min, max)
        }
    }

    /// The facts of a type whose schema is final (a newtype's): its bounds are what they
    /// are, and an explicit bound on a field of the type may only narrow them.
    #[must_use]
    pub const fn finished(mut self) -> Self {
        self.widen_to = None;
        self.type_name = None;
        self
    }

    /// A single select of `options`.
    pub const fn single(options: &'static [VariantOption]) -> Self {
        Self {
            options,
            ..Self::of(FactKind::Single)
        }
    }

    /// A multi-select of `options`.
    pub const fn multi(options: &'static [VariantOption]) -> Self {
        Self {
            options,
            ..Self::of(FactKind::Multi)
        }
    }

    /// `minimum = value` written as an integer: on an integer whose bounds are still its
    /// type's own, the new bound (never below the type's range); otherwise it narrows.
    #[must_use]
    pub const fn minimum_int(mut self, value: i128) -> Self {
        match self.kind {
            FactKind::Integer => {
                if let Some((low, _)) = self.widen_to {
                    self.min_int = Some(if value < low { low } else { value });
                } else if self.min_int.is_none() || value > unwrap_int(self.min_int) {
                    self.min_int = Some(value);
                }
                self
            }
            #[allow(clippy::cast_precision_loss)]
            _ => self.minimum_float(value as f64),
        }
    }

    /// `maximum = value` written as an integer: on an integer whose bounds are still its
    /// type's own, the new bound (never above the type's range); otherwise it narrows.
    #[must_use]
    pub const fn maximum_int(mut self, value: i128) -> Self {
        match self.kind {
            FactKind::Integer => {
                if let Some((_, high)) = self.widen_to {
                    self.max_int = Some(if value > high { high } else { value });
                } else if self.max_int.is_none() || value < unwrap_int(self.max_int) {
                    self.max_int = Some(value);
                }
                self
            }
            #[allow(clippy::cast_precision_loss)]
            _ => self.maximum_float(value as f64),
        }
    }

    /// `minimum = value` written as a float (on an integer, the first whole number above).
    #[must_use]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn minimum_float(mut self, value: f64) -> Self {
        match self.kind {
            FactKind::Integer => self.minimum_int(ceil(value)),
            FactKind::Number => {
                let value = if self.float32 { f32_up(value) } else { value };
                if self.min_float.is_none() || value > unwrap_float(self.min_float) {
                    self.min_float = Some(value);
                }
                self
            }
            _ => self,
        }
    }

    /// `maximum = value` written as a float.
    #[must_use]
    #[allow(clippy::cast_possible_truncation)]
    pub const fn maximum_float(mut self, value: f64) -> Self {
        match self.kind {
            FactKind::Integer => self.maximum_int(floor(value)),
            FactKind::Number => {
                let value = if self.float32 { f32_down(value) } else { value };
                if self.max_float.is_none() || value < unwrap_float(self.max_float) {
                    self.max_float = Some(value);
                }
                self
            }
            _ => self,
        }
    }

    /// `min_length = value`: narrows.
    #[must_use]
    pub const fn min_length(mut self, value: u64) -> Self {
        self.min_length = Some(max_of(self.min_length, value));
        self
    }

    /// `max_length = value`: narrows.
    #[must_use]
    pub const fn max_length(mut self, value: u64) -> Self {
        self.max_length = Some(min_of(self.max_length, value));
        self
    }

    /// `min_items = value`: narrows.
    #[must_use]
    pub const fn min_items(mut self, value: u64) -> Self {
        self.min_items = Some(max_of(self.min_items, value));
        self
    }

    /// `max_items = value`: narrows.
    #[must_use]
    pub const fn max_items(mut self, value: u64) -> Self {
        self.max_items = Some(min_of(self.max_items, value));
        self
    }

    /// Why no value satisfies the merged constraints, if none does.
    pub const fn empty(&self) -> Option<ConstMessage> {
        if let (Some(min), Some(max)) = (self.min_int, self.max_int)
            && min > max
        {
            return Some(
                ConstMessage::new()
                    .push("the merged bounds leave no value: `minimum` ")
                    .push_int(min)
                    .push(" is above `maximum` ")
                    .push_int(max),
            );
        }
        if let (Some(min), Some(max)) = (self.min_float, self.max_float)
            && min > max
        {
            return Some(
                ConstMessage::new()
                    .push("the merged bounds leave no value: `minimum` is above `maximum`"),
            );
        }
        if let (Some(min), Some(max)) = (self.min_length, self.max_length)
            && min > max
        {
            return Some(
                ConstMessage::new()
                    .push("the merged lengths leave no value: `min_length` ")
                    .push_int(min as i128)
                    .push(" is above `max_length` ")
                    .push_int(max as i128),
            );
        }
        if let (Some(min), Some(max)) = (self.min_items, self.max_items)
            && min > max
        {
            return Some(
                ConstMessage::new()
                    .push("the merged item counts leave no value: `min_items` ")
                    .push_int(min as i128)
                    .push(" is above `max_items` ")
                    .push_int(max as i128),
            );
        }
        None
    }

    /// Why an explicit `minimum` or `maximum` of `value` is a mistake on a primitive integer
    /// type, if it is: it lies outside the type's range ("is outside the range of `u8`
    /// (0..=255)"), where the bound would be clamped to the range without a word.
    pub const fn bound_int(&self, value: i128) -> Option<ConstMessage> {
        let (Some(name), Some((low, high))) = (self.type_name, self.widen_to) else {
            return None;
        };
        if value >= low && value <= high {
            return None;
        }
        Some(
            ConstMessage::new()
                .push("is outside the range of `")
                .push(name)
                .push("` (")
                .push_int(low)
                .push("..=")
                .push_int(high)
                .push(")"),
        )
    }

    /// Whether an explicit bound written as the float `value` is a mistake on a primitive
    /// integer type: a fraction, where a whole number is meant. (A whole float is judged as
    /// the integer it is, by `bound_int`.)
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_precision_loss,
        clippy::float_cmp
    )]
    pub const fn bound_is_fraction(&self, value: f64) -> bool {
        self.type_name.is_some() && (value as i128) as f64 != value
    }

    /// Why a constant default is no valid value, if it is not: `as_int` and `as_float` are the
    /// constant cast to `i128` and to `f64` (the derive writes both; the field's kind says
    /// which is exact).
    pub const fn check_number(&self, as_int: i128, as_float: f64) -> Option<ConstMessage> {
        match self.kind {
            FactKind::Integer => self.check_int(as_int),
            _ => self.check_float(as_float),
        }
    }

    /// Why the integer literal `value` is no valid value, if it is not.
    pub const fn check_int(&self, value: i128) -> Option<ConstMessage> {
        match self.kind {
            FactKind::Integer => {
                if let Some(min) = self.min_int
                    && value < min
                {
                    return Some(
                        ConstMessage::new()
                            .push("is below the field's minimum, ")
                            .push_int(min),
                    );
                }
                if let Some(max) = self.max_int
                    && value > max
                {
                    return Some(
                        ConstMessage::new()
                            .push("is above the field's maximum, ")
                            .push_int(max),
                    );
                }
                None
            }
            #[allow(clippy::cast_precision_loss)]
            FactKind::Number => self.check_float(value as f64),
            _ => self.kind_mismatch("a number"),
        }
    }

    /// Why the float literal `value` is no valid value, if it is not.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_precision_loss,
        clippy::float_cmp
    )]
    pub const fn check_float(&self, value: f64) -> Option<ConstMessage> {
        match self.kind {
            FactKind::Integer => {
                if (value as i128) as f64 != value {
                    return Some(
                        ConstMessage::new()
                            .push("is not a whole number, and the field is an integer"),
                    );
                }
                self.check_int(value as i128)
            }
            FactKind::Number => {
                if !value.is_finite() {
                    return Some(
                        ConstMessage::new()
                            .push("is not a finite number; JSON has no NaN or infinity"),
                    );
                }
                let value = if self.float32 {
                    value as f32 as f64
                } else {
                    value
                };
                if !value.is_finite() {
                    return Some(ConstMessage::new().push("is outside the range of `f32`"));
                }
                if let Some(min) = self.min_float
                    && value < min
                {
                    return Some(ConstMessage::new().push("is below the field's minimum"));
                }
                if let Some(max) = self.max_float
                    && value > max
                {
                    return Some(ConstMessage::new().push("is above the field's maximum"));
                }
                None
            }
            _ => self.kind_mismatch("a number"),
        }
    }

    /// Why a boolean literal is no valid value, if it is not.
    pub const fn check_bool(&self) -> Option<ConstMessage> {
        match self.kind {
            FactKind::Boolean => None,
            _ => self.kind_mismatch("a boolean"),
        }
    }

    /// Why the string literal `value` is no valid value, if it is not.
    pub const fn check_str(&self, value: &str) -> Option<ConstMessage> {
        match self.kind {
            FactKind::String => {
                let length = char_count(value);
                if let Some(min) = self.min_length
                    && length < min
                {
                    return Some(
                        ConstMessage::new()
                            .push("is shorter than the field's `min_length`, ")
                            .push_int(min as i128),
                    );
                }
                if let Some(max) = self.max_length
                    && length > max
                {
                    return Some(
                        ConstMessage::new()
                            .push("is longer than the field's `max_length`, ")
                            .push_int(max as i128),
                    );
                }
                None
            }
            FactKind::Single => {
                let mut index = 0;
                while index < self.options.len() {
                    if str_eq(self.options[index].value, value) {
                        return None;
                    }
                    index += 1;
                }
                Some(
                    self.options_list(
                        ConstMessage::new()
                            .push("is not one of the field's options; write its wire value: "),
                    ),
                )
            }
            _ => self.kind_mismatch("a string"),
        }
    }

    /// `message` followed by the options' wire values, at most ten.
    const fn options_list(&self, mut message: ConstMessage) -> ConstMessage {
        let mut index = 0;
        while index < self.options.len() && index < 10 {
            if index > 0 {
                message = message.push(", ");
            }
            message = message
                .push("\"")
                .push(self.options[index].value)
                .push("\"");
            index += 1;
        }
        if self.options.len() > 10 {
            message = message
                .push(" and ")
                .push_int((self.options.len() - 10) as i128)
                .push(" more");
        }
        message
    }

    const fn kind_mismatch(&self, literal: &'static str) -> Option<ConstMessage> {
        let field = match self.kind {
            FactKind::Unknown => return None,
            FactKind::String => "a string",
            FactKind::Integer => "an integer",
            FactKind::Number => "a number",
            FactKind::Boolean => "a boolean",
            FactKind::Single => "a single select (write the option's wire value as a string)",
            FactKind::Multi => "a multi-select (write an array of the enum's variants)",
        };
        Some(
            ConstMessage::new()
                .push("is ")
                .push(literal)
                .push(", but the field is ")
                .push(field),
        )
    }
}

impl Facts {
    /// The schema of a number type with these facts: `{"type":"integer"}` or
    /// `{"type":"number"}`, bounded as the facts say.
    pub(crate) fn number_schema(&self) -> PropertySchema {
        let integer = matches!(self.kind, FactKind::Integer);
        let (minimum, maximum) = if integer {
            (self.min_int.map(int), self.max_int.map(int))
        } else {
            (
                self.min_float.and_then(Number::from_f64),
                self.max_float.and_then(Number::from_f64),
            )
        };
        PropertySchema::Number(NumberSchema {
            kind: if integer {
                NumberKind::Integer
            } else {
                NumberKind::Number
            },
            minimum,
            maximum,
            ..NumberSchema::default()
        })
    }
}

/// An integer as JSON keeps it: exact, as an `i64` or a `u64` (every integer a bound or a
/// default of an integer type of at most 64 bits can be; anything else is written as 0).
pub fn int(value: i128) -> Number {
    if let Ok(small) = i64::try_from(value) {
        Number::from(small)
    } else if let Ok(large) = u64::try_from(value) {
        Number::from(large)
    } else {
        Number::from(0)
    }
}

/// The least integer not below `value` (`f64::ceil` is not const at our MSRV); saturating.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
const fn ceil(value: f64) -> i128 {
    let truncated = value as i128;
    if (truncated as f64) < value {
        truncated + 1
    } else {
        truncated
    }
}

/// The greatest integer not above `value`; saturating.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
const fn floor(value: f64) -> i128 {
    let truncated = value as i128;
    if (truncated as f64) > value {
        truncated - 1
    } else {
        truncated
    }
}

const fn unwrap_int(value: Option<i128>) -> i128 {
    match value {
        Some(value) => value,
        None => 0,
    }
}

const fn unwrap_float(value: Option<f64>) -> f64 {
    match value {
        Some(value) => value,
        None => 0.0,
    }
}

const fn max_of(old: Option<u64>, new: u64) -> u64 {
    match old {
        Some(old) if old > new => old,
        _ => new,
    }
}

const fn min_of(old: Option<u64>, new: u64) -> u64 {
    match old {
        Some(old) if old < new => old,
        _ => new,
    }
}

/// The smallest `f32` not below `value`, as an `f64` (a lower bound rounded inward).
#[allow(clippy::cast_possible_truncation)]
const fn f32_up(value: f64) -> f64 {
    let rounded = value as f32;
    if (rounded as f64) < value {
        rounded.next_up() as f64
    } else {
        rounded as f64
    }
}

/// The largest `f32` not above `value`, as an `f64` (an upper bound rounded inward).
#[allow(clippy::cast_possible_truncation)]
const fn f32_down(value: f64) -> f64 {
    let rounded = value as f32;
    if (rounded as f64) > value {
        rounded.next_down() as f64
    } else {
        rounded as f64
    }
}

/// Unicode scalar values in `text`: the bytes that start a character.
const fn char_count(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut count = 0;
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] & 0xC0 != 0x80 {
            count += 1;
        }
        index += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_judged_against_merged_facts() {
        let percent = Facts::integer(0, 255).maximum_int(100);
        assert!(percent.check_int(100).is_none());
        assert_eq!(
            percent
                .check_int(200)
                .map(|m| m.as_str().to_owned())
                .as_deref(),
            Some("is above the field's maximum, 100")
        );
        assert!(percent.minimum_int(200).empty().is_some());
        assert!(Facts::STRING.max_length(5).min_length(10).empty().is_some());
        assert!(Facts::STRING.max_length(3).check_str("abcd").is_some());
        assert!(Facts::STRING.max_length(4).check_str("ééé").is_none());
        assert!(Facts::STRING.check_int(5).is_some());
        assert!(Facts::UNKNOWN.check_int(5).is_none());
        let f32_max = Facts::F32.maximum_float(0.1);
        assert!(f32_max.check_float(0.1).is_some());
        assert!(f32_max.check_float(0.09).is_none());
    }

    #[test]
    fn the_pointer_size_integers_have_the_targets_range() {
        use crate::field::ElicitField;
        // What the derive judges a bound or a default of these types against is this, built
        // for the target: never a 64-bit range assumed on a 32-bit target.
        #[allow(clippy::cast_lossless)]
        let (isize_range, usize_range) = (
            (isize::MIN as i128, isize::MAX as i128),
            (usize::MIN as i128, usize::MAX as i128),
        );
        assert_eq!(isize::FACTS.widen_to, Some(isize_range));
        assert_eq!(usize::FACTS.widen_to, Some(usize_range));
        assert_eq!(isize::FACTS.type_name, Some("isize"));
        let just_past = usize_range.1 + 1;
        assert_eq!(
            usize::FACTS
                .bound_int(just_past)
                .map(|m| m.as_str().to_owned()),
            Some(format!(
                "is outside the range of `usize` (0..={})",
                usize_range.1
            ))
        );
        assert!(usize::FACTS.bound_int(usize_range.1).is_none());
        // The schema comes from the same facts: cut to I-JSON's 2^53 − 1 where the type goes
        // further.
        let expected_max = usize_range.1.min(I_JSON_MAX);
        match usize::field_schema() {
            PropertySchema::Number(schema) => {
                assert_eq!(schema.maximum, Some(int(expected_max)));
                assert_eq!(usize::FACTS.max_int, Some(expected_max));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options_are_named_on_a_miss() {
        const OPTIONS: &[VariantOption] = &[
            VariantOption {
                value: "large-cup",
                title: "Large",
            },
            VariantOption {
                value: "small",
                title: "Small",
            },
        ];
        let facts = Facts::single(OPTIONS);
        assert!(facts.check_str("small").is_none());
        assert_eq!(
            facts
                .check_str("LargeCup")
                .map(|m| m.as_str().to_owned())
                .as_deref(),
            Some(
                "is not one of the field's options; write its wire value: \"large-cup\", \"small\""
            )
        );
    }
}
