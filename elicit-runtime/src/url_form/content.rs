//! [`Content`]: a form's answer while this crate holds it, wiped when dropped.

use std::ops::Deref;

use serde_json::{Map, Value};
use zeroize::Zeroize;

use crate::state::wipe_values;

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
        wipe_values(&mut self.0);
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
