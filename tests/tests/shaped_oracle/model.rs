//! What a generated form offers, field by field, as the generator decided it (not as the
//! library wrote it): the model the answers are generated from and every value handed back is
//! held to.

use serde_json::{Map, Value};

/// What a field takes, as shaped.
#[derive(Debug, Clone)]
pub enum Kind {
    /// A single select: the `const`s offered, in order; `others` are `const`s (and titles)
    /// of options that were not offered.
    Select {
        offered: Vec<String>,
        others: Vec<String>,
    },
    /// A multi-select: the `const`s offered, and how many may be chosen.
    Multi {
        offered: Vec<String>,
        others: Vec<String>,
        min: u64,
        max: Option<u64>,
    },
    Integer {
        min: i64,
        max: i64,
    },
    /// A number: the generator only uses halves, so bounds and values are exact.
    Number {
        min: f64,
        max: f64,
    },
    /// A text of `min..=max` characters.
    Text {
        min: u64,
        max: u64,
    },
    Flag,
}

/// One field of a generated form.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: &'static str,
    pub kind: Kind,
    /// An `Option` field: left out, it is `None`, whatever its default.
    pub optional: bool,
    /// Asked at all (an optional select with nothing offered is not).
    pub asked: bool,
    /// The default the form sends, on a revision that sends defaults.
    pub default: Option<Value>,
    /// Whether the type declares a default for it (kept or shaped away).
    pub declared_default: bool,
}

impl Field {
    pub fn is_multi(&self) -> bool {
        matches!(self.kind, Kind::Multi { .. })
    }

    /// The default sent on a revision: 2025-06-18 (`has_defaults` false) sends a boolean's
    /// only (a multi-select's goes out as ticked boxes, which an answer that leaves a box out
    /// does not tick).
    pub fn default_sent(&self, has_defaults: bool) -> Option<&Value> {
        match self.kind {
            Kind::Flag => self.default.as_ref(),
            _ if has_defaults => self.default.as_ref(),
            _ => None,
        }
    }
}

/// Whether `value` (re-serialized content, multi-selects as arrays) lies within what `field`
/// offers.
fn within(field: &Field, value: &Value) -> Result<(), String> {
    let name = field.name;
    match &field.kind {
        Kind::Select { offered, .. } => match value.as_str() {
            Some(text) if offered.iter().any(|option| option == text) => Ok(()),
            _ => Err(format!("`{name}` is {value}, not one of {offered:?}")),
        },
        Kind::Multi {
            offered, min, max, ..
        } => {
            let Some(items) = value.as_array() else {
                return Err(format!("`{name}` is {value}, not a list"));
            };
            for (at, item) in items.iter().enumerate() {
                if !item
                    .as_str()
                    .is_some_and(|text| offered.iter().any(|option| option == text))
                {
                    return Err(format!("`{name}` holds {item}, not one of {offered:?}"));
                }
                if items[..at].contains(item) {
                    return Err(format!("`{name}` holds {item} twice"));
                }
            }
            let count = items.len() as u64;
            if count < *min || max.is_some_and(|max| count > max) {
                return Err(format!(
                    "`{name}` holds {count} options, not {min}..={max:?}"
                ));
            }
            Ok(())
        }
        Kind::Integer { min, max } => match value.as_i64() {
            Some(number) if (*min..=*max).contains(&number) => Ok(()),
            _ => Err(format!(
                "`{name}` is {value}, not an integer in {min}..={max}"
            )),
        },
        Kind::Number { min, max } => match value.as_f64() {
            Some(number) if *min <= number && number <= *max => Ok(()),
            _ => Err(format!(
                "`{name}` is {value}, not a number in {min}..={max}"
            )),
        },
        Kind::Text { min, max } => match value.as_str() {
            Some(text) if (*min..=*max).contains(&(text.chars().count() as u64)) => Ok(()),
            _ => Err(format!(
                "`{name}` is {value}, not a text of {min}..={max} characters"
            )),
        },
        Kind::Flag => match value {
            Value::Bool(_) => Ok(()),
            _ => Err(format!("`{name}` is {value}, not a boolean")),
        },
    }
}

/// Whether the content written back for a value lies within the offer: every key a field
/// that was asked, every value within its field, every field that is no `Option` present.
pub fn within_offer(fields: &[Field], written: &Map<String, Value>) -> Result<(), String> {
    for key in written.keys() {
        if !fields.iter().any(|field| field.name == key && field.asked) {
            return Err(format!("`{key}` was not asked"));
        }
    }
    for field in fields {
        match written.get(field.name) {
            Some(value) => within(field, value)?,
            None if field.optional => {}
            None => return Err(format!("`{}` has no value", field.name)),
        }
    }
    Ok(())
}

/// Two JSON values alike, numbers compared as numbers (`3` and `3.0`).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The property a checkbox is sent as on 2025-06-18: `<field>.<option>`.
pub fn checkbox(field: &str, option: &str) -> String {
    format!("{field}.{option}")
}

/// Why an answer breaks the rule on fields left out.
#[derive(Debug)]
pub enum LeftOut {
    /// A multi-select asked as checkboxes, none of them ticked, read as the field's default
    /// (a bug this test found: `regressions.rs`).
    UntickedAsDefault(&'static str),
    Other(String),
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UntickedAsDefault(field) => write!(
                f,
                "no box of `{field}` is ticked, but it reads as its default, not as nothing"
            ),
            Self::Other(why) => f.write_str(why),
        }
    }
}

impl From<String> for LeftOut {
    fn from(why: String) -> Self {
        Self::Other(why)
    }
}

/// What the rule "a field left out gets the default sent, and only that" says of an answer
/// (`content`, as sent on a revision that has defaults or not, whose multi-selects were asked
/// as checkboxes when `boxes`) that the form accepted and wrote back as `written`; or, for a
/// refused answer (`written` is `None`), the fields left out that must be among its errors.
pub fn left_out(
    fields: &[Field],
    content: &Map<String, Value>,
    has_defaults: bool,
    boxes: bool,
    written: Option<&Map<String, Value>>,
) -> Result<(), LeftOut> {
    for field in fields.iter().filter(|field| field.asked) {
        let name = field.name;
        if boxes && field.is_multi() && !content.contains_key(name) {
            // Asked as boxes: the options whose box is `true`, in the offer's order; none
            // ticked is an empty list for a field that needs a value, else left out.
            let Kind::Multi { offered, .. } = &field.kind else {
                unreachable!()
            };
            let ticked: Vec<Value> = offered
                .iter()
                .filter(|option| content.get(&checkbox(name, option)) == Some(&Value::Bool(true)))
                .map(|option| Value::from(option.as_str()))
                .collect();
            let expected = if ticked.is_empty() && field.optional {
                None
            } else {
                Some(Value::Array(ticked))
            };
            if let Some(written) = written
                && written.get(name) != expected.as_ref()
            {
                if expected == Some(Value::Array(Vec::new()))
                    && field.default.is_some()
                    && written.get(name) == field.default.as_ref()
                {
                    return Err(LeftOut::UntickedAsDefault(name));
                }
                return Err(LeftOut::Other(format!(
                    "`{name}` ticked as {expected:?}, written back as {:?}",
                    written.get(name)
                )));
            }
            continue;
        }
        if content.contains_key(name) {
            continue;
        }
        let Some(written) = written else {
            continue;
        };
        let got = written.get(name);
        if field.optional {
            if let Some(got) = got {
                return Err(format!("`{name}` was left out, but reads as {got}, not None").into());
            }
            continue;
        }
        match (field.default_sent(has_defaults), got) {
            (Some(default), Some(got)) if same(default, got) => {}
            (Some(default), got) => {
                return Err(format!(
                    "`{name}` was left out and its default {default} sent, but reads as {got:?}"
                )
                .into());
            }
            (None, got) => {
                return Err(format!(
                    "`{name}` was left out with no default sent, but the answer was accepted as {got:?}"
                )
                .into());
            }
        }
    }
    Ok(())
}

/// The fields of `fields` that an answer left out and that must be refused as missing: no
/// `Option`, no default sent, and (where asked as boxes) no multi-select.
pub fn missing(
    fields: &[Field],
    content: &Map<String, Value>,
    has_defaults: bool,
    boxes: bool,
) -> Vec<&'static str> {
    fields
        .iter()
        .filter(|field| field.asked && !field.optional && !content.contains_key(field.name))
        // Boxes left out are unticked: the field reads as nothing chosen.
        .filter(|field| !(boxes && field.is_multi()))
        .filter(|field| field.default_sent(has_defaults).is_none())
        .map(|field| field.name)
        .collect()
}
