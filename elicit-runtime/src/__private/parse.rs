//! Writing one field of a form's content; reading it is the one reader's
//! ([`read_field`](crate::read::read_field)).

use serde_json::{Map, Value};

use crate::field::slot::FormField;

/// Writes one field into `content`. An `Option` that is `None` is left out: the form's schema
/// has no `null`, and an absent optional field reads back as `None`.
pub fn put_field<F: FormField>(content: &mut Map<String, Value>, name: &str, value: &F) {
    if let Some(json) = value.to_json() {
        content.insert(name.to_owned(), json);
    }
}
