//! The JSON form of the schema model.
//!
//! Written by hand rather than derived because the spec's shapes are not serde's: the
//! property kinds are told apart by which keys are present (`enum`, `oneOf`, `enumNames`,
//! `items.anyOf`), and `properties` must keep declaration order whatever map type `serde_json`
//! was built with.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use super::{
    BooleanSchema, EnumOption, LegacyTitledEnumSchema, NumberKind, NumberSchema, PropertySchema,
    RequestedSchema, RustNumber, StringFormat, StringSchema, TitledMultiSelectSchema,
    TitledSingleSelectSchema, UntitledMultiSelectSchema, UntitledSingleSelectSchema,
};
use crate::pattern::Pattern;

fn entry<M: SerializeMap, T: Serialize + ?Sized>(
    map: &mut M,
    key: &'static str,
    value: Option<&T>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(key, value),
        None => Ok(()),
    }
}

impl Serialize for RequestedSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        entry(&mut map, "$schema", self.schema_uri.as_ref())?;
        map.serialize_entry("type", "object")?;
        map.serialize_entry("properties", &OrderedProperties(&self.properties))?;
        if !self.required.is_empty() {
            map.serialize_entry("required", &self.required)?;
        }
        map.end()
    }
}

struct OrderedProperties<'a>(&'a [(String, PropertySchema)]);

impl Serialize for OrderedProperties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, schema) in self.0 {
            map.serialize_entry(name, schema)?;
        }
        map.end()
    }
}

impl Serialize for PropertySchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::String(s) => s.serialize(serializer),
            Self::Number(s) => s.serialize(serializer),
            Self::Boolean(s) => s.serialize(serializer),
            Self::UntitledSingleSelect(s) => s.serialize(serializer),
            Self::TitledSingleSelect(s) => s.serialize(serializer),
            Self::LegacyTitledEnum(s) => s.serialize(serializer),
            Self::UntitledMultiSelect(s) => s.serialize(serializer),
            Self::TitledMultiSelect(s) => s.serialize(serializer),
        }
    }
}

/// Opens a property's map with `type`, `title` and `description`, the keys every kind shares.
fn open<S: Serializer>(
    serializer: S,
    kind: &'static str,
    title: Option<&String>,
    description: Option<&String>,
) -> Result<S::SerializeMap, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    map.serialize_entry("type", kind)?;
    entry(&mut map, "title", title)?;
    entry(&mut map, "description", description)?;
    Ok(map)
}

impl Serialize for StringSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        entry(&mut map, "minLength", self.min_length.as_ref())?;
        entry(&mut map, "maxLength", self.max_length.as_ref())?;
        entry(&mut map, "pattern", self.pattern.as_ref())?;
        entry(&mut map, "format", self.format.as_ref())?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for NumberSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kind = match self.kind {
            NumberKind::Integer => "integer",
            NumberKind::Number => "number",
        };
        let mut map = open(
            serializer,
            kind,
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        entry(&mut map, "minimum", self.minimum.as_ref())?;
        entry(&mut map, "maximum", self.maximum.as_ref())?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for BooleanSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "boolean",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for UntitledSingleSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.serialize_entry("enum", &self.options)?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for TitledSingleSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.serialize_entry("oneOf", &self.options)?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for LegacyTitledEnumSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.serialize_entry("enum", &self.options)?;
        map.serialize_entry("enumNames", &self.option_names)?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

/// `items` of an untitled multi-select.
struct UntitledItems<'a>(&'a [String]);

impl Serialize for UntitledItems<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("type", "string")?;
        map.serialize_entry("enum", self.0)?;
        map.end()
    }
}

/// `items` of a titled multi-select.
struct TitledItems<'a>(&'a [EnumOption]);

impl Serialize for TitledItems<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("anyOf", self.0)?;
        map.end()
    }
}

impl Serialize for UntitledMultiSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "array",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        entry(&mut map, "minItems", self.min_items.as_ref())?;
        entry(&mut map, "maxItems", self.max_items.as_ref())?;
        map.serialize_entry("items", &UntitledItems(&self.options))?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for TitledMultiSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            "array",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        entry(&mut map, "minItems", self.min_items.as_ref())?;
        entry(&mut map, "maxItems", self.max_items.as_ref())?;
        map.serialize_entry("items", &TitledItems(&self.options))?;
        entry(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for RequestedSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(RequestedSchemaVisitor)
    }
}

struct RequestedSchemaVisitor;

impl<'de> Visitor<'de> for RequestedSchemaVisitor {
    type Value = RequestedSchema;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a requestedSchema object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut kind: Option<String> = None;
        let mut properties: Option<Vec<(String, PropertySchema)>> = None;
        let mut required: Option<Vec<String>> = None;
        let mut schema_uri: Option<String> = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "type" => kind = Some(map.next_value()?),
                "properties" => properties = Some(map.next_value::<PropertyList>()?.0),
                "required" => required = Some(map.next_value()?),
                "$schema" => schema_uri = Some(map.next_value()?),
                // Other JSON Schema keywords carry nothing a flat form can use.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        match kind.as_deref() {
            Some("object") => {}
            Some(other) => {
                return Err(de::Error::custom(format_args!(
                    "requestedSchema must have \"type\": \"object\", found {other:?}"
                )));
            }
            None => return Err(de::Error::missing_field("type")),
        }
        Ok(RequestedSchema {
            properties: properties.ok_or_else(|| de::Error::missing_field("properties"))?,
            required: required.unwrap_or_default(),
            schema_uri,
        })
    }
}

/// `properties`, read in document order into a list.
struct PropertyList(Vec<(String, PropertySchema)>);

impl<'de> Deserialize<'de> for PropertyList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = PropertyList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of property schemas")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PropertyList, A::Error> {
                let mut list: Vec<(String, PropertySchema)> = Vec::new();
                // Hashed, not scanned: a scan per property made a 50 000-property schema
                // (a server's, so a client's input) take minutes to read.
                let mut names = HashSet::new();
                while let Some((name, schema)) = map.next_entry::<String, PropertySchema>()? {
                    if !names.insert(name.clone()) {
                        return Err(de::Error::custom(format_args!(
                            "property {name:?} appears twice"
                        )));
                    }
                    list.push((name, schema));
                }
                Ok(PropertyList(list))
            }
        }
        deserializer.deserialize_map(ListVisitor)
    }
}

/// Every key any property kind may carry; which kind it is follows from which are present.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawProperty {
    #[serde(rename = "type")]
    kind: String,
    title: Option<String>,
    description: Option<String>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<Pattern>,
    format: Option<StringFormat>,
    minimum: Option<Number>,
    maximum: Option<Number>,
    default: Option<Value>,
    #[serde(rename = "enum")]
    options: Option<Vec<String>>,
    enum_names: Option<Vec<String>>,
    one_of: Option<Vec<EnumOption>>,
    items: Option<RawItems>,
    min_items: Option<u64>,
    max_items: Option<u64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawItems {
    #[serde(rename = "type")]
    kind: Option<String>,
    #[serde(rename = "enum")]
    options: Option<Vec<String>>,
    any_of: Option<Vec<EnumOption>>,
}

fn default_as<T: serde::de::DeserializeOwned, E: de::Error>(
    default: Option<Value>,
    expected: &str,
) -> Result<Option<T>, E> {
    default
        .map(|value| {
            serde_json::from_value(value)
                .map_err(|_| E::custom(format_args!("`default` must be {expected}")))
        })
        .transpose()
}

impl RawProperty {
    fn into_schema<E: de::Error>(self) -> Result<PropertySchema, E> {
        let Self {
            kind,
            title,
            description,
            ..
        } = &self;
        let (title, description) = (title.clone(), description.clone());
        Ok(match kind.as_str() {
            "string" => self.into_string_kind(title, description)?,
            "integer" | "number" => PropertySchema::Number(NumberSchema {
                kind: if kind == "integer" {
                    NumberKind::Integer
                } else {
                    NumberKind::Number
                },
                title,
                description,
                minimum: self.minimum,
                maximum: self.maximum,
                default: default_as(self.default, "a number")?,
                rust: RustNumber::default(),
            }),
            "boolean" => PropertySchema::Boolean(BooleanSchema {
                title,
                description,
                default: default_as(self.default, "a boolean")?,
            }),
            "array" => self.into_array_kind(title, description)?,
            other => {
                return Err(E::custom(format_args!(
                    "unsupported property type {other:?}; expected string, number, integer, boolean or array"
                )));
            }
        })
    }

    fn into_string_kind<E: de::Error>(
        self,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<PropertySchema, E> {
        let default = default_as(self.default, "a string")?;
        Ok(match (self.one_of, self.options, self.enum_names) {
            (Some(options), _, _) => PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
                title,
                description,
                options,
                default,
            }),
            (None, Some(options), Some(option_names)) => {
                if option_names.len() != options.len() {
                    return Err(E::custom(format_args!(
                        "`enumNames` has {} names for {} options",
                        option_names.len(),
                        options.len()
                    )));
                }
                PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
                    title,
                    description,
                    options,
                    option_names,
                    default,
                })
            }
            (None, Some(options), None) => {
                PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
                    title,
                    description,
                    options,
                    default,
                })
            }
            (None, None, _) => PropertySchema::String(StringSchema {
                title,
                description,
                min_length: self.min_length,
                max_length: self.max_length,
                pattern: self.pattern,
                format: self.format,
                default,
            }),
        })
    }

    fn into_array_kind<E: de::Error>(
        self,
        title: Option<String>,
        description: Option<String>,
    ) -> Result<PropertySchema, E> {
        let items = self
            .items
            .ok_or_else(|| E::custom("an array property needs `items`"))?;
        let default = default_as(self.default, "an array of strings")?;
        match (items.any_of, items.options) {
            (Some(options), _) => Ok(PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
                title,
                description,
                options,
                min_items: self.min_items,
                max_items: self.max_items,
                default,
            })),
            (None, Some(options)) => {
                if let Some(kind) = items.kind.filter(|kind| kind != "string") {
                    return Err(E::custom(format_args!(
                        "multi-select items must have \"type\": \"string\", found {kind:?}"
                    )));
                }
                Ok(PropertySchema::UntitledMultiSelect(
                    UntitledMultiSelectSchema {
                        title,
                        description,
                        options,
                        min_items: self.min_items,
                        max_items: self.max_items,
                        default,
                    },
                ))
            }
            (None, None) => Err(E::custom(
                "multi-select `items` needs `enum` or `anyOf` options",
            )),
        }
    }
}

impl<'de> Deserialize<'de> for PropertySchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawProperty::deserialize(deserializer)?.into_schema()
    }
}

/// Each kind also deserializes on its own, refusing JSON of another kind.
macro_rules! deserialize_kind {
    ($($ty:ident => $variant:ident, $what:literal;)*) => {$(
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                match PropertySchema::deserialize(deserializer)? {
                    PropertySchema::$variant(schema) => Ok(schema),
                    _ => Err(de::Error::custom(concat!("expected ", $what))),
                }
            }
        }
    )*};
}

deserialize_kind! {
    StringSchema => String, "a string schema";
    NumberSchema => Number, "a number or integer schema";
    BooleanSchema => Boolean, "a boolean schema";
    UntitledSingleSelectSchema => UntitledSingleSelect, "an untitled single-select enum schema";
    TitledSingleSelectSchema => TitledSingleSelect, "a titled single-select enum schema";
    LegacyTitledEnumSchema => LegacyTitledEnum, "a legacy titled enum schema (`enum` with `enumNames`)";
    UntitledMultiSelectSchema => UntitledMultiSelect, "an untitled multi-select enum schema";
    TitledMultiSelectSchema => TitledMultiSelect, "a titled multi-select enum schema";
}
