//! A link lives what its author said (`UrlFormsBuilder::ttl`), on one server: its page takes
//! a post until then and not a moment after, and a wait for it ends then; an allowance for
//! the clocks of a fleet (`clock_skew`) is opt-in, and holds to its own edge. Each edge is
//! tried from both sides, timed from what minting says (`PendingLink::expires_at`).

mod url_form_support;

use std::time::{Duration, Instant, SystemTime};

use elicit_core::state::Principal;
use elicit_core::url_form::{MemoryStore, PendingLink, UrlFormError, UrlForms};
use url_form_support::{BASE, Reply, connect_form, get, good_post, identify, keys, path_of, post};

const TTL: Duration = Duration::from_secs(2);

fn forms(skew: Option<Duration>) -> UrlForms {
    // The key ring keeps its own 5-second allowance for request states: a link ignores it.
    let mut builder = UrlForms::builder(BASE, keys(11), identify)
        .store(MemoryStore::new())
        .ttl(TTL)
        .poll_interval(Duration::from_millis(500));
    if let Some(skew) = skew {
        builder = builder.clock_skew(skew);
    }
    builder.build().expect("forms")
}

fn ada() -> Principal {
    Principal::new("ada")
}

/// Sleeps until `offset` from `at` (a moment by the system clock), or not at all if it is past.
async fn sleep_until(at: SystemTime, offset: i64) {
    let target = if offset >= 0 {
        at + Duration::from_millis(offset.unsigned_abs())
    } else {
        at - Duration::from_millis(offset.unsigned_abs())
    };
    if let Ok(left) = target.duration_since(SystemTime::now()) {
        tokio::time::sleep(left).await;
    }
}

/// Opens the page of `link` as Ada and posts a good answer.
async fn answer(forms: &UrlForms, link: &PendingLink) -> Reply {
    let router = forms.router();
    let path = path_of(link.url());
    let page = get(&router, &path, Some("ada")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let token = page.token();
    post(
        &router,
        &path,
        Some("ada"),
        &format!("_csrf={token}&{}", good_post()),
    )
    .await
}

#[tokio::test]
async fn a_link_takes_a_post_until_its_ttl_and_not_after() {
    let forms = forms(None);
    let minted_at = SystemTime::now();
    let inside = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    let late = forms.mint(&ada(), "e-2", connect_form()).await.unwrap();
    // Its last moment is its TTL, to the second (never after it, at most a second before).
    let closes = inside.expires_at();
    assert!(
        closes <= minted_at + TTL + Duration::from_millis(50),
        "{closes:?}"
    );
    assert!(
        closes + Duration::from_secs(1) >= minted_at + TTL,
        "{closes:?}"
    );

    // 150 ms before it closes: taken.
    sleep_until(closes, -150).await;
    let posted = answer(&forms, &inside).await;
    assert_eq!(posted.status, 200, "{}", posted.body);
    let value = forms
        .take(inside.id(), &ada(), connect_form().form())
        .await
        .unwrap();
    assert!(value.is_some());

    // 50 ms after the TTL the author gave (and so after it closed): refused, and nothing kept.
    sleep_until(minted_at + TTL, 50).await;
    let router = forms.router();
    let page = get(&router, &path_of(late.url()), Some("ada")).await;
    assert_eq!(
        (page.status.as_u16(), page.text("h1").as_str()),
        (410, "This link has expired")
    );
    let taken = forms.take(late.id(), &ada(), connect_form().form()).await;
    assert!(matches!(taken, Err(UrlFormError::Expired)), "{taken:?}");
}

#[tokio::test]
async fn a_page_opened_in_time_and_posted_late_is_refused() {
    let forms = forms(None);
    let minted_at = SystemTime::now();
    let link = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    let router = forms.router();
    let path = path_of(link.url());
    let page = get(&router, &path, Some("ada")).await;
    assert_eq!(page.status, 200);
    let token = page.token();
    sleep_until(minted_at + TTL, 50).await;
    let posted = post(
        &router,
        &path,
        Some("ada"),
        &format!("_csrf={token}&{}", good_post()),
    )
    .await;
    assert_eq!(
        (posted.status.as_u16(), posted.text("h1").as_str()),
        (410, "This link has expired")
    );
}

#[tokio::test]
async fn a_wait_ends_when_the_link_closes() {
    let forms = forms(None);
    let link = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    let started = Instant::now();
    let waited = forms.wait(link.id(), &ada(), connect_form().form()).await;
    let elapsed = started.elapsed();
    assert!(matches!(waited, Err(UrlFormError::Expired)), "{waited:?}");
    // Not before the link closed, and not a poll interval (500 ms) after it: at its last moment.
    let open_for = link
        .expires_at()
        .duration_since(SystemTime::now() - elapsed)
        .unwrap_or_default();
    assert!(
        elapsed + Duration::from_millis(20) >= open_for,
        "{elapsed:?} < {open_for:?}"
    );
    assert!(
        elapsed <= open_for + Duration::from_millis(200),
        "{elapsed:?} > {open_for:?}"
    );
    assert!(elapsed <= TTL + Duration::from_millis(200), "{elapsed:?}");
    // The page says so too.
    let page = get(&forms.router(), &path_of(link.url()), Some("ada")).await;
    assert_eq!(page.status, 410);
}

#[tokio::test]
async fn a_clock_allowance_is_opt_in_and_holds_to_its_own_edge() {
    let skew = Duration::from_secs(2);
    let forms = forms(Some(skew));
    let minted_at = SystemTime::now();
    let inside = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    let late = forms.mint(&ada(), "e-2", connect_form()).await.unwrap();
    // It closes the allowance after the sealed expiry: past the TTL, within TTL + skew.
    let closes = inside.expires_at();
    assert!(closes > minted_at + TTL, "{closes:?}");
    assert!(
        closes <= minted_at + TTL + skew + Duration::from_millis(50),
        "{closes:?}"
    );

    // Past the TTL, within the allowance: taken.
    sleep_until(minted_at + TTL, 300).await;
    assert!(SystemTime::now() + Duration::from_millis(100) < closes);
    let posted = answer(&forms, &inside).await;
    assert_eq!(posted.status, 200, "{}", posted.body);

    // Past the allowance: refused.
    sleep_until(late.expires_at(), 50).await;
    let page = get(&forms.router(), &path_of(late.url()), Some("ada")).await;
    assert_eq!(page.status, 410);
}
