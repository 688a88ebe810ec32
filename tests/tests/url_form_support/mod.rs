//! What the URL-mode form tests share (`mod url_form_support;` in each): a form of every
//! field kind, a demo identity (a `user` cookie names the person), forms built on a store,
//! and the router called in process, its pages parsed by a real HTML parser.
#![allow(dead_code)] // each test file uses what it needs

pub mod browser;
pub mod services;

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use elicit_core::Elicit;
use elicit_core::protocol::UrlPolicy;
use elicit_core::state::{Principal, StateKey, StateKeys};
use elicit_core::url_form::{SecretString, UrlForm, UrlFormStore, UrlForms, cookie};
use http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use scraper::{Html, Selector};
use tower::ServiceExt;

/// A region: a titled single select of three (radio buttons).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    /// Europe
    #[elicit(rename = "eu")]
    Europe,
    /// United States
    #[elicit(rename = "us")]
    UnitedStates,
    /// Asia & Pacific
    #[elicit(rename = "ap")]
    AsiaPacific,
}

/// A plan: an untitled single select of five (a drop-down).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(untitled, rename_all = "lowercase")]
pub enum Plan {
    Free,
    Basic,
    Team,
    Business,
    Enterprise,
}

/// Units: the 2025-06-18 `enumNames` select.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
pub enum Units {
    /// Metric (°C, km/h)
    Metric,
    /// Imperial (°F, mph)
    Imperial,
}

/// An alert: a titled multi-select.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Alert {
    /// Rain
    Rain,
    /// Strong wind
    Wind,
    /// Heat wave
    Heat,
}

/// A day: an untitled multi-select.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(untitled, rename_all = "lowercase")]
pub enum Day {
    Mon,
    Tue,
    Wed,
}

/// Connect <script>alert("x")</script> the weather service
#[derive(Elicit, Debug)]
pub struct Connect {
    // Titled "API key" by its name.
    /// The key from your account page
    #[elicit(not_sensitive, min_length = 8, max_length = 64)]
    pub api_key: SecretString,
    /// Letters & spaces <b>only</b>
    #[elicit(
        title = "Your <script>alert(1)</script> name",
        min_length = 2,
        max_length = 40,
        pattern = "^[A-Za-z ]+$"
    )]
    pub name: String,
    #[elicit(format = "email")]
    pub email: Option<String>,
    /// How many seats
    #[elicit(minimum = 1, maximum = 12)]
    pub seats: u8,
    #[elicit(minimum = 0.5, maximum = 99.5)]
    pub budget: Option<f64>,
    /// Keep the key for later calls
    pub remember: bool,
    pub region: Region,
    pub plan: Option<Plan>,
    pub units: Units,
    #[elicit(min_items = 1, max_items = 2)]
    pub alerts: Vec<Alert>,
    pub days: Option<Vec<Day>>,
    pub start: Option<chrono::NaiveDate>,
}

/// The page's form: `Connect`, its key a secret.
pub fn connect_form() -> UrlForm<Connect> {
    UrlForm::<Connect>::new().secret("api_key").named("connect")
}

/// The secret every good post sends.
pub const KEY: &str = "sk-live-8c2f1e9a";

/// A post that `Connect` accepts (the token appended by the caller).
pub fn good_post() -> String {
    format!(
        "api_key={KEY}&name=Ada+Lovelace&email=ada%40example.com&seats=3&budget=2.5&remember=true\
         &region=eu&plan=&units=metric&alerts=Rain&alerts=Heat&start=2025-03-01"
    )
}

/// The test key ring (`byte` repeated; tests only).
pub fn keys(byte: u8) -> StateKeys {
    StateKeys::new(StateKey::new(&[byte; 32]).expect("a key"))
}

/// The demo identity: the `user` cookie names the person.
pub fn identify(request: &http::request::Parts) -> Option<Principal> {
    cookie(request, "user").map(Principal::new)
}

/// Where the in-process tests say the pages are.
pub const BASE: &str = "https://forms.example/connect";
pub const ORIGIN: &str = "https://forms.example";

/// Forms on `store`, at [`BASE`] (or `base`), keys from `byte`.
pub fn forms_on(store: impl UrlFormStore, base: &str, byte: u8, ttl: Duration) -> UrlForms {
    UrlForms::builder(base, keys(byte), identify)
        .store(store)
        .url_policy(UrlPolicy::AllowLoopbackHttp)
        .ttl(ttl)
        .poll_interval(Duration::from_millis(50))
        .body_limit(4096)
        .build()
        .expect("forms")
}

/// A response of the router, read whole.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn html(&self) -> Html {
        Html::parse_document(&self.body)
    }

    /// The text of the first element `selector` finds, whitespace joined.
    pub fn text(&self, selector: &str) -> String {
        let html = self.html();
        let selector = Selector::parse(selector).expect("a selector");
        html.select(&selector)
            .next()
            .map(|element| element.text().collect::<Vec<_>>().join(""))
            .unwrap_or_default()
    }

    /// The attribute `name` of the first element `selector` finds.
    pub fn attr(&self, selector: &str, name: &str) -> Option<String> {
        let html = self.html();
        let selector = Selector::parse(selector).expect("a selector");
        html.select(&selector)
            .next()
            .and_then(|element| element.value().attr(name).map(str::to_owned))
    }

    /// How many elements `selector` finds.
    pub fn count(&self, selector: &str) -> usize {
        let html = self.html();
        let selector = Selector::parse(selector).expect("a selector");
        html.select(&selector).count()
    }

    /// The page's CSRF token.
    pub fn token(&self) -> String {
        self.attr("input[name=_csrf]", "value").expect("a token")
    }
}

/// Sends `request` to `router` and reads the whole response.
pub async fn call(router: &Router, request: Request<Body>) -> Reply {
    let response = router.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8(bytes.to_vec()).expect("UTF-8"),
    }
}

/// The path of a link's URL (what a browser requests).
pub fn path_of(url: &str) -> String {
    let after_scheme = url.find("://").map_or(0, |at| at + 3);
    url[after_scheme..]
        .find('/')
        .map_or_else(|| "/".to_owned(), |at| url[after_scheme + at..].to_owned())
}

/// `GET path` as the browser of `user` (or nobody).
pub async fn get(router: &Router, path: &str, user: Option<&str>) -> Reply {
    let mut request = Request::get(path);
    if let Some(user) = user {
        request = request.header("cookie", format!("user={user}"));
    }
    call(router, request.body(Body::empty()).expect("request")).await
}

/// `POST path` with a form `body`, as the browser of `user`, from this origin.
pub async fn post(router: &Router, path: &str, user: Option<&str>, body: &str) -> Reply {
    post_with(router, path, user, body, &[]).await
}

/// As [`post`], with extra headers (which replace the defaults of the same name).
pub async fn post_with(
    router: &Router,
    path: &str,
    user: Option<&str>,
    body: &str,
    headers: &[(&str, &str)],
) -> Reply {
    let mut request = Request::post(path);
    let defaults = [
        ("content-type", "application/x-www-form-urlencoded"),
        ("origin", ORIGIN),
        ("sec-fetch-site", "same-origin"),
    ];
    for (name, value) in defaults {
        if !headers
            .iter()
            .any(|(given, _)| given.eq_ignore_ascii_case(name))
        {
            request = request.header(name, value);
        }
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(user) = user {
        request = request.header("cookie", format!("user={user}"));
    }
    call(
        router,
        request.body(Body::from(body.to_owned())).expect("request"),
    )
    .await
}

/// `name=value`, the value percent-encoded as a browser does.
pub fn pair(name: &str, value: &str) -> String {
    let mut encoded = String::new();
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'*' => {
                encoded.push(char::from(byte));
            }
            b' ' => encoded.push('+'),
            other => encoded.push_str(&format!("%{other:02X}")),
        }
    }
    format!("{name}={encoded}")
}

/// The demo sign-in, served beside the forms: `GET /login?user=<user>` sets the `user` cookie
/// the identity hook reads.
pub async fn login(uri: http::Uri) -> impl axum::response::IntoResponse {
    let user = uri
        .query()
        .and_then(|query| query.strip_prefix("user="))
        .unwrap_or_default()
        .to_owned();
    (
        [(
            "set-cookie",
            format!("user={user}; Path=/; HttpOnly; SameSite=Lax"),
        )],
        format!("signed in as {user}"),
    )
}
