//! Where links and answers are kept: the [`UrlFormStore`] trait, what it holds
//! ([`Stored`], [`Answer`]) and how it fails ([`StoreError`]).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use super::link::LinkId;

/// The future a [`UrlFormStore`] returns (boxed, so that the store can be held as
/// `dyn UrlFormStore` and implemented over an async client).
///
/// ```
/// use elicit_core::url_form::StoreFuture;
///
/// let found: StoreFuture<'static, bool> = Box::pin(async { Ok(true) });
/// # drop(found);
/// ```
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Where a link stands: its answer slot. It moves once from `Pending` to `Submitted` (the
/// page was answered) or `Abandoned`, and from `Submitted` once to `Taken`.
///
/// The strings a store is given are sealed with the server's
/// [`StateKeys`](crate::state::StateKeys) (encrypted, bound to the link and the
/// person, expiring): a store never holds an answer in clear.
///
/// ```
/// use elicit_core::url_form::Answer;
///
/// assert!(Answer::Pending.is_open());
/// assert!(!Answer::Submitted("…sealed…".into()).is_open());
/// assert_eq!(format!("{:?}", Answer::Submitted("abc".into())), "Submitted(3 bytes)");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub enum Answer {
    /// Not answered yet.
    Pending,
    /// Answered: the answer, sealed.
    Submitted(String),
    /// Answered, and the answer handed over.
    Taken,
    /// Closed without an answer.
    Abandoned,
}

impl Answer {
    /// Whether the page still takes an answer.
    ///
    /// ```
    /// assert!(!elicit_core::url_form::Answer::Taken.is_open());
    /// ```
    pub fn is_open(&self) -> bool {
        matches!(self, Self::Pending)
    }
}

impl fmt::Debug for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pending => f.write_str("Pending"),
            Self::Submitted(sealed) => write!(f, "Submitted({} bytes)", sealed.len()),
            Self::Taken => f.write_str("Taken"),
            Self::Abandoned => f.write_str("Abandoned"),
        }
    }
}

/// What a store holds for one link: its record (sealed: the form, the elicitation, the CSRF
/// secret) and its answer slot.
///
/// ```
/// use elicit_core::url_form::{Answer, Stored};
///
/// let stored = Stored { record: "…sealed…".into(), answer: Answer::Pending };
/// assert!(stored.answer.is_open());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The link's record, sealed.
    pub record: String,
    /// The answer slot.
    pub answer: Answer,
}

/// Keeps the links of [`UrlForms`](super::UrlForms) and their answers, for one server
/// ([`MemoryStore`](super::MemoryStore)) or a fleet sharing it (`RedisStore` of the
/// `redis` module, feature `redis`).
///
/// Each operation is one atomic step of the store: two servers (or two tabs) posting the
/// same link at once must see one of them win [`settle`](Self::settle), and two takers one
/// of them win [`take`](Self::take). Entries are forgotten after the `keep` they were given
/// (a store's own time to live: its clock alone counts).
///
/// ```
/// use elicit_core::url_form::{Answer, LinkId, MemoryStore, UrlFormStore};
/// use std::time::Duration;
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let store = MemoryStore::new();
/// let id = LinkId::parse(&"A".repeat(43)).unwrap();
/// let keep = Duration::from_secs(60);
/// assert!(store.create(&id, "record".into(), keep).await.unwrap());
/// assert!(!store.create(&id, "again".into(), keep).await.unwrap());
/// assert!(store.settle(&id, Answer::Submitted("sealed".into()), keep).await.unwrap());
/// assert!(!store.settle(&id, Answer::Abandoned, keep).await.unwrap());
/// assert_eq!(store.take(&id).await.unwrap(), Answer::Submitted("sealed".into()));
/// assert_eq!(store.take(&id).await.unwrap(), Answer::Taken);
/// assert_eq!(store.get(&id).await.unwrap().unwrap().answer, Answer::Taken);
/// # }
/// ```
pub trait UrlFormStore: Send + Sync + 'static {
    /// Keeps a new link's record for `keep`, its slot [`Pending`](Answer::Pending); `false`
    /// (and nothing changed) when the id is taken.
    fn create(&self, id: &LinkId, record: String, keep: Duration) -> StoreFuture<'_, bool>;

    /// The link's record and slot; `None` for an id it does not hold (never created, or
    /// forgotten).
    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>>;

    /// Fills a [`Pending`](Answer::Pending) slot with `answer`
    /// ([`Submitted`](Answer::Submitted) or [`Abandoned`](Answer::Abandoned)), kept for
    /// `keep`; `false` (and nothing changed) when the slot was filled before. A store may
    /// keep an answer for a link it does not hold: the caller checks the link first.
    fn settle(&self, id: &LinkId, answer: Answer, keep: Duration) -> StoreFuture<'_, bool>;

    /// Marks a [`Submitted`](Answer::Submitted) slot [`Taken`](Answer::Taken) and answers
    /// what the slot held before (any other state is left as it is, and answered).
    fn take(&self, id: &LinkId) -> StoreFuture<'_, Answer>;
}

/// A store failed: cannot be reached, is full, answered what it should not.
///
/// ```
/// use elicit_core::url_form::StoreError;
///
/// let error = StoreError::new("connection refused");
/// assert_eq!(error.to_string(), "connection refused");
/// ```
pub struct StoreError(Box<dyn std::error::Error + Send + Sync>);

impl StoreError {
    /// A store's error, as the store words it.
    ///
    /// ```
    /// use elicit_core::url_form::StoreError;
    ///
    /// let io = std::io::Error::other("disk full");
    /// assert_eq!(StoreError::new(io).to_string(), "disk full");
    /// ```
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self(error.into())
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StoreError({})", self.0)
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}
