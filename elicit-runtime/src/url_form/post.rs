//! Reading a post: an `application/x-www-form-urlencoded` body, decoded into pairs
//! ([`decode`]), then into the content the form's reader reads ([`content`]), typed by the
//! schema the page showed.
//!
//! The page decides nothing: it turns what the browser sent into the JSON a client would
//! have sent (a number for a number field, `true`/`false` for a checkbox, an array for a
//! multi-select, nothing for an empty input), and the form's own reader judges it. What
//! cannot be turned into that JSON (a number field that holds no number) is a field error
//! shown next to the field, as the reader's are; a post no page of this form sends (a key
//! that is not a field, a field sent twice, bytes that are not UTF-8) is refused whole,
//! naming the key.

use std::fmt;

use percent_encoding::percent_decode;
use serde_json::{Map, Number, Value};
use zeroize::{Zeroize, Zeroizing};

use super::content::{Content, Pairs};
use super::csrf;
use crate::error::{FieldError, FieldErrorKind};
use crate::schema::{NumberKind, PropertySchema, RequestedSchema};

/// A post no page of this form sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PostError {
    /// A name or value is not UTF-8 once decoded.
    NotUtf8 {
        /// The key, when it is the value that is not UTF-8.
        field: Option<String>,
    },
    /// A key that is not a field of the form.
    UnknownField { field: String },
    /// A field that takes one value, sent more than once.
    Repeated { field: String },
}

impl fmt::Display for PostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotUtf8 { field: Some(field) } => {
                write!(f, "the value of `{field}` is not UTF-8 text")
            }
            Self::NotUtf8 { field: None } => f.write_str("a field name is not UTF-8 text"),
            Self::UnknownField { field } => write!(f, "`{field}` is not a field of this form"),
            Self::Repeated { field } => {
                write!(f, "`{field}` takes one value and was sent more than once")
            }
        }
    }
}

/// The pairs of an `application/x-www-form-urlencoded` body, in order (`+` is a space, `%XX`
/// a byte; a piece without `=` is a name with an empty value; empty pieces are skipped).
pub(crate) fn decode(body: &[u8]) -> Result<Pairs, PostError> {
    let mut pairs = Pairs::default();
    for piece in body
        .split(|byte| *byte == b'&')
        .filter(|piece| !piece.is_empty())
    {
        let (name, value) = match piece.iter().position(|byte| *byte == b'=') {
            Some(at) => (&piece[..at], &piece[at + 1..]),
            None => (piece, &[][..]),
        };
        let name = component(name).ok_or(PostError::NotUtf8 { field: None })?;
        let value = component(value).ok_or_else(|| PostError::NotUtf8 {
            field: Some(name.clone()),
        })?;
        pairs.0.push((name, value));
    }
    Ok(pairs)
}

/// One decoded name or value; `None` when it is not UTF-8. Decoded into a buffer allocated
/// once at the raw length (decoding never lengthens), which becomes the string: no growth
/// leaves a copy of a secret behind. The intermediate bytes are wiped, and so is a value that
/// is not UTF-8.
fn component(raw: &[u8]) -> Option<String> {
    let plus_decoded: Zeroizing<Vec<u8>> = Zeroizing::new(
        raw.iter()
            .map(|byte| if *byte == b'+' { b' ' } else { *byte })
            .collect(),
    );
    let mut bytes = Vec::with_capacity(raw.len());
    bytes.extend(percent_decode(&plus_decoded));
    String::from_utf8(bytes)
        .map_err(|error| error.into_bytes().zeroize())
        .ok()
}

/// What a post holds, read against the schema the page showed.
pub(crate) struct Read {
    /// The content for the form's reader.
    pub(crate) content: Content,
    /// The fields whose text could not be made into their JSON (shown as field errors).
    pub(crate) errors: Vec<FieldError>,
}

/// Makes the content of `pairs` for a form of `schema` (the CSRF token, checked before, is
/// left out).
pub(crate) fn content(pairs: &Pairs, schema: &RequestedSchema) -> Result<Read, PostError> {
    let mut values: Vec<Vec<&str>> = vec![Vec::new(); schema.properties.len()];
    for (name, value) in &pairs.0 {
        if name == csrf::FIELD {
            continue;
        }
        let index = schema
            .properties
            .iter()
            .position(|(key, _)| key == name)
            .ok_or_else(|| PostError::UnknownField {
                field: name.clone(),
            })?;
        values[index].push(value);
    }
    let mut content = Map::new();
    let mut errors = Vec::new();
    for ((name, property), sent) in schema.properties.iter().zip(&values) {
        let required = schema.is_required(name);
        if !is_multi(property) && sent.len() > 1 {
            return Err(PostError::Repeated {
                field: name.clone(),
            });
        }
        match field_value(property, sent, required) {
            Ok(Some(value)) => {
                content.insert(name.clone(), value);
            }
            Ok(None) => {}
            Err(kind) => errors.push(FieldError::new(name.clone(), kind)),
        }
    }
    Ok(Read {
        content: Content(content),
        errors,
    })
}

fn is_multi(property: &PropertySchema) -> bool {
    matches!(
        property,
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_)
    )
}

/// The JSON a client would send for what the browser sent for one field; `None` for no
/// answer.
fn field_value(
    property: &PropertySchema,
    sent: &[&str],
    required: bool,
) -> Result<Option<Value>, FieldErrorKind> {
    match property {
        // A checkbox is sent when ticked, and not at all otherwise.
        PropertySchema::Boolean(_) => match sent.first() {
            None | Some(&"false") => Ok(Some(Value::Bool(false))),
            Some(&("true" | "on")) => Ok(Some(Value::Bool(true))),
            Some(other) => Err(invalid(format!(
                "a checkbox sends `true`, got {}",
                quoted(other)
            ))),
        },
        // Nothing ticked is an answer ("none of these") when one is required, and no
        // answer otherwise.
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_) => {
            let items: Vec<Value> = sent
                .iter()
                .filter(|value| !value.is_empty())
                .map(|value| Value::String((*value).to_owned()))
                .collect();
            Ok((required || !items.is_empty()).then_some(Value::Array(items)))
        }
        PropertySchema::Number(number) => match sent.first() {
            None | Some(&"") => Ok(None),
            Some(text) => parse_number(text, number.kind).map(|n| Some(Value::Number(n))),
        },
        // Text and single selects: an empty input is no answer.
        _ => Ok(sent
            .first()
            .filter(|value| !value.is_empty())
            .map(|value| Value::String((*value).to_owned()))),
    }
}

/// A number as HTML's `<input type=number>` sends it (a "valid floating-point number":
/// `-`, digits, a fraction, an exponent; `.5` included), as JSON's number. A whole number
/// stays an integer where `i64` or `u64` holds it.
fn parse_number(text: &str, kind: NumberKind) -> Result<Number, FieldErrorKind> {
    let what = match kind {
        NumberKind::Integer => "a whole number",
        NumberKind::Number => "a number",
    };
    let refused = || invalid(format!("must be {what}, got {}", quoted(text)));
    if !is_html_float(text) {
        return Err(refused());
    }
    if let Ok(integer) = text.parse::<i64>() {
        return Ok(Number::from(integer));
    }
    if let Ok(integer) = text.parse::<u64>() {
        return Ok(Number::from(integer));
    }
    let float: f64 = text.parse().map_err(|_| refused())?;
    Number::from_f64(float).ok_or_else(|| invalid(format!("{} is too large", quoted(text))))
}

/// HTML's valid floating-point number: `-?` (digits `(. digits)?` | `. digits`)
/// (`e|E` `[+-]?` digits)?.
fn is_html_float(text: &str) -> bool {
    let rest = text.strip_prefix('-').unwrap_or(text);
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole.is_empty() || digits(whole)) && digits(fraction),
        None => digits(mantissa),
    };
    let exponent_ok = exponent
        .is_none_or(|exponent| digits(exponent.strip_prefix(['+', '-']).unwrap_or(exponent)));
    mantissa_ok && exponent_ok
}

fn invalid(reason: String) -> FieldErrorKind {
    FieldErrorKind::Invalid { reason }
}

/// `text` in backquotes, cut to 64 characters.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((cut, _)) => format!("`{}…`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_numbers() {
        for good in [
            "0", "-1", "1.5", ".5", "-.5", "1e3", "1E-3", "2.5e+10", "007",
        ] {
            assert!(is_html_float(good), "{good}");
        }
        for bad in [
            "", "-", "1.", "+1", " 1", "1 ", "e3", "1e", "0x10", "NaN", "inf", "1,5",
        ] {
            assert!(!is_html_float(bad), "{bad}");
        }
        assert_eq!(
            parse_number("007", NumberKind::Integer),
            Ok(Number::from(7))
        );
        assert_eq!(
            parse_number(".5", NumberKind::Number).map(|n| n.as_f64()),
            Ok(Some(0.5))
        );
        assert_eq!(
            parse_number("1e999", NumberKind::Number)
                .unwrap_err()
                .to_string(),
            "`1e999` is too large"
        );
        assert_eq!(
            parse_number("abc", NumberKind::Integer)
                .unwrap_err()
                .to_string(),
            "must be a whole number, got `abc`"
        );
    }

    /// A decoded value is the buffer it was decoded into, allocated once: its capacity is the
    /// raw length, however many escapes shortened it.
    #[test]
    fn a_value_is_decoded_without_growing() {
        let raw = b"s%6B-live+%F0%9F%94%91+1234";
        let value = component(raw).unwrap();
        assert_eq!(value, "sk-live 🔑 1234");
        assert_eq!(value.capacity(), raw.len());
    }

    #[test]
    fn decoding() {
        let pairs = decode(b"a=1+2&b=%C3%A9&&c&d=%zz").unwrap();
        let got: Vec<(&str, &str)> = pairs
            .0
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(got, [("a", "1 2"), ("b", "é"), ("c", ""), ("d", "%zz")]);
        assert_eq!(
            decode(b"name=%FF").err(),
            Some(PostError::NotUtf8 {
                field: Some("name".into())
            })
        );
        assert_eq!(
            decode(b"%FF=1").err(),
            Some(PostError::NotUtf8 { field: None })
        );
    }
}
