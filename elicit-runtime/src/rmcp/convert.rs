//! Conversions between this crate's protocol types and rmcp's model.

use std::borrow::Cow;
use std::collections::BTreeMap;

use ::rmcp::model as m;
use serde_json::{Number, Value};

use crate::protocol::{
    ElicitAction, ElicitRequest, ElicitResult, ElicitUrl, ElicitationSupport, MessageError,
    OutcomeError, ProtocolVersion, RenderError, UrlRequest,
};
use crate::schema::{
    BooleanSchema, LegacyTitledEnumSchema, NumberKind, NumberSchema, PropertySchema,
    RequestedSchema, SelectOption, StringFormat, StringSchema, TitledMultiSelectSchema,
    TitledSingleSelectSchema, UntitledMultiSelectSchema, UntitledSingleSelectSchema,
};
use crate::{Elicit, ElicitOutcome};

/// The schema as rmcp's model, fields in declaration order (`property_order` is set).
///
/// rmcp's model has no `pattern`, and holds integer bounds as `i64` and string lengths as
/// `u32`: a `pattern`, and a bound or length those types cannot hold, are left out. The
/// form the client sees is then looser than the type; the typed parser still checks all of
/// it.
///
/// ```
/// use elicit_core::Elicit;
/// use rmcp::model::ElicitationSchema;
///
/// /// Your order
/// #[derive(Elicit)]
/// struct Order {
///     #[elicit(pattern = "^[A-Z]{3}$")]
///     product: String,
///     // Widened past I-JSON's 2^53 − 1 to the whole `u64`, beyond rmcp's `i64`.
///     #[elicit(maximum = 18446744073709551615)]
///     quantity: u64,
/// }
///
/// let schema = ElicitationSchema::from(Order::requested_schema());
/// assert_eq!(schema.property_order.as_deref(), Some(&["product".to_owned(), "quantity".to_owned()][..]));
/// assert_eq!(
///     serde_json::to_string(&schema).unwrap(),
///     r#"{"type":"object","properties":{"product":{"type":"string","title":"Product"},"quantity":{"type":"integer","title":"Quantity","minimum":0}},"required":["product","quantity"]}"#,
/// );
/// ```
impl From<&RequestedSchema> for m::ElicitationSchema {
    fn from(schema: &RequestedSchema) -> Self {
        let properties: BTreeMap<String, m::PrimitiveSchemaDefinition> = schema
            .properties
            .iter()
            .map(|(name, property)| (name.clone(), primitive(property)))
            .collect();
        let mut out = m::ElicitationSchema::new(properties);
        out.property_order = Some(
            schema
                .properties
                .iter()
                .map(|(name, _)| name.clone())
                .collect(),
        );
        out.schema = schema.schema_uri.clone().map(Cow::Owned);
        if !schema.required.is_empty() {
            out.required = Some(schema.required.clone());
        }
        out
    }
}

/// Reads rmcp's schema (a client's view of a request), fields in rmcp's wire order.
///
/// rmcp's root `title` and `description`, which the spec's `requestedSchema` does not have,
/// are dropped.
///
/// # Errors
/// A [`MessageError`] at `requestedSchema` when the schema is not one this crate's model can
/// hold (a `default` outside the options, for instance).
///
/// ```
/// use elicit_core::schema::{PropertySchema, RequestedSchema};
/// use rmcp::model::{ElicitationSchema, StringSchema};
///
/// let schema = ElicitationSchema::builder()
///     .required_email("email")
///     .optional_bool("newsletter", false)
///     .build()
///     .unwrap();
/// let schema = RequestedSchema::try_from(&schema).unwrap();
/// assert!(matches!(schema.property("email"), Some(PropertySchema::String(_))));
/// assert_eq!(schema.required, ["email"]);
/// ```
impl TryFrom<&m::ElicitationSchema> for RequestedSchema {
    type Error = MessageError;

    fn try_from(schema: &m::ElicitationSchema) -> Result<Self, MessageError> {
        // Through the JSON text: rmcp writes properties in `property_order`, and reading text
        // keeps that order whatever serde_json's features.
        let text = serde_json::to_string(schema)
            .map_err(|error| MessageError::invalid("requestedSchema", error))?;
        serde_json::from_str(&text).map_err(|error| MessageError::invalid("requestedSchema", error))
    }
}

fn text(value: Option<&String>) -> Option<Cow<'static, str>> {
    value.map(|text| Cow::Owned(text.clone()))
}

fn primitive(schema: &PropertySchema) -> m::PrimitiveSchemaDefinition {
    match schema {
        PropertySchema::String(schema) => m::PrimitiveSchemaDefinition::String(string(schema)),
        PropertySchema::Number(schema) => match schema.kind {
            NumberKind::Integer => m::PrimitiveSchemaDefinition::Integer(integer(schema)),
            NumberKind::Number => m::PrimitiveSchemaDefinition::Number(number(schema)),
        },
        PropertySchema::Boolean(schema) => m::PrimitiveSchemaDefinition::Boolean(boolean(schema)),
        PropertySchema::UntitledSingleSelect(schema) => {
            m::PrimitiveSchemaDefinition::Enum(untitled_single(schema))
        }
        PropertySchema::TitledSingleSelect(schema) => {
            m::PrimitiveSchemaDefinition::Enum(titled_single(schema))
        }
        PropertySchema::LegacyTitledEnum(schema) => {
            m::PrimitiveSchemaDefinition::Enum(legacy(schema))
        }
        PropertySchema::UntitledMultiSelect(schema) => {
            m::PrimitiveSchemaDefinition::Enum(untitled_multi(schema))
        }
        PropertySchema::TitledMultiSelect(schema) => {
            m::PrimitiveSchemaDefinition::Enum(titled_multi(schema))
        }
    }
}

fn string(schema: &StringSchema) -> m::StringSchema {
    let mut out = m::StringSchema::new();
    out.title = text(schema.title.as_ref());
    out.description = text(schema.description.as_ref());
    out.min_length = schema.min_length.and_then(|n| u32::try_from(n).ok());
    out.max_length = schema.max_length.and_then(|n| u32::try_from(n).ok());
    out.format = schema.format.map(|format| match format {
        StringFormat::Email => m::StringFormat::Email,
        StringFormat::Uri => m::StringFormat::Uri,
        StringFormat::Date => m::StringFormat::Date,
        StringFormat::DateTime => m::StringFormat::DateTime,
    });
    out.default.clone_from(&schema.default);
    out
}

fn number(schema: &NumberSchema) -> m::NumberSchema {
    let mut out = m::NumberSchema::new();
    out.title = text(schema.title.as_ref());
    out.description = text(schema.description.as_ref());
    out.minimum = schema.minimum.as_ref().and_then(Number::as_f64);
    out.maximum = schema.maximum.as_ref().and_then(Number::as_f64);
    out.default = schema.default.as_ref().and_then(Number::as_f64);
    out
}

fn integer(schema: &NumberSchema) -> m::IntegerSchema {
    let mut out = m::IntegerSchema::new();
    out.title = text(schema.title.as_ref());
    out.description = text(schema.description.as_ref());
    out.minimum = schema.minimum.as_ref().and_then(|n| whole(n, f64::ceil));
    out.maximum = schema.maximum.as_ref().and_then(|n| whole(n, f64::floor));
    out.default = schema.default.as_ref().and_then(Number::as_i64);
    out
}

/// An integer bound as `i64`: a fractional bound rounded inwards by `round`, `None` when it
/// does not fit.
fn whole(bound: &Number, round: fn(f64) -> f64) -> Option<i64> {
    if let Some(n) = bound.as_i64() {
        return Some(n);
    }
    if bound.is_u64() {
        return None;
    }
    let rounded = round(bound.as_f64()?);
    // `i64::MAX as f64` rounds up to 2^63, which is itself out of range.
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
    let fits = rounded >= i64::MIN as f64 && rounded < i64::MAX as f64;
    #[allow(clippy::cast_possible_truncation)]
    fits.then_some(rounded as i64)
}

fn boolean(schema: &BooleanSchema) -> m::BooleanSchema {
    let mut out = m::BooleanSchema::new();
    out.title = text(schema.title.as_ref());
    out.description = text(schema.description.as_ref());
    out.default = schema.default;
    out
}

fn const_titles(options: &[SelectOption]) -> Vec<m::ConstTitle> {
    options
        .iter()
        .map(|option| m::ConstTitle::new(option.value.clone(), option.title.clone()))
        .collect()
}

fn untitled_single(schema: &UntitledSingleSelectSchema) -> m::EnumSchema {
    let mut out = m::EnumSchema::builder(schema.options.clone()).build();
    if let m::EnumSchema::Single(m::SingleSelectEnumSchema::Untitled(inner)) = &mut out {
        inner.title = text(schema.title.as_ref());
        inner.description = text(schema.description.as_ref());
        inner.default.clone_from(&schema.default);
    }
    out
}

fn titled_single(schema: &TitledSingleSelectSchema) -> m::EnumSchema {
    let mut inner = m::TitledSingleSelectEnumSchema::new(const_titles(&schema.options));
    inner.title = text(schema.title.as_ref());
    inner.description = text(schema.description.as_ref());
    inner.default.clone_from(&schema.default);
    m::EnumSchema::Single(m::SingleSelectEnumSchema::Titled(inner))
}

fn legacy(schema: &LegacyTitledEnumSchema) -> m::EnumSchema {
    let mut inner = m::LegacyEnumSchema::new(schema.options.clone());
    inner.title = text(schema.title.as_ref());
    inner.description = text(schema.description.as_ref());
    inner.enum_names = Some(schema.option_names.clone());
    inner.default.clone_from(&schema.default);
    m::EnumSchema::Legacy(inner)
}

fn untitled_multi(schema: &UntitledMultiSelectSchema) -> m::EnumSchema {
    let mut out = m::EnumSchema::builder(schema.options.clone())
        .multiselect()
        .build();
    if let m::EnumSchema::Multi(m::MultiSelectEnumSchema::Untitled(inner)) = &mut out {
        inner.title = text(schema.title.as_ref());
        inner.description = text(schema.description.as_ref());
        inner.min_items = schema.min_items;
        inner.max_items = schema.max_items;
        inner.default.clone_from(&schema.default);
    }
    out
}

fn titled_multi(schema: &TitledMultiSelectSchema) -> m::EnumSchema {
    let mut inner =
        m::TitledMultiSelectEnumSchema::new(m::TitledItems::new(const_titles(&schema.options)));
    inner.title = text(schema.title.as_ref());
    inner.description = text(schema.description.as_ref());
    inner.min_items = schema.min_items;
    inner.max_items = schema.max_items;
    inner.default.clone_from(&schema.default);
    m::EnumSchema::Multi(m::MultiSelectEnumSchema::Titled(inner))
}

impl ElicitRequest {
    /// rmcp's params for this request, as protocol revision `version` writes them (see
    /// [`render`](Self::render): on 2025-06-18 a titled single select becomes `enum` +
    /// `enumNames` and only booleans keep a `default`; on 2026-07-28 there is no
    /// `elicitationId`), with the form's fields in declaration order. What rmcp's model
    /// cannot hold is left out (see [`ElicitationSchema::from`](rmcp::model::ElicitationSchema)).
    ///
    /// # Errors
    /// As [`render`](Self::render): a [`RenderError`] naming what `version` cannot express.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
    /// use rmcp::model::ElicitRequestParams;
    ///
    /// /// Pick a size
    /// #[derive(Elicit)]
    /// enum Size { Small, Large }
    ///
    /// let params = ElicitRequest::form::<Size>().to_rmcp_params(ProtocolVersion::V2025_06_18).unwrap();
    /// let ElicitRequestParams::FormElicitationParams { message, requested_schema, .. } = params else {
    ///     unreachable!()
    /// };
    /// assert_eq!(message, "Pick a size");
    /// assert_eq!(
    ///     serde_json::to_string(&requested_schema).unwrap(),
    ///     r#"{"type":"object","properties":{"size":{"type":"string","enum":["Small","Large"],"enumNames":["Small","Large"]}},"required":["size"]}"#,
    /// );
    /// ```
    pub fn to_rmcp_params(
        &self,
        version: ProtocolVersion,
    ) -> Result<m::ElicitRequestParams, RenderError> {
        // The revision's rules live in `render`; read its output back into the model (from
        // the text, which keeps the field order).
        let text = self.to_jsonrpc_string(0, version)?;
        let rendered = serde_json::from_str::<ElicitRequest>(&text).ok();
        Ok(params_as_held(rendered.as_ref().unwrap_or(self)))
    }
}

/// rmcp's params for a 2026-07-28 `inputRequests` entry (rendering for 2026-07-28 cannot
/// fail).
pub(super) fn params_2026(request: &ElicitRequest) -> m::ElicitRequestParams {
    let rendered = request
        .to_jsonrpc_string(0, ProtocolVersion::V2026_07_28)
        .ok()
        .and_then(|text| serde_json::from_str::<ElicitRequest>(&text).ok());
    params_as_held(rendered.as_ref().unwrap_or(request))
}

fn params_as_held(request: &ElicitRequest) -> m::ElicitRequestParams {
    match request {
        ElicitRequest::Form(form) => m::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: form.message.clone(),
            requested_schema: m::ElicitationSchema::from(form.requested_schema()),
        },
        ElicitRequest::Url(url) => m::ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: url.message.clone(),
            url: url.url.as_str().to_owned(),
            elicitation_id: url.elicitation_id.clone().unwrap_or_default(),
        },
    }
}

/// Reads rmcp's params (what an rmcp client handler receives) into a request a client can
/// check answers against. rmcp writes an absent `elicitationId` as `""`; that is read as
/// absent.
///
/// # Errors
/// A [`MessageError`] for a URL that is not an absolute `http`/`https` URL without
/// credentials, or a schema this crate's model cannot hold.
///
/// ```
/// use elicit_core::protocol::{ElicitMode, ElicitRequest};
/// use rmcp::model::{ElicitRequestParams, ElicitationSchema};
///
/// let params = ElicitRequestParams::FormElicitationParams {
///     meta: None,
///     message: "Your email?".into(),
///     requested_schema: ElicitationSchema::builder().required_email("email").build().unwrap(),
/// };
/// let request = ElicitRequest::try_from(&params).unwrap();
/// assert_eq!(request.mode(), ElicitMode::Form);
/// let answer = serde_json::json!({"email": "not an address"});
/// assert!(request.requested_schema().unwrap().validate(answer.as_object().unwrap()).is_err());
/// ```
impl TryFrom<&m::ElicitRequestParams> for ElicitRequest {
    type Error = MessageError;

    fn try_from(params: &m::ElicitRequestParams) -> Result<Self, MessageError> {
        match params {
            m::ElicitRequestParams::FormElicitationParams {
                message,
                requested_schema,
                ..
            } => Ok(Self::Form(crate::protocol::FormRequest::new(
                message.clone(),
                RequestedSchema::try_from(requested_schema)?,
            ))),
            m::ElicitRequestParams::UrlElicitationParams {
                message,
                url,
                elicitation_id,
                ..
            } => Ok(Self::Url(UrlRequest {
                message: message.clone(),
                url: ElicitUrl::parse(url).map_err(|error| MessageError::invalid("url", error))?,
                elicitation_id: (!elicitation_id.is_empty()).then(|| elicitation_id.clone()),
            })),
            #[allow(unreachable_patterns)] // rmcp's enum is `non_exhaustive`
            _ => Err(MessageError::invalid(
                "mode",
                "is neither \"form\" nor \"url\"",
            )),
        }
    }
}

/// Reads rmcp's result with the same rules as [`ElicitResult::from_value`]: `content` is
/// ignored on a decline or cancel, `null` content is absent, non-object content is an error.
///
/// # Errors
/// [`OutcomeError::Malformed`] for content that is not an object.
///
/// ```
/// use elicit_core::protocol::{ElicitAction, ElicitResult};
/// use rmcp::model::{ElicitResult as RmcpResult, ElicitationAction};
///
/// let result = ElicitResult::try_from(&RmcpResult::new(ElicitationAction::Decline)).unwrap();
/// assert_eq!(result, ElicitResult::decline());
///
/// let odd = RmcpResult::new(ElicitationAction::Accept).with_content(serde_json::json!("yes"));
/// assert!(ElicitResult::try_from(&odd).is_err());
/// ```
impl TryFrom<&m::ElicitResult> for ElicitResult {
    type Error = OutcomeError;

    fn try_from(result: &m::ElicitResult) -> Result<Self, OutcomeError> {
        let value = serde_json::to_value(result)
            .map_err(|error| OutcomeError::Malformed(MessageError::invalid("", error)))?;
        Self::from_value(&value)
    }
}

/// rmcp's result for this answer (what an rmcp client handler returns).
///
/// ```
/// use elicit_core::protocol::ElicitResult;
/// use rmcp::model::{ElicitResult as RmcpResult, ElicitationAction};
///
/// let content = serde_json::json!({"ok": true}).as_object().unwrap().clone();
/// let result = RmcpResult::from(&ElicitResult::accept(content));
/// assert_eq!(result.action, ElicitationAction::Accept);
/// assert_eq!(result.content, Some(serde_json::json!({"ok": true})));
/// ```
impl From<&ElicitResult> for m::ElicitResult {
    fn from(result: &ElicitResult) -> Self {
        let out = m::ElicitResult::new(result.action.into());
        match &result.content {
            Some(content) => out.with_content(Value::Object(content.clone())),
            None => out,
        }
    }
}

/// Reads and validates rmcp's result into the form's type.
///
/// # Errors
/// [`OutcomeError::Invalid`] with every field's error when accepted content does not fit
/// `T`; [`OutcomeError::Malformed`] for content that is not an object.
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::model::{ElicitResult, ElicitationAction};
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Confirm { ok: bool }
///
/// let result = ElicitResult::new(ElicitationAction::Accept).with_content(serde_json::json!({"ok": true}));
/// assert_eq!(ElicitOutcome::<Confirm>::try_from(&result).unwrap(), ElicitOutcome::Accepted(Confirm { ok: true }));
///
/// let cancelled = ElicitResult::new(ElicitationAction::Cancel);
/// assert_eq!(ElicitOutcome::<Confirm>::try_from(&cancelled).unwrap(), ElicitOutcome::Cancelled);
/// ```
impl<T: Elicit> TryFrom<&m::ElicitResult> for ElicitOutcome<T> {
    type Error = OutcomeError;

    fn try_from(result: &m::ElicitResult) -> Result<Self, OutcomeError> {
        Self::from_elicit_result(&ElicitResult::try_from(result)?)
    }
}

/// rmcp's result for a typed answer (what a client handler in Rust returns).
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::model::{ElicitResult, ElicitationAction};
///
/// #[derive(Elicit)]
/// struct Confirm { ok: bool }
///
/// let result = ElicitResult::from(&ElicitOutcome::Accepted(Confirm { ok: false }));
/// assert_eq!(result.content, Some(serde_json::json!({"ok": false})));
/// assert_eq!(ElicitResult::from(&ElicitOutcome::<Confirm>::Declined).action, ElicitationAction::Decline);
/// ```
impl<T: Elicit> From<&ElicitOutcome<T>> for m::ElicitResult {
    fn from(outcome: &ElicitOutcome<T>) -> Self {
        Self::from(&outcome.to_elicit_result())
    }
}

/// ```
/// use elicit_core::protocol::ElicitAction;
/// use rmcp::model::ElicitationAction;
///
/// assert_eq!(ElicitationAction::from(ElicitAction::Cancel), ElicitationAction::Cancel);
/// ```
impl From<ElicitAction> for m::ElicitationAction {
    fn from(action: ElicitAction) -> Self {
        match action {
            ElicitAction::Accept => Self::Accept,
            ElicitAction::Decline => Self::Decline,
            ElicitAction::Cancel => Self::Cancel,
        }
    }
}

/// The elicitation modes a client declared: `elicitation: {}` (no mode named) means form
/// only, as in 2025-06-18; no `elicitation` means none.
///
/// ```
/// use elicit_core::protocol::ElicitationSupport;
/// use rmcp::model::ClientCapabilities;
///
/// let capabilities = ClientCapabilities::builder().enable_elicitation().build();
/// assert_eq!(ElicitationSupport::from(&capabilities), ElicitationSupport::FORM);
/// assert_eq!(ElicitationSupport::from(&ClientCapabilities::default()), ElicitationSupport::NONE);
/// ```
impl From<&m::ClientCapabilities> for ElicitationSupport {
    fn from(capabilities: &m::ClientCapabilities) -> Self {
        match &capabilities.elicitation {
            None => Self::NONE,
            Some(elicitation) => {
                let form = elicitation.form.is_some();
                let url = elicitation.url.is_some();
                if form || url {
                    Self { form, url }
                } else {
                    Self::FORM
                }
            }
        }
    }
}

/// The revision whose elicitation rules apply to a negotiated rmcp protocol version: the
/// newest revision this crate knows that is not newer than `version`. A version older
/// than 2025-06-18, which has no elicitation, is treated as 2025-06-18.
///
/// ```
/// use elicit_core::protocol::ProtocolVersion;
/// use elicit_core::rmcp::protocol_version;
/// use rmcp::model::ProtocolVersion as Negotiated;
///
/// assert_eq!(protocol_version(&Negotiated::V_2025_11_25), ProtocolVersion::V2025_11_25);
/// assert_eq!(protocol_version(&Negotiated::V_2026_07_28), ProtocolVersion::V2026_07_28);
/// assert_eq!(protocol_version(&Negotiated::V_2025_03_26), ProtocolVersion::V2025_06_18);
/// ```
pub fn protocol_version(version: &m::ProtocolVersion) -> ProtocolVersion {
    let text = version.as_str();
    ProtocolVersion::ALL
        .into_iter()
        .rev()
        .find(|known| known.as_str() <= text)
        .unwrap_or(ProtocolVersion::V2025_06_18)
}

/// ```
/// use elicit_core::protocol::ProtocolVersion;
/// assert_eq!(rmcp::model::ProtocolVersion::from(ProtocolVersion::V2026_07_28), rmcp::model::ProtocolVersion::V_2026_07_28);
/// ```
impl From<ProtocolVersion> for m::ProtocolVersion {
    fn from(version: ProtocolVersion) -> Self {
        match version {
            ProtocolVersion::V2025_06_18 => Self::V_2025_06_18,
            ProtocolVersion::V2025_11_25 => Self::V_2025_11_25,
            ProtocolVersion::V2026_07_28 => Self::V_2026_07_28,
        }
    }
}
