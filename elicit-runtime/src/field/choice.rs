//! Choices: a unit-variant enum as the options of a single-select field, and a `Vec`,
//! `BTreeSet` or `HashSet` of it as a multi-select field (SEP-1330).
//!
//! `#[derive(Elicit)]` on a unit-variant enum implements [`ElicitEnum`] (its variants as
//! [`VariantOption`]s, written in an [`EnumStyle`]), [`ElicitField`] (so the enum can be a
//! field) and, unless the style is
//! [`LegacyEnumNames`](EnumStyle::LegacyEnumNames), [`MultiSelectOption`] (so a collection
//! of it can be a field too). These traits are what a field or a generic function over
//! choice enums names; there is rarely a reason to implement them by hand. How the options
//! look on the wire, and the attributes that change them, are in the guide's
//! [choices](crate::guide::choices) chapter.
//!
//! ```
//! use elicit_core::choice::{ElicitEnum, EnumStyle, VariantOption};
//! use elicit_core::schema::PropertySchema;
//! use elicit_core::{Elicit, ElicitField};
//!
//! #[derive(Elicit, Debug, PartialEq)]
//! #[elicit(rename_all = "lowercase")]
//! enum Topping {
//!     /// Extra cheese
//!     Cheese,
//!     Olives,
//! }
//!
//! assert_eq!(Topping::VARIANTS[0], VariantOption { value: "cheese", title: "Extra cheese" });
//! assert_eq!(Topping::STYLE, EnumStyle::Titled);
//! assert!(matches!(Topping::field_schema(), PropertySchema::TitledSingleSelect(_)));
//! assert!(matches!(Vec::<Topping>::field_schema(), PropertySchema::TitledMultiSelect(_)));
//!
//! /// The titles of a choice enum, whatever the enum.
//! fn titles<E: ElicitEnum>() -> Vec<&'static str> {
//!     E::VARIANTS.iter().map(|variant| variant.title).collect()
//! }
//! assert_eq!(titles::<Topping>(), ["Extra cheese", "Olives"]);
//! ```

use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, Hash};

use serde_json::Value;

use crate::error::FieldErrorKind;
use crate::error::JsonType;
use crate::field::ElicitField;
use crate::raw::Raw;
use crate::raw::{expect_array, expect_str, raw_str};
pub use crate::schema::facts::VariantOption;
use crate::schema::{
    LegacyTitledEnumSchema, PropertySchema, SelectOption, TitledMultiSelectSchema,
    TitledSingleSelectSchema, UntitledMultiSelectSchema, UntitledSingleSelectSchema,
};
use crate::schema::{Seen, check_item_count};

/// How an enum's options are written in the schema.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::choice::{ElicitEnum, EnumStyle};
///
/// #[derive(Elicit)]
/// #[elicit(untitled)]
/// enum Size { Small, Large }
/// assert_eq!(Size::STYLE, EnumStyle::Untitled);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnumStyle {
    /// `oneOf` (single) / `items.anyOf` (multi) of `{"const","title"}`: the default.
    Titled,
    /// `enum` only, no titles: `#[elicit(untitled)]`.
    Untitled,
    /// `enum` + `enumNames`, the 2025-06-18 form: `#[elicit(legacy_enum_names)]`.
    /// It has no multi-select form.
    LegacyEnumNames,
}

/// A unit-variant enum whose variants are the options of a choice.
///
/// `#[derive(Elicit)]` implements it on enums; there is rarely a reason to by hand.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::choice::{ElicitEnum, EnumStyle};
///
/// #[derive(Elicit, Debug, PartialEq)]
/// enum Size {
///     Small,
///     /// Extra large
///     ExtraLarge,
/// }
///
/// assert_eq!(Size::VARIANTS[1].value, "ExtraLarge");
/// assert_eq!(Size::VARIANTS[1].title, "Extra large");
/// assert_eq!(Size::STYLE, EnumStyle::Titled);
/// assert_eq!(Size::from_index(0), Some(Size::Small));
/// ```
pub trait ElicitEnum: Sized + 'static {
    /// The variants, in declaration order.
    const VARIANTS: &'static [VariantOption];
    /// How the options are written.
    const STYLE: EnumStyle;
    /// The variant at `index` in [`VARIANTS`](Self::VARIANTS).
    fn from_index(index: usize) -> Option<Self>;
    /// The index of `self` in [`VARIANTS`](Self::VARIANTS).
    fn index(&self) -> usize;
}

/// Marks the enums that can be the options of a multi-select field.
///
/// `#[derive(Elicit)]` implements it for every enum but those marked
/// `#[elicit(legacy_enum_names)]`, whose 2025-06-18 form has no multi-select.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the option type of a multi-select field",
    label = "not a multi-select option type",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`",
    note = "an enum marked `#[elicit(legacy_enum_names)]` has no multi-select form: the 2025-06-18 `enumNames` style is single-select only"
)]
///
/// ```
/// use elicit_core::{Elicit, ElicitField};
/// use elicit_core::schema::PropertySchema;
///
/// #[derive(Elicit, Debug, PartialEq)]
/// enum Topping { Cheese, Olives }
///
/// // Every derived enum but a `legacy_enum_names` one can be a multi-select's options.
/// assert!(matches!(Vec::<Topping>::field_schema(), PropertySchema::TitledMultiSelect(_)));
/// ```
pub trait MultiSelectOption: ElicitEnum {}

// Every function generic over the enum is a thin shim over a non-generic one that takes the
// enum's `VARIANTS` and `STYLE`: the generic shims are instantiated in the user's crate once
// per enum (and type-checked and code-generated there), the rest is compiled once, here.

/// The index of the variant whose `const` is `chosen`.
fn position(variants: &[VariantOption], chosen: &str) -> Option<usize> {
    variants
        .iter()
        .position(|variant| crate::raw::same_str(variant.value, chosen))
}

fn values(variants: &'static [VariantOption]) -> impl Iterator<Item = &'static str> {
    variants.iter().map(|variant| variant.value)
}

pub(crate) fn unknown(variants: &'static [VariantOption], chosen: &str) -> FieldErrorKind {
    FieldErrorKind::unknown_option(chosen, values(variants))
}

pub(crate) fn value_at(variants: &'static [VariantOption], index: usize) -> &'static str {
    variants.get(index).map_or("", |variant| variant.value)
}

fn titled_options(variants: &[VariantOption]) -> Vec<SelectOption> {
    variants
        .iter()
        .map(|variant| SelectOption::new(variant.value, variant.title))
        .collect()
}

fn untitled_options(variants: &[VariantOption]) -> Vec<String> {
    variants
        .iter()
        .map(|variant| variant.value.to_owned())
        .collect()
}

/// The single-select schema of a choice enum's `variants`, in `style`.
pub(crate) fn single_select_schema_of(
    variants: &[VariantOption],
    style: EnumStyle,
) -> PropertySchema {
    match style {
        EnumStyle::Titled => PropertySchema::TitledSingleSelect(TitledSingleSelectSchema {
            options: titled_options(variants),
            ..TitledSingleSelectSchema::default()
        }),
        EnumStyle::Untitled => PropertySchema::UntitledSingleSelect(UntitledSingleSelectSchema {
            options: untitled_options(variants),
            ..UntitledSingleSelectSchema::default()
        }),
        EnumStyle::LegacyEnumNames => PropertySchema::LegacyTitledEnum(LegacyTitledEnumSchema {
            options: untitled_options(variants),
            option_names: variants
                .iter()
                .map(|variant| variant.title.to_owned())
                .collect(),
            ..LegacyTitledEnumSchema::default()
        }),
    }
}

/// The index of the option a single select's answer names (a string: a `Value`'s, through
/// `Raw::Json`, or one read from bytes).
///
/// # Errors
/// `wrong_type` for anything but a string, `unknown_option` for a string that is no option.
pub(crate) fn parse_index_raw(
    variants: &'static [VariantOption],
    raw: &Raw<'_>,
) -> Result<usize, FieldErrorKind> {
    let chosen = raw_str(raw)?;
    position(variants, chosen).ok_or_else(|| unknown(variants, chosen))
}

/// The `const` of `choice`, as JSON.
pub(crate) fn single_to_json<E: ElicitEnum>(choice: &E) -> Value {
    Value::String(value_at(E::VARIANTS, choice.index()).to_owned())
}

fn multi_select_schema<E: ElicitEnum>() -> PropertySchema {
    multi_select_schema_of(E::VARIANTS, E::STYLE)
}

fn multi_select_schema_of(variants: &[VariantOption], style: EnumStyle) -> PropertySchema {
    match style {
        EnumStyle::Untitled => PropertySchema::UntitledMultiSelect(UntitledMultiSelectSchema {
            options: untitled_options(variants),
            ..UntitledMultiSelectSchema::default()
        }),
        // A legacy enum never gets here (it is not a `MultiSelectOption`); titled is the
        // closest form should a hand-written impl say otherwise.
        EnumStyle::Titled | EnumStyle::LegacyEnumNames => {
            PropertySchema::TitledMultiSelect(TitledMultiSelectSchema {
                options: titled_options(variants),
                ..TitledMultiSelectSchema::default()
            })
        }
    }
}

/// A multi-select's answer: a `Value`, or a value as the reader found it.
#[derive(Clone, Copy)]
enum Items<'r, 'a> {
    Value(&'r Value),
    Raw(&'r Raw<'a>),
}

impl Items<'_, '_> {
    /// How many items there are, 0 if it is no array.
    fn len(self) -> usize {
        let array = match self {
            Self::Value(value) => value.as_array(),
            Self::Raw(Raw::Array(items)) => return items.len(),
            Self::Raw(raw) => raw.as_value().and_then(Value::as_array),
        };
        array.map_or(0, Vec::len)
    }
}

/// Reads the chosen options in the client's order, refusing unknown and repeated ones. The
/// one function generic over the enum; what it calls is compiled once, here.
fn parse_multi<E: ElicitEnum>(items: Items<'_, '_>) -> Result<Vec<E>, FieldErrorKind> {
    let mut chosen = Vec::with_capacity(items.len().min(E::VARIANTS.len()));
    parse_items(
        E::VARIANTS,
        items,
        &mut |index| match E::from_index(index) {
            Some(choice) => {
                chosen.push(choice);
                true
            }
            None => false,
        },
    )?;
    Ok(chosen)
}

/// Reads a multi-select's array, handing each chosen option's index to `take` in the
/// client's order (`take` says false when the type has no variant there).
fn parse_items(
    variants: &'static [VariantOption],
    items: Items<'_, '_>,
    take: &mut dyn FnMut(usize) -> bool,
) -> Result<(), FieldErrorKind> {
    match items {
        Items::Raw(Raw::Array(items)) => choose(variants, items.iter().map(raw_str), take),
        Items::Raw(raw) => match raw.as_value() {
            Some(value) => parse_indices(variants, value, take),
            None => Err(raw.wrong_type(JsonType::Array)),
        },
        Items::Value(value) => parse_indices(variants, value, take),
    }
}

/// [`parse_items`] of a `Value`.
fn parse_indices(
    variants: &'static [VariantOption],
    value: &Value,
    take: &mut dyn FnMut(usize) -> bool,
) -> Result<(), FieldErrorKind> {
    let items = expect_array(value)?;
    choose(variants, items.iter().map(expect_str), take)
}

/// [`parse_indices`] of the items' texts (each an error if the item is no string).
fn choose<'s>(
    variants: &'static [VariantOption],
    items: impl Iterator<Item = Result<&'s str, FieldErrorKind>>,
    take: &mut dyn FnMut(usize) -> bool,
) -> Result<(), FieldErrorKind> {
    let mut seen = Seen::new(variants.len());
    for item in items {
        let text = item?;
        let index = position(variants, text).ok_or_else(|| unknown(variants, text))?;
        let chosen = value_at(variants, index);
        if !seen.insert(index) {
            return Err(FieldErrorKind::duplicate_option(chosen));
        }
        if !take(index) {
            return Err(unknown(variants, chosen));
        }
    }
    Ok(())
}

/// The checks of a multi-select's property as sent on the `count` options its type has just
/// read from `raw`: only the item counts when the property offers every option of the type
/// (the type found each among them, once), else all of them.
fn check_chosen(
    property: &PropertySchema,
    raw: &Raw<'_>,
    count: usize,
    facts: &crate::schema::facts::Facts,
) -> Result<(), FieldErrorKind> {
    let every = facts.options.len();
    match property {
        PropertySchema::UntitledMultiSelect(s) if s.options.len() == every => {
            check_item_count(count, s.min_items, s.max_items)
        }
        PropertySchema::TitledMultiSelect(s) if s.options.len() == every => {
            check_item_count(count, s.min_items, s.max_items)
        }
        _ => crate::schema::check_converted(property, raw, facts),
    }
}

/// The `const`s of `choices`, as a JSON array.
fn multi_to_json<'a, E: ElicitEnum + 'a>(choices: impl ExactSizeIterator<Item = &'a E>) -> Value {
    let mut items = Vec::with_capacity(choices.len());
    for choice in choices {
        items.push(single_to_json(choice));
    }
    Value::Array(items)
}

impl<E: MultiSelectOption> ElicitField for Vec<E> {
    const CAN_HOLD_SECRET: bool = false;
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::multi(E::VARIANTS);

    fn field_schema() -> PropertySchema {
        multi_select_schema::<E>()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Value(value))
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Raw(raw))
    }

    fn from_raw_as_sent(raw: &Raw<'_>, property: &PropertySchema) -> Result<Self, FieldErrorKind> {
        let chosen = parse_multi(Items::Raw(raw))?;
        check_chosen(property, raw, chosen.len(), &Self::FACTS)?;
        Ok(chosen)
    }

    fn to_json(&self) -> Value {
        multi_to_json(self.iter())
    }
}

impl<E: MultiSelectOption + Ord> ElicitField for BTreeSet<E> {
    const CAN_HOLD_SECRET: bool = false;
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::multi(E::VARIANTS);

    fn field_schema() -> PropertySchema {
        multi_select_schema::<E>()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Value(value)).map(|chosen: Vec<E>| chosen.into_iter().collect())
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Raw(raw)).map(|chosen: Vec<E>| chosen.into_iter().collect())
    }

    fn to_json(&self) -> Value {
        multi_to_json(self.iter())
    }
}

impl<E: MultiSelectOption + Hash + Eq, S: BuildHasher + Default> ElicitField for HashSet<E, S> {
    const CAN_HOLD_SECRET: bool = false;
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::multi(E::VARIANTS);

    fn field_schema() -> PropertySchema {
        multi_select_schema::<E>()
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Value(value)).map(|chosen: Vec<E>| chosen.into_iter().collect())
    }

    fn from_raw(raw: &Raw<'_>) -> Result<Self, FieldErrorKind> {
        parse_multi(Items::Raw(raw)).map(|chosen: Vec<E>| chosen.into_iter().collect())
    }

    fn to_json(&self) -> Value {
        // In declaration order, so the same set always serializes the same way.
        let mut chosen: Vec<&E> = self.iter().collect();
        chosen.sort_by_key(|choice| choice.index());
        multi_to_json(chosen.into_iter())
    }
}
