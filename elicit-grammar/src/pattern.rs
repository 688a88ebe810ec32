//! A string field's `pattern`: the source as written, and the engine that runs it.

/// Compiles `source` for matching.
///
/// ```
/// let regex = elicit_grammar::pattern::compile("^[a-z]+$").unwrap();
/// assert!(regex.is_match("abc"));
/// assert!(elicit_grammar::pattern::compile("(").is_err());
/// ```
///
/// # Errors
/// What is wrong with `source`, in words.
pub fn compile(source: &str) -> Result<regex_lite::Regex, String> {
    regex_lite::Regex::new(source).map_err(|error| error.to_string())
}
