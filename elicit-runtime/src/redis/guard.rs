//! [`RedisReplayGuard`]: one-time states, remembered in Redis.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{ConnectionManager, DEFAULT_PREFIX, RedisError, connect};
use crate::state::{GuardFuture, MemoryReplayGuard, ReplayGuard, StateKeys, StateUse};

/// A [`ReplayGuard`] in Redis: a state used once on any server of a fleet is refused on every
/// other. Each use is `SET <prefix>state:<id> <owner> NX PX <ms>`: one atomic command that
/// records the id and tells whether it was new (`OK`) or a replay (nil), kept until
/// [`StateUse::keep_for`] with the guard's margin ([`StateUse::DEFAULT_MARGIN`] unless told
/// otherwise), counted by Redis.
///
/// Each [`Owner`](crate::state::Owner) (the person a state is charged to, or the tool for a
/// dialog that opted in to anonymous callers) may have at most [`quota`](Self::with_quota)
/// states remembered at once (1 000 unless told otherwise), counted in a sorted set per owner,
/// `<prefix>state-owner:{<owner>}`, scored by when each may be forgotten, on Redis's clock: one
/// caller's states cannot fill Redis for everyone, and past the quota a state is refused, never
/// forgotten early. Bound the rest of Redis's memory with its own `maxmemory` and
/// `noeviction` (a full Redis refuses the write, and the state is refused with it; an evicting
/// one could forget a used state, which [`connect`](super::connect) refuses to work with).
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
    quota: usize,
    /// The longest a state may be accepted after it is sealed.
    longest: Duration,
}

impl fmt::Debug for RedisReplayGuard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisReplayGuard")
            .field("prefix", &self.prefix)
            .field("margin", &self.margin)
            .field("quota", &self.quota)
            .field("longest", &self.longest)
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
            quota: MemoryReplayGuard::DEFAULT_QUOTA,
            longest: StateKeys::DEFAULT_TTL.saturating_add(StateKeys::DEFAULT_CLOCK_SKEW),
        }
    }

    /// Marks the moment this guard's memory begins in Redis, unless it is marked already (by
    /// another server of the fleet, or before): call it once when the server starts, before
    /// any state is used ([`connect`](Self::connect) does). A state used afterwards is
    /// refused if it may have been sealed before that moment and Redis has since lost what it
    /// remembered (see [`with_longest_state`](Self::with_longest_state)).
    ///
    /// # Errors
    /// Redis cannot be reached.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
    /// use elicit_core::redis::{RedisReplayGuard, connect};
    ///
    /// let guard = RedisReplayGuard::new(connect("redis://127.0.0.1:6379/").await?);
    /// guard.start().await?;
    /// # Ok(()) }
    /// ```
    pub async fn start(&self) -> Result<(), RedisError> {
        // Marked a second early: an expiry is sealed in whole seconds, so a state sealed in
        // the same second as the mark could otherwise look sealed before it.
        self.epoch(1_000).await.map(drop)
    }

    /// When this guard's memory began, in Redis's milliseconds since the Unix epoch: marked now
    /// (less `early` milliseconds) if it is not there (the first start, or Redis lost it).
    async fn epoch(&self, early: u64) -> Result<u64, RedisError> {
        let mut connection = self.connection.clone();
        ::redis::cmd("EVAL")
            .arg(EPOCH)
            .arg(1)
            // One mark for the whole Redis, whatever the prefix: it says when this Redis's
            // memory began, which a guard of any prefix may start or read.
            .arg(EPOCH_KEY)
            .arg(early)
            .query_async(&mut connection)
            .await
    }

    /// A state accepted for up to `longest` after it is sealed (the key ring's time to live and
    /// clock allowance, 605 seconds by default: [`StateKeys::DEFAULT_TTL`] and
    /// [`StateKeys::DEFAULT_CLOCK_SKEW`]), instead of the default: what the guard refuses when
    /// Redis has lost what it remembered.
    ///
    /// Redis that restarts without persistence (or is flushed, or fails over to a replica that
    /// had not caught up) forgets which states were used, and would then accept each again.
    /// The guard notices, because the moment its memory began is gone too ([`start`](Self::start)
    /// marks it; the next use marks it anew), and refuses every state that may have been
    /// sealed before that new moment: one whose last moment comes less than `longest` after it.
    /// For as long as `longest`, at most, a state sealed before the loss is refused, and the
    /// person asks again; none is accepted twice. Give it the longest lifetime your dialogs'
    /// states have (a longer `DialogSettings::expires_after`, say).
    ///
    /// ```no_run
    /// # async fn run(guard: elicit_core::redis::RedisReplayGuard) {
    /// let guard = guard.with_longest_state(std::time::Duration::from_secs(1_805));
    /// # }
    /// ```
    #[must_use]
    pub fn with_longest_state(mut self, longest: Duration) -> Self {
        self.longest = longest;
        self
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
        let guard = Self::new(connect(url).await?);
        guard.start().await?;
        Ok(guard)
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

    /// Remembers at most `quota` states of one owner at once (at least one) instead of
    /// [`MemoryReplayGuard::DEFAULT_QUOTA`]; past it, a state of that owner is refused.
    ///
    /// ```no_run
    /// # async fn run(guard: elicit_core::redis::RedisReplayGuard) {
    /// let guard = guard.with_quota(100);
    /// # }
    /// ```
    #[must_use]
    pub fn with_quota(mut self, quota: usize) -> Self {
        self.quota = quota.max(1);
        self
    }
}

/// Where the moment the guards' memory began is kept.
const EPOCH_KEY: &str = "elicit:guard-epoch";

/// The moment the guards' memory began (`KEYS[1]`), marked now (less `ARGV[1]` milliseconds),
/// by Redis's clock, if it is not there.
const EPOCH: &str = "local e = redis.call('GET', KEYS[1]) \
if e then return tonumber(e) end \
local t = redis.call('TIME') \
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[1]) \
redis.call('SET', KEYS[1], now, 'NX') \
return tonumber(redis.call('GET', KEYS[1]))";

/// Counts a state against its owner, atomically, on the owner's sorted set (`KEYS[1]`, each
/// state scored by when it may be forgotten, in Redis's milliseconds): those due dropped, the
/// state (`ARGV[1]`, kept `ARGV[2]` ms) added when fewer than `ARGV[3]` are left, the set
/// expiring with its last state. `1` when counted, `0` past the quota.
const COUNT: &str = "local t = redis.call('TIME') \
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) \
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now) \
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end \
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end \
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1]) \
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end \
return 1";

/// Whether a state accepted until `accepted_until` may have been sealed before the guard's
/// memory began at `epoch`: a state is accepted for `longest` after it is sealed at the most,
/// so one sealed at `epoch` or after is accepted until `epoch + longest` or later.
fn may_predate_memory(accepted_until: SystemTime, epoch: SystemTime, longest: Duration) -> bool {
    accepted_until < epoch + longest
}

impl ReplayGuard for RedisReplayGuard {
    fn first_use(&self, used: StateUse) -> GuardFuture<'_> {
        let key = format!("{}state:{}", self.prefix, used.id());
        let owner = used.owner().to_string();
        let counted_in = format!("{}state-owner:{{{owner}}}", self.prefix);
        let id = used.id().to_string();
        let keep = used.keep_for(self.margin, SystemTime::now());
        let milliseconds = u64::try_from(keep.as_millis()).unwrap_or(u64::MAX).max(1);
        let quota = self.quota;
        let longest = self.longest;
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let failed = |error: RedisError| Box::new(error) as Box<_>;
            // A state that may have been sealed before the guard's memory began (Redis lost
            // what it remembered) may have been used: refused, as any state of unknown use.
            let epoch = UNIX_EPOCH + Duration::from_millis(self.epoch(0).await.map_err(failed)?);
            if may_predate_memory(used.accepted_until(), epoch, longest) {
                return Err(format!(
                    "this state may have been sealed before the replay guard's memory began in Redis (Redis lost what it remembered), so it may have been used: refused for {}s after that",
                    longest.as_secs()
                )
                .into());
            }
            let counted: i64 = ::redis::cmd("EVAL")
                .arg(COUNT)
                .arg(1)
                .arg(&counted_in)
                .arg(&id)
                .arg(milliseconds)
                .arg(quota)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            if counted == 0 {
                return Err(format!(
                    "the owner of this state has {quota} states remembered, its quota"
                )
                .into());
            }
            let reply: Option<String> = ::redis::cmd("SET")
                .arg(&key)
                .arg(owner)
                .arg("NX")
                .arg("PX")
                .arg(milliseconds)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            // A replay's id was counted with its first use already (the same member).
            Ok(reply.is_some())
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::may_predate_memory;

    #[test]
    fn a_state_that_may_predate_the_guards_memory_is_told_to_the_millisecond() {
        let epoch = UNIX_EPOCH + Duration::from_secs(1_000_000);
        let longest = Duration::from_secs(1_805);
        let edge = epoch + longest;
        // Sealed at the epoch with the longest lifetime: sealed after the memory began.
        assert!(!may_predate_memory(edge, epoch, longest));
        assert!(!may_predate_memory(
            edge + Duration::from_millis(1),
            epoch,
            longest
        ));
        // A millisecond less: it may have been sealed a millisecond before.
        assert!(may_predate_memory(
            edge - Duration::from_millis(1),
            epoch,
            longest
        ));
    }
}
