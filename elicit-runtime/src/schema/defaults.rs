//! Defaults on the client side (SEP-1034): pre-filling an answer from the schema.

use serde_json::{Map, Value};

use crate::schema::{PropertySchema, RequestedSchema};

impl RequestedSchema {
    /// Fills every property that is absent from `content` and has a `default` with that
    /// default, in property order. Present keys, including an explicit `null` (a field the
    /// user cleared), are left alone; keys the schema does not name are kept.
    ///
    /// A client can pre-fill its form with this before showing it, or complete an answer
    /// before sending it; [`validate`](Self::validate) then checks the result.
    ///
    /// ```
    /// use elicit_core::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "name": {"type": "string"},
    ///         "newsletter": {"type": "boolean", "default": false},
    ///         "colors": {"type": "array", "items": {"type": "string", "enum": ["Red", "Green"]}, "default": ["Red"]}
    ///     },
    ///     "required": ["name"]
    /// })).unwrap();
    ///
    /// let mut content = json!({"name": "Ada", "colors": ["Green"]}).as_object().unwrap().clone();
    /// schema.apply_defaults(&mut content);
    /// assert_eq!(serde_json::Value::Object(content.clone()), json!({"name": "Ada", "newsletter": false, "colors": ["Green"]}));
    /// assert!(schema.validate(&content).is_ok());
    /// ```
    pub fn apply_defaults(&self, content: &mut Map<String, Value>) {
        for (name, property) in &self.properties {
            if content.contains_key(name) {
                continue;
            }
            if let Some(default) = property.default_value() {
                content.insert(name.clone(), default);
            }
        }
    }
}

impl PropertySchema {
    /// The property's `default` as the JSON value a client would send, if it has one.
    ///
    /// ```
    /// use elicit_core::schema::{NumberSchema, PropertySchema};
    ///
    /// let schema = PropertySchema::Number(NumberSchema { default: Some(50.into()), ..Default::default() });
    /// assert_eq!(schema.default_value(), Some(serde_json::json!(50)));
    /// ```
    pub fn default_value(&self) -> Option<Value> {
        match self {
            Self::String(s) => s.default.clone().map(Value::String),
            Self::Number(s) => s.default.clone().map(Value::Number),
            Self::Boolean(s) => s.default.map(Value::Bool),
            Self::UntitledSingleSelect(s) => s.default.clone().map(Value::String),
            Self::TitledSingleSelect(s) => s.default.clone().map(Value::String),
            Self::LegacyTitledEnum(s) => s.default.clone().map(Value::String),
            Self::UntitledMultiSelect(s) => s.default.as_ref().map(|d| strings(d)),
            Self::TitledMultiSelect(s) => s.default.as_ref().map(|d| strings(d)),
        }
    }

    /// Sets the property's `default` to `value` when `value` is of the property's kind (a
    /// string for a string or a single select, a number, a boolean, an array of strings for
    /// a multi-select); whether it did. Nothing is checked against the constraints: see
    /// [`check`](Self::check).
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema};
    /// use serde_json::json;
    ///
    /// let mut schema = PropertySchema::Boolean(BooleanSchema::default());
    /// assert!(!schema.set_default_value(&json!("yes")));
    /// assert!(schema.set_default_value(&json!(true)));
    /// assert_eq!(schema.default_value(), Some(json!(true)));
    /// ```
    pub fn set_default_value(&mut self, value: &Value) -> bool {
        let text = || value.as_str().map(str::to_owned);
        let texts = || {
            value.as_array().and_then(|items| {
                items
                    .iter()
                    .map(|item| item.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
            })
        };
        let set = match self {
            Self::String(s) => text().map(|text| s.default = Some(text)),
            Self::UntitledSingleSelect(s) => text().map(|text| s.default = Some(text)),
            Self::TitledSingleSelect(s) => text().map(|text| s.default = Some(text)),
            Self::LegacyTitledEnum(s) => text().map(|text| s.default = Some(text)),
            Self::Number(s) => value
                .as_number()
                .map(|number| s.default = Some(number.clone())),
            Self::Boolean(s) => value.as_bool().map(|flag| s.default = Some(flag)),
            Self::UntitledMultiSelect(s) => texts().map(|texts| s.default = Some(texts)),
            Self::TitledMultiSelect(s) => texts().map(|texts| s.default = Some(texts)),
        };
        set.is_some()
    }

    /// Removes the property's `default`.
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema};
    ///
    /// let mut schema = PropertySchema::Boolean(BooleanSchema { default: Some(true), ..Default::default() });
    /// schema.clear_default();
    /// assert_eq!(schema.default_value(), None);
    /// ```
    pub fn clear_default(&mut self) {
        match self {
            Self::String(s) => s.default = None,
            Self::Number(s) => s.default = None,
            Self::Boolean(s) => s.default = None,
            Self::UntitledSingleSelect(s) => s.default = None,
            Self::TitledSingleSelect(s) => s.default = None,
            Self::LegacyTitledEnum(s) => s.default = None,
            Self::UntitledMultiSelect(s) => s.default = None,
            Self::TitledMultiSelect(s) => s.default = None,
        }
    }
}

fn strings(values: &[String]) -> Value {
    Value::Array(values.iter().cloned().map(Value::String).collect())
}
