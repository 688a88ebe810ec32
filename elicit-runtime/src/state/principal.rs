//! Who a state is bound to ([`Principal`]), and whether every state must name one
//! ([`PrincipalPolicy`]).

use std::fmt;
#[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
use std::fmt::Write as _;

#[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
use sha2::{Digest, Sha256};

/// The person a state is bound to: the authenticated caller, as a stable and unique text.
/// A state sealed for one principal opens for no other
/// ([`Binding::with_principal`](super::Binding::with_principal),
/// [`Dialog::principal`](crate::dialog::Dialog::principal)).
///
/// Name a person by what your authorization established, stable and unique across your
/// identity providers: a token's issuer and subject together
/// ([`issuer_subject`](Self::issuer_subject)), not an e-mail address or a display name, which
/// can change hands. Two parts joined by a separator (`format!("{iss}|{sub}")`) are not a
/// recipe: the issuer `https://a|b` with the subject `c` and the issuer `https://a` with the
/// subject `b|c` would be the same person. `issuer_subject` writes the pair as a JSON array,
/// which no two pairs share.
///
/// An authorization layer of your HTTP stack can put one in the request's extensions (as
/// `http::Request::extensions_mut().insert(principal)`): with the `rmcp` feature, a dialog
/// whose author names none binds its states to it (see [`PrincipalPolicy`]).
///
/// Its [`Debug`](fmt::Debug) form does not show it: logs that print a dialog or a binding do
/// not name the person.
///
/// ```
/// use elicit_core::state::Principal;
///
/// let ada = Principal::issuer_subject("https://id.example", "ada");
/// assert_eq!(ada.as_str(), r#"["https://id.example","ada"]"#);
/// assert_ne!(
///     Principal::issuer_subject("https://id.example|x", "y"),
///     Principal::issuer_subject("https://id.example", "x|y"),
/// );
/// assert_eq!(format!("{ada:?}"), "Principal(..)");
/// ```
///
/// A principal may carry the name the person knows their account by
/// ([`with_display_name`](Self::with_display_name)), which a URL-mode page shows ("Signed in
/// as …"); it is not part of who the principal is: two principals of the same identifier are
/// the same whatever their names, and a state is bound to the identifier alone.
#[derive(Clone)]
pub struct Principal {
    id: String,
    /// The name shown to the person, when the server knows one.
    display_name: Option<String>,
}

// Who a principal is is its identifier alone: the display name is what a page shows.
impl PartialEq for Principal {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Principal {}

impl std::hash::Hash for Principal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Principal {
    /// A principal named by one identifier, as it is: one already unique across your
    /// identity providers (a user id of your own database, say).
    ///
    /// ```
    /// use elicit_core::state::Principal;
    ///
    /// assert_eq!(Principal::new("user-42").as_str(), "user-42");
    /// ```
    pub fn new(id: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            display_name: None,
        }
    }

    /// The principal a token's issuer (`iss`) and subject (`sub`) name together: a subject is
    /// unique only within its issuer. Written as the JSON array `[issuer, subject]`, so that
    /// no two pairs make the same text, whatever characters they hold.
    ///
    /// ```
    /// use elicit_core::state::Principal;
    ///
    /// let principal = Principal::issuer_subject("https://login.example/", "4f1c\"2");
    /// assert_eq!(principal.as_str(), r#"["https://login.example/","4f1c\"2"]"#);
    /// ```
    pub fn issuer_subject(issuer: &str, subject: &str) -> Self {
        Self::new(Value2(issuer, subject).to_string())
    }

    /// The same principal, with the name the person knows their account by (an e-mail
    /// address, a user name): what a URL-mode page says the browser is signed in as, before
    /// anything is typed. It does not change who the principal is.
    ///
    /// ```
    /// use elicit_core::state::Principal;
    ///
    /// let ada = Principal::issuer_subject("https://id.example", "4f1c").with_display_name("ada@example.com");
    /// assert_eq!(ada.display_name(), "ada@example.com");
    /// assert_eq!(ada, Principal::issuer_subject("https://id.example", "4f1c"));
    /// ```
    #[must_use]
    pub fn with_display_name(mut self, name: impl Into<String>) -> Self {
        self.display_name = Some(name.into());
        self
    }

    /// The name the person knows their account by: the one given with
    /// [`with_display_name`](Self::with_display_name), else the identifier itself.
    ///
    /// ```
    /// use elicit_core::state::Principal;
    ///
    /// assert_eq!(Principal::new("ada").display_name(), "ada");
    /// ```
    pub fn display_name(&self) -> &str {
        self.display_name.as_deref().unwrap_or(&self.id)
    }

    /// The caller an HTTP request's `Authorization` header names (feature `rmcp` or
    /// `rust-mcp-sdk`): the SHA-256 of the credential, as
    /// `["transport","authorization","<64 hex digits>"]`, which no
    /// [`issuer_subject`](Self::issuer_subject) pair writes. The credential itself is not
    /// kept.
    #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
    pub(crate) fn credential(value: &[u8]) -> Self {
        let digest = Sha256::new_with_prefix(value).finalize();
        let mut text = String::from(r#"["transport","authorization",""#);
        for byte in digest {
            // Writing to a `String` cannot fail.
            let _ = write!(text, "{byte:02x}");
        }
        text.push_str(r#""]"#);
        Self::new(text)
    }

    /// The text the state is bound to.
    ///
    /// ```
    /// use elicit_core::state::Principal;
    ///
    /// assert_eq!(Principal::new("ada").as_str(), "ada");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.id
    }
}

/// A JSON array of two strings, written without a `serde_json::Value` in between.
struct Value2<'a>(&'a str, &'a str);

impl fmt::Display for Value2<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Writing a string as JSON cannot fail.
        let quoted = |text: &str| serde_json::to_string(text).unwrap_or_default();
        write!(f, "[{},{}]", quoted(self.0), quoted(self.1))
    }
}

impl fmt::Debug for Principal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Principal(..)")
    }
}

impl AsRef<str> for Principal {
    fn as_ref(&self) -> &str {
        &self.id
    }
}

impl From<&str> for Principal {
    fn from(id: &str) -> Self {
        Self::new(id)
    }
}

impl From<String> for Principal {
    fn from(id: String) -> Self {
        Self::new(id)
    }
}

impl From<Principal> for String {
    fn from(principal: Principal) -> Self {
        principal.id
    }
}

/// Whether the states a ring seals must name a principal, and where a
/// [`Dialog`](crate::dialog::Dialog) whose author names none takes one from: a server-wide
/// setting, on the server's [`StateKeys`](super::StateKeys)
/// ([`with_principal_policy`](super::StateKeys::with_principal_policy)).
///
/// ```
/// use elicit_core::state::{PrincipalPolicy, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::new(&[1; 32]).unwrap());
/// assert_eq!(keys.principal_policy(), PrincipalPolicy::FromTransport);
/// let strict = keys.with_principal_policy(PrincipalPolicy::Required);
/// assert_eq!(strict.principal_policy(), PrincipalPolicy::Required);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PrincipalPolicy {
    /// The default: a dialog binds its states to the caller wherever the transport
    /// identifies one, with no code of the tool's author, and to nobody where it identifies
    /// none. With rmcp over streamable HTTP, the caller is, in this order: a [`Principal`]
    /// your authorization layer put in the HTTP request's extensions; else the credential of
    /// the request's `Authorization` header (its SHA-256; a client that gets a new token
    /// between two rounds starts the dialog over, which a `Principal` of its issuer and
    /// subject avoids). With rust-mcp-sdk, the `AuthInfo` its authorization middleware
    /// validated ([`Dialog::with_runtime`](crate::dialog::Dialog::with_runtime)). Over stdio
    /// (one local user, the process's) and over HTTP without authorization, nobody: protocol
    /// 2026-07-28, the only revision that seals states, has no MCP session whose id a server
    /// issued, so nothing on such a request names a caller that the caller could not choose.
    /// A state is then bound to the call alone. A principal the author names
    /// ([`Dialog::principal`](crate::dialog::Dialog::principal)) always wins.
    #[default]
    FromTransport,
    /// As [`FromTransport`](Self::FromTransport), and every state must name a principal:
    /// the ring refuses to seal ([`SealError::NoPrincipal`](super::SealError::NoPrincipal))
    /// or open ([`StateError::NoPrincipal`](super::StateError::NoPrincipal)) a state for a
    /// binding without one. For a server that authenticates every caller, where a call
    /// that reaches a tool unidentified is a mistake to refuse, not a person to serve.
    Required,
    /// A state names a principal only where the author gives one; the transport is not
    /// consulted. For a server whose callers all present one credential (behind a gateway,
    /// say), or that binds states its own way.
    Optional,
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash as _, Hasher as _};

    use super::Principal;

    fn hash(principal: &Principal) -> u64 {
        let mut hasher = DefaultHasher::new();
        principal.hash(&mut hasher);
        hasher.finish()
    }

    /// Who a principal is is its identifier: two people are never one, whatever their names
    /// (a state, a link or a quota of one must never be another's), and one person is one
    /// whatever name a page shows.
    #[test]
    fn a_principal_is_its_identifier_alone() {
        let ada = Principal::new("ada");
        let eve = Principal::new("eve").with_display_name("Ada");
        assert_ne!(ada, eve);
        assert_ne!(hash(&ada), hash(&eve));
        let shown = Principal::new("ada").with_display_name("Ada Lovelace");
        assert_eq!(ada, shown);
        assert_eq!(hash(&ada), hash(&shown));
        assert_ne!(
            Principal::issuer_subject("https://a.example", "1"),
            Principal::issuer_subject("https://b.example", "1")
        );
    }
}
