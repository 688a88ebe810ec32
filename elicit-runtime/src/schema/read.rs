//! The tolerant reader: a `requestedSchema` from its JSON keywords.
//!
//! It accepts what the specification's `schema.json` accepts, in any revision (2025-06-18's
//! `PrimitiveSchemaDefinition` and the later one, whose property schemas are all open objects:
//! a keyword they do not name may be anything), and refuses the rest naming the property.
//! Whatever the typed model has no room for is kept verbatim in [`PropertyExtras::keywords`]
//! or [`Extras::root`]; what constrains an answer yet is not applied is listed as
//! [`Unchecked`].

use std::collections::HashSet;

use serde_json::{Number, Value};

use super::Pattern;
use super::{
    BooleanSchema, Extras, LegacyTitledEnumSchema, NumberKind, NumberSchema, PropertyExtras,
    PropertySchema, RequestedSchema, SelectOption, StringFormat, StringSchema,
    TitledMultiSelectSchema, TitledSingleSelectSchema, Unchecked, UntitledMultiSelectSchema,
    UntitledSingleSelectSchema,
};

/// A property's value as read: an object's keywords in document order, or the JSON type of
/// something else.
pub(super) enum RawProperty {
    Object(Vec<(String, Value)>),
    Other(&'static str),
}

/// Keywords in document order; a repeated one keeps its first place and its last value, as
/// `serde_json` keeps the last.
pub(super) struct Keywords(Vec<(String, Value)>);

impl Keywords {
    pub(super) fn new(entries: Vec<(String, Value)>) -> Self {
        let mut list: Vec<(String, Value)> = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            match list.iter_mut().find(|(known, _)| *known == key) {
                Some(slot) => slot.1 = value,
                None => list.push((key, value)),
            }
        }
        Self(list)
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0
            .iter()
            .find(|(known, _)| known == key)
            .map(|(_, value)| value)
    }
}

/// JSON Schema keywords that constrain any instance.
const ANY_ASSERTIONS: &[&str] = &[
    "enum",
    "const",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$dynamicRef",
    "$recursiveRef",
];

/// … a string.
const STRING_ASSERTIONS: &[&str] = &["minLength", "maxLength", "pattern", "format"];

/// … a number (`format`: Ajv's `ajv-formats` checks `int32`, `double`, …).
const NUMBER_ASSERTIONS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "format",
];

/// … an array (`uniqueItems` is left out: a multi-select answer never repeats an option).
const ARRAY_ASSERTIONS: &[&str] = &[
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
];

/// … an object (the form itself).
const OBJECT_ASSERTIONS: &[&str] = &[
    "minProperties",
    "maxProperties",
    "patternProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "unevaluatedProperties",
    "additionalProperties",
];

/// Reads a whole `requestedSchema`.
pub(super) fn schema(
    root: Vec<(String, Value)>,
    properties: Option<Result<Vec<(String, RawProperty)>, &'static str>>,
) -> Result<RequestedSchema, String> {
    let root = Keywords::new(root);
    match root.get("type") {
        Some(Value::String(kind)) if kind == "object" => {}
        Some(Value::String(kind)) => {
            return Err(format!(
                "requestedSchema must have \"type\": \"object\", found {kind:?}"
            ));
        }
        Some(other) => {
            return Err(format!(
                "requestedSchema must have \"type\": \"object\", found {other}"
            ));
        }
        None => return Err("missing field `type`".into()),
    }
    let raw_properties = match properties {
        Some(Ok(properties)) => properties,
        Some(Err(kind)) => return Err(format!("`properties` must be an object, found {kind}")),
        None => return Err("missing field `properties`".into()),
    };
    let required = match root.get("required") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .ok_or("`required` must be an array of strings")?,
        Some(other) => {
            return Err(format!(
                "`required` must be an array of strings, found {other}"
            ));
        }
    };

    let mut extras = Extras::default();
    let mut schema_uri = None;
    let mut closed = false;
    for (key, value) in root.0 {
        match (key.as_str(), &value) {
            ("type" | "properties" | "required", _) => continue,
            ("$schema", Value::String(uri)) => {
                schema_uri = Some(uri.clone());
                continue;
            }
            ("additionalProperties", Value::Bool(false)) => {
                closed = true;
                continue;
            }
            ("additionalProperties", Value::Bool(true)) => {}
            ("additionalProperties", Value::Object(map)) if map.is_empty() => {}
            ("additionalProperties", _) => extras.unchecked.push(unchecked(
                None,
                &key,
                "only `false` is applied; a schema for other keys is not",
            )),
            (keyword, _)
                if ANY_ASSERTIONS.contains(&keyword) || OBJECT_ASSERTIONS.contains(&keyword) =>
            {
                extras
                    .unchecked
                    .push(unchecked(None, &key, "validate does not apply it"));
            }
            _ => {}
        }
        extras.root.push((key, value));
    }

    let mut names = HashSet::with_capacity(raw_properties.len());
    let mut list = Vec::with_capacity(raw_properties.len());
    for (name, raw) in raw_properties {
        // Hashed, not scanned: a scan per property made a 50 000-property schema (a server's,
        // so a client's input) take minutes to read.
        if !names.insert(name.clone()) {
            return Err(format!("property {name:?} appears twice"));
        }
        let read = match raw {
            RawProperty::Object(entries) => property(Keywords::new(entries)),
            RawProperty::Other(kind) => Err(format!("must be a schema object, found {kind}")),
        }
        .map_err(|reason| format!("property {name:?}: {reason}"))?;
        for (keyword, reason) in read.unchecked {
            extras
                .unchecked
                .push(unchecked(Some(&name), &keyword, &reason));
        }
        if read.extras != PropertyExtras::default() {
            extras.properties.push((name.clone(), read.extras));
        }
        list.push((name, read.schema));
    }
    Ok(RequestedSchema {
        properties: list,
        required,
        schema_uri,
        closed,
        extras,
    })
}

fn unchecked(property: Option<&str>, keyword: &str, reason: &str) -> Unchecked {
    Unchecked {
        property: property.map(str::to_owned),
        keyword: keyword.to_owned(),
        reason: reason.to_owned(),
    }
}

/// One property, read.
pub(super) struct Read {
    pub(super) schema: PropertySchema,
    pub(super) extras: PropertyExtras,
    /// `(keyword, reason)`
    pub(super) unchecked: Vec<(String, String)>,
}

/// What a property's kind is, for telling which keywords constrain its answers.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Select,
    Number,
    Boolean,
    Array,
}

/// The reader of one property: the typed schema, and the `(keyword, reason)`s of what it
/// could not apply.
struct Reader<'a> {
    keywords: &'a Keywords,
    unchecked: Vec<(String, String)>,
    /// Keywords already listed or consumed, so the generic pass skips them.
    handled: Vec<&'static str>,
}

impl<'a> Reader<'a> {
    fn skip(&mut self, keyword: &'static str, reason: impl Into<String>) {
        if self.keywords.get(keyword).is_some() {
            self.unchecked.push((keyword.to_owned(), reason.into()));
        }
        self.handled.push(keyword);
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.keywords.get(key)
    }
}

/// Reads one property schema, or says why the specification does not allow it.
pub(super) fn property(keywords: Keywords) -> Result<Read, String> {
    let kind = match keywords.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(Value::Array(_)) => {
            return Err(
                "`type` must be one type name; a list of types (a union) is not allowed".into(),
            );
        }
        Some(other) => return Err(format!("`type` must be a string, found {other}")),
        None if keywords.get("$ref").is_some() => {
            return Err(
                "`$ref` is not allowed: a property must be a primitive schema with its own `type`"
                    .into(),
            );
        }
        None => return Err("a property needs a `type`".into()),
    };
    for key in ["title", "description"] {
        if let Some(value) = keywords.get(key).filter(|value| !value.is_string()) {
            return Err(format!("`{key}` must be a string, found {value}"));
        }
    }
    let title = string_of(keywords.get("title"));
    let description = string_of(keywords.get("description"));
    let mut reader = Reader {
        keywords: &keywords,
        unchecked: Vec::new(),
        handled: vec!["type", "title", "description"],
    };
    let (schema, kind) = match kind {
        "string" => reader.string(title, description)?,
        "integer" | "number" => (reader.number(kind, title, description)?, Kind::Number),
        "boolean" => (reader.boolean(title, description)?, Kind::Boolean),
        "array" => (reader.array(title, description)?, Kind::Array),
        other => {
            let nested = if other == "object" {
                " (nested objects are not allowed)"
            } else {
                ""
            };
            return Err(format!(
                "unsupported property type {other:?}; expected string, number, integer, boolean or array{nested}"
            ));
        }
    };
    let mut extras = PropertyExtras::default();
    if let Some(value) = keywords.get("const") {
        extras.constant = Some(value.clone());
    }
    reader.handled.push("const");
    if kind != Kind::Select {
        match keywords.get("enum") {
            Some(Value::Array(values)) => extras.allowed = Some(values.clone()),
            Some(_) => reader.skip("enum", "`enum` is not an array"),
            None => {}
        }
        reader.handled.push("enum");
    }
    for (key, _) in &keywords.0 {
        if reader.handled.contains(&key.as_str()) {
            continue;
        }
        let applies = ANY_ASSERTIONS.contains(&key.as_str())
            || match kind {
                Kind::String | Kind::Select => STRING_ASSERTIONS.contains(&key.as_str()),
                Kind::Number => NUMBER_ASSERTIONS.contains(&key.as_str()),
                Kind::Array => ARRAY_ASSERTIONS.contains(&key.as_str()),
                Kind::Boolean => false,
            };
        if applies {
            reader
                .unchecked
                .push((key.clone(), "validate does not apply it".into()));
        }
    }
    let unchecked = reader.unchecked;
    // Keep every keyword the typed schema does not write back exactly as it was read.
    let written = match serde_json::to_value(&schema) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    extras.keywords = keywords
        .0
        .into_iter()
        .filter(|(key, value)| written.get(key) != Some(value))
        .collect();
    Ok(Read {
        schema,
        extras,
        unchecked,
    })
}

fn string_of(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).map(str::to_owned)
}

/// A JSON Schema integer (a number with no fractional part, `2.0` included): `Ok(Some)` when
/// it fits a `u64`, `Ok(None)` when it is an integer that does not, `Err` when it is not one.
fn count(value: &Value) -> Result<Option<u64>, ()> {
    let Value::Number(number) = value else {
        return Err(());
    };
    if let Some(u) = number.as_u64() {
        return Ok(Some(u));
    }
    if number.is_i64() {
        return Ok(None);
    }
    match number.as_f64() {
        Some(f) if f.is_finite() && f.fract() == 0.0 => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = (0.0..18_446_744_073_709_551_616.0)
                .contains(&f)
                .then_some(f as u64);
            Ok(whole)
        }
        _ => Err(()),
    }
}

fn is_integer(value: &Value) -> bool {
    count(value).is_ok()
}

/// All strings.
fn strings(value: &Value) -> Option<Vec<String>> {
    value
        .as_array()?
        .iter()
        .map(|item| item.as_str().map(str::to_owned))
        .collect()
}

/// The spec's titled options: objects, each with a string `const` and a string `title`.
fn spec_options(value: &Value) -> Option<Vec<SelectOption>> {
    value
        .as_array()?
        .iter()
        .map(|item| {
            Some(SelectOption::new(
                item.get("const")?.as_str()?,
                item.get("title")?.as_str()?,
            ))
        })
        .collect()
}

/// Keywords an option object may carry besides `const` without constraining anything.
const OPTION_ANNOTATIONS: &[&str] = &["const", "title", "description", "$comment"];

/// `oneOf` as a titled select, when every option is an object with a `const` and nothing
/// else that constrains: the string values (no other can be a string property's answer),
/// titled with their `title` or, lacking one, their value.
fn lenient_options(value: &Value) -> Option<Vec<SelectOption>> {
    let mut options = Vec::new();
    for item in value.as_array()? {
        let item = item.as_object()?;
        let constant = item.get("const")?;
        if item
            .keys()
            .any(|key| !OPTION_ANNOTATIONS.contains(&key.as_str()))
        {
            return None;
        }
        if let Some(constant) = constant.as_str() {
            let title = item
                .get("title")
                .and_then(Value::as_str)
                .unwrap_or(constant);
            options.push(SelectOption::new(constant, title));
        }
    }
    Some(options)
}

fn format_of(value: &Value) -> Option<StringFormat> {
    value.as_str().and_then(StringFormat::parse)
}

/// The formats' wire names, sorted and quoted: `"date", "date-time", "email", "uri"`.
fn format_names() -> String {
    let mut names = StringFormat::NAMES;
    names.sort_unstable();
    let quoted: Vec<String> = names.iter().map(|name| format!("{name:?}")).collect();
    quoted.join(", ")
}

impl Reader<'_> {
    fn string(
        &mut self,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<(PropertySchema, Kind), String> {
        self.check_string_spec()?;
        let default = match self.get("default") {
            Some(Value::String(text)) => Some(text.clone()),
            Some(_) => {
                self.skip("default", "`default` is not a string: it pre-fills nothing");
                None
            }
            None => None,
        };
        self.handled.push("default");
        let one_of = self.get("oneOf").and_then(lenient_options);
        let enum_values = self.get("enum").and_then(Value::as_array);
        if one_of.is_none() && enum_values.is_none() {
            return Ok((
                PropertySchema::String(self.plain_string(title, description, default)),
                Kind::String,
            ));
        }
        // A select: the string keywords that constrain a free text cannot be applied to it.
        for keyword in STRING_ASSERTIONS {
            self.skip(keyword, "not checked on a select");
        }
        let enum_strings: Option<Vec<&str>> =
            enum_values.map(|values| values.iter().filter_map(Value::as_str).collect());
        if self.get("enum").is_some() && enum_values.is_none() {
            self.skip("enum", "`enum` is not an array");
        }
        self.handled.push("enum");
        let schema = if let Some(mut options) = one_of {
            self.handled.push("oneOf");
            // Both apply: an answer is one of the `oneOf` values that `enum` lists too.
            if let Some(allowed) = &enum_strings {
                options.retain(|option| allowed.contains(&option.value.as_str()));
            }
            if self.get("enumNames").is_some() {
                self.skip(
                    "enumNames",
                    "names for `enum` beside `oneOf` titles are not used",
                );
            }
            PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
                title,
                description,
                options,
                default,
            })
        } else {
            let values = enum_values.map(Vec::as_slice).unwrap_or_default();
            let names = self.get("enumNames").map(strings);
            match names {
                Some(Some(names)) if names.len() == values.len() => {
                    let (options, option_names) = values
                        .iter()
                        .zip(names)
                        .filter_map(|(value, name)| Some((value.as_str()?.to_owned(), name)))
                        .unzip();
                    self.handled.push("enumNames");
                    PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
                        title,
                        description,
                        options,
                        option_names,
                        default,
                    })
                }
                names => {
                    match names {
                        Some(Some(names)) => self.skip(
                            "enumNames",
                            format!(
                                "{} names for {} options: the options are shown by value",
                                names.len(),
                                values.len()
                            ),
                        ),
                        Some(None) => self.skip(
                            "enumNames",
                            "`enumNames` does not list strings: the options are shown by value",
                        ),
                        None => {}
                    }
                    PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
                        title,
                        description,
                        options: values
                            .iter()
                            .filter_map(Value::as_str)
                            .map(str::to_owned)
                            .collect(),
                        default,
                    })
                }
            }
        };
        Ok((schema, Kind::Select))
    }

    /// Whether some string kind of the spec takes these keywords: a string schema, a select
    /// by `enum`, or a titled select by `oneOf`.
    fn check_string_spec(&self) -> Result<(), String> {
        let mut reasons = Vec::new();
        for key in ["minLength", "maxLength"] {
            if let Some(value) = self.get(key).filter(|value| !is_integer(value)) {
                reasons.push(format!("`{key}` must be an integer, found {value}"));
            }
        }
        if let Some(value) = self
            .get("format")
            .filter(|value| format_of(value).is_none())
        {
            reasons.push(format!(
                "`format` must be one of {}, found {value}",
                format_names()
            ));
        }
        if reasons.is_empty() {
            return Ok(());
        }
        let default_ok = self.get("default").is_none_or(Value::is_string);
        if let Some(values) = self.get("enum") {
            let names_ok = self
                .get("enumNames")
                .is_none_or(|names| strings(names).is_some());
            if strings(values).is_some() && (default_ok || names_ok) {
                return Ok(());
            }
        }
        if let Some(options) = self.get("oneOf")
            && spec_options(options).is_some()
            && default_ok
        {
            return Ok(());
        }
        let mut message = reasons.join("; ");
        if self.get("enum").is_some() || self.get("oneOf").is_some() {
            message.push_str(
                ", and it is not a select either (`enum` must list strings, `oneOf` options need a string `const` and `title`)",
            );
        }
        Err(message)
    }

    fn plain_string(
        &mut self,
        title: Option<String>,
        description: Option<String>,
        default: Option<String>,
    ) -> StringSchema {
        let min_length = self.count("minLength");
        let max_length = self.count("maxLength");
        let format = match self.get("format") {
            Some(value) => {
                let format = format_of(value);
                if format.is_none() {
                    self.skip("format", format!("unknown format {value}"));
                }
                format
            }
            None => None,
        };
        self.handled.push("format");
        let pattern = match self.get("pattern") {
            Some(Value::String(source)) => match Pattern::new(source) {
                Ok(pattern) => Some(pattern),
                Err(error) => {
                    self.skip("pattern", error.to_string());
                    None
                }
            },
            Some(_) => {
                self.skip("pattern", "`pattern` is not a string");
                None
            }
            None => None,
        };
        self.handled.push("pattern");
        StringSchema {
            title,
            description,
            min_length,
            max_length,
            pattern,
            format,
            default,
        }
    }

    /// A count keyword (`minLength`, `minItems`, …) the model holds as a `u64`, or `None`
    /// (listed as unchecked) when it is not one.
    fn count(&mut self, keyword: &'static str) -> Option<u64> {
        let value = self.get(keyword)?;
        match count(value) {
            Ok(Some(count)) => {
                self.handled.push(keyword);
                Some(count)
            }
            Ok(None) => {
                self.skip(keyword, format!("{value} is outside 0 to 2^64 - 1"));
                None
            }
            Err(()) => {
                self.skip(keyword, format!("{value} is not an integer"));
                None
            }
        }
    }

    fn number(
        &mut self,
        kind: &str,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<PropertySchema, String> {
        let bound = |key: &str| match self.get(key) {
            None => Ok(None),
            Some(Value::Number(number)) => Ok(Some(number.clone())),
            Some(other) => Err(format!("`{key}` must be a number, found {other}")),
        };
        let minimum = bound("minimum")?;
        let maximum = bound("maximum")?;
        self.handled.extend(["minimum", "maximum"]);
        let exclusive_minimum = self.number_keyword(
            "exclusiveMinimum",
            "not a number (the boolean of draft 4 is not read)",
        );
        let exclusive_maximum = self.number_keyword(
            "exclusiveMaximum",
            "not a number (the boolean of draft 4 is not read)",
        );
        let default =
            self.number_keyword("default", "`default` is not a number: it pre-fills nothing");
        let multiple_of = match self.get("multipleOf") {
            Some(Value::Number(number)) if number.as_f64().is_some_and(|f| f > 0.0) => {
                self.handled.push("multipleOf");
                Some(number.clone())
            }
            Some(_) => {
                self.skip("multipleOf", "not a number greater than 0");
                None
            }
            None => None,
        };
        self.skip(
            "format",
            "number formats (`int32`, `double`, …) are not checked",
        );
        Ok(PropertySchema::Number(NumberSchema {
            kind: if kind == "integer" {
                NumberKind::Integer
            } else {
                NumberKind::Number
            },
            title,
            description,
            minimum,
            maximum,
            exclusive_minimum,
            exclusive_maximum,
            multiple_of,
            default,
        }))
    }

    /// A number keyword the model holds, or `None` (listed as unchecked) when it is not a
    /// number.
    fn number_keyword(&mut self, keyword: &'static str, reason: &str) -> Option<Number> {
        match self.get(keyword) {
            Some(Value::Number(number)) => {
                self.handled.push(keyword);
                Some(number.clone())
            }
            Some(_) => {
                self.skip(keyword, reason);
                None
            }
            None => None,
        }
    }

    fn boolean(
        &mut self,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<PropertySchema, String> {
        let default = match self.get("default") {
            None => None,
            Some(Value::Bool(value)) => Some(*value),
            Some(other) => return Err(format!("`default` must be a boolean, found {other}")),
        };
        self.handled.push("default");
        Ok(PropertySchema::Boolean(BooleanSchema {
            title,
            description,
            default,
        }))
    }

    fn array(
        &mut self,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<PropertySchema, String> {
        let items = match self.get("items") {
            Some(Value::Object(items)) => items,
            Some(other) => {
                return Err(format!(
                    "multi-select `items` must be an object, found {other}"
                ));
            }
            None => return Err("an array property needs `items`".into()),
        };
        let titled = items.get("anyOf").and_then(spec_options);
        let untitled = match (items.get("type"), items.get("enum").and_then(strings)) {
            (Some(Value::String(kind)), Some(options)) if kind == "string" => Some(options),
            (Some(kind), Some(_)) => {
                if titled.is_none() {
                    return Err(format!(
                        "multi-select items must have \"type\": \"string\", found {kind}"
                    ));
                }
                None
            }
            (None, Some(_)) if titled.is_none() => {
                return Err("multi-select items with `enum` need \"type\": \"string\"".into());
            }
            _ => None,
        };
        if titled.is_none() && untitled.is_none() {
            return Err(
                "multi-select `items` needs string `enum` options, or `anyOf` options with a string `const` and `title`"
                    .into(),
            );
        }
        for key in ["minItems", "maxItems"] {
            if let Some(value) = self.get(key).filter(|value| !is_integer(value)) {
                return Err(format!("`{key}` must be an integer, found {value}"));
            }
        }
        let default = match self.get("default") {
            None => None,
            Some(value) => Some(strings(value).ok_or(format!(
                "`default` must be an array of strings, found {value}"
            ))?),
        };
        self.handled.extend(["items", "default"]);
        // What else the items schema says about each item.
        for key in items.keys() {
            let key = key.as_str();
            if !["type", "enum", "anyOf"].contains(&key)
                && (ANY_ASSERTIONS.contains(&key) || STRING_ASSERTIONS.contains(&key))
            {
                self.unchecked
                    .push((format!("items.{key}"), "validate does not apply it".into()));
            }
        }
        let min_items = self.count("minItems");
        let max_items = self.count("maxItems");
        Ok(match (titled, untitled) {
            (Some(mut options), untitled) => {
                // Both apply: an item is one of the `anyOf` values that `enum` lists too.
                if let Some(allowed) = untitled {
                    options.retain(|option| allowed.contains(&option.value));
                }
                PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
                    title,
                    description,
                    options,
                    min_items,
                    max_items,
                    default,
                })
            }
            (None, untitled) => PropertySchema::UntitledMultiSelect(UntitledMultiSelectSchema {
                title,
                description,
                options: untitled.unwrap_or_default(),
                min_items,
                max_items,
                default,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::schema::RequestedSchema;

    #[test]
    fn an_unknown_format_is_refused_naming_every_format() {
        let error = serde_json::from_value::<RequestedSchema>(json!({
            "type": "object",
            "properties": {"phone": {"type": "string", "format": "phone"}}
        }))
        .unwrap_err();
        assert!(
            error.to_string().contains(
                r#"`format` must be one of "date", "date-time", "email", "uri", found "phone""#
            ),
            "{error}"
        );
    }
}
