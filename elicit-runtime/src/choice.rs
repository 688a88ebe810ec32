//! Choices: a unit-variant enum as the options of a single-select field, and a `Vec`,
//! `BTreeSet` or `HashSet` of it as a multi-select field (SEP-1330).
//!
//! `#[derive(Elicit)]` on a unit-variant enum implements [`ElicitEnum`] (its variants as
//! [`EnumVariant`]s, written in an [`EnumStyle`]), [`ElicitField`](crate::ElicitField) (so
//! the enum can be a field) and, unless the style is
//! [`LegacyEnumNames`](EnumStyle::LegacyEnumNames), [`MultiSelectOption`] (so a collection
//! of it can be a field too). These traits are what a field or a generic function over
//! choice enums names; there is rarely a reason to implement them by hand. How the options
//! look on the wire, and the attributes that change them, are in the guide's
//! [choices](crate::guide::choices) chapter.
//!
//! ```
//! use elicit_core::choice::{ElicitEnum, EnumStyle, EnumVariant};
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
//! assert_eq!(Topping::VARIANTS[0], EnumVariant { value: "cheese", title: "Extra cheese" });
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

pub use crate::select::{ElicitEnum, EnumStyle, EnumVariant, MultiSelectOption};
