//! Checking a client's value against a property schema.
//!
//! This is the one place that decides what a schema allows: the derived parsers call it for
//! every field and [`RequestedSchema::validate`] calls it for a whole answer, so a typed
//! server and a schema-only client agree on the verdict. The one reading the schema cannot
//! carry is the typed reader's: an `f32` field compares the `f32` a number rounds to (its
//! type's facts say it is one), where `validate` reads the schema's letter.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Number, Value};

use crate::error::{ContentError, FieldError, FieldErrorKind, JsonType};
use crate::field::facts::Facts;
use crate::read::{Raw, same_str};
use crate::schema::{
    NumberKind, NumberSchema, PropertyExtras, PropertySchema, RequestedSchema, StringSchema,
};

impl RequestedSchema {
    /// Checks an answer (`ElicitResult.content`) against this schema, reporting every
    /// invalid field. A client can run it before sending; a server that has no Rust type for
    /// the form can run it on what it received.
    ///
    /// Keys the schema does not name are ignored, as the spec's schema does not forbid them,
    /// unless the form is [`closed`](RequestedSchema::closed) (root
    /// `"additionalProperties": false`). `null` for an optional property counts as absent.
    /// Besides each property's [`check`](PropertySchema::check), a schema read from JSON has
    /// its `const`s and its `enum`s outside string selects enforced ([`PropertyExtras`]), and
    /// a `required` name that is no property must be present all the same. What is not
    /// applied is listed by [`RequestedSchema::unchecked`].
    ///
    /// # Errors
    /// One [`FieldError`] per invalid or missing field, in property order; then the
    /// `required` names that are no property and are missing, in their order; then, for a
    /// closed form, each key that is no property, in the answer's order.
    ///
    /// ```
    /// use elicit_core::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {"age": {"type": "integer", "minimum": 18}},
    ///     "required": ["age"]
    /// })).unwrap();
    /// let answer = json!({"age": 12});
    /// let error = schema.validate(answer.as_object().unwrap()).unwrap_err();
    /// assert_eq!(error.to_string(), "`age`: must be at least 18, got 12");
    /// ```
    pub fn validate(&self, content: &Map<String, Value>) -> Result<(), ContentError> {
        let required = RequiredNames::new(&self.required);
        let extras = PropertyExtrasIndex::new(&self.extras.properties);
        let mut errors = Vec::new();
        for (name, schema) in &self.properties {
            match content.get(name) {
                None | Some(Value::Null) if !required.contains(name) => {}
                None | Some(Value::Null) => {
                    errors.push(FieldError::new(name.clone(), FieldErrorKind::Missing));
                }
                Some(value) => {
                    let checked = schema
                        .check(value)
                        .and_then(|()| extras.get(name).map_or(Ok(()), |e| e.check(value)));
                    if let Err(kind) = checked {
                        errors.push(FieldError::new(name.clone(), kind));
                    }
                }
            }
        }
        if !self.required.is_empty() || self.closed {
            self.check_outside_properties(content, &mut errors);
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ContentError::from(errors))
        }
    }
}

impl RequestedSchema {
    /// The `required` names that are no property, and, for a closed form, the answer's keys
    /// that are no property.
    fn check_outside_properties(&self, content: &Map<String, Value>, errors: &mut Vec<FieldError>) {
        let names = PropertyNames::new(&self.properties);
        let mut reported = HashSet::new();
        for name in &self.required {
            if !names.contains(name)
                && matches!(content.get(name), None | Some(Value::Null))
                && reported.insert(name.as_str())
            {
                errors.push(FieldError::new(name.clone(), FieldErrorKind::Missing));
            }
        }
        if self.closed {
            for key in content.keys() {
                if !names.contains(key) {
                    errors.push(FieldError::new(key.clone(), FieldErrorKind::UnknownField));
                }
            }
        }
    }
}

/// The names of a schema's properties, hashed when there are many.
enum PropertyNames<'a> {
    Few(&'a [(String, PropertySchema)]),
    Many(HashSet<&'a str>),
}

impl<'a> PropertyNames<'a> {
    fn new(properties: &'a [(String, PropertySchema)]) -> Self {
        if properties.len() <= RequiredNames::SCAN_LIMIT {
            Self::Few(properties)
        } else {
            Self::Many(properties.iter().map(|(name, _)| name.as_str()).collect())
        }
    }

    fn contains(&self, name: &str) -> bool {
        match self {
            Self::Few(properties) => properties.iter().any(|(known, _)| known == name),
            Self::Many(names) => names.contains(name),
        }
    }
}

/// The extras of a schema's properties by name, hashed when there are many.
struct PropertyExtrasIndex<'a> {
    few: &'a [(String, PropertyExtras)],
    many: Option<HashMap<&'a str, &'a PropertyExtras>>,
}

impl<'a> PropertyExtrasIndex<'a> {
    fn new(extras: &'a [(String, PropertyExtras)]) -> Self {
        let many = (extras.len() > RequiredNames::SCAN_LIMIT).then(|| {
            extras
                .iter()
                .map(|(name, extras)| (name.as_str(), extras))
                .collect()
        });
        Self { few: extras, many }
    }

    fn get(&self, name: &str) -> Option<&'a PropertyExtras> {
        match &self.many {
            Some(many) => many.get(name).copied(),
            None => self
                .few
                .iter()
                .find(|(known, _)| known == name)
                .map(|(_, extras)| extras),
        }
    }
}

impl PropertyExtras {
    /// `const` and `enum`, as JSON Schema compares values: numbers by value.
    fn check(&self, value: &Value) -> Result<(), FieldErrorKind> {
        if let Some(constant) = &self.constant
            && !json_equal(value, constant)
        {
            return Err(FieldErrorKind::Invalid {
                reason: format!("must be {constant}, got {}", brief(value)),
            });
        }
        if let Some(allowed) = &self.allowed
            && !allowed.iter().any(|option| json_equal(value, option))
        {
            let mut listed: Vec<String> = allowed.iter().take(10).map(Value::to_string).collect();
            if allowed.len() > 10 {
                listed.push(format!("… and {} more", allowed.len() - 10));
            }
            return Err(FieldErrorKind::Invalid {
                reason: format!("must be one of {}, got {}", listed.join(", "), brief(value)),
            });
        }
        Ok(())
    }
}

/// A value as JSON, cut to 64 characters.
fn brief(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(64) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// JSON Schema's equality: numbers equal by value (`1` is `1.0`), arrays item by item,
/// objects key by key.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare(x, y) == Some(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_equal(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| json_equal(x, y)))
        }
        _ => a == b,
    }
}

/// The names in `required`, looked up by hashing when there are many: a server's schema is a
/// client's input, and one linear scan of `required` per property would make validating a
/// large schema quadratic.
enum RequiredNames<'a> {
    Few(&'a [String]),
    Many(HashSet<&'a str>),
}

impl<'a> RequiredNames<'a> {
    /// Up to this many names, a scan beats hashing and needs no allocation.
    const SCAN_LIMIT: usize = 16;

    fn new(required: &'a [String]) -> Self {
        if required.len() <= Self::SCAN_LIMIT {
            Self::Few(required)
        } else {
            Self::Many(required.iter().map(String::as_str).collect())
        }
    }

    fn contains(&self, name: &str) -> bool {
        match self {
            Self::Few(names) => names.iter().any(|known| known == name),
            Self::Many(names) => names.contains(name),
        }
    }
}

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

    fn check_option(&self, chosen: &str) -> Result<(), FieldErrorKind> {
        // Matched per kind rather than through `option_values()`, whose boxed iterator
        // would cost an allocation per checked value.
        let known = match self {
            Self::UntitledSingleSelect(s) => contains(&s.options, chosen),
            Self::LegacyTitledEnum(s) => contains(&s.options, chosen),
            Self::UntitledMultiSelect(s) => contains(&s.options, chosen),
            Self::TitledSingleSelect(s) => s.options.iter().any(|o| same_str(&o.value, chosen)),
            Self::TitledMultiSelect(s) => s.options.iter().any(|o| same_str(&o.value, chosen)),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => false,
        };
        if known {
            Ok(())
        } else {
            Err(FieldErrorKind::unknown_option(chosen, self.option_values()))
        }
    }

    fn check_options(
        &self,
        value: &Value,
        min_items: Option<u64>,
        max_items: Option<u64>,
    ) -> Result<(), FieldErrorKind> {
        let items = expect_array(value)?;
        if items.len() > RequiredNames::SCAN_LIMIT {
            self.check_many_options(items)?;
        } else {
            for (index, item) in items.iter().enumerate() {
                let chosen = expect_str(item)?;
                self.check_option(chosen)?;
                let repeated = items[..index]
                    .iter()
                    .any(|earlier| earlier.as_str() == Some(chosen));
                if repeated {
                    return Err(FieldErrorKind::duplicate_option(chosen));
                }
            }
        }
        check_item_count(items.len(), min_items, max_items)
    }
}

impl PropertySchema {
    /// `check_options` of a value as the reader found it.
    fn check_raw_options(
        &self,
        raw: &Raw<'_>,
        min_items: Option<u64>,
        max_items: Option<u64>,
    ) -> Result<(), FieldErrorKind> {
        let Raw::Array(items) = raw else {
            return Err(raw.wrong_type(JsonType::Array));
        };
        if items.len() > RequiredNames::SCAN_LIMIT {
            // Long: through the hash sets of `check_many_options`, on a `Value`.
            return self.check(&raw.to_value());
        }
        for (index, item) in items.iter().enumerate() {
            let chosen = raw_str(item)?;
            self.check_option(chosen)?;
            let repeated = items[..index].iter().any(|earlier| {
                earlier
                    .as_str()
                    .is_some_and(|earlier| same_str(earlier, chosen))
            });
            if repeated {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
        }
        check_item_count(items.len(), min_items, max_items)
    }

    /// `check_options` for a long answer, with the same verdicts in the same order, through
    /// hash sets: scanning the options and the earlier items for each item would make a
    /// large (server-sent) multi-select quadratic.
    fn check_many_options(&self, items: &[Value]) -> Result<(), FieldErrorKind> {
        let options: HashSet<&str> = self.option_values().collect();
        let mut seen = HashSet::with_capacity(items.len().min(options.len()));
        for item in items {
            let chosen = expect_str(item)?;
            if !options.contains(chosen) {
                return Err(FieldErrorKind::unknown_option(chosen, self.option_values()));
            }
            if !seen.insert(chosen) {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
        }
        Ok(())
    }
}

impl PropertySchema {
    /// How many options a select offers; none for the other kinds.
    pub(crate) fn option_count(&self) -> usize {
        match self {
            Self::UntitledSingleSelect(s) => s.options.len(),
            Self::LegacyTitledEnum(s) => s.options.len(),
            Self::UntitledMultiSelect(s) => s.options.len(),
            Self::TitledSingleSelect(s) => s.options.len(),
            Self::TitledMultiSelect(s) => s.options.len(),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => 0,
        }
    }

    /// The index of option `chosen`, if it is one: by scanning, or through a hash map for a
    /// long list (built for one lookup: a single select is asked once per answer).
    fn option_index(&self, chosen: &str) -> Option<usize> {
        match self {
            Self::UntitledSingleSelect(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::LegacyTitledEnum(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::UntitledMultiSelect(s) => s.options.iter().position(|o| same_str(o, chosen)),
            Self::TitledSingleSelect(s) => {
                s.options.iter().position(|o| same_str(&o.value, chosen))
            }
            Self::TitledMultiSelect(s) => s.options.iter().position(|o| same_str(&o.value, chosen)),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => None,
        }
    }

    /// [`check_raw`](Self::check_raw) of a single select's answer that its type has read (a
    /// string among the type's options): whether it is among this property's options.
    pub(crate) fn check_chosen_option(
        &self,
        raw: &Raw<'_>,
        facts: &Facts,
    ) -> Result<(), FieldErrorKind> {
        match (self, raw.as_str()) {
            (
                Self::UntitledSingleSelect(_)
                | Self::TitledSingleSelect(_)
                | Self::LegacyTitledEnum(_),
                Some(chosen),
            ) => self.check_option(chosen),
            _ => self.check_raw(raw, facts),
        }
    }

    /// [`check_raw`](Self::check_raw) of a multi-select's answer that its type has read (an
    /// array of distinct strings among the type's options): whether each is among this
    /// property's options, in order, then the item counts. A long answer, or anything the
    /// type may have read otherwise, goes through `check_raw`.
    pub(crate) fn check_chosen_options(
        &self,
        raw: &Raw<'_>,
        facts: &Facts,
    ) -> Result<(), FieldErrorKind> {
        let (min_items, max_items) = match self {
            Self::UntitledMultiSelect(s) => (s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => (s.min_items, s.max_items),
            _ => return self.check_raw(raw, facts),
        };
        // Each chosen text, whether the answer came as bytes (`Raw::Array`) or as a value; an
        // item that is not a string (`None`) is left to `check_raw`'s wording.
        let counted = match raw {
            Raw::Array(items) if items.len() <= RequiredNames::SCAN_LIMIT => {
                self.check_options_chosen(items.iter().map(Raw::as_str))
            }
            other => match other.as_value().and_then(Value::as_array) {
                Some(items) if items.len() <= RequiredNames::SCAN_LIMIT => {
                    self.check_options_chosen(items.iter().map(Value::as_str))
                }
                _ => None,
            },
        };
        let count = match counted {
            Some(Ok(count)) => count,
            Some(Err(error)) => return Err(error),
            None => return self.check_raw(raw, facts),
        };
        check_item_count(count, min_items, max_items)
    }

    /// Each of `chosen` among this property's options, in order: how many there were, the
    /// first refusal, or `None` when one is not a string.
    fn check_options_chosen<'t>(
        &self,
        chosen: impl Iterator<Item = Option<&'t str>>,
    ) -> Option<Result<usize, FieldErrorKind>> {
        let mut count = 0;
        for text in chosen {
            if let Err(error) = self.check_option(text?) {
                return Some(Err(error));
            }
            count += 1;
        }
        Some(Ok(count))
    }

    /// A multi-select's item counts, on an answer whose items its type has read.
    pub(crate) fn check_item_count_raw(&self, raw: &Raw<'_>) -> Result<(), FieldErrorKind> {
        let (min_items, max_items) = match self {
            Self::UntitledMultiSelect(s) => (s.min_items, s.max_items),
            Self::TitledMultiSelect(s) => (s.min_items, s.max_items),
            _ => return Ok(()),
        };
        check_item_count(raw.array_len().unwrap_or(0), min_items, max_items)
    }

    /// The index of the option a single select's answer names.
    ///
    /// # Errors
    /// As [`check_raw`](Self::check_raw): not a string, or not one of the options.
    pub(crate) fn picked_index(&self, raw: &Raw<'_>) -> Result<usize, FieldErrorKind> {
        let chosen = raw_str(raw)?;
        self.option_index(chosen)
            .ok_or_else(|| FieldErrorKind::unknown_option(chosen, self.option_values()))
    }

    /// Hands `take` the indices of the options a multi-select's answer names, in the order
    /// chosen, with the verdicts of [`check_raw`](Self::check_raw) in its order: not an array,
    /// an item that is no string or no option, one chosen twice, then the item counts. Linear
    /// in the answer, however long the list of options.
    ///
    /// # Errors
    /// The first of those the answer breaks.
    pub(crate) fn picked_indices(
        &self,
        raw: &Raw<'_>,
        take: &mut dyn FnMut(usize),
    ) -> Result<(), FieldErrorKind> {
        match raw {
            Raw::Array(items) => self.pick_all(items.iter().map(raw_str), take)?,
            other => match other.as_value() {
                Some(value) => {
                    let items = expect_array(value)?;
                    self.pick_all(items.iter().map(expect_str), take)?;
                }
                None => return Err(other.wrong_type(JsonType::Array)),
            },
        }
        self.check_item_count_raw(raw)
    }

    /// [`picked_indices`](Self::picked_indices) of the items' texts, each an error if the item
    /// is no string.
    fn pick_all<'s>(
        &self,
        texts: impl Iterator<Item = Result<&'s str, FieldErrorKind>>,
        take: &mut dyn FnMut(usize),
    ) -> Result<(), FieldErrorKind> {
        let count = self.option_count();
        let index: Option<HashMap<&str, usize>> = (count > RequiredNames::SCAN_LIMIT).then(|| {
            self.option_values()
                .enumerate()
                .map(|(i, o)| (o, i))
                .collect()
        });
        let mut seen = Seen::new(count);
        for text in texts {
            let chosen = text?;
            let at = match &index {
                Some(index) => index.get(chosen).copied(),
                None => self.option_index(chosen),
            };
            let Some(at) = at else {
                return Err(FieldErrorKind::unknown_option(chosen, self.option_values()));
            };
            if !seen.insert(at) {
                return Err(FieldErrorKind::duplicate_option(chosen));
            }
            take(at);
        }
        Ok(())
    }
}

fn contains(options: &[String], chosen: &str) -> bool {
    options.iter().any(|option| same_str(option, chosen))
}

fn wrong_type(expected: JsonType, value: &Value) -> FieldErrorKind {
    FieldErrorKind::WrongType {
        expected,
        found: JsonType::of(value),
    }
}

pub(crate) fn expect_str(value: &Value) -> Result<&str, FieldErrorKind> {
    value
        .as_str()
        .ok_or_else(|| wrong_type(JsonType::String, value))
}

pub(crate) fn expect_bool(value: &Value) -> Result<bool, FieldErrorKind> {
    value
        .as_bool()
        .ok_or_else(|| wrong_type(JsonType::Boolean, value))
}

pub(crate) fn expect_number(value: &Value) -> Result<&Number, FieldErrorKind> {
    match value {
        Value::Number(number) => Ok(number),
        _ => Err(wrong_type(JsonType::Number, value)),
    }
}

pub(crate) fn expect_array(value: &Value) -> Result<&Vec<Value>, FieldErrorKind> {
    value
        .as_array()
        .ok_or_else(|| wrong_type(JsonType::Array, value))
}

pub(crate) fn raw_str<'r>(raw: &'r Raw<'_>) -> Result<&'r str, FieldErrorKind> {
    raw.as_str().ok_or_else(|| raw.wrong_type(JsonType::String))
}

pub(crate) fn raw_bool(raw: &Raw<'_>) -> Result<bool, FieldErrorKind> {
    raw.as_bool()
        .ok_or_else(|| raw.wrong_type(JsonType::Boolean))
}

pub(crate) fn raw_number<'r>(raw: &'r Raw<'_>) -> Result<&'r Number, FieldErrorKind> {
    raw.as_number()
        .ok_or_else(|| raw.wrong_type(JsonType::Number))
}

/// [`expect_integer`] of a value as the reader found it.
pub(crate) fn raw_integer(raw: &Raw<'_>) -> Result<i128, FieldErrorKind> {
    let Some(number) = raw.as_number() else {
        return Err(raw.wrong_type(JsonType::Integer));
    };
    integer_value(number).ok_or_else(|| FieldErrorKind::NotAnInteger {
        value: number.clone(),
    })
}

/// An integer-typed answer: integers as they are, floats only when whole (`4.0`), so a
/// client that renders every number as a float still works.
pub(crate) fn expect_integer(value: &Value) -> Result<i128, FieldErrorKind> {
    let Value::Number(number) = value else {
        return Err(wrong_type(JsonType::Integer, value));
    };
    integer_value(number).ok_or_else(|| FieldErrorKind::NotAnInteger {
        value: number.clone(),
    })
}

/// The integer a number denotes, if it is whole. A whole float at or past the edges of the
/// 64-bit integers ([`past_the_integers`]) is outside every Rust integer type's range (as
/// `i128::MIN` or `i128::MAX`), so callers report it as such.
fn integer_value(number: &Number) -> Option<i128> {
    if let Some(i) = number.as_i64() {
        return Some(i128::from(i));
    }
    if let Some(u) = number.as_u64() {
        return Some(i128::from(u));
    }
    let f = number.as_f64()?;
    if !(f.is_finite() && f.fract() == 0.0) {
        return None;
    }
    if past_the_integers(f) {
        return Some(if f < 0.0 { i128::MIN } else { i128::MAX });
    }
    // Strictly inside ±2^64: exact.
    #[allow(clippy::cast_possible_truncation)]
    Some(f as i128)
}

/// Whether a float is at or past the edges of the integers a JSON number is read as exactly
/// (`i64` and `u64`): −2^63 and below, 2^64 and above. There a float is no proof of an
/// integer in a 64-bit type's range: an integer literal beyond `i64::MIN` arrives as the float
/// −2^63 (`-9223372036854775809` does, through `serde_json`), which equals `i64::MIN`, and
/// one beyond `u64::MAX` as 2^64. So such a float is outside every integer field's range, and
/// never equal to an integer schema's bound.
fn past_the_integers(f: f64) -> bool {
    f <= -TWO_TO_THE_63 || f >= TWO_TO_THE_64
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

/// Whether `value` is within the integer bounds of `schema` and nothing else bounds it; false
/// when it cannot tell so (a float bound, an exclusive bound, a `multipleOf`).
#[inline]
fn integer_within(schema: &NumberSchema, value: i128) -> bool {
    let within = |bound: &Option<Number>, beyond: Ordering| match bound {
        None => true,
        Some(bound) => exact_integer(bound).is_some_and(|bound| value.cmp(&bound) != beyond),
    };
    schema.exclusive_minimum.is_none()
        && schema.exclusive_maximum.is_none()
        && schema.multiple_of.is_none()
        && within(&schema.minimum, Ordering::Less)
        && within(&schema.maximum, Ordering::Greater)
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

/// [`integer_within`] for a float.
#[inline]
fn float_within(schema: &NumberSchema, value: f64) -> bool {
    let within = |bound: &Option<Number>, beyond: Ordering| match bound {
        None => true,
        Some(bound) => exact_f64(bound)
            .and_then(|bound| value.partial_cmp(&bound))
            .is_some_and(|ordering| ordering != beyond),
    };
    schema.exclusive_minimum.is_none()
        && schema.exclusive_maximum.is_none()
        && schema.multiple_of.is_none()
        && within(&schema.minimum, Ordering::Less)
        && within(&schema.maximum, Ordering::Greater)
}

/// 2^53: every integer up to it, and none past it, is held exactly by an `f64`.
const TWO_TO_THE_53: u64 = 1 << 53;

/// The `f64` that is exactly `number`, if one is: a float, or an integer within ±2^53.
#[inline]
pub(crate) fn exact_f64(number: &Number) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)]
    if let Some(i) = number.as_i64() {
        return (i.unsigned_abs() <= TWO_TO_THE_53).then_some(i as f64);
    }
    #[allow(clippy::cast_precision_loss)]
    if let Some(u) = number.as_u64() {
        return (u <= TWO_TO_THE_53).then_some(u as f64);
    }
    number.as_f64()
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

/// `float32`: the value is read into an `f32` (its type's facts say so).
fn check_number(
    schema: &NumberSchema,
    number: &Number,
    float32: bool,
) -> Result<(), FieldErrorKind> {
    if schema.kind == NumberKind::Integer && !is_whole(number) {
        return Err(FieldErrorKind::NotAnInteger {
            value: number.clone(),
        });
    }
    // An `f32` field holds the `f32` nearest to the number, and that is what must be in
    // bounds; the errors still quote the number as sent.
    let rounded = if float32 { as_f32_value(number) } else { None };
    let compared = rounded.as_ref().unwrap_or(number);
    // An integer given as a float past the 64-bit integers may stand for any integer its
    // rounding covers: on a bound it is beyond it.
    let edge = schema.kind == NumberKind::Integer
        && number.as_i64().is_none()
        && number.as_u64().is_none()
        && number.as_f64().is_some_and(past_the_integers);
    let beyond = |ordering: Option<Ordering>, side: Ordering| {
        ordering == Some(side) || (edge && ordering == Some(Ordering::Equal))
    };
    if let Some(minimum) = &schema.minimum
        && beyond(compare(compared, minimum), Ordering::Less)
    {
        return Err(FieldErrorKind::BelowMinimum {
            minimum: minimum.clone(),
            value: number.clone(),
        });
    }
    if let Some(maximum) = &schema.maximum
        && beyond(compare(compared, maximum), Ordering::Greater)
    {
        return Err(FieldErrorKind::AboveMaximum {
            maximum: maximum.clone(),
            value: number.clone(),
        });
    }
    if let Some(bound) = &schema.exclusive_minimum
        && compare(compared, bound) != Some(Ordering::Greater)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be greater than {bound}, got {number}"),
        });
    }
    if let Some(bound) = &schema.exclusive_maximum
        && compare(compared, bound) != Some(Ordering::Less)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be less than {bound}, got {number}"),
        });
    }
    if let Some(divisor) = &schema.multiple_of
        && !is_multiple(number, divisor)
    {
        return Err(FieldErrorKind::Invalid {
            reason: format!("must be a multiple of {divisor}, got {number}"),
        });
    }
    Ok(())
}

/// `multipleOf` as JSON Schema validators compute it: exactly for two integers, otherwise
/// the `f64` quotient must be a whole number (so `0.3` is not a multiple of `0.1`, as Ajv and
/// Python's `jsonschema` say too).
fn is_multiple(number: &Number, divisor: &Number) -> bool {
    if let (Some(n), Some(d)) = (exact_integer(number), exact_integer(divisor)) {
        return d != 0 && n % d == 0;
    }
    match (number.as_f64(), divisor.as_f64()) {
        (Some(n), Some(d)) if d > 0.0 => {
            let quotient = n / d;
            quotient.is_finite() && quotient.fract() == 0.0
        }
        _ => false,
    }
}

/// The exact value of the `f32` an `f32` field makes of `number` (as `f32::from_json` does:
/// through the nearest `f64`), or `None` when it is out of `f32`'s range.
pub(crate) fn as_f32_value(number: &Number) -> Option<Number> {
    #[allow(clippy::cast_possible_truncation)]
    let narrow = number.as_f64()? as f32;
    if narrow.is_finite() {
        Number::from_f64(f64::from(narrow))
    } else {
        None
    }
}

fn is_whole(number: &Number) -> bool {
    number.is_i64()
        || number.is_u64()
        || number
            .as_f64()
            .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// Exact comparison of two JSON numbers, whatever mix of `i64`, `u64` and `f64` they are
/// (a float and a large integer are not compared through a lossy cast).
pub(crate) fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (exact_integer(a), exact_integer(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        (Some(x), None) => compare_float_integer(b.as_f64()?, x).map(Ordering::reverse),
        (None, Some(y)) => compare_float_integer(a.as_f64()?, y),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

fn exact_integer(number: &Number) -> Option<i128> {
    number
        .as_i64()
        .map(i128::from)
        .or_else(|| number.as_u64().map(i128::from))
}

/// 2^63, exactly representable as an `f64`.
const TWO_TO_THE_63: f64 = 9_223_372_036_854_775_808.0;

/// 2^64, exactly representable as an `f64`.
const TWO_TO_THE_64: f64 = 18_446_744_073_709_551_616.0;

/// Compares float `f` with integer `i` exactly.
fn compare_float_integer(f: f64, i: i128) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // Every i128 from an i64 or u64 lies strictly inside ±2^64, so a float beyond that
    // compares by sign alone and the truncating cast below is exact.
    if f >= TWO_TO_THE_64 {
        return Some(Ordering::Greater);
    }
    if f <= -TWO_TO_THE_64 {
        return Some(Ordering::Less);
    }
    // Through `i64` where it fits: a float-to-`i128` cast is a library call, not an instruction.
    let truncated = f.trunc();
    #[allow(clippy::cast_possible_truncation)]
    let whole = if truncated.abs() < TWO_TO_THE_63 {
        i128::from(truncated as i64)
    } else {
        truncated as i128
    };
    Some(whole.cmp(&i).then_with(|| {
        let fraction = f - f.trunc();
        if fraction > 0.0 {
            Ordering::Greater
        } else if fraction < 0.0 {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }))
}

/// A multi-select's `minItems` and `maxItems`, checked after its items.
pub(crate) fn check_item_count(
    len: usize,
    min_items: Option<u64>,
    max_items: Option<u64>,
) -> Result<(), FieldErrorKind> {
    let count = len as u64;
    if let Some(min_items) = min_items.filter(|min| count < *min) {
        return Err(FieldErrorKind::TooFewItems { min_items, count });
    }
    if let Some(max_items) = max_items.filter(|max| count > *max) {
        return Err(FieldErrorKind::TooManyItems { max_items, count });
    }
    Ok(())
}

/// The options chosen so far: a bit set on the stack for up to 128 options (every enum a
/// person would pick from), so reading an answer does not allocate for it.
pub(crate) enum Seen {
    Bits(u128),
    Many(Vec<bool>),
}

impl Seen {
    pub(crate) fn new(options: usize) -> Self {
        if options <= 128 {
            Self::Bits(0)
        } else {
            Self::Many(vec![false; options])
        }
    }

    /// Marks `index`; false if it was already marked. Out-of-range indices (a hand-written
    /// `ElicitEnum` could return one) are never reported as repeats.
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        match self {
            Self::Bits(bits) => {
                let Some(bit) = u32::try_from(index)
                    .ok()
                    .and_then(|index| 1u128.checked_shl(index))
                else {
                    return true;
                };
                let fresh = *bits & bit == 0;
                *bits |= bit;
                fresh
            }
            Self::Many(seen) => match seen.get_mut(index) {
                Some(true) => false,
                Some(slot) => {
                    *slot = true;
                    true
                }
                None => true,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(value: serde_json::Value) -> Number {
        match value {
            Value::Number(n) => n,
            _ => unreachable!(),
        }
    }

    #[test]
    fn compares_across_representations() {
        use serde_json::json;
        assert_eq!(compare(&n(json!(1)), &n(json!(1.0))), Some(Ordering::Equal));
        assert_eq!(
            compare(&n(json!(1.5)), &n(json!(1))),
            Some(Ordering::Greater)
        );
        assert_eq!(
            compare(&n(json!(-1)), &n(json!(0u64))),
            Some(Ordering::Less)
        );
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(TWO_TO_THE_64))),
            Some(Ordering::Less)
        );
        assert_eq!(compare(&n(json!(-0.5)), &n(json!(0))), Some(Ordering::Less));
        assert_eq!(
            compare(&n(json!(i64::MIN)), &n(json!(-1e300))),
            Some(Ordering::Greater)
        );
        // Around 2^63, where the float is truncated through `i128` rather than `i64`.
        assert_eq!(
            compare(&n(json!(TWO_TO_THE_63)), &n(json!(i64::MAX))),
            Some(Ordering::Greater)
        );
        assert_eq!(
            compare(&n(json!(-TWO_TO_THE_63)), &n(json!(i64::MIN))),
            Some(Ordering::Equal)
        );
        assert_eq!(
            compare(&n(json!(9.2e18)), &n(json!(9_200_000_000_000_000_001_u64))),
            Some(Ordering::Less)
        );
    }

    #[test]
    fn a_float_at_the_edge_of_the_integers_is_in_no_range() {
        use serde_json::json;
        // `-9223372036854775809`, one below `i64::MIN`, reaches us as the float -2^63.
        let below_i64: Value = serde_json::from_str("-9223372036854775809").unwrap();
        assert_eq!(below_i64, json!(-TWO_TO_THE_63));
        assert_eq!(expect_integer(&below_i64), Ok(i128::MIN));
        assert_eq!(expect_integer(&json!(TWO_TO_THE_64)), Ok(i128::MAX));
        // Strictly inside, a whole float is the integer it is.
        let inside = -TWO_TO_THE_63 + 2048.0;
        #[allow(clippy::cast_possible_truncation)]
        let exact = inside as i128;
        assert_eq!(expect_integer(&json!(inside)), Ok(exact));
        assert_eq!(
            expect_integer(&json!(18_446_744_073_709_549_568.0)),
            Ok(18_446_744_073_709_549_568)
        );
        // On a bound at that edge, the float is beyond it; the integer itself is not.
        let wide = PropertySchema::Number(NumberSchema {
            kind: NumberKind::Integer,
            minimum: Some(i64::MIN.into()),
            maximum: Some(u64::MAX.into()),
            ..NumberSchema::default()
        });
        assert!(matches!(
            wide.check(&below_i64),
            Err(FieldErrorKind::BelowMinimum { .. })
        ));
        assert_eq!(wide.check(&json!(i64::MIN)), Ok(()));
        assert!(wide.check(&json!(inside)).is_ok());
        // A number field holds the float as it is.
        let number = PropertySchema::Number(NumberSchema {
            minimum: Some(i64::MIN.into()),
            ..NumberSchema::default()
        });
        assert_eq!(number.check(&below_i64), Ok(()));
    }

    #[test]
    fn integer_values() {
        use serde_json::json;
        assert_eq!(expect_integer(&json!(4.0)), Ok(4));
        assert_eq!(expect_integer(&json!(-0.0)), Ok(0));
        assert!(matches!(
            expect_integer(&json!(4.5)),
            Err(FieldErrorKind::NotAnInteger { .. })
        ));
        assert!(matches!(
            expect_integer(&json!("4")),
            Err(FieldErrorKind::WrongType { .. })
        ));
        assert_eq!(expect_integer(&json!(u64::MAX)), Ok(i128::from(u64::MAX)));
    }

    #[test]
    fn seen_marks_each_index_once() {
        for options in [3, 128, 129, 300] {
            let mut seen = Seen::new(options);
            assert!(seen.insert(0));
            assert!(seen.insert(options - 1));
            assert!(!seen.insert(0));
            assert!(!seen.insert(options - 1));
            // An index a hand-written `ElicitEnum` should never return is never a repeat.
            assert!(seen.insert(options + 200));
            assert!(seen.insert(options + 200));
        }
    }
}
