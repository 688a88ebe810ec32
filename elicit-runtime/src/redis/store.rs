//! [`RedisStore`]: the links and answers of URL-mode forms, in Redis.

use std::fmt;
use std::time::Duration;

use super::{ConnectionManager, DEFAULT_PREFIX, RedisError, RedisReplayGuard, connect};
use crate::url_form::{Answer, LinkId, StoreError, StoreFuture, Stored, UrlFormStore};

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

/// A [`UrlFormStore`] in Redis, for a fleet: a link minted by one server is served by
/// another's router and its answer taken by a third, each in one atomic command.
///
/// Each link is two keys, `<prefix>url-form:{<id>}:link` (its sealed record) and
/// `…:answer` (its slot: absent while pending, then the sealed answer, `!taken` or
/// `!abandoned`); the braces keep both in one Redis Cluster slot. A link is created with
/// `SET … NX PX`, answered or abandoned with `SET … NX PX` (one post wins), taken with a
/// one-key script that reads the answer and leaves `!taken` in its place. Every key expires
/// by a time to live Redis counts. The store holds sealed strings only: what a person typed
/// is encrypted with the servers' [`StateKeys`](crate::state::StateKeys) before it
/// reaches Redis, bound to its link and person, and expires with it.
///
/// ```no_run
/// use elicit_core::state::StateKeys;
/// use elicit_core::redis::RedisStore;
/// use elicit_core::url_form::UrlForms;
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let store = RedisStore::connect("redis://127.0.0.1:6379/").await?;
/// let guard = store.replay_guard(); // the same connection, for `Dialog::once`
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

    /// A [`RedisReplayGuard`] on the same connection and prefix.
    ///
    /// ```no_run
    /// # async fn run(store: elicit_core::redis::RedisStore) {
    /// let guard = store.replay_guard();
    /// # }
    /// ```
    pub fn replay_guard(&self) -> RedisReplayGuard {
        RedisReplayGuard::new(self.connection.clone()).with_prefix(self.prefix.clone())
    }

    fn key(&self, id: &LinkId, part: &str) -> String {
        format!("{}url-form:{{{id}}}:{part}", self.prefix)
    }
}

fn failed(error: RedisError) -> StoreError {
    StoreError::new(error)
}

/// A time to live in milliseconds, at least one (`PX 0` is refused).
fn milliseconds(keep: Duration) -> u64 {
    u64::try_from(keep.as_millis()).unwrap_or(u64::MAX).max(1)
}

fn slot(value: Option<String>) -> Answer {
    match value.as_deref() {
        None => Answer::Pending,
        Some(TAKEN) => Answer::Taken,
        Some(ABANDONED) => Answer::Abandoned,
        Some(_) => value.map_or(Answer::Pending, Answer::Submitted),
    }
}

impl UrlFormStore for RedisStore {
    fn create(&self, id: &LinkId, record: String, keep: Duration) -> StoreFuture<'_, bool> {
        let key = self.key(id, "link");
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let reply: Option<String> = ::redis::cmd("SET")
                .arg(&key)
                .arg(record)
                .arg("NX")
                .arg("PX")
                .arg(milliseconds(keep))
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            Ok(reply.is_some())
        })
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        let keys = [self.key(id, "link"), self.key(id, "answer")];
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let (record, answer): (Option<String>, Option<String>) = ::redis::cmd("MGET")
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

    fn settle(&self, id: &LinkId, answer: Answer, keep: Duration) -> StoreFuture<'_, bool> {
        let key = self.key(id, "answer");
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let value = match answer {
                Answer::Submitted(sealed) => sealed,
                Answer::Abandoned => ABANDONED.to_owned(),
                Answer::Taken => TAKEN.to_owned(),
                Answer::Pending => {
                    return Err(StoreError::new("a link cannot be settled as pending"));
                }
            };
            let reply: Option<String> = ::redis::cmd("SET")
                .arg(&key)
                .arg(value)
                .arg("NX")
                .arg("PX")
                .arg(milliseconds(keep))
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            Ok(reply.is_some())
        })
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, Answer> {
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
}
