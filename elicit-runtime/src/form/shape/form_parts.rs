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
use crate::read::{FieldPlan, FormFields, Plan, form_reader};
use crate::read::{Offer, OfferSlot};
use crate::schema::{BooleanSchema, PropertySchema, RequestedSchema};

/// The value of the field at `index` (its place in the form's `FormFields::NAMES`) in a whole
/// answer, for its checks: the `T` of an `Option<T>`, or `None` when it has none. One function
/// a form, written by the derive, so that each of the builder's methods is a single call with
/// the field's place; the field's name and whether it is an `Option` are the form's
/// `NAMES` and `NEEDS_VALUE` at that place.
pub type FieldGetter<F> = fn(&F, usize) -> Option<&dyn Any>;

/// A form while its builder shapes it: what generated builders keep and call.
#[doc(hidden)]
pub struct FormParts<F: 'static> {
    /// Each field's value, by place, for [`field_at`](Self::field_at).
    get: FieldGetter<F>,
    message: Cow<'static, str>,
    schema: RequestedSchema,
    checks: Vec<(&'static str, Check<F>)>,
    problems: Vec<ShapeError>,
    /// Optional fields left out of the form because nothing was offered for them.
    unasked: Vec<&'static str>,
}

impl<F: FormFields + 'static> FormParts<F> {
    /// The parts of a derived form's builder: its prompt and base schema (the type's own,
    /// whose fields filled at run time are still placeholders), and the value of each field
    /// its methods shape by place.
    pub fn of_fields(message: &'static str, schema: RequestedSchema, get: FieldGetter<F>) -> Self {
        Self {
            get,
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

    /// The wire name of the field at `index` of the form's `NAMES`, and whether it is an
    /// `Option` (does not need a value); `None` past the table (which no generated builder
    /// reaches).
    fn field(index: usize) -> Option<(&'static str, bool)> {
        match (F::NAMES.get(index), F::NEEDS_VALUE.get(index)) {
            (Some(name), Some(needs_value)) => Some((name, !needs_value)),
            _ => None,
        }
    }

    /// Shapes the field at `index` (its place in the form's `NAMES`). An index past them
    /// (which no generated builder makes) shapes nothing.
    pub fn field_at<T: 'static, S: FnOnce(FieldShape<F, T>) -> FieldShape<F, T>>(
        &mut self,
        index: usize,
        shape: S,
    ) {
        let Some((name, optional)) = Self::field(index) else {
            return;
        };
        let Some(parts) = self.take(name, optional) else {
            return;
        };
        let shaped = shape(FieldShape {
            parts,
            get: Getter::Indexed(self.get, index),
            _type: PhantomData,
        });
        self.put(shaped.parts);
    }

    /// Gives the options of the field at `index` (a single select filled at run time);
    /// what was offered, for reading the answer.
    pub fn options<V: 'static>(
        &mut self,
        index: usize,
        get: fn(&F) -> Option<&V>,
        shape: impl FnOnce(Options<F, V, NotGiven>) -> Options<F, V, Given>,
    ) -> Offer<V> {
        self.offered(index, get, shape)
    }

    /// Gives the options of the field at `index` (a multi-select filled at run time).
    pub fn multi_options<V: 'static>(
        &mut self,
        index: usize,
        get: fn(&F) -> Option<&Vec<V>>,
        shape: impl FnOnce(MultiOptions<F, V, NotGiven>) -> MultiOptions<F, V, Given>,
    ) -> Offer<V> {
        self.offered(index, get, shape)
    }

    fn offered<V, S: OfferShape<F, V>>(
        &mut self,
        index: usize,
        get: fn(&F) -> Option<&S::Value>,
        shape: impl FnOnce(S) -> S::Given,
    ) -> Offer<V> {
        let (name, optional) = Self::field(index).unwrap_or(("", true));
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

    /// The form, read by its one reader against the form as shaped, its fields filled at run
    /// time against `offers` (one per such field, in declaration order); or the first
    /// problem.
    ///
    /// # Errors
    /// The first [`ShapeError`] found while shaping.
    pub fn build(self, offers: Vec<OfferSlot>) -> Result<Form<F>, ShapeError> {
        let reader = form_reader::<F>();
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
