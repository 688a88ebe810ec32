//! Redis, for a fleet of servers (feature `redis`): a [`ReplayGuard`](crate::state::ReplayGuard)
//! that every server shares ([`RedisReplayGuard`], for
//! [`StateKeys::open_once`](crate::state::StateKeys::open_once) and a dialog's
//! `once`), and, with `url-forms`, a store of URL-mode forms ([`RedisStore`]): a link minted
//! by one server is answered through another's page, and taken by a third.
//!
//! Both speak to Redis through one [`ConnectionManager`] (the `redis` crate's multiplexed
//! connection on tokio, which reconnects by itself); clone it to share it, or build both
//! from the same one. Every decision is one atomic step on one Redis Cluster slot (`SET … NX
//! PX`, or a script of the keys of one slot), and every entry expires by a time to live Redis
//! counts, so no clock but Redis's decides when it is forgotten. [`connect`] refuses a Redis
//! that may evict keys ([`check_eviction`]: only `maxmemory-policy noeviction` keeps every
//! used mark), and bounds each command's wait ([`RESPONSE_TIMEOUT`]).
//!
//! ```no_run
//! use elicit_core::redis::{ConnectionManager, RedisReplayGuard};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let connection = RedisReplayGuard::connect("redis://127.0.0.1:6379/").await?;
//! # let _ = connection;
//! # Ok(()) }
//! ```

mod guard;
#[cfg(feature = "url-forms")]
mod store;

use std::time::Duration;

pub use ::redis::RedisError;
pub use ::redis::aio::ConnectionManager;
use ::redis::aio::ConnectionManagerConfig;
pub use guard::RedisReplayGuard;
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
pub use store::RedisStore;

/// Opens a [`ConnectionManager`] to the Redis server at `url` (`redis://host:port/db`,
/// `rediss://…` for TLS where the `redis` crate is built with it), and checks that the server
/// cannot evict what this module keeps there ([`check_eviction`]).
///
/// Each command waits at most [`RESPONSE_TIMEOUT`] for its answer, and a connection lost is
/// made again in the background: a Redis that is down or slow refuses each caller promptly
/// (a state is refused, a page asks to try again in a moment), and never lets a state be
/// used twice or an answer be taken by two.
///
/// # Errors
/// The URL does not parse, the server cannot be reached, or it may evict keys.
///
/// ```no_run
/// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
/// let connection = elicit_core::redis::connect("redis://127.0.0.1:6379/").await?;
/// # let _ = connection;
/// # Ok(()) }
/// ```
pub async fn connect(url: &str) -> Result<ConnectionManager, RedisError> {
    let config = ConnectionManagerConfig::new()
        .set_response_timeout(Some(RESPONSE_TIMEOUT))
        .set_connection_timeout(Some(RESPONSE_TIMEOUT));
    let mut connection = ::redis::Client::open(url)?
        .get_connection_manager_with_config(config)
        .await?;
    check_eviction(&mut connection).await?;
    Ok(connection)
}

/// How long a command waits for Redis's answer before it fails (and the caller is refused,
/// promptly): 2 seconds.
///
/// ```
/// assert_eq!(elicit_core::redis::RESPONSE_TIMEOUT.as_secs(), 2);
/// ```
pub const RESPONSE_TIMEOUT: Duration = Duration::from_secs(2);

/// Checks that the Redis server cannot evict the keys this module keeps (its
/// `maxmemory-policy`, as `INFO memory` reports it, is `noeviction`), or says why not.
///
/// Every key here has a time to live, so any policy but `noeviction` (the `volatile-…` ones as
/// much as the `allkeys-…` ones) may drop one when Redis runs short of memory: a used state's
/// mark, which would let the state be accepted again, or a link's answer, which would be lost.
/// With `noeviction` a full Redis refuses the write instead, and the caller is refused with
/// it. [`connect`] calls it; call it for a [`ConnectionManager`] you made yourself.
///
/// # Errors
/// A [`RedisError`] naming the policy and what to set, when it is another one; or the
/// server's, when `INFO` cannot be read (a managed Redis that forbids it: set the policy
/// where you manage it, then build the store or guard with [`RedisStore::new`] or
/// [`RedisReplayGuard::new`] on a connection of your own).
///
/// ```no_run
/// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
/// let mut connection = elicit_core::redis::connect("redis://127.0.0.1:6379/").await?;
/// elicit_core::redis::check_eviction(&mut connection).await?;
/// # Ok(()) }
/// ```
pub async fn check_eviction(connection: &mut ConnectionManager) -> Result<(), RedisError> {
    let info: String = ::redis::cmd("INFO")
        .arg("memory")
        .query_async(connection)
        .await?;
    let policy = info
        .lines()
        .find_map(|line| line.trim().strip_prefix("maxmemory_policy:"))
        .unwrap_or("(not reported)");
    if policy == "noeviction" {
        return Ok(());
    }
    Err(RedisError::from((
        ::redis::ErrorKind::Client,
        "Redis may evict keys",
        format!(
            "its maxmemory-policy is {policy}: under memory pressure it may drop a used state's mark (the state would be accepted again) or a link's answer (it would be lost); set `maxmemory-policy noeviction`, so that a full Redis refuses writes instead"
        ),
    )))
}
/// The prefix of every key unless told otherwise.
const DEFAULT_PREFIX: &str = "elicit:";
