//! The pages, served: [`UrlForms::router`], its two handlers (the form, and its post) and the
//! refusals.
//!
//! Each request is admitted the same way before anything else: the link's id is well formed
//! and known, the [`Identify`](super::Identify) hook names the browser's person, the link's
//! record opens for that person (it was minted for them, and has not expired), and the link
//! is still open. A refusal stores nothing and says, in plain words, what happened.

use std::collections::HashMap;
use std::time::SystemTime;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::response::Response;
use axum::routing::get;
use http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, ORIGIN, PRAGMA, REFERRER_POLICY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use http::request::Parts;
use http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use zeroize::Zeroize;

use super::content::Pairs;
use super::csrf;
use super::forms::UrlForms;
use super::link::LinkId;
use super::page::{FormPage, SignedIn, Values, content_security_policy, notice};
use super::post::{self, PostError};
use super::record::{LinkRecord, open_link, seal_answer};
use super::store::LinkAnswer;
use crate::FieldError;
use crate::state::{Principal, StateError};

impl UrlForms {
    /// The router that serves the pages: `GET` shows a link's form, `POST` reads its answer.
    /// Mount it on the MCP server's own origin, at the path of the base URL the forms were
    /// built with (`Router::merge` into the router that serves `/mcp`): the links point
    /// there, and the page only accepts posts from that origin.
    ///
    /// ```
    /// use elicit_core::state::StateKeys;
    /// use elicit_core::url_form::UrlForms;
    ///
    /// let forms = UrlForms::builder("https://mcp.example.com/connect", StateKeys::generate().unwrap(), |_: &http::request::Parts| None)
    ///     .build()
    ///     .unwrap();
    /// let app = axum::Router::new().merge(forms.router()); // with rmcp's `/mcp` service beside it
    /// # drop(app);
    /// ```
    pub fn router(&self) -> Router {
        let route = format!("{}/{{id}}", self.0.base.path);
        Router::new()
            .route(&route, get(show).post(answer))
            .with_state(self.clone())
    }
}

/// Why a request is refused, and the page that says so.
enum Refusal {
    Unknown,
    NotSignedIn,
    /// The browser is signed in as somebody else than the person asked: who it is, by the
    /// name the page shows.
    Foreign(String),
    Expired,
    Used,
    Closed,
    CrossOrigin,
    BadToken,
    NotAForm,
    TooLarge(usize),
    BadPost(PostError),
    NotServed,
    Unavailable,
}

impl Refusal {
    fn response(&self, forms: &UrlForms) -> Response {
        let (status, title, paragraphs): (StatusCode, &str, Vec<String>) = match self {
            Self::Unknown => (
                StatusCode::NOT_FOUND,
                "Link not found",
                vec!["This link is not valid, or it is too old to be remembered. Go back to the app you came from to get a new one.".into()],
            ),
            Self::NotSignedIn => (
                StatusCode::FORBIDDEN,
                "Sign in first",
                vec!["This page is only for the person it was made for. Sign in to this site in this browser with that account, then open the link again.".into()],
            ),
            Self::Foreign(_) => (
                StatusCode::FORBIDDEN,
                "This link is not for you",
                vec![
                    "This link was made for another account than the one this browser is signed in with. Nothing was shown and nothing was saved.".into(),
                    "If somebody sent you this link, do not use it: ask your own app for a link.".into(),
                ],
            ),
            Self::Expired => (
                StatusCode::GONE,
                "This link has expired",
                vec!["Go back to the app you came from and ask again to get a new link.".into()],
            ),
            Self::Used => (
                StatusCode::GONE,
                "This link has been used",
                vec!["The form was already submitted. There is nothing more to do here: go back to the app you came from.".into()],
            ),
            Self::Closed => (
                StatusCode::GONE,
                "This request was cancelled",
                vec!["The app no longer waits for this form. Go back to it to start again.".into()],
            ),
            Self::CrossOrigin => (
                StatusCode::FORBIDDEN,
                "The form was sent from another site",
                vec!["Only this site's own page can send this form. Nothing was saved. Open the link again and submit the form from there.".into()],
            ),
            Self::BadToken => (
                StatusCode::FORBIDDEN,
                "The form could not be accepted",
                vec!["The page's security token is missing or wrong. Nothing was saved. Open the link again and submit the form from there.".into()],
            ),
            Self::NotAForm => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "The form could not be read",
                vec!["A form is sent as `application/x-www-form-urlencoded`. Nothing was saved.".into()],
            ),
            Self::TooLarge(limit) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "The form could not be read",
                vec![format!("What was sent is larger than the {limit} bytes this page accepts, or was cut off. Nothing was saved.")],
            ),
            Self::BadPost(error) => (
                StatusCode::BAD_REQUEST,
                "The form could not be read",
                vec![format!("{error}. Nothing was saved. Open the link again and submit the form from there.")],
            ),
            Self::NotServed => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "This form is not available here",
                vec!["This server cannot read this form. Nothing was saved. Try again later.".into()],
            ),
            Self::Unavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                "Try again in a moment",
                vec!["The page cannot be served right now. Nothing was saved.".into()],
            ),
        };
        let paragraphs: Vec<&str> = paragraphs.iter().map(String::as_str).collect();
        // Who the browser is, where that is what went wrong.
        let signed_in = match self {
            Self::Foreign(name) => Some(SignedIn {
                name,
                sign_out: forms.0.sign_out.as_deref(),
            }),
            _ => None,
        };
        html(status, notice(title, &paragraphs, signed_in))
    }
}

/// A page with the headers every page carries: not to be stored or framed, no referrer,
/// nothing but its own style.
fn html(status: StatusCode, body: String) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    let fixed: [(HeaderName, &'static str); 8] = [
        (CONTENT_TYPE, "text/html; charset=utf-8"),
        (CACHE_CONTROL, "no-store"),
        (PRAGMA, "no-cache"),
        (X_FRAME_OPTIONS, "DENY"),
        (REFERRER_POLICY, "no-referrer"),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if let Ok(policy) = HeaderValue::from_str(content_security_policy()) {
        headers.insert(CONTENT_SECURITY_POLICY, policy);
    }
    response
}

/// A request admitted to a link's page.
struct Admitted {
    id: LinkId,
    principal: Principal,
    record: LinkRecord,
}

/// Admits a request, or says why not (see the module's documentation).
async fn admit(
    forms: &UrlForms,
    id: Result<Path<String>, PathRejection>,
    parts: &Parts,
) -> Result<Admitted, Refusal> {
    let shared = &forms.0;
    let id = id
        .ok()
        .and_then(|Path(id)| LinkId::parse(&id))
        .ok_or(Refusal::Unknown)?;
    let principal = shared
        .identify
        .identify(parts)
        .await
        .ok_or(Refusal::NotSignedIn)?;
    let stored = match shared.store.get(&id).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return Err(Refusal::Unknown),
        Err(error) => {
            tracing::error!(link = ?id, %error, "URL-mode form: the store failed");
            return Err(Refusal::Unavailable);
        }
    };
    let record = match open_link(&shared.keys, &stored.record, &id, &principal) {
        Ok(record) => record,
        Err(StateError::WrongPrincipal) => {
            // The phishing case of the specification: somebody else's browser opened the
            // link. Logged without naming either person.
            tracing::warn!(link = ?id, "URL-mode form: refused a browser signed in as another person than the one asked");
            return Err(Refusal::Foreign(principal.display_name().to_owned()));
        }
        Err(StateError::Expired) => return Err(Refusal::Expired),
        Err(error) => {
            tracing::warn!(link = ?id, %error, "URL-mode form: the link's record does not open");
            return Err(Refusal::Unknown);
        }
    };
    match stored.answer {
        LinkAnswer::Pending => Ok(Admitted {
            id,
            principal,
            record,
        }),
        LinkAnswer::Submitted(_) | LinkAnswer::Taken => Err(Refusal::Used),
        LinkAnswer::Abandoned => Err(Refusal::Closed),
    }
}

/// `GET`: the form, with the schema's defaults.
async fn show(
    State(forms): State<UrlForms>,
    id: Result<Path<String>, PathRejection>,
    request: Request,
) -> Response {
    let (parts, _) = request.into_parts();
    let admitted = match admit(&forms, id, &parts).await {
        Ok(admitted) => admitted,
        Err(refusal) => return refusal.response(&forms),
    };
    form_page(&forms, &admitted, Values::Defaults, &[], StatusCode::OK)
}

fn form_page(
    forms: &UrlForms,
    admitted: &Admitted,
    values: Values<'_>,
    errors: &[FieldError],
    status: StatusCode,
) -> Response {
    let record = &admitted.record;
    let action = format!("{}/{}", forms.0.base.path, admitted.id);
    let token = csrf::token(&record.csrf, &admitted.principal);
    let page = FormPage {
        title: &record.prompt,
        schema: &record.schema,
        secrets: &record.secrets,
        values,
        errors,
        action: &action,
        csrf: &token,
        signed_in: SignedIn {
            name: admitted.principal.display_name(),
            sign_out: forms.0.sign_out.as_deref(),
        },
    };
    html(status, page.render())
}

/// Whether the request comes from the forms' own origin, as far as the browser says
/// (OWASP's defence in depth beside the token): a `Sec-Fetch-Site` other than
/// `same-origin` (or `none`, a person's own navigation), or an `Origin` other than the
/// forms', is refused. `Origin: null` is no answer: a browser sends it for a page whose
/// `Referrer-Policy` is `no-referrer`, as these pages' is. A request that says nothing (an
/// older browser) rests on the token.
fn same_origin(headers: &HeaderMap, origin: &str) -> bool {
    let site_ok = headers
        .get("sec-fetch-site")
        .is_none_or(|site| site == "same-origin" || site == "none");
    let origin_ok = headers.get(ORIGIN).is_none_or(|sent| {
        sent.to_str()
            .is_ok_and(|sent| sent == "null" || sent.eq_ignore_ascii_case(origin))
    });
    site_ok && origin_ok
}

fn is_form_body(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
}

/// Wipes the body's bytes where this handler holds the only reference to them.
fn wipe_body(body: Bytes) {
    if let Ok(mut bytes) = body.try_into_mut() {
        bytes.as_mut().zeroize();
    }
}

/// `POST`: the answer, read by the form's reader; stored, or shown again with its errors.
async fn answer(
    State(forms): State<UrlForms>,
    id: Result<Path<String>, PathRejection>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let admitted = match admit(&forms, id, &parts).await {
        Ok(admitted) => admitted,
        Err(refusal) => return refusal.response(&forms),
    };
    match read_post(&forms, &admitted, &parts.headers, body).await {
        Ok(response) => response,
        Err(refusal) => refusal.response(&forms),
    }
}

async fn read_post(
    forms: &UrlForms,
    admitted: &Admitted,
    headers: &HeaderMap,
    body: Body,
) -> Result<Response, Refusal> {
    let shared = &forms.0;
    if !same_origin(headers, &shared.base.origin) {
        tracing::warn!(link = ?admitted.id, "URL-mode form: refused a post from another origin");
        return Err(Refusal::CrossOrigin);
    }
    if !is_form_body(headers) {
        return Err(Refusal::NotAForm);
    }
    let bytes = axum::body::to_bytes(body, shared.body_limit)
        .await
        .map_err(|_| Refusal::TooLarge(shared.body_limit))?;
    let decoded = post::decode(&bytes);
    wipe_body(bytes);
    let pairs = decoded.map_err(Refusal::BadPost)?;
    let record = &admitted.record;
    // The token first: nothing of a forged post is read further.
    let mut tokens = pairs.0.iter().filter(|(name, _)| name == csrf::FIELD);
    let token_ok = match (tokens.next(), tokens.next()) {
        (Some((_, token)), None) => csrf::verify(&record.csrf, &admitted.principal, token),
        _ => false,
    };
    if !token_ok {
        tracing::warn!(link = ?admitted.id, "URL-mode form: refused a post without its CSRF token");
        return Err(Refusal::BadToken);
    }
    let read = post::content(&pairs, &record.schema).map_err(Refusal::BadPost)?;
    let Some(served) = forms.served_for(&admitted.id, &record.form) else {
        tracing::error!(link = ?admitted.id, form = %record.form, "URL-mode form: no form of this name is served on this instance");
        return Err(Refusal::NotServed);
    };
    let mut errors = read.errors;
    if let Err(content_error) = served.check(&record.schema, &read.content) {
        // A field whose text was no JSON value was left out, so the reader calls it missing:
        // the page's own error says more.
        let unread: Vec<String> = errors.iter().map(|e| e.field().to_owned()).collect();
        errors.extend(
            content_error
                .into_errors()
                .into_iter()
                .filter(|error| !unread.iter().any(|field| field == error.field())),
        );
    }
    if !errors.is_empty() {
        let posted = posted_values(&pairs, &record.secrets);
        return Ok(form_page(
            forms,
            admitted,
            Values::Posted(&posted),
            &errors,
            StatusCode::UNPROCESSABLE_ENTITY,
        ));
    }
    let keep = forms.keep();
    let until = SystemTime::now() + keep;
    let sealed = seal_answer(
        &shared.keys,
        &read.content,
        &admitted.id,
        &admitted.principal,
        until,
    )
    .map_err(|error| {
        tracing::error!(link = ?admitted.id, %error, "URL-mode form: the answer could not be sealed");
        Refusal::Unavailable
    })?;
    match shared
        .store
        .settle(&admitted.id, LinkAnswer::Submitted(sealed), keep)
        .await
    {
        Ok(true) => {
            forms.wake(&admitted.id);
            Ok(html(
                StatusCode::OK,
                notice(
                    "Thank you",
                    &[
                        "Your answer was received. You can close this page and go back to the app you came from.",
                    ],
                    None,
                ),
            ))
        }
        // Another tab or server took the link first.
        Ok(false) => Err(Refusal::Used),
        Err(error) => {
            tracing::error!(link = ?admitted.id, %error, "URL-mode form: the store failed");
            Err(Refusal::Unavailable)
        }
    }
}

/// What the page shows again after a refused post: what was sent, by field, secrets and the
/// token left out.
fn posted_values(pairs: &Pairs, secrets: &[String]) -> HashMap<String, Vec<String>> {
    let mut posted: HashMap<String, Vec<String>> = HashMap::new();
    for (name, value) in &pairs.0 {
        if name == csrf::FIELD || secrets.contains(name) {
            continue;
        }
        posted.entry(name.clone()).or_default().push(value.clone());
    }
    posted
}

#[cfg(test)]
mod tests {
    use super::{Pairs, csrf, posted_values};

    #[test]
    fn a_page_shown_again_keeps_neither_the_token_nor_a_secret() {
        let pair = |name: &str, value: &str| (name.to_owned(), value.to_owned());
        let pairs = Pairs(vec![
            pair(csrf::FIELD, "the-token"),
            pair("name", "Ada"),
            pair("key", "sk-live-0123456789"),
            pair("tags", "a"),
            pair("tags", "b"),
        ]);
        let posted = posted_values(&pairs, &["key".to_owned()]);
        let mut names: Vec<_> = posted.keys().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(names, ["name", "tags"]);
        assert_eq!(posted["tags"], ["a", "b"]);
    }
}
