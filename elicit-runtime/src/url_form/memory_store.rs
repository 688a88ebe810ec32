//! [`MemoryStore`]: links and answers in this process's memory.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::future::ready;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::link::LinkId;
use super::store::{
    Created, LinkAnswer, LinkOwner, NewLink, StoreError, StoreFuture, Stored, UrlFormStore,
};

/// A [`UrlFormStore`] in this process's memory: for a server of one process, where the page
/// is served and the answer awaited by the same process. A fleet shares one store
/// (`RedisStore`, feature `redis`).
///
/// It holds sealed strings only (the answers are encrypted before they reach it). Each
/// entry is forgotten when its `keep` has passed on the monotonic clock, and each link stops
/// counting against its person when its `open_for` has passed: both by their deadlines, in
/// order, so an operation looks at what is due and nothing else. Past each person's limit
/// ([`NewLink::limit`]) a link is not created; past the store's
/// [`capacity`](Self::with_capacity) (10 000 links unless told otherwise, a bound on the
/// memory of a store many people share), minting fails rather than forgetting a live link.
///
/// ```
/// use elicit_core::url_form::{Created, LinkId, LinkOwner, MemoryStore, NewLink, UrlFormStore};
/// use std::time::Duration;
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let store = MemoryStore::new().with_capacity(1);
/// let keep = Duration::from_secs(60);
/// let ada = LinkOwner::new("ada's digest", None);
/// let (first, second) = (LinkId::parse(&"A".repeat(43)).unwrap(), LinkId::parse(&"E".repeat(43)).unwrap());
/// let link = |id| NewLink { id, record: "r".into(), owner: &ada, open_for: keep, keep, limit: 20 };
/// assert_eq!(store.create(link(&first)).await.unwrap(), Created::Created);
/// let full = store.create(link(&second)).await;
/// assert_eq!(full.unwrap_err().to_string(), "the store holds 1 links, its capacity");
/// assert_eq!(store.len(), 1);
/// # }
/// ```
pub struct MemoryStore {
    capacity: usize,
    inner: Mutex<Inner>,
}

/// The links, and the orders their deadlines come in.
#[derive(Default)]
struct Inner {
    entries: HashMap<LinkId, Entry>,
    /// When each entry is forgotten, soonest first.
    forget: BTreeSet<(Instant, LinkId)>,
    /// Each person's live links, by when each closes, soonest first.
    live: HashMap<String, BTreeSet<(Instant, LinkId)>>,
    /// The latest link of each question.
    questions: HashMap<String, LinkId>,
}

struct Entry {
    record: Option<String>,
    answer: LinkAnswer,
    forget_at: Instant,
    /// Whom it counts against while it is live, and until when.
    owner: Option<(LinkOwner, Instant)>,
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
    /// How many links a store holds unless told otherwise.
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
            inner: Mutex::new(Inner::default()),
        }
    }

    /// Holds at most `capacity` links (at least one), live or kept for their answers.
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

    /// How many links it holds, live or kept for their answers.
    ///
    /// ```
    /// assert_eq!(elicit_core::url_form::MemoryStore::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether it holds none.
    ///
    /// ```
    /// assert!(elicit_core::url_form::MemoryStore::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The links, what is due forgotten first. A panic elsewhere while the lock was held
    /// leaves nothing half-written that matters (at worst a deadline kept for an entry
    /// already gone), so a poisoned lock is used as is.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.forget_due(Instant::now());
        inner
    }

    fn create_now(&self, link: NewLink<'_>) -> Result<Created, StoreError> {
        let mut inner = self.lock();
        let now = Instant::now();
        if inner.entries.contains_key(link.id) {
            return Ok(Created::IdTaken);
        }
        if inner.live_links(link.owner.person(), now) >= link.limit {
            return Ok(Created::Full);
        }
        if inner.entries.len() >= self.capacity {
            return Err(StoreError::new(format!(
                "the store holds {} links, its capacity",
                self.capacity
            )));
        }
        let forget_at = deadline(now, link.keep);
        let closes = deadline(now, link.open_for).min(forget_at);
        inner.forget.insert((forget_at, link.id.clone()));
        inner
            .live
            .entry(link.owner.person().to_owned())
            .or_default()
            .insert((closes, link.id.clone()));
        if let Some(question) = link.owner.question() {
            inner.questions.insert(question.to_owned(), link.id.clone());
        }
        inner.entries.insert(
            link.id.clone(),
            Entry {
                record: Some(link.record),
                answer: LinkAnswer::Pending,
                forget_at,
                owner: Some((link.owner.clone(), closes)),
            },
        );
        Ok(Created::Created)
    }

    fn settle_now(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> bool {
        let mut inner = self.lock();
        let forget_at = deadline(Instant::now(), keep);
        let Inner {
            entries,
            forget,
            live,
            ..
        } = &mut *inner;
        match entries.get_mut(id) {
            Some(entry) if entry.answer.is_open() => {
                entry.answer = answer;
                // Settled, it no longer counts against its person.
                if let Some((owner, closes)) = entry.owner.take() {
                    unlive(live, owner.person(), closes, id);
                }
                if forget_at > entry.forget_at {
                    forget.remove(&(entry.forget_at, id.clone()));
                    forget.insert((forget_at, id.clone()));
                    entry.forget_at = forget_at;
                }
                true
            }
            Some(_) => false,
            None => {
                forget.insert((forget_at, id.clone()));
                entries.insert(
                    id.clone(),
                    Entry {
                        record: None,
                        answer,
                        forget_at,
                        owner: None,
                    },
                );
                true
            }
        }
    }

    fn take_now(&self, id: &LinkId) -> LinkAnswer {
        let mut inner = self.lock();
        match inner.entries.get_mut(id) {
            Some(entry) => {
                let before = entry.answer.clone();
                if matches!(before, LinkAnswer::Submitted(_)) {
                    entry.answer = LinkAnswer::Taken;
                }
                before
            }
            None => LinkAnswer::Pending,
        }
    }
}

impl Inner {
    /// Forgets every entry whose time is up, soonest first, and nothing else.
    fn forget_due(&mut self, now: Instant) {
        while let Some((forget_at, id)) = self.forget.first().cloned() {
            if forget_at > now {
                break;
            }
            self.forget.pop_first();
            let Some(entry) = self.entries.remove(&id) else {
                continue;
            };
            if let Some((owner, closes)) = entry.owner {
                unlive(&mut self.live, owner.person(), closes, &id);
                if let Some(question) = owner.question()
                    && self.questions.get(question) == Some(&id)
                {
                    self.questions.remove(question);
                }
            }
        }
    }

    /// How many links `person` has live at `now`: those whose time is up first dropped.
    fn live_links(&mut self, person: &str, now: Instant) -> usize {
        let Some(links) = self.live.get_mut(person) else {
            return 0;
        };
        while links.first().is_some_and(|(closes, _)| *closes <= now) {
            links.pop_first();
        }
        let count = links.len();
        if count == 0 {
            self.live.remove(person);
        }
        count
    }
}

/// Stops counting link `id` (closing at `closes`) against `person`.
fn unlive(
    live: &mut HashMap<String, BTreeSet<(Instant, LinkId)>>,
    person: &str,
    closes: Instant,
    id: &LinkId,
) {
    if let Some(links) = live.get_mut(person) {
        links.remove(&(closes, id.clone()));
        if links.is_empty() {
            live.remove(person);
        }
    }
}

/// `keep` from `now`; a year for a `keep` beyond what the monotonic clock holds.
fn deadline(now: Instant, keep: Duration) -> Instant {
    const YEAR: Duration = Duration::from_secs(365 * 86_400);
    now.checked_add(keep)
        .or_else(|| now.checked_add(YEAR))
        .unwrap_or(now)
}

impl UrlFormStore for MemoryStore {
    fn create(&self, link: NewLink<'_>) -> StoreFuture<'_, Created> {
        Box::pin(ready(self.create_now(link)))
    }

    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>> {
        let stored = self.lock().entries.get(id).and_then(|entry| {
            Some(Stored {
                record: entry.record.clone()?,
                answer: entry.answer.clone(),
            })
        });
        Box::pin(ready(Ok(stored)))
    }

    fn settle(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> StoreFuture<'_, bool> {
        Box::pin(ready(Ok(self.settle_now(id, answer, keep))))
    }

    fn take(&self, id: &LinkId) -> StoreFuture<'_, LinkAnswer> {
        Box::pin(ready(Ok(self.take_now(id))))
    }

    fn find(&self, question: &str) -> StoreFuture<'_, Option<LinkId>> {
        let found = self.lock().questions.get(question).cloned();
        Box::pin(ready(Ok(found)))
    }
}
