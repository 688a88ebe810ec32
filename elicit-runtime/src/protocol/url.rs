//! The URL of a URL-mode elicitation: parsed just enough to decide whether it may be sent.
//!
//! Hand-written rather than taken from the `url` crate: the decision needs only the scheme,
//! whether there is userinfo, and the host (to tell loopback), and every MCP server would
//! otherwise compile an IDNA and WHATWG URL implementation for it. Where the WHATWG parser a
//! browser uses reads a URL differently from RFC 3986 (numeric hosts such as `127.1`,
//! backslashes, percent-encoded hosts), this parser refuses the URL rather than guess.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use serde_core::{Deserialize, Deserializer, Serialize, Serializer};

use super::error::quote;
use elicit_grammar::format::is_absolute_uri;

/// Which URLs [`ElicitRequest::url_with_policy`](crate::protocol::ElicitRequest::url_with_policy)
/// accepts.
///
/// ```
/// use elicit_core::protocol::{ElicitUrl, UrlPolicy};
///
/// let local = ElicitUrl::parse("http://localhost:8080/setup").unwrap();
/// assert!(local.check(UrlPolicy::HttpsOnly).is_err());
/// assert!(local.check(UrlPolicy::AllowLoopbackHttp).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UrlPolicy {
    /// Only `https` URLs: what the spec asks of servers outside development.
    #[default]
    HttpsOnly,
    /// `https` URLs, and `http` URLs whose host is loopback (`localhost`, `127.0.0.0/8`,
    /// `::1`): for a server under development on the user's own machine.
    AllowLoopbackHttp,
}

/// An absolute `http` or `https` URL with a host and no userinfo: what a URL-mode
/// elicitation may send the user to.
///
/// `parse` accepts what a client may receive; [`check`](Self::check) applies the stricter
/// rule a server sends by ([`UrlPolicy`]). The accessors let a client show the user the
/// host (the spec asks clients to highlight the domain and warn about Punycode).
///
/// ```
/// use elicit_core::protocol::ElicitUrl;
///
/// let url = ElicitUrl::parse("https://mcp.example.com:8443/connect?elicitationId=42").unwrap();
/// assert_eq!(url.scheme(), "https");
/// assert_eq!(url.host(), "mcp.example.com");
/// assert_eq!(url.port(), Some(8443));
/// assert!(url.is_https() && !url.is_loopback() && !url.has_punycode());
/// assert_eq!(url.as_str(), "https://mcp.example.com:8443/connect?elicitationId=42");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ElicitUrl {
    text: String,
    scheme: Scheme,
    host_start: usize,
    host_end: usize,
    host: Host,
    port: Option<u16>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Scheme {
    Http,
    Https,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Host {
    Name,
    V4(Ipv4Addr),
    V6(Ipv6Addr),
}

impl ElicitUrl {
    /// Parses an absolute `http` or `https` URL.
    ///
    /// # Errors
    /// When `text` is not an absolute RFC 3986 URI with an authority, uses another scheme,
    /// carries userinfo (`user:pass@`), or has an empty, malformed or ambiguous host or an
    /// invalid port. The error never quotes userinfo back.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitUrl, UrlError};
    /// assert!(ElicitUrl::parse("http://example.com/").is_ok()); // a client takes http as it is
    /// assert_eq!(ElicitUrl::parse("example.com").unwrap_err(), UrlError::NotAbsolute);
    /// assert_eq!(ElicitUrl::parse("https://a:b@example.com/").unwrap_err(), UrlError::Credentials);
    /// ```
    pub fn parse(text: &str) -> Result<Self, UrlError> {
        let Some(colon) = text.find(':') else {
            return Err(UrlError::NotAbsolute);
        };
        let scheme_text = &text[..colon];
        let mut scheme_bytes = scheme_text.bytes();
        let scheme_ok = scheme_bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && scheme_bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
        if !scheme_ok {
            return Err(UrlError::NotAbsolute);
        }
        let authority_start = colon + 3;
        if !text[colon + 1..].starts_with("//") {
            return Err(UrlError::NotAbsolute);
        }
        let authority_len = text[authority_start..]
            .find(['/', '?', '#'])
            .unwrap_or(text.len() - authority_start);
        let authority = &text[authority_start..authority_start + authority_len];
        // Before the character check, so a password with a stray space or `%` is still
        // reported as credentials, and never echoed.
        if authority.contains('@') {
            return Err(UrlError::Credentials);
        }
        if !is_absolute_uri(text) {
            return Err(UrlError::Malformed);
        }
        let scheme = if scheme_text.eq_ignore_ascii_case("https") {
            Scheme::Https
        } else if scheme_text.eq_ignore_ascii_case("http") {
            Scheme::Http
        } else {
            return Err(UrlError::UnsupportedScheme {
                scheme: quote(scheme_text),
            });
        };
        let (host_offset, host_len, host, port) = parse_authority(authority)?;
        Ok(Self {
            text: text.to_owned(),
            scheme,
            host_start: authority_start + host_offset,
            host_end: authority_start + host_offset + host_len,
            host,
            port,
        })
    }

    /// Applies a server's sending rule: `https`, or `http` to a loopback host when the
    /// policy allows it.
    ///
    /// # Errors
    /// [`UrlError::NotHttps`] when the URL is `http` and the policy does not allow it for
    /// this host.
    ///
    /// ```
    /// use elicit_core::protocol::{ElicitUrl, UrlError, UrlPolicy};
    /// let url = ElicitUrl::parse("http://example.com/").unwrap();
    /// assert_eq!(url.check(UrlPolicy::AllowLoopbackHttp), Err(UrlError::NotHttps { loopback: false }));
    /// ```
    pub fn check(&self, policy: UrlPolicy) -> Result<(), UrlError> {
        match (self.scheme, policy) {
            (Scheme::Https, _) => Ok(()),
            (Scheme::Http, UrlPolicy::AllowLoopbackHttp) if self.is_loopback() => Ok(()),
            (Scheme::Http, _) => Err(UrlError::NotHttps {
                loopback: self.is_loopback(),
            }),
        }
    }

    /// The URL as written.
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitUrl::parse("https://example.com/a").unwrap().as_str(), "https://example.com/a");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `"https"` or `"http"` (lowercase, whatever case the URL used).
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ElicitUrl::parse("HTTPS://example.com/").unwrap().scheme(), "https");
    /// ```
    pub fn scheme(&self) -> &'static str {
        match self.scheme {
            Scheme::Https => "https",
            Scheme::Http => "http",
        }
    }

    /// The host as written: a name, a dotted IPv4 address, or a bracketed IPv6 literal
    /// (`[::1]`).
    ///
    /// ```
    /// use elicit_core::protocol::ElicitUrl;
    /// assert_eq!(ElicitUrl::parse("https://example.com:8443/").unwrap().host(), "example.com");
    /// assert_eq!(ElicitUrl::parse("http://[::1]:8080/").unwrap().host(), "[::1]");
    /// ```
    pub fn host(&self) -> &str {
        &self.text[self.host_start..self.host_end]
    }

    /// The explicit port, if any.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitUrl;
    /// assert_eq!(ElicitUrl::parse("https://example.com:8443/").unwrap().port(), Some(8443));
    /// assert_eq!(ElicitUrl::parse("https://example.com/").unwrap().port(), None);
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// Whether the scheme is `https`.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitUrl;
    /// assert!(ElicitUrl::parse("https://example.com/").unwrap().is_https());
    /// assert!(!ElicitUrl::parse("http://example.com/").unwrap().is_https());
    /// ```
    pub fn is_https(&self) -> bool {
        self.scheme == Scheme::Https
    }

    /// Whether the host is loopback: `localhost`, an address in `127.0.0.0/8`, `::1`, or an
    /// IPv4-mapped loopback address (`::ffff:127.0.0.1`).
    ///
    /// ```
    /// use elicit_core::protocol::ElicitUrl;
    ///
    /// for url in ["http://localhost/", "http://127.8.9.10/", "http://[::1]:3000/"] {
    ///     assert!(ElicitUrl::parse(url).unwrap().is_loopback(), "{url}");
    /// }
    /// assert!(!ElicitUrl::parse("http://localhost.example.com/").unwrap().is_loopback());
    /// ```
    pub fn is_loopback(&self) -> bool {
        match &self.host {
            Host::Name => {
                let name = self.host();
                let name = name.strip_suffix('.').unwrap_or(name);
                name.eq_ignore_ascii_case("localhost")
            }
            Host::V4(address) => address.is_loopback(),
            Host::V6(address) => {
                address.is_loopback() || address.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
            }
        }
    }

    /// Whether a label of the host is Punycode (`xn--…`): an internationalized name that
    /// may imitate another, which the spec asks clients to warn about.
    ///
    /// ```
    /// use elicit_core::protocol::ElicitUrl;
    /// assert!(ElicitUrl::parse("https://xn--pple-43d.com/").unwrap().has_punycode());
    /// assert!(!ElicitUrl::parse("https://apple.com/").unwrap().has_punycode());
    /// ```
    pub fn has_punycode(&self) -> bool {
        matches!(self.host, Host::Name)
            && self.host().split('.').any(|label| {
                label
                    .get(..4)
                    .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
            })
    }
}

/// Splits an authority (already free of userinfo) into host and port. Returns the host's
/// offset and length within `authority`.
fn parse_authority(authority: &str) -> Result<(usize, usize, Host, Option<u16>), UrlError> {
    if let Some(inside) = authority.strip_prefix('[') {
        let Some(close) = inside.find(']') else {
            return Err(invalid_host(
                authority,
                "an IPv6 literal has no closing `]`",
            ));
        };
        let literal = &inside[..close];
        let address: Ipv6Addr = literal.parse().map_err(|_| {
            invalid_host(
                &authority[..close + 2],
                "is not an IPv6 address (zone ids and IPvFuture literals are not accepted)",
            )
        })?;
        let port = parse_port(&inside[close + 1..])?;
        return Ok((0, close + 2, Host::V6(address), port));
    }
    let (host, port_part) = match authority.rfind(':') {
        Some(colon) => (&authority[..colon], &authority[colon..]),
        None => (authority, ""),
    };
    let port = parse_port(port_part)?;
    if host.is_empty() {
        return Err(UrlError::EmptyHost);
    }
    if let Ok(address) = host.parse::<Ipv4Addr>() {
        return Ok((0, host.len(), Host::V4(address), port));
    }
    check_host_name(host)?;
    Ok((0, host.len(), Host::Name, port))
}

/// `""` (no port) or `":digits"`; an empty port after `:` is allowed, as RFC 3986 does.
fn parse_port(text: &str) -> Result<Option<u16>, UrlError> {
    if text.is_empty() {
        return Ok(None);
    }
    let Some(digits) = text.strip_prefix(':') else {
        return Err(UrlError::InvalidPort { port: quote(text) });
    };
    if digits.is_empty() {
        return Ok(None);
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(UrlError::InvalidPort {
            port: quote(digits),
        });
    }
    digits
        .parse::<u16>()
        .map(Some)
        .map_err(|_| UrlError::InvalidPort {
            port: quote(digits),
        })
}

/// A registered name: dot-separated labels of letters, digits, `-` and `_`, with an
/// optional trailing dot.
///
/// Percent-encoded hosts are refused (a browser decodes them, so what the user is shown
/// would not be where they go), and so are names whose last label is numeric, which a
/// browser reads as an IPv4 address (`127.1`, `0x7f.1`, `2130706433`).
fn check_host_name(host: &str) -> Result<(), UrlError> {
    let name = host.strip_suffix('.').unwrap_or(host);
    if name.len() > 253 {
        return Err(invalid_host(host, "is longer than 253 characters"));
    }
    for label in name.split('.') {
        if label.is_empty() {
            return Err(invalid_host(host, "has an empty label"));
        }
        if label.len() > 63 {
            return Err(invalid_host(host, "has a label longer than 63 characters"));
        }
        if !label
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(invalid_host(
                host,
                "may hold only letters, digits, `-`, `_` and `.`",
            ));
        }
    }
    let last = name.rsplit('.').next().unwrap_or(name);
    let hex = last
        .get(..2)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("0x"))
        && last[2..].bytes().all(|b| b.is_ascii_hexdigit());
    if last.bytes().all(|b| b.is_ascii_digit()) || hex {
        return Err(invalid_host(
            host,
            "is numeric but not a dotted-decimal IPv4 address, which browsers read differently",
        ));
    }
    Ok(())
}

fn invalid_host(host: &str, reason: &'static str) -> UrlError {
    UrlError::InvalidHost {
        host: quote(host),
        reason,
    }
}

impl fmt::Display for ElicitUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Serialize for ElicitUrl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for ElicitUrl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde_core::de::Error::custom)
    }
}

/// Why a URL-mode request was refused.
///
/// ```
/// use elicit_core::protocol::{ElicitRequest, UrlError};
///
/// let error = ElicitRequest::url("Log in", "https://me:secret@example.com/", "id-1").unwrap_err();
/// assert_eq!(error, UrlError::Credentials);
/// assert!(!error.to_string().contains("secret"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlError {
    /// Not an absolute URL: no scheme, or no `//` authority after it.
    NotAbsolute,
    /// A character a URI may not hold (space, backslash, non-ASCII, a bad `%` escape, a
    /// second `#`).
    Malformed,
    /// A scheme other than `http` or `https`.
    UnsupportedScheme {
        /// The scheme as written.
        scheme: String,
    },
    /// Userinfo (`user@` or `user:password@`) before the host.
    Credentials,
    /// No host after `//`.
    EmptyHost,
    /// A host that is not a valid name or IP address, or one a browser would read
    /// differently.
    InvalidHost {
        /// The host as written (cut to 64 characters).
        host: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A port that is not a number from 0 to 65535.
    InvalidPort {
        /// The port as written (cut to 64 characters).
        port: String,
    },
    /// An `http` URL where only `https` is allowed.
    NotHttps {
        /// Whether the host is loopback (so `UrlPolicy::AllowLoopbackHttp` would accept it).
        loopback: bool,
    },
    /// An empty `elicitationId`.
    EmptyElicitationId,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAbsolute => f.write_str(
                "the URL is not absolute: it needs a scheme and a `//` authority, as in `https://example.com/`",
            ),
            Self::Malformed => f.write_str(
                "the URL holds characters a URI may not (spaces, backslashes, non-ASCII, a bad `%` escape or a second `#`)",
            ),
            Self::UnsupportedScheme { scheme } => write!(
                f,
                "the URL's scheme is {scheme:?}; a URL-mode elicitation must use https (or http)"
            ),
            Self::Credentials => f.write_str(
                "the URL carries credentials (`user:password@` before the host); the spec forbids credentials in elicitation URLs",
            ),
            Self::EmptyHost => f.write_str("the URL has no host"),
            Self::InvalidHost { host, reason } => write!(f, "the URL's host {host:?} {reason}"),
            Self::InvalidPort { port } => {
                write!(f, "the URL's port {port:?} is not a number from 0 to 65535")
            }
            Self::NotHttps { loopback: true } => f.write_str(
                "the URL is not https; http is allowed for this loopback host only with `UrlPolicy::AllowLoopbackHttp`",
            ),
            Self::NotHttps { loopback: false } => f.write_str(
                "the URL is not https; http is allowed only for a loopback host (localhost, 127.0.0.0/8, ::1) with `UrlPolicy::AllowLoopbackHttp`",
            ),
            Self::EmptyElicitationId => f.write_str("the elicitationId is empty"),
        }
    }
}

impl std::error::Error for UrlError {}
