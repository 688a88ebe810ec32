//! Security decisions of URL-mode forms that no other test would notice the removal of:
//! another person's take of an answer already posted; a post that does not fit the page it
//! was shown (a form shaped at run time, on the instance that minted it and on another that
//! serves a wider form under the same name); how long Redis keeps each key (to the
//! millisecond: `PX`, never `EX`'s whole seconds; `KEEPTTL` when an answer is taken), and the
//! replay guard's.

mod url_form_support;

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use elicit_core::Elicit;
use elicit_core::redis::{RedisReplayGuard, RedisStore};
use elicit_core::state::{Owner, Principal, ReplayGuard, StateError, StateId, StateUse};
use elicit_core::url_form::{
    Created, LinkAnswer, LinkId, LinkOwner, MemoryStore, NewLink, SecretString, UrlForm,
    UrlFormError, UrlFormStore,
};
use url_form_support::services::redis_server;
use url_form_support::{BASE, connect_form, forms_on, get, good_post, path_of, post};

fn ada() -> Principal {
    Principal::new("ada")
}

#[tokio::test]
async fn another_person_cannot_take_an_answer_already_posted() {
    let forms = forms_on(MemoryStore::new(), BASE, 5, Duration::from_secs(60));
    let link = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    let router = forms.router();
    let path = path_of(link.url());
    let token = get(&router, &path, Some("ada")).await.token();
    let posted = post(
        &router,
        &path,
        Some("ada"),
        &format!("_csrf={token}&{}", good_post()),
    )
    .await;
    assert_eq!(posted.status, 200, "{}", posted.body);

    // Mallory's take, and her wait, are refused, and take nothing.
    let mallory = Principal::new("mallory");
    for _ in 0..2 {
        let taken = forms.take(link.id(), &mallory, connect_form().form()).await;
        assert!(
            matches!(taken, Err(UrlFormError::Open(StateError::WrongPrincipal))),
            "{taken:?}"
        );
    }
    let waited = forms.wait(link.id(), &mallory, connect_form().form()).await;
    assert!(
        matches!(waited, Err(UrlFormError::Open(StateError::WrongPrincipal))),
        "{waited:?}"
    );
    // Ada's answer is still there, once.
    let value = forms
        .take(link.id(), &ada(), connect_form().form())
        .await
        .unwrap();
    assert_eq!(
        value.map(|connect| connect.name),
        Some("Ada Lovelace".to_owned())
    );
    let again = forms.take(link.id(), &ada(), connect_form().form()).await;
    assert!(
        matches!(again, Err(UrlFormError::AlreadyTaken)),
        "{again:?}"
    );
}

/// Seats on a trip, and the card that pays: shaped at run time to the seats that are left.
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Seats {
    #[elicit(minimum = 1, maximum = 9)]
    seats: u8,
    card: SecretString,
}

/// `Seats` with at most `left` seats, named as a fleet knows it.
fn seats(left: u8) -> UrlForm<Seats> {
    let form = Seats::form().seats(|f| f.maximum(left)).build().unwrap();
    UrlForm::from_form(form).named("seats")
}

const CARD: &str = "4242424242424242";

#[tokio::test]
async fn a_post_is_read_against_the_page_it_was_shown_on_every_instance() {
    // Two instances, one store and the same keys. A minted the link with 2 seats left; B
    // serves the type's own form (up to 9) under the same name.
    let store = Arc::new(MemoryStore::new());
    let a = forms_on(Arc::clone(&store), BASE, 5, Duration::from_secs(60));
    let b = forms_on(Arc::clone(&store), BASE, 5, Duration::from_secs(60));
    b.serve(UrlForm::<Seats>::new().named("seats"));

    for (minting, answering) in [(&a, &a), (&a, &b)] {
        let link = minting.mint(&ada(), "e-1", seats(2)).await.unwrap();
        let router = answering.router();
        let path = path_of(link.url());
        let page = get(&router, &path, Some("ada")).await;
        assert_eq!(page.status, 200, "{}", page.body);
        // The page states the narrowed bound.
        assert_eq!(page.attr("input[name=seats]", "max").as_deref(), Some("2"));
        let token = page.token();
        // Five seats fit the type's form, not the page shown: refused, nothing stored.
        let refused = post(
            &router,
            &path,
            Some("ada"),
            &format!("_csrf={token}&seats=5&card={CARD}"),
        )
        .await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(refused.body.contains("at most 2"), "{}", refused.body);
        assert!(!refused.body.contains(CARD));
        assert_eq!(
            store.get(link.id()).await.unwrap().unwrap().answer,
            LinkAnswer::Pending
        );
        // Two fit.
        let token = refused.token();
        let taken = post(
            &router,
            &path,
            Some("ada"),
            &format!("_csrf={token}&seats=2&card={CARD}"),
        )
        .await;
        assert_eq!(taken.status, 200, "{}", taken.body);
        let value = minting
            .take(link.id(), &ada(), seats(2).form())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(value.seats, 2);
    }
}

fn id(letter: char) -> LinkId {
    LinkId::parse(&letter.to_string().repeat(43)).unwrap()
}

/// `PTTL key` in milliseconds (`-1`: no expiry, `-2`: no key).
async fn pttl(connection: &mut redis::aio::MultiplexedConnection, key: &str) -> i64 {
    redis::cmd("PTTL")
        .arg(key)
        .query_async(connection)
        .await
        .unwrap()
}

#[tokio::test]
async fn redis_keeps_each_key_to_the_millisecond_and_an_answer_taken_as_long_as_before() {
    let Some(redis) = redis_server("redis_keeps_each_key_to_the_millisecond") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let store = RedisStore::connect(&url).await.unwrap();
    let client = redis::Client::open(url.as_str()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let a = id('A');
    let link_key = format!("elicit:url-form:{{{a}}}:link");
    let answer_key = format!("elicit:url-form:{{{a}}}:answer");

    // 1 500 ms: `PX` keeps 1 500, `EX` would keep 1 000 (or refuse a fraction).
    let keep = Duration::from_millis(1_500);
    let owner = LinkOwner::new("ada's digest", None);
    let link = |id, keep| NewLink {
        id,
        record: "record".into(),
        owner: &owner,
        open_for: keep,
        keep,
        limit: 20,
    };
    assert_eq!(
        store.create(link(&a, keep)).await.unwrap(),
        Created::Created
    );
    let ttl = pttl(&mut connection, &link_key).await;
    assert!(
        (1_000..=1_500).contains(&ttl) && ttl > 1_000,
        "link: {ttl} ms"
    );

    let keep = Duration::from_millis(2_700);
    assert!(
        store
            .settle(&a, LinkAnswer::Submitted("sealed".into()), keep)
            .await
            .unwrap()
    );
    let before = pttl(&mut connection, &answer_key).await;
    assert!(before > 2_000 && before <= 2_700, "answer: {before} ms");
    // Taken, it is kept as long as it was (not for ever, not anew).
    assert_eq!(
        store.take(&a).await.unwrap(),
        LinkAnswer::Submitted("sealed".into())
    );
    let after = pttl(&mut connection, &answer_key).await;
    assert!(
        after > 0 && after <= before,
        "taken: {after} ms (before: {before} ms)"
    );
    let value: String = redis::cmd("GET")
        .arg(&answer_key)
        .query_async(&mut connection)
        .await
        .unwrap();
    assert_eq!(value, "!taken");

    // An abandoned link too.
    let e = id('E');
    assert_eq!(
        store.create(link(&e, keep)).await.unwrap(),
        Created::Created
    );
    assert!(
        store
            .settle(&e, LinkAnswer::Abandoned, Duration::from_millis(1_300))
            .await
            .unwrap()
    );
    let ttl = pttl(&mut connection, &format!("elicit:url-form:{{{e}}}:answer")).await;
    assert!(ttl > 1_000 && ttl <= 1_300, "abandoned: {ttl} ms");

    // The replay guard: a state acceptable for 1.8 s more is remembered at least that long
    // (rounded up to the second: never shorter) and a margin (here none) more: in milliseconds
    // (`PX`; `EX` would read the same number as seconds).
    let guard = RedisReplayGuard::new(elicit_core::redis::connect(&url).await.unwrap())
        .with_margin(Duration::ZERO)
        .with_longest_state(Duration::from_secs(1));
    guard.start().await.unwrap();
    let used = StateUse::new(
        StateId::from_bytes([9; 24]),
        Owner::Tool([2; 16]),
        SystemTime::now() + Duration::from_millis(1_800),
    );
    assert!(guard.first_use(used).await.unwrap());
    assert!(!guard.first_use(used).await.unwrap(), "used once");
    let key = format!("elicit:state:{}", StateId::from_bytes([9; 24]));
    let ttl = pttl(&mut connection, &key).await;
    assert!(ttl > 1_700 && ttl <= 2_000, "guard: {ttl} ms");
}
