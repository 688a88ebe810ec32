//! The wire's messages made for, and read into, a typed form: the methods of the protocol's
//! types that name [`Elicit`] (the protocol module itself knows only JSON and schemas).

use serde_json::{Map, Value};

use super::{Elicit, FormMode};
use crate::protocol::{
    ElicitAction, ElicitOutcome, ElicitRequest, ElicitResult, FormRequest, InputResponses,
    OutcomeError, ReadError,
};
use crate::schema::SharedSchema;

impl FormRequest {
    /// The form of `T`, prompted with `T::message()`; the schema is borrowed, not copied.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::FormRequest;
    ///
    /// /// Confirm the deletion
    /// #[derive(Elicit)]
    /// struct Confirm { ok: bool }
    ///
    /// let form = FormRequest::of::<Confirm>();
    /// assert_eq!(form.message(), "Confirm the deletion");
    /// assert!(std::ptr::eq(form.requested_schema(), Confirm::requested_schema()));
    /// ```
    pub fn of<T: Elicit>() -> Self {
        Self {
            message: T::message().to_owned(),
            requested_schema: SharedSchema::Static(T::requested_schema()),
        }
    }
}

impl ElicitRequest {
    /// A form request for `T`: its `requestedSchema`, prompted with `T::message()` (replace
    /// the prompt with [`message`](Self::message)).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::protocol::{ElicitMode, ElicitRequest};
    ///
    /// /// Confirm the deletion
    /// #[derive(Elicit)]
    /// struct Confirm { ok: bool }
    ///
    /// let request = ElicitRequest::form::<Confirm>();
    /// assert_eq!((request.mode(), request.message_text()), (ElicitMode::Form, "Confirm the deletion"));
    /// ```
    pub fn form<T: Elicit + FormMode>() -> Self {
        Self::Form(FormRequest::of::<T>())
    }
}

impl InputResponses {
    /// The typed outcome under `key`.
    ///
    /// # Errors
    /// As [`result`](Self::result), and [`OutcomeError::Invalid`] when accepted content
    /// does not fit `T`.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use elicit_core::protocol::InputResponses;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Confirm { ok: bool }
    ///
    /// let responses = InputResponses::from_value(&serde_json::json!({
    ///     "confirm": {"action": "accept", "content": {"ok": true}}
    /// })).unwrap();
    /// assert_eq!(responses.outcome::<Confirm>("confirm").unwrap(), ElicitOutcome::Accepted(Confirm { ok: true }));
    /// ```
    pub fn outcome<T: Elicit>(&self, key: &str) -> Result<ElicitOutcome<T>, OutcomeError> {
        ElicitOutcome::from_elicit_result(&self.result(key)?)
    }
}

impl<T: Elicit> ElicitOutcome<T> {
    /// Reads the client's answer: an `ElicitResult` object, a whole JSON-RPC response, or a
    /// 2026-07-28 `inputResponses` entry (which is an `ElicitResult` object). See
    /// [`ElicitResult::from_value`] for what is accepted.
    ///
    /// An `accept` with no `content` is parsed as empty content, which succeeds only when
    /// every field of `T` is optional or has a default.
    ///
    /// # Errors
    /// An [`OutcomeError`]; for invalid content, [`OutcomeError::Invalid`] keeps the
    /// per-field [`ContentError`](crate::ContentError).
    ///
    /// ```
    /// # use elicit_core::{Elicit, ElicitOutcome};
    /// # use elicit_core::protocol::OutcomeError;
    /// # use serde_json::json;
    /// #[derive(Elicit, Debug)]
    /// struct Age {
    ///     #[elicit(minimum = 18)]
    ///     age: u8,
    /// }
    ///
    /// let error = ElicitOutcome::<Age>::from_result(&json!({"action": "accept", "content": {"age": 12}})).unwrap_err();
    /// assert_eq!(error.content_error().unwrap().errors()[0].field(), "age");
    ///
    /// let error = ElicitOutcome::<Age>::from_result(&json!({"action": "accept"})).unwrap_err();
    /// assert!(matches!(error, OutcomeError::Invalid(_)));
    /// ```
    pub fn from_result(result: &Value) -> Result<Self, OutcomeError> {
        Self::from_elicit_result(&ElicitResult::from_value(result)?)
    }

    /// Parses the content of an already-read [`ElicitResult`].
    ///
    /// # Errors
    /// [`OutcomeError::Invalid`] when an accepted content does not fit `T`.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use elicit_core::protocol::ElicitResult;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Confirm { ok: bool }
    ///
    /// let result = ElicitResult::from_value(&serde_json::json!({"action": "accept", "content": {"ok": false}})).unwrap();
    /// assert_eq!(ElicitOutcome::<Confirm>::from_elicit_result(&result).unwrap(), ElicitOutcome::Accepted(Confirm { ok: false }));
    /// ```
    pub fn from_elicit_result(result: &ElicitResult) -> Result<Self, OutcomeError> {
        match result.action {
            ElicitAction::Accept => {
                let empty = Map::new();
                let content = result.content.as_ref().unwrap_or(&empty);
                T::from_content(content)
                    .map(Self::Accepted)
                    .map_err(OutcomeError::Invalid)
            }
            ElicitAction::Decline => Ok(Self::Declined),
            ElicitAction::Cancel => Ok(Self::Cancelled),
        }
    }

    /// The `ElicitResult` a client sends for this outcome (content via `T::to_content`).
    ///
    /// ```
    /// # use elicit_core::{Elicit, ElicitOutcome};
    /// #[derive(Elicit)]
    /// struct Ok { ok: bool }
    ///
    /// assert_eq!(
    ///     ElicitOutcome::Accepted(Ok { ok: true }).to_result(),
    ///     serde_json::json!({"action": "accept", "content": {"ok": true}}),
    /// );
    /// assert_eq!(ElicitOutcome::<Ok>::Cancelled.to_result(), serde_json::json!({"action": "cancel"}));
    /// ```
    pub fn to_result(&self) -> Value {
        self.to_elicit_result().to_value()
    }

    /// This outcome as an untyped [`ElicitResult`].
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use elicit_core::protocol::ElicitAction;
    ///
    /// #[derive(Elicit)]
    /// struct Confirm { ok: bool }
    ///
    /// let result = ElicitOutcome::<Confirm>::Declined.to_elicit_result();
    /// assert_eq!((result.action, result.content), (ElicitAction::Decline, None));
    /// ```
    pub fn to_elicit_result(&self) -> ElicitResult {
        match self {
            Self::Accepted(answer) => ElicitResult::accept(answer.to_content()),
            Self::Declined => ElicitResult::decline(),
            Self::Cancelled => ElicitResult::cancel(),
        }
    }

    /// Reads the client's answer from the bytes of a message and parses its content into
    /// `T`: what [`ElicitResult::from_slice_limited`], then
    /// [`from_elicit_result`](Self::from_elicit_result) give.
    ///
    /// For a struct form that derives `Elicit`, the answer is read from the bytes straight into
    /// the form's fields, with no `Value` in between (strings are borrowed from the bytes until
    /// the field's value is built), and still every field's error is reported. Keys may come
    /// in any order (`action` after `content` too); a key sent twice keeps its last value, as
    /// a `Value` would. Any other shape than an `ElicitResult` or a JSON-RPC response carrying
    /// one (an error response, an unknown action, …) is read the general way, so the result
    /// and the errors are always those of the two calls above.
    ///
    /// # Errors
    /// As [`ElicitResult::from_slice_limited`]; invalid content is
    /// `ReadError::Outcome(OutcomeError::Invalid(_))`.
    ///
    /// ```
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use elicit_core::protocol::DEFAULT_MESSAGE_LIMIT;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Age {
    ///     age: u8,
    /// }
    ///
    /// let bytes = br#"{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"age":36}}}"#;
    /// let outcome = ElicitOutcome::<Age>::from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT).unwrap();
    /// assert_eq!(outcome, ElicitOutcome::Accepted(Age { age: 36 }));
    /// ```
    pub fn from_slice_limited(bytes: &[u8], limit: usize) -> Result<Self, ReadError> {
        if let Some(reader) = &T::READER {
            if bytes.len() > limit {
                return Err(ReadError::TooLarge {
                    limit,
                    length: bytes.len(),
                });
            }
            // A derived struct form: the bytes straight into its slots, read against its own
            // schema (as `Form::outcome_from_slice_limited` reads a form shaped at run time).
            // The reader answers the common shapes and leaves the rest to the general way.
            let sent = crate::read::Sent::in_order(T::requested_schema());
            match crate::read::read_bytes(bytes, reader, &sent) {
                Err(error) => return Err(ReadError::Json(error)),
                Ok(Some(outcome)) => {
                    return outcome
                        .map_err(|error| ReadError::Outcome(OutcomeError::Invalid(error)));
                }
                Ok(None) => {}
            }
        }
        let result = ElicitResult::from_slice_limited(bytes, limit)?;
        Ok(Self::from_elicit_result(&result)?)
    }
}
