//! What a field type's schema says, as a constant, so that the derive can judge a default
//! or a narrowing at compile time on any type (an alias, a newtype, an enum), not only on
//! the types it can read off the syntax.
//!
//! Facts are never stricter than the schema (a compile error must be a real mistake): where
//! a type cannot say something as a constant (a `pattern`, a `format`), the facts leave it
//! out, and the check made when the schema is first built (`set::default`) covers it.

use crate::choice::EnumVariant;

use super::names::{ConstMessage, str_eq};

/// The kind of JSON value a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FactKind {
    /// A type that says nothing (a hand-written `ElicitField`): nothing is judged.
    Unknown,
    String,
    Integer,
    Number,
    Boolean,
    /// A single select: a string that is one of `options`.
    Single,
    /// A multi-select: an array of distinct `options`.
    Multi,
}

/// A field type's constraints, as constants.
#[derive(Clone, Copy)]
pub struct Facts {
    pub kind: FactKind,
    /// Integer bounds, for `Integer`.
    pub min_int: Option<i128>,
    pub max_int: Option<i128>,
    /// Float bounds, for `Number`.
    pub min_float: Option<f64>,
    pub max_float: Option<f64>,
    /// The value is an `f32`: numbers are compared as the `f32` they round to.
    pub float32: bool,
    pub min_length: Option<u64>,
    pub max_length: Option<u64>,
    pub options: &'static [EnumVariant],
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
}

impl Facts {
    /// What a type that says nothing gets.
    pub const UNKNOWN: Self = Self::of(FactKind::Unknown);
    pub const STRING: Self = Self::of(FactKind::String);
    pub const BOOLEAN: Self = Self::of(FactKind::Boolean);
    pub const F64: Self = Self::of(FactKind::Number);
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

    /// An integer type's whole range (wider than the schema's I-JSON bounds for the 64-bit
    /// types, which an explicit bound may widen up to).
    pub const fn integer(min: i128, max: i128) -> Self {
        Self {
            min_int: Some(min),
            max_int: Some(max),
            ..Self::of(FactKind::Integer)
        }
    }

    /// A single select of `options`.
    pub const fn single(options: &'static [EnumVariant]) -> Self {
        Self {
            options,
            ..Self::of(FactKind::Single)
        }
    }

    /// A multi-select of `options`.
    pub const fn multi(options: &'static [EnumVariant]) -> Self {
        Self {
            options,
            ..Self::of(FactKind::Multi)
        }
    }

    /// `minimum = value` written as an integer.
    #[must_use]
    pub const fn minimum_int(mut self, value: i128) -> Self {
        match self.kind {
            FactKind::Integer => {
                if self.min_int.is_none() || value > unwrap_int(self.min_int) {
                    self.min_int = Some(value);
                }
                self
            }
            #[allow(clippy::cast_precision_loss)]
            _ => self.minimum_float(value as f64),
        }
    }

    /// `maximum = value` written as an integer.
    #[must_use]
    pub const fn maximum_int(mut self, value: i128) -> Self {
        match self.kind {
            FactKind::Integer => {
                if self.max_int.is_none() || value < unwrap_int(self.max_int) {
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

    #[must_use]
    pub const fn min_length(mut self, value: u64) -> Self {
        self.min_length = Some(max_of(self.min_length, value));
        self
    }

    #[must_use]
    pub const fn max_length(mut self, value: u64) -> Self {
        self.max_length = Some(min_of(self.max_length, value));
        self
    }

    #[must_use]
    pub const fn min_items(mut self, value: u64) -> Self {
        self.min_items = Some(max_of(self.min_items, value));
        self
    }

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
    fn options_are_named_on_a_miss() {
        const OPTIONS: &[EnumVariant] = &[
            EnumVariant {
                value: "large-cup",
                title: "Large",
            },
            EnumVariant {
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
