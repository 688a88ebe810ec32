//! The string `format`s, checked at compile time on a literal `default` with elicit-core's
//! own grammars (the `elicit-grammar` package), so a default the derive accepts is one the parser
//! accepts.

use elicit_grammar::format::{is_absolute_uri, is_date, is_date_time, is_email};

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
