//! What a derived form's builder collects for one field ([`FieldParts`]), the checks that
//! run on the answer, and the helpers the field shapes share; the form's parts are in
//! `form_parts`.

use std::any::Any;
use std::cmp::Ordering;
use std::fmt::Display;
use std::sync::Arc;

use serde_json::{Number, Value};

use crate::error::{ContentError, FieldError, FieldErrorKind};
use crate::schema::{
    PropertySchema, RequestedSchema, SelectOption, TitledMultiSelectSchema,
    TitledSingleSelectSchema,
};

/// A check of one field of an answer, given the whole answer: its error message, if any.
pub(crate) type Check<F> = Box<dyn Fn(&F) -> Option<String> + Send + Sync>;

/// How a check finds its field's value in a whole answer: a function of the form, or a
/// derived form's one reader of its fields by place (its builder's [`FieldGetter`]), whose
/// value is then taken as a `T`.
///
/// [`FieldGetter`]: super::form_parts::FieldGetter
pub(crate) enum Getter<F, T> {
    Field(fn(&F) -> Option<&T>),
    Indexed(fn(&F, usize) -> Option<&dyn Any>, usize),
}

// By hand: a derive would ask `F: Clone, T: Clone`.
impl<F, T> Clone for Getter<F, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F, T> Copy for Getter<F, T> {}

impl<F, T: 'static> Getter<F, T> {
    /// The field's value in `form`; `None` when it has none (an `Option` left out).
    fn get<'f>(&self, form: &'f F) -> Option<&'f T> {
        match *self {
            Self::Field(get) => get(form),
            Self::Indexed(get, index) => get(form, index)?.downcast_ref(),
        }
    }
}

/// The checks of a form, each with the wire name of the field its error names.
pub(crate) type Checks<F> = Arc<Vec<(&'static str, Check<F>)>>;

/// One field while it is shaped.
pub(crate) struct FieldParts<F> {
    pub(crate) name: &'static str,
    pub(crate) property: PropertySchema,
    /// Whether the field is an `Option`: left out, it is `None`; else it needs a value, or
    /// the default sent.
    pub(crate) optional: bool,
    pub(crate) checks: Vec<Check<F>>,
    pub(crate) default: Option<Value>,
    pub(crate) problems: Vec<String>,
}

impl<F> FieldParts<F> {
    pub(crate) fn new(name: &'static str, property: PropertySchema, optional: bool) -> Self {
        Self {
            name,
            property,
            optional,
            checks: Vec::new(),
            default: None,
            problems: Vec::new(),
        }
    }

    /// A bound asked for that is wider than the field's own.
    pub(crate) fn wider(&mut self, key: &str, asked: impl Display, current: impl Display) {
        self.problems.push(format!(
            "{key} {asked} is wider than the field allows ({key} {current}): a form shaped at run time can only narrow"
        ));
    }

    /// Keeps only these options of a select (in the select's order).
    pub(crate) fn keep_options(&mut self, keep: &[String]) {
        let kept = |value: &String| keep.contains(value);
        match &mut self.property {
            PropertySchema::UntitledSingleSelect(schema) => schema.options.retain(kept),
            PropertySchema::TitledSingleSelect(schema) => {
                schema.options.retain(|option| kept(&option.value));
            }
            PropertySchema::LegacyTitledEnum(schema) => {
                let (options, names): (Vec<_>, Vec<_>) = schema
                    .options
                    .drain(..)
                    .zip(schema.option_names.drain(..))
                    .filter(|(value, _)| kept(value))
                    .unzip();
                schema.options = options;
                schema.option_names = names;
            }
            PropertySchema::UntitledMultiSelect(schema) => schema.options.retain(kept),
            PropertySchema::TitledMultiSelect(schema) => {
                schema.options.retain(|option| kept(&option.value));
            }
            _ => {}
        }
    }

    /// Sets the title of the option `value`, titling the select when it had none.
    pub(crate) fn title_option(&mut self, value: &str, title: String) {
        titled(&mut self.property);
        match &mut self.property {
            PropertySchema::TitledSingleSelect(schema) => {
                if let Some(option) = schema.options.iter_mut().find(|o| o.value == value) {
                    option.title = title;
                }
            }
            PropertySchema::TitledMultiSelect(schema) => {
                if let Some(option) = schema.options.iter_mut().find(|o| o.value == value) {
                    option.title = title;
                }
            }
            PropertySchema::LegacyTitledEnum(schema) => {
                if let Some(index) = schema.options.iter().position(|option| option == value)
                    && let Some(name) = schema.option_names.get_mut(index)
                {
                    *name = title;
                }
            }
            _ => {}
        }
    }

    /// Narrows a multi-select's item counts.
    pub(crate) fn items(&mut self, min: Option<u64>, max: Option<u64>) {
        let (current_min, current_max) = match &mut self.property {
            PropertySchema::UntitledMultiSelect(schema) => {
                (&mut schema.min_items, &mut schema.max_items)
            }
            PropertySchema::TitledMultiSelect(schema) => {
                (&mut schema.min_items, &mut schema.max_items)
            }
            _ => return,
        };
        let wider_min = min.and_then(|min| {
            narrow(current_min, min, |min, current| min < current)
                .map(|current| ("min_items", min, current))
        });
        let wider_max = max.and_then(|max| {
            narrow(current_max, max, |max, current| max > current)
                .map(|current| ("max_items", max, current))
        });
        for (key, asked, current) in [wider_min, wider_max].into_iter().flatten() {
            self.wider(key, asked, current);
        }
    }

    /// Adds a check of this field's value (found by `get`) given the whole answer; it runs
    /// only when the field has a value.
    pub(crate) fn check<T: 'static, E: Display>(
        &mut self,
        get: Getter<F, T>,
        check: impl Fn(&T, &F) -> Result<(), E> + Send + Sync + 'static,
    ) where
        F: 'static,
    {
        self.checks.push(Box::new(move |form: &F| {
            get.get(form)
                .and_then(|value| check(value, form).err().map(|error| error.to_string()))
        }));
    }

    /// What leaves no answer that fits, or a given default that does not.
    pub(crate) fn check_shape(&mut self) {
        self.problems.extend(empty(&self.property));
        // A default is a value, never `null`: the property's own check is what an answer of
        // it would meet.
        match self.default.take() {
            Some(default) => {
                if self.property.check(&default).is_ok() {
                    self.property.set_default_value(&default);
                } else {
                    self.problems.push(format!(
                        "the default {default} does not fit the field as shaped"
                    ));
                }
            }
            None => {
                // A default the field declared that the shaping left out (narrowed out, not
                // offered, longer than a narrowed `max_length`) is no default: it is not
                // sent, and an answer that leaves the field out is not read as it.
                if let Some(declared) = self.property.default_value()
                    && self.property.check(&declared).is_err()
                {
                    self.property.clear_default();
                }
            }
        }
    }

    /// Whether an answer must give this field: a field that is not an `Option` and has no
    /// default sent.
    pub(crate) fn is_required(&self) -> bool {
        !self.optional && self.property.default_value().is_none()
    }
}

/// Whether the property is a select (single or multi).
pub(crate) fn is_select(property: &PropertySchema) -> bool {
    !matches!(
        property,
        PropertySchema::String(_) | PropertySchema::Number(_) | PropertySchema::Boolean(_)
    )
}

/// Why a property as shaped admits no answer.
fn empty(property: &PropertySchema) -> Option<String> {
    match property {
        PropertySchema::String(schema) => match (schema.min_length, schema.max_length) {
            (Some(min), Some(max)) if min > max => Some(format!(
                "max_length {max} is below the min_length {min}, so no answer would fit"
            )),
            _ => None,
        },
        PropertySchema::Number(schema) => match (&schema.minimum, &schema.maximum) {
            (Some(min), Some(max)) if compare(min, max).is_gt() => Some(format!(
                "maximum {max} is below the minimum {min}, so no answer would fit"
            )),
            _ => None,
        },
        PropertySchema::Boolean(_) => None,
        PropertySchema::UntitledMultiSelect(_) | PropertySchema::TitledMultiSelect(_) => {
            let count = property.option_values().count() as u64;
            let (min, max) = match property {
                PropertySchema::UntitledMultiSelect(s) => (s.min_items, s.max_items),
                PropertySchema::TitledMultiSelect(s) => (s.min_items, s.max_items),
                _ => (None, None),
            };
            if count == 0 {
                Some("no option is offered".to_owned())
            } else if max == Some(0) {
                Some("max_items is 0, so only an empty answer would fit".to_owned())
            } else if let (Some(min), Some(max)) = (min, max)
                && min > max
            {
                Some(format!(
                    "max_items {max} is below the min_items {min}, so no answer would fit"
                ))
            } else {
                min.filter(|min| *min > count).map(|min| format!(
                    "min_items {min} is more than the {count} option(s) offered, so no answer would fit"
                ))
            }
        }
        _ => (property.option_values().count() == 0).then(|| "no option is offered".to_owned()),
    }
}

/// Puts `name` in the schema's `required` list, in property order, or takes it out.
pub(crate) fn set_required(schema: &mut RequestedSchema, name: &str, required: bool) {
    if schema.is_required(name) == required {
        return;
    }
    if !required {
        schema.required.retain(|known| known != name);
        return;
    }
    schema.required.push(name.to_owned());
    let position = |required: &String| {
        schema
            .properties
            .iter()
            .position(|(property, _)| property == required)
    };
    let mut ordered: Vec<(Option<usize>, String)> = schema
        .required
        .drain(..)
        .map(|required| (position(&required), required))
        .collect();
    ordered.sort_by_key(|(position, _)| *position);
    schema.required = ordered.into_iter().map(|(_, name)| name).collect();
}

/// What a field filled at run time is before its options are given: a select with none.
#[doc(hidden)]
pub fn placeholder(multi: bool) -> PropertySchema {
    titled_select(multi, None, None, Vec::new(), (None, None))
}

/// `asked` in place of `bound`, unless it is wider than the bound already there
/// (`is_wider(asked, current)`): the bound then stays, and comes back for the field's problem
/// ("a form shaped at run time can only narrow").
pub(crate) fn narrow<V: Clone>(
    bound: &mut Option<V>,
    asked: V,
    is_wider: impl Fn(&V, &V) -> bool,
) -> Option<V> {
    match bound {
        Some(current) if is_wider(&asked, current) => Some(current.clone()),
        _ => {
            *bound = Some(asked);
            None
        }
    }
}

/// A select whose options are given at run time, titled (so each option carries the title
/// the person sees): a multi-select with its item counts, or a single select.
pub(crate) fn titled_select(
    multi: bool,
    title: Option<String>,
    description: Option<String>,
    options: Vec<SelectOption>,
    (min_items, max_items): (Option<u64>, Option<u64>),
) -> PropertySchema {
    if multi {
        PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
            title,
            description,
            options,
            min_items,
            max_items,
            default: None,
        })
    } else {
        PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
            title,
            description,
            options,
            default: None,
        })
    }
}

/// Runs `checks` on a read answer: every failing one's error, on its field.
pub(crate) fn run_checks<F>(checks: &Checks<F>, answer: &F) -> Result<(), ContentError> {
    let errors: Vec<FieldError> = checks
        .iter()
        .filter_map(|(name, check)| {
            check(answer).map(|reason| FieldError::new(*name, FieldErrorKind::Invalid { reason }))
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ContentError::from(errors))
    }
}

/// Orders two JSON numbers exactly: as integers when both are, else as `f64`.
pub(crate) fn compare(a: &Number, b: &Number) -> Ordering {
    if let (Some(a), Some(b)) = (a.as_i64(), b.as_i64()) {
        return a.cmp(&b);
    }
    if let (Some(a), Some(b)) = (a.as_u64(), b.as_u64()) {
        return a.cmp(&b);
    }
    // One is a negative `i64`, the other a `u64` beyond `i64`.
    if a.as_i64().is_some() && b.as_u64().is_some() {
        return Ordering::Less;
    }
    if a.as_u64().is_some() && b.as_i64().is_some() {
        return Ordering::Greater;
    }
    let (a, b) = (
        a.as_f64().unwrap_or(f64::NAN),
        b.as_f64().unwrap_or(f64::NAN),
    );
    a.partial_cmp(&b).unwrap_or(Ordering::Equal)
}

/// The titled form of a select, so that one option can carry a title of its own.
pub(crate) fn titled(property: &mut PropertySchema) {
    let replacement = match property {
        PropertySchema::UntitledSingleSelect(schema) => {
            PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
                title: schema.title.take(),
                description: schema.description.take(),
                options: schema
                    .options
                    .iter()
                    .map(|value| SelectOption::new(value.clone(), value.clone()))
                    .collect(),
                default: schema.default.take(),
            })
        }
        PropertySchema::UntitledMultiSelect(schema) => {
            PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
                title: schema.title.take(),
                description: schema.description.take(),
                options: schema
                    .options
                    .iter()
                    .map(|value| SelectOption::new(value.clone(), value.clone()))
                    .collect(),
                min_items: schema.min_items,
                max_items: schema.max_items,
                default: schema.default.take(),
            })
        }
        _ => return,
    };
    *property = replacement;
}
