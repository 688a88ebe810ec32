//! Where `from_content` knowingly decides otherwise than the schema's letter: an answer
//! says so, and the test holds it to what it does instead.

/// Where `from_content` departs, on purpose, from what a JSON Schema validator decides on the
/// form's schema alone, and what it does instead. Each is documented for form authors (the
/// types, attributes and flatten guides).
#[derive(Clone, Copy)]
pub(crate) enum Divergence {
    /// The answer breaks the field's declared `format` and nothing else of it: refused, for
    /// the format alone (`jsonschema`, like most validators, only annotates formats).
    Format,
    /// `null` for an optional or defaulted field: read as absent (a lenient reading; the
    /// schema has no `null`, and the value handed back is one the schema allows).
    NullIsAbsent,
    /// A number past an `f32` field's bound that rounds onto it: accepted as that `f32` (the
    /// field compares the `f32` it will hold; what it hands back is inside the bounds).
    F32Nearest,
    /// An option chosen twice in a multi-select: refused (a selection names each option at
    /// most once; MCP's multi-select schema has no `uniqueItems` to say so).
    Repeated,
    /// A key a `deny_unknown_fields` form does not declare: refused (MCP's restricted schema
    /// has no `additionalProperties` to say so).
    Unknown,
    /// Where Python's `re` is not ECMA-262 (`$` before a final newline, non-ASCII `\d`):
    /// refused, as ECMA-262, the dialect JSON Schema names, decides (`pattern_ecma.rs` holds
    /// the matcher to Node's verdicts).
    NotEcma,
    /// `0` (or `-0.0`) for a signed non-zero integer whose range spans 0: refused as
    /// `out_of_range`, like any value the type cannot hold (a schema's `minimum`/`maximum`
    /// cannot leave a hole at 0; the types guide, "Non-zero integers").
    NonZero,
    /// A string the schema allows that the Rust type cannot hold: a `uri` that is no WHATWG
    /// URL (`url::Url`), a date-time whose instant falls outside the years 0000–9999 in UTC
    /// (`DateTime<Utc>`), a leap second off a month's last day (`time::OffsetDateTime`), a
    /// non-address for an IP address (a plain string: MCP has no IP format). Refused as
    /// `invalid` (the types guide, "Dates and date-times", "`Url`" and the type table).
    NarrowerType,
    /// A string that the pattern a form field sets on a newtype allows and the newtype's own
    /// pattern does not: refused, `pattern_mismatch` (a schema holds one pattern, the field's;
    /// the newtype's parser still checks its own: the flatten guide, "Newtypes").
    NewtypePattern,
    /// A float at or past the edges of the 64-bit integers for an integer field whose bound
    /// reaches that edge: `-9223372036854775809`, one below `i64::MIN`, which a JSON parser
    /// reads as the float -2^63, equal to `i64::MIN`. Refused, `out_of_range`: such a float
    /// may stand for any integer its rounding covers, so it proves none in the range
    /// (`jsonschema` compares the float as written, which equals the bound; the types guide,
    /// "Numbers").
    IntegerEdge,
    /// Part of an optional flattened sub-form answered, and the rest of what it requires
    /// missing: refused, `missing` on the first such field (every property of the sub-form is
    /// optional on the wire; a half-filled group is not silently dropped: the flatten guide,
    /// "`Option<T>`").
    PartialGroup,
}

impl Divergence {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Format => "format",
            Self::NullIsAbsent => "null_is_absent",
            Self::F32Nearest => "f32_nearest",
            Self::Repeated => "repeated",
            Self::Unknown => "unknown",
            Self::NotEcma => "not_ecma",
            Self::NonZero => "non_zero",
            Self::NarrowerType => "narrower_type",
            Self::NewtypePattern => "newtype_pattern",
            Self::PartialGroup => "partial_group",
            Self::IntegerEdge => "integer_edge",
        }
    }

    /// The error kind `from_content` must refuse with, on the field alone; `None` where it
    /// accepts instead.
    pub(crate) fn refusal(self) -> Option<&'static str> {
        match self {
            Self::Format => Some("bad_format"),
            Self::Repeated => Some("duplicate_option"),
            Self::Unknown => Some("unknown_field"),
            Self::NotEcma | Self::NewtypePattern => Some("pattern_mismatch"),
            Self::NonZero | Self::IntegerEdge => Some("out_of_range"),
            Self::NarrowerType => Some("invalid"),
            Self::PartialGroup => Some("missing"),
            Self::NullIsAbsent | Self::F32Nearest => None,
        }
    }
}
