//! `ElicitOutcome::<T>::from_slice_limited` for a derived struct form: the answer read from
//! its bytes straight into the form's slots, with no `Value` tree in between.
//!
//! One generic, table-driven reader (over the form's field-name table) serves every form, so
//! nothing here is generated per form. It reads the shapes a client sends: an `ElicitResult`
//! object (`{"action":…,"content":{…}}`, keys in any order, `resultType` and `_meta` allowed)
//! or a JSON-RPC response carrying one (`{"jsonrpc":"2.0","id":…,"result":{…}}`). Anything
//! else — an error response, an unknown action, a `content` that is not an object, a
//! `resultType` other than `"complete"`, a key that `serde_json` reserves for its
//! `arbitrary_precision` or `raw_value` numbers — is read again the general way (bytes to
//! `Value`, then `ElicitResult::from_value` and `from_content`), so that every such case is
//! answered exactly as before. Only the common case is new, and it agrees with the general
//! way by construction of the slots: a key read twice keeps its last value, as a `Value`
//! does; keys come in any order (`action` after `content` included); every field's error is
//! reported; unknown keys are reported sorted and once each.
//!
//! Every value this reader does not keep (an unknown key's, an `id`, `_meta`) is still read as
//! a `Value` rather than skipped, so that the syntax, recursion-limit and number-range errors
//! are the ones `serde_json::from_slice::<Value>` gives, at the same place.

use std::borrow::Cow;
use std::fmt;

use serde_core::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde_core::de::{Deserialize, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value};

use super::errors::Errors;
use super::sent::Sent;
use super::slots::{
    FormReader, INLINE_SLOTS, Slot, empty_slots, into_result, position, report_unknown,
};
use crate::error::ContentError;
use crate::protocol::{ElicitAction, ElicitOutcome};
use crate::raw::Raw;

/// The keys `serde_json` uses to pass an `arbitrary_precision` number or a `RawValue` through
/// a map: the reader falls back rather than read them as keys.
const RESERVED_KEYS: [&str; 2] = [
    "$serde_json::private::Number",
    "$serde_json::private::RawValue",
];

/// What [`read`] found: an outcome, or `None` to read the bytes again the general way.
pub(crate) type Read<T> = Option<Result<ElicitOutcome<T>, ContentError>>;

/// Reads an answer from `bytes` (already within the size limit) for the form `reader`
/// describes, each field against the field as `sent`. `Err` is `serde_json`'s error for bytes
/// that are not one JSON value, exactly as `serde_json::from_slice::<Value>` reports it.
///
/// The content is read into the form's slots, kept on the stack for a form of up to
/// [`INLINE_SLOTS`] names; everything but building the form is [`parse`]'s, compiled once.
pub(crate) fn read<T>(
    bytes: &[u8],
    reader: &FormReader<T>,
    sent: &Sent<'_>,
) -> Result<Read<T>, serde_json::Error> {
    let count = reader.names.len();
    let mut inline: [Slot<'_>; INLINE_SLOTS] = [const { None }; INLINE_SLOTS];
    let mut heap: Vec<Slot<'_>>;
    let slots = if count <= INLINE_SLOTS {
        inline.get_mut(..count).unwrap_or_default()
    } else {
        heap = empty_slots(count);
        heap.as_mut_slice()
    };
    let read = match parse(bytes, reader.names, reader.deny_unknown, slots) {
        Err(error) => Err(error),
        Ok(Found::Elsewise) => Ok(None),
        Ok(Found::Declined) => Ok(Some(Ok(ElicitOutcome::Declined))),
        Ok(Found::Cancelled) => Ok(Some(Ok(ElicitOutcome::Cancelled))),
        Ok(Found::Accepted { unknown }) => {
            let mut errors = Errors::new();
            let value = (reader.build)(slots, sent, &mut errors);
            report_unknown(unknown.iter().map(AsRef::as_ref).collect(), &mut errors);
            Ok(Some(
                into_result(value, errors).map(ElicitOutcome::Accepted),
            ))
        }
    };
    release(&mut inline);
    // What is left in the inline slots only borrows (`release` took the rest): nothing to
    // drop, and skipping the drop of sixteen slots is measurable here.
    std::mem::forget(inline);
    read
}

/// Drops what the slots own (an unescaped string, an array, a `Value`, an
/// `arbitrary_precision` number), leaving what only borrows in place.
fn release(slots: &mut [Slot<'_>]) {
    for slot in slots {
        if matches!(
            slot,
            Some(Raw::Number(_) | Raw::String(_) | Raw::Array(_) | Raw::Value(_))
        ) {
            drop(slot.take());
        }
    }
}

/// What [`parse`] found: an accepted answer (its content in the slots, and the keys the form
/// does not know when it denies them), a decline, a cancel, or an answer of another shape, to
/// be read again the general way.
enum Found<'de> {
    Accepted { unknown: Vec<Cow<'de, str>> },
    Declined,
    Cancelled,
    Elsewise,
}

/// Reads `bytes` as an answer, the content into `slots` (empty, one per name of `names`).
fn parse<'de>(
    bytes: &'de [u8],
    names: &[&'static str],
    deny_unknown: bool,
    slots: &mut [Slot<'de>],
) -> Result<Found<'de>, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let mut fill = Fill {
        names,
        deny_unknown,
        slots,
        contents: 0,
    };
    let level = LevelSeed { fill: &mut fill }.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(level.map_or(Found::Elsewise, |level| decide(level, fill.contents)))
}

/// Chooses as `ElicitResult::from_value` does, falling back on all but the common shapes.
/// `contents`: how many `content` values were read into the slots (at most one).
fn decide(level: Level<'_>, contents: u32) -> Found<'_> {
    if level.fall_back {
        return Found::Elsewise;
    }
    if level.action.is_some() {
        return read_result(level, contents);
    }
    if level.has_method || level.has_error {
        return Found::Elsewise;
    }
    let version_ok = match &level.jsonrpc {
        None => true,
        Some(version) => version.as_str() == Some("2.0"),
    };
    match level.result {
        Some(ResultValue::Object(result)) if version_ok => read_result(*result, contents),
        _ => Found::Elsewise,
    }
}

/// `ElicitResult::read` then `ElicitOutcome::from_elicit_result`, for the common shapes.
fn read_result(level: Level<'_>, contents: u32) -> Found<'_> {
    if let Some(kind) = &level.result_type
        && kind.as_str() != Some("complete")
    {
        return Found::Elsewise;
    }
    let Some(action) = level
        .action
        .as_ref()
        .and_then(Raw::as_str)
        .and_then(ElicitAction::parse)
    else {
        return Found::Elsewise;
    };
    match action {
        ElicitAction::Decline => Found::Declined,
        ElicitAction::Cancel => Found::Cancelled,
        ElicitAction::Accept => match level.content {
            // Absent or `null`: empty content, unless another level's content filled the
            // slots (an answer no client sends: read the general way).
            None | Some(Content::Null) if contents > 0 => Found::Elsewise,
            None | Some(Content::Null) => Found::Accepted {
                unknown: Vec::new(),
            },
            Some(Content::Form { unknown }) => Found::Accepted { unknown },
            Some(Content::Other) => Found::Elsewise,
        },
    }
}

/// What the visitors fill: the form's names, whether it keeps unknown keys, its slots, and how
/// many `content` objects filled them. Not generic over the form, so the visitors are compiled
/// once, here.
struct Fill<'f, 'de> {
    names: &'f [&'static str],
    deny_unknown: bool,
    slots: &'f mut [Slot<'de>],
    contents: u32,
}

/// One object level of the answer: the response, or its `result`.
struct Level<'de> {
    action: Option<Raw<'de>>,
    result_type: Option<Raw<'de>>,
    jsonrpc: Option<Raw<'de>>,
    content: Option<Content<'de>>,
    result: Option<ResultValue<'de>>,
    has_error: bool,
    has_method: bool,
    /// A reserved key was met, here or below: read again the general way.
    fall_back: bool,
}

/// A `result` value.
enum ResultValue<'de> {
    Object(Box<Level<'de>>),
    NotAnObject,
}

/// A `content` value.
enum Content<'de> {
    Null,
    /// An object, read into the slots: the keys the form does not know, kept when it denies
    /// them.
    Form {
        unknown: Vec<Cow<'de, str>>,
    },
    Other,
}

/// Reads one object level; `None` when the value is not an object.
struct LevelSeed<'r, 'f, 'de> {
    fill: &'r mut Fill<'f, 'de>,
}

impl<'de> DeserializeSeed<'de> for LevelSeed<'_, '_, 'de> {
    type Value = Option<Level<'de>>;

    fn deserialize<D: serde_core::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(LevelVisitor { fill: self.fill })
    }
}

struct LevelVisitor<'r, 'f, 'de> {
    fill: &'r mut Fill<'f, 'de>,
}

/// The keys a level reads.
enum LevelKey {
    Action,
    ResultType,
    Jsonrpc,
    Content,
    Result,
    Error,
    Method,
    Reserved,
    Other,
}

struct LevelKeySeed;

impl<'de> DeserializeSeed<'de> for LevelKeySeed {
    type Value = LevelKey;

    fn deserialize<D: serde_core::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<LevelKey, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for LevelKeySeed {
    type Value = LevelKey;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: serde_core::de::Error>(self, key: &str) -> Result<LevelKey, E> {
        Ok(match key {
            "action" => LevelKey::Action,
            "resultType" => LevelKey::ResultType,
            "jsonrpc" => LevelKey::Jsonrpc,
            "content" => LevelKey::Content,
            "result" => LevelKey::Result,
            "error" => LevelKey::Error,
            "method" => LevelKey::Method,
            _ if RESERVED_KEYS.contains(&key) => LevelKey::Reserved,
            _ => LevelKey::Other,
        })
    }
}

impl<'de> Visitor<'de> for LevelVisitor<'_, '_, 'de> {
    type Value = Option<Level<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an ElicitResult")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut level = Level {
            action: None,
            result_type: None,
            jsonrpc: None,
            content: None,
            result: None,
            has_error: false,
            has_method: false,
            fall_back: false,
        };
        while let Some(key) = map.next_key_seed(LevelKeySeed)? {
            match key {
                LevelKey::Action => level.action = Some(map.next_value_seed(RawSeed)?),
                LevelKey::ResultType => level.result_type = Some(map.next_value_seed(RawSeed)?),
                LevelKey::Jsonrpc => level.jsonrpc = Some(map.next_value_seed(RawSeed)?),
                // The slots hold one content: a second one, anywhere (a key sent twice, or
                // content beside a `result` that has one), is read the general way.
                LevelKey::Content if self.fill.contents > 0 => {
                    map.next_value::<Value>()?;
                    level.fall_back = true;
                }
                LevelKey::Content => {
                    self.fill.contents += 1;
                    let (content, fall_back) = map.next_value_seed(ContentSeed {
                        fill: &mut *self.fill,
                    })?;
                    level.fall_back |= fall_back;
                    level.content = Some(content);
                }
                LevelKey::Result => {
                    let result = map.next_value_seed(LevelSeed {
                        fill: &mut *self.fill,
                    })?;
                    if let Some(result) = &result {
                        level.fall_back |= result.fall_back;
                    }
                    level.result = Some(match result {
                        Some(result) => ResultValue::Object(Box::new(result)),
                        None => ResultValue::NotAnObject,
                    });
                }
                LevelKey::Error | LevelKey::Method | LevelKey::Reserved | LevelKey::Other => {
                    map.next_value::<Value>()?;
                    match key {
                        LevelKey::Error => level.has_error = true,
                        LevelKey::Method => level.has_method = true,
                        LevelKey::Reserved => level.fall_back = true,
                        _ => {}
                    }
                }
            }
        }
        Ok(Some(level))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq))?;
        Ok(None)
    }

    fn visit_unit<E: serde_core::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_bool<E: serde_core::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: serde_core::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: serde_core::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: serde_core::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E: serde_core::de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }
}

/// Reads a `content` value: an object into the form's slots. The flag says a reserved key was
/// met.
struct ContentSeed<'r, 'f, 'de> {
    fill: &'r mut Fill<'f, 'de>,
}

impl<'de> DeserializeSeed<'de> for ContentSeed<'_, '_, 'de> {
    type Value = (Content<'de>, bool);

    fn deserialize<D: serde_core::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A key of the content: the slot it fills, or an unknown key.
enum FieldKey<'de> {
    Slot(usize),
    Unknown(Cow<'de, str>),
    Ignored,
    Reserved,
}

struct FieldKeySeed<'r> {
    names: &'r [&'static str],
    keep_unknown: bool,
    /// The slot the previous key's successor would fill.
    expected: usize,
}

impl<'de> DeserializeSeed<'de> for FieldKeySeed<'_> {
    type Value = FieldKey<'de>;

    fn deserialize<D: serde_core::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl FieldKeySeed<'_> {
    fn classify<'de>(&self, key: &str, owned: impl FnOnce() -> Cow<'de, str>) -> FieldKey<'de> {
        match position(self.names, key, self.expected) {
            Some(index) => FieldKey::Slot(index),
            None if RESERVED_KEYS.contains(&key) => FieldKey::Reserved,
            None if self.keep_unknown => FieldKey::Unknown(owned()),
            None => FieldKey::Ignored,
        }
    }
}

impl<'de> Visitor<'de> for FieldKeySeed<'_> {
    type Value = FieldKey<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: serde_core::de::Error>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(self.classify(key, || Cow::Borrowed(key)))
    }

    fn visit_str<E: serde_core::de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self.classify(key, || Cow::Owned(key.to_owned())))
    }
}

impl<'de> Visitor<'de> for ContentSeed<'_, '_, 'de> {
    type Value = (Content<'de>, bool);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a form's content")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let Fill {
            names,
            deny_unknown,
            ref mut slots,
            ..
        } = *self.fill;
        let mut unknown = Vec::new();
        let mut fall_back = false;
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(FieldKeySeed {
            names,
            keep_unknown: deny_unknown,
            expected,
        })? {
            match key {
                FieldKey::Slot(index) => {
                    expected = index + 1;
                    let raw = map.next_value_seed(RawSeed)?;
                    if let Some(slot) = slots.get_mut(index) {
                        // A key read twice keeps its last value, as a `Value` does.
                        *slot = Some(raw);
                    }
                }
                FieldKey::Unknown(key) => {
                    map.next_value::<Value>()?;
                    unknown.push(key);
                }
                FieldKey::Ignored => {
                    map.next_value::<Value>()?;
                }
                FieldKey::Reserved => {
                    map.next_value::<Value>()?;
                    fall_back = true;
                }
            }
        }
        Ok((Content::Form { unknown }, fall_back))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq))?;
        Ok((Content::Other, false))
    }

    fn visit_unit<E: serde_core::de::Error>(self) -> Result<Self::Value, E> {
        Ok((Content::Null, false))
    }

    fn visit_bool<E: serde_core::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok((Content::Other, false))
    }

    fn visit_i64<E: serde_core::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok((Content::Other, false))
    }

    fn visit_u64<E: serde_core::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok((Content::Other, false))
    }

    fn visit_f64<E: serde_core::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok((Content::Other, false))
    }

    fn visit_str<E: serde_core::de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok((Content::Other, false))
    }
}

/// Reads one value as a [`Raw`]: scalars as they are (strings borrowed when unescaped), the
/// rest as a `Value`.
struct RawSeed;

impl<'de> DeserializeSeed<'de> for RawSeed {
    type Value = Raw<'de>;

    fn deserialize<D: serde_core::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Raw<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RawSeed {
    type Value = Raw<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: serde_core::de::Error>(self) -> Result<Raw<'de>, E> {
        Ok(Raw::Null)
    }

    fn visit_bool<E: serde_core::de::Error>(self, value: bool) -> Result<Raw<'de>, E> {
        Ok(Raw::Bool(value))
    }

    fn visit_i64<E: serde_core::de::Error>(self, value: i64) -> Result<Raw<'de>, E> {
        Ok(Raw::Number(Number::from(value)))
    }

    fn visit_u64<E: serde_core::de::Error>(self, value: u64) -> Result<Raw<'de>, E> {
        Ok(Raw::Number(Number::from(value)))
    }

    fn visit_f64<E: serde_core::de::Error>(self, value: f64) -> Result<Raw<'de>, E> {
        // As `Value` reads it: a float with no JSON number (never from JSON text) is `null`.
        Ok(Number::from_f64(value).map_or(Raw::Null, Raw::Number))
    }

    fn visit_borrowed_str<E: serde_core::de::Error>(self, value: &'de str) -> Result<Raw<'de>, E> {
        Ok(Raw::Str(value))
    }

    fn visit_str<E: serde_core::de::Error>(self, value: &str) -> Result<Raw<'de>, E> {
        Ok(Raw::String(value.to_owned()))
    }

    fn visit_string<E: serde_core::de::Error>(self, value: String) -> Result<Raw<'de>, E> {
        Ok(Raw::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw<'de>, A::Error> {
        // A multi-select's few choices without growing the `Vec` on the way.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(4));
        while let Some(item) = seq.next_element_seed(RawSeed)? {
            items.push(item);
        }
        Ok(Raw::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Raw<'de>, A::Error> {
        // An object, or an `arbitrary_precision` number: `Value` tells them apart.
        Ok(Raw::Value(Box::new(Value::deserialize(
            MapAccessDeserializer::new(map),
        )?)))
    }
}
