//! Posting a URL-mode form: read by the form's own reader and taken typed; refused posts shown
//! again with their errors, keeping what was typed but never the secret; the CSRF token, the
//! person, the link's state and the post's shape each refused precisely, storing nothing.

mod url_form_support;

use std::sync::Arc;
use std::time::Duration;

use elicit_core::state::{Principal, StateError};
use elicit_core::url_form::{
    ExposeSecret, LinkAnswer, MemoryStore, PendingLink, UrlFormError, UrlFormStore, UrlForms,
};
use url_form_support::{
    BASE, Connect, KEY, Reply, connect_form, forms_on, get, good_post, pair, path_of, post,
    post_with,
};

/// Forms on a memory store the test can look into, and a link minted for Ada.
async fn minted() -> (UrlForms, Arc<MemoryStore>, PendingLink) {
    let store = Arc::new(MemoryStore::new());
    let forms = forms_on(Arc::clone(&store), BASE, 2, Duration::from_secs(60));
    let link = forms
        .mint(&Principal::new("ada"), "e-1", connect_form())
        .await
        .expect("minted");
    (forms, store, link)
}

/// Ada's page, and its token.
async fn token(forms: &UrlForms, link: &PendingLink) -> String {
    let page = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.token()
}

async fn nothing_stored(forms: &UrlForms, store: &MemoryStore, link: &PendingLink) {
    let stored = store.get(link.id()).await.unwrap().expect("the link");
    assert_eq!(stored.answer, LinkAnswer::Pending);
    let taken = forms
        .take(link.id(), &Principal::new("ada"), connect_form().form())
        .await
        .unwrap();
    assert!(taken.is_none());
}

fn ada() -> Principal {
    Principal::new("ada")
}

#[tokio::test]
async fn a_good_post_is_taken_typed_and_kept_sealed() {
    let (forms, store, link) = minted().await;
    let token = token(&forms, &link).await;
    let reply = post(
        &forms.router(),
        &path_of(link.url()),
        Some("ada"),
        &format!("{}&{}", good_post(), pair("_csrf", &token)),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.text("h1"), "Thank you");
    assert!(!reply.body.contains(KEY));

    // Kept sealed: the store never sees the key.
    let LinkAnswer::Submitted(sealed) = store.get(link.id()).await.unwrap().unwrap().answer else {
        panic!("submitted")
    };
    assert!(!sealed.contains(KEY) && !sealed.contains("Lovelace"));

    let value: Connect = forms
        .take(link.id(), &ada(), connect_form().form())
        .await
        .unwrap()
        .expect("answered");
    assert_eq!(value.api_key.expose_secret(), KEY);
    assert_eq!(value.name, "Ada Lovelace");
    assert_eq!(value.email.as_deref(), Some("ada@example.com"));
    assert_eq!(value.seats, 3);
    assert_eq!(value.budget, Some(2.5));
    assert!(value.remember);
    assert_eq!(value.region, url_form_support::Region::Europe);
    assert_eq!(value.plan, None, "an empty select is no answer");
    assert_eq!(value.units, url_form_support::Units::Metric);
    assert_eq!(
        value.alerts,
        [url_form_support::Alert::Rain, url_form_support::Alert::Heat]
    );
    assert_eq!(
        value.days, None,
        "nothing ticked on an optional multi-select"
    );
    assert_eq!(
        value.start.map(|d| d.to_string()).as_deref(),
        Some("2025-03-01")
    );

    // Once.
    let again = forms.take(link.id(), &ada(), connect_form().form()).await;
    assert!(
        matches!(again, Err(UrlFormError::AlreadyTaken)),
        "{again:?}"
    );
    let page = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(
        (page.status.as_u16(), page.text("h1").as_str()),
        (410, "This link has been used")
    );
    let repost = post(
        &forms.router(),
        &path_of(link.url()),
        Some("ada"),
        &good_post(),
    )
    .await;
    assert_eq!(repost.status, 410);
}

#[tokio::test]
async fn a_waiter_is_woken_by_the_post() {
    let (forms, _, link) = minted().await;
    let token = token(&forms, &link).await;
    let waiter = {
        let forms = forms.clone();
        let id = link.id().clone();
        tokio::spawn(async move { forms.wait(&id, &ada(), connect_form().form()).await })
    };
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert!(!waiter.is_finished());
    let body = format!("{}&{}", good_post(), pair("_csrf", &token));
    assert_eq!(
        post(&forms.router(), &path_of(link.url()), Some("ada"), &body)
            .await
            .status,
        200
    );
    let value = tokio::time::timeout(Duration::from_secs(5), waiter)
        .await
        .expect("woken")
        .unwrap()
        .unwrap();
    assert_eq!(value.seats, 3);
}

#[tokio::test]
async fn a_bad_post_is_shown_again_with_its_errors_and_without_the_secret() {
    let (forms, store, link) = minted().await;
    let token = token(&forms, &link).await;
    let body = [
        pair("api_key", KEY),
        pair("name", "x1"),
        pair("email", "not an e-mail"),
        pair("seats", "abc"),
        pair("budget", "150"),
        pair("region", "eu"),
        pair("units", "metric"),
        pair("days", "tue"),
        pair("_csrf", &token),
    ]
    .join("&");
    let reply = post(&forms.router(), &path_of(link.url()), Some("ada"), &body).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(!reply.body.contains(KEY), "the secret is never sent back");
    assert_eq!(reply.attr("input[name=api_key]", "value"), None);
    assert!(reply.body.contains("type it once more"));

    // Each field's error next to it, and in the summary.
    let error_of = |name: &str| -> String {
        let id = reply.attr(&format!("[name={name}]"), "id").unwrap();
        let id = id.trim_end_matches("-0").to_owned();
        reply.text(&format!("#{id}-error"))
    };
    assert_eq!(
        error_of("name"),
        "Error: must match the pattern `^[A-Za-z ]+$`"
    );
    assert_eq!(error_of("email"), "Error: must be a valid e-mail address");
    assert_eq!(
        error_of("seats"),
        "Error: must be a whole number, got `abc`"
    );
    assert_eq!(error_of("budget"), "Error: must be at most 99.5, got 150");
    assert_eq!(error_of("alerts"), "Error: select at least 1 option, got 0");
    assert_eq!(
        reply.attr("input[name=name]", "aria-invalid").as_deref(),
        Some("true")
    );
    assert!(
        reply
            .attr("input[name=seats]", "aria-describedby")
            .unwrap()
            .ends_with("-error")
    );
    assert_eq!(reply.count(".summary[role=alert] li"), 5);
    assert!(reply.text("title").starts_with("Error: "));

    // What was typed is kept, to correct it.
    assert_eq!(
        reply.attr("input[name=name]", "value").as_deref(),
        Some("x1")
    );
    assert_eq!(
        reply.attr("input[name=seats]", "value").as_deref(),
        Some("abc")
    );
    assert!(
        reply
            .attr("input[name=region][value=eu]", "checked")
            .is_some()
    );
    assert!(
        reply
            .attr("input[name=days][value=tue]", "checked")
            .is_some()
    );
    assert!(
        reply
            .attr("input[name=days][value=mon]", "checked")
            .is_none()
    );
    // The same token serves the corrected post.
    assert_eq!(reply.token(), token);
    nothing_stored(&forms, &store, &link).await;

    let fixed = format!("{}&{}", good_post(), pair("_csrf", &token));
    let done = post(&forms.router(), &path_of(link.url()), Some("ada"), &fixed).await;
    assert_eq!(done.status, 200, "{}", done.body);
}

#[tokio::test]
async fn a_post_without_its_token_is_refused_and_stores_nothing() {
    let (forms, store, link) = minted().await;
    let right = token(&forms, &link).await;
    let (other_forms, _, other_link) = minted().await;
    let other = token(&other_forms, &other_link).await;
    let path = path_of(link.url());
    for (case, extra) in [
        ("missing", String::new()),
        ("wrong", format!("&{}", pair("_csrf", &"A".repeat(43)))),
        ("another link's", format!("&{}", pair("_csrf", &other))),
        (
            "twice",
            format!("&{}&{}", pair("_csrf", &right), pair("_csrf", &right)),
        ),
        ("empty", "&_csrf=".to_owned()),
    ] {
        let reply = post(
            &forms.router(),
            &path,
            Some("ada"),
            &format!("{}{extra}", good_post()),
        )
        .await;
        assert_eq!(reply.status, 403, "{case}: {}", reply.body);
        assert_eq!(reply.text("h1"), "The form could not be accepted", "{case}");
        assert!(!reply.body.contains(KEY));
    }
    nothing_stored(&forms, &store, &link).await;
}

#[tokio::test]
async fn another_persons_browser_is_refused_and_nothing_is_stored() {
    let (forms, store, link) = minted().await;
    let path = path_of(link.url());
    let page = get(&forms.router(), &path, Some("mallory")).await;
    assert_eq!(page.status, 403);
    assert_eq!(page.text("h1"), "This link is not for you");
    assert_eq!(page.count("form"), 0);
    // Even with Ada's token (which Mallory could not have read), Mallory's post is refused.
    let token = token(&forms, &link).await;
    let body = format!("{}&{}", good_post(), pair("_csrf", &token));
    let reply = post(&forms.router(), &path, Some("mallory"), &body).await;
    assert_eq!(
        (reply.status.as_u16(), reply.text("h1").as_str()),
        (403, "This link is not for you")
    );
    // Nobody signed in: refused too.
    let anonymous = get(&forms.router(), &path, None).await;
    assert_eq!(
        (anonymous.status.as_u16(), anonymous.text("h1").as_str()),
        (403, "Sign in first")
    );
    let anonymous = post(&forms.router(), &path, None, &body).await;
    assert_eq!(anonymous.status, 403);
    nothing_stored(&forms, &store, &link).await;
    // And Mallory cannot take Ada's answer either.
    let taken = forms
        .take(link.id(), &Principal::new("mallory"), connect_form().form())
        .await;
    assert!(
        matches!(taken, Err(UrlFormError::Open(StateError::WrongPrincipal))),
        "{taken:?}"
    );
}

#[tokio::test]
async fn posts_no_page_sends_are_refused_naming_the_problem() {
    let (forms, store, link) = minted().await;
    let token = token(&forms, &link).await;
    let path = path_of(link.url());
    let with_token = |body: String| format!("{body}&{}", pair("_csrf", &token));
    let cases = [
        (
            with_token(format!("{}&bogus=1", good_post())),
            400,
            "`bogus` is not a field of this form",
        ),
        (
            with_token(format!("{}&seats=4", good_post())),
            400,
            "`seats` takes one value and was sent more than once",
        ),
        (
            with_token(format!("{}&name=%FF", good_post())),
            400,
            "the value of `name` is not UTF-8 text",
        ),
        (
            with_token(format!("{}&remember=yes", good_post()).replace("remember=true&", "")),
            422,
            "a checkbox sends `true`, got `yes`",
        ),
        (
            with_token(format!("{}&note={}", good_post(), "x".repeat(5000))),
            413,
            "larger than the 4096 bytes",
        ),
    ];
    for (body, status, says) in cases {
        let reply = post(&forms.router(), &path, Some("ada"), &body).await;
        assert_eq!(reply.status, status, "{says}: {}", reply.body);
        assert!(reply.body.contains(says), "{says}: {}", reply.body);
    }
    let json = post_with(
        &forms.router(),
        &path,
        Some("ada"),
        &with_token(good_post()),
        &[("content-type", "application/json")],
    )
    .await;
    assert_eq!(json.status, 415);
    for (name, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
        ("sec-fetch-site", "same-site"),
    ] {
        let reply = post_with(
            &forms.router(),
            &path,
            Some("ada"),
            &with_token(good_post()),
            &[(name, value)],
        )
        .await;
        assert_eq!(reply.status, 403, "{name}: {value}");
        assert_eq!(reply.text("h1"), "The form was sent from another site");
    }
    let withheld = post_with(
        &forms.router(),
        &path,
        Some("ada"),
        &with_token(good_post()),
        &[("origin", "null"), ("sec-fetch-site", "cross-site")],
    )
    .await;
    assert_eq!(withheld.status, 403);
    nothing_stored(&forms, &store, &link).await;
    // `Origin: null` is what a browser sends under the pages' `no-referrer` policy.
    let accepted = post_with(
        &forms.router(),
        &path,
        Some("ada"),
        &with_token(good_post()),
        &[("origin", "null")],
    )
    .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
}

#[tokio::test]
async fn unknown_expired_and_abandoned_links_are_refused() {
    let (forms, store, link) = minted().await;
    let router = forms.router();
    for path in [
        "/connect/nope".to_owned(),
        format!("/connect/{}", "A".repeat(43)),
    ] {
        let reply = get(&router, &path, Some("ada")).await;
        assert_eq!(
            (reply.status.as_u16(), reply.text("h1").as_str()),
            (404, "Link not found"),
            "{path}"
        );
    }

    assert!(forms.abandon(link.id()).await.unwrap());
    let page = get(&router, &path_of(link.url()), Some("ada")).await;
    assert_eq!(
        (page.status.as_u16(), page.text("h1").as_str()),
        (410, "This request was cancelled")
    );
    let waited = forms.wait(link.id(), &ada(), connect_form().form()).await;
    assert!(matches!(waited, Err(UrlFormError::Abandoned)), "{waited:?}");
    assert_eq!(
        store.get(link.id()).await.unwrap().unwrap().answer,
        LinkAnswer::Abandoned
    );

    // A link that expires: keys without a clock skew allowance, one second to live.
    let keys = url_form_support::keys(3).with_clock_skew(Duration::ZERO);
    let short = UrlForms::builder(BASE, keys, url_form_support::identify)
        .ttl(Duration::from_secs(1))
        .poll_interval(Duration::from_millis(50))
        .build()
        .unwrap();
    let link = short.mint(&ada(), "e-2", connect_form()).await.unwrap();
    let started = std::time::Instant::now();
    let waited = short.wait(link.id(), &ada(), connect_form().form()).await;
    assert!(matches!(waited, Err(UrlFormError::Expired)), "{waited:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
    let page: Reply = get(&short.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(
        (page.status.as_u16(), page.text("h1").as_str()),
        (410, "This link has expired")
    );
    // Expired, another person's browser is still told only that the link is not theirs.
    let foreign = get(&short.router(), &path_of(link.url()), Some("mallory")).await;
    assert_eq!(foreign.status, 403);
}

#[tokio::test]
async fn a_misnamed_secret_is_refused_when_minting() {
    let (forms, _, _) = minted().await;
    let wrong = forms
        .mint(
            &ada(),
            "e",
            url_form_support::connect_form().secret("region"),
        )
        .await
        .unwrap_err();
    assert_eq!(
        wrong.to_string(),
        "`region` is named a secret, but it is not a string field"
    );
    let missing = forms
        .mint(
            &ada(),
            "e",
            url_form_support::connect_form().secret("apikey"),
        )
        .await
        .unwrap_err();
    assert_eq!(
        missing.to_string(),
        "`apikey` is named a secret, but the form has no such field"
    );
}
