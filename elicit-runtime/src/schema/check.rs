//! Checking a client's value against a property schema.
//!
//! This is the one place that decides what a property allows: the derived parsers call it for
//! every field and [`RequestedSchema::validate`](super::RequestedSchema::validate) calls it for
//! a whole answer, so a typed server and a schema-only client agree on the verdict. The one
//! reading the schema cannot carry is the typed reader's: an `f32` field compares the `f32` a
//! number rounds to (its type's facts say it is one), where `validate` reads the schema's
//! letter. Numbers are compared in `number.rs`, options looked up in `options.rs`.

use serde_json::Value;

use crate::error::{FieldErrorKind, JsonType};
use crate::raw::{
    Raw, expect_bool, expect_number, expect_str, raw_bool, raw_number, raw_str, wrong_type,
};
use crate::schema::facts::{FactKind, Facts};
use crate::schema::{NumberKind, PropertySchema, StringSchema};

use super::number::{check_number, float_within, integer_within};

impl PropertySchema {
    /// Checks one present value against this property: its JSON type and every constraint
    /// (length, format, pattern, bounds, integer-ness, options, item counts).
    ///
    /// # Errors
    /// The first constraint the value breaks.
    ///
    /// ```
    /// use elicit_core::FieldErrorKind;
    /// use elicit_core::schema::{PropertySchema, StringSchema};
    ///
    /// let schema = PropertySchema::String(StringSchema { max_length: Some(3), ..Default::default() });
    /// assert!(schema.check(&"abc".into()).is_ok());
    /// assert!(matches!(schema.check(&"abcd".into()), Err(FieldErrorKind::TooLong { .. })));
    /// ```
    pub fn check(&self, value: &Value) -> Result<(), FieldErrorKind> {
        self.check_as(value, &Facts::UNKNOWN)
    }

    /// [`check`](Self::check) of a value as the Rust type behind the schema reads it, by the
    /// type's `facts`: an `f32` field holds the `f32` nearest to the number, and that is what
    /// is compared with the bounds (the errors still quote the number as sent).
    pub(crate) fn check_as(&self, value: &Value, facts: &Facts) -> Result<(), FieldErrorKind> {
        match self {
            Self::String(schema) => check_string(schema, expect_str(value)?),
            // An integer property asks for an integer, in the words the integer parsers use.
            Self::Number(schema) if schema.kind == NumberKind::Integer => match value {
                Value::Number(number) => check_number(schema, number, facts.float32),
                _ => Err(wrong_type(JsonType::Integer, value)),
            },
            Self::Number(schema) => check_number(schema, expect_number(value)?, facts.float32),
            Self::Boolean(_) => expect_bool(value).map(drop),
            Self::UntitledSingleSelect(_)
            | Self::TitledSingleSelect(_)
            | Self::LegacyTitledEnum(_) => self.check_option(expect_str(value)?),
            Self::UntitledMultiSelect(s) => self.check_options(value, s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => self.check_options(value, s.min_items, s.max_items),
        }
    }

    /// [`check_as`](Self::check_as) of a value as the reader found it: the same verdict, in
    /// the same words, without building a `Value` for a scalar read from bytes.
    pub(crate) fn check_raw(&self, raw: &Raw<'_>, facts: &Facts) -> Result<(), FieldErrorKind> {
        if let Some(value) = raw.as_value() {
            return self.check_as(value, facts);
        }
        let float32 = facts.float32;
        match self {
            Self::String(schema) => check_string(schema, raw_str(raw)?),
            Self::Number(schema) if schema.kind == NumberKind::Integer => match raw.as_number() {
                Some(number) => check_number(schema, number, float32),
                None => Err(raw.wrong_type(JsonType::Integer)),
            },
            Self::Number(schema) => check_number(schema, raw_number(raw)?, float32),
            Self::Boolean(_) => raw_bool(raw).map(drop),
            Self::UntitledSingleSelect(_)
            | Self::TitledSingleSelect(_)
            | Self::LegacyTitledEnum(_) => self.check_option(raw_str(raw)?),
            Self::UntitledMultiSelect(s) => self.check_raw_options(raw, s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => self.check_raw_options(raw, s.min_items, s.max_items),
        }
    }
}

/// The checks of `property` on the text of a string field (`raw`'s): a string property's
/// directly, any other through [`PropertySchema::check_raw`], with the same verdicts.
#[inline]
pub(crate) fn check_text(
    property: &PropertySchema,
    raw: &Raw<'_>,
    text: &str,
) -> Result<(), FieldErrorKind> {
    match property {
        PropertySchema::String(schema) => check_string(schema, text),
        _ => property.check_raw(raw, &Facts::STRING),
    }
}

/// The checks of `property` on an integer field's `value`, read from `raw`: the bounds of a
/// number property compared with the integer read when they are integers (as `check_number`
/// compares the number sent, which is that integer), anything else through
/// [`PropertySchema::check_raw`], which also gives the error in its words.
#[inline]
pub(crate) fn check_integer(
    property: &PropertySchema,
    raw: &Raw<'_>,
    value: i128,
    facts: &Facts,
) -> Result<(), FieldErrorKind> {
    match property {
        PropertySchema::Number(schema) if integer_within(schema, value) => Ok(()),
        _ => property.check_raw(raw, facts),
    }
}

/// The checks of `property` on a float field's `value`, read from `raw`; `exact` says the
/// value is what the checks compare (the number sent, or for an `f32` field the `f32` it
/// rounds to). A number property's bounds are compared with it when they are floats or
/// integers an `f64` holds exactly; anything else goes through
/// [`PropertySchema::check_raw`], which also gives the error in its words.
#[inline]
pub(crate) fn check_float(
    property: &PropertySchema,
    raw: &Raw<'_>,
    value: f64,
    exact: bool,
    facts: &Facts,
) -> Result<(), FieldErrorKind> {
    match property {
        PropertySchema::Number(schema)
            if exact && schema.kind == NumberKind::Number && float_within(schema, value) =>
        {
            Ok(())
        }
        _ => property.check_raw(raw, facts),
    }
}

/// The checks of a string property: in line, the length bounds the byte length settles and
/// whether a format or a pattern is set; the rest out of line ([`check_string_rest`]).
#[inline]
fn check_string(schema: &StringSchema, text: &str) -> Result<(), FieldErrorKind> {
    if length_unsure(text, schema.min_length, schema.max_length)
        || schema.format.is_some()
        || schema.pattern.is_some()
    {
        return check_string_rest(schema, text);
    }
    Ok(())
}

/// [`check_string`]'s checks: the length counted in characters when the bytes do not settle
/// it, then the format, then the pattern.
#[inline(never)]
fn check_string_rest(schema: &StringSchema, text: &str) -> Result<(), FieldErrorKind> {
    if length_unsure(text, schema.min_length, schema.max_length) {
        let length = char_count(text);
        if let Some(min_length) = schema.min_length.filter(|min| length < *min) {
            return Err(FieldErrorKind::TooShort { min_length, length });
        }
        if let Some(max_length) = schema.max_length.filter(|max| length > *max) {
            return Err(FieldErrorKind::TooLong { max_length, length });
        }
    }
    if let Some(format) = schema.format
        && !format.is_valid(text)
    {
        return Err(FieldErrorKind::BadFormat { format });
    }
    if let Some(pattern) = &schema.pattern
        && !pattern.is_match(text)
    {
        return Err(FieldErrorKind::PatternMismatch {
            pattern: pattern.as_str().to_owned(),
        });
    }
    Ok(())
}

/// The length of `text` in characters (Unicode scalar values): its bytes less the UTF-8
/// continuation bytes, counted in line for the short texts of a form.
#[inline]
fn char_count(text: &str) -> u64 {
    let continuation = text
        .bytes()
        .filter(|byte| byte & 0b1100_0000 == 0b1000_0000)
        .count();
    (text.len() - continuation) as u64
}

/// Whether the bounds need the length in characters counted: a string of `n` bytes has
/// between `n / 4` and `n` characters, which often settles both bounds without counting.
#[inline]
fn length_unsure(text: &str, min_length: Option<u64>, max_length: Option<u64>) -> bool {
    let bytes = text.len() as u64;
    let min_sure = min_length.is_none_or(|min| bytes / 4 >= min);
    let max_sure = max_length.is_none_or(|max| bytes <= max);
    !(min_sure && max_sure)
}

/// The checks of `property` on a value its type converted. A select whose options are all of
/// its type's (it is shaped only by removing some) was checked by the conversion itself,
/// which finds the value among them: only a multi-select's item counts are left. A select
/// offered in part has the options chosen looked up among its own; that each is a string and
/// none is chosen twice the conversion has settled.
pub(crate) fn check_converted(
    property: &PropertySchema,
    raw: &Raw<'_>,
    facts: &Facts,
) -> Result<(), FieldErrorKind> {
    let every_option = || property.option_count() == facts.options.len();
    match facts.kind {
        FactKind::Single if every_option() => Ok(()),
        FactKind::Multi if every_option() => property.check_item_count_raw(raw),
        FactKind::Single => property.check_chosen_option(raw, facts),
        FactKind::Multi => property.check_chosen_options(raw, facts),
        _ => property.check_raw(raw, facts),
    }
}
