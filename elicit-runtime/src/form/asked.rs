//! One form as it is asked: [`Form`], its schema, its prompt and how its answer is read.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::shape::{Checks, run_checks};
use super::{Elicit, FormMode};
use crate::error::ContentError;
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, OutcomeError, ReadError,
};
#[cfg(feature = "state")]
use crate::read::{AsSent, FieldPlan};
use crate::read::{FormReader, Plan, Sent, read_map};
use crate::schema::{RequestedSchema, SharedSchema};

/// A function that reads an accepted answer's `content` into a `T`.
type ReadFn<T> = Arc<dyn Fn(&Map<String, Value>) -> Result<T, ContentError> + Send + Sync>;

/// How a form reads an accepted answer's `content` into its type.
enum Reading<T> {
    /// A derived struct form: its one reader, each field against the field as sent, as
    /// `plan` says (none: every property of the schema sent, in order). A field kept from an
    /// earlier answer (a form asked again) was first asked with its property in `first`.
    Derived {
        reader: FormReader<T>,
        plan: Option<Arc<Plan>>,
        first: Option<SharedSchema>,
    },
    /// A function: a one-question (enum) form's own `from_content`, which reads its schema
    /// exactly; or a form written by hand (`Form::from_schema`), whose answer is checked
    /// against its schema first (`check_schema`).
    Function { read: ReadFn<T>, check_schema: bool },
}

impl<T> Clone for Reading<T> {
    fn clone(&self) -> Self {
        match self {
            Self::Derived {
                reader,
                plan,
                first,
            } => Self::Derived {
                reader: *reader,
                plan: plan.clone(),
                first: first.clone(),
            },
            Self::Function { read, check_schema } => Self::Function {
                read: Arc::clone(read),
                check_schema: *check_schema,
            },
        }
    }
}

/// A form as it is asked: the schema sent, the prompt, and how the answer is read and
/// checked, for an answer of type `T`.
///
/// For a derived form, `Form::<T>::new()` is `T`'s own: its cached schema, its doc comment as
/// the prompt, `T::from_content` as the reader. Change the prompt with
/// [`message`](Self::message); ask it with a dialog's `ask_form` (which also says how many
/// times an answer that does not fit is asked again), or by hand:
/// [`request`](Self::request) is what to send, [`outcome`](Self::outcome) reads what came
/// back.
///
/// ```
/// use elicit_core::{Elicit, ElicitOutcome, Form};
/// use elicit_core::protocol::ElicitResult;
/// use serde_json::json;
///
/// /// How many people?
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Party {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let form = Form::<Party>::new().message("How many people, including you?");
/// assert_eq!(form.request().message_text(), "How many people, including you?");
///
/// let answer = ElicitResult::from_value(&json!({"action": "accept", "content": {"size": 4}})).unwrap();
/// assert_eq!(form.outcome(&answer).unwrap(), ElicitOutcome::Accepted(Party { size: 4 }));
/// ```
pub struct Form<T> {
    message: Cow<'static, str>,
    schema: SharedSchema,
    reading: Reading<T>,
    /// Whether the schema differs from the type's own (narrowed, given options at run time):
    /// the answer is then checked against this schema too, and its digest is carried from
    /// round to round.
    shaped: bool,
    checks: Option<Checks<T>>,
}

impl<T> Clone for Form<T> {
    fn clone(&self) -> Self {
        Self {
            message: self.message.clone(),
            schema: self.schema.clone(),
            reading: self.reading.clone(),
            shaped: self.shaped,
            checks: self.checks.clone(),
        }
    }
}

impl<T> fmt::Debug for Form<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Form")
            .field("message", &self.message)
            .field("schema", &self.schema)
            .field("shaped", &self.shaped)
            .finish_non_exhaustive()
    }
}

// The bound is on the method, not on the impl: unmet, it is then rustc's "trait bound not
// satisfied" error with `Elicit`'s own wording (and, for a form whose options are given at
// run time, the derive's, saying to ask its builder), not "`new` exists but its trait bounds
// were not satisfied".
impl<T> Form<T> {
    /// `T`'s own form: its cached schema, prompted with `T::message()`, read as
    /// `T::from_content` reads it, asked once.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// /// Your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// let form = Form::<Name>::new();
    /// assert_eq!(form.request().message_text(), "Your name?");
    /// assert!(std::ptr::eq(form.schema(), Name::requested_schema()));
    /// ```
    pub fn new() -> Self
    where
        T: Elicit + 'static,
    {
        let reading = match T::READER {
            Some(reader) => Reading::Derived {
                reader,
                plan: None,
                first: None,
            },
            None => Reading::Function {
                read: Arc::new(T::from_content),
                check_schema: false,
            },
        };
        Self {
            message: Cow::Borrowed(T::message()),
            schema: SharedSchema::Static(T::requested_schema()),
            reading,
            shaped: false,
            checks: None,
        }
    }
}

impl<T: Elicit + 'static> Default for Form<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Form<T> {
    /// A form of this schema whose answer `read` turns into a `T`. The answer is checked
    /// against `schema` first (every constraint it states), then handed to `read`.
    ///
    /// This is how a form built at run time is made; a derived form's `form()` builder
    /// calls it for you.
    ///
    /// ```
    /// use elicit_core::Form;
    /// use elicit_core::protocol::ElicitResult;
    /// use elicit_core::schema::{BooleanSchema, PropertySchema, RequestedSchema};
    /// use serde_json::json;
    ///
    /// let mut schema = RequestedSchema::new();
    /// schema.push("ok", PropertySchema::Boolean(BooleanSchema::default()), true);
    /// let form = Form::from_schema("Proceed?", schema, |content| Ok(content["ok"] == true));
    ///
    /// let yes = ElicitResult::from_value(&json!({"action": "accept", "content": {"ok": true}})).unwrap();
    /// assert_eq!(form.outcome(&yes).unwrap().accepted(), Some(true));
    /// let wrong = ElicitResult::from_value(&json!({"action": "accept", "content": {"ok": "yes"}})).unwrap();
    /// assert_eq!(form.outcome(&wrong).unwrap_err().content_error().unwrap().errors()[0].field(), "ok");
    /// ```
    pub fn from_schema(
        message: impl Into<String>,
        schema: RequestedSchema,
        read: impl Fn(&Map<String, Value>) -> Result<T, ContentError> + Send + Sync + 'static,
    ) -> Self {
        Self {
            message: Cow::Owned(message.into()),
            schema: SharedSchema::new(schema),
            reading: Reading::Function {
                read: Arc::new(read),
                check_schema: true,
            },
            shaped: true,
            checks: None,
        }
    }

    /// A form shaped at run time by a derived form's builder: `schema` as sent, its fields
    /// as `plan` says, read by the form's one reader.
    pub(crate) fn shaped(
        message: Cow<'static, str>,
        schema: Arc<RequestedSchema>,
        reader: FormReader<T>,
        plan: Plan,
    ) -> Self {
        Self {
            message,
            schema: SharedSchema::Shared(schema),
            reading: Reading::Derived {
                reader,
                plan: Some(Arc::new(plan)),
                first: None,
            },
            shaped: true,
            checks: None,
        }
    }

    /// Replaces the prompt.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().message("And yours?").request().message_text(), "And yours?");
    /// ```
    #[must_use]
    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = Cow::Owned(message.into());
        self
    }

    /// The prompt.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// /// Your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().prompt(), "Your name?");
    /// ```
    pub fn prompt(&self) -> &str {
        &self.message
    }

    /// The schema sent.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().schema().properties.len(), 1);
    /// ```
    pub fn schema(&self) -> &RequestedSchema {
        &self.schema
    }

    /// Whether the form was shaped at run time (its schema is not the type's own).
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert!(!Form::<Name>::new().is_shaped());
    /// ```
    pub fn is_shaped(&self) -> bool {
        self.shaped
    }

    /// The `elicitation/create` request that asks this form in form mode, for a form that holds
    /// no secret ([`FormMode`]): a form with a `SecretString` field is asked on a page of the
    /// server's own instead (`Dialog::ask_url_form`), and `request()` on it does not compile.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    /// use elicit_core::protocol::ElicitMode;
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().request().mode(), ElicitMode::Form);
    /// ```
    pub fn request(&self) -> ElicitRequest
    where
        T: FormMode,
    {
        self.form_request()
    }

    /// The form-mode request, for the paths that took [`FormMode`] where they were entered
    /// (and refuse a secret field at run time before they render it: `secret_refused`).
    pub(crate) fn form_request(&self) -> ElicitRequest {
        ElicitRequest::from_shared_schema(self.message.clone(), self.schema.clone())
    }

    /// Reads an accepted answer's `content` against the form exactly as it is sent: each field
    /// against its property as sent (a narrower bound, fewer options, the default sent, what
    /// was offered), once; then the checks given at run time. A field left out gets the
    /// default that was sent, and only that.
    ///
    /// # Errors
    /// A [`ContentError`] naming every field that does not fit.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// struct Name { name: String }
    ///
    /// let error = Form::<Name>::new().read(json!({}).as_object().unwrap()).unwrap_err();
    /// assert_eq!(error.errors()[0].field(), "name");
    /// ```
    pub fn read(&self, content: &Map<String, Value>) -> Result<T, ContentError> {
        let answer = match &self.reading {
            Reading::Derived { reader, .. } => read_map(content, reader, &self.sent())?,
            Reading::Function { read, check_schema } => {
                if *check_schema {
                    self.schema.validate(content)?;
                }
                read(content)?
            }
        };
        if let Some(checks) = &self.checks {
            run_checks(checks, &answer)?;
        }
        Ok(answer)
    }

    /// Reads the client's answer from the bytes of a message, as [`outcome`](Self::outcome)
    /// reads it from an [`ElicitResult`]: a derived struct form reads the bytes straight into
    /// its fields (no `Value` tree in between), against the form as sent, and reports every
    /// field's error. An answer of another shape than an `ElicitResult` or a JSON-RPC
    /// response carrying one (an error response, an unknown action…) is read the general way,
    /// [`ElicitResult::from_slice_limited`] then [`outcome`](Self::outcome), so the result
    /// and its errors are always what those give.
    ///
    /// # Errors
    /// As [`ElicitResult::from_slice_limited`]; content that does not fit the form is
    /// `ReadError::Outcome(OutcomeError::Invalid(_))`.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use elicit_core::protocol::DEFAULT_MESSAGE_LIMIT;
    ///
    /// /// How many tickets?
    /// #[derive(Elicit, Debug, PartialEq)]
    /// #[elicit(shaped)]
    /// struct Tickets { #[elicit(minimum = 1, maximum = 10)] count: u8 }
    ///
    /// let form = Tickets::form().count(|f| f.maximum(2)).build().unwrap();
    /// let bytes = br#"{"action":"accept","content":{"count":4}}"#;
    /// let error = form.outcome_from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT).unwrap_err();
    /// assert!(error.to_string().ends_with("`count`: must be at most 2, got 4"));
    /// ```
    pub fn outcome_from_slice_limited(
        &self,
        bytes: &[u8],
        limit: usize,
    ) -> Result<ElicitOutcome<T>, ReadError> {
        if bytes.len() > limit {
            return Err(ReadError::TooLarge {
                limit,
                length: bytes.len(),
            });
        }
        if let Reading::Derived { reader, .. } = &self.reading {
            match crate::read::read_bytes(bytes, reader, &self.sent()) {
                Err(error) => return Err(ReadError::Json(error)),
                Ok(Some(Ok(ElicitOutcome::Accepted(answer)))) => {
                    if let Some(checks) = &self.checks {
                        run_checks(checks, &answer)
                            .map_err(|errors| ReadError::Outcome(OutcomeError::Invalid(errors)))?;
                    }
                    return Ok(ElicitOutcome::Accepted(answer));
                }
                Ok(Some(outcome)) => {
                    return outcome
                        .map_err(|error| ReadError::Outcome(OutcomeError::Invalid(error)));
                }
                Ok(None) => {}
            }
        }
        let result = ElicitResult::from_slice_limited(bytes, limit)?;
        Ok(self.outcome(&result)?)
    }

    /// This form as protocol revision `version` can send it, to be asked and read as such. A
    /// revision without `default`s beyond booleans (2025-06-18) cannot pre-fill a string, a
    /// number or a single select: such a field is sent without its default, is required when
    /// it needs a value (it is no `Option`), and an answer that leaves it out is not read as
    /// that default, which the person never saw. (A multi-select's default is sent as ticked
    /// checkboxes where it is asked as checkboxes.) On the other revisions the form is as it is.
    ///
    /// A [`Dialog`](crate::dialog::Dialog) asks every form so; a server asking by hand does the
    /// same with this.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    /// use elicit_core::protocol::ProtocolVersion;
    /// use serde_json::json;
    ///
    /// /// How many people?
    /// #[derive(Elicit, Debug)]
    /// struct Party { #[elicit(minimum = 1, maximum = 12, default = 2)] size: u8 }
    ///
    /// let form = Form::<Party>::new().for_revision(ProtocolVersion::V2025_06_18);
    /// assert!(form.schema().is_required("size"));
    /// assert!(form.read(json!({}).as_object().unwrap()).is_err());
    /// let form = Form::<Party>::new().for_revision(ProtocolVersion::V2025_11_25);
    /// assert_eq!(form.read(json!({}).as_object().unwrap()).unwrap().size, 2);
    /// ```
    #[must_use]
    pub fn for_revision(&self, version: crate::protocol::ProtocolVersion) -> Self {
        if !matches!(self.reading, Reading::Derived { .. }) {
            return self.clone();
        }
        let unsendable = |property: &crate::schema::PropertySchema| {
            use crate::schema::PropertySchema as P;
            !version.has_defaults()
                && matches!(
                    property,
                    P::String(_)
                        | P::Number(_)
                        | P::UntitledSingleSelect(_)
                        | P::TitledSingleSelect(_)
                        | P::LegacyTitledEnum(_)
                )
                && property.default_value().is_some()
        };
        if !self.schema.properties.iter().any(|(_, p)| unsendable(p)) {
            return self.clone();
        }
        let mut schema = RequestedSchema::clone(&self.schema);
        let mut required = Vec::new();
        for (name, property) in &mut schema.properties {
            if unsendable(property) {
                property.clear_default();
                if self.needs_value(name) {
                    required.push(name.clone());
                }
            }
        }
        for name in required {
            super::shape::parts::set_required(&mut schema, &name, true);
        }
        let mut form = self.clone();
        form.schema = SharedSchema::new(schema);
        form
    }

    /// The wire names of the form's secret fields
    /// ([`ElicitField::SECRET`](crate::ElicitField::SECRET)), for a derived struct form.
    #[cfg_attr(not(any(feature = "state", feature = "url-forms")), allow(dead_code))]
    pub(crate) fn secret_fields(&self) -> Vec<&'static str> {
        self.flagged(|reader| reader.secret)
    }

    /// The wire names of the fields marked `ask_if_missing`, for a derived struct form: what a
    /// tool call may leave to the person ([`Asked`](crate::dialog::Asked)).
    #[cfg(feature = "state")]
    pub(crate) fn askable_fields(&self) -> Vec<&'static str> {
        self.flagged(|reader| reader.askable)
    }

    /// The wire names of a derived struct form's fields whose flag in `flags` is set; none for
    /// a form written by hand.
    #[cfg_attr(not(any(feature = "state", feature = "url-forms")), allow(dead_code))]
    fn flagged(&self, flags: fn(&FormReader<T>) -> &'static [bool]) -> Vec<&'static str> {
        match &self.reading {
            Reading::Derived { reader, .. } => reader
                .names
                .iter()
                .zip(flags(reader))
                .filter_map(|(name, set)| set.then_some(*name))
                .collect(),
            Reading::Function { .. } => Vec::new(),
        }
    }

    /// Whether the field `name` needs a value (it is no `Option`): left out, it gets the
    /// default sent, or is missing. For a form written by hand, whether its schema requires it.
    pub(crate) fn needs_value(&self, name: &str) -> bool {
        match &self.reading {
            Reading::Derived { reader, .. } => reader
                .names
                .iter()
                .position(|known| *known == name)
                .and_then(|index| reader.needs_value.get(index).copied())
                .unwrap_or(false),
            Reading::Function { .. } => self.schema.is_required(name),
        }
    }

    /// The form as sent, as a derived form's reader takes it.
    fn sent(&self) -> Sent<'_> {
        match &self.reading {
            Reading::Derived {
                plan: Some(plan),
                first,
                ..
            } => Sent::planned(&self.schema, first.as_deref().unwrap_or(&self.schema), plan),
            _ => Sent::in_order(&self.schema),
        }
    }

    /// The checks run on every answer once it was read.
    pub(crate) fn with_checks(mut self, checks: Checks<T>) -> Self {
        if !checks.is_empty() {
            self.checks = Some(checks);
        }
        self
    }

    /// Reads the client's answer: accepted content into a `T`, a decline or a cancel as such.
    ///
    /// # Errors
    /// [`OutcomeError::Invalid`] with every field's error when accepted content does not fit.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome, Form};
    /// use elicit_core::protocol::ElicitResult;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().outcome(&ElicitResult::decline()).unwrap(), ElicitOutcome::Declined);
    /// ```
    pub fn outcome(&self, result: &ElicitResult) -> Result<ElicitOutcome<T>, OutcomeError> {
        match result.action {
            ElicitAction::Accept => {
                let empty = Map::new();
                let content = result.content.as_ref().unwrap_or(&empty);
                self.read(content)
                    .map(ElicitOutcome::Accepted)
                    .map_err(OutcomeError::Invalid)
            }
            ElicitAction::Decline => Ok(ElicitOutcome::Declined),
            ElicitAction::Cancel => Ok(ElicitOutcome::Cancelled),
        }
    }

    /// What the form read of `content`, as content that reads back the same without the
    /// form's defaults or earlier answers: each field asked with its value as given (not
    /// `null`), a field that needs a value and was left out with the default sent, a field
    /// kept from an earlier answer with that answer. Keys the form does not ask, which its
    /// reader ignored, are left out. What a dialog keeps of an answered round, and what a form
    /// asked again keeps of the fields answered right.
    #[cfg(feature = "state")]
    pub(crate) fn read_content(&self, content: &Map<String, Value>) -> Map<String, Value> {
        let Reading::Derived { reader, .. } = &self.reading else {
            return content
                .iter()
                .filter(|(key, value)| !value.is_null() && self.schema.property(key).is_some())
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect();
        };
        let sent = self.sent();
        let mut read = Map::new();
        for (index, name) in reader.names.iter().enumerate() {
            let value = match sent.field(index) {
                AsSent::Asked(property) => match content.get(*name) {
                    Some(value) if !value.is_null() => Some(value.clone()),
                    _ if reader.needs_value.get(index).copied().unwrap_or(false) => {
                        property.default_value()
                    }
                    _ => None,
                },
                AsSent::Kept(value, _) => Some(value.clone()),
                AsSent::Unasked => None,
            };
            if let Some(value) = value {
                read.insert((*name).to_owned(), value);
            }
        }
        read
    }

    /// The form asked again after an answer with `errors`: the same questions, the fields in
    /// error empty (no default: a person who presses Submit again does not send a value they
    /// did not choose; required when they need a value), the fields answered right (`right`,
    /// as [`read_content`](Self::read_content) gave them) kept. Where the revision can pre-fill
    /// them (`prefill`), they are asked again with their answers as defaults; where it cannot
    /// (2025-06-18 has `default` only on booleans), only the fields in error are asked, and
    /// the others are kept as they were answered. Either way the value read back is whole.
    ///
    /// `Reask::ErrorsOnly` asks the fields in error and nothing else (a tool call's missing
    /// arguments: an optional one the call left out is not asked either).
    #[cfg(feature = "state")]
    pub(crate) fn reask(
        &self,
        right: &Map<String, Value>,
        errors: &ContentError,
        how: Reask,
    ) -> Self {
        let prefill = how == Reask::Prefill;
        let in_error = self.schema.properties_in(errors);
        let in_error = |name: &str| in_error.contains(&name);
        let mut form = self.clone();
        let mut schema = RequestedSchema::clone(&self.schema);
        let keep_out = !prefill && matches!(self.reading, Reading::Derived { .. });
        let mut required = Vec::new();
        for (name, property) in &mut schema.properties {
            if let Some(value) = right.get(name.as_str()) {
                // Pre-filled with the answer: left out, it is read as that answer.
                if property.set_default_value(value) {
                    required.push((name.clone(), false));
                }
            } else if in_error(name) {
                property.clear_default();
                required.push((name.clone(), self.needs_value(name)));
            }
        }
        for (name, needed) in required {
            super::shape::parts::set_required(&mut schema, &name, needed);
        }
        if keep_out {
            let asked = |name: &str| match how {
                Reask::ErrorsOnly => in_error(name),
                _ => !right.contains_key(name),
            };
            schema.properties.retain(|(name, _)| asked(name));
            schema.required.retain(|name| asked(name));
        }
        if let Reading::Derived {
            reader,
            plan: _,
            first,
        } = &mut form.reading
        {
            let sent = self.sent();
            let first_schema = first.clone().unwrap_or_else(|| self.schema.clone());
            let fields = reader
                .names
                .iter()
                .enumerate()
                .map(|(index, name)| {
                    let at = schema
                        .properties
                        .iter()
                        .position(|(property, _)| property == name);
                    let first = || {
                        first_schema
                            .properties
                            .iter()
                            .position(|(property, _)| property == name)
                    };
                    match (sent.field(index), at, right.get(*name)) {
                        (AsSent::Asked(_) | AsSent::Kept(..), Some(at), _) => FieldPlan::Asked(at),
                        (AsSent::Asked(_) | AsSent::Kept(..), None, Some(value)) => first()
                            .map_or(FieldPlan::Unasked, |first| {
                                FieldPlan::Kept(value.clone(), first)
                            }),
                        _ => FieldPlan::Unasked,
                    }
                })
                .collect();
            let offers = match &self.reading {
                Reading::Derived {
                    plan: Some(plan), ..
                } => plan.offers.clone(),
                _ => Vec::new(),
            };
            form.reading = Reading::Derived {
                reader: *reader,
                plan: Some(Arc::new(Plan::new(fields, offers))),
                first: Some(first_schema),
            };
        }
        form.schema = SharedSchema::new(schema);
        form
    }
}

/// How [`Form::reask`] keeps what was right.
#[cfg(feature = "state")]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reask {
    /// Every field asked again, those right pre-filled with their answers as defaults.
    Prefill,
    /// The fields right kept out of the form, the others asked.
    KeepOut,
    /// Only the fields in error asked; those right kept, the others unasked.
    ErrorsOnly,
}

/// What can be asked as a form answered by a `T`: a [`Form`], or a derived form's builder
/// once everything it needs at run time is given.
///
/// ```
/// use elicit_core::{Elicit, Form, IntoForm};
///
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let form: Form<Name> = Form::<Name>::new().into_form().unwrap();
/// assert_eq!(form.schema().properties.len(), 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a form that can be asked for a `{T}`",
    label = "not a complete form",
    note = "ask a `Form<{T}>` (`Form::<{T}>::new()`), or a derived form's builder (`{T}::form()`) once every field filled at run time has its options"
)]
pub trait IntoForm<T> {
    /// The form, or why it cannot be asked.
    ///
    /// # Errors
    /// A [`ShapeError`] when something given at run time contradicts the form (a default
    /// outside its options, a bound wider than the field allows, no option left).
    fn into_form(self) -> Result<Form<T>, ShapeError>;
}

impl<T> IntoForm<T> for Form<T> {
    fn into_form(self) -> Result<Form<T>, ShapeError> {
        Ok(self)
    }
}

/// Why a form shaped at run time cannot be asked: what was given for a field contradicts
/// what the field allows. Found before anything is sent.
///
/// ```
/// use elicit_core::ShapeError;
///
/// let error = ShapeError::new("travellers", "maximum 0 is below the minimum 1");
/// assert_eq!(error.field(), "travellers");
/// assert_eq!(error.to_string(), "the form cannot be asked: field `travellers`: maximum 0 is below the minimum 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError {
    field: String,
    problem: String,
}

impl ShapeError {
    /// A problem with the field of this wire name.
    ///
    /// ```
    /// assert_eq!(elicit_core::ShapeError::new("date", "no option").problem(), "no option");
    /// ```
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            problem: problem.into(),
        }
    }

    /// The field's wire name.
    ///
    /// ```
    /// assert_eq!(elicit_core::ShapeError::new("date", "no option").field(), "date");
    /// ```
    pub fn field(&self) -> &str {
        &self.field
    }

    /// What is wrong with it.
    ///
    /// ```
    /// assert_eq!(elicit_core::ShapeError::new("date", "no option").problem(), "no option");
    /// ```
    pub fn problem(&self) -> &str {
        &self.problem
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the form cannot be asked: field `{}`: {}",
            self.field, self.problem
        )
    }
}

impl std::error::Error for ShapeError {}
