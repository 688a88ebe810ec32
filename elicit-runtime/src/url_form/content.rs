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

/// Wipes every string of every value, in place (the field names stay).
impl Zeroize for Content {
    fn zeroize(&mut self) {
        wipe_values(&mut self.0);
    }
}

impl Drop for Content {
    fn drop(&mut self) {
        self.zeroize();
        #[cfg(test)]
        crate::state::observed::dropped(
            "Content",
            crate::state::observed::residue(self.0.values()),
        );
    }
}

/// The `(name, value)` pairs of a post, wiped when dropped.
#[derive(Default)]
pub(crate) struct Pairs(pub(crate) Vec<(String, String)>);

/// Wipes every value, in place (the names, which name fields, stay).
impl Zeroize for Pairs {
    fn zeroize(&mut self) {
        for (_, value) in &mut self.0 {
            value.zeroize();
        }
    }
}

impl Drop for Pairs {
    fn drop(&mut self) {
        self.zeroize();
        #[cfg(test)]
        crate::state::observed::dropped(
            "Pairs",
            self.0.iter().map(|(_, value)| value.as_str()).collect(),
        );
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::state::observed::{residue, take_dropped};

    fn content(secret: &str) -> Content {
        let Value::Object(map) = json!({"key": secret, "tags": [secret], "seats": 2}) else {
            unreachable!("an object")
        };
        Content(map)
    }

    #[test]
    fn zeroize_empties_every_value_of_a_content() {
        let mut content = content("sk-live-1234");
        assert_eq!(residue(content.values()), "sk-live-1234sk-live-1234");
        content.zeroize();
        assert_eq!(
            Value::Object(content.0.clone()),
            json!({"key": "", "tags": [""], "seats": 2})
        );
    }

    #[test]
    fn a_content_is_wiped_when_dropped() {
        take_dropped("Content");
        drop(content("sk-live-1234"));
        assert_eq!(take_dropped("Content"), [""]);
    }

    fn pairs(secret: &str) -> Pairs {
        Pairs(vec![
            ("key".to_owned(), secret.to_owned()),
            ("note".to_owned(), format!("mine: {secret}")),
        ])
    }

    #[test]
    fn zeroize_empties_every_value_of_a_post() {
        let mut pairs = pairs("sk-live-1234");
        pairs.zeroize();
        let left: Vec<(&str, &str)> = pairs
            .0
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(left, [("key", ""), ("note", "")]);
    }

    #[test]
    fn a_post_is_wiped_when_dropped() {
        take_dropped("Pairs");
        drop(pairs("sk-live-1234"));
        assert_eq!(take_dropped("Pairs"), [""]);
    }
}
