//! What `#[derive(Elicit)]` expands to calls into. Not a public API: it changes whenever the
//! derive does, and the derive is pinned to this crate's exact version.

use std::collections::{BTreeSet, HashSet};

pub use std::sync::OnceLock;

pub use serde_json::{Map, Number, Value};

pub use crate::select::{parse_single, single_select_schema, single_to_json};

use crate::error::{ContentError, FieldError, FieldErrorKind};
use crate::field::ElicitField;
use crate::schema::PropertySchema;
use crate::select::MultiSelectOption;

/// A field slot of a form: a plain field (required unless it has a default) or an `Option`
/// of one (never required; absent or `null` is `None`).
pub trait FormField: Sized {
    /// The type a `default = …` expression is written in: the field's own type, or `T` for
    /// an `Option<T>`.
    type Inner;
    /// Whether the field must be present when it has no default.
    const REQUIRED: bool;
    /// The schema of the value type.
    fn schema() -> PropertySchema;
    /// Converts a present, non-null value.
    fn from_present(value: &Value) -> Result<Self, FieldErrorKind>;
    /// The value when the key is absent or `null` and there is no default.
    fn from_absent() -> Option<Self>;
    /// Wraps a default written as `Inner`.
    fn from_inner(inner: Self::Inner) -> Self;
    /// The JSON of the value, `None` for an `Option` that is `None`.
    fn to_json(&self) -> Option<Value>;
}

impl<T: ElicitField> FormField for T {
    type Inner = T;
    const REQUIRED: bool = true;

    fn schema() -> PropertySchema {
        T::field_schema()
    }

    fn from_present(value: &Value) -> Result<Self, FieldErrorKind> {
        T::from_json(value)
    }

    fn from_absent() -> Option<Self> {
        None
    }

    fn from_inner(inner: T) -> Self {
        inner
    }

    fn to_json(&self) -> Option<Value> {
        Some(ElicitField::to_json(self))
    }
}

impl<T: ElicitField> FormField for Option<T> {
    type Inner = T;
    const REQUIRED: bool = false;

    fn schema() -> PropertySchema {
        T::field_schema()
    }

    fn from_present(value: &Value) -> Result<Self, FieldErrorKind> {
        T::from_json(value).map(Some)
    }

    fn from_absent() -> Option<Self> {
        Some(None)
    }

    fn from_inner(inner: T) -> Self {
        Some(inner)
    }

    fn to_json(&self) -> Option<Value> {
        self.as_ref().map(ElicitField::to_json)
    }
}

/// A default, as the derive writes it: a JSON literal checked at compile time, or an
/// expression of the field's type.
pub enum FieldDefault<F> {
    /// No default: the field is required (unless it is an `Option`).
    None,
    /// `default = "literal"`: parsed with the field's own parser when needed.
    Literal(fn() -> Value),
    /// `default = expr`, `default`, or `#[serde(default)]`.
    Value(fn() -> F),
}

impl<F: FormField> FieldDefault<F> {
    /// The default value, or an error if a literal default does not parse (the derive checks
    /// literals it can, so this is a bug in the form, reported rather than panicked on).
    fn produce(&self) -> Option<Result<F, FieldErrorKind>> {
        match self {
            Self::None => None,
            Self::Literal(json) => {
                Some(
                    F::from_present(&json()).map_err(|error| FieldErrorKind::Invalid {
                        reason: format!("the form's own default is invalid: {error}"),
                    }),
                )
            }
            Self::Value(make) => Some(Ok(make())),
        }
    }

    /// Like `produce`, and a literal default must also satisfy the field's schema.
    fn produce_checked(&self, schema: &PropertySchema) -> Option<Result<F, FieldErrorKind>> {
        if let Self::Literal(json) = self {
            if let Err(error) = schema.check(&json()) {
                return Some(Err(FieldErrorKind::Invalid {
                    reason: format!("the form's own default is invalid: {error}"),
                }));
            }
        }
        self.produce()
    }

    /// The JSON for the schema's `default` key.
    pub fn to_json(&self) -> Option<Value> {
        match self {
            Self::None => None,
            Self::Literal(json) => Some(json()),
            Self::Value(make) => make().to_json(),
        }
    }

    /// Whether there is a default (which makes the field optional on the wire).
    pub fn is_some(&self) -> bool {
        !matches!(self, Self::None)
    }
}

/// A number written in an attribute, as JSON keeps it: an exact integer where it fits.
pub fn int(value: i128) -> Number {
    if let Ok(small) = i64::try_from(value) {
        Number::from(small)
    } else if let Ok(large) = u64::try_from(value) {
        Number::from(large)
    } else {
        // The derive only writes integers within `i64::MIN..=u64::MAX`.
        Number::from(0)
    }
}

/// A float written in an attribute (the derive only writes finite ones).
pub fn float(value: f64) -> Number {
    Number::from_f64(value).unwrap_or_else(|| Number::from(0))
}

/// Collects the errors of one `from_content` call.
#[derive(Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    /// No errors yet.
    pub fn new() -> Self {
        Self(Vec::new())
    }

    /// Records an error for a field.
    pub fn push(&mut self, field: &str, kind: FieldErrorKind) {
        self.0.push(FieldError::new(field, kind));
    }

    /// Whether anything was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds the errors of a nested (flattened) form.
    pub fn extend(&mut self, error: ContentError) {
        self.0.extend(error.into_errors());
    }

    /// The error to return.
    pub fn into_error(self) -> ContentError {
        ContentError::from(self.0)
    }
}

/// Reads one field: presence, `null`, default, the type's conversion, then the schema's
/// constraints. Records an error and returns `None` when the field is invalid.
pub fn parse_field<F: FormField>(
    content: &Map<String, Value>,
    name: &str,
    schema: &PropertySchema,
    default: &FieldDefault<F>,
    errors: &mut Errors,
) -> Option<F> {
    let result = match content.get(name) {
        None => default
            .produce_checked(schema)
            .or_else(|| F::from_absent().map(Ok))
            .unwrap_or(Err(FieldErrorKind::Missing)),
        Some(Value::Null) => F::from_absent()
            .map(Ok)
            .or_else(|| default.produce_checked(schema))
            .unwrap_or(Err(FieldErrorKind::Missing)),
        Some(value) => F::from_present(value).and_then(|parsed| {
            schema.check(value)?;
            Ok(parsed)
        }),
    };
    match result {
        Ok(value) => Some(value),
        Err(kind) => {
            errors.push(name, kind);
            None
        }
    }
}

/// Writes one field into `content`. An `Option` that is `None` is left out, or written as
/// `null` when the field has a default (so that it reads back as `None`, not the default).
pub fn put_field<F: FormField>(
    content: &mut Map<String, Value>,
    name: &str,
    value: &F,
    has_default: bool,
) {
    match value.to_json() {
        Some(json) => {
            content.insert(name.to_owned(), json);
        }
        None if has_default => {
            content.insert(name.to_owned(), Value::Null);
        }
        None => {}
    }
}

/// Reports every key of `content` that is not one of `known`.
pub fn deny_unknown_fields(content: &Map<String, Value>, known: &[&str], errors: &mut Errors) {
    for key in content.keys() {
        if !known.contains(&key.as_str()) {
            errors.push(key, FieldErrorKind::UnknownField);
        }
    }
}

/// Applies a field's attributes to its type's schema. Each setter applies only to the kinds
/// it belongs to; the derive has already rejected the others at compile time.
pub mod set {
    use serde_json::{Number, Value};

    use crate::pattern::Pattern;
    use crate::schema::{PropertySchema, StringFormat};
    use crate::validate::compare;
    use std::cmp::Ordering;

    /// `title = "…"`
    pub fn title(schema: &mut PropertySchema, title: &str) {
        schema.set_title(title);
    }

    /// `description = "…"` or the doc comment.
    pub fn description(schema: &mut PropertySchema, description: &str) {
        schema.set_description(description);
    }

    /// `min_length = N`
    pub fn min_length(schema: &mut PropertySchema, min_length: u64) {
        if let PropertySchema::String(s) = schema {
            s.min_length = Some(min_length);
        }
    }

    /// `max_length = N`
    pub fn max_length(schema: &mut PropertySchema, max_length: u64) {
        if let PropertySchema::String(s) = schema {
            s.max_length = Some(max_length);
        }
    }

    /// `format = "…"`
    pub fn format(schema: &mut PropertySchema, format: StringFormat) {
        if let PropertySchema::String(s) = schema {
            s.format = Some(format);
        }
    }

    /// `pattern = "…"`; the derive has compiled it once already, so it cannot fail here.
    pub fn pattern(schema: &mut PropertySchema, pattern: &str) {
        if let (PropertySchema::String(s), Ok(pattern)) = (schema, Pattern::new(pattern)) {
            s.pattern = Some(pattern);
        }
    }

    /// `minimum = N`: narrows the type's own bound, never widens it.
    pub fn minimum(schema: &mut PropertySchema, minimum: Number) {
        if let PropertySchema::Number(s) = schema {
            let narrower = s
                .minimum
                .as_ref()
                .is_none_or(|old| compare(&minimum, old) != Some(Ordering::Less));
            if narrower {
                s.minimum = Some(minimum);
            }
        }
    }

    /// `maximum = N`: narrows the type's own bound, never widens it.
    pub fn maximum(schema: &mut PropertySchema, maximum: Number) {
        if let PropertySchema::Number(s) = schema {
            let narrower = s
                .maximum
                .as_ref()
                .is_none_or(|old| compare(&maximum, old) != Some(Ordering::Greater));
            if narrower {
                s.maximum = Some(maximum);
            }
        }
    }

    /// `min_items = N`
    pub fn min_items(schema: &mut PropertySchema, min_items: u64) {
        match schema {
            PropertySchema::UntitledMultiSelect(s) => s.min_items = Some(min_items),
            PropertySchema::TitledMultiSelect(s) => s.min_items = Some(min_items),
            _ => {}
        }
    }

    /// `max_items = N`
    pub fn max_items(schema: &mut PropertySchema, max_items: u64) {
        match schema {
            PropertySchema::UntitledMultiSelect(s) => s.max_items = Some(max_items),
            PropertySchema::TitledMultiSelect(s) => s.max_items = Some(max_items),
            _ => {}
        }
    }

    /// The schema's `default`, from the default's JSON.
    pub fn default(schema: &mut PropertySchema, default: Option<Value>) {
        let Some(default) = default else { return };
        match (schema, default) {
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

    fn strings(values: Vec<Value>) -> Vec<String> {
        values
            .into_iter()
            .filter_map(|value| match value {
                Value::String(text) => Some(text),
                _ => None,
            })
            .collect()
    }
}

/// The string fields: what `min_length`, `max_length`, `pattern` and `format` apply to.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a string field",
    label = "`min_length`, `max_length`, `pattern` and `format` apply only to string fields",
    note = "a string field is `String` or `Option<String>`"
)]
pub trait StringField {}
impl StringField for String {}
impl<T: StringField> StringField for Option<T> {}

/// The number fields: what `minimum` and `maximum` apply to.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number field",
    label = "`minimum` and `maximum` apply only to integer and float fields",
    note = "a number field is an integer (`i8`…`i64`, `u8`…`u64`, `isize`, `usize`), `f32`, `f64`, or an `Option` of one"
)]
pub trait NumberField {}
macro_rules! number_fields {
    ($($ty:ty),*) => {$( impl NumberField for $ty {} )*};
}
number_fields!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);
impl<T: NumberField> NumberField for Option<T> {}

/// The multi-select fields: what `min_items` and `max_items` apply to.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a multi-select field",
    label = "`min_items` and `max_items` apply only to multi-select fields",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one"
)]
pub trait MultiSelectField {
    /// How many options there are to choose from.
    const OPTION_COUNT: usize;
}
impl<E: MultiSelectOption> MultiSelectField for Vec<E> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<E: MultiSelectOption> MultiSelectField for BTreeSet<E> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<E: MultiSelectOption, S> MultiSelectField for HashSet<E, S> {
    const OPTION_COUNT: usize = E::VARIANTS.len();
}
impl<T: MultiSelectField> MultiSelectField for Option<T> {
    const OPTION_COUNT: usize = T::OPTION_COUNT;
}

/// Compile-time proof that a field's type accepts string attributes.
pub const fn assert_string_field<T: StringField + ?Sized>() {}
/// Compile-time proof that a field's type accepts number attributes.
pub const fn assert_number_field<T: NumberField + ?Sized>() {}
/// Compile-time proof that a field's type accepts item-count attributes.
pub const fn assert_multi_select_field<T: MultiSelectField + ?Sized>() {}
/// Compile-time proof that a field's type can be a form field.
pub const fn assert_form_field<T: FormField>() {}

// ---------------------------------------------------------------------------------------------
// Attribute markers for the standard-library field types of `crate::fields`.
//
// The shared and boxed strings are strings like `String`, so every string attribute applies.
// The IP addresses, dates, date-times and URLs have a grammar of their own: a `format`,
// `pattern` or length on them could only contradict it, so they take none (a newtype that
// implements `ElicitField` can add constraints). The non-zero integers take `minimum` and
// `maximum`, which narrow the type's range.
// ---------------------------------------------------------------------------------------------

impl StringField for Box<str> {}
impl StringField for std::sync::Arc<str> {}
impl StringField for std::borrow::Cow<'static, str> {}

number_fields!(
    std::num::NonZeroU8,
    std::num::NonZeroU16,
    std::num::NonZeroU32,
    std::num::NonZeroU64,
    std::num::NonZeroUsize,
    std::num::NonZeroI8,
    std::num::NonZeroI16,
    std::num::NonZeroI32,
    std::num::NonZeroI64,
    std::num::NonZeroIsize
);
