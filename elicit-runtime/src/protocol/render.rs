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

use super::jsonrpc::RequestId;
use super::request::{BodyView, ElicitRequest, METHOD, ParamsView};
use super::version::ProtocolVersion;
use crate::schema::{
    LegacyTitledEnumSchema, NumberSchema, PropertySchema, RequestedSchema, StringSchema,
    UntitledSingleSelectSchema,
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
        }
    }
}

impl std::error::Error for RenderError {}

/// The model's types serialize to maps with string keys and plain values only, which
/// `serde_json::to_value` cannot fail on.
pub(crate) fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
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

/// The params as the request holds them.
pub(crate) fn as_held(request: &ElicitRequest) -> ParamsView<'_> {
    match request {
        ElicitRequest::Form(form) => ParamsView {
            with_mode: true,
            message: &form.message,
            body: BodyView::Form(Cow::Borrowed(form.requested_schema.as_ref())),
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

/// The params for `version`.
pub(crate) fn params(
    request: &ElicitRequest,
    version: ProtocolVersion,
) -> Result<ParamsView<'_>, RenderError> {
    match version {
        ProtocolVersion::V2025_06_18 => match request {
            ElicitRequest::Form(form) => Ok(ParamsView {
                with_mode: false,
                message: &form.message,
                body: BodyView::Form(Cow::Owned(schema_2025_06_18(&form.requested_schema)?)),
            }),
            ElicitRequest::Url(_) => Err(RenderError::UrlMode { version }),
        },
        ProtocolVersion::V2025_11_25 => match request {
            ElicitRequest::Url(url) if url.elicitation_id.is_none() => {
                Err(RenderError::MissingElicitationId { version })
            }
            _ => Ok(as_held(request)),
        },
        ProtocolVersion::V2026_07_28 => Ok(params_2026(request)),
    }
}

/// The 2026-07-28 params: no `elicitationId`, no `pattern`.
pub(crate) fn params_2026(request: &ElicitRequest) -> ParamsView<'_> {
    match request {
        ElicitRequest::Form(form) => ParamsView {
            with_mode: true,
            message: &form.message,
            body: BodyView::Form(without_patterns(&form.requested_schema)),
        },
        ElicitRequest::Url(url) => ParamsView {
            with_mode: true,
            message: &url.message,
            body: BodyView::Url {
                url: url.url.as_str(),
                elicitation_id: None,
            },
        },
    }
}

fn without_patterns(schema: &RequestedSchema) -> Cow<'_, RequestedSchema> {
    let has_pattern = schema
        .properties
        .iter()
        .any(|(_, property)| matches!(property, PropertySchema::String(s) if s.pattern.is_some()));
    if !has_pattern {
        return Cow::Borrowed(schema);
    }
    let mut owned = schema.clone();
    for (_, property) in &mut owned.properties {
        if let PropertySchema::String(s) = property {
            s.pattern = None;
        }
    }
    Cow::Owned(owned)
}

/// The 2025-06-18 form of a schema: that revision's `PrimitiveSchemaDefinition` is string,
/// number, boolean, or `enum` with optional `enumNames`, and only `BooleanSchema` has a
/// `default`.
fn schema_2025_06_18(schema: &RequestedSchema) -> Result<RequestedSchema, RenderError> {
    let mut multi_selects = Vec::new();
    let mut properties = Vec::with_capacity(schema.properties.len());
    for (name, property) in &schema.properties {
        let rendered = match property {
            PropertySchema::String(s) => PropertySchema::String(StringSchema {
                default: None,
                ..s.clone()
            }),
            PropertySchema::Number(s) => PropertySchema::Number(NumberSchema {
                default: None,
                ..s.clone()
            }),
            PropertySchema::Boolean(s) => PropertySchema::Boolean(s.clone()),
            PropertySchema::UntitledSingleSelect(s) => {
                PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
                    default: None,
                    ..s.clone()
                })
            }
            PropertySchema::TitledSingleSelect(s) => {
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
                    default: None,
                })
            }
            PropertySchema::LegacyTitledEnum(s) => {
                PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
                    default: None,
                    ..s.clone()
                })
            }
            PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_) => {
                multi_selects.push(name.clone());
                continue;
            }
        };
        properties.push((name.clone(), rendered));
    }
    if !multi_selects.is_empty() {
        return Err(RenderError::MultiSelect {
            fields: multi_selects,
            version: ProtocolVersion::V2025_06_18,
        });
    }
    Ok(RequestedSchema {
        properties,
        required: schema.required.clone(),
        schema_uri: None,
        closed: schema.closed,
        extras: schema.extras.clone(),
    })
}
