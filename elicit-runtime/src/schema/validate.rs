//! An answer checked against a whole schema: [`RequestedSchema::validate`], each property by
//! its own checks (`check.rs`), then what lies outside the properties (the extras a schema
//! read from JSON carries, `required` names that are no property, the keys of a closed form).

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::error::{ContentError, FieldError, FieldErrorKind};
use crate::schema::{PropertyExtras, PropertySchema, RequestedSchema};

use super::number::compare;
use super::options::SCAN_LIMIT;

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
        if properties.len() <= SCAN_LIMIT {
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
        let many = (extras.len() > SCAN_LIMIT).then(|| {
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
    fn new(required: &'a [String]) -> Self {
        if required.len() <= SCAN_LIMIT {
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
