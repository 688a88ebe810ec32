//! Every `#[elicit(…)]` key, one row each: its name, where it may be written, what it takes
//! and what it needs of the field's type. Parsing, the unknown / duplicate / misplaced-key
//! errors, did-you-mean, the kind proofs and the schema setters all read this table; a key is
//! spelled here and nowhere else.

/// Where an `#[elicit(…)]` attribute can be written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    Struct,
    Enum,
    /// A one-field tuple struct, on the type.
    Newtype,
    /// A field of a struct form.
    Field,
    /// The one field of a newtype: a field type's constraints, no form field's name or default.
    NewtypeField,
    Variant,
}

impl Place {
    pub(crate) const ALL: [Self; 6] = [
        Self::Struct,
        Self::Enum,
        Self::Newtype,
        Self::Field,
        Self::NewtypeField,
        Self::Variant,
    ];

    /// "a struct", for "belongs on …" messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Struct => "a struct",
            Self::Enum => "an enum",
            Self::Newtype => "a newtype",
            Self::Field => "a field",
            Self::NewtypeField => "a newtype's field",
            Self::Variant => "a variant",
        }
    }
}

/// What a key takes after its name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Takes {
    /// Nothing: `skip`.
    Flag,
    /// A string literal: `title = "…"`.
    Str,
    /// A non-empty string literal: `rename = "…"`.
    Name,
    /// One of MCP's string formats: `format = "email"`.
    Format,
    /// An ECMA-262 pattern: `pattern = "^[a-z]+$"`.
    Pattern,
    /// A non-negative integer literal: `min_length = 1`.
    Count,
    /// A number literal: `minimum = -1.5`.
    Number,
    /// A casing: `rename_all = "camelCase"`.
    Rule,
    /// A path in a string: `crate = "::elicit_core"`.
    Path,
    /// Nothing (the type's `Default`) or a value: `default`, `default = 18`.
    Default,
}

/// The kinds of field type an attribute applies to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    String,
    Number,
    MultiSelect,
}

/// One `#[elicit(…)]` key.
pub(crate) struct Key {
    pub(crate) name: &'static str,
    pub(crate) places: &'static [Place],
    pub(crate) takes: Takes,
    /// The kind of field it applies to, proved by the compiler on the field's type. A key
    /// with a kind narrows the type's schema through the `__private::set` function of its
    /// name.
    pub(crate) kind: Option<Kind>,
    /// Why it does not go on a newtype's field, when it goes on a form's field but not there.
    pub(crate) not_on_newtype_field: Option<&'static str>,
}

impl Key {
    pub(crate) fn allowed_on(&self, place: Place) -> bool {
        self.places.contains(&place)
    }
}

const CONTAINER: &[Place] = &[Place::Struct, Place::Enum];
const FIELDS: &[Place] = &[Place::Field, Place::NewtypeField];
const FORM_FIELD: &[Place] = &[Place::Field];

macro_rules! keys {
    ($($ident:ident = $name:literal, $places:expr, $takes:ident, $kind:expr, $newtype:expr;)*) => {
        $(
            pub(crate) static $ident: Key = Key {
                name: $name,
                places: $places,
                takes: Takes::$takes,
                kind: $kind,
                not_on_newtype_field: $newtype,
            };
        )*
        /// Every key, in the order the reference documents them.
        pub(crate) static ALL: &[&Key] = &[$(&$ident),*];
    };
}

keys! {
    // On the struct or enum.
    MESSAGE = "message", CONTAINER, Str, None, None;
    RENAME_ALL = "rename_all", CONTAINER, Rule, None, None;
    DENY_UNKNOWN_FIELDS = "deny_unknown_fields", &[Place::Struct], Flag, None, None;
    UNTITLED = "untitled", &[Place::Struct, Place::Enum], Flag, None, None;
    LEGACY_ENUM_NAMES = "legacy_enum_names", &[Place::Enum], Flag, None, None;
    FIELD = "field", &[Place::Enum], Name, None, None;
    CRATE = "crate", &[Place::Struct, Place::Enum, Place::Newtype], Path, None, None;
    // On a field (and, where it shapes the field type, a newtype's field).
    TITLE = "title", &[Place::Field, Place::NewtypeField, Place::Variant], Str, None, None;
    DESCRIPTION = "description", FIELDS, Str, None, None;
    RENAME = "rename", &[Place::Field, Place::Variant], Name, None,
        Some("a newtype has no wire name of its own; rename the form fields that use it");
    FORMAT = "format", FIELDS, Format, Some(Kind::String), None;
    MIN_LENGTH = "min_length", FIELDS, Count, Some(Kind::String), None;
    MAX_LENGTH = "max_length", FIELDS, Count, Some(Kind::String), None;
    PATTERN = "pattern", FIELDS, Pattern, Some(Kind::String), None;
    MINIMUM = "minimum", FIELDS, Number, Some(Kind::Number), None;
    MAXIMUM = "maximum", FIELDS, Number, Some(Kind::Number), None;
    MIN_ITEMS = "min_items", FIELDS, Count, Some(Kind::MultiSelect), None;
    MAX_ITEMS = "max_items", FIELDS, Count, Some(Kind::MultiSelect), None;
    DEFAULT = "default", FORM_FIELD, Default, None,
        Some("put it on the form fields that use the newtype");
    SKIP = "skip", FORM_FIELD, Flag, None, Some("a newtype is its one field");
    NOT_SENSITIVE = "not_sensitive", FORM_FIELD, Flag, None,
        Some("a newtype has no name to check; put it on the form fields that use the newtype");
    FLATTEN = "flatten", FORM_FIELD, Flag, None, Some("a newtype wraps a field type, not a form");
}

/// The key named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Key> {
    ALL.iter().copied().find(|key| key.name == name)
}

/// The keys a place takes.
pub(crate) fn on(place: Place) -> impl Iterator<Item = &'static Key> {
    ALL.iter().copied().filter(move |key| key.allowed_on(place))
}
