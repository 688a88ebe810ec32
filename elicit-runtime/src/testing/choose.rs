//! Choosing options the way a person does: by what the form shows, resolved against the
//! request that was sent, so a test need not know the `const` each option goes out as.

use std::fmt;

use serde_json::{Map, Value};

use crate::schema::{PropertySchema, RequestedSchema};

/// One select of an accepted answer, chosen by option: resolved when the request arrives.
#[derive(Clone)]
pub(super) struct Chosen {
    pub(super) field: String,
    pub(super) by: By,
    pub(super) options: Vec<String>,
    pub(super) multi: bool,
}

/// How the options of a [`Chosen`] are named.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum By {
    /// By the `const` sent (an [`OptionValue`](crate::shape::OptionValue)'s text).
    Value,
    /// By the title the person sees (an untitled option's title is its value).
    Title,
}

/// `date = "2026-12-27"`, `extras titled ["Breakfast"]`
impl fmt::Display for Chosen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = match self.by {
            By::Value => "=",
            By::Title => "titled",
        };
        if self.multi {
            write!(f, "{} {by} {:?}", self.field, self.options)
        } else {
            let option = self.options.first().map_or("", String::as_str);
            write!(f, "{} {by} {option:?}", self.field)
        }
    }
}

/// An option as the person sees it: the `const` sent back and its title.
struct Shown {
    value: String,
    title: String,
}

/// The options of `field` in `schema`: its select's, or (a multi-select asked as checkboxes
/// on 2025-06-18) one per checkbox `field.<const>`, titled after the `"<field title>: "`.
/// `None` when the form has no such select.
fn shown(schema: &RequestedSchema, field: &str) -> Option<(Vec<Shown>, Kind)> {
    let untitled = |options: &[String]| {
        options
            .iter()
            .map(|value| Shown {
                value: value.clone(),
                title: value.clone(),
            })
            .collect()
    };
    let titled = |options: &[crate::schema::SelectOption]| {
        options
            .iter()
            .map(|option| Shown {
                value: option.value.clone(),
                title: option.title.clone(),
            })
            .collect()
    };
    match schema.property(field) {
        Some(PropertySchema::UntitledSingleSelect(s)) => Some((untitled(&s.options), Kind::One)),
        Some(PropertySchema::TitledSingleSelect(s)) => Some((titled(&s.options), Kind::One)),
        Some(PropertySchema::LegacyTitledEnum(s)) => Some((
            s.options
                .iter()
                .zip(&s.option_names)
                .map(|(value, title)| Shown {
                    value: value.clone(),
                    title: title.clone(),
                })
                .collect(),
            Kind::One,
        )),
        Some(PropertySchema::UntitledMultiSelect(s)) => Some((untitled(&s.options), Kind::Many)),
        Some(PropertySchema::TitledMultiSelect(s)) => Some((titled(&s.options), Kind::Many)),
        Some(_) => None,
        None => {
            let prefix = format!("{field}.");
            let boxes: Vec<Shown> = schema
                .properties
                .iter()
                .filter_map(|(name, property)| {
                    let value = name.strip_prefix(&prefix)?;
                    let PropertySchema::Boolean(check) = property else {
                        return None;
                    };
                    let title = check.title.as_deref().unwrap_or(value);
                    let title = title.split_once(": ").map_or(title, |(_, title)| title);
                    Some(Shown {
                        value: value.to_owned(),
                        title: title.to_owned(),
                    })
                })
                .collect();
            (!boxes.is_empty()).then_some((boxes, Kind::Checkboxes))
        }
    }
}

/// How a select takes its answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One option: a string.
    One,
    /// Several: an array of strings.
    Many,
    /// Several, asked as one boolean per option.
    Checkboxes,
}

impl Chosen {
    /// Writes the chosen options into `content`, as the form `schema` asks for them.
    ///
    /// # Errors
    /// What keeps a person from choosing so: no select `field`, one option where the select
    /// takes several (or the reverse), an option that was not offered (the offered ones are
    /// listed).
    pub(super) fn apply(
        &self,
        schema: Option<&RequestedSchema>,
        content: &mut Map<String, Value>,
    ) -> Result<(), String> {
        let Some(schema) = schema else {
            return Err(format!("cannot choose {self}: the request is not a form"));
        };
        let Some((shown, kind)) = shown(schema, &self.field) else {
            return Err(format!(
                "cannot choose {self}: the form has no select `{}`",
                self.field
            ));
        };
        match (kind, self.multi) {
            (Kind::One, true) => {
                return Err(format!(
                    "cannot choose {self}: `{}` is a single select (choose one option)",
                    self.field
                ));
            }
            (Kind::Many | Kind::Checkboxes, false) => {
                return Err(format!(
                    "cannot choose {self}: `{}` takes several options (choose them all at once)",
                    self.field
                ));
            }
            _ => {}
        }
        let mut values = Vec::with_capacity(self.options.len());
        for option in &self.options {
            let found = shown.iter().find(|shown| match self.by {
                By::Value => shown.value == *option,
                By::Title => shown.title == *option,
            });
            let Some(found) = found else {
                let offered: Vec<&str> = shown
                    .iter()
                    .map(|shown| match self.by {
                        By::Value => shown.value.as_str(),
                        By::Title => shown.title.as_str(),
                    })
                    .collect();
                return Err(format!(
                    "cannot choose {self}: {option:?} was not offered; the options were {offered:?}"
                ));
            };
            values.push(found.value.clone());
        }
        match kind {
            Kind::One => {
                if let Some(value) = values.pop() {
                    content.insert(self.field.clone(), Value::String(value));
                }
            }
            Kind::Many => {
                content.insert(
                    self.field.clone(),
                    Value::Array(values.into_iter().map(Value::String).collect()),
                );
            }
            Kind::Checkboxes => {
                for shown in &shown {
                    content.insert(
                        format!("{}.{}", self.field, shown.value),
                        Value::Bool(values.contains(&shown.value)),
                    );
                }
            }
        }
        Ok(())
    }
}
