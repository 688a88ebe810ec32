//! Writing a request for one protocol revision.
//!
//! Each revision's schema defines a different subset of the model, so rendering is a
//! transformation of the model (a titled single select becomes a `LegacyTitledEnumSchema`,
//! defaults are dropped, …) followed by the model's own order-keeping serialization.

use std::borrow::Cow;
use std::fmt;

use serde_core::Serialize;
use serde_core::ser::{SerializeMap, Serializer};
use serde_json::Value;

use serde_json::Map;

use super::jsonrpc::{self, RequestId};
use super::request::{ElicitMode, ElicitRequest, METHOD};
use super::version::ProtocolVersion;
use crate::schema::{
    BooleanSchema, LegacyTitledEnumSchema, NumberSchema, PropertySchema, RequestedSchema,
    StringSchema, UntitledSingleSelectSchema,
};

/// What a protocol revision cannot express about a request.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::protocol::{ElicitRequest, ProtocolVersion, RenderError};
///
/// #[derive(Elicit)]
/// enum Topping { Cheese, Olives }
///
/// /// Build your pizza
/// #[derive(Elicit)]
/// struct Pizza { toppings: Vec<Topping> }
///
/// let error = ElicitRequest::form::<Pizza>().render(ProtocolVersion::V2025_06_18).unwrap_err();
/// assert!(matches!(&error, RenderError::MultiSelect { fields, .. } if fields == &["toppings"]));
/// assert_eq!(
///     error.to_string(),
///     "field `toppings` is a multi-select, which protocol revision 2025-06-18 cannot express (multi-select arrived in 2025-11-25)",
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderError {
    /// The form has multi-select fields and the revision has no multi-select (2025-06-18).
    MultiSelect {
        /// The wire names of every multi-select field, in declaration order.
        fields: Vec<String>,
        /// The revision asked for.
        version: ProtocolVersion,
    },
    /// A URL-mode request for a revision without URL mode (2025-06-18).
    UrlMode {
        /// The revision asked for.
        version: ProtocolVersion,
    },
    /// A URL-mode request with no `elicitationId` (one read from a 2026-07-28 message) for a
    /// revision that requires it (2025-11-25).
    MissingElicitationId {
        /// The revision asked for.
        version: ProtocolVersion,
    },
    /// `notifications/elicitation/complete` for a revision without it: 2025-06-18 has no URL
    /// mode, and 2026-07-28 drops the notification (the client's retry is the completion).
    NoCompletion {
        /// The revision asked for.
        version: ProtocolVersion,
    },
    /// A multi-select asked as checkboxes ([`MultiSelectFallback::Checkboxes`]) would name a
    /// checkbox like another property of the form.
    CheckboxClash {
        /// The property name used twice.
        field: String,
        /// The revision asked for.
        version: ProtocolVersion,
    },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MultiSelect { fields, version } => {
                f.write_str(if fields.len() == 1 {
                    "field "
                } else {
                    "fields "
                })?;
                for (index, field) in fields.iter().enumerate() {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{field}`")?;
                }
                let what = if fields.len() == 1 {
                    "is a multi-select"
                } else {
                    "are multi-selects"
                };
                write!(
                    f,
                    " {what}, which protocol revision {version} cannot express (multi-select arrived in 2025-11-25)"
                )
            }
            Self::UrlMode { version } => write!(
                f,
                "protocol revision {version} has no URL-mode elicitation (it arrived in 2025-11-25)"
            ),
            Self::MissingElicitationId { version } => write!(
                f,
                "a URL-mode request needs an `elicitationId` in protocol revision {version}, and this one has none"
            ),
            Self::CheckboxClash { field, version } => write!(
                f,
                "the form cannot be asked as checkboxes on protocol revision {version}: `{field}` would name two properties"
            ),
            Self::NoCompletion { version } => write!(
                f,
                "protocol revision {version} has no `notifications/elicitation/complete` (only 2025-11-25 has it)"
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// The model's types serialize to maps with string keys and plain values only, which
/// `serde_json::to_value` cannot fail on.
pub(crate) fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Writes one `params` object in the order the spec's examples use.
pub(crate) struct ParamsView<'a> {
    with_mode: bool,
    message: &'a str,
    body: BodyView<'a>,
}

enum BodyView<'a> {
    Form(Cow<'a, RequestedSchema>),
    Url {
        url: &'a str,
        elicitation_id: Option<&'a str>,
    },
}

impl Serialize for ParamsView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if self.with_mode {
            let mode = match self.body {
                BodyView::Form(_) => ElicitMode::Form,
                BodyView::Url { .. } => ElicitMode::Url,
            };
            map.serialize_entry("mode", mode.as_str())?;
        }
        map.serialize_entry("message", self.message)?;
        match &self.body {
            BodyView::Form(schema) => map.serialize_entry("requestedSchema", schema.as_ref())?,
            BodyView::Url {
                url,
                elicitation_id,
            } => {
                map.serialize_entry("url", url)?;
                if let Some(id) = elicitation_id {
                    map.serialize_entry("elicitationId", id)?;
                }
            }
        }
        map.end()
    }
}

/// A 2026-07-28 `InputRequests` entry: `{"method":"elicitation/create","params":…}`.
pub(crate) struct InputRequestView<'a>(pub(crate) &'a ElicitRequest);

impl Serialize for InputRequestView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("method", METHOD)?;
        map.serialize_entry("params", &params_2026(self.0))?;
        map.end()
    }
}

/// A whole `elicitation/create` JSON-RPC request.
pub(crate) struct JsonRpcView<'a> {
    pub(crate) id: &'a RequestId,
    pub(crate) params: ParamsView<'a>,
}

impl Serialize for JsonRpcView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("jsonrpc", "2.0")?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("method", METHOD)?;
        map.serialize_entry("params", &self.params)?;
        map.end()
    }
}

/// The params as the request holds them: `mode` always, `elicitationId` when there is one.
pub(crate) fn as_held(request: &ElicitRequest) -> ParamsView<'_> {
    match request {
        ElicitRequest::Form(form) => ParamsView {
            with_mode: true,
            message: &form.message,
            body: BodyView::Form(Cow::Borrowed(&*form.requested_schema)),
        },
        ElicitRequest::Url(url) => ParamsView {
            with_mode: true,
            message: &url.message,
            body: BodyView::Url {
                url: url.url.as_str(),
                elicitation_id: url.elicitation_id.as_deref(),
            },
        },
    }
}

/// The params for `version`: what each revision can say, asked of the revision itself.
pub(crate) fn params(
    request: &ElicitRequest,
    version: ProtocolVersion,
    fallback: MultiSelectFallback,
) -> Result<ParamsView<'_>, RenderError> {
    match request {
        ElicitRequest::Form(form) => Ok(ParamsView {
            with_mode: version.has_mode(),
            message: &form.message,
            body: BodyView::Form(form_schema(&form.requested_schema, version, fallback)?),
        }),
        ElicitRequest::Url(url) => {
            if !version.has_url_mode() {
                return Err(RenderError::UrlMode { version });
            }
            let elicitation_id = if version.has_elicitation_id() {
                let id = url.elicitation_id.as_deref();
                Some(id.ok_or(RenderError::MissingElicitationId { version })?)
            } else {
                None
            };
            Ok(ParamsView {
                with_mode: true,
                message: &url.message,
                body: BodyView::Url {
                    url: url.url.as_str(),
                    elicitation_id,
                },
            })
        }
    }
}

/// The 2026-07-28 params (which cannot fail).
pub(crate) fn params_2026(request: &ElicitRequest) -> ParamsView<'_> {
    params(
        request,
        ProtocolVersion::V2026_07_28,
        MultiSelectFallback::Refuse,
    )
    .unwrap_or_else(|_| as_held(request))
}

/// The schema as `version` can write it: only what it has (`pattern`, `default` beyond
/// booleans, titled selects, multi-selects), each property changed no more than that.
fn form_schema(
    schema: &RequestedSchema,
    version: ProtocolVersion,
    fallback: MultiSelectFallback,
) -> Result<Cow<'_, RequestedSchema>, RenderError> {
    let needs_change = schema.schema_uri.is_some() && !version.has_schema_uri()
        || schema
            .properties
            .iter()
            .any(|(_, property)| changes(property, version));
    if !needs_change {
        return Ok(Cow::Borrowed(schema));
    }
    let mut multi_selects = Vec::new();
    let mut properties = Vec::with_capacity(schema.properties.len());
    let mut required = schema.required.clone();
    for (name, property) in &schema.properties {
        if is_multi_select(property) && !version.has_multi_select() {
            match fallback {
                MultiSelectFallback::Refuse => multi_selects.push(name.clone()),
                MultiSelectFallback::Checkboxes => {
                    required.retain(|field| field != name);
                    properties.extend(checkboxes(name, property));
                }
            }
            continue;
        }
        properties.push((name.clone(), property_for(property, version)));
    }
    if !multi_selects.is_empty() {
        return Err(RenderError::MultiSelect {
            fields: multi_selects,
            version,
        });
    }
    let names: Vec<&String> = properties.iter().map(|(name, _)| name).collect();
    if let Some(clash) = names
        .iter()
        .enumerate()
        .find_map(|(index, name)| names[..index].contains(name).then_some(*name))
    {
        return Err(RenderError::CheckboxClash {
            field: clash.clone(),
            version,
        });
    }
    Ok(Cow::Owned(RequestedSchema {
        properties,
        required,
        schema_uri: if version.has_schema_uri() {
            schema.schema_uri.clone()
        } else {
            None
        },
        closed: schema.closed,
        extras: schema.extras.clone(),
    }))
}

fn is_multi_select(property: &PropertySchema) -> bool {
    matches!(
        property,
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_)
    )
}

/// Whether `version` writes `property` otherwise than the model holds it.
fn changes(property: &PropertySchema, version: ProtocolVersion) -> bool {
    match property {
        PropertySchema::String(s) => {
            (s.default.is_some() && !version.has_defaults())
                || (s.pattern.is_some() && !version.has_pattern())
        }
        PropertySchema::Number(s) => s.default.is_some() && !version.has_defaults(),
        PropertySchema::Boolean(_) => false,
        PropertySchema::UntitledSingleSelect(s) => s.default.is_some() && !version.has_defaults(),
        PropertySchema::LegacyTitledEnum(s) => s.default.is_some() && !version.has_defaults(),
        PropertySchema::TitledSingleSelect(_) => !version.has_titled_select(),
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_) => {
            !version.has_multi_select()
        }
    }
}

/// `property` as `version` writes it (a multi-select only where the revision has them).
fn property_for(property: &PropertySchema, version: ProtocolVersion) -> PropertySchema {
    let defaults = version.has_defaults();
    match property {
        PropertySchema::String(s) => PropertySchema::String(StringSchema {
            default: if defaults { s.default.clone() } else { None },
            pattern: if version.has_pattern() {
                s.pattern.clone()
            } else {
                None
            },
            ..s.clone()
        }),
        PropertySchema::Number(s) => PropertySchema::Number(NumberSchema {
            default: if defaults { s.default.clone() } else { None },
            ..s.clone()
        }),
        PropertySchema::Boolean(s) => PropertySchema::Boolean(s.clone()),
        PropertySchema::UntitledSingleSelect(s) => {
            PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
                default: if defaults { s.default.clone() } else { None },
                ..s.clone()
            })
        }
        PropertySchema::TitledSingleSelect(s) if !version.has_titled_select() => {
            PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
                title: s.title.clone(),
                description: s.description.clone(),
                options: s
                    .options
                    .iter()
                    .map(|option| option.value.clone())
                    .collect(),
                option_names: s
                    .options
                    .iter()
                    .map(|option| option.title.clone())
                    .collect(),
                default: if defaults { s.default.clone() } else { None },
            })
        }
        PropertySchema::LegacyTitledEnum(s) => {
            PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
                default: if defaults { s.default.clone() } else { None },
                ..s.clone()
            })
        }
        other => other.clone(),
    }
}

/// How a form with a multi-select is written for a revision that has none (2025-06-18).
///
/// By default such a form cannot be asked there ([`RenderError::MultiSelect`]): a client
/// could not answer it. [`Checkboxes`](Self::Checkboxes) asks each option as a boolean of its
/// own instead, and [`read_answer`](Self::read_answer) folds the ticked ones back into the
/// multi-select's answer, so the form reads the answer it expects.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::protocol::{ElicitRequest, MultiSelectFallback, ProtocolVersion};
/// use serde_json::json;
///
/// #[derive(Elicit, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Extra { Breakfast, Parking }
///
/// /// Any extras?
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Extras { extras: Vec<Extra> }
///
/// let request = ElicitRequest::form::<Extras>();
/// let params = request.render_with(ProtocolVersion::V2025_06_18, MultiSelectFallback::Checkboxes).unwrap();
/// assert_eq!(params["requestedSchema"], json!({
///     "type": "object",
///     "properties": {
///         "extras.breakfast": {"type": "boolean", "title": "Extras: Breakfast"},
///         "extras.parking": {"type": "boolean", "title": "Extras: Parking"}
///     }
/// }));
///
/// let answer = json!({"extras.breakfast": true, "extras.parking": false});
/// let content = MultiSelectFallback::Checkboxes.read_answer(Extras::requested_schema(), answer.as_object().unwrap()).unwrap();
/// assert_eq!(Extras::from_content(&content).unwrap(), Extras { extras: vec![Extra::Breakfast] });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MultiSelectFallback {
    /// The form cannot be asked on a revision without multi-selects.
    #[default]
    Refuse,
    /// Each option becomes a checkbox of its own: a boolean property named
    /// `<field>.<option>`, titled `<field title>: <option title>`, ticked by default when the
    /// option is in the field's default. The number of options chosen is checked when the
    /// answer is read.
    Checkboxes,
}

impl MultiSelectFallback {
    /// The answer to a form asked with this fallback, as the form reads it: each
    /// multi-select's checkboxes folded back into the list of options ticked (left out when
    /// none is, for an optional field; empty when none is, for a required one or one with a
    /// default, whose `min_items` then decides: never the default, which the boxes showed
    /// ticked and the person unticked). Keys that are not checkboxes pass as they are. A box
    /// answered with anything but a boolean (`"true"`, `1`) is an error naming
    /// `<field>.<option>`, never read as unticked. A [`Dialog`](crate::dialog::Dialog) reads
    /// its answers so.
    ///
    /// # Errors
    /// A [`ContentError`](crate::error::ContentError) naming each box that is not a boolean.
    ///
    /// ```
    /// use elicit_core::protocol::MultiSelectFallback;
    /// use elicit_core::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let content = json!({"note": "hi"}).as_object().unwrap().clone();
    /// assert_eq!(MultiSelectFallback::Refuse.read_answer(&RequestedSchema::new(), &content).unwrap(), content);
    /// ```
    pub fn read_answer(
        self,
        schema: &RequestedSchema,
        content: &Map<String, Value>,
    ) -> Result<Map<String, Value>, crate::error::ContentError> {
        if self == Self::Refuse {
            return Ok(content.clone());
        }
        // Schema alone: a field that is required, or has a default (which the boxes showed ticked),
        // needs a value; an answer of none is nothing chosen, never the default.
        let needs_value = |name: &str| {
            schema.is_required(name)
                || schema
                    .property(name)
                    .is_some_and(|property| property.default_value().is_some())
        };
        let (folded, errors) = super::checkboxes::fold_checkboxes(schema, content, needs_value);
        if errors.is_empty() {
            Ok(folded.into_owned())
        } else {
            Err(crate::error::ContentError::from(errors))
        }
    }
}

/// A multi-select as one boolean per option.
fn checkboxes(name: &str, property: &PropertySchema) -> Vec<(String, PropertySchema)> {
    let (options, default): (Vec<(String, String)>, Option<&Vec<String>>) = match property {
        PropertySchema::UntitledMultiSelect(s) => (
            s.options
                .iter()
                .map(|value| (value.clone(), value.clone()))
                .collect(),
            s.default.as_ref(),
        ),
        PropertySchema::TitledMultiSelect(s) => (
            s.options
                .iter()
                .map(|option| (option.value.clone(), option.title.clone()))
                .collect(),
            s.default.as_ref(),
        ),
        _ => return Vec::new(),
    };
    let field_title = property.title().unwrap_or(name);
    options
        .into_iter()
        .map(|(value, title)| {
            let ticked = default.is_some_and(|default| default.contains(&value));
            let schema = BooleanSchema {
                title: Some(format!("{field_title}: {title}")),
                description: None,
                default: ticked.then_some(true),
            };
            (
                super::checkboxes::checkbox_name(name, &value),
                PropertySchema::Boolean(schema),
            )
        })
        .collect()
}

/// Writing a request out: for a revision, as a JSON-RPC message, as a 2026-07-28 entry.
impl ElicitRequest {
    /// The `params` object for protocol revision `version`.
    ///
    /// - 2025-06-18: no `mode` key; titled single selects become `enum` + `enumNames`;
    ///   `default` only on booleans; no `$schema`. Multi-select fields and URL mode do not
    ///   exist in that revision, so such requests are errors.
    /// - 2025-11-25: everything; a URL request must have an `elicitationId`.
    /// - 2026-07-28: no `elicitationId`; `pattern` is left out (the parser still enforces it).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
    /// use serde_json::json;
    ///
    /// /// Pick a size
    /// #[derive(Elicit)]
    /// enum Size { Small, Large }
    ///
    /// let params = ElicitRequest::form::<Size>().render(ProtocolVersion::V2025_06_18).unwrap();
    /// assert_eq!(params["requestedSchema"]["properties"]["size"], json!({
    ///     "type": "string",
    ///     "enum": ["Small", "Large"],
    ///     "enumNames": ["Small", "Large"],
    /// }));
    /// assert!(params.get("mode").is_none());
    /// ```
    ///
    /// # Errors
    /// A [`RenderError`] naming what the revision cannot express.
    pub fn render(&self, version: ProtocolVersion) -> Result<Value, RenderError> {
        self.render_with(version, MultiSelectFallback::Refuse)
    }

    /// [`render`](Self::render), with `fallback` deciding how a multi-select is written for
    /// a revision that has none.
    ///
    /// # Errors
    /// As [`render`](Self::render).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::{ElicitRequest, MultiSelectFallback, ProtocolVersion};
    ///
    /// #[derive(Elicit)]
    /// enum Topping { Cheese, Olives }
    ///
    /// /// Build your pizza
    /// #[derive(Elicit)]
    /// struct Pizza { toppings: Vec<Topping> }
    ///
    /// let request = ElicitRequest::form::<Pizza>();
    /// assert!(request.render(ProtocolVersion::V2025_06_18).is_err());
    /// let params = request.render_with(ProtocolVersion::V2025_06_18, MultiSelectFallback::Checkboxes).unwrap();
    /// assert_eq!(params["requestedSchema"]["properties"]["toppings.Cheese"]["type"], "boolean");
    /// ```
    pub fn render_with(
        &self,
        version: ProtocolVersion,
        fallback: MultiSelectFallback,
    ) -> Result<Value, RenderError> {
        params(self, version, fallback).map(|params| to_json(&params))
    }

    /// The whole `elicitation/create` JSON-RPC request, with the params as held (for a
    /// request built by a server: the 2025-11-25 form).
    ///
    /// ```
    /// # use elicit_core::protocol::ElicitRequest;
    /// let request = ElicitRequest::url("Sign in", "https://example.com/sign-in", "e-7").unwrap();
    /// assert_eq!(request.to_jsonrpc("req-1"), serde_json::json!({
    ///     "jsonrpc": "2.0",
    ///     "id": "req-1",
    ///     "method": "elicitation/create",
    ///     "params": {
    ///         "mode": "url",
    ///         "message": "Sign in",
    ///         "url": "https://example.com/sign-in",
    ///         "elicitationId": "e-7"
    ///     }
    /// }));
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::request(&id.into(), METHOD, to_json(self))
    }

    /// The whole JSON-RPC request with the params rendered for `version`.
    ///
    /// # Errors
    /// As [`render`](Self::render).
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
    ///
    /// let request = ElicitRequest::url("Pay", "https://pay.example.com/", "p-1").unwrap();
    /// let message = request.to_jsonrpc_for(3, ProtocolVersion::V2026_07_28).unwrap();
    /// assert!(message["params"].get("elicitationId").is_none());
    /// assert!(request.to_jsonrpc_for(3, ProtocolVersion::V2025_06_18).is_err());
    /// ```
    pub fn to_jsonrpc_for(
        &self,
        id: impl Into<RequestId>,
        version: ProtocolVersion,
    ) -> Result<Value, RenderError> {
        Ok(jsonrpc::request(&id.into(), METHOD, self.render(version)?))
    }

    /// The 2026-07-28 `InputRequests` entry: `{"method":"elicitation/create","params":…}`
    /// with the params rendered for 2026-07-28 (which cannot fail).
    ///
    /// ```
    /// # use elicit_core::protocol::ElicitRequest;
    /// let request = ElicitRequest::url("Sign in", "https://example.com/sign-in", "e-7").unwrap();
    /// assert_eq!(request.to_input_request(), serde_json::json!({
    ///     "method": "elicitation/create",
    ///     "params": {"mode": "url", "message": "Sign in", "url": "https://example.com/sign-in"}
    /// }));
    /// ```
    pub fn to_input_request(&self) -> Value {
        to_json(&InputRequestView(self))
    }

    /// The whole JSON-RPC request for `version`, as JSON text with the form's fields in
    /// declaration order whatever `serde_json`'s features (a `serde_json::Value` sorts object
    /// keys unless `preserve_order` is on, and clients show fields in the order received).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
    ///
    /// /// Shipping details
    /// #[derive(Elicit)]
    /// struct Shipping { street: String, city: String, zip: String }
    ///
    /// let text = ElicitRequest::form::<Shipping>()
    ///     .to_jsonrpc_string(1, ProtocolVersion::V2025_06_18)
    ///     .unwrap();
    /// assert!(text.starts_with(r#"{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Shipping details","#));
    /// assert!(text.contains(r#""properties":{"street":{"type":"string","title":"Street"},"city":{"type":"string","title":"City"},"zip":{"type":"string","title":"Zip"}}"#));
    /// ```
    ///
    /// # Errors
    /// As [`render`](Self::render).
    pub fn to_jsonrpc_string(
        &self,
        id: impl Into<RequestId>,
        version: ProtocolVersion,
    ) -> Result<String, RenderError> {
        let id = id.into();
        let view = JsonRpcView {
            id: &id,
            params: params(self, version, MultiSelectFallback::Refuse)?,
        };
        // Infallible for the same reason as `render::to_json`.
        Ok(serde_json::to_string(&view).unwrap_or_default())
    }
}

/// The params as held: `mode` always, `elicitationId` when there is one.
impl Serialize for ElicitRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        as_held(self).serialize(serializer)
    }
}
