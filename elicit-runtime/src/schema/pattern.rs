//! The `pattern` of a string field: kept as written, compiled once.

use std::fmt;

use elicit_grammar::pattern::Compiled;
use serde_core::{Deserialize, Deserializer, Serialize, Serializer};

/// A string field's `pattern`, compiled once when the schema is built.
///
/// A pattern is an ECMA-262 regular expression, as JSON Schema's `pattern` is, accepted only
/// when it is valid and means the same under both the `u` flag (how Ajv and the TypeScript SDK
/// compile it) and the `v` flag (an HTML `<input pattern>`), so every JavaScript client reads it
/// as this crate does: `\s` is ECMA-262's Unicode white space, `.` stops at `\r` and U+2028,
/// `^` and `$` are the ends of the string. Matching is unanchored, as JSON Schema's `pattern` is
/// (write `^…$` to anchor), and runs in time linear in the input: the engine never backtracks,
/// so no pattern can be made to take exponential time, and lookaround and backreferences are
/// refused.
///
/// ```
/// use elicit_core::schema::Pattern;
///
/// let pattern = Pattern::new("^[a-z]+$").unwrap();
/// assert!(pattern.is_match("abc"));
/// assert!(!pattern.is_match("ABC"));
/// assert!(Pattern::new("(").is_err());
/// // Not ECMA-262: JavaScript clients would throw on it.
/// assert!(Pattern::new("(?i)^abc$").is_err());
/// ```
#[derive(Clone)]
pub struct Pattern {
    compiled: Compiled,
}

impl Pattern {
    /// Compiles `source`; fails on a syntax error, on what the `u` and `v` flags read
    /// differently, on lookaround and backreferences, or on a pattern too large to compile.
    ///
    /// ```
    /// let error = elicit_core::schema::Pattern::new("^[a-z-]+$").unwrap_err();
    /// assert!(error.to_string().contains("under the `v` flag"));
    /// assert!(elicit_core::schema::Pattern::new(r"^[a-z\-]+$").is_ok());
    /// ```
    ///
    /// # Errors
    /// What is wrong with `source`, in words.
    pub fn new(source: &str) -> Result<Self, PatternError> {
        elicit_grammar::pattern::compile(source)
            .map(|compiled| Self { compiled })
            .map_err(|error| PatternError {
                message: error.to_string(),
            })
    }

    /// The pattern as written.
    ///
    /// ```
    /// let pattern = elicit_core::schema::Pattern::new("^a+$").unwrap();
    /// assert_eq!(pattern.as_str(), "^a+$");
    /// ```
    pub fn as_str(&self) -> &str {
        self.compiled.source()
    }

    /// Whether `text` contains a match.
    ///
    /// ```
    /// // Unanchored, as in JSON Schema: `b` is found inside `abc`.
    /// let pattern = elicit_core::schema::Pattern::new("b").unwrap();
    /// assert!(pattern.is_match("abc"));
    /// ```
    pub fn is_match(&self, text: &str) -> bool {
        self.compiled.is_match(text)
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let source = String::deserialize(deserializer)?;
        Self::new(&source).map_err(serde_core::de::Error::custom)
    }
}

/// Why a `pattern` could not be compiled.
///
/// ```
/// let error = elicit_core::schema::Pattern::new("(").unwrap_err();
/// assert!(error.to_string().starts_with("invalid pattern"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid pattern: {}", self.message)
    }
}

impl std::error::Error for PatternError {}
