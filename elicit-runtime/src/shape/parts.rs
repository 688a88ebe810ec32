//! What a derived form's builder collects: the form's parts ([`FormParts`]), one field's
//! ([`FieldParts`]), and the checks that run on the answer.

use std::borrow::Cow;
use std::fmt::Display;
use std::sync::Arc;

use serde_json::Value;

use std::marker::PhantomData;

use super::field::{FieldShape, compare, titled};
use super::options::{Given, MultiOptions, NotGiven, Offer, OfferShape, OfferSlot, Options};
use crate::form::Form;
use crate::read::{FieldPlan, FormReader, Plan};
use crate::schema::{
    BooleanSchema, EnumOption, PropertySchema, RequestedSchema, TitledMultiSelectSchema,
    TitledSingleSelectSchema,
};
use crate::{ContentError, FieldError, FieldErrorKind, ShapeError};

/// A check of one field of an answer, given the whole answer: its error message, if any.
pub(crate) type Check<F> = Box<dyn Fn(&F) -> Option<String> + Send + Sync>;

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
    fn new(name: &'static str, property: PropertySchema, optional: bool) -> Self {
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
        get: fn(&F) -> Option<&T>,
        check: impl Fn(&T, &F) -> Result<(), E> + Send + Sync + 'static,
    ) where
        F: 'static,
    {
        self.checks.push(Box::new(move |form: &F| {
            get(form).and_then(|value| check(value, form).err().map(|error| error.to_string()))
        }));
    }

    /// What leaves no answer that fits, or a given default that does not.
    fn check_shape(&mut self) {
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
    fn is_required(&self) -> bool {
        !self.optional && self.property.default_value().is_none()
    }
}

/// Whether the property is a select (single or multi).
fn is_select(property: &PropertySchema) -> bool {
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

/// A form while its builder shapes it: what generated builders keep and call.
#[doc(hidden)]
pub struct FormParts<F> {
    message: Cow<'static, str>,
    schema: RequestedSchema,
    checks: Vec<(&'static str, Check<F>)>,
    problems: Vec<ShapeError>,
    attempts: u32,
    /// Optional fields left out of the form because nothing was offered for them.
    unasked: Vec<&'static str>,
}

impl<F: 'static> FormParts<F> {
    /// The parts of a form with this prompt and base schema (the type's own, or one whose
    /// fields filled at run time are still empty).
    pub fn new(message: &'static str, schema: RequestedSchema) -> Self {
        Self {
            message: Cow::Borrowed(message),
            schema,
            checks: Vec::new(),
            problems: Vec::new(),
            attempts: 1,
            unasked: Vec::new(),
        }
    }

    /// The schema as shaped so far.
    pub fn schema(&self) -> &RequestedSchema {
        &self.schema
    }

    /// Replaces the prompt.
    pub fn message(&mut self, message: String) {
        self.message = Cow::Owned(message);
    }

    /// Sets how many times the form is asked at most.
    pub fn attempts(&mut self, attempts: u32) {
        self.attempts = attempts.max(1);
    }

    /// Adds a check of the whole answer, whose error names the field `name`.
    pub fn check<E: Display>(
        &mut self,
        name: &'static str,
        check: impl Fn(&F) -> Result<(), E> + Send + Sync + 'static,
    ) {
        let check: Check<F> =
            Box::new(move |form: &F| check(form).err().map(|error| error.to_string()));
        self.checks.push((name, check));
    }

    /// Shapes the field `name`, whose value `get` reads from an answer.
    /// `optional`: the field is an `Option`.
    pub fn field<T: 'static>(
        &mut self,
        name: &'static str,
        optional: bool,
        get: fn(&F) -> Option<&T>,
        shape: impl FnOnce(FieldShape<F, T>) -> FieldShape<F, T>,
    ) {
        let Some(parts) = self.take(name, optional) else {
            return;
        };
        let shaped = shape(FieldShape {
            parts,
            get,
            _type: PhantomData,
        });
        self.put(shaped.parts);
    }

    /// Gives the options of the field `name` (a single select filled at run time; an
    /// `Option` if `optional`); what was offered, for reading the answer.
    pub fn options<V: 'static>(
        &mut self,
        name: &'static str,
        optional: bool,
        get: fn(&F) -> Option<&V>,
        shape: impl FnOnce(Options<F, V, NotGiven>) -> Options<F, V, Given>,
    ) -> Offer<V> {
        self.offered(name, optional, get, shape)
    }

    /// Gives the options of the field `name` (a multi-select filled at run time).
    pub fn multi_options<V: 'static>(
        &mut self,
        name: &'static str,
        optional: bool,
        get: fn(&F) -> Option<&Vec<V>>,
        shape: impl FnOnce(MultiOptions<F, V, NotGiven>) -> MultiOptions<F, V, Given>,
    ) -> Offer<V> {
        self.offered(name, optional, get, shape)
    }

    fn offered<V, S: OfferShape<F, V>>(
        &mut self,
        name: &'static str,
        optional: bool,
        get: fn(&F) -> Option<&S::Value>,
        shape: impl FnOnce(S) -> S::Given,
    ) -> Offer<V> {
        let parts = self
            .take(name, optional)
            .unwrap_or_else(|| FieldParts::new(name, placeholder(S::MULTI), optional));
        let (parts, offer) = S::finish(shape(S::start(parts, get)));
        self.put(parts);
        offer
    }

    /// The field `name`'s parts, taken out of the schema to be shaped (a placeholder holds
    /// its place until [`put`](Self::put) puts it back).
    pub(crate) fn take(&mut self, name: &'static str, optional: bool) -> Option<FieldParts<F>> {
        let slot = self.slot(name)?;
        let property = std::mem::replace(slot, PropertySchema::Boolean(BooleanSchema::default()));
        Some(FieldParts::new(name, property, optional))
    }

    /// Puts a shaped field back; an optional select left with no option is not asked at all
    /// (its answer is `None`), rather than sent with an empty list. (A select that is not an
    /// `Option` and has no option left is a problem: nothing could answer it.)
    pub(crate) fn put(&mut self, mut parts: FieldParts<F>) {
        if is_select(&parts.property)
            && parts.property.option_values().next().is_none()
            && parts.optional
        {
            // Left in place until `build` (a generated reader finds its fields by place).
            self.unasked.push(parts.name);
            if let Some(slot) = self.slot(parts.name) {
                *slot = parts.property;
            }
            return;
        }
        self.unasked.retain(|name| *name != parts.name);
        parts.check_shape();
        for problem in parts.problems.drain(..) {
            self.problems.push(ShapeError::new(parts.name, problem));
        }
        for check in parts.checks.drain(..) {
            self.checks.push((parts.name, check));
        }
        // The wire says what the reader will ask of the field: a field that needs a value
        // and has no default sent is required; one with a default sent is not (an answer that
        // leaves it out is read as that default), as a field with a declared default is not.
        let required = parts.is_required();
        if let Some(slot) = self.slot(parts.name) {
            *slot = parts.property;
        }
        set_required(&mut self.schema, parts.name, required);
    }

    fn slot(&mut self, name: &str) -> Option<&mut PropertySchema> {
        self.schema
            .properties
            .iter_mut()
            .find(|(property, _)| property == name)
            .map(|(_, slot)| slot)
    }

    /// A problem found while shaping the field `name`.
    pub fn problem(&mut self, name: &'static str, problem: impl Into<String>) {
        self.problems.push(ShapeError::new(name, problem));
    }

    /// The form, read by `reader` (the form's one reader) against the form as shaped, its
    /// fields filled at run time against `offers` (one per such field, in declaration
    /// order); or the first problem.
    ///
    /// # Errors
    /// The first [`ShapeError`] found while shaping.
    pub fn build(
        self,
        reader: FormReader<F>,
        offers: Vec<OfferSlot>,
    ) -> Result<Form<F>, ShapeError> {
        if let Some(problem) = self.problems.into_iter().next() {
            return Err(problem);
        }
        let checks: Checks<F> = Arc::new(self.checks);
        let unasked = self.unasked;
        let mut schema = self.schema;
        schema
            .properties
            .retain(|(name, _)| !unasked.contains(&name.as_str()));
        schema
            .required
            .retain(|name| !unasked.contains(&name.as_str()));
        // Each field of the form, as sent: the property of that name, or not asked. (Every
        // name of the reader is a property of the form's base schema.)
        let fields = reader
            .names
            .iter()
            .map(|name| {
                schema
                    .properties
                    .iter()
                    .position(|(property, _)| property == name)
                    .map_or(FieldPlan::Unasked, FieldPlan::Asked)
            })
            .collect();
        let plan = Plan { fields, offers };
        Ok(Form::shaped(self.message, Arc::new(schema), reader, plan)
            .attempts(self.attempts)
            .with_checks(checks))
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
    options: Vec<EnumOption>,
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
