//! JSON read in document order.
//!
//! A form's fields are shown in the order of `requestedSchema.properties`, but a
//! `serde_json::Value` sorts object keys (unless the final binary turns on `serde_json`'s
//! `preserve_order`). So the `Deserialize` impls of messages that carry a form first read the
//! text into this tree, which keeps every object's keys in order, and parse the schema from it;
//! the rest of the message is read from an ordinary `Value`.

use std::fmt;

use serde_core::de::value::{MapDeserializer, SeqDeserializer};
use serde_core::de::{
    self, Deserialize, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Number, Value};

use crate::schema::RequestedSchema;

/// A JSON value whose objects keep their keys in document order.
#[derive(Debug, Clone)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The value of `key`, if this is an object that has it (the last one, as `serde_json`
    /// keeps for a repeated key).
    pub(crate) fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Self::Object(entries) => entries
                .iter()
                .rev()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The same value as a `serde_json::Value`.
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Self::Null => Value::Null,
            Self::Bool(b) => Value::Bool(*b),
            Self::Number(n) => Value::Number(n.clone()),
            Self::String(s) => Value::String(s.clone()),
            Self::Array(items) => Value::Array(items.iter().map(Self::to_value).collect()),
            Self::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(key, value)| (key.clone(), value.to_value()))
                    .collect::<Map<String, Value>>(),
            ),
        }
    }

    /// Parses a `requestedSchema` from this value, keeping the property order.
    pub(crate) fn to_schema(&self) -> Result<RequestedSchema, de::value::Error> {
        RequestedSchema::deserialize(self.clone())
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json, D::Error> {
        Json::deserialize(deserializer)
    }

    fn visit_bool<E>(self, value: bool) -> Result<Json, E> {
        Ok(Json::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Json, E> {
        Ok(Json::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Json, E> {
        Ok(Json::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Json, E> {
        Number::from_f64(value)
            .map(Json::Number)
            .ok_or_else(|| E::custom("a number that is not finite"))
    }

    fn visit_str<E>(self, value: &str) -> Result<Json, E> {
        Ok(Json::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Json, E> {
        Ok(Json::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            entries.push((key, value));
        }
        Ok(Json::Object(entries))
    }
}

impl<'de> Deserializer<'de> for Json {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Self::Null => visitor.visit_unit(),
            Self::Bool(b) => visitor.visit_bool(b),
            Self::Number(n) => n.deserialize_any(visitor).map_err(de::Error::custom),
            Self::String(s) => visitor.visit_string(s),
            Self::Array(items) => {
                let mut seq = SeqDeserializer::new(items.into_iter());
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Self::Object(entries) => {
                let mut map = MapDeserializer::new(entries.into_iter());
                let value = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(value)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Self::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self {
            // A unit variant, as serde_json writes it: `"email"`.
            Self::String(variant) => visitor.visit_enum(variant.into_deserializer()),
            // Any other variant: `{"Variant": content}`.
            Self::Object(entries) if entries.len() == 1 => visitor.visit_enum(
                de::value::MapAccessDeserializer::new(MapDeserializer::new(entries.into_iter())),
            ),
            other => other.deserialize_any(visitor),
        }
    }

    serde_core::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

impl IntoDeserializer<'_, de::value::Error> for Json {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_document_order() {
        let text = r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"boolean","default":true},"mid":{"type":"integer","minimum":-1}},"required":["zeta"]}"#;
        let json: Json = serde_json::from_str(text).unwrap();
        let schema = json.to_schema().unwrap();
        let names: Vec<&str> = schema.properties.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["zeta", "alpha", "mid"]);
        assert_eq!(serde_json::to_string(&schema).unwrap(), text);
        assert_eq!(
            json.to_value(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }

    #[test]
    fn scalars_and_arrays() {
        let text = r#"{"a":[1,-2,3.5,"x",null,true,{"b":{}}],"c":18446744073709551615}"#;
        let json: Json = serde_json::from_str(text).unwrap();
        assert_eq!(
            json.to_value(),
            serde_json::from_str::<Value>(text).unwrap()
        );
        assert!(json.get("a").is_some());
        assert!(json.get("z").is_none());
        assert!(Json::Null.get("a").is_none());
    }

    #[test]
    fn enums_read_as_serde_json_reads_them() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        enum Shape {
            Dot,
            Line(u8),
        }
        let dot: Json = serde_json::from_str(r#""Dot""#).unwrap();
        assert_eq!(Shape::deserialize(dot).unwrap(), Shape::Dot);
        let line: Json = serde_json::from_str(r#"{"Line": 3}"#).unwrap();
        assert_eq!(Shape::deserialize(line).unwrap(), Shape::Line(3));
        let bad: Json = serde_json::from_str("7").unwrap();
        assert!(Shape::deserialize(bad).is_err());
        let format: Json = serde_json::from_str(r#""date-time""#).unwrap();
        assert_eq!(
            crate::schema::StringFormat::deserialize(format).unwrap(),
            crate::schema::StringFormat::DateTime
        );
    }

    #[test]
    fn schema_errors_surface() {
        let json: Json = serde_json::from_str(r#"{"type":"array","properties":{}}"#).unwrap();
        assert!(
            json.to_schema()
                .unwrap_err()
                .to_string()
                .contains("\"array\"")
        );
    }
}
