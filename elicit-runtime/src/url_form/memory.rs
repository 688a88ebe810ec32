//! [`MemoryStore`]: links and answers in this process's memory.

use std::collections::HashMap;
use std::fmt;
use std::future::ready;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::link::LinkId;
use super::store::{Answer, StoreError, StoreFuture, Stored, UrlFormStore};

/// A [`UrlFormStore`] in this process's memory: for a server of one process, where the page
/// is served and the answer awaited by the same process. A fleet shares one store
/// (`RedisStore`, feature `redis`).
///
/// It holds sealed strings only (the answers are encrypted before they reach it), forgets
/// each entry when its `keep` has passed on the monotonic clock, and holds at most
/// [`capacity`](Self::with_capacity) links (10 000 unless told otherwise): past it,
/// minting fails rather than forgetting a live link.
///
/// ```
/// use elicit_core::url_form::{LinkId, MemoryStore, UrlFormStore};
/// use std::time::Duration;
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let store = MemoryStore::new().with_capacity(1);
/// let keep = Duration::from_secs(60);
/// assert!(store.create(&LinkId::parse(&"A".repeat(43)).unwrap(), "r".into(), keep).await.unwrap());
/// let full = store.create(&LinkId::parse(&"E".repeat(43)).unwrap(), "r".into(), keep).await;
/// assert_eq!(full.unwrap_err().to_string(), "the store holds 1 live links, its capacity");
/// assert_eq!(store.len(), 1);
/// # }
/// ```
pub struct MemoryStore {
    capacity: usize,
    entries: Mutex<HashMap<LinkId, Entry>>,
}

struct Entry {
    record: Option<String>,
    answer: Answer,
    forget_at: Instant,
}

impl Default for MemoryStore {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("capacity", &self.capacity)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

impl MemoryStore {
    /// How many live links a store holds unless told otherwise.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::MemoryStore::DEFAULT_CAPACITY, 10_000);
    /// ```
    pub const DEFAULT_CAPACITY: usize = 10_000;

    /// An empty store of [`DEFAULT_CAPACITY`](Self::DEFAULT_CAPACITY).
    ///
    /// ```
    /// assert!(elicit_core::url_form::MemoryStore::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self {
            capacity: Self::DEFAULT_CAPACITY,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// Holds at most `capacity` live links (at least one).
    ///
    /// ```
    /// let store = elicit_core::url_form::MemoryStore::new().with_capacity(5);
    /// # drop(store);
    /// ```
    #[must_use]
    pub fn with_capacity(mut self, capacity: usize) -> Self {
        self.capacity = capacity.max(1);
        self
    }

    /// How many links it holds, live or not yet forgotten.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::MemoryStore::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether it holds none.
    ///
    /// ```
    /// assert!(elicit_core::url_form::MemoryStore::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries, live ones only. A panic elsewhere while the lock was held leaves no
    /// entry half-written (each step is one map operation), so a poisoned lock is used as is.
    fn lock(&self) -> MutexGuard<'_, HashMap<LinkId, Entry>> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        entries.retain(|_, entry| entry.forget_at > now);
        entries
    }

    fn create_now(&self, id: &LinkId, record: String, keep: Duration) -> Result<bool, StoreError> {
        let mut entries = self.lock();
        if entries.contains_key(id) {
            return Ok(false);
        }
        if entries.len() >= self.capacity {
            return Err(StoreError::new(format!(
                "the store holds {} live links, its capacity",
                self.capacity
            )));
        }
        entries.insert(
            id.clone(),
            Entry {
                record: Some(record),
                answer: Answer::Pending,
                forget_at: deadline(keep),
            },
        );
        Ok(true)
    }

    fn settle_now(&self, id: &LinkId, answer: Answer, keep: Duration) -> bool {
        let mut entries = self.lock();
        let forget_at = deadline(keep);
        match entries.get_mut(id) {
            Some(entry) if entry.answer.is_open() => {
                entry.answer = answer;
                entry.forget_at = entry.forget_at.max(forget_at);
                true
            }
            Some(_) => false,
            None => {
                entries.insert(
                    id.clone(),
                    Entry {
                        record: None,
                        answer,
                        forget_at,
                    },
                );
                true
            }
        }
    }

    fn take_now(&self, id: &LinkId) -> Answer {
        let mut entries = self.lock();
        match entries.get_mut(id) {
            Some(entry) => {
                let before = entry.answer.clone();
                if matches!(before, Answer::Submitted(_)) {
                    entry.answer = Answer::Taken;
                }
                before
            }
            None => Answer::Pending,
        }
    }
}

/// `keep` from now; a year for a `keep` beyond what the monotonic clock holds.
fn deadline(keep: Duration) -> Instant {
    const YEAR: Duration = Duration::from_secs(365 * 86_400);
    let now = Instant::now();
    now.checked_add(keep)
        .or_else(|| now.checked_add(YEAR))
        .unwrap_or(now)
}

impl UrlFormStore for MemoryStore {
    fn create(&self, id: &LinkId, record: String, keep: Duration) -> StoreFuture<'_, bool> {
        Box::pin(ready(self.create_now(id, record, keep)))
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        let stored = self.lock().get(id).and_then(|entry| {
            Some(Stored {
                record: entry.record.clone()?,
                answer: entry.answer.clone(),
            })
        });
        Box::pin(ready(Ok(stored)))
    }

    fn settle(&self, id: &LinkId, answer: Answer, keep: Duration) -> StoreFuture<'_, bool> {
        Box::pin(ready(Ok(self.settle_now(id, answer, keep))))
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, Answer> {
        Box::pin(ready(Ok(self.take_now(id))))
    }
}
