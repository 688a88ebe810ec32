//! The stores of URL-mode forms, held to one contract: in memory, and in a real Redis that the
//! test starts and stops itself (skipped, saying why, where `redis-server` is missing, unless
//! `ELICIT_REQUIRE_SERVICES=1`). Redis's `ReplayGuard` too, and two servers sharing one Redis:
//! a link minted by one answered through the other's page, and a state used once on one
//! refused on the other.

mod url_form_support;

use std::time::Duration;

use elicit_core::redis::{RedisReplayGuard, RedisStore};
use elicit_core::state::{
    Binding, MemoryReplayGuard, Owner, Principal, ReplayGuard, StateError, StateId, StateUse,
};
use elicit_core::url_form::{
    Created, ExposeSecret, LinkAnswer, LinkId, LinkOwner, MemoryStore, NewLink, UrlFormStore,
};
use serde_json::json;
use url_form_support::services::redis_server;
use url_form_support::{KEY, connect_form, forms_on, get, good_post, pair, path_of, post};

/// An id of `letter` repeated (one whose last character leaves no bits over: `A`, `E`, `I`…).
fn id(letter: char) -> LinkId {
    LinkId::parse(&letter.to_string().repeat(43)).expect("an id")
}

/// Ada's links count against her digest; each test's `limit` is high unless it says.
fn ada() -> LinkOwner {
    LinkOwner::new("ada's digest", None)
}

/// Creates link `id` for `owner`, open and kept for `keep`, under a limit of `limit`.
async fn create_for(
    store: &dyn UrlFormStore,
    id: &LinkId,
    record: &str,
    owner: &LinkOwner,
    (open_for, keep, limit): (Duration, Duration, usize),
) -> Created {
    store
        .create(NewLink {
            id,
            record: record.into(),
            owner,
            open_for,
            keep,
            limit,
        })
        .await
        .unwrap()
}

/// Creates link `id` for Ada, open and kept for `keep`.
async fn create(store: &dyn UrlFormStore, id: &LinkId, record: &str, keep: Duration) -> Created {
    create_for(store, id, record, &ada(), (keep, keep, 100)).await
}

/// What every store must do.
async fn contract(store: &dyn UrlFormStore) {
    let keep = Duration::from_secs(60);
    let a = id('A');
    assert_eq!(store.get(&a).await.unwrap(), None);
    assert_eq!(create(store, &a, "record-a", keep).await, Created::Created);
    assert_eq!(
        create(store, &a, "other", keep).await,
        Created::IdTaken,
        "an id is created once"
    );
    let stored = store.get(&a).await.unwrap().unwrap();
    assert_eq!(
        (stored.record.as_str(), stored.answer),
        ("record-a", LinkAnswer::Pending)
    );
    assert_eq!(
        store.take(&a).await.unwrap(),
        LinkAnswer::Pending,
        "nothing to take yet"
    );
    assert_eq!(
        store.get(&a).await.unwrap().unwrap().answer,
        LinkAnswer::Pending
    );

    assert!(
        store
            .settle(&a, LinkAnswer::Submitted("sealed".into()), keep)
            .await
            .unwrap()
    );
    assert!(
        !store
            .settle(&a, LinkAnswer::Submitted("second".into()), keep)
            .await
            .unwrap(),
        "one answer"
    );
    assert!(!store.settle(&a, LinkAnswer::Abandoned, keep).await.unwrap());
    assert_eq!(
        store.get(&a).await.unwrap().unwrap().answer,
        LinkAnswer::Submitted("sealed".into())
    );
    assert_eq!(
        store.take(&a).await.unwrap(),
        LinkAnswer::Submitted("sealed".into())
    );
    assert_eq!(
        store.take(&a).await.unwrap(),
        LinkAnswer::Taken,
        "taken once"
    );
    assert_eq!(
        store.get(&a).await.unwrap().unwrap().answer,
        LinkAnswer::Taken
    );

    let e = id('E');
    assert_eq!(create(store, &e, "record-b", keep).await, Created::Created);
    assert!(store.settle(&e, LinkAnswer::Abandoned, keep).await.unwrap());
    assert_eq!(
        store.take(&e).await.unwrap(),
        LinkAnswer::Abandoned,
        "an abandoned link stays so"
    );
    assert_eq!(
        store.get(&e).await.unwrap().unwrap().answer,
        LinkAnswer::Abandoned
    );

    // Entries are forgotten when their time is up.
    let i = id('I');
    assert_eq!(
        create(store, &i, "record-c", Duration::from_millis(200)).await,
        Created::Created
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(store.get(&i).await.unwrap(), None);
    assert_eq!(create(store, &i, "again", keep).await, Created::Created);

    // An answer is kept for as long as it is settled with, past what its link was kept for.
    let k = id('o');
    let short = Duration::from_millis(200);
    assert_eq!(create(store, &k, "record-k", short).await, Created::Created);
    assert!(
        store
            .settle(&k, LinkAnswer::Submitted("kept".into()), keep)
            .await
            .unwrap()
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        store.take(&k).await.unwrap(),
        LinkAnswer::Submitted("kept".into()),
        "the answer outlives the link's own time"
    );
}

/// Each person has their own allowance of live links: a link settled (answered or abandoned)
/// or closed stops counting at once; another person is never refused for it; each question's
/// latest link is found again.
async fn quotas(store: &dyn UrlFormStore) {
    let long = Duration::from_secs(60);
    let bob = LinkOwner::new("bob's digest", Some("bob's question".into()));
    let carol = LinkOwner::new("carol's digest", None);
    let under = |limit| (long, long, limit);
    let [p, q, r, s] = ['Q', 'U', 'Y', 'c'].map(id);
    assert_eq!(
        create_for(store, &p, "r", &bob, under(2)).await,
        Created::Created
    );
    assert_eq!(
        create_for(store, &q, "r", &bob, under(2)).await,
        Created::Created
    );
    assert_eq!(
        create_for(store, &r, "r", &bob, under(2)).await,
        Created::Full,
        "Bob has two live links"
    );
    assert_eq!(
        store.get(&r).await.unwrap(),
        None,
        "nothing kept when refused"
    );
    // Carol is not Bob.
    assert_eq!(
        create_for(store, &r, "r", &carol, under(2)).await,
        Created::Created
    );
    // An abandoned (or answered) link frees its slot.
    assert!(store.settle(&p, LinkAnswer::Abandoned, long).await.unwrap());
    assert_eq!(
        create_for(store, &s, "r", &bob, under(2)).await,
        Created::Created
    );
    assert!(
        store
            .settle(&q, LinkAnswer::Submitted("x".into()), long)
            .await
            .unwrap()
    );
    // Bob's question's latest link.
    assert_eq!(store.find("bob's question").await.unwrap(), Some(s.clone()));
    assert_eq!(store.find("nobody's question").await.unwrap(), None);

    // A link closed unanswered stops counting when it closes, and is still kept.
    let dave = LinkOwner::new("dave's digest", None);
    let short = (Duration::from_millis(200), long, 1);
    let [t, u] = ['g', 'k'].map(id);
    assert_eq!(
        create_for(store, &t, "r", &dave, short).await,
        Created::Created
    );
    assert_eq!(
        create_for(store, &u, "r", &dave, short).await,
        Created::Full
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        create_for(store, &u, "r", &dave, short).await,
        Created::Created
    );
    assert!(
        store.get(&t).await.unwrap().is_some(),
        "kept for its answer"
    );

    // A question asked again finds its latest link, also once an earlier one is forgotten.
    let erin = LinkOwner::new("erin's digest", Some("erin's question".into()));
    let [older, newer] = ['w', '0'].map(id);
    let brief = Duration::from_millis(150);
    assert_eq!(
        create_for(store, &older, "r", &erin, (brief, brief, 5)).await,
        Created::Created
    );
    assert_eq!(
        create_for(store, &newer, "r", &erin, under(5)).await,
        Created::Created
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(store.get(&older).await.unwrap(), None, "forgotten");
    assert_eq!(
        store.find("erin's question").await.unwrap(),
        Some(newer),
        "the latest link outlives the one before"
    );
}

/// Two tasks settle one link at once: exactly one wins.
async fn one_winner(store: &(dyn UrlFormStore + 'static)) {
    let m = id('M');
    let keep = Duration::from_secs(60);
    assert_eq!(create(store, &m, "record-d", keep).await, Created::Created);
    let (first, second) = tokio::join!(
        store.settle(&m, LinkAnswer::Submitted("one".into()), keep),
        store.settle(&m, LinkAnswer::Submitted("two".into()), keep),
    );
    assert!(first.unwrap() ^ second.unwrap());
}

#[tokio::test]
async fn the_memory_store_keeps_the_contract() {
    let store = MemoryStore::new();
    assert!(store.is_empty());
    assert_eq!(
        create(&store, &id('s'), "record-s", Duration::from_secs(60)).await,
        Created::Created
    );
    assert_eq!((store.len(), store.is_empty()), (1, false));
    contract(&store).await;
    quotas(&store).await;
    one_winner(&store).await;
}

#[tokio::test]
async fn the_redis_store_keeps_the_contract() {
    let Some(redis) = redis_server("the_redis_store_keeps_the_contract") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let store = RedisStore::connect(&url).await.expect("connected");
    contract(&store).await;
    quotas(&store).await;
    one_winner(&store).await;
    // Another prefix is another store on the same server.
    let other = store.clone().with_prefix("other:");
    assert_eq!(other.get(&id('A')).await.unwrap(), None);
}

/// A use of state `byte`, acceptable for a minute.
fn used(byte: u8) -> StateUse {
    StateUse::new(
        StateId::from_bytes([byte; 24]),
        Owner::Tool([1; 16]),
        std::time::SystemTime::now() + Duration::from_secs(60),
    )
}

#[tokio::test]
async fn the_redis_replay_guard_remembers_each_state_until_it_cannot_open() {
    let Some(redis) = redis_server("the_redis_replay_guard_remembers_each_state") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    // The states here live a minute: the guard is told so (see `with_longest_state`).
    let guard = RedisReplayGuard::connect(&url)
        .await
        .expect("connected")
        .with_longest_state(Duration::from_secs(50));
    assert!(guard.first_use(used(1)).await.unwrap());
    assert!(!guard.first_use(used(1)).await.unwrap());
    assert!(guard.first_use(used(2)).await.unwrap());
    // Kept until a margin past the last moment the state opens, by Redis's own clock.
    let mut raw = redis::Client::open(url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let key = format!("elicit:state:{}", StateId::from_bytes([1; 24]));
    let ttl: i64 = redis::cmd("PTTL")
        .arg(&key)
        .query_async(&mut raw)
        .await
        .unwrap();
    assert!((110_000..=121_000).contains(&ttl), "{ttl} ms");
    let owner: String = redis::cmd("GET")
        .arg(&key)
        .query_async(&mut raw)
        .await
        .unwrap();
    assert_eq!(owner, Owner::Tool([1; 16]).to_string());
    // Same as the memory guard, through `open_once`.
    let keys = url_form_support::keys(9);
    let call = Binding::tool("pay", &json!({"invoice": 7}));
    let sealed = keys.seal(&"once", &call).unwrap();
    assert_eq!(
        keys.open_once::<String>(&sealed, &call, &guard)
            .await
            .unwrap(),
        "once"
    );
    assert_eq!(
        keys.open_once::<String>(&sealed, &call, &guard).await,
        Err(StateError::AlreadyUsed)
    );
    // Redis gone: refused, not let through.
    drop(redis);
    let refused = keys
        .open_once::<String>(&keys.seal(&"x", &call).unwrap(), &call, &guard)
        .await;
    assert!(
        matches!(refused, Err(StateError::GuardFailed(_))),
        "{refused:?}"
    );
    let _ = MemoryReplayGuard::new();
}

#[tokio::test]
async fn two_servers_share_links_answers_and_used_states_through_redis() {
    let Some(redis) = redis_server("two_servers_share_links_answers_and_used_states") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let base = "https://forms.example/connect";
    // Two servers: their own connections, the same keys (byte 5) and Redis.
    let first = forms_on(
        RedisStore::connect(&url).await.unwrap(),
        base,
        5,
        Duration::from_secs(60),
    );
    let second = forms_on(
        RedisStore::connect(&url).await.unwrap(),
        base,
        5,
        Duration::from_secs(60),
    );
    // The second serves the form by name, at start-up.
    second.serve(connect_form());
    assert!(second.serves("connect"));

    let ada = Principal::new("ada");
    let link = first.mint(&ada, "e-1", connect_form()).await.unwrap();
    let path = path_of(link.url());
    let waiter = {
        let first = first.clone();
        let id = link.id().clone();
        let ada = ada.clone();
        tokio::spawn(async move { first.wait(&id, &ada, connect_form().form()).await })
    };

    // Ada's browser reaches the second server: the page, and a bad then a good post.
    let page = get(&second.router(), &path, Some("ada")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let token = page.token();
    let mallory = get(&second.router(), &path, Some("mallory")).await;
    assert_eq!(mallory.status, 403);
    let bad = post(
        &second.router(),
        &path,
        Some("ada"),
        &format!("seats=0&{}", pair("_csrf", &token)),
    )
    .await;
    assert_eq!(bad.status, 422);
    assert!(bad.body.contains("must be at least 1, got 0"));
    let good = post(
        &second.router(),
        &path,
        Some("ada"),
        &format!("{}&{}", good_post(), pair("_csrf", &token)),
    )
    .await;
    assert_eq!(good.status, 200, "{}", good.body);

    // The first server's waiter sees it (by polling the store) and takes it, typed.
    let value = tokio::time::timeout(Duration::from_secs(5), waiter)
        .await
        .expect("seen")
        .unwrap()
        .unwrap();
    assert_eq!(value.api_key.expose_secret(), KEY);
    assert_eq!(value.seats, 3);
    // Used, on both.
    assert_eq!(get(&first.router(), &path, Some("ada")).await.status, 410);
    assert_eq!(get(&second.router(), &path, Some("ada")).await.status, 410);

    // At rest, Redis holds only sealed strings.
    let mut raw = redis::Client::open(url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg("elicit:url-form:*")
        .query_async(&mut raw)
        .await
        .unwrap();
    // The link's record and answer, and Ada's set of live links (empty once answered, so
    // gone).
    assert_eq!(keys.len(), 2, "{keys:?}");
    for key in keys {
        let kind: String = redis::cmd("TYPE")
            .arg(&key)
            .query_async(&mut raw)
            .await
            .unwrap();
        let value: String = match kind.as_str() {
            "hash" => {
                let fields: Vec<String> = redis::cmd("HVALS")
                    .arg(&key)
                    .query_async(&mut raw)
                    .await
                    .unwrap();
                fields.join(" ")
            }
            _ => redis::cmd("GET")
                .arg(&key)
                .query_async(&mut raw)
                .await
                .unwrap(),
        };
        for clear in [KEY, "Lovelace", "\"ada\"", "e-1", "api_key"] {
            assert!(!value.contains(clear), "{key} holds {clear:?}");
        }
    }

    // A state used once on one server is refused on the other.
    let call = Binding::tool("pay", &json!({"invoice": 7})).with_principal(&ada);
    let ring = url_form_support::keys(5);
    let sealed = ring.seal(&"confirmed", &call).unwrap();
    let guard_one = RedisStore::connect(&url)
        .await
        .unwrap()
        .replay_guard()
        .await
        .unwrap();
    let guard_two = RedisReplayGuard::connect(&url).await.unwrap();
    assert_eq!(
        ring.open_once::<String>(&sealed, &call, &guard_one)
            .await
            .unwrap(),
        "confirmed"
    );
    assert_eq!(
        ring.open_once::<String>(&sealed, &call, &guard_two).await,
        Err(StateError::AlreadyUsed)
    );
}
