//! The JSON form of the schema model.
//!
//! Written by hand rather than derived because the spec's shapes are not serde's: the
//! property kinds are told apart by which keys are present (`enum`, `oneOf`, `enumNames`,
//! `items.anyOf`), and `properties` must keep declaration order whatever map type `serde_json`
//! was built with. Reading is the tolerant reader of `read.rs`; writing puts back, in place
//! of the typed keywords or after them, what a schema read from JSON kept in its extras.

use std::collections::HashMap;
use std::fmt;

use serde_core::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_core::ser::{SerializeMap, Serializer};
use serde_core::{Deserialize, Serialize};
use serde_json::Value;

use super::read::{self, Keywords, RawProperty};
use super::{
    BooleanSchema, LegacyTitledEnumSchema, NumberKind, NumberSchema, PropertyExtras,
    PropertySchema, RequestedSchema, SelectOption, StringSchema, TitledMultiSelectSchema,
    TitledSingleSelectSchema, UntitledMultiSelectSchema, UntitledSingleSelectSchema,
};

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
        map.serialize_entry(
            "properties",
            &OrderedProperties {
                properties: &self.properties,
                extras: &self.extras.properties,
            },
        )?;
        if !self.required.is_empty() {
            map.serialize_entry("required", &self.required)?;
        }
        if self.closed {
            map.serialize_entry("additionalProperties", &false)?;
        }
        for (key, value) in &self.extras.root {
            let written = matches!(key.as_str(), "type" | "properties" | "required")
                || (key == "$schema" && self.schema_uri.is_some())
                || (key == "additionalProperties" && self.closed);
            if !written {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

struct OrderedProperties<'a> {
    properties: &'a [(String, PropertySchema)],
    extras: &'a [(String, PropertyExtras)],
}

impl Serialize for OrderedProperties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.properties.len()))?;
        let extras: HashMap<&str, &PropertyExtras> = self
            .extras
            .iter()
            .map(|(name, extras)| (name.as_str(), extras))
            .collect();
        for (name, schema) in self.properties {
            match extras.get(name.as_str()) {
                Some(extras) => map.serialize_entry(name, &WithExtras(schema, extras))?,
                None => map.serialize_entry(name, schema)?,
            }
        }
        map.end()
    }
}

/// A property written with the keywords its extras kept.
struct WithExtras<'a>(&'a PropertySchema, &'a PropertyExtras);

impl Serialize for WithExtras<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(serializer, Some(self.1))
    }
}

impl Serialize for PropertySchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.write(serializer, None)
    }
}

impl PropertySchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        match self {
            Self::String(s) => s.write(serializer, extras),
            Self::Number(s) => s.write(serializer, extras),
            Self::Boolean(s) => s.write(serializer, extras),
            Self::UntitledSingleSelect(s) => s.write(serializer, extras),
            Self::TitledSingleSelect(s) => s.write(serializer, extras),
            Self::LegacyTitledEnum(s) => s.write(serializer, extras),
            Self::UntitledMultiSelect(s) => s.write(serializer, extras),
            Self::TitledMultiSelect(s) => s.write(serializer, extras),
        }
    }
}

/// A property's map: the typed keywords but those its extras kept, then the kept ones in
/// their order. (Written in place of the typed ones, they would come back in another order
/// when read again.)
struct Writer<'a, M> {
    map: M,
    kept: &'a [(String, Value)],
}

impl<M: SerializeMap> Writer<'_, M> {
    fn entry<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        if self.kept.iter().any(|(kept, _)| kept == key) {
            return Ok(());
        }
        self.map.serialize_entry(key, value)
    }

    fn optional<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: Option<&T>,
    ) -> Result<(), M::Error> {
        match value {
            Some(value) => self.entry(key, value),
            None => Ok(()),
        }
    }

    fn end(mut self) -> Result<M::Ok, M::Error> {
        for (key, value) in self.kept {
            self.map.serialize_entry(key, value)?;
        }
        self.map.end()
    }
}

/// Opens a property's map with `type`, `title` and `description`, the keys every kind shares.
fn open<'a, S: Serializer>(
    serializer: S,
    extras: Option<&'a PropertyExtras>,
    kind: &'static str,
    title: Option<&String>,
    description: Option<&String>,
) -> Result<Writer<'a, S::SerializeMap>, S::Error> {
    let mut writer = Writer {
        map: serializer.serialize_map(None)?,
        kept: extras.map_or(&[], |extras| extras.keywords.as_slice()),
    };
    writer.entry("type", kind)?;
    writer.optional("title", title)?;
    writer.optional("description", description)?;
    Ok(writer)
}

/// `Serialize` for a property kind, through its `write`.
macro_rules! serialize_kind {
    ($($ty:ident),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.write(serializer, None)
            }
        }
    )*};
}

serialize_kind!(
    StringSchema,
    NumberSchema,
    BooleanSchema,
    UntitledSingleSelectSchema,
    TitledSingleSelectSchema,
    LegacyTitledEnumSchema,
    UntitledMultiSelectSchema,
    TitledMultiSelectSchema
);

impl StringSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.optional("minLength", self.min_length.as_ref())?;
        map.optional("maxLength", self.max_length.as_ref())?;
        map.optional("pattern", self.pattern.as_ref())?;
        map.optional("format", self.format.as_ref())?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl NumberSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let kind = match self.kind {
            NumberKind::Integer => "integer",
            NumberKind::Number => "number",
        };
        let mut map = open(
            serializer,
            extras,
            kind,
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.optional("minimum", self.minimum.as_ref())?;
        map.optional("maximum", self.maximum.as_ref())?;
        map.optional("exclusiveMinimum", self.exclusive_minimum.as_ref())?;
        map.optional("exclusiveMaximum", self.exclusive_maximum.as_ref())?;
        map.optional("multipleOf", self.multiple_of.as_ref())?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl BooleanSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "boolean",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl UntitledSingleSelectSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.entry("enum", &self.options)?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl TitledSingleSelectSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.entry("oneOf", &self.options)?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl LegacyTitledEnumSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "string",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.entry("enum", &self.options)?;
        map.entry("enumNames", &self.option_names)?;
        map.optional("default", self.default.as_ref())?;
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
struct TitledItems<'a>(&'a [SelectOption]);

impl Serialize for TitledItems<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("anyOf", self.0)?;
        map.end()
    }
}

impl UntitledMultiSelectSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "array",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.optional("minItems", self.min_items.as_ref())?;
        map.optional("maxItems", self.max_items.as_ref())?;
        map.entry("items", &UntitledItems(&self.options))?;
        map.optional("default", self.default.as_ref())?;
        map.end()
    }
}

impl TitledMultiSelectSchema {
    fn write<S: Serializer>(
        &self,
        serializer: S,
        extras: Option<&PropertyExtras>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = open(
            serializer,
            extras,
            "array",
            self.title.as_ref(),
            self.description.as_ref(),
        )?;
        map.optional("minItems", self.min_items.as_ref())?;
        map.optional("maxItems", self.max_items.as_ref())?;
        map.entry("items", &TitledItems(&self.options))?;
        map.optional("default", self.default.as_ref())?;
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
        let mut root: Vec<(String, Value)> = Vec::new();
        let mut properties = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "properties" {
                properties = Some(map.next_value::<PropertyList>()?.0);
            } else {
                root.push((key, map.next_value()?));
            }
        }
        read::schema(root, properties).map_err(de::Error::custom)
    }
}

/// `properties`, read in document order into a list; or, when it is no map, what it is.
struct PropertyList(Result<Vec<(String, RawProperty)>, &'static str>);

impl<'de> Deserialize<'de> for PropertyList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = PropertyList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of property schemas")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PropertyList, A::Error> {
                let mut list = Vec::new();
                while let Some((name, raw)) = map.next_entry::<String, RawValue>()? {
                    list.push((name, raw.0));
                }
                Ok(PropertyList(Ok(list)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PropertyList, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(PropertyList(Err("an array")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("null")))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("a boolean")))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("a number")))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("a number")))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("a number")))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<PropertyList, E> {
                Ok(PropertyList(Err("a string")))
            }
        }
        deserializer.deserialize_any(ListVisitor)
    }
}

/// One property's value: its keywords in document order when it is an object.
struct RawValue(RawProperty);

impl<'de> Deserialize<'de> for RawValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RawVisitor;
        impl<'de> Visitor<'de> for RawVisitor {
            type Value = RawValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property schema")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawValue, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    entries.push(entry);
                }
                Ok(RawValue(RawProperty::Object(entries)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawValue, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(RawValue(RawProperty::Other("an array")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("null")))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("a boolean")))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("a number")))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("a number")))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("a number")))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<RawValue, E> {
                Ok(RawValue(RawProperty::Other("a string")))
            }
        }
        deserializer.deserialize_any(RawVisitor)
    }
}

impl<'de> Deserialize<'de> for PropertySchema {
    /// A property on its own: read as in a form, but with nowhere to keep what its typed
    /// schema cannot hold, so a keyword that constrains answers and that it would not apply
    /// (`const`, a number's `format`, …) is refused here; read the whole `requestedSchema`
    /// as a [`RequestedSchema`] to keep it. Annotations (`examples`, `x-…`) are dropped.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let entries = match RawValue::deserialize(deserializer)?.0 {
            RawProperty::Object(entries) => entries,
            RawProperty::Other(kind) => {
                return Err(de::Error::custom(format_args!(
                    "a property schema must be an object, found {kind}"
                )));
            }
        };
        let read = read::property(Keywords::new(entries)).map_err(de::Error::custom)?;
        if let Some((keyword, reason)) = read.unchecked.first() {
            return Err(de::Error::custom(format_args!(
                "`{keyword}` would not be checked ({reason}); read the whole form as a RequestedSchema to keep it"
            )));
        }
        for (keyword, set) in [
            ("const", read.extras.constant.is_some()),
            ("enum", read.extras.allowed.is_some()),
        ] {
            if set {
                return Err(de::Error::custom(format_args!(
                    "`{keyword}` has no place in this property kind; read the whole form as a RequestedSchema to keep it"
                )));
            }
        }
        Ok(read.schema)
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

// The small types below are written by hand too, so that elicit-core needs serde without its
// `derive` feature: a user who derives nothing with serde does not compile serde_derive.

impl Serialize for SelectOption {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("const", &self.value)?;
        map.serialize_entry("title", &self.title)?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for SelectOption {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OptionVisitor;

        impl<'de> Visitor<'de> for OptionVisitor {
            type Value = SelectOption;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#"an option {"const": …, "title": …}"#)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SelectOption, A::Error> {
                let (mut value, mut title) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    let slot = match key.as_str() {
                        "const" => &mut value,
                        "title" => &mut title,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    if slot.is_some() {
                        return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                    }
                    *slot = Some(map.next_value::<String>()?);
                }
                Ok(SelectOption {
                    value: value.ok_or_else(|| de::Error::missing_field("const"))?,
                    title: title.ok_or_else(|| de::Error::missing_field("title"))?,
                })
            }
        }

        deserializer.deserialize_map(OptionVisitor)
    }
}

impl Serialize for super::Unchecked {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("property", &self.property)?;
        map.serialize_entry("keyword", &self.keyword)?;
        map.serialize_entry("reason", &self.reason)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::{SelectOption, Unchecked};

    #[test]
    fn options_read_their_two_keys_and_ignore_others() {
        let option: SelectOption =
            serde_json::from_value(json!({"title": "Red", "const": "#f00", "x": [1]})).unwrap();
        assert_eq!(option, SelectOption::new("#f00", "Red"));
        assert_eq!(
            serde_json::to_string(&option).unwrap(),
            r##"{"const":"#f00","title":"Red"}"##
        );
        let missing = serde_json::from_value::<SelectOption>(json!({"const": "a"})).unwrap_err();
        assert_eq!(missing.to_string(), "missing field `title`");
        let twice =
            serde_json::from_str::<SelectOption>(r#"{"const":"a","const":"b","title":"T"}"#)
                .unwrap_err();
        assert!(
            twice.to_string().starts_with("duplicate field `const`"),
            "{twice}"
        );
        assert!(serde_json::from_value::<SelectOption>(json!({"const": 1, "title": "T"})).is_err());
    }

    #[test]
    fn unchecked_keywords_serialize_with_a_null_property_for_the_form() {
        let unchecked = Unchecked {
            property: None,
            keyword: "minProperties".to_owned(),
            reason: "not a keyword of a form".to_owned(),
        };
        assert_eq!(
            serde_json::to_string(&unchecked).unwrap(),
            r#"{"property":null,"keyword":"minProperties","reason":"not a keyword of a form"}"#
        );
    }
}
