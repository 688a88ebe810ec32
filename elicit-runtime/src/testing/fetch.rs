//! What the kit's [`Browser`](super::Browser) does on the wire: each request sent in process
//! to the app's router with the cookies kept, redirects followed, `Set-Cookie`s kept
//! ([`Fetcher`]); and what a request was served ([`Served`]), which a page is read from.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::Router;
use axum::body::Body;
use http::header::{CONTENT_TYPE, COOKIE, LOCATION, ORIGIN, SET_COOKIE};
use http::{Method, Request, StatusCode};
use tower_service::Service;

use super::error::KitError;

/// The most redirects one request follows, as browsers bound them.
const MAX_REDIRECTS: usize = 10;
/// The largest page read: far above any form page, so that a runaway response is an error,
/// not the test's memory.
const MAX_PAGE: usize = 16 << 20;

/// What one request was served, after its redirects.
pub(super) struct Served {
    /// Where the page was served from (the origin and path, or the path alone).
    pub(super) url: String,
    /// The scheme and host the page counts as served from, when known.
    pub(super) origin: Option<String>,
    pub(super) status: StatusCode,
    pub(super) html: String,
}

/// The transport of a browser: the app's router and the cookie jar. A clone is the same
/// browser (the jar is shared).
#[derive(Clone)]
pub(super) struct Fetcher {
    router: Router,
    jar: Arc<Mutex<Jar>>,
}

/// What a browser remembers: its cookies, and the origin it opened last.
#[derive(Default)]
struct Jar {
    cookies: Vec<(String, String)>,
    origin: Option<String>,
}

impl Fetcher {
    pub(super) fn new(router: Router) -> Self {
        Self {
            router,
            jar: Arc::default(),
        }
    }

    pub(super) fn set_cookie(&self, name: &str, value: &str) {
        let mut jar = self.jar();
        match jar.cookies.iter_mut().find(|(kept, _)| kept == name) {
            Some((_, kept)) => value.clone_into(kept),
            None => jar.cookies.push((name.to_owned(), value.to_owned())),
        }
    }

    pub(super) fn cookie(&self, name: &str) -> Option<String> {
        self.jar()
            .cookies
            .iter()
            .find(|(kept, _)| kept == name)
            .map(|(_, value)| value.clone())
    }

    /// `GET url`: an absolute `http` or `https` URL (its origin kept as the one opened
    /// last), or a path on the origin opened last.
    pub(super) async fn open(&self, url: &str) -> Result<Served, KitError> {
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
    pub(super) async fn get(&self, path: &str, origin: Option<String>) -> Result<Served, KitError> {
        self.send(Method::GET, path, origin, None).await
    }

    /// `POST path` with a form's `body`, from `origin`, following redirects.
    pub(super) async fn post(
        &self,
        path: &str,
        origin: Option<String>,
        body: String,
    ) -> Result<Served, KitError> {
        self.send(Method::POST, path, origin, Some(body)).await
    }

    async fn send(
        &self,
        mut method: Method,
        path: &str,
        origin: Option<String>,
        mut body: Option<String>,
    ) -> Result<Served, KitError> {
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
            return Ok(Served {
                url,
                origin,
                status,
                html,
            });
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

    /// The names of the cookies kept (not their values), and the origin opened last.
    pub(super) fn describe(&self) -> (Vec<String>, Option<String>) {
        let jar = self.jar();
        let names = jar.cookies.iter().map(|(name, _)| name.clone()).collect();
        (names, jar.origin.clone())
    }
}

/// The path (and query) of a URL or a path.
pub(super) fn path_of(url: &str) -> &str {
    let Some(scheme) = url.find("://") else {
        return url;
    };
    let after = &url[scheme + 3..];
    after.find(['/', '?']).map_or("/", |at| &after[at..])
}
