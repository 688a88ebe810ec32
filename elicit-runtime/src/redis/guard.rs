//! [`RedisReplayGuard`]: one-time states, remembered in Redis.

use std::fmt;
use std::time::{Duration, SystemTime};

use super::{ConnectionManager, DEFAULT_PREFIX, RedisError, connect};
use crate::state::{GuardFuture, ReplayGuard, StateUse};

/// A [`ReplayGuard`] in Redis: a state used once on any server of a fleet is refused on every
/// other. Each use is `SET <prefix>state:<id> <owner> NX PX <ms>`: one atomic command that
/// records the id and tells whether it was new (`OK`) or a replay (nil), kept until
/// [`StateUse::keep_for`] with the guard's margin ([`StateUse::DEFAULT_MARGIN`] unless told
/// otherwise), counted by Redis.
///
/// It sets no quota per owner: a caller with many states fills Redis by as many small keys,
/// each gone when its state can no longer open; bound memory with Redis's own `maxmemory`
/// (with `noeviction`, a full Redis refuses the write, and the state is refused with it).
///
/// ```no_run
/// use elicit_core::state::{Binding, StateKey, StateKeys};
/// use elicit_core::redis::RedisReplayGuard;
/// use serde_json::json;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let guard = RedisReplayGuard::connect("redis://127.0.0.1:6379/").await?;
/// let keys = StateKeys::new(StateKey::new(&[7; 32])?);
/// let call = Binding::tool("pay", &json!({"invoice": 7}));
/// let sealed = keys.seal(&"confirmed", &call)?;
/// assert_eq!(keys.open_once::<String>(&sealed, &call, &guard).await?, "confirmed");
/// assert!(keys.open_once::<String>(&sealed, &call, &guard).await.is_err());
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct RedisReplayGuard {
    connection: ConnectionManager,
    prefix: String,
    margin: Duration,
}

impl fmt::Debug for RedisReplayGuard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisReplayGuard")
            .field("prefix", &self.prefix)
            .field("margin", &self.margin)
            .finish_non_exhaustive()
    }
}

impl RedisReplayGuard {
    /// A guard on `connection`, its keys prefixed `elicit:`.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
    /// use elicit_core::redis::{RedisReplayGuard, connect};
    ///
    /// let guard = RedisReplayGuard::new(connect("redis://127.0.0.1:6379/").await?);
    /// # let _ = guard;
    /// # Ok(()) }
    /// ```
    pub fn new(connection: ConnectionManager) -> Self {
        Self {
            connection,
            prefix: DEFAULT_PREFIX.to_owned(),
            margin: StateUse::DEFAULT_MARGIN,
        }
    }

    /// A guard on a new connection to the Redis server at `url`.
    ///
    /// # Errors
    /// The URL does not parse, or the server cannot be reached.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
    /// let guard = elicit_core::redis::RedisReplayGuard::connect("redis://127.0.0.1:6379/").await?;
    /// # let _ = guard;
    /// # Ok(()) }
    /// ```
    pub async fn connect(url: &str) -> Result<Self, RedisError> {
        connect(url).await.map(Self::new)
    }

    /// Prefixes its keys with `prefix` instead of `elicit:` (servers sharing a Redis with
    /// other applications, or several deployments sharing one).
    ///
    /// ```no_run
    /// # async fn run(guard: elicit_core::redis::RedisReplayGuard) {
    /// let guard = guard.with_prefix("billing:");
    /// # }
    /// ```
    #[must_use]
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// Remembers each state `margin` past the last moment a ring accepts it, instead of
    /// [`StateUse::DEFAULT_MARGIN`].
    ///
    /// ```no_run
    /// # async fn run(guard: elicit_core::redis::RedisReplayGuard) {
    /// let guard = guard.with_margin(std::time::Duration::from_secs(300));
    /// # }
    /// ```
    #[must_use]
    pub fn with_margin(mut self, margin: Duration) -> Self {
        self.margin = margin;
        self
    }
}

impl ReplayGuard for RedisReplayGuard {
    fn first_use(&self, used: StateUse) -> GuardFuture<'_> {
        let key = format!("{}state:{}", self.prefix, used.id());
        let owner = used.owner().to_string();
        let keep = used.keep_for(self.margin, SystemTime::now());
        let milliseconds = u64::try_from(keep.as_millis()).unwrap_or(u64::MAX);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let reply: Option<String> = ::redis::cmd("SET")
                .arg(&key)
                .arg(owner)
                .arg("NX")
                .arg("PX")
                .arg(milliseconds)
                .query_async(&mut connection)
                .await
                .map_err(|error: RedisError| Box::new(error) as Box<_>)?;
            Ok(reply.is_some())
        })
    }
}
