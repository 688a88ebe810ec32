//! One form as it is asked: [`Form`], its schema, its prompt and how its answer is read.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde_json::{Map, Value};

use crate::protocol::{ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, OutcomeError};
use crate::schema::{RequestedSchema, SharedSchema};
use crate::shape::{Checks, run_checks};
use crate::{ContentError, Elicit};

/// Reads an accepted answer's `content` into the form's type.
type Reader<T> = Arc<dyn Fn(&Map<String, Value>) -> Result<T, ContentError> + Send + Sync>;

/// A form as it is asked: the schema sent, the prompt, and how the answer is read and
/// checked, for an answer of type `T`.
///
/// For a derived form, `Form::<T>::new()` is `T`'s own: its cached schema, its doc comment as
/// the prompt, `T::from_content` as the reader. Change the prompt with
/// [`message`](Self::message) and the number of times an invalid answer is asked again with
/// [`attempts`](Self::attempts); ask it with a dialog's `ask_form`, or by hand:
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
    reader: Reader<T>,
    /// Whether the schema differs from the type's own (narrowed, given options at run time):
    /// the answer is then checked against this schema too, and its digest is carried from
    /// round to round.
    shaped: bool,
    attempts: u32,
    checks: Option<Checks<T>>,
}

impl<T> Clone for Form<T> {
    fn clone(&self) -> Self {
        Self {
            message: self.message.clone(),
            schema: self.schema.clone(),
            reader: Arc::clone(&self.reader),
            shaped: self.shaped,
            attempts: self.attempts,
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
            .field("attempts", &self.attempts)
            .finish_non_exhaustive()
    }
}

// The bound is on the method, not on the impl: unmet, it is then rustc's "trait bound not
// satisfied" error with `Elicit`'s own wording (and, for a form whose options are given at
// run time, the derive's, saying to ask its builder), not "`new` exists but its trait bounds
// were not satisfied".
impl<T> Form<T> {
    /// `T`'s own form: its cached schema, prompted with `T::message()`, read with
    /// `T::from_content`, asked once.
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
        Self {
            message: Cow::Borrowed(T::message()),
            schema: SharedSchema::Static(T::requested_schema()),
            reader: Arc::new(T::from_content),
            shaped: false,
            attempts: 1,
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
            reader: Arc::new(read),
            shaped: true,
            attempts: 1,
            checks: None,
        }
    }

    /// A form shaped at run time by a derived form's builder.
    pub(crate) fn shaped(
        message: Cow<'static, str>,
        schema: Arc<RequestedSchema>,
        read: impl Fn(&Map<String, Value>) -> Result<T, ContentError> + Send + Sync + 'static,
    ) -> Self {
        Self {
            message,
            schema: SharedSchema::Shared(schema),
            reader: Arc::new(read),
            shaped: true,
            attempts: 1,
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

    /// Asks again while the accepted answer does not fit, up to `attempts` times in all (at
    /// least once; the default). Each new request says, after the prompt, what to correct,
    /// and keeps the fields already right as their defaults.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().attempts(3).attempt_limit(), 3);
    /// assert_eq!(Form::<Name>::new().attempts(0).attempt_limit(), 1);
    /// ```
    #[must_use]
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// How many times the form is asked at most.
    ///
    /// ```
    /// use elicit_core::{Elicit, Form};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// assert_eq!(Form::<Name>::new().attempt_limit(), 1);
    /// ```
    pub fn attempt_limit(&self) -> u32 {
        self.attempts
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

    /// The `elicitation/create` request that asks this form.
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
    pub fn request(&self) -> ElicitRequest {
        ElicitRequest::from_shared_schema(self.message.clone(), self.schema.clone())
    }

    /// Reads an accepted answer's `content`: checked against the form's schema when it was
    /// shaped at run time, then read into a `T`, every field's error collected.
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
        if self.shaped {
            self.schema.validate(content)?;
        }
        let answer = (self.reader)(content)?;
        if let Some(checks) = &self.checks {
            run_checks(checks, &answer)?;
        }
        Ok(answer)
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

    /// What of an accepted answer is worth keeping once it was read: the entries the form
    /// asks for, without `null`s. Unknown keys, which the reader ignored, are left out.
    #[cfg(feature = "state")]
    pub(crate) fn kept_content(&self, content: &Map<String, Value>) -> Map<String, Value> {
        content
            .iter()
            .filter(|(key, value)| !value.is_null() && self.schema.property(key).is_some())
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect()
    }
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
