//! Every `#[elicit(…)]` key, one row each, and what the row says of it: its name, the places
//! it may be written, the shape of its value, why it does not go on a newtype's field, and,
//! for a key that narrows the field's type, the kind of type it needs (proved by the compiler,
//! `check`), the `__private::set::Narrow` variant generated code lists it in the field's
//! table with (`expand`) and the `__private::Facts` method the compile-time facts are narrowed with
//! (`facts`). Parsing and the unknown / duplicate / misplaced-key errors (`attr`, `suggest`)
//! read the same rows, and a key is compared by its row, never by its name.
//!
//! A row names its `Narrow` variant and facts method as identifiers, and this crate's test
//! build (`bindings` below) refers to each of them in the runtime with the value type its
//! `Takes` gives: renaming a key's variant or facts method, or changing what it takes, breaks
//! that build, not a user's crate.
//!
//! What a row does not cover: how a value of each shape is read (`attr::parse_value`, by
//! `Takes`), the rules between keys (`valid`: bounds in order, a default within them…), the
//! keys every field has whatever is written (`title`, `description`, `default`: named in
//! `expand`), `#[serde(…)]`'s keys (`attr::Serde`), and each key's
//! documentation (the attributes guide, `elicit-runtime/docs/attributes.md`).

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
    /// A path to a function, unquoted: `check = Self::after_departure`.
    Function,
}

/// The kinds of field type an attribute applies to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    String,
    Number,
    MultiSelect,
}

/// How a key narrows the field type's schema: at run time, and in the compile-time facts.
pub(crate) struct Narrows {
    /// The kind of field type the key applies to, proved by the compiler on the field's type.
    pub(crate) kind: Kind,
    /// The `__private::set::Narrow` variant that carries the key's value in the field's
    /// table (the runtime applies it to the type's schema).
    pub(crate) variant: &'static str,
    /// The `__private::Facts` method(s) that apply it to the type's compile-time facts.
    pub(crate) facts: FactsNarrowing,
}

/// The `Facts` method a key narrows the compile-time facts with.
pub(crate) enum FactsNarrowing {
    /// None: the facts cannot hold it (a `format` or `pattern` is judged when the schema is
    /// first built instead).
    None,
    /// `.<method>(count)`.
    Count(&'static str),
    /// `.<int>(value)` for an integer literal, `.<float>(value)` for a float one.
    Number {
        int: &'static str,
        float: &'static str,
    },
}

/// One `#[elicit(…)]` key.
pub(crate) struct Key {
    pub(crate) name: &'static str,
    pub(crate) places: &'static [Place],
    pub(crate) takes: Takes,
    /// For a key that narrows the field's type: how.
    pub(crate) narrows: Option<Narrows>,
    /// Why it does not go on a newtype's field, when it goes on a form's field but not there.
    pub(crate) not_on_newtype_field: Option<&'static str>,
}

impl Key {
    pub(crate) fn allowed_on(&self, place: Place) -> bool {
        self.places.contains(&place)
    }

    /// The kind of field type the key needs, if it needs one.
    pub(crate) fn kind(&self) -> Option<Kind> {
        self.narrows.as_ref().map(|narrows| narrows.kind)
    }
}

/// A key is its row: two keys are equal when they are the same row of the table.
impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

const CONTAINER: &[Place] = &[Place::Struct, Place::Enum];
const FIELDS: &[Place] = &[Place::Field, Place::NewtypeField];
const FORM_FIELD: &[Place] = &[Place::Field];

/// `Some(Narrows)` from a row's `(Kind by Variant, Facts::method…)`, `None` from `()`.
macro_rules! narrows {
    () => {
        None
    };
    ($kind:ident by $variant:ident) => {
        Some(Narrows {
            kind: Kind::$kind,
            variant: stringify!($variant),
            facts: FactsNarrowing::None,
        })
    };
    ($kind:ident by $variant:ident, Facts::$count:ident) => {
        Some(Narrows {
            kind: Kind::$kind,
            variant: stringify!($variant),
            facts: FactsNarrowing::Count(stringify!($count)),
        })
    };
    ($kind:ident by $variant:ident, Facts::$int:ident / Facts::$float:ident) => {
        Some(Narrows {
            kind: Kind::$kind,
            variant: stringify!($variant),
            facts: FactsNarrowing::Number {
                int: stringify!($int),
                float: stringify!($float),
            },
        })
    };
}

macro_rules! keys {
    ($(
        $ident:ident = $name:literal, $places:expr, $takes:ident, ($($narrows:tt)*), $newtype:expr;
    )*) => {
        $(
            pub(crate) static $ident: Key = Key {
                name: $name,
                places: $places,
                takes: Takes::$takes,
                narrows: narrows!($($narrows)*),
                not_on_newtype_field: $newtype,
            };
        )*
        /// Every key, in the order the reference documents them.
        pub(crate) static ALL: &[&Key] = &[$(&$ident),*];

        /// Each row's `Narrow` variant and facts method, as the runtime defines them, with the value
        /// type generated code passes them: a renamed or retyped one fails this build.
        #[cfg(test)]
        mod bindings {
            $( binding!($takes; $($narrows)*); )*
        }
    };
}

/// The proof for one row (nothing for a key that narrows nothing).
#[cfg(test)]
macro_rules! binding {
    ($takes:ident;) => {};
    ($takes:ident; $kind:ident by $variant:ident $(, Facts::$count:ident)?) => {
        const _: fn(value_type!($takes)) -> elicit_runtime::__private::set::Narrow =
            elicit_runtime::__private::set::Narrow::$variant;
        $(
            const _: fn(elicit_runtime::__private::Facts, u64) -> elicit_runtime::__private::Facts =
                elicit_runtime::__private::Facts::$count;
        )?
    };
    ($takes:ident; $kind:ident by $variant:ident, Facts::$int:ident / Facts::$float:ident) => {
        const _: fn(value_type!($takes)) -> elicit_runtime::__private::set::Narrow =
            elicit_runtime::__private::set::Narrow::$variant;
        const _: fn(elicit_runtime::__private::Facts, i128) -> elicit_runtime::__private::Facts =
            elicit_runtime::__private::Facts::$int;
        const _: fn(elicit_runtime::__private::Facts, f64) -> elicit_runtime::__private::Facts =
            elicit_runtime::__private::Facts::$float;
    };
}

/// The type of the value generated code gives a `Narrow` variant, by the key's `Takes` (`expand`).
#[cfg(test)]
macro_rules! value_type {
    (Count) => {
        u64
    };
    (Number) => {
        elicit_runtime::__private::set::Bound
    };
    (Format) => {
        elicit_runtime::__private::StringFormat
    };
    (Pattern) => {
        &'static str
    };
}

keys! {
    // On the struct or enum.
    MESSAGE = "message", CONTAINER, Str, (), None;
    RENAME_ALL = "rename_all", CONTAINER, Rule, (), None;
    DENY_UNKNOWN_FIELDS = "deny_unknown_fields", &[Place::Struct], Flag, (), None;
    SHAPED = "shaped", &[Place::Struct], Flag, (), None;
    UNTITLED = "untitled", &[Place::Struct, Place::Enum], Flag, (), None;
    LEGACY_ENUM_NAMES = "legacy_enum_names", &[Place::Enum], Flag, (), None;
    FIELD = "field", &[Place::Enum], Name, (), None;
    CRATE = "crate", &[Place::Struct, Place::Enum, Place::Newtype], Path, (), None;
    // On a field (and, where it shapes the field type, a newtype's field).
    TITLE = "title", &[Place::Field, Place::NewtypeField, Place::Variant], Str, (), None;
    DESCRIPTION = "description", FIELDS, Str, (), None;
    RENAME = "rename", &[Place::Field, Place::Variant], Name, (),
        Some("a newtype has no wire name of its own; rename the form fields that use it");
    FORMAT = "format", FIELDS, Format, (String by Format), None;
    MIN_LENGTH = "min_length", FIELDS, Count,
        (String by MinLength, Facts::min_length), None;
    MAX_LENGTH = "max_length", FIELDS, Count,
        (String by MaxLength, Facts::max_length), None;
    PATTERN = "pattern", FIELDS, Pattern, (String by Pattern), None;
    MINIMUM = "minimum", FIELDS, Number,
        (Number by Minimum, Facts::minimum_int / Facts::minimum_float), None;
    MAXIMUM = "maximum", FIELDS, Number,
        (Number by Maximum, Facts::maximum_int / Facts::maximum_float), None;
    MIN_ITEMS = "min_items", FIELDS, Count,
        (MultiSelect by MinItems, Facts::min_items), None;
    MAX_ITEMS = "max_items", FIELDS, Count,
        (MultiSelect by MaxItems, Facts::max_items), None;
    DEFAULT = "default", FORM_FIELD, Default, (),
        Some("put it on the form fields that use the newtype");
    SKIP = "skip", FORM_FIELD, Flag, (), Some("a newtype is its one field");
    NOT_SENSITIVE = "not_sensitive", FORM_FIELD, Flag, (),
        Some("a newtype has no name to check; put it on the form fields that use the newtype");
    FLATTEN = "flatten", FORM_FIELD, Flag, (), Some("a newtype wraps a field type, not a form");
    OPTIONS = "options", FORM_FIELD, Flag, (),
        Some("a newtype is a field type of its own; give the options on the form field");
    ASK_IF_MISSING = "ask_if_missing", FORM_FIELD, Flag, (),
        Some("a newtype is a field type of its own; mark the tool argument that uses it");
    CHECK = "check", FORM_FIELD, Function, (),
        Some("a newtype checks its value in its own `ElicitField` impl; put `check` on the form fields that use it");
}

/// The key named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Key> {
    ALL.iter().copied().find(|key| key.name == name)
}

/// The keys a place takes.
pub(crate) fn on(place: Place) -> impl Iterator<Item = &'static Key> {
    ALL.iter().copied().filter(move |key| key.allowed_on(place))
}
