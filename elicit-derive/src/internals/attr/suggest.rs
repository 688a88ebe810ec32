//! The message for a key a place does not take: where it belongs if it belongs elsewhere,
//! else the known key it is probably a typo of, else every key the place takes.

use super::keys::{self, Place};

pub(crate) fn unknown_key(key: &str, place: Place) -> String {
    if let Some(known) = keys::find(key) {
        if place == Place::NewtypeField
            && let Some(reason) = known.not_on_newtype_field
        {
            return format!(
                "`elicit` attribute `{key}` does not apply to a newtype's field: {reason}"
            );
        }
        let places: Vec<&str> = Place::ALL
            .into_iter()
            .filter(|other| known.allowed_on(*other) && *other != Place::NewtypeField)
            .map(Place::name)
            .collect();
        if let Some((last, rest)) = places.split_last() {
            let places = if rest.is_empty() {
                (*last).to_owned()
            } else {
                format!("{} or {last}", rest.join(", "))
            };
            return format!(
                "`elicit` attribute `{key}` belongs on {places}, not on {}",
                place.name()
            );
        }
    }
    let here: Vec<&str> = keys::on(place).map(|key| key.name).collect();
    if let Some(similar) = similar_key(key, &here) {
        return format!(
            "unknown `elicit` attribute `{key}` on {}; did you mean `{similar}`?",
            place.name()
        );
    }
    let listed: Vec<String> = here.iter().map(|key| format!("`{key}`")).collect();
    format!(
        "unknown `elicit` attribute `{key}` on {}; expected one of {}",
        place.name(),
        listed.join(", ")
    )
}

/// The key `typed` is likely a misspelling of: a few edits away, or a prefix of it.
fn similar_key<'a>(typed: &str, keys: &[&'a str]) -> Option<&'a str> {
    let close_enough = typed.len().div_ceil(3);
    keys.iter()
        .map(|key| (edit_distance(typed, key), *key))
        .filter(|(distance, key)| {
            *distance <= close_enough || (typed.len() >= 3 && key.starts_with(typed))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_keys() {
        let field: Vec<&str> = keys::on(Place::Field).map(|key| key.name).collect();
        assert_eq!(similar_key("max_len", &field), Some("max_length"));
        assert_eq!(similar_key("minlength", &field), Some("min_length"));
        assert_eq!(similar_key("titel", &field), Some("title"));
        assert_eq!(similar_key("colour", &field), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn names_where_a_key_belongs() {
        assert_eq!(
            unknown_key("message", Place::Field),
            "`elicit` attribute `message` belongs on a struct or an enum, not on a field"
        );
        assert!(unknown_key("rename", Place::NewtypeField).contains("no wire name"));
    }
}
