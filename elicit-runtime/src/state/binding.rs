//! What a state is bound to: the call and who made it ([`Binding`]), and the server (the
//! ring's audience), each as a SHA-256 digest.

use std::fmt;
use std::io::{self, Write as _};

use serde_core::Serialize;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::once::Owner;

/// What every call digest starts with.
const CALL_LABEL: &[u8] = b"elicit request state v2: call\0";
/// What every tool digest (a call without its arguments) starts with.
const TOOL_LABEL: &[u8] = b"elicit request state v2: tool\0";
/// What every principal digest starts with.
const PRINCIPAL_LABEL: &[u8] = b"elicit request state v2: principal\0";
/// What every audience digest starts with.
const AUDIENCE_LABEL: &[u8] = b"elicit request state v2: audience\0";

/// The call a state belongs to, and who made it: the method (`tools/call`, `prompts/get`),
/// the tool or prompt name and the arguments, hashed with SHA-256, and optionally the
/// principal, the authenticated user ([`with_principal`](Self::with_principal)).
///
/// The arguments are hashed as canonical JSON: object keys sorted, numbers with an integral
/// value written as integers (`2.0` as `2`), other numbers in Rust's shortest exponent form
/// (`2.5e0`, whatever `serde_json` release is linked), no whitespace; so a client that re-serializes
/// the arguments for its retry, in another key order, still opens the state. Missing or
/// `null` arguments count as `{}`. Only the name and the arguments are bound: the request's
/// `inputResponses`, `requestState` and `_meta` (progress token, capabilities) change between
/// the first call and the retry, and are left out.
///
/// ```
/// use elicit_core::state::Binding;
/// use serde_json::json;
///
/// let first = Binding::tool("deploy", &json!({"service": "api", "replicas": 2}));
/// let retry = Binding::tool("deploy", &json!({"replicas": 2.0, "service": "api"}));
/// assert_eq!(first, retry);
/// assert_ne!(first, Binding::tool("deploy", &json!({"service": "db", "replicas": 2})));
/// assert_ne!(first, Binding::prompt("deploy", &json!({"service": "api", "replicas": 2})));
/// assert_ne!(first, retry.clone().with_principal("user-42"));
/// assert_eq!(Binding::tool("status", &json!(null)), Binding::tool("status", &json!({})));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Binding {
    call: [u8; 32],
    /// The method and name alone: whom a state bound to no principal is charged to.
    tool: [u8; 32],
    principal: Option<[u8; 32]>,
}

impl fmt::Debug for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Binding")
            .field("call", &Short(&self.call))
            .field("principal", &self.principal.as_ref().map(Short))
            .finish_non_exhaustive()
    }
}

/// The first eight bytes of a digest, in hex: enough to tell two apart in a log.
struct Short<'a>(&'a [u8; 32]);

impl fmt::Debug for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in &self.0[..8] {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl Binding {
    /// A `tools/call` of the tool `name` with `arguments`.
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::tool("deploy", &json!({"service": "api"}));
    /// assert_eq!(binding, Binding::new("tools/call", "deploy", &json!({"service": "api"})));
    /// ```
    pub fn tool(name: &str, arguments: &Value) -> Self {
        Self::new("tools/call", name, arguments)
    }

    /// A `prompts/get` of the prompt `name` with `arguments`.
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::prompt("review", &json!({"file": "main.rs"}));
    /// assert_ne!(binding, Binding::tool("review", &json!({"file": "main.rs"})));
    /// ```
    pub fn prompt(name: &str, arguments: &Value) -> Self {
        Self::new("prompts/get", name, arguments)
    }

    /// A request of `method` naming `name`, with `arguments`.
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::new("tools/call", "deploy", &json!({}));
    /// assert_eq!(binding, Binding::tool("deploy", &json!(null)));
    /// ```
    pub fn new(method: &str, name: &str, arguments: &Value) -> Self {
        let mut tool = Sha256::new();
        tool.update(TOOL_LABEL);
        let mut hasher = HashWriter(Sha256::new());
        hasher.0.update(CALL_LABEL);
        for part in [method, name] {
            for hasher in [&mut hasher.0, &mut tool] {
                hasher.update((part.len() as u64).to_be_bytes());
                hasher.update(part.as_bytes());
            }
        }
        let empty = Value::Object(Map::new());
        let arguments = if arguments.is_null() {
            &empty
        } else {
            arguments
        };
        write_canonical(&mut hasher, arguments);
        Self {
            call: hasher.0.finalize().into(),
            tool: tool.finalize().into(),
            principal: None,
        }
    }

    /// The call a request's params name: their `name` and `arguments` (a missing `name`
    /// counts as `""`). Whatever else the params hold (`inputResponses`, `requestState`,
    /// `_meta`) is left out.
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let retry = json!({
    ///     "name": "deploy",
    ///     "arguments": {"service": "api"},
    ///     "inputResponses": {"confirm": {"action": "accept", "content": {"ok": true}}},
    ///     "requestState": "…",
    ///     "_meta": {"progressToken": 7}
    /// });
    /// assert_eq!(
    ///     Binding::from_params("tools/call", &retry),
    ///     Binding::tool("deploy", &json!({"service": "api"})),
    /// );
    /// ```
    pub fn from_params(method: &str, params: &Value) -> Self {
        let name = params.get("name").and_then(Value::as_str).unwrap_or("");
        let arguments = params.get("arguments").unwrap_or(&Value::Null);
        Self::new(method, name, arguments)
    }

    /// Binds the state to `principal` too: the authenticated user who made the call, as your
    /// authorization layer names them. A state sealed for one principal opens for no other,
    /// nor without one ([`StateError::WrongPrincipal`](super::StateError::WrongPrincipal));
    /// one sealed without a principal opens only without one.
    ///
    /// Use an identifier that is stable and unique across your identity providers: the
    /// token's issuer and subject together ([`Principal::issuer_subject`](super::Principal::issuer_subject)),
    /// not an e-mail address or a display name, which can change hands. The
    /// [state guide](crate::guide::state) shows how to take it from rmcp's request context.
    ///
    /// ```
    /// use elicit_core::state::{Binding, Principal, StateError, StateKey, StateKeys};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::new(&[1; 32]).unwrap());
    /// let call = Binding::tool("pay", &json!({"invoice": 7}));
    /// let ada = Principal::issuer_subject("https://id.example", "ada");
    /// let sealed = keys.seal(&"step 2", &call.clone().with_principal(&ada)).unwrap();
    ///
    /// assert_eq!(keys.open::<String>(&sealed, &call.clone().with_principal(&ada)).unwrap(), "step 2");
    /// let bob = call.clone().with_principal(Principal::issuer_subject("https://id.example", "bob"));
    /// assert_eq!(keys.open::<String>(&sealed, &bob), Err(StateError::WrongPrincipal));
    /// assert_eq!(keys.open::<String>(&sealed, &call), Err(StateError::WrongPrincipal));
    /// ```
    #[must_use]
    pub fn with_principal(mut self, principal: impl AsRef<str>) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(PRINCIPAL_LABEL);
        hasher.update(principal.as_ref().as_bytes());
        self.principal = Some(hasher.finalize().into());
        self
    }

    /// Whether a principal is bound ([`with_principal`](Self::with_principal)).
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let call = Binding::tool("pay", &json!({}));
    /// assert!(!call.has_principal());
    /// assert!(call.with_principal("ada").has_principal());
    /// ```
    pub fn has_principal(&self) -> bool {
        self.principal.is_some()
    }

    /// Whom a one-time use of a state bound here is charged to: the principal, or the tool
    /// without one.
    /// Whom a use of the state is charged to when its principal is one the server's
    /// authentication established (else the tool: [`tool_owner`](Self::tool_owner)).
    pub(crate) fn principal_owner(&self) -> Owner {
        self.owner()
    }

    /// The tool (or prompt) as the owner of a use, whoever called it.
    pub(crate) fn tool_owner(&self) -> Owner {
        let mut short = [0; 16];
        short.copy_from_slice(&self.tool[..16]);
        Owner::Tool(short)
    }

    pub(super) fn owner(&self) -> Owner {
        let short = |digest: &[u8; 32]| {
            let mut short = [0; 16];
            short.copy_from_slice(&digest[..16]);
            short
        };
        match &self.principal {
            Some(principal) => Owner::Principal(short(principal)),
            None => Owner::Tool(short(&self.tool)),
        }
    }

    /// The call's digest.
    pub(super) fn call_digest(&self) -> [u8; 32] {
        self.call
    }

    /// The principal's digest; a fixed value when there is none, which no principal hashes
    /// to (their hashes start with another label).
    pub(super) fn principal_digest(&self) -> [u8; 32] {
        self.principal.unwrap_or_else(|| {
            let mut hasher = Sha256::new();
            hasher.update(b"elicit request state v2: no principal");
            hasher.finalize().into()
        })
    }
}

/// The digest of an audience (a server's identity; `""` when the ring names none).
pub(super) fn audience_digest(audience: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(AUDIENCE_LABEL);
    hasher.update(audience.as_bytes());
    hasher.finalize().into()
}

#[cfg(feature = "rmcp")]
impl Binding {
    /// The call rmcp's `CallToolRequestParams` name: the tool and its arguments (feature
    /// `rmcp`).
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use rmcp::model::CallToolRequestParams;
    /// use serde_json::json;
    ///
    /// let arguments = json!({"service": "api"}).as_object().unwrap().clone();
    /// let params = CallToolRequestParams::new("deploy").with_arguments(arguments);
    /// assert_eq!(Binding::for_tool_call(&params), Binding::tool("deploy", &json!({"service": "api"})));
    /// ```
    pub fn for_tool_call(params: &::rmcp::model::CallToolRequestParams) -> Self {
        Self::of_object("tools/call", &params.name, params.arguments.as_ref())
    }

    /// The call rmcp's `GetPromptRequestParams` name: the prompt and its arguments (feature
    /// `rmcp`).
    ///
    /// ```
    /// use elicit_core::state::Binding;
    /// use rmcp::model::GetPromptRequestParams;
    /// use serde_json::json;
    ///
    /// let params: GetPromptRequestParams =
    ///     serde_json::from_value(json!({"name": "review", "arguments": {"file": "a.rs"}})).unwrap();
    /// assert_eq!(Binding::for_prompt(&params), Binding::prompt("review", &json!({"file": "a.rs"})));
    /// ```
    pub fn for_prompt(params: &::rmcp::model::GetPromptRequestParams) -> Self {
        Self::of_object("prompts/get", &params.name, params.arguments.as_ref())
    }

    fn of_object(method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Self {
        match arguments {
            Some(arguments) => Self::new(method, name, &Value::Object(arguments.clone())),
            None => Self::new(method, name, &Value::Null),
        }
    }
}

/// Feeds what is written into a SHA-256.
struct HashWriter(Sha256);

impl io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes `value` as canonical JSON: keys sorted by their UTF-8 bytes, integral numbers as
/// integers, no whitespace.
fn write_canonical(out: &mut HashWriter, value: &Value) {
    match value {
        Value::Null => out.0.update(b"null"),
        Value::Bool(true) => out.0.update(b"true"),
        Value::Bool(false) => out.0.update(b"false"),
        Value::Number(number) => write_number(out, number),
        Value::String(text) => write_json(out, text),
        Value::Array(items) => {
            out.0.update(b"[");
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.0.update(b",");
                }
                write_canonical(out, item);
            }
            out.0.update(b"]");
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|(a, _), (b, _)| a.as_bytes().cmp(b.as_bytes()));
            out.0.update(b"{");
            for (index, (key, item)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.0.update(b",");
                }
                write_json(out, key);
                out.0.update(b":");
                write_canonical(out, item);
            }
            out.0.update(b"}");
        }
    }
}

/// 2^53: below it every integer is exact as an `f64`.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

/// Writes a number the same way whatever `serde_json` release formats it: integers as
/// integers, any other float in Rust's shortest round-trip exponent form (`2.5e0`,
/// `1e300`). `serde_json`'s own float text changed between releases (`1e300`, then
/// `1e+300`); two servers of one fleet built against different releases must still
/// compute one binding for one call.
fn write_number(out: &mut HashWriter, number: &serde_json::Number) {
    if number.is_i64() || number.is_u64() {
        write_json(out, number);
        return;
    }
    match number.as_f64() {
        #[allow(clippy::cast_possible_truncation)] // integral and below 2^53: exact
        Some(float) if float.fract() == 0.0 && float.abs() < EXACT_INTEGERS => {
            write_json(out, &(float as i64));
        }
        // Writing into a hasher cannot fail.
        Some(float) => {
            let _ = write!(out, "{float:e}");
        }
        None => write_json(out, number),
    }
}

/// The SHA-256 of `value` written as canonical JSON (see [`Binding::new`]): one digest for
/// one value, whatever the order of its keys or the `serde_json` release that holds it.
pub(crate) fn canonical_digest(value: &Value) -> [u8; 32] {
    let mut out = HashWriter(Sha256::new());
    write_canonical(&mut out, value);
    out.0.finalize().into()
}

fn write_json<T: Serialize + ?Sized>(out: &mut HashWriter, value: &T) {
    // Writing a string or a number into a hasher cannot fail.
    let _ = serde_json::to_writer(out, value);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The canonical bytes of `value` are exactly `expected`.
    #[track_caller]
    fn written_as(value: &Value, expected: &str) {
        let mut out = HashWriter(Sha256::new());
        write_canonical(&mut out, value);
        assert_eq!(
            out.0.finalize(),
            Sha256::digest(expected.as_bytes()),
            "{value} is not written as {expected}"
        );
    }

    #[test]
    fn arguments_are_written_as_canonical_json() {
        // Arrays and objects: a comma between items, none before the first or after the last
        // (else `[1,2]` and `[12]` could meet), keys sorted by their bytes.
        written_as(&json!([1, 2]), "[1,2]");
        written_as(&json!([12]), "[12]");
        written_as(&json!([]), "[]");
        written_as(
            &json!({"b": 1, "a": [true, null], "é": "x"}),
            r#"{"a":[true,null],"b":1,"é":"x"}"#,
        );
        written_as(&json!({"k": {}}), r#"{"k":{}}"#);
        // A whole number is one however it is spelt (a client that sends `2.0` for `2`);
        // a fraction, and a float past 2^53 (not every integer there is a float), are written
        // in Rust's shortest exponent form, not in serde_json's (which changed across releases).
        written_as(&json!(2.0), "2");
        written_as(&json!(-3.0), "-3");
        written_as(&json!(2.5), "2.5e0");
        written_as(&json!(-0.125), "-1.25e-1");
        written_as(&json!(9_007_199_254_740_991.0), "9007199254740991");
        written_as(&json!(9_007_199_254_740_992.0), "9.007199254740992e15");
        written_as(&json!(1e300), "1e300");
        written_as(&json!(1.5e-300), "1.5e-300");
        written_as(&json!(u64::MAX), "18446744073709551615");
        written_as(&json!(i64::MIN), "-9223372036854775808");
    }

    #[test]
    fn bindings_of_different_arguments_differ_and_of_the_same_meet() {
        let call = |arguments: Value| Binding::tool("pay", &arguments).call_digest();
        assert_ne!(call(json!({"a": [1, 2]})), call(json!({"a": [12]})));
        assert_ne!(call(json!({"a": 1, "b": 2})), call(json!({"a": 12})));
        assert_eq!(call(json!({"a": 1, "b": 2})), call(json!({"b": 2, "a": 1})));
        assert_eq!(call(json!({"n": 2})), call(json!({"n": 2.0})));
    }
}
