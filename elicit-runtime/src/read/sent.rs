//! The form as it was sent: what the one reader reads an answer against.
//!
//! Every way of reading an answer into a derived form (`T::from_content`, `Form::read`, every
//! dialog, the bytes path) goes through the form's generated reader, which reads each field
//! against the field *as sent*: its property (the type's own, or one shaped at run time:
//! narrowed, given fewer options, another default), whether it was asked at all, and, for a
//! field whose options are given at run time, what was offered. A static form is the case
//! with nothing shaped: its fields are the properties of its own schema, in order.

use serde_json::Value;

use super::offer::OfferSlot;
use crate::schema::{PropertySchema, RequestedSchema};

use crate::raw::Raw;

/// How one field of a form was sent, as the reader meets it.
#[derive(Clone, Copy, Debug)]
pub enum AsSent<'a> {
    /// Asked with this property: the answer is checked against it, and an answer that leaves
    /// the field out gets its `default`, if it has one.
    Asked(&'a PropertySchema),
    /// Not asked (an optional select left with nothing to offer): an answer must leave it out.
    Unasked,
    /// Not asked again: the value the person gave in an earlier answer, kept (a form asked
    /// again on a revision that cannot pre-fill it).
    Kept(&'a Value, &'a PropertySchema),
}

impl<'a> AsSent<'a> {
    /// The common case of every field's reader: a value given (present, not `null`) for a
    /// field asked, with the property it is read against; `None` for every other case (left
    /// out, `null`, not asked, kept), which the readers handle out of line.
    // In line always: each reader calls it first, on every field of every answer.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn given<'s, 'r>(
        self,
        slot: Option<&'s Raw<'r>>,
    ) -> Option<(&'a PropertySchema, &'s Raw<'r>)> {
        match (self, slot) {
            (AsSent::Asked(property), Some(raw)) if !raw.is_null() => Some((property, raw)),
            _ => None,
        }
    }
}

/// What became of one field of a form shaped at run time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FieldPlan {
    /// Asked: the property at this index of the sent schema.
    Asked(usize),
    /// Not asked.
    Unasked,
    /// Not asked again, its earlier answer kept; the property it was first asked with is at
    /// this index of the schema the form was first asked with. (Made by a dialog's
    /// corrected form.)
    #[cfg_attr(not(feature = "state"), allow(dead_code))]
    Kept(Value, usize),
}

/// How the fields of a form shaped at run time were sent, one entry per field of the form
/// (in the order of its field names), and what was offered for its fields filled at run time.
#[derive(Debug)]
pub(crate) struct Plan {
    fields: Vec<FieldPlan>,
    pub(crate) offers: Vec<OfferSlot>,
    /// Whether field `i` is property `i`, asked, for every field: the common shaped form (its
    /// bounds, texts, defaults or options changed, every field asked). Its reader then finds
    /// each field as a static form's does, by place, without going through the plan.
    in_order: bool,
}

impl Plan {
    /// The plan of a form whose fields were sent as `fields` says, with `offers`.
    pub(crate) fn new(fields: Vec<FieldPlan>, offers: Vec<OfferSlot>) -> Self {
        let in_order = fields
            .iter()
            .enumerate()
            .all(|(index, field)| *field == FieldPlan::Asked(index));
        Self {
            fields,
            offers,
            in_order,
        }
    }
}

/// The form as sent, as the generated reader takes it: each field's [`AsSent`], and the
/// offers of the fields filled at run time. Cheap to copy; sliced for a flattened form.
#[derive(Clone, Copy)]
pub struct Sent<'a> {
    /// The properties of the schema the fields' properties are found in.
    properties: &'a [(String, PropertySchema)],
    /// The properties a kept field was first asked with.
    kept_from: &'a [(String, PropertySchema)],
    fields: Fields<'a>,
    offers: &'a [OfferSlot],
}

#[derive(Clone, Copy)]
enum Fields<'a> {
    /// Field `i` is property `start + i`, asked (a static form, or a part of one).
    InOrder { start: usize },
    /// Each field as the plan says.
    Planned(&'a [FieldPlan]),
}

impl<'a> Sent<'a> {
    /// A form sent as its schema says, every field asked, in order: a derived form's own.
    pub fn in_order(schema: &'a RequestedSchema) -> Self {
        Self {
            properties: &schema.properties,
            kept_from: &[],
            fields: Fields::InOrder { start: 0 },
            offers: &[],
        }
    }

    /// A form shaped at run time: its fields as `plan` says, their properties in `schema`
    /// (and a kept field's in `kept_from`).
    pub(crate) fn planned(
        schema: &'a RequestedSchema,
        kept_from: &'a RequestedSchema,
        plan: &'a Plan,
    ) -> Self {
        Self {
            properties: &schema.properties,
            kept_from: &kept_from.properties,
            fields: if plan.in_order {
                Fields::InOrder { start: 0 }
            } else {
                Fields::Planned(&plan.fields)
            },
            offers: &plan.offers,
        }
    }

    /// How field `index` was sent. A field the plan does not cover (which a form never
    /// builds) reads as not asked: its answer is then refused, never taken at its word.
    #[inline]
    pub fn field(&self, index: usize) -> AsSent<'a> {
        match self.fields {
            Fields::InOrder { start } => match self.properties.get(start + index) {
                Some((_, property)) => AsSent::Asked(property),
                None => AsSent::Unasked,
            },
            Fields::Planned(plan) => match plan.get(index) {
                Some(FieldPlan::Asked(at)) => match self.properties.get(*at) {
                    Some((_, property)) => AsSent::Asked(property),
                    None => AsSent::Unasked,
                },
                Some(FieldPlan::Kept(value, at)) => match self.kept_from.get(*at) {
                    Some((_, property)) => AsSent::Kept(value, property),
                    None => AsSent::Unasked,
                },
                Some(FieldPlan::Unasked) | None => AsSent::Unasked,
            },
        }
    }

    /// The fields `start..start + len`: a flattened form's, as its own reader takes them.
    #[inline]
    #[must_use]
    pub fn sub(&self, start: usize, len: usize) -> Self {
        let fields = match self.fields {
            Fields::InOrder { start: first } => Fields::InOrder {
                start: first + start,
            },
            Fields::Planned(plan) => Fields::Planned(
                plan.get(start..start.saturating_add(len))
                    .unwrap_or_default(),
            ),
        };
        Self { fields, ..*self }
    }

    /// What was offered for the `index`-th field filled at run time.
    #[inline]
    pub fn offer(&self, index: usize) -> Option<&'a OfferSlot> {
        self.offers.get(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{BooleanSchema, StringSchema};

    /// Two properties: `a` (a boolean) and `b` (a string).
    fn schema() -> RequestedSchema {
        let mut schema = RequestedSchema::default();
        schema.push("a", PropertySchema::Boolean(BooleanSchema::default()), true);
        schema.push("b", PropertySchema::String(StringSchema::default()), true);
        schema
    }

    /// Which property of `schema` each of `count` fields is asked with (`None`: not asked,
    /// or kept).
    fn asked(sent: &Sent<'_>, schema: &RequestedSchema, count: usize) -> Vec<Option<usize>> {
        (0..count)
            .map(|index| match sent.field(index) {
                AsSent::Asked(property) => schema
                    .properties
                    .iter()
                    .position(|(_, known)| std::ptr::eq(known, property)),
                AsSent::Unasked | AsSent::Kept(..) => None,
            })
            .collect()
    }

    #[test]
    fn a_plan_in_place_reads_by_place_and_any_other_through_the_plan() {
        let schema = schema();
        let in_place = Plan::new(vec![FieldPlan::Asked(0), FieldPlan::Asked(1)], Vec::new());
        assert!(in_place.in_order);
        let sent = Sent::planned(&schema, &schema, &in_place);
        assert!(matches!(sent.fields, Fields::InOrder { start: 0 }));
        assert_eq!(asked(&sent, &schema, 3), [Some(0), Some(1), None]);

        let swapped = Plan::new(vec![FieldPlan::Asked(1), FieldPlan::Asked(0)], Vec::new());
        assert!(!swapped.in_order);
        let sent = Sent::planned(&schema, &schema, &swapped);
        assert_eq!(asked(&sent, &schema, 2), [Some(1), Some(0)]);

        let unasked = Plan::new(vec![FieldPlan::Asked(0), FieldPlan::Unasked], Vec::new());
        assert!(!unasked.in_order);
        let sent = Sent::planned(&schema, &schema, &unasked);
        assert_eq!(asked(&sent, &schema, 2), [Some(0), None]);

        let kept = Plan::new(
            vec![FieldPlan::Asked(0), FieldPlan::Kept(Value::Bool(true), 1)],
            Vec::new(),
        );
        assert!(!kept.in_order);
        let sent = Sent::planned(&schema, &schema, &kept);
        assert!(matches!(sent.field(1), AsSent::Kept(Value::Bool(true), _)));
    }

    #[test]
    fn a_part_of_a_plan_in_place_is_read_from_its_own_start() {
        let schema = schema();
        let plan = Plan::new(vec![FieldPlan::Asked(0), FieldPlan::Asked(1)], Vec::new());
        let sent = Sent::planned(&schema, &schema, &plan).sub(1, 1);
        assert_eq!(asked(&sent, &schema, 2), [Some(1), None]);
    }
}
