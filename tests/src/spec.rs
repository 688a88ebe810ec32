//! The MCP 2025-11-25 rules for `ElicitRequestFormParams.requestedSchema` and its
//! `PrimitiveSchemaDefinition`s, written out from the spec's `schema.json` so that every
//! schema a test emits can be checked against them.
//!
//! Each definition lists its keys and their JSON types; a property is valid when it matches
//! at least one definition (the spec's `anyOf`). The spec's definitions do not forbid
//! other keys, but clients may; so this checker is stricter and refuses any key the
//! definition does not name, with one documented exception: `pattern` on a string, which the
//! spec's text lists.

use serde_json::{Map, Value};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    String,
    Integer,
    Number,
    Boolean,
    StringArray,
    OptionArray,
    Object,
}

fn is_kind(value: &Value, kind: Kind) -> bool {
    match kind {
        Kind::String => value.is_string(),
        Kind::Integer => value.is_u64() || value.is_i64(),
        Kind::Number => value.is_number(),
        Kind::Boolean => value.is_boolean(),
        Kind::StringArray => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_string)),
        Kind::OptionArray => value.as_array().is_some_and(|items| {
            items.iter().all(|item| {
                item.as_object().is_some_and(|option| {
                    option.len() == 2
                        && option.get("const").is_some_and(Value::is_string)
                        && option.get("title").is_some_and(Value::is_string)
                })
            })
        }),
        Kind::Object => value.is_object(),
    }
}

/// One of the spec's eight property definitions.
struct Definition {
    name: &'static str,
    type_const: &'static [&'static str],
    keys: &'static [(&'static str, Kind)],
    required: &'static [&'static str],
    items: Option<&'static Definition>,
}

const COMMON: [(&str, Kind); 2] = [("title", Kind::String), ("description", Kind::String)];

static UNTITLED_ITEMS: Definition = Definition {
    name: "UntitledMultiSelectEnumSchema.items",
    type_const: &["string"],
    keys: &[("enum", Kind::StringArray)],
    required: &["type", "enum"],
    items: None,
};

static TITLED_ITEMS: Definition = Definition {
    name: "TitledMultiSelectEnumSchema.items",
    type_const: &[],
    keys: &[("anyOf", Kind::OptionArray)],
    required: &["anyOf"],
    items: None,
};

static DEFINITIONS: [Definition; 8] = [
    Definition {
        name: "StringSchema",
        type_const: &["string"],
        keys: &[
            ("minLength", Kind::Integer),
            ("maxLength", Kind::Integer),
            ("format", Kind::String),
            ("default", Kind::String),
            ("pattern", Kind::String),
        ],
        required: &["type"],
        items: None,
    },
    Definition {
        name: "NumberSchema",
        type_const: &["integer", "number"],
        keys: &[
            ("minimum", Kind::Number),
            ("maximum", Kind::Number),
            ("default", Kind::Number),
        ],
        required: &["type"],
        items: None,
    },
    Definition {
        name: "BooleanSchema",
        type_const: &["boolean"],
        keys: &[("default", Kind::Boolean)],
        required: &["type"],
        items: None,
    },
    Definition {
        name: "UntitledSingleSelectEnumSchema",
        type_const: &["string"],
        keys: &[("enum", Kind::StringArray), ("default", Kind::String)],
        required: &["type", "enum"],
        items: None,
    },
    Definition {
        name: "TitledSingleSelectEnumSchema",
        type_const: &["string"],
        keys: &[("oneOf", Kind::OptionArray), ("default", Kind::String)],
        required: &["type", "oneOf"],
        items: None,
    },
    Definition {
        name: "UntitledMultiSelectEnumSchema",
        type_const: &["array"],
        keys: &[
            ("items", Kind::Object),
            ("minItems", Kind::Integer),
            ("maxItems", Kind::Integer),
            ("default", Kind::StringArray),
        ],
        required: &["type", "items"],
        items: Some(&UNTITLED_ITEMS),
    },
    Definition {
        name: "TitledMultiSelectEnumSchema",
        type_const: &["array"],
        keys: &[
            ("items", Kind::Object),
            ("minItems", Kind::Integer),
            ("maxItems", Kind::Integer),
            ("default", Kind::StringArray),
        ],
        required: &["type", "items"],
        items: Some(&TITLED_ITEMS),
    },
    Definition {
        name: "LegacyTitledEnumSchema",
        type_const: &["string"],
        keys: &[
            ("enum", Kind::StringArray),
            ("enumNames", Kind::StringArray),
            ("default", Kind::String),
        ],
        required: &["type", "enum", "enumNames"],
        items: None,
    },
];

fn matches(definition: &Definition, object: &Map<String, Value>) -> Result<(), String> {
    for key in definition.required {
        if !object.contains_key(*key) {
            return Err(format!("{}: missing `{key}`", definition.name));
        }
    }
    for (key, value) in object {
        if key == "type" {
            if !definition.type_const.is_empty()
                && !value
                    .as_str()
                    .is_some_and(|t| definition.type_const.contains(&t))
            {
                return Err(format!("{}: `type` is {value}", definition.name));
            }
            if definition.type_const.is_empty() {
                return Err(format!("{}: unexpected `type`", definition.name));
            }
            continue;
        }
        let kind = COMMON
            .iter()
            .chain(definition.keys)
            .find(|(known, _)| known == key)
            .map(|(_, kind)| *kind);
        match kind {
            None => return Err(format!("{}: unexpected key `{key}`", definition.name)),
            Some(kind) if !is_kind(value, kind) => {
                return Err(format!("{}: `{key}` is not {kind:?}", definition.name));
            }
            Some(_) => {}
        }
    }
    if let Some(items) = definition.items {
        let Some(items_object) = object.get("items").and_then(Value::as_object) else {
            return Err(format!("{}: `items` is not an object", definition.name));
        };
        matches(items, items_object)?;
    }
    if let Some(format) = object.get("format")
        && !["email", "uri", "date", "date-time"].contains(&format.as_str().unwrap_or(""))
    {
        return Err(format!("{}: unknown format {format}", definition.name));
    }
    if let Some(names) = object.get("enumNames").and_then(Value::as_array) {
        let options = object
            .get("enum")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if names.len() != options {
            return Err(format!("{}: enumNames/enum length", definition.name));
        }
    }
    Ok(())
}

/// Checks one property against the spec's `PrimitiveSchemaDefinition` (an `anyOf` of the
/// eight definitions). Returns the name of the first matching definition.
///
/// # Errors
/// Why no definition matches.
pub fn check_property(property: &Value) -> Result<&'static str, String> {
    let Some(object) = property.as_object() else {
        return Err(format!("property is not an object: {property}"));
    };
    let mut reasons = Vec::new();
    for definition in &DEFINITIONS {
        match matches(definition, object) {
            Ok(()) => return Ok(definition.name),
            Err(reason) => reasons.push(reason),
        }
    }
    Err(reasons.join("; "))
}

/// Checks a whole `requestedSchema`: `type: object`, `properties` of primitive
/// definitions, `required` naming only declared properties, no other keys (`$schema` aside),
/// so no root `title`, `$defs`, `$ref` or `additionalProperties`.
///
/// # Errors
/// Every problem found, one per line.
pub fn check_requested_schema(schema: &Value) -> Result<(), String> {
    let Some(root) = schema.as_object() else {
        return Err("requestedSchema is not an object".into());
    };
    let mut problems = Vec::new();
    if root.get("type") != Some(&Value::String("object".into())) {
        problems.push("root `type` must be \"object\"".to_owned());
    }
    for key in root.keys() {
        if !["type", "properties", "required", "$schema"].contains(&key.as_str()) {
            problems.push(format!("unexpected root key `{key}`"));
        }
    }
    let properties = root.get("properties").and_then(Value::as_object);
    match properties {
        None => problems.push("`properties` must be an object".into()),
        Some(properties) => {
            for (name, property) in properties {
                if let Err(reason) = check_property(property) {
                    problems.push(format!("property `{name}`: {reason}"));
                }
            }
        }
    }
    if let Some(required) = root.get("required") {
        match required.as_array() {
            Some(names) if !names.is_empty() => {
                for name in names {
                    let known = name
                        .as_str()
                        .is_some_and(|n| properties.is_some_and(|p| p.contains_key(n)));
                    if !known {
                        problems.push(format!("`required` names unknown property {name}"));
                    }
                }
            }
            Some(_) => problems.push("`required` is empty (omit it instead)".into()),
            None => problems.push("`required` must be an array".into()),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn refuses_what_the_spec_refuses() {
        assert!(check_property(&json!({"type": "object"})).is_err());
        assert!(check_property(&json!({"type": "string", "nullable": true})).is_err());
        assert!(check_property(&json!({"type": "array", "items": {"type": "string"}})).is_err());
        assert!(check_property(&json!({"type": "string", "format": "ipv4"})).is_err());
        assert!(check_property(&json!({"anyOf": [{"type": "string"}, {"type": "null"}]})).is_err());
        assert!(
            check_requested_schema(&json!({"type": "object", "properties": {}, "title": "x"}))
                .is_err()
        );
        assert!(
            check_requested_schema(
                &json!({"type": "object", "properties": {}, "required": ["ghost"]})
            )
            .is_err()
        );
    }

    #[test]
    fn accepts_every_definition() {
        for (property, name) in [
            (json!({"type": "string", "minLength": 1}), "StringSchema"),
            (json!({"type": "integer", "minimum": 0}), "NumberSchema"),
            (json!({"type": "boolean", "default": true}), "BooleanSchema"),
            (
                json!({"type": "string", "enum": ["a"]}),
                "UntitledSingleSelectEnumSchema",
            ),
            (
                json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]}),
                "TitledSingleSelectEnumSchema",
            ),
            (
                json!({"type": "array", "items": {"type": "string", "enum": ["a"]}}),
                "UntitledMultiSelectEnumSchema",
            ),
            (
                json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}}),
                "TitledMultiSelectEnumSchema",
            ),
            (
                json!({"type": "string", "enum": ["a"], "enumNames": ["A"]}),
                "LegacyTitledEnumSchema",
            ),
        ] {
            assert_eq!(check_property(&property), Ok(name), "{property}");
        }
    }
}
