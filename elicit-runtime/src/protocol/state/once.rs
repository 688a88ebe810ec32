//! One-time use: each sealed state's [`StateId`], the [`ReplayGuard`] that remembers which
//! were used, and [`MemoryReplayGuard`], one in this process's memory.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;
use std::future::{Future, ready};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use super::format::NONCE_LEN;

/// The unique id of one sealed state: the 24 random bytes drawn when it was sealed (the
/// encrypted form's nonce), authenticated with the rest. Two seals of the same value for the
/// same call get different ids; a retry that sends the same string again has the same.
///
/// Its [`Display`](fmt::Display) form is 48 lowercase hex digits, for a key in a shared store.
///
/// ```
/// use elicit_core::protocol::state::StateId;
///
/// let id = StateId::from_bytes([0xab; 24]);
/// assert_eq!(id.to_string(), "ab".repeat(24));
/// assert_eq!(id.as_bytes(), &[0xab; 24]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId([u8; NONCE_LEN]);

impl StateId {
    /// An id from its bytes (to read one back from a store).
    ///
    /// ```
    /// use elicit_core::protocol::state::StateId;
    /// assert_eq!(StateId::from_bytes([1; 24]), StateId::from_bytes([1; 24]));
    /// ```
    pub const fn from_bytes(bytes: [u8; NONCE_LEN]) -> Self {
        Self(bytes)
    }

    /// Its bytes.
    ///
    /// ```
    /// use elicit_core::protocol::state::StateId;
    /// assert_eq!(StateId::from_bytes([2; 24]).as_bytes()[0], 2);
    /// ```
    pub const fn as_bytes(&self) -> &[u8; NONCE_LEN] {
        &self.0
    }
}

impl fmt::Display for StateId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for StateId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateId({self})")
    }
}

/// What a [`ReplayGuard`] answers: whether this is the state's first use, or why it cannot
/// tell.
///
/// ```
/// use elicit_core::protocol::state::GuardResult;
///
/// let first: GuardResult = Ok(true);
/// let unreachable: GuardResult = Err("the store cannot be reached".into());
/// assert!(first.unwrap() && unreachable.is_err());
/// ```
pub type GuardResult = Result<bool, Box<dyn std::error::Error + Send + Sync>>;

/// The future a [`ReplayGuard`] returns (boxed, so the trait can be used as
/// `dyn ReplayGuard` and implemented over an async store).
///
/// ```
/// use std::time::SystemTime;
/// use elicit_core::protocol::state::{GuardFuture, ReplayGuard, StateId};
///
/// /// A guard for a test: every state is new.
/// struct AlwaysNew;
///
/// impl ReplayGuard for AlwaysNew {
///     fn first_use(&self, _: StateId, _: Option<SystemTime>) -> GuardFuture<'_> {
///         Box::pin(async { Ok(true) })
///     }
/// }
/// # let _ = AlwaysNew;
/// ```
pub type GuardFuture<'a> = Pin<Box<dyn Future<Output = GuardResult> + Send + 'a>>;

/// Remembers which sealed states were used, for a tool whose effect must happen once (a
/// payment, an order): [`StateKeys::open_once`](super::StateKeys::open_once) opens a state
/// only on its first use.
///
/// A sealed state is a bearer value: until it expires, whoever holds the string can send
/// it again, and a stateless server cannot tell a retry from a replay. The seal stops a
/// client from changing a state, moving it to another call, user or server, or keeping it
/// past its expiry; only a record of used ids stops it from being used twice.
///
/// Implement it over the store your servers share: the check and the record must be one
/// atomic step, and an entry need live only until the state's expiry. With Redis, that is
/// `SET elicit:state:<id> 1 NX EXAT <expiry>` (a reply of `OK` means first use, a nil reply a
/// replay); with SQL, an `INSERT` into a table whose primary key is the id (a unique-key
/// violation is a replay) and a job that deletes expired rows. [`MemoryReplayGuard`] does it
/// in memory, for a server of one process.
///
/// ```
/// use elicit_core::protocol::state::{GuardFuture, ReplayGuard, StateId};
/// use std::collections::HashSet;
/// use std::sync::Mutex;
/// use std::time::SystemTime;
///
/// /// Remembers every id, forever: only for a test.
/// #[derive(Default)]
/// struct Everything(Mutex<HashSet<StateId>>);
///
/// impl ReplayGuard for Everything {
///     fn first_use(&self, id: StateId, _expires: Option<SystemTime>) -> GuardFuture<'_> {
///         let first = self.0.lock().unwrap().insert(id);
///         Box::pin(std::future::ready(Ok(first)))
///     }
/// }
/// ```
pub trait ReplayGuard: Send + Sync {
    /// Records the use of the state `id`, which expires at `expires` (`None`: never), and
    /// resolves to whether it is the first: `Ok(true)` the first time, `Ok(false)` after.
    /// An error (the store cannot be reached, or is full) refuses the state.
    fn first_use(&self, id: StateId, expires: Option<SystemTime>) -> GuardFuture<'_>;
}

/// A [`ReplayGuard`] in this process's memory: for a server of one process (every retry
/// reaches it). A fleet of servers needs one store shared by all of them, behind the same
/// trait (see [`ReplayGuard`]); this one would let a state be used once per process.
///
/// It is bounded: an entry is dropped once its state has expired (nobody can use it any
/// more), and when [`capacity`](Self::with_capacity) live entries are held it refuses new
/// ones (an error, so the state is refused) rather than forget one that could still be
/// replayed. A state sealed [without expiry](super::StateKeys::seal_without_expiry) is kept
/// for as long as the guard lives: give one-time states an expiry.
///
/// ```
/// use elicit_core::protocol::state::{MemoryReplayGuard, ReplayGuard, StateId};
/// use std::time::{Duration, SystemTime};
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let guard = MemoryReplayGuard::new();
/// let id = StateId::from_bytes([7; 24]);
/// let expires = Some(SystemTime::now() + Duration::from_secs(600));
/// assert!(guard.first_use(id, expires).await.unwrap());
/// assert!(!guard.first_use(id, expires).await.unwrap());
/// assert_eq!(guard.len(), 1);
/// # }
/// ```
pub struct MemoryReplayGuard {
    capacity: usize,
    clock: Clock,
    used: Mutex<Used>,
}

/// Where a guard reads the time: the system clock, or a test's.
#[derive(Clone)]
struct Clock(Arc<dyn Fn() -> SystemTime + Send + Sync>);

impl Clock {
    fn system() -> Self {
        Self(Arc::new(SystemTime::now))
    }

    fn now(&self) -> SystemTime {
        (self.0)()
    }
}

/// The ids used, and when each may be forgotten.
#[derive(Default)]
struct Used {
    /// Each id, with its expiry in seconds since the epoch (`u64::MAX`: never).
    ids: HashMap<StateId, u64>,
    /// The ids that expire, soonest first.
    by_expiry: BinaryHeap<Reverse<(u64, StateId)>>,
}

impl Default for MemoryReplayGuard {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for MemoryReplayGuard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryReplayGuard")
            .field("capacity", &self.capacity)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

impl MemoryReplayGuard {
    /// How many live entries a guard holds unless told otherwise: 100 000 (a few megabytes).
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::state::MemoryReplayGuard::DEFAULT_CAPACITY, 100_000);
    /// ```
    pub const DEFAULT_CAPACITY: usize = 100_000;

    /// An empty guard of [`DEFAULT_CAPACITY`](Self::DEFAULT_CAPACITY).
    ///
    /// ```
    /// assert!(elicit_core::protocol::state::MemoryReplayGuard::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::with_capacity(Self::DEFAULT_CAPACITY)
    }

    /// An empty guard that holds at most `capacity` live entries.
    ///
    /// ```
    /// use elicit_core::protocol::state::{MemoryReplayGuard, StateId};
    /// use std::time::{Duration, SystemTime};
    ///
    /// let guard = MemoryReplayGuard::with_capacity(1);
    /// let later = Some(SystemTime::now() + Duration::from_secs(60));
    /// assert_eq!(guard.record(StateId::from_bytes([1; 24]), later), Ok(true));
    /// assert!(guard.record(StateId::from_bytes([2; 24]), later).is_err());
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            capacity,
            clock: Clock::system(),
            used: Mutex::new(Used::default()),
        }
    }

    /// How many entries it holds (expired ones included, until the next record drops them).
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::state::MemoryReplayGuard::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.lock().ids.len()
    }

    /// Whether it holds no entry.
    ///
    /// ```
    /// assert!(elicit_core::protocol::state::MemoryReplayGuard::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// [`first_use`](ReplayGuard::first_use), without a future: records `id` and says
    /// whether it was new.
    ///
    /// # Errors
    /// [`GuardFull`] when `capacity` live entries are already held.
    ///
    /// ```
    /// use elicit_core::protocol::state::{MemoryReplayGuard, StateId};
    ///
    /// let guard = MemoryReplayGuard::new();
    /// assert_eq!(guard.record(StateId::from_bytes([3; 24]), None), Ok(true));
    /// assert_eq!(guard.record(StateId::from_bytes([3; 24]), None), Ok(false));
    /// ```
    pub fn record(&self, id: StateId, expires: Option<SystemTime>) -> Result<bool, GuardFull> {
        let now = seconds(self.clock.now());
        let mut used = self.lock();
        used.forget_expired(now);
        if used.ids.contains_key(&id) {
            return Ok(false);
        }
        if used.ids.len() >= self.capacity {
            return Err(GuardFull {
                capacity: self.capacity,
            });
        }
        let expiry = expires.map_or(u64::MAX, seconds);
        used.ids.insert(id, expiry);
        if expiry != u64::MAX {
            used.by_expiry.push(Reverse((expiry, id)));
        }
        Ok(true)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Used> {
        self.used.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Used {
    /// Drops the entries whose states expired at or before `now`: they open no more.
    fn forget_expired(&mut self, now: u64) {
        while let Some(Reverse((expiry, id))) = self.by_expiry.peek().copied() {
            if expiry > now {
                break;
            }
            self.by_expiry.pop();
            self.ids.remove(&id);
        }
    }
}

impl ReplayGuard for MemoryReplayGuard {
    fn first_use(&self, id: StateId, expires: Option<SystemTime>) -> GuardFuture<'_> {
        let result = self.record(id, expires).map_err(Into::into);
        Box::pin(ready(result))
    }
}

/// Seconds since the epoch, rounded up: an entry is kept until its state has surely expired.
fn seconds(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH).map_or(0, |since| {
        since
            .as_secs()
            .saturating_add(u64::from(since.subsec_nanos() > 0))
    })
}

/// A [`MemoryReplayGuard`] already holds as many live entries as it may.
///
/// ```
/// use elicit_core::protocol::state::GuardFull;
///
/// assert_eq!(
///     GuardFull { capacity: 10 }.to_string(),
///     "the replay guard holds 10 live states, its capacity: no state can be checked until one expires",
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuardFull {
    /// Its capacity.
    pub capacity: usize,
}

impl fmt::Display for GuardFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the replay guard holds {} live states, its capacity: no state can be checked until \
             one expires",
            self.capacity
        )
    }
}

impl std::error::Error for GuardFull {}

