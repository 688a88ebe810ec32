//! A form's field slots: each key of an answer matched once to the form's field-name table,
//! its value kept (borrowed) in the field's slot, then every field converted and checked in
//! declaration order by the form's `read_fields`, which reports every field's error.
//!
//! One pass over the answer's entries instead of one lookup per field (a `Map` with
//! `preserve_order` hashes each name with `SipHash`), and the same conversion whether the
//! answer came as a content map or as bytes.

use serde_json::{Map, Value};

use crate::error::{ContentError, FieldErrorKind};

use super::errors::Errors;
use super::sent::Sent;
use crate::raw::Raw;
use crate::raw::same_str;

/// One field's slot: absent, or the value found for it.
pub type Slot<'a> = Option<Raw<'a>>;

/// What reads a form from its slots, each field against the field as sent: the generated
/// reader of a derived struct form.
pub type BuildFn<T> = for<'a, 'b, 's> fn(&'b [Slot<'a>], &Sent<'s>, &mut Errors) -> Option<T>;

/// How to read a derived struct form from an answer's entries: its wire names (those of its
/// flattened forms included, in declaration order: slot `i` is name `i`), whether it denies
/// keys it does not know, and the function that builds it from its slots.
pub struct FormReader<T> {
    /// The form's wire names.
    pub names: &'static [&'static str],
    /// Whether each field needs a value (is not an `Option`).
    pub needs_value: &'static [bool],
    /// Whether each field is a secret (`ElicitField::SECRET`).
    pub secret: &'static [bool],
    /// Whether each field is marked `ask_if_missing` (asked when a tool call leaves it out).
    pub askable: &'static [bool],
    /// Whether keys the form does not know are errors.
    pub deny_unknown: bool,
    /// Builds the form from its slots, recording every field's error.
    pub build: BuildFn<T>,
}

// By hand: a derive would ask `T: Clone`.
impl<T> Clone for FormReader<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for FormReader<T> {}

/// Slots kept inline up to this many names; a larger form allocates them.
pub(crate) const INLINE_SLOTS: usize = 16;

/// The index of `key` in `names`, trying `expected` first: clients mostly send the keys in
/// the schema's order, so one comparison usually finds it.
// Measured: the bytes reader's key visitor otherwise calls it.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn position(names: &[&str], key: &str, expected: usize) -> Option<usize> {
    match names.get(expected) {
        Some(name) if same_str(name, key) => Some(expected),
        _ => scan(names, key),
    }
}

/// [`position`] when the key is not the one expected.
#[inline(never)]
fn scan(names: &[&str], key: &str) -> Option<usize> {
    names.iter().position(|name| same_str(name, key))
}

/// Reads `content` into a derived struct form, each field against the field as `sent`: one
/// pass over `content`'s entries into the form's slots (`fill_from_map`, compiled once,
/// here), then the form built from them.
///
/// # Errors
/// Every field's error, then every unknown key (sorted) when the form denies them.
#[inline]
pub fn read_map<T>(
    content: &Map<String, Value>,
    reader: &FormReader<T>,
    sent: &Sent<'_>,
) -> Result<T, ContentError> {
    let mut errors = Errors::new();
    let value = if reader.names.len() <= INLINE_SLOTS {
        let mut inline: [Slot<'_>; INLINE_SLOTS] = [const { None }; INLINE_SLOTS];
        let slots = inline.get_mut(..reader.names.len()).unwrap_or_default();
        let unknown = fill_from_map(slots, content, reader.names, reader.deny_unknown);
        let value = (reader.build)(slots, sent, &mut errors);
        report_unknown(unknown, &mut errors);
        // Every slot is empty or borrows from `content` (`Raw::Json`): there is nothing to
        // drop, and skipping the drop of sixteen slots is measurable here.
        std::mem::forget(inline);
        value
    } else {
        let mut slots = empty_slots(reader.names.len());
        let unknown = fill_from_map(&mut slots, content, reader.names, reader.deny_unknown);
        let value = (reader.build)(&slots, sent, &mut errors);
        report_unknown(unknown, &mut errors);
        value
    };
    into_result(value, errors)
}

/// `count` empty slots, for a form with more names than are kept inline.
pub(crate) fn empty_slots<'a>(count: usize) -> Vec<Slot<'a>> {
    let mut slots = Vec::with_capacity(count);
    slots.resize_with(count, || None);
    slots
}

/// Fills the slots from `content`'s entries; returns the keys that are no name of the form,
/// when it denies them.
fn fill_from_map<'a>(
    slots: &mut [Slot<'a>],
    content: &'a Map<String, Value>,
    names: &[&str],
    deny_unknown: bool,
) -> Vec<&'a str> {
    let mut unknown: Vec<&str> = Vec::new();
    let mut expected = 0;
    for (key, value) in content {
        match position(names, key, expected) {
            Some(index) => {
                expected = index + 1;
                if let Some(slot) = slots.get_mut(index) {
                    // What the slot held (nothing: a map has each key once) only borrows:
                    // forgotten rather than dropped, which would go through the drop glue of
                    // every kind of `Raw`.
                    std::mem::forget(slot.replace(Raw::Json(value)));
                }
            }
            None if deny_unknown => unknown.push(key),
            None => {}
        }
    }
    unknown
}

/// Reports the unknown keys after the fields' errors: sorted and each once, as
/// `deny_unknown_fields` reports a map's keys (a `Map` keeps one entry per key, and its
/// order depends on `preserve_order`).
pub(crate) fn report_unknown(mut unknown: Vec<&str>, errors: &mut Errors) {
    if unknown.is_empty() {
        return;
    }
    unknown.sort_unstable();
    unknown.dedup();
    for key in unknown {
        errors.push(key, FieldErrorKind::UnknownField);
    }
}

/// The form, if it was built and nothing was reported; else every error.
#[inline]
pub(crate) fn into_result<T>(value: Option<T>, errors: Errors) -> Result<T, ContentError> {
    match value {
        Some(value) if errors.is_empty() => Ok(value),
        _ => Err(errors.into_error()),
    }
}

/// Slot `index` of `slots`, if it holds a value.
#[inline]
pub(crate) fn slot<'s, 'a>(slots: &'s [Slot<'a>], index: usize) -> Option<&'s Raw<'a>> {
    match slots.get(index) {
        Some(Some(raw)) => Some(raw),
        _ => None,
    }
}

/// The `len` slots of a flattened form, from `start`.
#[inline]
pub(crate) fn sub_slots<'s, 'a>(slots: &'s [Slot<'a>], start: usize, len: usize) -> &'s [Slot<'a>] {
    match slots.get(start..start.saturating_add(len)) {
        Some(sub) => sub,
        None => &[],
    }
}
