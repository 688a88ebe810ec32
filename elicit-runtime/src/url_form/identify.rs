//! Who a browser is: the author's [`Identify`] hook, and [`cookie`] to read a session cookie
//! in one.

use std::future::{Future, ready};
use std::pin::Pin;

use http::header::COOKIE;
use http::request::Parts;

use crate::state::Principal;

/// The future an [`Identify`] hook returns (boxed, so that a hook can be held as
/// `dyn Identify` and look a session up in an async store).
///
/// ```
/// use elicit_core::url_form::IdentifyFuture;
/// use elicit_core::state::Principal;
///
/// let nobody: IdentifyFuture<'static> = Box::pin(async { None::<Principal> });
/// # drop(nobody);
/// ```
pub type IdentifyFuture<'a> = Pin<Box<dyn Future<Output = Option<Principal>> + Send + 'a>>;

/// Who the browser that opens a link is: the author's answer, from the request (its session
/// cookie, most often), as the same [`Principal`] the MCP server names the caller by.
///
/// The page asks it on every request, the form's and the post's, and serves only the
/// principal the link was minted for: anyone else (another user, somebody a link was
/// forwarded to, a phishing victim) gets a refusal page and nothing is stored. `None`
/// (nobody signed in) is refused the same way. The MCP specification requires this check
/// ("the server MUST verify the identity of the user who opens the URL") and that it does not
/// rely on anything in the URL: the hook sees the request, and the link's id never names
/// anybody.
///
/// A plain function or closure from the request's [`Parts`] is a hook; implement the trait
/// for one that awaits (a session store, a token introspection).
///
/// ```
/// use elicit_core::state::Principal;
/// use elicit_core::url_form::{Identify, IdentifyFuture, cookie};
/// use http::request::Parts;
/// use std::collections::HashMap;
///
/// /// Sessions of a site, by the value of its `session` cookie.
/// struct Sessions(HashMap<String, Principal>);
///
/// impl Identify for Sessions {
///     fn identify<'a>(&'a self, request: &'a Parts) -> IdentifyFuture<'a> {
///         Box::pin(async move { self.0.get(cookie(request, "session")?).cloned() })
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let sessions = Sessions(HashMap::from([("s3cr3t".to_owned(), Principal::new("ada"))]));
/// let (parts, ()) = http::Request::builder()
///     .header("cookie", "theme=dark; session=s3cr3t")
///     .body(())
///     .unwrap()
///     .into_parts();
/// assert_eq!(sessions.identify(&parts).await, Some(Principal::new("ada")));
///
/// // A closure is a hook too.
/// let header = |request: &Parts| {
///     request.headers.get("x-user")?.to_str().ok().map(Principal::new)
/// };
/// assert_eq!(header.identify(&parts).await, None);
/// # }
/// ```
pub trait Identify: Send + Sync + 'static {
    /// The principal this browser is signed in as, or `None`.
    fn identify<'a>(&'a self, request: &'a Parts) -> IdentifyFuture<'a>;
}

impl<F> Identify for F
where
    F: Fn(&Parts) -> Option<Principal> + Send + Sync + 'static,
{
    fn identify<'a>(&'a self, request: &'a Parts) -> IdentifyFuture<'a> {
        Box::pin(ready(self(request)))
    }
}

/// The value of the cookie `name` in the request's `Cookie` headers, if there is exactly one
/// such cookie: for an [`Identify`] hook that reads a session cookie. A cookie sent twice
/// (which a cookie set for a parent domain or another path can cause) is `None`, so that a
/// hook never picks one of two sessions by chance.
///
/// ```
/// use elicit_core::url_form::cookie;
///
/// let (parts, ()) = http::Request::builder()
///     .header("cookie", "a=1; session=xyz")
///     .body(())
///     .unwrap()
///     .into_parts();
/// assert_eq!(cookie(&parts, "session"), Some("xyz"));
/// assert_eq!(cookie(&parts, "other"), None);
///
/// let (twice, ()) = http::Request::builder()
///     .header("cookie", "session=a")
///     .header("cookie", "session=b")
///     .body(())
///     .unwrap()
///     .into_parts();
/// assert_eq!(cookie(&twice, "session"), None);
/// ```
pub fn cookie<'a>(request: &'a Parts, name: &str) -> Option<&'a str> {
    let mut found = request
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|header| header.to_str().ok())
        .flat_map(|header| header.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"'));
    let first = found.next()?;
    found.next().is_none().then_some(first)
}
