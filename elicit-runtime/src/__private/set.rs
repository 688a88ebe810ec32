//! A derived form's schema, built from the table of its members the derive writes
//! ([`schema`], [`Member`]); each field's attributes applied to its type's schema, with what
//! the type allows beside it (`FieldSchema`). Each setter applies only to the kinds it belongs
//! to; the derive has already rejected the others at compile time.

use serde_json::{Number, Value};

use crate::read::FormFields;
use crate::schema::Pattern;
use crate::schema::compare;
use crate::schema::facts::Facts;
use crate::schema::{NumberKind, PropertySchema, RequestedSchema, StringFormat};
use std::cmp::Ordering;

/// A field's schema while the attributes written on it are applied: its type's schema, and
/// its type's facts (how far a number bound may go, whether the value is an `f32`).
pub struct FieldSchema {
    schema: PropertySchema,
    facts: Facts,
}

impl FieldSchema {
    /// The schema of a field type, to apply a field's attributes to.
    pub fn new(schema: PropertySchema, facts: Facts) -> Self {
        Self { schema, facts }
    }

    /// The schema, every attribute applied.
    pub fn into_schema(self) -> PropertySchema {
        self.schema
    }

    /// The schema so far.
    pub fn schema(&self) -> &PropertySchema {
        &self.schema
    }
}

/// A number written in `minimum` or `maximum`, as the derive writes it in a field's table.
#[derive(Clone, Copy)]
pub enum Bound {
    /// An integer, kept exact.
    Int(i128),
    /// A float (the derive writes only finite ones).
    Float(f64),
}

/// One attribute written on a field, as the derive lists it in the field's table: the titles
/// and the description first, then the keys in the order the attribute reference gives them.
/// One table and one call per field ([`field`]), rather than one call per attribute, is
/// what keeps the generated schema small to compile.
#[derive(Clone, Copy)]
pub enum Narrow {
    /// `title = "…"`
    Title(&'static str),
    /// The title derived from the field's name, unless the type has one.
    DefaultTitle(&'static str),
    /// `description = "…"` or the doc comment.
    Description(&'static str),
    /// `format = "…"`
    Format(StringFormat),
    /// `min_length = N`
    MinLength(u64),
    /// `max_length = N`
    MaxLength(u64),
    /// `pattern = "…"`
    Pattern(&'static str),
    /// `minimum = N`
    Minimum(Bound),
    /// `maximum = N`
    Maximum(Bound),
    /// `min_items = N`
    MinItems(u64),
    /// `max_items = N`
    MaxItems(u64),
}

/// One member of a derived form, in declaration order, as the derive writes it in the form's
/// table: a property, a flattened form, or a field whose options are given at run time.
/// One array a form and one call ([`schema`]), rather than a statement per field, is what
/// keeps the generated schema cheap to compile.
// A property's facts make it the large variant; the table is read once, when the schema is
// built, and a flattened form or a field offered at run time is rare.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy)]
pub enum Member {
    /// A field of the form.
    Property(Property),
    /// A flattened form: appends its properties.
    Flatten(fn(&mut RequestedSchema)),
    /// A field whose options are given when the form is asked: a select with none yet.
    Offered(Offered),
}

/// One property of a derived form's schema: its type's schema and facts, its attributes'
/// table and its `default` attribute. (Its wire name and whether it needs a value are the
/// form's `FormFields::NAMES` and `NEEDS_VALUE` at its place.)
#[derive(Clone, Copy)]
pub struct Property {
    /// The field type's own schema.
    pub base: fn() -> PropertySchema,
    /// The field type's facts.
    pub facts: Facts,
    /// The attributes written on the field.
    pub narrows: &'static [Narrow],
    /// The `default` attribute.
    pub default: DefaultJson,
}

/// A field's `default` attribute, as the derive writes it: a literal is written as it is
/// (its JSON does not depend on the field's type, which the derive has checked it suits);
/// any other default is a value the field's type makes into JSON, when the schema is built.
#[derive(Clone, Copy)]
pub enum DefaultJson {
    /// No `default` attribute.
    None,
    /// `default = "…"`
    Str(&'static str),
    /// `default = N` (an integer).
    Int(i128),
    /// `default = N.M`
    Float(f64),
    /// `default = true` / `false`
    Bool(bool),
    /// `default = expr`, `default`, or the container's `#[serde(default)]`: the JSON the
    /// field's type makes of the value (`None` when it has none).
    Made(fn() -> Option<Value>),
}

impl DefaultJson {
    /// The default's JSON (`None` without one, or when its value has none).
    fn json(self) -> Option<Value> {
        match self {
            Self::None => None,
            Self::Str(text) => Some(Value::String(text.to_owned())),
            Self::Int(value) => Some(Value::Number(super::int(value))),
            Self::Float(value) => Some(Value::Number(super::float(value))),
            Self::Bool(value) => Some(Value::Bool(value)),
            Self::Made(make) => make(),
        }
    }
}

/// A field whose options are given at run time, before they are: a select of no option yet,
/// with the field's texts and item counts. (Its wire name and whether it needs an answer are
/// the form's `FormFields::NAMES` and `NEEDS_VALUE` at its place.)
#[derive(Clone, Copy)]
pub struct Offered {
    /// Whether it is a multi-select.
    pub multi: bool,
    /// Its title.
    pub title: Option<&'static str>,
    /// Its description.
    pub description: Option<&'static str>,
    /// `min_items`
    pub min_items: Option<u64>,
    /// `max_items`
    pub max_items: Option<u64>,
}

impl Offered {
    /// The select the field is before its options are given: its texts, and a multi-select's
    /// declared item counts.
    fn property(self) -> PropertySchema {
        crate::form::shape::parts::titled_select(
            self.multi,
            self.title.map(str::to_owned),
            self.description.map(str::to_owned),
            Vec::new(),
            (self.min_items, self.max_items),
        )
    }
}

/// The schema of the derived form `F` (`form`, its Rust name) whose members are `members`:
/// each property named, and required or not, as `F`'s `NAMES` and `NEEDS_VALUE` say at its
/// place.
pub fn schema<F: FormFields>(form: &str, members: &[Member]) -> RequestedSchema {
    schema_of(form, F::NAMES, F::NEEDS_VALUE, members)
}

/// [`schema`], compiled once: the members' properties take the names `names` in order (a
/// flattened form's, a run of them), each required as `needs_value` says.
fn schema_of(
    form: &str,
    names: &[&'static str],
    needs_value: &[bool],
    members: &[Member],
) -> RequestedSchema {
    let mut schema = RequestedSchema::new();
    for member in members {
        // Each member before this one pushed a property for each of its names.
        let at = schema.properties.len();
        let name = names.get(at).copied().unwrap_or_default();
        let required = needs_value.get(at).copied().unwrap_or_default();
        match *member {
            Member::Property(ref property) => {
                push_field(&mut schema, form, name, required, property);
            }
            Member::Flatten(push) => push(&mut schema),
            Member::Offered(offered) => schema.push(name, offered.property(), required),
        }
    }
    schema
}

/// Adds the property `name` of `form` to `schema`: its type's schema with its attributes
/// applied ([`field`]), then its default ([`default`]); a field with a default is not
/// `required`.
fn push_field(
    schema: &mut RequestedSchema,
    form: &str,
    name: &str,
    required: bool,
    property: &Property,
) {
    let Property {
        base,
        facts,
        narrows,
        default: written,
    } = *property;
    let mut field = field(base(), facts, narrows, form, name);
    let required = match written {
        DefaultJson::None => required,
        written => {
            default(&mut field, written.json(), form, name);
            false
        }
    };
    schema.push(name, field.into_schema(), required);
}

/// The schema of the newtype `newtype`: its field type's `base` schema with the attributes
/// written on its field (`narrows`) applied, as [`field`] applies a form field's.
pub fn newtype(
    base: PropertySchema,
    facts: Facts,
    narrows: &[Narrow],
    newtype: &str,
) -> PropertySchema {
    // A newtype's one field has no wire name of its own.
    field(base, facts, narrows, newtype, "").into_schema()
}

/// The schema of the field `name` of `form`: its type's `base` schema with the attributes
/// `narrows` applied in order, then, if any narrowed it, checked to leave some answer
/// ([`check_satisfiable`]).
pub fn field(
    base: PropertySchema,
    facts: Facts,
    narrows: &[Narrow],
    form: &str,
    name: &str,
) -> FieldSchema {
    let mut field = FieldSchema::new(base, facts);
    let mut narrowed = false;
    for narrow in narrows {
        match *narrow {
            Narrow::Title(text) => title(&mut field, text),
            Narrow::DefaultTitle(text) => default_title(&mut field, text),
            Narrow::Description(text) => description(&mut field, text),
            Narrow::Format(value) => format(&mut field, value),
            Narrow::MinLength(value) => min_length(&mut field, value),
            Narrow::MaxLength(value) => max_length(&mut field, value),
            Narrow::Pattern(value) => pattern(&mut field, value),
            Narrow::Minimum(value) => minimum(&mut field, value.number()),
            Narrow::Maximum(value) => maximum(&mut field, value.number()),
            Narrow::MinItems(value) => min_items(&mut field, value),
            Narrow::MaxItems(value) => max_items(&mut field, value),
        }
        narrowed |= !matches!(
            narrow,
            Narrow::Title(_) | Narrow::DefaultTitle(_) | Narrow::Description(_)
        );
    }
    if narrowed {
        check_satisfiable(&field, form, name);
    }
    field
}

impl Bound {
    fn number(self) -> Number {
        match self {
            Self::Int(value) => super::int(value),
            Self::Float(value) => super::float(value),
        }
    }
}

/// `title = "…"`
pub fn title(field: &mut FieldSchema, title: &str) {
    field.schema.set_title(title);
}

/// A title derived from the field's name, unless the type already has one (a newtype's).
pub fn default_title(field: &mut FieldSchema, title: &str) {
    if field.schema.title().is_none() {
        field.schema.set_title(title);
    }
}

/// `description = "…"` or the doc comment.
pub fn description(field: &mut FieldSchema, description: &str) {
    field.schema.set_description(description);
}

/// `min_length = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn min_length(field: &mut FieldSchema, min_length: u64) {
    if let PropertySchema::String(s) = &mut field.schema {
        s.min_length = Some(narrow_up(s.min_length, min_length));
    }
}

/// `max_length = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn max_length(field: &mut FieldSchema, max_length: u64) {
    if let PropertySchema::String(s) = &mut field.schema {
        s.max_length = Some(narrow_down(s.max_length, max_length));
    }
}

/// `format = "…"`; on a newtype's field it replaces the newtype's `format` in the
/// schema, while the newtype's own parser still checks its own.
pub fn format(field: &mut FieldSchema, format: StringFormat) {
    if let PropertySchema::String(s) = &mut field.schema {
        s.format = Some(format);
    }
}

/// `pattern = "…"`; the derive has compiled it once already, so it cannot fail here.
/// A schema holds one pattern: on a newtype's field it replaces the newtype's in the
/// schema, while the newtype's own parser still checks its own.
pub fn pattern(field: &mut FieldSchema, pattern: &str) {
    if let (PropertySchema::String(s), Ok(pattern)) = (&mut field.schema, Pattern::new(pattern)) {
        s.pattern = Some(pattern);
    }
}

/// `minimum = N`: narrows the type's own bound. On a 64-bit integer, whose own bound is
/// I-JSON's `-(2^53 − 1)`, it may also widen it, as far as the Rust type's range (the author's
/// choice, taking on that a JavaScript client may round such a number); a bound set before
/// (a newtype's) is only ever narrowed, as the newtype's own parser checks it. The type's
/// facts say which (`Facts::widen_to`), and whether the value is an `f32`. On an `f32`
/// it is rounded up to an exact `f32` value, which is what the field's values compare with.
pub fn minimum(field: &mut FieldSchema, minimum: Number) {
    let facts = field.facts;
    if let PropertySchema::Number(s) = &mut field.schema {
        let minimum = if facts.float32 {
            f32_at_least(minimum)
        } else {
            minimum
        };
        if let Some((low, _)) = facts.widen_to {
            s.minimum = Some(at_least(minimum, low));
            return;
        }
        let narrower = s
            .minimum
            .as_ref()
            .is_none_or(|old| compare(&minimum, old) != Some(Ordering::Less));
        if narrower {
            s.minimum = Some(minimum);
        }
    }
}

/// `maximum = N`: narrows the type's own bound. On a 64-bit integer, whose own bound is
/// I-JSON's `2^53 − 1`, it may also widen it, as far as the Rust type's range (the author's
/// choice, taking on that a JavaScript client may round such a number); a bound set before
/// (a newtype's) is only ever narrowed, as the newtype's own parser checks it. The type's
/// facts say which (`Facts::widen_to`), and whether the value is an `f32`. On an `f32`
/// it is rounded down to an exact `f32` value, which is what the field's values compare with.
pub fn maximum(field: &mut FieldSchema, maximum: Number) {
    let facts = field.facts;
    if let PropertySchema::Number(s) = &mut field.schema {
        let maximum = if facts.float32 {
            f32_at_most(maximum)
        } else {
            maximum
        };
        if let Some((_, high)) = facts.widen_to {
            s.maximum = Some(at_most(maximum, high));
            return;
        }
        let narrower = s
            .maximum
            .as_ref()
            .is_none_or(|old| compare(&maximum, old) != Some(Ordering::Greater));
        if narrower {
            s.maximum = Some(maximum);
        }
    }
}

/// The smallest `f32` not below `bound`, as its exact value: an `f32` field compares the
/// `f32` it holds, so its bound must be one for the value read back to compare the same.
/// `bound` itself when no finite `f32` is (it is above `f32::MAX`: no value satisfies it).
fn f32_at_least(bound: Number) -> Number {
    f32_inward(&bound, Ordering::Less, f32::next_up).unwrap_or(bound)
}

/// The largest `f32` not above `bound`, as its exact value; `bound` itself when no finite
/// `f32` is.
fn f32_at_most(bound: Number) -> Number {
    f32_inward(&bound, Ordering::Greater, f32::next_down).unwrap_or(bound)
}

/// The `f32` nearest `bound`, stepped with `step` while it is on the `outside` side of it.
fn f32_inward(bound: &Number, outside: Ordering, step: fn(f32) -> f32) -> Option<Number> {
    #[allow(clippy::cast_possible_truncation)]
    let mut candidate = (bound.as_f64()? as f32).clamp(-f32::MAX, f32::MAX);
    loop {
        let exact = Number::from_f64(f64::from(candidate))?;
        if compare(&exact, bound) != Some(outside) {
            return Some(exact);
        }
        candidate = step(candidate);
        if !candidate.is_finite() {
            return None;
        }
    }
}

/// `bound`, or `low` when `bound` is below it.
fn at_least(bound: Number, low: i128) -> Number {
    let low = crate::schema::facts::int(low);
    if compare(&bound, &low) == Some(Ordering::Less) {
        low
    } else {
        bound
    }
}

/// `bound`, or `high` when `bound` is above it.
fn at_most(bound: Number, high: i128) -> Number {
    let high = crate::schema::facts::int(high);
    if compare(&bound, &high) == Some(Ordering::Greater) {
        high
    } else {
        bound
    }
}

/// `min_items = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn min_items(field: &mut FieldSchema, min_items: u64) {
    match &mut field.schema {
        PropertySchema::UntitledMultiSelect(s) => {
            s.min_items = Some(narrow_up(s.min_items, min_items));
        }
        PropertySchema::TitledMultiSelect(s) => {
            s.min_items = Some(narrow_up(s.min_items, min_items));
        }
        _ => {}
    }
}

/// `max_items = N`: narrows the type's own bound (a newtype's), never widens it.
pub fn max_items(field: &mut FieldSchema, max_items: u64) {
    match &mut field.schema {
        PropertySchema::UntitledMultiSelect(s) => {
            s.max_items = Some(narrow_down(s.max_items, max_items));
        }
        PropertySchema::TitledMultiSelect(s) => {
            s.max_items = Some(narrow_down(s.max_items, max_items));
        }
        _ => {}
    }
}

/// A lower bound: the greater of the old one and the new one.
fn narrow_up(old: Option<u64>, new: u64) -> u64 {
    old.map_or(new, |old| old.max(new))
}

/// An upper bound: the smaller of the old one and the new one.
fn narrow_down(old: Option<u64>, new: u64) -> u64 {
    old.map_or(new, |old| old.min(new))
}

/// The schema's `default`, from the default's JSON; called last, once every other setter has
/// made `schema` the field's complete schema, when the form's schema is first built.
///
/// # Panics
/// When the default is not a value the field's schema allows: of the wrong JSON type, out of
/// its range, too short or long (in Unicode scalar values), not of its `format`, not
/// matching its `pattern`, not one of its options, with too few or too many items or a
/// repeated one; or when it has no JSON value at all (a NaN or infinite float, which JSON
/// writes as `null`). The message names the form (`form`, its Rust type's name), the field
/// (`field`, its wire name) and the broken constraint. A default is the author's, not the
/// client's: a wrong one is a mistake in the program, caught by the first test that builds
/// the form's schema (as `Regex::new(…).unwrap()` on a literal is), rather than a schema
/// that states a default the form's own parser would refuse.
pub fn default(schema: &mut FieldSchema, default: Option<Value>, form: &str, field: &str) {
    let Some(mut default) = default else { return };
    // An `f32` field's default is the `f32` it denotes, written exactly, as `to_json` writes it.
    if let (PropertySchema::Number(_), Value::Number(number)) = (&schema.schema, &default)
        && schema.facts.float32
        && let Some(exact) = crate::schema::as_f32_value(number)
    {
        default = Value::Number(exact);
    }
    if default.is_null() {
        invalid_default(
            form,
            field,
            &"it has no JSON value (a NaN or infinite float?)",
        );
    }
    if let Err(kind) = schema.schema.check_as(&default, &schema.facts) {
        invalid_default(form, field, &kind);
    }
    // `check_as` accepted the value, so it is of the schema's JSON type.
    match (&mut schema.schema, default) {
        (PropertySchema::String(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::Number(s), Value::Number(d)) => s.default = Some(d),
        (PropertySchema::Boolean(s), Value::Bool(d)) => s.default = Some(d),
        (PropertySchema::UntitledSingleSelect(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::TitledSingleSelect(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::LegacyTitledEnum(s), Value::String(d)) => s.default = Some(d),
        (PropertySchema::UntitledMultiSelect(s), Value::Array(d)) => {
            s.default = Some(strings(d));
        }
        (PropertySchema::TitledMultiSelect(s), Value::Array(d)) => {
            s.default = Some(strings(d));
        }
        _ => {}
    }
}

#[cold]
#[track_caller]
fn invalid_default(form: &str, field: &str, why: &dyn std::fmt::Display) -> ! {
    panic!("elicit: the default of field `{field}` of form `{form}` is invalid: {why}")
}

fn strings(values: Vec<Value>) -> Vec<String> {
    values
        .into_iter()
        .filter_map(|value| match value {
            Value::String(text) => Some(text),
            _ => None,
        })
        .collect()
}

/// Checks that some value satisfies the field's merged constraints; called once the
/// attribute setters have run, when the form's schema is first built.
///
/// The derive rejects contradictory attributes at compile time, but a field's attributes
/// merge with its type's own constraints (a newtype's, say) only here.
///
/// # Panics
/// When no value can satisfy the schema: `minimum > maximum` (or, for an integer, no whole
/// number between them), `minLength > maxLength`, `minItems > maxItems`, or `minItems`
/// greater than the number of options. The message names the form, the field and the two
/// constraints. Like an invalid default, this is a mistake in the program, caught by the
/// first test that builds the form's schema: a form must never ask a question no answer
/// satisfies.
pub fn check_satisfiable(schema: &FieldSchema, form: &str, field: &str) {
    if let Some(why) = unsatisfiable(&schema.schema) {
        panic!("elicit: field `{field}` of form `{form}` can have no valid value: {why}");
    }
}

/// Why no value satisfies `schema`, if none does.
fn unsatisfiable(schema: &PropertySchema) -> Option<String> {
    match schema {
        PropertySchema::String(s) => match (s.min_length, s.max_length) {
            (Some(min), Some(max)) if min > max => {
                Some(format!("minLength {min} is greater than maxLength {max}"))
            }
            _ => None,
        },
        PropertySchema::Number(s) => {
            let (Some(min), Some(max)) = (&s.minimum, &s.maximum) else {
                return None;
            };
            if compare(min, max) == Some(Ordering::Greater) {
                return Some(format!("minimum {min} is greater than maximum {max}"));
            }
            if s.kind == NumberKind::Integer && !has_integer_between(min, max) {
                return Some(format!(
                    "no integer lies between minimum {min} and maximum {max}"
                ));
            }
            None
        }
        PropertySchema::UntitledMultiSelect(s) => {
            items_unsatisfiable(s.min_items, s.max_items, s.options.len())
        }
        PropertySchema::TitledMultiSelect(s) => {
            items_unsatisfiable(s.min_items, s.max_items, s.options.len())
        }
        PropertySchema::UntitledSingleSelect(_)
        | PropertySchema::TitledSingleSelect(_)
        | PropertySchema::LegacyTitledEnum(_) => schema
            .option_values()
            .next()
            .is_none()
            .then(|| "it has no options".to_owned()),
        PropertySchema::Boolean(_) => None,
    }
}

fn items_unsatisfiable(min: Option<u64>, max: Option<u64>, options: usize) -> Option<String> {
    let min = min?;
    if let Some(max) = max.filter(|max| min > *max) {
        return Some(format!("minItems {min} is greater than maxItems {max}"));
    }
    let options = options as u64;
    (min > options)
        .then(|| format!("minItems {min} is greater than the number of options, {options}"))
}

/// Whether a whole number lies in `min..=max` (already known not to be empty).
fn has_integer_between(min: &Number, max: &Number) -> bool {
    // Only a fractional bound can leave no integer in a non-empty range; a fractional `f64`
    // lies within ±2^52, where `ceil` and `floor` are exact, and so does the other bound
    // wherever the answer depends on it.
    let fractional = |n: &Number| n.as_f64().filter(|f| n.is_f64() && f.fract() != 0.0);
    if fractional(min).is_none() && fractional(max).is_none() {
        return true;
    }
    match (min.as_f64(), max.as_f64()) {
        (Some(low), Some(high)) => low.ceil() <= high.floor(),
        _ => true,
    }
}
