//! Where links and answers are kept: the [`UrlFormStore`] trait, what it holds
//! ([`Stored`], [`LinkAnswer`]) and how it fails ([`StoreError`]).

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
/// use elicit_core::url_form::LinkAnswer;
///
/// assert!(LinkAnswer::Pending.is_open());
/// assert!(!LinkAnswer::Submitted("…sealed…".into()).is_open());
/// assert_eq!(format!("{:?}", LinkAnswer::Submitted("abc".into())), "Submitted(3 bytes)");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub enum LinkAnswer {
    /// Not answered yet.
    Pending,
    /// Answered: the answer, sealed.
    Submitted(String),
    /// Answered, and the answer handed over.
    Taken,
    /// Closed without an answer.
    Abandoned,
}

impl LinkAnswer {
    /// Whether the page still takes an answer.
    ///
    /// ```
    /// assert!(!elicit_core::url_form::LinkAnswer::Taken.is_open());
    /// ```
    pub fn is_open(&self) -> bool {
        matches!(self, Self::Pending)
    }
}

impl fmt::Debug for LinkAnswer {
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
/// use elicit_core::url_form::{LinkAnswer, Stored};
///
/// let stored = Stored { record: "…sealed…".into(), answer: LinkAnswer::Pending };
/// assert!(stored.answer.is_open());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The link's record, sealed.
    pub record: String,
    /// The answer slot.
    pub answer: LinkAnswer,
}

/// Who a link counts against, and which question it answers, as a store keeps them: keyed
/// digests that [`UrlForms`](super::UrlForms) makes from the person's principal (and from the
/// tool and the question it asks), the same on every server of the same keys, naming nobody
/// to whoever reads the store.
///
/// ```
/// use elicit_core::url_form::LinkOwner;
///
/// let owner = LinkOwner::new("9f86d08", Some("60303ae".into()));
/// assert_eq!(owner.person(), "9f86d08");
/// assert_eq!(owner.question(), Some("60303ae"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkOwner {
    person: String,
    question: Option<String>,
}

impl LinkOwner {
    /// The person's digest, and the question's when the link answers one that may be asked
    /// again (a tool's question, found again by [`find`](UrlFormStore::find)).
    ///
    /// ```
    /// # use elicit_core::url_form::LinkOwner;
    /// assert_eq!(LinkOwner::new("ab", None).question(), None);
    /// ```
    pub fn new(person: impl Into<String>, question: Option<String>) -> Self {
        Self {
            person: person.into(),
            question,
        }
    }

    /// Who the link counts against.
    ///
    /// ```
    /// # use elicit_core::url_form::LinkOwner;
    /// assert_eq!(LinkOwner::new("ab", None).person(), "ab");
    /// ```
    pub fn person(&self) -> &str {
        &self.person
    }

    /// The question it answers, if it answers one that may be asked again.
    ///
    /// ```
    /// # use elicit_core::url_form::LinkOwner;
    /// assert_eq!(LinkOwner::new("ab", Some("cd".into())).question(), Some("cd"));
    /// ```
    pub fn question(&self) -> Option<&str> {
        self.question.as_deref()
    }
}

/// A link to keep ([`UrlFormStore::create`]): its id, its sealed record, whom it counts
/// against, how long it takes a post (`open_for`: it is one of its person's live links until
/// then, or until it is answered or abandoned), how long its entries are kept (`keep`), and
/// how many live links its person may have (`limit`).
///
/// ```
/// use elicit_core::url_form::{LinkId, LinkOwner, NewLink};
/// use std::time::Duration;
///
/// let id = LinkId::parse(&"A".repeat(43)).unwrap();
/// let owner = LinkOwner::new("ab", None);
/// let link = NewLink {
///     id: &id,
///     record: "sealed".into(),
///     owner: &owner,
///     open_for: Duration::from_secs(600),
///     keep: Duration::from_secs(1200),
///     limit: 20,
/// };
/// // The record is not printed, only its length.
/// assert!(format!("{link:?}").contains("record: 6 bytes"));
/// ```
pub struct NewLink<'a> {
    /// The link's id.
    pub id: &'a LinkId,
    /// Its record, sealed.
    pub record: String,
    /// Whom it counts against, and the question it answers.
    pub owner: &'a LinkOwner,
    /// How long it takes a post.
    pub open_for: Duration,
    /// How long its entries are kept (`open_for` and the answer's retention).
    pub keep: Duration,
    /// How many live links its person may have, this one included.
    pub limit: usize,
}

impl fmt::Debug for NewLink<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewLink")
            .field("id", self.id)
            .field("record", &format_args!("{} bytes", self.record.len()))
            .field("owner", self.owner)
            .field("open_for", &self.open_for)
            .field("keep", &self.keep)
            .field("limit", &self.limit)
            .finish()
    }
}

/// What [`UrlFormStore::create`] did.
///
/// ```
/// use elicit_core::url_form::Created;
/// assert_ne!(Created::Created, Created::Full);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Created {
    /// Kept, its slot pending.
    Created,
    /// Nothing changed: the id is taken.
    IdTaken,
    /// Nothing changed: its person has `limit` live links already.
    Full,
}

/// Keeps the links of [`UrlForms`](super::UrlForms) and their answers, for one server
/// ([`MemoryStore`](super::MemoryStore)) or a fleet sharing it (`RedisStore` of the
/// `redis` module, feature `redis`).
///
/// Each operation is one atomic step of the store: two servers (or two tabs) posting the
/// same link at once must see one of them win [`settle`](Self::settle), and two takers one
/// of them win [`take`](Self::take). Entries are forgotten after the `keep` they were given
/// (a store's own time to live: its clock alone counts), and a link stops counting against
/// its person when it is settled or its `open_for` has passed.
///
/// ```
/// use elicit_core::url_form::{LinkAnswer, Created, LinkId, LinkOwner, MemoryStore, NewLink, UrlFormStore};
/// use std::time::Duration;
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let store = MemoryStore::new();
/// let id = LinkId::parse(&"A".repeat(43)).unwrap();
/// let owner = LinkOwner::new("ab", Some("q".into()));
/// let keep = Duration::from_secs(60);
/// let link = |record: &str| NewLink { id: &id, record: record.into(), owner: &owner, open_for: keep, keep, limit: 20 };
/// assert_eq!(store.create(link("record")).await.unwrap(), Created::Created);
/// assert_eq!(store.create(link("again")).await.unwrap(), Created::IdTaken);
/// assert_eq!(store.find("q").await.unwrap(), Some(id.clone()));
/// assert!(store.settle(&id, LinkAnswer::Submitted("sealed".into()), keep).await.unwrap());
/// assert!(!store.settle(&id, LinkAnswer::Abandoned, keep).await.unwrap());
/// assert_eq!(store.take(&id).await.unwrap(), LinkAnswer::Submitted("sealed".into()));
/// assert_eq!(store.take(&id).await.unwrap(), LinkAnswer::Taken);
/// assert_eq!(store.get(&id).await.unwrap().unwrap().answer, LinkAnswer::Taken);
/// # }
/// ```
pub trait UrlFormStore: Send + Sync + 'static {
    /// Keeps a new link (see [`NewLink`]), its slot [`Pending`](LinkAnswer::Pending), counted
    /// against its person's live links; remembers it as the latest link of its question, if
    /// it answers one. [`IdTaken`](Created::IdTaken) or [`Full`](Created::Full), and nothing
    /// changed, when the id is taken or the person has `limit` live links.
    fn create(&self, link: NewLink<'_>) -> StoreFuture<'_, Created>;

    /// The link's record and slot; `None` for an id it does not hold (never created, or
    /// forgotten).
    fn get(&self, id: &LinkId) -> StoreFuture<'_, Option<Stored>>;

    /// Fills a [`Pending`](LinkAnswer::Pending) slot with `answer`
    /// ([`Submitted`](LinkAnswer::Submitted) or [`Abandoned`](LinkAnswer::Abandoned)), kept for
    /// `keep`, and stops counting the link against its person; `false` (and nothing changed)
    /// when the slot was filled before. A store may keep an answer for a link it does not
    /// hold: the caller checks the link first.
    fn settle(&self, id: &LinkId, answer: LinkAnswer, keep: Duration) -> StoreFuture<'_, bool>;

    /// Marks a [`Submitted`](LinkAnswer::Submitted) slot [`Taken`](LinkAnswer::Taken) and answers
    /// what the slot held before (any other state is left as it is, and answered).
    fn take(&self, id: &LinkId) -> StoreFuture<'_, LinkAnswer>;

    /// The latest link created for `question` ([`LinkOwner::question`]), while the store
    /// keeps it, whatever its slot holds.
    fn find(&self, question: &str) -> StoreFuture<'_, Option<LinkId>>;
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
