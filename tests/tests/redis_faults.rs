//! Redis used safely: a Redis that may evict keys is refused when the store or guard
//! connects; a Redis that is down, slow or answers garbage refuses each caller promptly with
//! a short, stable answer (the page's "Try again in a moment", a state refused), and never
//! lets a state through twice, loses an answer it said it kept, or panics.
//!
//! A real `redis-server` where one is needed (skipped, saying why, where it is missing, unless
//! `ELICIT_REQUIRE_SERVICES=1`); a slow or garbling Redis is a fake one on a local port, which
//! answers `INFO` as a Redis that evicts nothing (so that connecting succeeds) and then stalls,
//! or answers nonsense.

mod url_form_support;

use std::time::{Duration, Instant, SystemTime};

use elicit_core::redis::{RedisReplayGuard, RedisStore};
use elicit_core::state::{Owner, Principal, ReplayGuard, StateId, StateUse};
use elicit_core::url_form::{UrlFormError, UrlForms};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use url_form_support::services::{redis_server, redis_server_with};
use url_form_support::{BASE, connect_form, forms_on, get, path_of};

fn ada() -> Principal {
    Principal::new("ada")
}

fn used() -> StateUse {
    StateUse::new(
        StateId::from_bytes([3; 24]),
        Owner::Tool([4; 16]),
        SystemTime::now() + Duration::from_secs(700),
    )
}

#[tokio::test]
async fn a_redis_that_may_evict_keys_is_refused() {
    for policy in ["allkeys-lru", "volatile-ttl"] {
        let Some(redis) = redis_server_with(
            "a_redis_that_may_evict_keys_is_refused",
            &["--maxmemory-policy", policy],
        ) else {
            return;
        };
        let url = format!("redis://127.0.0.1:{}/", redis.port);
        let error = RedisStore::connect(&url).await.unwrap_err().to_string();
        assert!(
            error.contains(&format!("its maxmemory-policy is {policy}")),
            "{error}"
        );
        assert!(error.contains("noeviction"), "{error}");
        let error = RedisReplayGuard::connect(&url)
            .await
            .unwrap_err()
            .to_string();
        assert!(error.contains(policy), "{error}");
    }
    // `noeviction`, Redis's own default, is taken.
    let Some(redis) = redis_server("a_redis_that_may_evict_keys_is_refused") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    assert!(RedisStore::connect(&url).await.is_ok());
}

#[tokio::test]
async fn a_redis_that_goes_down_refuses_each_caller_promptly() {
    let Some(redis) = redis_server("a_redis_that_goes_down_refuses_each_caller_promptly") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let forms = forms_on(
        RedisStore::connect(&url).await.unwrap(),
        BASE,
        6,
        Duration::from_secs(60),
    );
    let guard = RedisReplayGuard::connect(&url).await.unwrap();
    let link = forms.mint(&ada(), "e-1", connect_form()).await.unwrap();
    assert!(guard.first_use(used()).await.unwrap());

    drop(redis); // killed
    refuses_promptly(&forms, &guard, link.url()).await;
}

/// Against a Redis that cannot answer: minting fails, the page asks to try again, the
/// guard refuses (a replay of the state used before is not let through), each within a few
/// seconds, none with a panic.
async fn refuses_promptly(forms: &UrlForms, guard: &RedisReplayGuard, url: &str) {
    let started = Instant::now();
    let minted = forms.mint(&ada(), "e-2", connect_form()).await;
    assert!(matches!(minted, Err(UrlFormError::Store(_))), "{minted:?}");
    let page = get(&forms.router(), &path_of(url), Some("ada")).await;
    assert_eq!(
        (page.status.as_u16(), page.text("h1").as_str()),
        (503, "Try again in a moment")
    );
    assert!(
        !page.body.contains("127.0.0.1"),
        "no text of the store's: {}",
        page.body
    );
    let replay = guard.first_use(used()).await;
    assert!(replay.is_err(), "a replay must not pass: {replay:?}");
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(12), "{elapsed:?}");
}

/// A fake Redis on a free local port: `INFO` answered as a Redis that evicts nothing, `CLIENT`
/// commands with `OK`, the guard's start with a mark long past; anything else stalls for ever
/// (`garbage` false) or gets an answer no command expects.
async fn fake_redis(garbage: bool) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                loop {
                    // One command: `*N`, then N bulk strings (`$len`, the bytes).
                    let Ok(Some(header)) = lines.next_line().await else {
                        return;
                    };
                    let count: usize = header.trim_start_matches('*').parse().unwrap_or(0);
                    let mut words = Vec::new();
                    for _ in 0..count {
                        let _ = lines.next_line().await;
                        if let Ok(Some(word)) = lines.next_line().await {
                            words.push(word.to_uppercase());
                        }
                    }
                    // The guard's mark of when its memory began: long ago.
                    let epoch = words
                        .get(1)
                        .is_some_and(|script| script.contains("TONUMBER(E)"));
                    let reply: &[u8] = match words.first().map(String::as_str) {
                        Some("INFO") => {
                            b"$47\r\n# Memory\r\nmaxmemory_policy:noeviction\r\nused:1\r\n\r\n"
                        }
                        Some("EVAL") if epoch => b":1\r\n",
                        Some("CLIENT" | "SELECT" | "PING") => b"+OK\r\n",
                        _ if garbage => b"*2\r\n+what\r\n%not-resp\r\n",
                        _ => {
                            // Stalls: holds the connection open, answering nothing.
                            std::future::pending::<()>().await;
                            return;
                        }
                    };
                    if write.write_all(reply).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    port
}

#[tokio::test]
async fn a_slow_redis_refuses_each_caller_after_its_timeout() {
    let port = fake_redis(false).await;
    let url = format!("redis://127.0.0.1:{port}/");
    let forms = forms_on(
        RedisStore::connect(&url).await.unwrap(),
        BASE,
        6,
        Duration::from_secs(60),
    );
    let guard = RedisReplayGuard::connect(&url).await.unwrap();
    let link_url = format!("{BASE}/{}", "A".repeat(43));
    refuses_promptly(&forms, &guard, &link_url).await;
}

#[tokio::test]
async fn a_redis_that_answers_garbage_refuses_each_caller() {
    let port = fake_redis(true).await;
    let url = format!("redis://127.0.0.1:{port}/");
    let forms = forms_on(
        RedisStore::connect(&url).await.unwrap(),
        BASE,
        6,
        Duration::from_secs(60),
    );
    let guard = RedisReplayGuard::connect(&url).await.unwrap();
    let link_url = format!("{BASE}/{}", "A".repeat(43));
    refuses_promptly(&forms, &guard, &link_url).await;
}

#[tokio::test]
async fn a_redis_that_lost_what_it_remembered_accepts_no_state_twice() {
    let Some(redis) = redis_server("a_redis_that_lost_what_it_remembered") else {
        return;
    };
    let url = format!("redis://127.0.0.1:{}/", redis.port);
    let guard = RedisReplayGuard::connect(&url).await.unwrap();
    let keys = url_form_support::keys(9);
    let call = elicit_core::state::Binding::tool("pay", &serde_json::json!({}));
    // A state sealed and used before Redis loses its memory (a restart without persistence,
    // a flush, a failover to a replica behind).
    let sealed = keys.seal(&"paid", &call).unwrap();
    assert!(
        keys.open_once::<String>(&sealed, &call, &guard)
            .await
            .is_ok()
    );
    let mut raw = redis::Client::open(url.as_str())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let _: () = redis::cmd("FLUSHALL").query_async(&mut raw).await.unwrap();
    // Its replay is refused: it may have been used, and the guard cannot tell.
    let replay = keys.open_once::<String>(&sealed, &call, &guard).await;
    assert!(
        matches!(&replay, Err(elicit_core::state::StateError::GuardFailed(reason)) if reason.contains("Redis lost what it remembered")),
        "{replay:?}"
    );
    // So is any other sealed before the loss, once, until one lifetime (605 s) has passed;
    // a state sealed after it, living as long, is taken.
    let before = StateUse::new(
        StateId::from_bytes([5; 24]),
        Owner::Tool([4; 16]),
        SystemTime::now() + Duration::from_secs(600),
    );
    assert!(guard.first_use(before).await.is_err());
    let after = StateUse::new(
        StateId::from_bytes([6; 24]),
        Owner::Tool([4; 16]),
        SystemTime::now() + Duration::from_secs(606),
    );
    assert!(guard.first_use(after).await.unwrap());
}
