//! What `#[derive(Elicit)]` expands to calls into. Not a public API: it changes whenever the
//! derive does, and the derive is pinned to this crate's exact version.
//!
//! Code generic over a field's type is instantiated, type-checked and compiled in the user's
//! crate once per type (a choice enum is a new type in every form), so it is kept to the few
//! lines that need the type, without closures or `Option`/`Result` combinators (each of which
//! is one more instantiation); everything else is a plain function compiled once, here.

mod flatten;
mod names;
mod newtype;
mod number;
mod once;
mod parse;
mod probe;
pub mod set;
mod shaped;
mod single;
mod stub;

pub use serde_json::{Map, Number, Value};

/// The version of this private API, which every expansion of `#[derive(Elicit)]` names first
/// (`<crate>::__private::PRIVATE_API_<its own version>`, dots as underscores). The derive is
/// pinned to this crate's exact version, and this API changes with every release; a derive
/// paired with another version of this crate (two versions in one build, a `[patch]`) fails
/// on this name, with the version it wanted, rather than on whatever else it emits. Renamed
/// with every version bump (a test below checks it).
pub const PRIVATE_API_0_1_0: () = ();

/// A form's content, as generated code names it: no path into `std` in the user's crate.
/// (A form still needs `std`: its schema is built once in a `std::sync::OnceLock`.)
pub type Content = Map<String, Value>;

// The public types generated code names, at a path that does not move when the public
// layout does.
pub use crate::error::{ContentError, FieldErrorKind};
pub use crate::field::choice::{ElicitEnum, EnumStyle, MultiSelectOption, VariantOption};
pub use crate::schema::{PropertySchema, RequestedSchema, StringFormat};

pub use self::flatten::{FlatForm, FlattenSlot};
pub use self::names::{
    FormPart, NoSecret, Secrecy, any_secret, concat_flags, concat_names, name_clash,
};
pub use self::newtype::{NewtypeField, check_newtype};
pub(crate) use self::number::{float, int};
pub use self::once::OnceLock;
pub use self::parse::{Writing, one_content, put_field, read_one};
pub use self::probe::{
    FieldProbe, Flatten, Kind, NotAField, NotAFlatForm, NotOffered, Offered, OtherKind, fallbacks,
};
pub use self::shaped::{CollectionProbe, NotACollection};
pub use self::single::{parse_single_raw, single_select_schema, single_to_json};
pub use self::stub::ShapeStub;
pub use crate::field::kinds::{MultiSelectField, NumberField, StringField};
pub use crate::field::slot::{FieldDefault, FormField};
pub use crate::form::shape::Shaped;
pub use crate::form::shape::form_parts::FormParts;
pub use crate::form::shape::{FieldShape, Given, MultiOptions, NotGiven, Options};
pub use crate::form::{Form, IntoForm, ShapeError};
pub use crate::raw::Raw;
pub use crate::read::{
    AsSent, Errors, FieldAt, FormFields, FormReader, Offer, OfferSlot, Reading, Sent, Slot,
    form_reader, pick_all_optional, pick_all_required, pick_optional, pick_required, read_field,
    read_map,
};
pub use crate::schema::facts::{ConstMessage, FactKind, Facts};

#[cfg(test)]
mod tests {
    #[test]
    fn the_private_api_marker_names_this_version() {
        // elicit-derive builds the same name from its own `CARGO_PKG_VERSION`.
        let version = env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_");
        let marker = format!("pub const PRIVATE_API_{version}: () = ();");
        assert!(
            include_str!("mod.rs").contains(&marker),
            "after a version bump, rename the marker: {marker}",
        );
    }
}
