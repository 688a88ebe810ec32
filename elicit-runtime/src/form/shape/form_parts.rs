//! A form while its builder shapes it: the field parts put together, then built into a
//! [`Form`].

use std::any::Any;
use std::borrow::Cow;
use std::fmt::Display;
use std::sync::Arc;

use std::marker::PhantomData;

use super::field::FieldShape;
use super::options::{Given, MultiOptions, NotGiven, OfferShape, Options};
use super::parts::{Check, Checks, FieldParts, Getter, is_select, placeholder, set_required};
use crate::form::Form;
use crate::form::ShapeError;
use crate::read::{FieldPlan, FormReader, Plan};
use crate::read::{Offer, OfferSlot};
use crate::schema::{BooleanSchema, PropertySchema, RequestedSchema};

/// The fields a derived form's builder shapes, by place: their wire names, whether each is
/// an `Option`, and a reader of each one's value from a whole answer (for its checks). One
/// table a form, so that each of the builder's methods is a single call with the field's
/// place, not a copy of all three (what a form's build time is mostly spent on).
#[doc(hidden)]
pub struct FieldTable<F: 'static> {
    /// The wire names, in the order of the builder's methods.
    pub names: &'static [&'static str],
    /// Whether each field is an `Option`.
    pub optional: &'static [bool],
    /// Field `index`'s value in the form (the `T` of an `Option<T>`), or `None` when it has
    /// none.
    pub get: fn(&F, usize) -> Option<&dyn Any>,
}

/// A form while its builder shapes it: what generated builders keep and call.
#[doc(hidden)]
pub struct FormParts<F: 'static> {
    /// The fields [`field_at`](Self::field_at) finds by place.
    fields: &'static FieldTable<F>,
    message: Cow<'static, str>,
    schema: RequestedSchema,
    checks: Vec<(&'static str, Check<F>)>,
    problems: Vec<ShapeError>,
    /// Optional fields left out of the form because nothing was offered for them.
    unasked: Vec<&'static str>,
}

impl<F: 'static> FormParts<F> {
    /// The parts of a derived form's builder: its prompt and base schema (the type's own,
    /// whose fields filled at run time are still placeholders), and the fields its methods
    /// shape by place.
    pub fn of_fields(
        message: &'static str,
        schema: RequestedSchema,
        fields: &'static FieldTable<F>,
    ) -> Self {
        Self {
            fields,
            message: Cow::Borrowed(message),
            schema,
            checks: Vec::new(),
            problems: Vec::new(),
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

    /// Shapes the field at `index` of the table the parts were made with
    /// ([`of_fields`](Self::of_fields)). An index past it (which no generated builder
    /// makes) shapes nothing.
    pub fn field_at<T: 'static, S: FnOnce(FieldShape<F, T>) -> FieldShape<F, T>>(
        &mut self,
        index: usize,
        shape: S,
    ) {
        let fields = self.fields;
        let (Some(name), Some(optional)) = (fields.names.get(index), fields.optional.get(index))
        else {
            return;
        };
        let Some(parts) = self.take(name, *optional) else {
            return;
        };
        let shaped = shape(FieldShape {
            parts,
            get: Getter::Indexed(fields.get, index),
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
        let plan = Plan::new(fields, offers);
        Ok(Form::shaped(self.message, Arc::new(schema), reader, plan).with_checks(checks))
    }
}
