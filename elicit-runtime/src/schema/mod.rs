//! The typed model of `requestedSchema`: the flat object schema MCP allows, and the eight
//! kinds of property schema under it (`PrimitiveSchemaDefinition` in the spec).
//!
//! Each type serializes to exactly the JSON the spec defines and deserializes from any schema
//! a server may send, so the same model serves servers (which emit it) and clients (which
//! check answers against it with [`RequestedSchema::validate`]).
//!
//! - [`RequestedSchema`]: the form, `{"type":"object","properties":{…},"required":[…]}`,
//!   properties in declaration order. What [`Elicit::requested_schema`](crate::Elicit)
//!   returns; [`validate`](RequestedSchema::validate) checks an answer without a Rust type,
//!   [`apply_defaults`](RequestedSchema::apply_defaults) pre-fills one (SEP-1034).
//! - [`PropertySchema`]: one property, one of [`StringSchema`] (with a [`StringFormat`] and a
//!   [`Pattern`]), [`NumberSchema`] (a [`NumberKind`]), [`BooleanSchema`], the single selects
//!   [`UntitledSingleSelectSchema`], [`TitledSingleSelectSchema`] and
//!   [`LegacyTitledEnumSchema`] (2025-06-18's `enumNames`), and the multi-selects
//!   [`UntitledMultiSelectSchema`] and [`TitledMultiSelectSchema`]. A titled option is an
//!   [`SelectOption`].
//! - [`Pattern`]: a string `pattern`, checked to be ECMA-262 that JavaScript clients read
//!   the same way, and matched in linear time; [`PatternError`] says why one is refused (the
//!   rules are in the guide: [patterns](crate::guide::attributes#patterns)).
//!
//! A field type of your own returns a [`PropertySchema`] from
//! [`ElicitField::field_schema`](crate::ElicitField::field_schema) (see
//! [field types of your own](crate::guide::types#field-types-of-your-own)).
//!
//! ```
//! use elicit_core::schema::{
//!     NumberKind, NumberSchema, PropertySchema, RequestedSchema, StringFormat, StringSchema,
//! };
//! use serde_json::json;
//!
//! let mut schema = RequestedSchema::new();
//! schema.push(
//!     "email",
//!     PropertySchema::String(StringSchema {
//!         format: Some(StringFormat::Email),
//!         ..StringSchema::default()
//!     }),
//!     true,
//! );
//! schema.push(
//!     "seats",
//!     PropertySchema::Number(NumberSchema {
//!         kind: NumberKind::Integer,
//!         minimum: Some(1.into()),
//!         ..NumberSchema::default()
//!     }),
//!     false,
//! );
//! assert_eq!(serde_json::to_value(&schema).unwrap(), json!({
//!     "type": "object",
//!     "properties": {
//!         "email": {"type": "string", "format": "email"},
//!         "seats": {"type": "integer", "minimum": 1}
//!     },
//!     "required": ["email"]
//! }));
//!
//! // A client checks an answer against a schema it was sent, with no Rust type behind it.
//! let sent: RequestedSchema = serde_json::from_value(serde_json::to_value(&schema).unwrap()).unwrap();
//! let answer = json!({"email": "ada@example.com", "seats": 0});
//! let error = sent.validate(answer.as_object().unwrap()).unwrap_err();
//! assert_eq!(error.to_string(), "`seats`: must be at least 1, got 0");
//! ```

mod check;
mod defaults;
pub(crate) mod facts;
mod number;
mod options;
mod pattern;
mod read;
mod shared;
mod validate;

pub(crate) use self::check::{check_converted, check_float, check_integer, check_text};
pub(crate) use self::number::{as_f32_value, compare, exact_f64};
pub(crate) use self::options::{Seen, check_item_count};
mod wire;

pub(crate) use self::shared::SharedSchema;

use std::fmt;

use serde_json::{Number, Value};

pub use self::pattern::{Pattern, PatternError};
/// The `format`s a string property may carry: the one list of them, which the derive reads
/// too (`format = "…"`), kept with their grammars in `elicit-grammar`.
///
/// ```
/// use elicit_core::schema::StringFormat;
///
/// assert_eq!(serde_json::to_value(StringFormat::DateTime).unwrap(), "date-time");
/// assert_eq!(StringFormat::parse("uri"), Some(StringFormat::Uri));
/// assert_eq!(StringFormat::Email.describe(), "e-mail address");
/// ```
pub use elicit_grammar::format::Format as StringFormat;

/// The `requestedSchema` of a form: `{"type":"object","properties":{…},"required":[…]}`.
///
/// Properties keep their declaration order, on the wire too. `required` is omitted when
/// empty. A derived form never has a root `title`, `$defs`, `$ref` or `additionalProperties`.
///
/// # Reading a schema someone else wrote
///
/// A client deserializes whatever `requestedSchema` a server sends. Every schema the MCP
/// specification's `schema.json` accepts (in any revision) is read; what this crate cannot
/// apply is listed by [`unchecked`](Self::unchecked) rather than refusing the form, and kept in
/// [`extras`](Self::extras) so that writing the schema back (a client forwarding it) gives what
/// was read. Keywords a strict server enforces are enforced by [`validate`](Self::validate):
/// root `"additionalProperties": false` ([`closed`](Self::closed)), `exclusiveMinimum`,
/// `exclusiveMaximum` and `multipleOf` (on [`NumberSchema`]), `const`, and `enum` on a property
/// that is not a string select ([`PropertyExtras`]). A schema the specification does not allow
/// (a nested object, a `$ref` in place of a property, a `type` array) is refused, the message
/// naming the property.
///
/// ```
/// use elicit_core::schema::RequestedSchema;
/// use serde_json::json;
///
/// let sent = json!({
///     "type": "object",
///     "properties": {
///         "age": {"type": "integer", "format": "int32", "exclusiveMinimum": 0},
///         "code": {"type": "string", "pattern": "^(?=.*[0-9])[a-z0-9]+$"}
///     },
///     "additionalProperties": false
/// });
/// let schema: RequestedSchema = serde_json::from_value(sent.clone()).unwrap();
/// let unchecked: Vec<String> = schema.unchecked().iter().map(ToString::to_string).collect();
/// assert_eq!(unchecked.len(), 2);
/// assert!(unchecked[0].starts_with("`age`: `format` is not checked"));
/// assert!(unchecked[1].starts_with("`code`: `pattern` is not checked"));
/// // Written back as it was read.
/// assert_eq!(serde_json::to_value(&schema).unwrap(), sent);
/// // What is enforced, is.
/// let error = schema.validate(json!({"age": 0, "other": 1}).as_object().unwrap()).unwrap_err();
/// assert_eq!(error.to_string(), "`age`: must be greater than 0, got 0\n`other`: is not a field of this form");
/// ```
///
/// ```
/// use elicit_core::schema::{PropertySchema, RequestedSchema, StringSchema};
///
/// let mut schema = RequestedSchema::new();
/// schema.push("name", PropertySchema::String(StringSchema::default()), true);
/// assert_eq!(
///     serde_json::to_string(&schema).unwrap(),
///     r#"{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}"#,
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RequestedSchema {
    /// The properties, in declaration order.
    pub properties: Vec<(String, PropertySchema)>,
    /// The wire names of the required properties.
    pub required: Vec<String>,
    /// The optional `$schema` key a server may send (derived forms never set it).
    pub schema_uri: Option<String>,
    /// Root `"additionalProperties": false`: an answer may hold no key that is not a
    /// property. [`validate`](Self::validate) refuses one as
    /// [`UnknownField`](crate::FieldErrorKind::UnknownField). Derived forms never set it.
    pub closed: bool,
    /// What a schema read from JSON carries beyond this model; empty in a derived form.
    pub extras: Extras,
}

impl RequestedSchema {
    /// An empty form.
    ///
    /// ```
    /// let schema = elicit_core::schema::RequestedSchema::new();
    /// assert!(schema.properties.is_empty() && schema.required.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a property; `required` adds its name to `required`.
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema, RequestedSchema};
    ///
    /// let mut schema = RequestedSchema::new();
    /// schema.push("agree", PropertySchema::Boolean(BooleanSchema::default()), true);
    /// assert_eq!(schema.required, ["agree"]);
    /// ```
    pub fn push(&mut self, name: impl Into<String>, schema: PropertySchema, required: bool) {
        let name = name.into();
        if required {
            self.required.push(name.clone());
        }
        self.properties.push((name, schema));
    }

    /// The schema of the property with this wire name.
    ///
    /// ```
    /// # use elicit_core::schema::{PropertySchema, RequestedSchema, BooleanSchema};
    /// let mut schema = RequestedSchema::new();
    /// schema.push("ok", PropertySchema::Boolean(BooleanSchema::default()), false);
    /// assert!(schema.property("ok").is_some());
    /// ```
    pub fn property(&self, name: &str) -> Option<&PropertySchema> {
        self.properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, schema)| schema)
    }

    /// The properties an error is about ([`FieldError::property`](crate::FieldError)),
    /// each once, in this schema's order.
    #[cfg_attr(not(feature = "state"), allow(dead_code))]
    pub(crate) fn properties_in(&self, error: &crate::error::ContentError) -> Vec<&str> {
        let names = self.names();
        let about: Vec<&str> = error
            .errors()
            .iter()
            .filter_map(|error| error.property(&names))
            .collect();
        names
            .iter()
            .copied()
            .filter(|name| about.contains(name))
            .collect()
    }

    /// The wire names of the properties, in declaration order.
    pub(crate) fn names(&self) -> Vec<&str> {
        self.properties
            .iter()
            .map(|(name, _)| name.as_str())
            .collect()
    }

    /// Whether the property with this wire name is in `required`.
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema, RequestedSchema};
    ///
    /// let mut schema = RequestedSchema::new();
    /// schema.push("agree", PropertySchema::Boolean(BooleanSchema::default()), false);
    /// assert!(!schema.is_required("agree"));
    /// ```
    pub fn is_required(&self, name: &str) -> bool {
        self.required.iter().any(|key| key == name)
    }

    /// The keywords of a schema read from JSON that this crate reads but does not apply:
    /// constraints [`validate`](Self::validate) does not check, and display hints it cannot
    /// use (mismatched `enumNames`, a `default` of the wrong type). Root keywords come first,
    /// then each property's in property order. Always empty for a derived form.
    ///
    /// ```
    /// use elicit_core::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {"n": {"type": "number", "format": "double"}}
    /// })).unwrap();
    /// let unchecked = &schema.unchecked()[0];
    /// assert_eq!((unchecked.property.as_deref(), unchecked.keyword.as_str()), (Some("n"), "format"));
    /// ```
    pub fn unchecked(&self) -> &[Unchecked] {
        &self.extras.unchecked
    }

    /// What the property with this wire name carries beyond its typed schema, if anything.
    ///
    /// ```
    /// use elicit_core::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema: RequestedSchema = serde_json::from_value(json!({
    ///     "type": "object",
    ///     "properties": {"agree": {"type": "boolean", "const": true}}
    /// })).unwrap();
    /// assert_eq!(schema.property_extras("agree").unwrap().constant, Some(json!(true)));
    /// ```
    pub fn property_extras(&self, name: &str) -> Option<&PropertyExtras> {
        self.extras
            .properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, extras)| extras)
    }
}

/// What a `requestedSchema` read from JSON carries beyond the typed model: the keywords it
/// has no field for, kept verbatim so that the schema is written back as it was read, and the
/// list of those this crate does not apply. Empty ([`Default`]) in a derived form.
///
/// ```
/// use elicit_core::schema::RequestedSchema;
/// use serde_json::json;
///
/// let schema: RequestedSchema = serde_json::from_value(json!({
///     "type": "object",
///     "title": "Sign up",
///     "properties": {"age": {"type": "integer", "format": "int32"}}
/// })).unwrap();
/// assert_eq!(schema.extras.root, [("title".to_owned(), json!("Sign up"))]);
/// assert_eq!(schema.extras.properties[0].0, "age");
/// assert_eq!(schema.extras.unchecked[0].keyword, "format");
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct Extras {
    /// Keywords of the form itself (`title`, `$defs`, `allOf`, …), in document order.
    pub root: Vec<(String, Value)>,
    /// The properties that carry something beyond their typed schema, by wire name, in
    /// property order.
    pub properties: Vec<(String, PropertyExtras)>,
    /// The keywords read but not applied: see [`RequestedSchema::unchecked`].
    pub unchecked: Vec<Unchecked>,
}

impl Extras {
    /// Whether there is nothing beyond the typed model.
    ///
    /// ```
    /// assert!(elicit_core::schema::Extras::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.root.is_empty() && self.properties.is_empty() && self.unchecked.is_empty()
    }
}

/// What one property read from JSON carries beyond its typed [`PropertySchema`].
///
/// `keywords` holds, verbatim and in document order, every keyword the typed schema does not
/// write back exactly as it was read: keywords it has no field for (`const`, `format` on a
/// number, a `pattern` this crate refuses, `x-…` annotations), and ones it normalized (an
/// `enum` with non-string members, of which a string select keeps the strings; `minLength`
/// written `2.0`). Written back, a keyword here replaces the typed schema's own, after the
/// typed keywords.
///
/// ```
/// use elicit_core::schema::RequestedSchema;
/// use serde_json::json;
///
/// let schema: RequestedSchema = serde_json::from_value(json!({
///     "type": "object",
///     "properties": {"plan": {"type": "string", "const": "pro", "x-ui": "hidden"}}
/// })).unwrap();
/// let extras = schema.property_extras("plan").unwrap();
/// assert_eq!(extras.constant, Some(json!("pro")));
/// assert!(extras.keywords.iter().any(|(key, _)| key == "x-ui"));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct PropertyExtras {
    /// `const`: the one value the answer may take, enforced by
    /// [`RequestedSchema::validate`] (numbers compare by value: `1` equals `1.0`).
    pub constant: Option<Value>,
    /// `enum` on a property that is not a string select (a number, a boolean, a
    /// multi-select): the values the answer may take, enforced like `constant`.
    pub allowed: Option<Vec<Value>>,
    /// The keywords kept verbatim, in document order.
    pub keywords: Vec<(String, Value)>,
}

/// A keyword of a schema read from JSON that this crate reads but does not apply, with why:
/// see [`RequestedSchema::unchecked`].
///
/// Not part of the schema's JSON: the keyword itself is kept in [`Extras`] and written back,
/// and reading the schema again lists it again. It serializes on its own, for a client that
/// reports what it could not check.
///
/// ```
/// use elicit_core::schema::RequestedSchema;
/// use serde_json::json;
///
/// let schema: RequestedSchema = serde_json::from_value(json!({
///     "type": "object",
///     "properties": {"name": {"type": "string", "pattern": "^\\p{L}+$"}}
/// })).unwrap();
/// let unchecked = &schema.unchecked()[0];
/// assert_eq!(serde_json::to_value(unchecked).unwrap()["keyword"], "pattern");
/// assert!(unchecked.to_string().starts_with("`name`: `pattern` is not checked: invalid pattern"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unchecked {
    /// The property's wire name; `None` for a keyword of the form itself.
    pub property: Option<String>,
    /// The keyword as written: `"format"`, `"pattern"`; `"items.minLength"` inside a
    /// multi-select's `items`.
    pub keyword: String,
    /// Why it is not applied, in words.
    pub reason: String,
}

impl fmt::Display for Unchecked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.property {
            Some(property) => write!(f, "`{property}`: ")?,
            None => f.write_str("the form: ")?,
        }
        write!(f, "`{}` is not checked: {}", self.keyword, self.reason)
    }
}

/// One property of a form: the spec's `PrimitiveSchemaDefinition`.
///
/// ```
/// use elicit_core::schema::PropertySchema;
///
/// let schema: PropertySchema =
///     serde_json::from_value(serde_json::json!({"type": "string", "enum": ["a", "b"]})).unwrap();
/// assert!(matches!(schema, PropertySchema::UntitledSingleSelect(_)));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum PropertySchema {
    /// `{"type":"string", …}`
    String(StringSchema),
    /// `{"type":"integer" | "number", …}`
    Number(NumberSchema),
    /// `{"type":"boolean", …}`
    Boolean(BooleanSchema),
    /// `{"type":"string","enum":[…]}`
    UntitledSingleSelect(UntitledSingleSelectSchema),
    /// `{"type":"string","oneOf":[{"const":…,"title":…},…]}`
    TitledSingleSelect(TitledSingleSelectSchema),
    /// `{"type":"string","enum":[…],"enumNames":[…]}`, the 2025-06-18 form.
    LegacyTitledEnum(LegacyTitledEnumSchema),
    /// `{"type":"array","items":{"type":"string","enum":[…]}}`
    UntitledMultiSelect(UntitledMultiSelectSchema),
    /// `{"type":"array","items":{"anyOf":[{"const":…,"title":…},…]}}`
    TitledMultiSelect(TitledMultiSelectSchema),
}

impl PropertySchema {
    /// The property's `title`.
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema};
    ///
    /// let mut schema = PropertySchema::Boolean(BooleanSchema::default());
    /// schema.set_title("Agree");
    /// assert_eq!(schema.title(), Some("Agree"));
    /// ```
    pub fn title(&self) -> Option<&str> {
        self.common().0.as_deref()
    }

    /// The property's `description`.
    ///
    /// ```
    /// use elicit_core::schema::{BooleanSchema, PropertySchema};
    ///
    /// let mut schema = PropertySchema::Boolean(BooleanSchema::default());
    /// schema.set_description("Agree");
    /// assert_eq!(schema.description(), Some("Agree"));
    /// ```
    pub fn description(&self) -> Option<&str> {
        self.common().1.as_deref()
    }

    /// Sets the `title`.
    ///
    /// ```
    /// use elicit_core::schema::{PropertySchema, StringSchema};
    ///
    /// let mut schema = PropertySchema::String(StringSchema::default());
    /// schema.set_title("Your name");
    /// assert_eq!(schema.title(), Some("Your name"));
    /// ```
    pub fn set_title(&mut self, title: impl Into<String>) {
        *self.common_mut().0 = Some(title.into());
    }

    /// Sets the `description`.
    ///
    /// ```
    /// use elicit_core::schema::{PropertySchema, StringSchema};
    ///
    /// let mut schema = PropertySchema::String(StringSchema::default());
    /// schema.set_description("Your name");
    /// assert_eq!(schema.description(), Some("Your name"));
    /// ```
    pub fn set_description(&mut self, description: impl Into<String>) {
        *self.common_mut().1 = Some(description.into());
    }

    /// The option values (`const`s) of a select, in order; empty for other kinds.
    ///
    /// ```
    /// # use elicit_core::schema::{PropertySchema, UntitledSingleSelectSchema};
    /// let schema = PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
    ///     options: vec!["red".into(), "blue".into()],
    ///     ..Default::default()
    /// });
    /// assert_eq!(schema.option_values().collect::<Vec<_>>(), ["red", "blue"]);
    /// ```
    pub fn option_values(&self) -> impl Iterator<Item = &str> + '_ {
        // Plain values or titled options, never both: one of the two slices is empty. No
        // allocation (a boxed iterator cost one on every call, and a form's builder and its
        // checks ask for the options of each select).
        let (plain, titled): (&[String], &[SelectOption]) = match self {
            Self::UntitledSingleSelect(s) => (&s.options, &[]),
            Self::LegacyTitledEnum(s) => (&s.options, &[]),
            Self::UntitledMultiSelect(s) => (&s.options, &[]),
            Self::TitledSingleSelect(s) => (&[], &s.options),
            Self::TitledMultiSelect(s) => (&[], &s.options),
            Self::String(_) | Self::Number(_) | Self::Boolean(_) => (&[], &[]),
        };
        plain
            .iter()
            .map(String::as_str)
            .chain(titled.iter().map(|option| option.value.as_str()))
    }

    fn common(&self) -> (&Option<String>, &Option<String>) {
        match self {
            Self::String(s) => (&s.title, &s.description),
            Self::Number(s) => (&s.title, &s.description),
            Self::Boolean(s) => (&s.title, &s.description),
            Self::UntitledSingleSelect(s) => (&s.title, &s.description),
            Self::TitledSingleSelect(s) => (&s.title, &s.description),
            Self::LegacyTitledEnum(s) => (&s.title, &s.description),
            Self::UntitledMultiSelect(s) => (&s.title, &s.description),
            Self::TitledMultiSelect(s) => (&s.title, &s.description),
        }
    }

    fn common_mut(&mut self) -> (&mut Option<String>, &mut Option<String>) {
        match self {
            Self::String(s) => (&mut s.title, &mut s.description),
            Self::Number(s) => (&mut s.title, &mut s.description),
            Self::Boolean(s) => (&mut s.title, &mut s.description),
            Self::UntitledSingleSelect(s) => (&mut s.title, &mut s.description),
            Self::TitledSingleSelect(s) => (&mut s.title, &mut s.description),
            Self::LegacyTitledEnum(s) => (&mut s.title, &mut s.description),
            Self::UntitledMultiSelect(s) => (&mut s.title, &mut s.description),
            Self::TitledMultiSelect(s) => (&mut s.title, &mut s.description),
        }
    }
}

/// `{"type":"string", …}`
///
/// ```
/// use elicit_core::schema::{StringFormat, StringSchema};
///
/// let schema = StringSchema { format: Some(StringFormat::Email), ..Default::default() };
/// assert_eq!(
///     serde_json::to_value(&schema).unwrap(),
///     serde_json::json!({"type": "string", "format": "email"}),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StringSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `minLength`, in Unicode scalar values.
    pub min_length: Option<u64>,
    /// `maxLength`, in Unicode scalar values.
    pub max_length: Option<u64>,
    /// `pattern` (unanchored, like JSON Schema's).
    pub pattern: Option<Pattern>,
    /// `format`
    pub format: Option<StringFormat>,
    /// `default`
    pub default: Option<String>,
}

/// Whether a number property takes any number or only integers.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::schema::{NumberKind, PropertySchema};
///
/// #[derive(Elicit)]
/// struct Order { count: u8 }
/// let (_, property) = &Order::requested_schema().properties[0];
/// assert!(matches!(property, PropertySchema::Number(n) if n.kind == NumberKind::Integer));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NumberKind {
    /// `"type":"integer"`
    Integer,
    /// `"type":"number"`
    #[default]
    Number,
}

/// `{"type":"integer" | "number", …}`. Bounds and default keep their exact JSON value, so
/// `u64::MAX` is `18446744073709551615`, not a rounded float.
///
/// ```
/// use elicit_core::schema::{NumberKind, NumberSchema};
///
/// let schema = NumberSchema { kind: NumberKind::Integer, minimum: Some(1.into()), ..Default::default() };
/// assert_eq!(
///     serde_json::to_value(&schema).unwrap(),
///     serde_json::json!({"type": "integer", "minimum": 1}),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NumberSchema {
    /// `type`: `integer` or `number`.
    pub kind: NumberKind,
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `minimum` (inclusive)
    pub minimum: Option<Number>,
    /// `maximum` (inclusive)
    pub maximum: Option<Number>,
    /// `exclusiveMinimum`: the value must be greater. Derived schemas never set it.
    pub exclusive_minimum: Option<Number>,
    /// `exclusiveMaximum`: the value must be smaller. Derived schemas never set it.
    pub exclusive_maximum: Option<Number>,
    /// `multipleOf` (greater than 0): the value divided by it must be a whole number,
    /// computed in `f64` as JSON Schema validators do. Derived schemas never set it.
    pub multiple_of: Option<Number>,
    /// `default`
    pub default: Option<Number>,
}

/// `{"type":"boolean", …}`
///
/// ```
/// use elicit_core::schema::BooleanSchema;
///
/// let schema = BooleanSchema { default: Some(true), ..Default::default() };
/// assert_eq!(
///     serde_json::to_value(&schema).unwrap(),
///     serde_json::json!({"type": "boolean", "default": true}),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BooleanSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `default`
    pub default: Option<bool>,
}

/// One option of a titled select: `{"const":"…","title":"…"}`.
///
/// ```
/// use elicit_core::schema::SelectOption;
///
/// let option = SelectOption::new("hero-1", "Superman");
/// assert_eq!(
///     serde_json::to_value(&option).unwrap(),
///     serde_json::json!({"const": "hero-1", "title": "Superman"}),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectOption {
    /// `const`: the value the client sends back.
    pub value: String,
    /// `title`: what the user sees.
    pub title: String,
}

impl SelectOption {
    /// An option with this value and title.
    ///
    /// ```
    /// let option = elicit_core::schema::SelectOption::new("red", "Red");
    /// assert_eq!((option.value.as_str(), option.title.as_str()), ("red", "Red"));
    /// ```
    pub fn new(value: impl Into<String>, title: impl Into<String>) -> Self {
        Self {
            value: value.into(),
            title: title.into(),
        }
    }
}

/// `{"type":"string","enum":[…]}`: choose one, no titles.
///
/// ```
/// use elicit_core::schema::UntitledSingleSelectSchema;
///
/// let json = serde_json::json!({"type": "string", "enum": ["a", "b"]});
/// let schema: UntitledSingleSelectSchema = serde_json::from_value(json.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&schema).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UntitledSingleSelectSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `enum`
    pub options: Vec<String>,
    /// `default`
    pub default: Option<String>,
}

/// `{"type":"string","oneOf":[{"const":…,"title":…},…]}`: choose one, with titles.
///
/// ```
/// use elicit_core::schema::TitledSingleSelectSchema;
///
/// let json = serde_json::json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]});
/// let schema: TitledSingleSelectSchema = serde_json::from_value(json.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&schema).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TitledSingleSelectSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `oneOf`
    pub options: Vec<SelectOption>,
    /// `default`
    pub default: Option<String>,
}

/// `{"type":"string","enum":[…],"enumNames":[…]}`: the 2025-06-18 titled single select.
///
/// ```
/// use elicit_core::schema::LegacyTitledEnumSchema;
///
/// let json = serde_json::json!({"type": "string", "enum": ["a"], "enumNames": ["A"]});
/// let schema: LegacyTitledEnumSchema = serde_json::from_value(json.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&schema).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LegacyTitledEnumSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `enum`
    pub options: Vec<String>,
    /// `enumNames`, one per option.
    pub option_names: Vec<String>,
    /// `default`
    pub default: Option<String>,
}

/// `{"type":"array","items":{"type":"string","enum":[…]}}`: choose several, no titles.
///
/// ```
/// use elicit_core::schema::UntitledMultiSelectSchema;
///
/// let json = serde_json::json!({"type": "array", "items": {"type": "string", "enum": ["a"]}});
/// let schema: UntitledMultiSelectSchema = serde_json::from_value(json.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&schema).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UntitledMultiSelectSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `items.enum`
    pub options: Vec<String>,
    /// `minItems`
    pub min_items: Option<u64>,
    /// `maxItems`
    pub max_items: Option<u64>,
    /// `default`
    pub default: Option<Vec<String>>,
}

/// `{"type":"array","items":{"anyOf":[{"const":…,"title":…},…]}}`: choose several, with titles.
///
/// ```
/// use elicit_core::schema::TitledMultiSelectSchema;
///
/// let json = serde_json::json!({"type": "array", "maxItems": 1, "items": {"anyOf": [{"const": "a", "title": "A"}]}});
/// let schema: TitledMultiSelectSchema = serde_json::from_value(json.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&schema).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TitledMultiSelectSchema {
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `items.anyOf`
    pub options: Vec<SelectOption>,
    /// `minItems`
    pub min_items: Option<u64>,
    /// `maxItems`
    pub max_items: Option<u64>,
    /// `default`
    pub default: Option<Vec<String>>,
}
