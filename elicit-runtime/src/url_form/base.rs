//! [`Base`]: where the router is reached, as the links name it.

use crate::protocol::{ElicitUrl, UrlPolicy};

use super::error::UrlFormError;

/// The public URL the router is mounted at, split into what the pages need: the URL a link
/// starts with, the origin a post must come from, and the path the router serves.
#[derive(Clone, Debug)]
pub(crate) struct Base {
    /// The URL, without a trailing `/`.
    pub(crate) url: String,
    /// `scheme://host[:port]`, in lowercase, the port left out where it is the scheme's own:
    /// what a browser sends as `Origin`.
    pub(crate) origin: String,
    /// The path, without a trailing `/` (empty for the root).
    pub(crate) path: String,
}

impl Base {
    pub(crate) fn parse(text: &str, policy: UrlPolicy) -> Result<Self, UrlFormError> {
        let url = ElicitUrl::parse(text).map_err(UrlFormError::BaseUrl)?;
        url.check(policy).map_err(UrlFormError::BaseUrl)?;
        if text.contains(['?', '#']) {
            return Err(UrlFormError::BaseUrlNotAPath {
                url: text.to_owned(),
            });
        }
        // The path starts at the first `/` after the authority (`scheme://` is ASCII).
        let after_scheme = text.find("://").map_or(0, |at| at + 3);
        let path_start = text[after_scheme..]
            .find('/')
            .map_or(text.len(), |at| after_scheme + at);
        let path = text[path_start..].trim_end_matches('/').to_owned();
        let default_port = if url.is_https() { 443 } else { 80 };
        let port = match url.port() {
            Some(port) if port != default_port => format!(":{port}"),
            _ => String::new(),
        };
        let origin = format!("{}://{}{port}", url.scheme(), url.host()).to_ascii_lowercase();
        Ok(Self {
            url: format!("{}{path}", &text[..path_start]),
            origin,
            path,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split() {
        let base =
            Base::parse("https://MCP.example.com:443/connect/", UrlPolicy::HttpsOnly).unwrap();
        assert_eq!(base.url, "https://MCP.example.com:443/connect");
        assert_eq!(base.origin, "https://mcp.example.com");
        assert_eq!(base.path, "/connect");
        let local = Base::parse("http://127.0.0.1:8080", UrlPolicy::AllowLoopbackHttp).unwrap();
        assert_eq!(
            (
                local.url.as_str(),
                local.origin.as_str(),
                local.path.as_str()
            ),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080", "")
        );
        // A host shorter than its scheme: the path is found after `://`, wherever that is.
        let short = Base::parse("https://a.io/forms/x", UrlPolicy::HttpsOnly).unwrap();
        assert_eq!(
            (short.url.as_str(), short.path.as_str()),
            ("https://a.io/forms/x", "/forms/x")
        );
        assert!(Base::parse("http://127.0.0.1:8080", UrlPolicy::HttpsOnly).is_err());
        assert!(Base::parse("https://x.example/a?b", UrlPolicy::HttpsOnly).is_err());
    }
}
