//! [`RedisStore`]: the links and answers of URL-mode forms, in Redis.

use std::fmt;
use std::time::Duration;

use super::{ConnectionManager, DEFAULT_PREFIX, RedisError, RedisReplayGuard, connect};
use crate::url_form::{
    Created, LinkAnswer, LinkId, NewLink, StoreError, StoreFuture, Stored, UrlFormStore,
};

/// What an answer slot holds once taken. Sealed answers are URL-safe base64, which never
/// holds `!`.
const TAKEN: &str = "!taken";
/// What an answer slot holds once abandoned.
const ABANDONED: &str = "!abandoned";

/// Marks a submitted answer taken, atomically: the slot's value before, and `!taken` in its
/// place where that was an answer (its time to live kept).
const TAKE: &str = "local v = redis.call('GET', KEYS[1]) \
if v and string.sub(v, 1, 1) ~= '!' then redis.call('SET', KEYS[1], '!taken', 'KEEPTTL') end \
return v";

/// Counts a new link against its person, atomically, on the person's set of live links
/// (`KEYS[1]`, each scored by when it closes, in Redis's milliseconds): those closed are
/// dropped, and the link (`ARGV[1]`, open for `ARGV[2]` ms) is added when fewer than
/// `ARGV[3]` are left; the set itself expires with its last link. `1` when added, `0` when
/// the person has the limit already.
const COUNT: &str = "local t = redis.call('TIME') \
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) \
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now) \
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end \
local closes = now + tonumber(ARGV[2]) \
redis.call('ZADD', KEYS[1], closes, ARGV[1]) \
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end \
return 1";

/// Creates a link's record (`KEYS[1]`, a hash: the sealed record and its person's digest)
/// unless the id is taken, kept for `ARGV[3]` ms. `1` when created.
const CREATE: &str = "if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end \
redis.call('HSET', KEYS[1], 'r', ARGV[1], 'p', ARGV[2]) \
redis.call('PEXPIRE', KEYS[1], ARGV[3]) \
return 1";

/// Settles a link's slot (`KEYS[2]`) unless it was settled before, kept for `ARGV[2]` ms;
/// the person's digest of its record (`KEYS[1]`) when settled, so that the link stops
/// counting against them, `false` when the slot was filled before.
const SETTLE: &str = "if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end \
return redis.call('HGET', KEYS[1], 'p') or ''";

/// A link's sealed record and its slot, in one read.
const GET: &str = "return {redis.call('HGET', KEYS[1], 'r'), redis.call('GET', KEYS[2])}";

/// A [`UrlFormStore`] in Redis, for a fleet: a link minted by one server is served by
/// another's router and its answer taken by a third, each in one atomic command.
///
/// Each link is two keys, `<prefix>url-form:{<id>}:link` (a hash: its sealed record, and the
/// digest of its person) and `…:answer` (its slot: absent while pending, then the sealed
/// answer, `!taken` or `!abandoned`); the braces keep both in one Redis Cluster slot. Each
/// person's live links are a sorted set, `<prefix>url-form:live:{<person's digest>}`, scored by
/// when each closes; each question's latest link a key, `<prefix>url-form:question:{<digest>}`.
/// A link is counted against its person by a script on their set (those closed dropped by
/// Redis's clock, the new one added under the limit), then created by a script that refuses an
/// id taken; answered or abandoned by a script that sets the slot `NX` (one post wins) and
/// drops the link from its person's set; taken by a one-key script that reads the answer and
/// leaves `!taken` in its place. Every key expires by a time to live Redis counts, the live
/// sets with their last link. The store holds sealed strings and keyed digests only: what a
/// person typed is encrypted with the servers' [`StateKeys`](crate::state::StateKeys) before
/// it reaches Redis, bound to its link and person, and expires with it.
///
/// ```no_run
/// use elicit_core::state::StateKeys;
/// use elicit_core::redis::RedisStore;
/// use elicit_core::url_form::UrlForms;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let store = RedisStore::connect("redis://127.0.0.1:6379/").await?;
/// let guard = store.replay_guard().await?; // the same connection, for `Dialog::once`
/// let keys = StateKeys::from_env("STATE_KEYS")?; // the same keys on every server
/// let forms = UrlForms::builder("https://mcp.example.com/connect", keys, |_: &http::request::Parts| None)
///     .store(store)
///     .build()?;
/// # let _ = (guard, forms);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    prefix: String,
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// A store on `connection`, its keys prefixed `elicit:`.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
    /// use elicit_core::redis::{RedisStore, connect};
    ///
    /// let store = RedisStore::new(connect("redis://127.0.0.1:6379/").await?);
    /// # let _ = store;
    /// # Ok(()) }
    /// ```
    pub fn new(connection: ConnectionManager) -> Self {
        Self {
            connection,
            prefix: DEFAULT_PREFIX.to_owned(),
        }
    }

    /// A store on a new connection to the Redis server at `url`.
    ///
    /// # Errors
    /// The URL does not parse, or the server cannot be reached.
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
    /// let store = elicit_core::redis::RedisStore::connect("redis://127.0.0.1:6379/").await?;
    /// # let _ = store;
    /// # Ok(()) }
    /// ```
    pub async fn connect(url: &str) -> Result<Self, RedisError> {
        connect(url).await.map(Self::new)
    }

    /// Prefixes its keys with `prefix` instead of `elicit:`.
    ///
    /// ```no_run
    /// # async fn run(store: elicit_core::redis::RedisStore) {
    /// let store = store.with_prefix("billing:");
    /// # }
    /// ```
    #[must_use]
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// A [`RedisReplayGuard`] on the same connection and prefix, [started](RedisReplayGuard::start).
    ///
    /// # Errors
    /// Redis cannot be reached.
    ///
    /// ```no_run
    /// # async fn run(store: elicit_core::redis::RedisStore) -> Result<(), elicit_core::redis::RedisError> {
    /// let guard = store.replay_guard().await?;
    /// # Ok(()) }
    /// ```
    pub async fn replay_guard(&self) -> Result<RedisReplayGuard, RedisError> {
        let guard = RedisReplayGuard::new(self.connection.clone()).with_prefix(self.prefix.clone());
        guard.start().await?;
        Ok(guard)
    }

    fn key(&self, id: &LinkId, part: &str) -> String {
        format!("{}url-form:{{{id}}}:{part}", self.prefix)
    }

    /// The set of a person's live links.
    fn live_key(&self, person: &str) -> String {
        format!("{}url-form:live:{{{person}}}", self.prefix)
    }
}

fn failed(error: RedisError) -> StoreError {
    StoreError::new(error)
}

/// A time to live in milliseconds, at least one (`PX 0` is refused).
fn milliseconds(keep: Duration) -> u64 {
    u64::try_from(keep.as_millis()).unwrap_or(u64::MAX).max(1)
}

fn slot(value: Option<String>) -> LinkAnswer {
    match value.as_deref() {
        None => LinkAnswer::Pending,
        Some(TAKEN) => LinkAnswer::Taken,
        Some(ABANDONED) => LinkAnswer::Abandoned,
        Some(_) => value.map_or(LinkAnswer::Pending, LinkAnswer::Submitted),
    }
}

impl UrlFormStore for RedisStore {
    fn create(&self, link: NewLink<'_>) -> StoreFuture<'_, Created> {
        let live = self.live_key(link.owner.person());
        let record_key = self.key(link.id, "link");
        let question = link
            .owner
            .question()
            .map(|question| format!("{}url-form:question:{{{question}}}", self.prefix));
        let id = link.id.to_string();
        let person = link.owner.person().to_owned();
        let (open_for, keep, limit) = (
            milliseconds(link.open_for),
            milliseconds(link.keep),
            link.limit,
        );
        let record = link.record;
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let counted: i64 = ::redis::cmd("EVAL")
                .arg(COUNT)
                .arg(1)
                .arg(&live)
                .arg(&id)
                .arg(open_for)
                .arg(limit)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            if counted == 0 {
                return Ok(Created::Full);
            }
            let created: i64 = ::redis::cmd("EVAL")
                .arg(CREATE)
                .arg(1)
                .arg(&record_key)
                .arg(record)
                .arg(&person)
                .arg(keep)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            if created == 0 {
                // Not this link: it does not count.
                let _: i64 = ::redis::cmd("ZREM")
                    .arg(&live)
                    .arg(&id)
                    .query_async(&mut connection)
                    .await
                    .map_err(failed)?;
                return Ok(Created::IdTaken);
            }
            if let Some(question) = question {
                let _: () = ::redis::cmd("SET")
                    .arg(&question)
                    .arg(&id)
                    .arg("PX")
                    .arg(keep)
                    .query_async(&mut connection)
                    .await
                    .map_err(failed)?;
            }
            Ok(Created::Created)
        })
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        let keys = [self.key(id, "link"), self.key(id, "answer")];
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let (record, answer): (Option<String>, Option<String>) = ::redis::cmd("EVAL")
                .arg(GET)
                .arg(2)
                .arg(&keys[..])
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            Ok(record.map(|record| Stored {
                record,
                answer: slot(answer),
            }))
        })
    }

    fn settle(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> StoreFuture<'_, bool> {
        let keys = [self.key(id, "link"), self.key(id, "answer")];
        let id = id.to_string();
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let value = match answer {
                LinkAnswer::Submitted(sealed) => sealed,
                LinkAnswer::Abandoned => ABANDONED.to_owned(),
                LinkAnswer::Taken => TAKEN.to_owned(),
                LinkAnswer::Pending => {
                    return Err(StoreError::new("a link cannot be settled as pending"));
                }
            };
            let person: Option<String> = ::redis::cmd("EVAL")
                .arg(SETTLE)
                .arg(2)
                .arg(&keys[..])
                .arg(value)
                .arg(milliseconds(keep))
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            let Some(person) = person else {
                return Ok(false);
            };
            if !person.is_empty() {
                // Settled: it no longer counts against its person. (Should this step fail,
                // the link counts until it closes, as one never answered would.)
                let _: i64 = ::redis::cmd("ZREM")
                    .arg(self.live_key(&person))
                    .arg(&id)
                    .query_async(&mut connection)
                    .await
                    .map_err(failed)?;
            }
            Ok(true)
        })
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, LinkAnswer> {
        let key = self.key(id, "answer");
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let before: Option<String> = ::redis::cmd("EVAL")
                .arg(TAKE)
                .arg(1)
                .arg(&key)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            Ok(slot(before))
        })
    }

    fn find(&self, question: &str) -> StoreFuture<'_, Option<LinkId>> {
        let key = format!("{}url-form:question:{{{question}}}", self.prefix);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let id: Option<String> = ::redis::cmd("GET")
                .arg(&key)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            Ok(id.as_deref().and_then(LinkId::parse))
        })
    }
}
