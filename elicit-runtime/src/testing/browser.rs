//! The kit's browser: [`Browser`], a person's browser on the author's own web app (the
//! URL-mode form pages and whatever else it serves, a sign-in), called in process.

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::Router;
use axum::body::Body;
use http::header::{CONTENT_TYPE, COOKIE, LOCATION, ORIGIN, SET_COOKIE};
use http::{Method, Request};
use tower_service::Service;

use super::error::KitError;
use super::page::{Page, path_of};

/// The most redirects one request follows, as browsers bound them.
const MAX_REDIRECTS: usize = 10;
/// The largest page read: far above any form page, so that a runaway response is an error,
/// not the test's memory.
const MAX_PAGE: usize = 16 << 20;

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
    router: Router,
    jar: Arc<Mutex<Jar>>,
}

/// What a browser remembers: its cookies, and the origin it opened last.
#[derive(Default)]
struct Jar {
    cookies: Vec<(String, String)>,
    origin: Option<String>,
}

impl Browser {
    /// A browser with no cookies, on the app `router` serves.
    ///
    /// ```
    /// let browser = elicit_core::testing::Browser::new(axum::Router::new());
    /// ```
    pub fn new(router: Router) -> Self {
        Self {
            router,
            jar: Arc::default(),
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
        let mut jar = self.jar();
        match jar.cookies.iter_mut().find(|(kept, _)| kept == name) {
            Some((_, kept)) => value.clone_into(kept),
            None => jar.cookies.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The value of the cookie `name`, if the browser has it.
    ///
    /// ```
    /// let browser = elicit_core::testing::Browser::new(axum::Router::new());
    /// assert_eq!(browser.cookie("session"), None);
    /// ```
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.jar()
            .cookies
            .iter()
            .find(|(kept, _)| kept == name)
            .map(|(_, value)| value.clone())
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
        let (origin, path) = match url.split_once("://") {
            Some((scheme, rest))
                if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") =>
            {
                let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
                let origin = format!("{}://{}", scheme.to_ascii_lowercase(), &rest[..host_end]);
                self.jar().origin = Some(origin.clone());
                (Some(origin), path_of(url).to_owned())
            }
            None if url.starts_with('/') => (self.jar().origin.clone(), url.to_owned()),
            _ => {
                return Err(KitError::Page {
                    request: None,
                    page: format!("{url:?}"),
                    problem: "a browser opens an http or https URL, or a path (`/login`)"
                        .to_owned(),
                });
            }
        };
        // The fragment stays in the browser.
        let path = path.split('#').next().unwrap_or("/");
        self.get(path, origin).await
    }

    /// `GET path`, following redirects.
    pub(super) async fn get(&self, path: &str, origin: Option<String>) -> Result<Page, KitError> {
        self.send(Method::GET, path, origin, None).await
    }

    /// `POST path` with a form's `body`, from `origin`, following redirects.
    pub(super) async fn post(
        &self,
        path: &str,
        origin: Option<String>,
        body: String,
    ) -> Result<Page, KitError> {
        self.send(Method::POST, path, origin, Some(body)).await
    }

    async fn send(
        &self,
        mut method: Method,
        path: &str,
        origin: Option<String>,
        mut body: Option<String>,
    ) -> Result<Page, KitError> {
        let mut path = path.to_owned();
        for _ in 0..=MAX_REDIRECTS {
            let failed = |problem: String| KitError::Page {
                request: None,
                page: format!("{method} {path}"),
                problem,
            };
            let mut request = Request::builder().method(method.clone()).uri(&path);
            let cookies = self.cookie_header();
            if !cookies.is_empty() {
                request = request.header(COOKIE, cookies);
            }
            if body.is_some() {
                request = request
                    .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .header("sec-fetch-site", "same-origin");
                if let Some(origin) = &origin {
                    request = request.header(ORIGIN, origin);
                }
            }
            let request = request
                .body(Body::from(body.take().unwrap_or_default()))
                .map_err(|error| failed(format!("the request cannot be made: {error}")))?;
            let mut router = self.router.clone();
            let Ok(()) = std::future::poll_fn(|cx| {
                <Router as Service<Request<Body>>>::poll_ready(&mut router, cx)
            })
            .await;
            let Ok(response) = router.call(request).await;
            self.keep_cookies(response.headers());
            let status = response.status();
            if status.is_redirection()
                && let Some(location) = response
                    .headers()
                    .get(LOCATION)
                    .and_then(|location| location.to_str().ok())
            {
                path = match location {
                    location if location.contains("://") || location.starts_with('/') => {
                        path_of(location).to_owned()
                    }
                    relative => {
                        let directory = path
                            .split('?')
                            .next()
                            .and_then(|own| own.rfind('/').map(|slash| &own[..=slash]))
                            .unwrap_or("/");
                        format!("{directory}{relative}")
                    }
                };
                method = Method::GET;
                continue;
            }
            let bytes = axum::body::to_bytes(response.into_body(), MAX_PAGE)
                .await
                .map_err(|error| failed(format!("the response cannot be read: {error}")))?;
            let html = String::from_utf8_lossy(&bytes).into_owned();
            let url = match &origin {
                Some(origin) => format!("{origin}{path}"),
                None => path.clone(),
            };
            return Ok(Page::read(self.clone(), url, origin, status, html));
        }
        Err(KitError::Page {
            request: None,
            page: format!("{method} {path}"),
            problem: format!("more than {MAX_REDIRECTS} redirects"),
        })
    }

    fn jar(&self) -> MutexGuard<'_, Jar> {
        self.jar.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn cookie_header(&self) -> String {
        let jar = self.jar();
        let pairs: Vec<String> = jar
            .cookies
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        pairs.join("; ")
    }

    /// Keeps each `Set-Cookie` of a response (a `Max-Age` of 0 or less removes the cookie).
    fn keep_cookies(&self, headers: &http::HeaderMap) {
        for header in headers.get_all(SET_COOKIE) {
            let Ok(header) = header.to_str() else {
                continue;
            };
            let mut parts = header.split(';');
            let Some((name, value)) = parts.next().and_then(|pair| pair.split_once('=')) else {
                continue;
            };
            let (name, value) = (name.trim(), value.trim().trim_matches('"'));
            if name.is_empty() {
                continue;
            }
            let removed = parts.any(|attribute| {
                attribute
                    .split_once('=')
                    .filter(|(key, _)| key.trim().eq_ignore_ascii_case("max-age"))
                    .and_then(|(_, age)| age.trim().parse::<i64>().ok())
                    .is_some_and(|age| age <= 0)
            });
            if removed {
                self.jar().cookies.retain(|(kept, _)| kept != name);
            } else {
                self.set_cookie(name, value);
            }
        }
    }
}

/// The names of its cookies, not their values (a session's).
impl fmt::Debug for Browser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let jar = self.jar();
        let names: Vec<&str> = jar.cookies.iter().map(|(name, _)| name.as_str()).collect();
        f.debug_struct("Browser")
            .field("cookies", &names)
            .field("origin", &jar.origin)
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
