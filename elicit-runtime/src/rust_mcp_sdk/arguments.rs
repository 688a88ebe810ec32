//! A call's arguments for a [`Router`](super::Router)'s handlers: read into the handler's
//! type through serde, each error naming the argument; and the type's JSON schema, as the
//! tool's `inputSchema` or the prompt's list of arguments.
//!
//! The arguments are deserialized through a map of our own rather than a `serde_json::Value`,
//! whose errors say what is wrong but not where: each value is read knowing its key, so that
//! "`date`: invalid type: integer `5`, expected a string" names the argument.

use std::any::TypeId;
use std::fmt;

use ::rust_mcp_sdk::schema::{PromptArgument, RpcError, ToolInputSchema};
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_core::de::{
    self, DeserializeOwned, DeserializeSeed, Error as _, IntoDeserializer, MapAccess, Visitor,
};
use serde_core::forward_to_deserialize_any;
use serde_json::{Map, Value, json};

/// Reads `A` from a call's `arguments`, naming the argument that does not fit. `()` takes any
/// arguments (a tool without arguments ignores what it is sent, as a struct ignores the
/// arguments it does not declare).
pub(super) fn read<A: DeserializeOwned + 'static>(
    arguments: Map<String, Value>,
) -> Result<A, ArgumentError> {
    if TypeId::of::<A>() == TypeId::of::<()>() {
        return A::deserialize(Value::Null).map_err(ArgumentError::custom);
    }
    A::deserialize(Arguments(arguments))
}

/// Why a call's arguments do not read: which argument, when serde says, and what is wrong.
#[derive(Debug)]
pub(super) struct ArgumentError {
    argument: Option<String>,
    problem: Problem,
}

#[derive(Debug)]
enum Problem {
    /// serde's own words: a value of the wrong type, out of range, not one of an enum's.
    Invalid(String),
    Missing,
    /// An argument the type does not declare (`#[serde(deny_unknown_fields)]`), and the ones
    /// it does.
    Unknown(&'static [&'static str]),
}

impl ArgumentError {
    /// The JSON-RPC error of a call to `what` ("tool `book_trip`") with these arguments:
    /// `-32602`, naming the argument in its message and as `data.argument`.
    pub(super) fn to_rpc_error(&self, what: &str) -> RpcError {
        let error = RpcError::invalid_params().with_message(format!("{what}: {self}"));
        match &self.argument {
            Some(argument) => error.with_data(Some(json!({ "argument": argument }))),
            None => error,
        }
    }

    fn at(argument: &str, problem: impl fmt::Display) -> Self {
        Self {
            argument: Some(argument.to_owned()),
            problem: Problem::Invalid(problem.to_string()),
        }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(argument) = &self.argument else {
            return match &self.problem {
                Problem::Invalid(problem) => write!(f, "the arguments do not read: {problem}"),
                // serde names the field of these two: never without one.
                Problem::Missing | Problem::Unknown(_) => f.write_str("the arguments do not read"),
            };
        };
        match &self.problem {
            Problem::Invalid(problem) => write!(f, "`{argument}`: {problem}"),
            Problem::Missing => write!(f, "`{argument}` is missing"),
            Problem::Unknown([]) => write!(f, "`{argument}` is not an argument: it takes none"),
            Problem::Unknown(expected) => {
                let expected: Vec<String> =
                    expected.iter().map(|name| format!("`{name}`")).collect();
                write!(
                    f,
                    "`{argument}` is not an argument; the arguments are {}",
                    expected.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

impl de::Error for ArgumentError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Self {
            argument: None,
            problem: Problem::Invalid(message.to_string()),
        }
    }

    fn missing_field(field: &'static str) -> Self {
        Self {
            argument: Some(field.to_owned()),
            problem: Problem::Missing,
        }
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Self {
            argument: Some(field.to_owned()),
            problem: Problem::Unknown(expected),
        }
    }
}

/// The arguments object, deserialized as a map whatever the type asks for: a struct, a map,
/// or (wrapped) a newtype or an `Option` of one.
struct Arguments(Map<String, Value>);

impl<'de> de::Deserializer<'de> for Arguments {
    type Error = ArgumentError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ArgumentError> {
        visitor.visit_map(Entries {
            entries: self.0.into_iter(),
            pending: None,
        })
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ArgumentError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ArgumentError> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// The arguments one by one, each value read knowing its name.
struct Entries {
    entries: serde_json::map::IntoIter,
    pending: Option<(String, Value)>,
}

impl<'de> MapAccess<'de> for Entries {
    type Error = ArgumentError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ArgumentError> {
        let Some((name, value)) = self.entries.next() else {
            return Ok(None);
        };
        // Read with our error type, so that an unknown one is named as such.
        let key = seed.deserialize(IntoDeserializer::<ArgumentError>::into_deserializer(
            name.clone(),
        ))?;
        self.pending = Some((name, value));
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, ArgumentError> {
        // serde calls this once after each key; a second call is a bug of the visitor's.
        let (name, value) = self
            .pending
            .take()
            .ok_or_else(|| ArgumentError::custom("a value was read before its name"))?;
        seed.deserialize(value)
            .map_err(|error| ArgumentError::at(&name, error))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// The JSON schema of `A`'s arguments as rmcp's `#[tool]` writes it (JSON Schema 2020-12,
/// without the root's `title` and `description`, which are the type's name and doc comment,
/// noise to a model); `()`'s is an object without properties.
///
/// # Panics
/// When `A`'s schema is not an object's (a tool's arguments are a JSON object): a mistake of
/// the server's, found when the router is built.
pub(super) fn input_schema<A: JsonSchema + 'static>(what: &str) -> ToolInputSchema {
    let mut schema = schema_of::<A>();
    schema.remove("title");
    schema.remove("description");
    let type_ = schema.get("type").cloned();
    serde_json::from_value(Value::Object(schema)).unwrap_or_else(|_| {
        panic!(
            "the arguments of {what} must be read into a struct or a map (their JSON schema must have \"type\": \"object\"), not one whose schema has \"type\": {}",
            type_.map_or_else(|| "none".to_owned(), |type_| type_.to_string())
        )
    })
}

/// The arguments a prompt lists, one per property of `A`'s schema, in order: its name, its
/// title and description from the schema, whether it is required.
pub(super) fn prompt_arguments<A: JsonSchema + 'static>() -> Vec<PromptArgument> {
    let schema = schema_of::<A>();
    let required = |name: &str| {
        schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|required| required.iter().any(|each| each == name))
    };
    let text =
        |property: &Value, key: &str| property.get(key).and_then(Value::as_str).map(str::to_owned);
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    properties
        .iter()
        .map(|(name, property)| PromptArgument {
            description: text(property, "description"),
            name: name.clone(),
            required: Some(required(name)),
            title: text(property, "title"),
        })
        .collect()
}

fn schema_of<A: JsonSchema + 'static>() -> Map<String, Value> {
    if TypeId::of::<A>() == TypeId::of::<()>() {
        let mut empty = Map::new();
        empty.insert("type".to_owned(), json!("object"));
        empty.insert("properties".to_owned(), json!({}));
        return empty;
    }
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<A>();
    match Value::from(schema) {
        Value::Object(schema) => schema,
        // `true` or `false`, the schemas of anything and of nothing: not an object's.
        other => {
            let mut schema = Map::new();
            schema.insert("type".to_owned(), json!(other.to_string()));
            schema
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct Trip {
        /// The day to travel
        date: String,
        travellers: Option<u8>,
        #[serde(default)]
        extras: Vec<String>,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Strict {
        date: String,
    }

    fn arguments(value: &Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    fn error<A: DeserializeOwned + std::fmt::Debug + 'static>(value: &Value) -> String {
        read::<A>(arguments(value)).unwrap_err().to_string()
    }

    #[test]
    fn each_error_names_the_argument() {
        assert_eq!(error::<Trip>(&json!({})), "`date` is missing");
        assert_eq!(
            error::<Trip>(&json!({"date": 5})),
            "`date`: invalid type: integer `5`, expected a string"
        );
        assert_eq!(
            error::<Trip>(&json!({"date": "x", "travellers": 300})),
            "`travellers`: invalid value: integer `300`, expected u8"
        );
        assert_eq!(
            error::<Trip>(&json!({"date": "x", "extras": [1]})),
            "`extras`: invalid type: integer `1`, expected a string"
        );
        assert_eq!(
            error::<Strict>(&json!({"date": "x", "day": "y"})),
            "`day` is not an argument; the arguments are `date`"
        );
        let rpc = read::<Trip>(Map::new())
            .unwrap_err()
            .to_rpc_error("tool `book`");
        assert_eq!(
            (rpc.code, rpc.message.as_str(), rpc.data),
            (
                -32602,
                "tool `book`: `date` is missing",
                Some(json!({"argument": "date"}))
            )
        );
    }

    #[test]
    fn what_fits_reads_and_what_is_not_declared_is_ignored() {
        let trip: Trip = read(arguments(
            &json!({"date": "x", "travellers": 2, "other": 1}),
        ))
        .unwrap();
        assert_eq!((trip.date.as_str(), trip.travellers), ("x", Some(2)));
        let all: BTreeMap<String, Value> = read(arguments(&json!({"a": 1}))).unwrap();
        assert_eq!(all["a"], 1);
        read::<()>(arguments(&json!({"a": 1}))).unwrap();
    }

    #[test]
    fn the_schema_is_rmcps() {
        let schema = serde_json::to_string(&input_schema::<Strict>("tool `t`")).unwrap();
        assert_eq!(
            schema,
            r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"properties":{"date":{"type":"string"}},"required":["date"]}"#
        );
        let none = serde_json::to_string(&input_schema::<()>("tool `t`")).unwrap();
        assert_eq!(none, r#"{"type":"object","properties":{}}"#);
    }

    #[test]
    #[should_panic(expected = "the arguments of tool `t` must be read into a struct or a map")]
    fn arguments_that_are_not_an_object_are_refused_when_declared() {
        input_schema::<u8>("tool `t`");
    }

    #[test]
    fn a_prompt_lists_its_arguments_in_order() {
        let listed = prompt_arguments::<Trip>();
        let names: Vec<(&str, Option<bool>)> = listed
            .iter()
            .map(|argument| (argument.name.as_str(), argument.required))
            .collect();
        assert_eq!(
            names,
            [
                ("date", Some(true)),
                ("travellers", Some(false)),
                ("extras", Some(false))
            ]
        );
        assert_eq!(listed[0].description.as_deref(), Some("The day to travel"));
        assert!(prompt_arguments::<()>().is_empty());
    }
}
