//! The string `format`s, checked at compile time on a literal `default` with elicit-core's
//! own grammars (the same source file), so a default the derive accepts is one the parser
//! accepts.

// One source for both crates; before publishing, this file must travel with the package
// (a path outside the crate is not packaged).
#[path = "../../elicit-core/src/format/grammar.rs"]
mod grammar;

use grammar::{is_absolute_uri, is_date, is_date_time, is_email};

use crate::attr::Format;

/// Whether `text` is a valid value of `format`.
pub(crate) fn is_valid(format: Format, text: &str) -> bool {
    match format {
        Format::Email => is_email(text),
        Format::Uri => is_absolute_uri(text),
        Format::Date => is_date(text),
        Format::DateTime => is_date_time(text),
    }
}
