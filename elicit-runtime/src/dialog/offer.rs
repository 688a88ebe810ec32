//! What a form shaped at run time offers, as a digest carried from round to round: on
//! 2026-07-28 the answer arrives in a retry, and is read only if the body offers the same.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::Value;

use crate::schema::RequestedSchema;
use crate::state::binding::canonical_digest;

/// The words of a property (and of its options) that say nothing of how an answer is read: a
/// changed title ("2 seats left") is not a changed offer. A `default` is: an answer that
/// leaves the field out is read as the default that was sent.
const WORDS: [&str; 3] = ["title", "description", "enumNames"];

/// The digest of what a form shaped at run time accepts and how it reads an answer: its
/// properties' names, kinds, options (in order), bounds, lengths, item counts, formats,
/// patterns and defaults, and which are required; not their titles and descriptions.
pub(crate) fn offer_digest(schema: &RequestedSchema) -> String {
    let mut json = serde_json::to_value(schema).unwrap_or(Value::Null);
    // Only the properties' own keys are stripped: a field may be named `title`.
    if let Some(Value::Object(properties)) = json.get_mut("properties") {
        properties.values_mut().for_each(strip);
    }
    // Canonical JSON, not serde_json's text: servers of one fleet built against different
    // serde_json releases (or with and without `preserve_order`) read one offer alike.
    let digest = canonical_digest(&json);
    URL_SAFE_NO_PAD.encode(&digest[..16])
}

/// Removes the [`WORDS`] of a property, of its items and of its options.
fn strip(property: &mut Value) {
    let Value::Object(map) = property else {
        return;
    };
    for word in WORDS {
        map.remove(word);
    }
    if let Some(items) = map.get_mut("items") {
        strip(items);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(options)) = map.get_mut(key) {
            options.iter_mut().for_each(strip);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::offer_digest;
    use crate::schema::RequestedSchema;

    fn digest(schema: serde_json::Value) -> String {
        let schema: RequestedSchema = serde_json::from_value(schema).unwrap();
        offer_digest(&schema)
    }

    fn select(options: &[(&str, &str)], name: &str) -> serde_json::Value {
        let one_of: Vec<_> = options
            .iter()
            .map(|(value, title)| json!({"const": value, "title": title}))
            .collect();
        json!({"type": "object", "properties": {
            name: {"type": "string", "title": "Pick", "oneOf": one_of, "default": options[0].0},
        }, "required": [name]})
    }

    #[test]
    fn a_changed_default_is_a_changed_offer() {
        let count = |default: u8| {
            digest(json!({"type": "object", "properties": {
                "n": {"type": "integer", "maximum": 9, "default": default}
            }}))
        };
        assert_ne!(count(2), count(4));
    }

    #[test]
    fn titles_and_descriptions_are_not_the_offer() {
        let before = digest(select(&[("a", "A — 2 left"), ("b", "B — 9 left")], "day"));
        let after = digest(select(&[("a", "A — 1 left"), ("b", "B — 9 left")], "day"));
        assert_eq!(before, after);
        let multi = |title: &str| {
            digest(json!({"type": "object", "properties": {"extras": {
                "type": "array", "title": title, "items": {"anyOf": [{"const": "7", "title": title}]}
            }}}))
        };
        assert_eq!(multi("Bike"), multi("Bicycle"));
    }

    #[test]
    fn options_their_order_and_bounds_are() {
        let base = digest(select(&[("a", "A"), ("b", "B")], "day"));
        assert_ne!(base, digest(select(&[("a", "A")], "day")));
        assert_ne!(base, digest(select(&[("b", "B"), ("a", "A")], "day")));
        assert_ne!(base, digest(select(&[("a", "A"), ("c", "B")], "day")));
        let count = |maximum: u8| {
            digest(
                json!({"type": "object", "properties": {"n": {"type": "integer", "maximum": maximum}}}),
            )
        };
        assert_ne!(count(2), count(3));
    }

    #[test]
    fn a_field_named_like_a_word_is_part_of_the_offer() {
        for name in ["title", "description", "enumNames"] {
            let before = digest(select(&[("a", "A"), ("b", "B")], name));
            let after = digest(select(&[("a", "A")], name));
            assert_ne!(before, after, "{name}");
        }
    }
}
