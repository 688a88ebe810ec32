//! [`Content`]: a form's answer while this crate holds it, wiped when dropped.

use std::ops::Deref;

use serde_json::{Map, Value};
use zeroize::Zeroize;

/// An answer's content (`{"field": value, …}`) that wipes every string it holds when dropped:
/// a secret typed into a page is held by this crate only in one of these (or sealed), never in
/// a bare `Map` left to the allocator.
#[derive(Default)]
pub(crate) struct Content(pub(crate) Map<String, Value>);

impl Deref for Content {
    type Target = Map<String, Value>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Drop for Content {
    fn drop(&mut self) {
        self.0.values_mut().for_each(wipe);
    }
}

/// Wipes every string in `value`.
pub(crate) fn wipe(value: &mut Value) {
    match value {
        Value::String(text) => text.zeroize(),
        Value::Array(items) => items.iter_mut().for_each(wipe),
        Value::Object(map) => map.values_mut().for_each(wipe),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// The `(name, value)` pairs of a post, wiped when dropped.
#[derive(Default)]
pub(crate) struct Pairs(pub(crate) Vec<(String, String)>);

impl Drop for Pairs {
    fn drop(&mut self) {
        for (_, value) in &mut self.0 {
            value.zeroize();
        }
    }
}
