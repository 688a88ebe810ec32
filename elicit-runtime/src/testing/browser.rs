//! The kit's browser: [`Browser`], a person's browser on the author's own web app (the
//! URL-mode form pages and whatever else it serves, a sign-in), called in process.

use std::fmt;

use axum::Router;

use super::error::KitError;
use super::fetch::Fetcher;
use super::page::Page;

/// A person's browser on your web app, in process: it sends each request to your
/// `axum::Router` (the URL-mode forms' [`router`](crate::url_form::UrlForms::router) merged
/// with your own routes, such as a sign-in) as a browser would, and keeps a cookie jar.
///
/// [`open`](Self::open) a link (its path is requested; its scheme and host become the origin
/// the pages count as served from) and get the [`Page`]; fill it in and
/// [`submit`](Page::submit) it: the form's CSRF token, the cookies, an `Origin` of the page's
/// own and `Sec-Fetch-Site: same-origin` go with the post. Every `Set-Cookie` the app sends is
/// kept (one whose `Max-Age` is 0 or less removes the cookie); cookies are sent with every
/// request, whatever their path, domain or expiry (there is one app, in process). Redirects
/// are followed, with a `GET`, up to 10.
///
/// A clone is the same browser: the same cookies (a scripted answer holds one, and the test
/// signs it in).
///
/// ```
/// use axum::routing::get;
/// use elicit_core::testing::Browser;
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let app = axum::Router::new()
///     .route("/login", get(|| async { ([("set-cookie", "session=ada; Path=/; HttpOnly")], "Signed in") }))
///     .route("/", get(|| async { "<h1>Home</h1>" }));
/// let browser = Browser::new(app);
///
/// let page = browser.open("https://mcp.example.com/login").await.unwrap();
/// assert_eq!(page.status(), 200);
/// assert_eq!(browser.cookie("session").as_deref(), Some("ada"));
///
/// let home = browser.open("/").await.unwrap(); // a path: the origin opened last
/// assert_eq!(home.heading(), "Home");
/// assert_eq!(home.url(), "https://mcp.example.com/");
/// # }
/// ```
#[derive(Clone)]
pub struct Browser {
    fetcher: Fetcher,
}

impl Browser {
    /// A browser with no cookies, on the app `router` serves.
    ///
    /// ```
    /// let browser = elicit_core::testing::Browser::new(axum::Router::new());
    /// ```
    pub fn new(router: Router) -> Self {
        Self {
            fetcher: Fetcher::new(router),
        }
    }

    /// Sets the cookie `name` to `value`, as the app's `Set-Cookie` would: for an app
    /// whose [`Identify`](crate::url_form::Identify) hook reads a cookie the test need not
    /// sign in for.
    ///
    /// ```
    /// let browser = elicit_core::testing::Browser::new(axum::Router::new());
    /// browser.set_cookie("session", "ada");
    /// assert_eq!(browser.cookie("session").as_deref(), Some("ada"));
    /// ```
    pub fn set_cookie(&self, name: &str, value: &str) {
        self.fetcher.set_cookie(name, value);
    }

    /// The value of the cookie `name`, if the browser has it.
    ///
    /// ```
    /// let browser = elicit_core::testing::Browser::new(axum::Router::new());
    /// assert_eq!(browser.cookie("session"), None);
    /// ```
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.fetcher.cookie(name)
    }

    /// Opens `url` (`GET`), as a person does with a link: an absolute `http` or `https`
    /// URL, whose path is requested and whose scheme and host become the origin its pages
    /// post from, or a path (`/login?user=ada`), on the origin opened last.
    ///
    /// # Errors
    /// [`KitError::Page`] for what is neither a URL nor a path, a path the app's router
    /// cannot take, more than 10 redirects, or a response whose body cannot be read.
    ///
    /// ```
    /// # async fn run(browser: elicit_core::testing::Browser, url: &str) {
    /// let page = browser.open(url).await.unwrap();
    /// assert_eq!(page.status(), 200);
    /// # }
    /// ```
    pub async fn open(&self, url: &str) -> Result<Page, KitError> {
        let served = self.fetcher.open(url).await?;
        Ok(Page::read(self.fetcher.clone(), served))
    }
}

/// The names of its cookies, not their values (a session's).
impl fmt::Debug for Browser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (names, origin) = self.fetcher.describe();
        f.debug_struct("Browser")
            .field("cookies", &names)
            .field("origin", &origin)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use http::StatusCode;

    #[tokio::test]
    async fn keeps_and_removes_cookies_and_follows_redirects() {
        let app = Router::new()
            .route(
                "/login",
                get(|| async {
                    (
                        StatusCode::SEE_OTHER,
                        [
                            ("set-cookie", "session=ada; Path=/; HttpOnly"),
                            ("location", "/home"),
                        ],
                    )
                }),
            )
            .route(
                "/logout",
                get(|| async { [("set-cookie", "session=; Max-Age=0")] }),
            )
            .route(
                "/home",
                get(|request: http::request::Parts| async move {
                    let cookie = request
                        .headers
                        .get("cookie")
                        .and_then(|value| value.to_str().ok())
                        .unwrap_or("none")
                        .to_owned();
                    format!("<h1>{cookie}</h1>")
                }),
            )
            .route(
                "/loop",
                get(|| async { (StatusCode::FOUND, [("location", "loop")]) }),
            );
        let browser = Browser::new(app);
        browser.set_cookie("theme", "dark");
        let home = browser.open("http://127.0.0.1:8080/login").await.unwrap();
        assert_eq!(home.heading(), "theme=dark; session=ada");
        assert_eq!(home.url(), "http://127.0.0.1:8080/home");
        browser.open("/logout").await.unwrap();
        assert_eq!(browser.cookie("session"), None);
        assert_eq!(browser.cookie("theme").as_deref(), Some("dark"));
        let error = browser.open("/loop").await.unwrap_err();
        assert!(
            error.to_string().contains("more than 10 redirects"),
            "{error}"
        );
        let error = browser.open("mailto:ada@example.com").await.unwrap_err();
        assert!(error.to_string().contains("a browser opens"), "{error}");
        let error = browser.open("/a b").await.unwrap_err();
        assert!(error.to_string().contains("cannot be made"), "{error}");
        assert_eq!(
            format!("{browser:?}"),
            r#"Browser { cookies: ["theme"], origin: Some("http://127.0.0.1:8080") }"#
        );
    }
}
