//! What a dialog keeps between rounds (the sealed memory), and the progress of one run.
//!
//! Only what was checked is kept: an answered form's content is the entries its form asks
//! for, after they were read without an error; a form asked again keeps the fields that
//! were right and the errors of the others, not the answer around them. A client that
//! answers with unknown keys or a huge value the form refused makes no state larger.
//!
//! What a person typed is wiped where this module holds it: a [`Memory`] (opened from the
//! state, or gathered during the call) when the run's [`Progress`] is dropped, and a
//! [`Correction`] wherever it is dropped (the [`Zeroize`] of each says what is wiped).

use serde_json::{Map, Number, Value};
use zeroize::Zeroize;

use crate::error::JsonType;
use crate::protocol::{ElicitAction, ElicitResult};
use crate::schema::StringFormat;
use crate::state::{wipe, wipe_values};
use crate::{ContentError, FieldError, FieldErrorKind};

/// What the sealed `requestState` holds between rounds.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct Memory {
    /// The answered rounds, in order.
    #[serde(rename = "r", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) rounds: Vec<Round>,
    /// How many answers to the pending round did not fit its form.
    #[serde(rename = "t", default, skip_serializing_if = "is_zero")]
    pub(super) tries: u32,
    /// What the pending round's last answer got wrong: a retry that comes back without an
    /// answer is asked the corrected form again, not the first one.
    #[serde(rename = "w", default, skip_serializing_if = "Option::is_none")]
    pub(super) correction: Option<Correction>,
    /// The digest of the form the pending round asked, when it was shaped at run time: the
    /// answer is read only against that same offer.
    #[serde(rename = "d", default, skip_serializing_if = "Option::is_none")]
    pub(super) offer: Option<String>,
    /// The answers to the pending round gathered so far (several inputs at once).
    #[serde(rename = "p", default, skip_serializing_if = "Map::is_empty")]
    pub(super) partial: Map<String, Value>,
    /// The digests of the forms shaped at run time that the pending round of several inputs
    /// asked, by key: each answer is read only against that same offer.
    #[serde(rename = "o", default, skip_serializing_if = "Map::is_empty")]
    pub(super) offers: Map<String, Value>,
    /// The values kept with [`Dialog::remember`](super::Dialog::remember).
    #[serde(rename = "m", default, skip_serializing_if = "Map::is_empty")]
    pub(super) kept: Map<String, Value>,
    /// The id of the link the pending round sent (a URL-mode form): the retry finds the
    /// answer the page stored by it. Never the answer itself.
    #[serde(rename = "u", default, skip_serializing_if = "Option::is_none")]
    pub(super) link: Option<PendingUrl>,
}

/// Wipes every string a person may have typed, or that quotes it, in place: the answers of
/// the rounds and their errors, the correction, the partial answers and the values kept with
/// `remember`. Not the keys, the offers' digests or the link's id, which name things.
impl Zeroize for Memory {
    fn zeroize(&mut self) {
        self.rounds.iter_mut().for_each(Round::zeroize);
        if let Some(correction) = &mut self.correction {
            correction.zeroize();
        }
        wipe_values(&mut self.partial);
        wipe_values(&mut self.kept);
    }
}

impl Memory {
    /// Forgets what only the pending round needed (its tries, its correction, its offers and
    /// the partial answers, wiped first): the round was answered or is to be asked again.
    pub(super) fn clear_pending(&mut self) {
        self.tries = 0;
        self.correction = None;
        self.offer = None;
        wipe_values(&mut self.partial);
        self.partial.clear();
        self.offers.clear();
    }
}

/// A memory is copied to measure a state too large: each copy is wiped when dropped.
impl Drop for Memory {
    fn drop(&mut self) {
        self.zeroize();
    }
}

/// The answer kept for an answered form: its action, and the content its form read.
pub(super) fn kept_result(result: &ElicitResult, content: Option<Map<String, Value>>) -> Value {
    let mut map = Map::new();
    map.insert("action".to_owned(), Value::from(result.action.as_str()));
    if let Some(content) = content {
        map.insert("content".to_owned(), Value::Object(content));
    }
    Value::Object(map)
}

#[cfg(test)]
impl Memory {
    /// Every string [`zeroize`](Zeroize::zeroize) empties.
    fn residue(&self) -> String {
        let mut residue: String = self.rounds.iter().map(Round::residue).collect();
        residue.extend(self.correction.as_ref().map(Correction::residue));
        residue.push_str(&crate::state::observed::residue(
            self.partial.values().chain(self.kept.values()),
        ));
        residue
    }
}

/// The link a pending URL-mode form sent: the key it was asked under and the link's id.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(super) struct PendingUrl {
    #[serde(rename = "k")]
    pub(super) key: String,
    #[serde(rename = "i")]
    pub(super) id: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(tries: &u32) -> bool {
    *tries == 0
}

/// One answered round.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct Round {
    /// The key asked.
    #[serde(rename = "k")]
    pub(super) key: String,
    /// What the round kept of its answer.
    #[serde(rename = "a")]
    pub(super) kept: Kept,
    /// The digest of the form as asked, when it was shaped at run time.
    #[serde(rename = "d", default, skip_serializing_if = "Option::is_none")]
    pub(super) offer: Option<String>,
    /// A round of several inputs: the digest of each form shaped at run time, by key.
    #[serde(rename = "o", default, skip_serializing_if = "Map::is_empty")]
    pub(super) offers: Map<String, Value>,
}

/// What an answered round keeps of its answer: never more than its form read.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) enum Kept {
    /// A form's answer (or a URL request's): the action, and the content its form read.
    #[serde(rename = "f")]
    Form {
        #[serde(rename = "a", with = "action")]
        action: ElicitAction,
        #[serde(rename = "c", default, skip_serializing_if = "Option::is_none")]
        content: Option<Map<String, Value>>,
    },
    /// A URL-mode form the server serves: the action and, accepted, the id of the link whose
    /// answer the page stored (never the answer itself).
    #[serde(rename = "u")]
    Link {
        #[serde(rename = "a", with = "action")]
        action: ElicitAction,
        #[serde(rename = "l", default, skip_serializing_if = "Option::is_none")]
        link: Option<String>,
    },
    /// A round of several inputs: each input's answer as kept, by key.
    #[serde(rename = "g")]
    Inputs(Map<String, Value>),
    /// A form whose last attempt did not fit either: that answer's errors ([`record_all`]),
    /// which a replay fails with again.
    #[serde(rename = "x")]
    GaveUp(Vec<Value>),
}

impl Kept {
    /// What a form's answer keeps: its action, and the content its form read.
    pub(super) fn form(result: &ElicitResult, content: Option<Map<String, Value>>) -> Self {
        Self::Form {
            action: result.action,
            content,
        }
    }
}

/// An action kept by its wire name (`"accept"`).
mod action {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::protocol::ElicitAction;

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` passes a reference
    pub(super) fn serialize<S: Serializer>(
        action: &ElicitAction,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(action.as_str())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<ElicitAction, D::Error> {
        let name = <&str>::deserialize(deserializer)?;
        ElicitAction::parse(name).ok_or_else(|| D::Error::custom("not an action"))
    }
}

/// Wipes what the answer holds (its content, its answers, its errors, which may quote a
/// value), in place; not its action or its link's id, which name things.
impl Zeroize for Round {
    fn zeroize(&mut self) {
        match &mut self.kept {
            Kept::Form {
                content: Some(content),
                ..
            } => wipe_values(content),
            Kept::Inputs(answers) => wipe_values(answers),
            Kept::GaveUp(errors) => errors.iter_mut().for_each(wipe),
            Kept::Form { content: None, .. } | Kept::Link { .. } => {}
        }
    }
}

/// A round is copied out of the memory to be replayed: each copy is wiped when dropped.
impl Drop for Round {
    fn drop(&mut self) {
        self.zeroize();
    }
}

#[cfg(test)]
impl Round {
    fn residue(&self) -> String {
        match &self.kept {
            Kept::Form {
                content: Some(content),
                ..
            } => crate::state::observed::residue(content.values()),
            Kept::Inputs(answers) => crate::state::observed::residue(answers.values()),
            Kept::GaveUp(errors) => crate::state::observed::residue(errors.iter()),
            Kept::Form { content: None, .. } | Kept::Link { .. } => String::new(),
        }
    }
}

/// What a form asked again must say and keep.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct Correction {
    /// The fields the person got right, with their values (the new request's defaults).
    #[serde(rename = "r", default, skip_serializing_if = "Map::is_empty")]
    pub(super) right: Map<String, Value>,
    /// The errors of the others ([`record`]).
    #[serde(rename = "e", default)]
    pub(super) errors: Vec<Value>,
}

impl Correction {
    pub(super) fn errors(&self) -> ContentError {
        restore_all(&self.errors)
    }

    #[cfg(test)]
    fn residue(&self) -> String {
        crate::state::observed::residue(self.right.values().chain(&self.errors))
    }
}

/// Wipes the values that were right and the errors (which may quote a value), in place.
impl Zeroize for Correction {
    fn zeroize(&mut self) {
        wipe_values(&mut self.right);
        self.errors.iter_mut().for_each(wipe);
    }
}

/// A correction is cloned out of the memory to ask the form again: each copy is wiped.
impl Drop for Correction {
    fn drop(&mut self) {
        self.zeroize();
        #[cfg(test)]
        crate::state::observed::dropped("Correction", self.residue());
    }
}

/// The state of one run of the body.
#[derive(Debug, Default)]
pub(super) struct Progress {
    pub(super) memory: Memory,
    /// The round the next question is.
    pub(super) cursor: usize,
    /// The round `inputResponses` answer (the one pending when the state was sealed), while
    /// they have not been read.
    pub(super) pending: Option<usize>,
    /// Whether a state came with the call: the pending round was asked before.
    pub(super) resumed: bool,
    /// The key of the answer this attempt read from `inputResponses` and recorded, if any:
    /// the one to name when the state it makes is too large.
    pub(super) fresh: Option<String>,
}

/// The memory is wiped when the run's progress is dropped: with the dialog.
impl Drop for Progress {
    fn drop(&mut self) {
        self.memory.zeroize();
        #[cfg(test)]
        crate::state::observed::dropped("Progress", self.memory.residue());
    }
}

/// The errors, each as [`record`] writes it.
pub(super) fn record_all(errors: &ContentError) -> Vec<Value> {
    errors.errors().iter().map(record).collect()
}

/// The errors [`record_all`] wrote; a record this version cannot read becomes an `Invalid`
/// error with the message it was recorded with.
pub(super) fn restore_all(records: &[Value]) -> ContentError {
    ContentError::from(records.iter().filter_map(restore).collect::<Vec<_>>())
}

/// One field error, every detail of its kind kept, so that a round replayed from the state
/// fails with the very error it failed with: `{"f": field, "k": code, "m": message, …}`.
fn record(error: &FieldError) -> Value {
    let mut map = Map::new();
    map.insert("f".to_owned(), Value::from(error.field()));
    map.insert("k".to_owned(), Value::from(error.kind().code()));
    map.insert("m".to_owned(), Value::from(error.kind().to_string()));
    let mut put = |key: &str, value: Value| {
        map.insert(key.to_owned(), value);
    };
    match error.kind() {
        FieldErrorKind::WrongType { expected, found } => {
            put("x", Value::from(expected.name()));
            put("y", Value::from(found.name()));
        }
        FieldErrorKind::TooShort {
            min_length: a,
            length: b,
        }
        | FieldErrorKind::TooLong {
            max_length: a,
            length: b,
        }
        | FieldErrorKind::TooFewItems {
            min_items: a,
            count: b,
        }
        | FieldErrorKind::TooManyItems {
            max_items: a,
            count: b,
        } => {
            put("x", Value::from(*a));
            put("y", Value::from(*b));
        }
        FieldErrorKind::BelowMinimum {
            minimum: a,
            value: b,
        }
        | FieldErrorKind::AboveMaximum {
            maximum: a,
            value: b,
        } => {
            put("x", Value::Number(a.clone()));
            put("y", Value::Number(b.clone()));
        }
        FieldErrorKind::NotAnInteger { value } => put("y", Value::Number(value.clone())),
        FieldErrorKind::OutOfRange { type_name, value } => {
            put("x", Value::from(*type_name));
            put("y", Value::Number(value.clone()));
        }
        FieldErrorKind::BadFormat { format } => put("x", Value::from(format.as_str())),
        FieldErrorKind::PatternMismatch { pattern } => put("x", Value::from(pattern.as_str())),
        FieldErrorKind::UnknownOption { value, allowed } => {
            put("x", Value::from(allowed.clone()));
            put("y", Value::from(value.as_str()));
        }
        FieldErrorKind::DuplicateOption { value } => put("y", Value::from(value.as_str())),
        FieldErrorKind::Invalid { reason } => put("x", Value::from(reason.as_str())),
        _ => {}
    }
    Value::Object(map)
}

fn restore(record: &Value) -> Option<FieldError> {
    let field = record.get("f")?.as_str()?;
    let code = record.get("k")?.as_str()?;
    let message = record.get("m").and_then(Value::as_str).unwrap_or("");
    let kind = restore_kind(code, record).unwrap_or_else(|| FieldErrorKind::Invalid {
        reason: message.to_owned(),
    });
    Some(FieldError::new(field, kind))
}

fn restore_kind(code: &str, record: &Value) -> Option<FieldErrorKind> {
    let x = record.get("x");
    let y = record.get("y");
    let count = |value: Option<&Value>| value.and_then(Value::as_u64);
    let number = |value: Option<&Value>| -> Option<Number> {
        match value? {
            Value::Number(number) => Some(number.clone()),
            _ => None,
        }
    };
    let text = |value: Option<&Value>| value.and_then(Value::as_str).map(str::to_owned);
    Some(match code {
        "missing" => FieldErrorKind::Missing,
        "wrong_type" => FieldErrorKind::WrongType {
            expected: json_type(x?.as_str()?)?,
            found: json_type(y?.as_str()?)?,
        },
        "too_short" => FieldErrorKind::TooShort {
            min_length: count(x)?,
            length: count(y)?,
        },
        "too_long" => FieldErrorKind::TooLong {
            max_length: count(x)?,
            length: count(y)?,
        },
        "too_few_items" => FieldErrorKind::TooFewItems {
            min_items: count(x)?,
            count: count(y)?,
        },
        "too_many_items" => FieldErrorKind::TooManyItems {
            max_items: count(x)?,
            count: count(y)?,
        },
        "below_minimum" => FieldErrorKind::BelowMinimum {
            minimum: number(x)?,
            value: number(y)?,
        },
        "above_maximum" => FieldErrorKind::AboveMaximum {
            maximum: number(x)?,
            value: number(y)?,
        },
        "not_an_integer" => FieldErrorKind::NotAnInteger { value: number(y)? },
        "out_of_range" => FieldErrorKind::OutOfRange {
            type_name: type_name(x?.as_str()?)?,
            value: number(y)?,
        },
        "bad_format" => FieldErrorKind::BadFormat {
            format: string_format(x?.as_str()?)?,
        },
        "pattern_mismatch" => FieldErrorKind::PatternMismatch { pattern: text(x)? },
        "unknown_option" => FieldErrorKind::UnknownOption {
            value: text(y)?,
            allowed: x?
                .as_array()?
                .iter()
                .map(|option| option.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()?,
        },
        "duplicate_option" => FieldErrorKind::DuplicateOption { value: text(y)? },
        "unknown_field" => FieldErrorKind::UnknownField,
        "invalid" => FieldErrorKind::Invalid { reason: text(x)? },
        _ => return None,
    })
}

fn json_type(name: &str) -> Option<JsonType> {
    [
        JsonType::Null,
        JsonType::Boolean,
        JsonType::Integer,
        JsonType::Number,
        JsonType::String,
        JsonType::Array,
        JsonType::Object,
    ]
    .into_iter()
    .find(|ty| ty.name() == name)
}

fn string_format(name: &str) -> Option<StringFormat> {
    [
        StringFormat::Email,
        StringFormat::Uri,
        StringFormat::Date,
        StringFormat::DateTime,
    ]
    .into_iter()
    .find(|format| format.as_str() == name)
}

/// The type names an `OutOfRange` error names (they are `&'static str`).
fn type_name(name: &str) -> Option<&'static str> {
    const NAMES: [&str; 26] = [
        "u8",
        "u16",
        "u32",
        "u64",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "isize",
        "f32",
        "f64",
        "NonZeroU8",
        "NonZeroU16",
        "NonZeroU32",
        "NonZeroU64",
        "NonZeroUsize",
        "NonZeroI8",
        "NonZeroI16",
        "NonZeroI32",
        "NonZeroI64",
        "NonZeroIsize",
        "NonZero<u8>",
        "NonZero<u16>",
        "NonZero<u32>",
        "NonZero<u64>",
    ];
    NAMES.into_iter().find(|known| *known == name)
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{Map, Value, json};
    use zeroize::Zeroize as _;

    use super::{Correction, Kept, Memory, Progress, Round, record_all, restore_all};
    use crate::error::JsonType;
    use crate::protocol::ElicitAction;
    use crate::schema::StringFormat;
    use crate::state::observed::take_dropped;
    use crate::{ContentError, FieldError, FieldErrorKind};

    /// A memory holding `secret` in every field that can hold what a person typed (seven
    /// times in all).
    fn holding(secret: &str) -> Memory {
        let mut memory = Memory::default();
        memory.rounds.push(Round {
            key: "card".into(),
            kept: Kept::Form {
                action: ElicitAction::Accept,
                content: json!({"number": secret, "cvc": 123}).as_object().cloned(),
            },
            offer: None,
            offers: Map::new(),
        });
        memory.rounds.push(Round {
            key: "pin".into(),
            kept: Kept::GaveUp(vec![
                json!({"f": "pin", "k": "invalid", "m": "refused", "x": secret}),
            ]),
            offer: None,
            offers: Map::new(),
        });
        memory.correction = Some(Correction {
            right: Map::from_iter([("name".to_owned(), Value::from(secret))]),
            errors: vec![json!({"f": "plan", "k": "unknown_option", "x": ["a"], "y": secret})],
        });
        memory.partial.insert(
            "key".into(),
            json!({"action": "accept", "content": {"key": secret, "tags": [secret]}}),
        );
        memory.kept.insert("token".into(), json!([secret]));
        memory
    }

    #[test]
    fn zeroize_empties_every_value_a_person_typed_and_keeps_the_shape() {
        let mut memory = holding("hunter2");
        let sealed = serde_json::to_string(&memory).unwrap();
        assert_eq!(sealed.matches("hunter2").count(), 7);
        assert_eq!(memory.residue().matches("hunter2").count(), 7);
        memory.zeroize();
        assert_eq!(memory.residue(), "");
        let wiped = serde_json::to_value(&memory).unwrap();
        assert!(!wiped.to_string().contains("hunter2"), "{wiped}");
        assert_eq!(
            wiped["r"][0]["a"]["f"]["c"],
            json!({"number": "", "cvc": 123})
        );
        assert_eq!(wiped["m"], json!({"token": [""]}));
    }

    /// A run's memory is wiped when its progress is dropped (the dialog with it).
    #[test]
    fn the_memory_is_wiped_when_the_progress_is_dropped() {
        take_dropped("Progress");
        let mut progress = Progress::default();
        progress.memory = holding("hunter2");
        drop(progress);
        assert_eq!(take_dropped("Progress"), [""]);
    }

    /// A correction cloned out of the memory is wiped where it is dropped.
    #[test]
    fn a_copy_of_the_correction_is_wiped_when_dropped() {
        let memory = holding("hunter2");
        take_dropped("Correction");
        let copy = memory.correction.clone();
        let residue = copy.as_ref().map(Correction::residue).unwrap_or_default();
        assert_eq!(residue.matches("hunter2").count(), 2);
        drop(copy);
        assert_eq!(take_dropped("Correction"), [""]);
    }

    /// One error of every kind, for the tests of what reads or words them.
    pub(in crate::dialog) fn every_kind() -> Vec<FieldErrorKind> {
        vec![
            FieldErrorKind::Missing,
            FieldErrorKind::WrongType {
                expected: JsonType::Integer,
                found: JsonType::String,
            },
            FieldErrorKind::TooShort {
                min_length: 2,
                length: 1,
            },
            FieldErrorKind::TooLong {
                max_length: 2,
                length: 9,
            },
            FieldErrorKind::BelowMinimum {
                minimum: 1.into(),
                value: (-4).into(),
            },
            FieldErrorKind::AboveMaximum {
                maximum: 12.into(),
                value: 40.into(),
            },
            FieldErrorKind::NotAnInteger {
                value: serde_json::Number::from_f64(1.5).unwrap(),
            },
            FieldErrorKind::OutOfRange {
                type_name: "u8",
                value: 300.into(),
            },
            FieldErrorKind::BadFormat {
                format: StringFormat::Email,
            },
            FieldErrorKind::PatternMismatch {
                pattern: "^a$".into(),
            },
            FieldErrorKind::UnknownOption {
                value: "x".into(),
                allowed: vec!["a".into(), "b".into()],
            },
            FieldErrorKind::DuplicateOption { value: "a".into() },
            FieldErrorKind::TooFewItems {
                min_items: 1,
                count: 0,
            },
            FieldErrorKind::TooManyItems {
                max_items: 1,
                count: 3,
            },
            FieldErrorKind::UnknownField,
            FieldErrorKind::Invalid {
                reason: "taken".into(),
            },
        ]
    }

    #[test]
    fn every_kind_comes_back_as_it_was() {
        let kinds = every_kind();
        let errors = ContentError::from(
            kinds
                .into_iter()
                .enumerate()
                .map(|(index, kind)| FieldError::new(format!("f{index}"), kind))
                .collect::<Vec<_>>(),
        );
        assert_eq!(restore_all(&record_all(&errors)), errors);
    }
}
