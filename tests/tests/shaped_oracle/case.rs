//! One generated form (a "case"), whatever its type: how it is built, what it sends on each
//! revision, and what each way of reading an answer makes of it, as a [`Verdict`] that can be
//! compared across paths (the typed value's `Debug`, or every error's field and kind).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use elicit_core::dialog::{Dialog, Halt};
use elicit_core::protocol::{
    DEFAULT_MESSAGE_LIMIT, ElicitResult, MultiSelectFallback, ProtocolVersion, ReadError,
};
use elicit_core::schema::RequestedSchema;
use elicit_core::{ContentError, ElicitOutcome, FieldError, Form, ShapeError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::forms::Spec;
use crate::model::Field;

pub const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

/// What one way of reading made of an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// Accepted: the typed value, as `Debug` writes it.
    Accepted(String),
    /// Refused: each error's field and kind, in order, and the whole message.
    Refused {
        fields: Vec<(String, String)>,
        message: String,
    },
    /// Anything else (a declined outcome, a malformed answer, a call that failed).
    Other(String),
}

impl Verdict {
    pub fn refused(error: &ContentError) -> Self {
        Self::Refused {
            fields: error
                .errors()
                .iter()
                .map(|error| (error.field().to_owned(), error.kind().code().to_owned()))
                .collect(),
            message: error.to_string(),
        }
    }

    pub fn of<T: std::fmt::Debug>(read: &Result<T, ContentError>) -> Self {
        match read {
            Ok(value) => Self::Accepted(format!("{value:?}")),
            Err(error) => Self::refused(error),
        }
    }

    pub fn fields(&self) -> Vec<&str> {
        match self {
            Self::Refused { fields, .. } => {
                fields.iter().map(|(field, _)| field.as_str()).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// The reference reading of an answer on a revision: the verdict, and for an accepted
/// answer the value written back as content and the model's run-time checks on it.
pub struct Reading {
    pub verdict: Verdict,
    pub written: Option<Result<Map<String, Value>, String>>,
    pub checked: Option<Result<(), String>>,
}

pub type Asking = Pin<Box<dyn Future<Output = Result<String, Halt>> + Send>>;

/// A generated form of any of the types.
pub trait Case: Send + Sync {
    fn name(&self) -> &str;
    fn type_name(&self) -> &'static str;
    fn shaping(&self) -> Vec<String>;
    fn flaw(&self) -> Option<&'static str>;
    fn shape_error(&self) -> Option<&ShapeError>;
    fn fields(&self) -> Vec<Field>;
    /// The `requestedSchema` a dialog sends on `version` (2025-06-18: the form as that
    /// revision sends it, its multi-selects as checkboxes).
    fn sent(&self, version: ProtocolVersion) -> Value;
    /// The answer read as a dialog reads it on `version`: against the form as that revision
    /// sends it, its checkboxes folded back (each box that is no boolean an error first).
    fn read(&self, version: ProtocolVersion, content: &Map<String, Value>) -> Reading;
    /// What the form as sent on `version` reads of `content`: where it asks checkboxes, the
    /// boxes folded back (a box that is no boolean left out).
    fn readable(
        &self,
        version: ProtocolVersion,
        content: &Map<String, Value>,
    ) -> Map<String, Value>;
    /// `readable` (what the form as sent on `version` reads: boxes folded back) read by
    /// `Form::read`, and by every other way of reading it in process: `Form::outcome`, the
    /// bytes path (in a JSON-RPC response when `envelope`), `T::from_content` for a form of
    /// the type's own on a revision that sends it as it is.
    fn paths(
        &self,
        version: ProtocolVersion,
        readable: &Map<String, Value>,
        envelope: bool,
    ) -> Vec<(&'static str, Verdict)>;
    /// Asks the form through `dialog` (under the key `form`), and tells the verdict as JSON.
    fn ask(self: Arc<Self>, dialog: Dialog) -> Asking;
}

/// A generated form of the type of spec `S`.
pub struct Generated<S: Spec> {
    pub name: String,
    pub spec: S,
    pub form: Result<Form<S::Value>, ShapeError>,
}

impl<S: Spec> Generated<S> {
    pub fn new(name: String, spec: S) -> Self {
        let form = spec.build();
        Self { name, spec, form }
    }

    fn form(&self) -> &Form<S::Value> {
        self.form
            .as_ref()
            .expect("only a form that was built is asked")
    }
}

/// `content` with the checkboxes of `schema`'s multi-selects folded back, and the errors of
/// the boxes answered with no boolean (read, like the rest, as not ticked).
pub fn fold(
    schema: &RequestedSchema,
    content: &Map<String, Value>,
) -> (Map<String, Value>, Vec<FieldError>) {
    match MultiSelectFallback::Checkboxes.read_answer(schema, content) {
        Ok(folded) => (folded, Vec::new()),
        Err(errors) => {
            let mut rest = content.clone();
            for error in errors.errors() {
                rest.remove(error.field());
            }
            let folded = MultiSelectFallback::Checkboxes
                .read_answer(schema, &rest)
                .expect("only the boxes named were not booleans");
            (folded, errors.into_errors())
        }
    }
}

fn bytes(readable: &Map<String, Value>, envelope: bool) -> Vec<u8> {
    let result = json!({"action": "accept", "content": readable});
    let message = if envelope {
        json!({"jsonrpc": "2.0", "id": 7, "result": result})
    } else {
        result
    };
    serde_json::to_vec(&message).expect("JSON")
}

fn outcome_verdict<T: std::fmt::Debug>(outcome: Result<ElicitOutcome<T>, Verdict>) -> Verdict {
    match outcome {
        Ok(ElicitOutcome::Accepted(value)) => Verdict::Accepted(format!("{value:?}")),
        Ok(other) => Verdict::Other(format!("{other:?}")),
        Err(verdict) => verdict,
    }
}

impl<S: Spec> Case for Generated<S> {
    fn name(&self) -> &str {
        &self.name
    }

    fn type_name(&self) -> &'static str {
        S::TYPE
    }

    fn shaping(&self) -> Vec<String> {
        self.spec.shaping()
    }

    fn flaw(&self) -> Option<&'static str> {
        self.spec.flaw()
    }

    fn shape_error(&self) -> Option<&ShapeError> {
        self.form.as_ref().err()
    }

    fn fields(&self) -> Vec<Field> {
        self.spec.fields()
    }

    fn sent(&self, version: ProtocolVersion) -> Value {
        let params = self
            .form()
            .for_revision(version)
            .request()
            .render_with(version, MultiSelectFallback::Checkboxes)
            .expect("every generated form can be sent on every revision");
        params["requestedSchema"].clone()
    }

    fn read(&self, version: ProtocolVersion, content: &Map<String, Value>) -> Reading {
        let asked = self.form().for_revision(version);
        let (readable, mut errors) = if version.has_multi_select() {
            (content.clone(), Vec::new())
        } else {
            fold(asked.schema(), content)
        };
        match asked.read(&readable) {
            Ok(value) if errors.is_empty() => Reading {
                verdict: Verdict::Accepted(format!("{value:?}")),
                written: Some(self.spec.write(&value)),
                checked: Some(self.spec.check(&value)),
            },
            Ok(_) => Reading {
                verdict: Verdict::refused(&ContentError::from(errors)),
                written: None,
                checked: None,
            },
            Err(error) => {
                errors.extend(error.into_errors());
                Reading {
                    verdict: Verdict::refused(&ContentError::from(errors)),
                    written: None,
                    checked: None,
                }
            }
        }
    }

    fn readable(
        &self,
        version: ProtocolVersion,
        content: &Map<String, Value>,
    ) -> Map<String, Value> {
        if version.has_multi_select() {
            content.clone()
        } else {
            fold(self.form().for_revision(version).schema(), content).0
        }
    }

    fn paths(
        &self,
        version: ProtocolVersion,
        readable: &Map<String, Value>,
        envelope: bool,
    ) -> Vec<(&'static str, Verdict)> {
        let asked = self.form().for_revision(version);
        let mut paths = vec![("Form::read", Verdict::of(&asked.read(readable)))];
        let result = ElicitResult::from_value(&json!({"action": "accept", "content": readable}))
            .expect("an ElicitResult");
        paths.push((
            "Form::outcome",
            outcome_verdict(
                asked
                    .outcome(&result)
                    .map_err(|error| match error.content_error() {
                        Some(error) => Verdict::refused(error),
                        None => Verdict::Other(error.to_string()),
                    }),
            ),
        ));
        let read =
            asked.outcome_from_slice_limited(&bytes(readable, envelope), DEFAULT_MESSAGE_LIMIT);
        paths.push((
            "Form::outcome_from_slice_limited",
            outcome_verdict(read.map_err(|error| match &error {
                ReadError::Outcome(outcome) => match outcome.content_error() {
                    Some(error) => Verdict::refused(error),
                    None => Verdict::Other(error.to_string()),
                },
                _ => Verdict::Other(error.to_string()),
            })),
        ));
        if version.has_defaults()
            && let Some(read) = self.spec.type_reader(readable)
        {
            paths.push(("T::from_content", Verdict::of(&read)));
        }
        paths
    }

    fn ask(self: Arc<Self>, dialog: Dialog) -> Asking {
        let form = self.form().clone();
        Box::pin(async move {
            let verdict = match dialog.ask_form("form", form).await {
                Ok(outcome) => outcome_verdict(Ok(outcome)),
                Err(halt) => match halt.invalid() {
                    Some(errors) => Verdict::refused(errors),
                    None => return Err(halt),
                },
            };
            Ok(serde_json::to_string(&verdict).expect("a verdict writes as JSON"))
        })
    }
}
