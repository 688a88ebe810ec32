//! What `#[derive(Elicit)]` expands to calls into. Not a public API: it changes whenever the
//! derive does, and the derive is pinned to this crate's exact version.

use std::collections::{BTreeSet, HashSet};

pub use serde_json::{Map, Number, Value};

pub use crate::select::{parse_single, single_select_schema, single_to_json};

use crate::error::{ContentError, FieldError, FieldErrorKind};
use crate::field::ElicitField;
use crate::schema::{PropertySchema, RequestedSchema};
use crate::select::MultiSelectOption;

// Code generic over a field's type is instantiated, type-checked and compiled in the user's
// crate once per type (a choice enum is a new type in every form), so it is kept to the few
// lines that need the type, without closures or `Option`/`Result` combinators (each of which
// is one more instantiation); everything else is a plain function compiled once, here.

/// `std::sync::OnceLock` for a derived form's schema, built on first use and then shared.
///
/// `get_or_init` takes a function pointer (the derive passes a closure that captures
/// nothing), so it is instantiated once per schema type rather than once per form.
pub struct OnceLock<T>(std::sync::OnceLock<T>);

impl<T> OnceLock<T> {
    /// An empty cell.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self(std::sync::OnceLock::new())
    }

    /// The value, built by `build` on first use.
    pub fn get_or_init(&self, build: fn() -> T) -> &T {
        self.0.get_or_init(build)
    }
}

/// A field slot of a form: a plain field (required unless it has a default) or an `Option`
/// of one (never required; absent or `null` is `None`).
pub trait FormField: Sized {
    /// The type a `default = …` expression is written in: the field's own type, or `T` for
    /// an `Option<T>`.
    type Inner;
    /// Whether the field must be present when it has no default.
    const REQUIRED: bool;
    /// Whether a value can carry a secret (`ElicitField::CAN_HOLD_SECRET`).
    const CAN_HOLD_SECRET: bool;
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
    const CAN_HOLD_SECRET: bool = T::CAN_HOLD_SECRET;

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
    const CAN_HOLD_SECRET: bool = T::CAN_HOLD_SECRET;

    fn schema() -> PropertySchema {
        T::field_schema()
    }

    fn from_present(value: &Value) -> Result<Self, FieldErrorKind> {
        match T::from_json(value) {
            Ok(value) => Ok(Some(value)),
            Err(kind) => Err(kind),
        }
    }

    fn from_absent() -> Option<Self> {
        Some(None)
    }

    fn from_inner(inner: T) -> Self {
        Some(inner)
    }

    // A `match`, not `Option::map`: one instantiation fewer per field type.
    #[allow(clippy::manual_map)]
    fn to_json(&self) -> Option<Value> {
        match self {
            Some(value) => Some(value.to_json()),
            None => None,
        }
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
    /// The default value, `None` without one. A literal default must satisfy the field's
    /// schema and parse with the field's parser; if it does not (the derive checks the
    /// literals it can, so this is a bug in the form), that is reported rather than panicked on.
    fn produce(&self, schema: &PropertySchema) -> Option<Result<F, FieldErrorKind>> {
        match self {
            Self::None => None,
            Self::Literal(json) => {
                let json = json();
                if let Err(error) = schema.check(&json) {
                    return Some(Err(invalid_default(&error)));
                }
                match F::from_present(&json) {
                    Ok(value) => Some(Ok(value)),
                    Err(error) => Some(Err(invalid_default(&error))),
                }
            }
            Self::Value(make) => Some(Ok(make())),
        }
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

fn invalid_default(error: &FieldErrorKind) -> FieldErrorKind {
    FieldErrorKind::Invalid {
        reason: format!("the form's own default is invalid: {error}"),
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
        // Absent: the default, else `None` for an `Option`, else missing.
        None => match default.produce(schema) {
            Some(result) => result,
            None => match F::from_absent() {
                Some(none) => Ok(none),
                None => Err(FieldErrorKind::Missing),
            },
        },
        // `null`: `None` for an `Option`, else the default, else missing.
        Some(Value::Null) => match F::from_absent() {
            Some(none) => Ok(none),
            None => match default.produce(schema) {
                Some(result) => result,
                None => Err(FieldErrorKind::Missing),
            },
        },
        Some(value) => match F::from_present(value) {
            Ok(parsed) => match schema.check(value) {
                Ok(()) => Ok(parsed),
                Err(kind) => Err(kind),
            },
            Err(kind) => Err(kind),
        },
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
    put_json(content, name, value.to_json(), has_default);
}

fn put_json(content: &mut Map<String, Value>, name: &str, json: Option<Value>, has_default: bool) {
    match json {
        Some(json) => {
            content.insert(name.to_owned(), json);
        }
        None if has_default => {
            content.insert(name.to_owned(), Value::Null);
        }
        None => {}
    }
}

/// Reports every key of `content` that is not one of `known`, in key order: a `Map` keeps
/// the client's order only when `serde_json`'s `preserve_order` is on, and the errors must not
/// depend on the build's features.
pub fn deny_unknown_fields(content: &Map<String, Value>, known: &[&str], errors: &mut Errors) {
    let mut unknown: Vec<&String> = content
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .collect();
    unknown.sort_unstable();
    for key in unknown {
        errors.push(key, FieldErrorKind::UnknownField);
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

    /// `min_length = N`: narrows the type's own bound (a newtype's), never widens it.
    pub fn min_length(schema: &mut PropertySchema, min_length: u64) {
        if let PropertySchema::String(s) = schema {
            s.min_length = Some(narrow_up(s.min_length, min_length));
        }
    }

    /// `max_length = N`: narrows the type's own bound (a newtype's), never widens it.
    pub fn max_length(schema: &mut PropertySchema, max_length: u64) {
        if let PropertySchema::String(s) = schema {
            s.max_length = Some(narrow_down(s.max_length, max_length));
        }
    }

    /// `format = "…"`; on a newtype's field it replaces the newtype's `format` in the
    /// schema, while the newtype's own parser still checks its own.
    pub fn format(schema: &mut PropertySchema, format: StringFormat) {
        if let PropertySchema::String(s) = schema {
            s.format = Some(format);
        }
    }

    /// `pattern = "…"`; the derive has compiled it once already, so it cannot fail here.
    /// A schema holds one pattern: on a newtype's field it replaces the newtype's in the
    /// schema, while the newtype's own parser still checks its own.
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

    /// `min_items = N`: narrows the type's own bound (a newtype's), never widens it.
    pub fn min_items(schema: &mut PropertySchema, min_items: u64) {
        match schema {
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
    pub fn max_items(schema: &mut PropertySchema, max_items: u64) {
        match schema {
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

    /// A title derived from the field's name, unless the type already has one.
    pub fn default_title(schema: &mut PropertySchema, title: &str) {
        if schema.title().is_none() {
            schema.set_title(title);
        }
    }

    /// Placeholder until the first-build checks land.
    pub fn check_satisfiable(_schema: &PropertySchema, _form: &str, _field: &str) {}

    /// The schema's `default`, from the default's JSON.
    pub fn default(schema: &mut PropertySchema, default: Option<Value>, _form: &str, _field: &str) {
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

// ---------------------------------------------------------------------------------------------
// `#[elicit(flatten)]`: a struct form inlined into another.
//
// The parent's wire schema stays one flat object: the flattened form's properties are pushed
// into it where the field is declared, and its fields are read from the same content map.
// Wire-name collisions are compile errors, proven by const assertions over `NAMES`.
// ---------------------------------------------------------------------------------------------

/// A struct form that can be flattened into another; `#[derive(Elicit)]` implements it for
/// every struct with named fields.
pub trait FlatForm: crate::Elicit {
    /// Every wire name of the form, those of its own flattened forms included, in
    /// declaration order.
    const NAMES: &'static [&'static str];

    /// Reads the form's fields from `content`, recording every invalid one in `errors`;
    /// `None` when any was invalid. Keys the form does not know are left alone: whether they
    /// are errors is for the outermost form's `deny_unknown_fields` to say.
    fn parse_fields(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self>;
}

/// What a field marked `#[elicit(flatten)]` can be: a [`FlatForm`], or an `Option` of one.
pub trait FlattenSlot: Sized {
    /// The flattened form's wire names.
    const NAMES: &'static [&'static str];
    /// Appends the flattened form's properties to the parent's schema.
    fn push(form: &mut RequestedSchema);
    /// Reads the flattened form from the parent's content.
    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self>;
    /// Writes the flattened form into the parent's content.
    fn put(&self, content: &mut Map<String, Value>);
}

impl<T: FlatForm> FlattenSlot for T {
    const NAMES: &'static [&'static str] = T::NAMES;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, false);
    }

    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self> {
        T::parse_fields(content, errors)
    }

    fn put(&self, content: &mut Map<String, Value>) {
        content.extend(self.to_content());
    }
}

/// Every property optional on the wire; `None` unless the user answered one of them.
impl<T: FlatForm> FlattenSlot for Option<T> {
    const NAMES: &'static [&'static str] = T::NAMES;

    fn push(form: &mut RequestedSchema) {
        push_properties::<T>(form, true);
    }

    fn parse(content: &Map<String, Value>, errors: &mut Errors) -> Option<Self> {
        if answered::<T>(content) {
            T::parse_fields(content, errors).map(Some)
        } else {
            Some(None)
        }
    }

    fn put(&self, content: &mut Map<String, Value>) {
        if let Some(form) = self {
            form.put(content);
        }
    }
}

/// Appends `T`'s properties; required as in `T` unless `optional`.
fn push_properties<T: crate::Elicit>(form: &mut RequestedSchema, optional: bool) {
    let inner = T::requested_schema();
    for (name, schema) in &inner.properties {
        form.push(
            name.clone(),
            schema.clone(),
            !optional && inner.is_required(name),
        );
    }
}

/// Whether `content` answers any of `T`'s properties: a key that is present, not `null`, and
/// not just the property's `default` (which a client may pre-fill, per SEP-1034, for a group
/// the user left alone).
fn answered<T: crate::Elicit>(content: &Map<String, Value>) -> bool {
    T::requested_schema()
        .properties
        .iter()
        .any(|(name, schema)| match content.get(name) {
            None | Some(Value::Null) => false,
            Some(value) => schema.default_value().as_ref() != Some(value),
        })
}

/// The wire names of a form's parts (its own fields, its flattened forms) as one array; the
/// derive computes `N`, their total length.
pub const fn concat_names<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut filled = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut index = 0;
        while index < parts[part].len() {
            names[filled] = parts[part][index];
            filled += 1;
            index += 1;
        }
        part += 1;
    }
    names
}

/// The first name of `added` that one of the `earlier` parts (each described, with its
/// names) also has: `(name, description of that part)`.
pub const fn name_clash(
    earlier: &[(&'static str, &'static [&'static str])],
    added: &[&'static str],
) -> Option<(&'static str, &'static str)> {
    let mut index = 0;
    while index < added.len() {
        let mut part = 0;
        while part < earlier.len() {
            let (who, names) = earlier[part];
            let mut other = 0;
            while other < names.len() {
                if str_eq(added[index], names[other]) {
                    return Some((added[index], who));
                }
                other += 1;
            }
            part += 1;
        }
        index += 1;
    }
    None
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// A compile-time error message assembled from pieces (a const panic takes one `&str`).
pub struct ConstMessage {
    bytes: [u8; 1024],
    len: usize,
}

impl ConstMessage {
    /// An empty message.
    pub const fn new() -> Self {
        Self {
            bytes: [0; 1024],
            len: 0,
        }
    }

    /// Appends `text`, whole, if it fits (so the message stays valid UTF-8).
    #[must_use]
    pub const fn push(mut self, text: &str) -> Self {
        let text = text.as_bytes();
        if self.len + text.len() <= self.bytes.len() {
            let mut index = 0;
            while index < text.len() {
                self.bytes[self.len + index] = text[index];
                index += 1;
            }
            self.len += text.len();
        }
        self
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        match std::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            Err(_) => "",
        }
    }
}

impl Default for ConstMessage {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------
// Newtypes: `#[derive(Elicit)]` on a one-field tuple struct makes a field type that carries
// its inner field's attributes. It takes the attributes its inner type takes.
// ---------------------------------------------------------------------------------------------

/// A newtype that derives `Elicit`: a field type wrapping `Inner`, with the schema its inner
/// field's attributes give.
pub trait NewtypeField: ElicitField {
    /// The wrapped type.
    type Inner;
    /// The newtype's schema, built once; its own parser checks every value against it.
    fn schema() -> &'static PropertySchema;
}

impl<T: NewtypeField> StringField for T where T::Inner: StringField {}
impl<T: NewtypeField> NumberField for T where T::Inner: NumberField {}
impl<T: NewtypeField> MultiSelectField for T
where
    T::Inner: MultiSelectField,
{
    const OPTION_COUNT: usize = <T::Inner as MultiSelectField>::OPTION_COUNT;
}

/// What a newtype's hidden `requested_schema` requires, so that calling it on a newtype is
/// an error that says why; nothing implements it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a field type, not a form",
    label = "a newtype that derives `Elicit` has no `requested_schema`",
    note = "`#[derive(Elicit)]` on a one-field tuple struct makes a reusable field type: use it as a field of a form (a struct with named fields that derives `Elicit`)"
)]
pub trait NotAForm {
    /// Never called: nothing implements the trait.
    fn requested_schema() -> &'static RequestedSchema;
}
