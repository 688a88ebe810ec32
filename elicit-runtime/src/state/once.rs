//! One-time use: each sealed state's [`StateId`], the [`StateUse`] a [`ReplayGuard`] is
//! asked to record (and its [`Owner`], for quotas), and [`MemoryReplayGuard`], a guard in this
//! process's memory.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;
use std::future::{Future, ready};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use super::format::NONCE_LEN;

/// The unique id of one sealed state: the 24 random bytes drawn when it was sealed (the
/// encrypted form's nonce), authenticated with the rest. Two seals of the same value for the
/// same call get different ids; a retry that sends the same string again has the same.
///
/// Its [`Display`](fmt::Display) form is 48 lowercase hex digits, for a key in a shared store.
///
/// ```
/// use elicit_core::state::StateId;
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
    /// use elicit_core::state::StateId;
    /// assert_eq!(StateId::from_bytes([1; 24]), StateId::from_bytes([1; 24]));
    /// ```
    pub const fn from_bytes(bytes: [u8; NONCE_LEN]) -> Self {
        Self(bytes)
    }

    /// Its bytes.
    ///
    /// ```
    /// use elicit_core::state::StateId;
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
/// use elicit_core::state::GuardResult;
///
/// let first: GuardResult = Ok(true);
/// let unreachable: GuardResult = Err("the store cannot be reached".into());
/// assert!(first.unwrap() && unreachable.is_err());
/// ```
pub type GuardResult = Result<bool, Box<dyn std::error::Error + Send + Sync>>;

/// Whom a used state is charged to, for a guard's quotas: the principal the state is bound
/// to or, for a state bound to none, the tool (or prompt) it was issued for, whatever its
/// arguments. Either is named by the first 16 bytes of its SHA-256 digest, never in clear.
///
/// Its [`Display`](fmt::Display) form, `principal:` or `tool:` then 32 hex digits, is a key for
/// a shared store.
///
/// ```
/// use elicit_core::state::Owner;
///
/// let owner = Owner::Principal([0xab; 16]);
/// assert_eq!(owner.to_string(), format!("principal:{}", "ab".repeat(16)));
/// assert!(owner.is_principal() && !Owner::Tool([0; 16]).is_principal());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// A principal ([`Binding::with_principal`](super::Binding::with_principal)).
    Principal([u8; 16]),
    /// A tool or prompt: its method and name.
    Tool([u8; 16]),
}

impl Owner {
    /// Whether it names a principal.
    ///
    /// ```
    /// assert!(elicit_core::state::Owner::Principal([1; 16]).is_principal());
    /// ```
    pub const fn is_principal(&self) -> bool {
        matches!(self, Self::Principal(_))
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, digest) = match self {
            Self::Principal(digest) => ("principal", digest),
            Self::Tool(digest) => ("tool", digest),
        };
        f.write_str(kind)?;
        f.write_str(":")?;
        digest.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Owner({self})")
    }
}

/// One use of a sealed state, as [`StateKeys::open_once`](super::StateKeys::open_once) asks a
/// [`ReplayGuard`] to record it: the state's [id](StateId), its [`Owner`], and the last
/// moment a ring accepts it (its expiry, plus the ring's
/// [clock skew allowance](super::StateKeys::with_clock_skew)).
///
/// A guard must remember the id until *well past* that moment: by a margin that covers the
/// difference between its clock and the clocks of the servers that open states, and a step
/// of any of them. [`keep_for`](Self::keep_for) computes how long, for a store that counts
/// down a time to live of its own (so that its clock does not matter).
///
/// ```
/// use elicit_core::state::{Owner, StateId, StateUse};
/// use std::time::{Duration, SystemTime};
///
/// let now = SystemTime::now();
/// let used = StateUse::new(StateId::from_bytes([1; 24]), Owner::Tool([2; 16]), now + Duration::from_secs(600));
/// assert_eq!(used.keep_for(StateUse::DEFAULT_MARGIN, now), Duration::from_secs(660));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateUse {
    id: StateId,
    owner: Owner,
    accepted_until: SystemTime,
}

impl StateUse {
    /// How long past the last moment a ring accepts a state a guard should remember it,
    /// unless told otherwise: 60 seconds. Servers whose clocks are kept by NTP agree within
    /// milliseconds; this covers one whose clock drifted or was stepped by up to a minute
    /// (a clock stepped further is a fault to fix, and is logged by NTP). The cost is memory
    /// only: a guard holds each id a minute longer.
    ///
    /// ```
    /// assert_eq!(elicit_core::state::StateUse::DEFAULT_MARGIN.as_secs(), 60);
    /// ```
    pub const DEFAULT_MARGIN: Duration = Duration::from_secs(60);

    /// The use of the state `id`, charged to `owner`, which a ring accepts until
    /// `accepted_until` (to test a guard).
    ///
    /// ```
    /// use elicit_core::state::{Owner, StateId, StateUse};
    /// use std::time::UNIX_EPOCH;
    ///
    /// let used = StateUse::new(StateId::from_bytes([1; 24]), Owner::Tool([2; 16]), UNIX_EPOCH);
    /// assert_eq!(used.accepted_until(), UNIX_EPOCH);
    /// ```
    pub const fn new(id: StateId, owner: Owner, accepted_until: SystemTime) -> Self {
        Self {
            id,
            owner,
            accepted_until,
        }
    }

    /// The state's id.
    ///
    /// ```
    /// use elicit_core::state::{Owner, StateId, StateUse};
    /// use std::time::UNIX_EPOCH;
    ///
    /// let id = StateId::from_bytes([1; 24]);
    /// assert_eq!(StateUse::new(id, Owner::Tool([2; 16]), UNIX_EPOCH).id(), id);
    /// ```
    pub const fn id(&self) -> StateId {
        self.id
    }

    /// Whom the use is charged to.
    ///
    /// ```
    /// use elicit_core::state::{Owner, StateId, StateUse};
    /// use std::time::UNIX_EPOCH;
    ///
    /// let used = StateUse::new(StateId::from_bytes([1; 24]), Owner::Principal([2; 16]), UNIX_EPOCH);
    /// assert!(used.owner().is_principal());
    /// ```
    pub const fn owner(&self) -> Owner {
        self.owner
    }

    /// The last moment a ring accepts the state: its expiry plus the ring's clock skew
    /// allowance. After it, the state is refused as expired.
    ///
    /// ```
    /// use elicit_core::state::{Owner, StateId, StateUse};
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let until = UNIX_EPOCH + Duration::from_secs(1_800_000_005);
    /// assert_eq!(StateUse::new(StateId::from_bytes([1; 24]), Owner::Tool([2; 16]), until).accepted_until(), until);
    /// ```
    pub const fn accepted_until(&self) -> SystemTime {
        self.accepted_until
    }

    /// How long from `now` a guard should remember the state: until `margin` after
    /// [`accepted_until`](Self::accepted_until), rounded up to the second (a store's time to
    /// live in seconds then never falls short). At least `margin`, even for a state whose
    /// last moment has passed on this clock (another server's may be behind it).
    ///
    /// ```
    /// use elicit_core::state::{Owner, StateId, StateUse};
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let until = UNIX_EPOCH + Duration::from_secs(1_000);
    /// let used = StateUse::new(StateId::from_bytes([1; 24]), Owner::Tool([2; 16]), until);
    /// let margin = Duration::from_secs(60);
    /// assert_eq!(used.keep_for(margin, until - Duration::from_millis(1_500)), Duration::from_secs(62));
    /// assert_eq!(used.keep_for(margin, until + Duration::from_secs(30)), margin);
    /// ```
    pub fn keep_for(&self, margin: Duration, now: SystemTime) -> Duration {
        let left = self
            .accepted_until
            .duration_since(now)
            .unwrap_or(Duration::ZERO);
        let whole = left
            .as_secs()
            .saturating_add(u64::from(left.subsec_nanos() > 0));
        Duration::from_secs(whole).saturating_add(margin)
    }
}

/// The future a [`ReplayGuard`] returns (boxed, so the trait can be used as
/// `dyn ReplayGuard` and implemented over an async store).
///
/// ```
/// use elicit_core::state::{GuardFuture, ReplayGuard, StateUse};
///
/// /// A guard for a test: every state is new.
/// struct AlwaysNew;
///
/// impl ReplayGuard for AlwaysNew {
///     fn first_use(&self, _: StateUse) -> GuardFuture<'_> {
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
/// atomic step, and an entry must live until a margin after the last moment a ring accepts
/// its state ([`StateUse::keep_for`], with [`StateUse::DEFAULT_MARGIN`] or your own). With
/// Redis, that is `SET elicit:state:<id> 1 NX PX <keep_for in ms>`: a relative time to live,
/// counted by the store, so that neither its clock nor an absolute expiry can forget an entry
/// early (a reply of `OK` means first use, a nil reply a replay). With SQL, an `INSERT` into a
/// table whose primary key is the id (a unique-key violation is a replay), with the time it
/// may be deleted computed the same way. [`MemoryReplayGuard`] does it in memory, for a server
/// of one process. Bound what one [`Owner`] may hold (a counter per owner, say), or a single
/// caller can fill the store for everyone.
///
/// ```
/// use elicit_core::state::{GuardFuture, ReplayGuard, StateId, StateUse};
/// use std::collections::HashSet;
/// use std::sync::Mutex;
///
/// /// Remembers every id, forever: only for a test.
/// #[derive(Default)]
/// struct Everything(Mutex<HashSet<StateId>>);
///
/// impl ReplayGuard for Everything {
///     fn first_use(&self, used: StateUse) -> GuardFuture<'_> {
///         let first = self.0.lock().unwrap().insert(used.id());
///         Box::pin(std::future::ready(Ok(first)))
///     }
/// }
/// ```
pub trait ReplayGuard: Send + Sync {
    /// Records the use `used` of a state, and resolves to whether it is the first:
    /// `Ok(true)` the first time, `Ok(false)` after. An error (the store cannot be reached,
    /// or is full, or the owner's quota is) refuses the state.
    fn first_use(&self, used: StateUse) -> GuardFuture<'_>;
}

/// A [`ReplayGuard`] in this process's memory: for a server of one process (every retry
/// reaches it). A fleet of servers needs one store shared by all of them, behind the same
/// trait (see [`ReplayGuard`]); this one would let a state be used once per process.
///
/// It remembers each used state until [`margin`](Self::with_margin) after the last moment a
/// ring accepts it ([`StateUse::accepted_until`]), and forgets it only when that time has
/// passed on both the system clock and a monotonic one: a system clock stepped forward (then
/// back) makes it forget nothing a ring would still accept.
///
/// It is bounded: it holds at most [`capacity`](Self::with_capacity) live entries, and at
/// most [`quota`](Self::with_quota) of one [`Owner`] (a principal, or a tool for states bound
/// to none), so that one caller cannot fill it for everyone. Past either it refuses (an
/// error, so the state is refused) rather than forget an entry that could still be replayed.
/// [`StateKeys::open_once`](super::StateKeys::open_once) never records a state that does not
/// expire.
///
/// ```
/// use elicit_core::state::{MemoryReplayGuard, Owner, ReplayGuard, StateId, StateUse};
/// use std::time::{Duration, SystemTime};
///
/// # #[tokio::main(flavor = "current_thread")] async fn main() {
/// let guard = MemoryReplayGuard::new();
/// let until = SystemTime::now() + Duration::from_secs(600);
/// let used = StateUse::new(StateId::from_bytes([7; 24]), Owner::Tool([1; 16]), until);
/// assert!(guard.first_use(used).await.unwrap());
/// assert!(!guard.first_use(used).await.unwrap());
/// assert_eq!(guard.len(), 1);
/// # }
/// ```
pub struct MemoryReplayGuard {
    capacity: usize,
    quota: usize,
    margin: Duration,
    clock: Clock,
    used: Mutex<Used>,
}

/// Where a guard reads the time: the system clock (which the states' expiries are written
/// in) and a monotonic one (which nobody can step); or a test's.
#[derive(Clone)]
struct Clock(Arc<dyn Fn() -> (SystemTime, Instant) + Send + Sync>);

impl Clock {
    fn system() -> Self {
        Self(Arc::new(|| (SystemTime::now(), Instant::now())))
    }

    fn now(&self) -> (SystemTime, Instant) {
        (self.0)()
    }
}

/// The ids used, and when each may be forgotten.
#[derive(Default)]
struct Used {
    ids: HashMap<StateId, Entry>,
    /// The ids, soonest forgotten first on the monotonic clock; an id kept for as long as the
    /// guard lives is not in it.
    by_deadline: BinaryHeap<Reverse<(Instant, StateId)>>,
    /// How many live entries each owner holds (owners with none are removed).
    per_owner: HashMap<Owner, usize>,
}

/// One used state.
struct Entry {
    owner: Owner,
    /// When it may be forgotten on the system clock (`None`: past what it can express).
    forget_after: Option<SystemTime>,
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
            .field("quota", &self.quota)
            .field("margin", &self.margin)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

impl MemoryReplayGuard {
    /// How many live entries a guard holds unless told otherwise: 100 000 (a few megabytes).
    ///
    /// ```
    /// assert_eq!(elicit_core::state::MemoryReplayGuard::DEFAULT_CAPACITY, 100_000);
    /// ```
    pub const DEFAULT_CAPACITY: usize = 100_000;

    /// How many live entries one [`Owner`] may hold unless told otherwise: 1 000. A person
    /// answers a form in seconds, and a used state lives about ten minutes (the time to live,
    /// the skew allowance and the margin): a thousand is more than a person makes, and a
    /// hundred such owners are needed to fill the default capacity.
    ///
    /// ```
    /// assert_eq!(elicit_core::state::MemoryReplayGuard::DEFAULT_QUOTA, 1_000);
    /// ```
    pub const DEFAULT_QUOTA: usize = 1_000;

    /// An empty guard of [`DEFAULT_CAPACITY`](Self::DEFAULT_CAPACITY),
    /// [`DEFAULT_QUOTA`](Self::DEFAULT_QUOTA) and
    /// [`StateUse::DEFAULT_MARGIN`].
    ///
    /// ```
    /// assert!(elicit_core::state::MemoryReplayGuard::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::with_capacity(Self::DEFAULT_CAPACITY)
    }

    /// An empty guard that holds at most `capacity` live entries (and at most the
    /// [`DEFAULT_QUOTA`](Self::DEFAULT_QUOTA) of one owner, or `capacity` if that is less).
    ///
    /// ```
    /// use elicit_core::state::{GuardFull, MemoryReplayGuard, Owner, StateId, StateUse};
    /// use std::time::{Duration, SystemTime};
    ///
    /// let guard = MemoryReplayGuard::with_capacity(1);
    /// let until = SystemTime::now() + Duration::from_secs(60);
    /// let used = |byte, owner| StateUse::new(StateId::from_bytes([byte; 24]), owner, until);
    /// assert_eq!(guard.record(used(1, Owner::Tool([1; 16]))), Ok(true));
    /// assert_eq!(guard.record(used(2, Owner::Tool([2; 16]))), Err(GuardFull::Capacity { capacity: 1 }));
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            capacity,
            quota: Self::DEFAULT_QUOTA,
            margin: StateUse::DEFAULT_MARGIN,
            clock: Clock::system(),
            used: Mutex::new(Used::default()),
        }
    }

    /// Holds at most `quota` live entries of one [`Owner`]: past it, that owner's states are
    /// refused until one of theirs is forgotten, and everyone else's are checked as before.
    ///
    /// ```
    /// use elicit_core::state::{GuardFull, MemoryReplayGuard, Owner, StateId, StateUse};
    /// use std::time::{Duration, SystemTime};
    ///
    /// let guard = MemoryReplayGuard::new().with_quota(1);
    /// let until = SystemTime::now() + Duration::from_secs(60);
    /// let (mallory, ada) = (Owner::Principal([6; 16]), Owner::Principal([1; 16]));
    /// let used = |byte, owner| StateUse::new(StateId::from_bytes([byte; 24]), owner, until);
    /// assert_eq!(guard.record(used(1, mallory)), Ok(true));
    /// assert_eq!(guard.record(used(2, mallory)), Err(GuardFull::Quota { owner: mallory, quota: 1 }));
    /// assert_eq!(guard.record(used(3, ada)), Ok(true));
    /// ```
    #[must_use]
    pub fn with_quota(mut self, quota: usize) -> Self {
        self.quota = quota;
        self
    }

    /// Remembers each state `margin` past the last moment a ring accepts it (instead of
    /// [`StateUse::DEFAULT_MARGIN`]): make it at least the largest difference between this
    /// process's clock and those of the servers that seal states for it.
    ///
    /// ```
    /// use elicit_core::state::MemoryReplayGuard;
    /// use std::time::Duration;
    ///
    /// let guard = MemoryReplayGuard::new().with_margin(Duration::from_secs(300));
    /// assert_eq!(guard.margin(), Duration::from_secs(300));
    /// ```
    #[must_use]
    pub fn with_margin(mut self, margin: Duration) -> Self {
        self.margin = margin;
        self
    }

    /// How long past the last moment a ring accepts a state it is remembered.
    ///
    /// ```
    /// use elicit_core::state::{MemoryReplayGuard, StateUse};
    ///
    /// assert_eq!(MemoryReplayGuard::new().margin(), StateUse::DEFAULT_MARGIN);
    /// ```
    pub fn margin(&self) -> Duration {
        self.margin
    }

    /// How many entries it holds (forgettable ones included, until the next record drops
    /// them).
    ///
    /// ```
    /// assert_eq!(elicit_core::state::MemoryReplayGuard::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.lock().ids.len()
    }

    /// Whether it holds no entry.
    ///
    /// ```
    /// assert!(elicit_core::state::MemoryReplayGuard::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// [`first_use`](ReplayGuard::first_use), without a future: records the use and says
    /// whether it was the first.
    ///
    /// # Errors
    /// [`GuardFull::Capacity`] when `capacity` live entries are already held,
    /// [`GuardFull::Quota`] when the owner's quota is.
    ///
    /// ```
    /// use elicit_core::state::{MemoryReplayGuard, Owner, StateId, StateUse};
    /// use std::time::{Duration, SystemTime};
    ///
    /// let guard = MemoryReplayGuard::new();
    /// let until = SystemTime::now() + Duration::from_secs(600);
    /// let used = StateUse::new(StateId::from_bytes([3; 24]), Owner::Tool([1; 16]), until);
    /// assert_eq!(guard.record(used), Ok(true));
    /// assert_eq!(guard.record(used), Ok(false));
    /// ```
    pub fn record(&self, used: StateUse) -> Result<bool, GuardFull> {
        let (wall, monotonic) = self.clock.now();
        let mut entries = self.lock();
        entries.forget_passed(wall, monotonic);
        if entries.ids.contains_key(&used.id) {
            return Ok(false);
        }
        if entries.ids.len() >= self.capacity {
            return Err(GuardFull::Capacity {
                capacity: self.capacity,
            });
        }
        let held = entries.per_owner.get(&used.owner).copied().unwrap_or(0);
        if held >= self.quota {
            return Err(GuardFull::Quota {
                owner: used.owner,
                quota: self.quota,
            });
        }
        let forget_after = used.accepted_until.checked_add(self.margin);
        // The same span on the monotonic clock, from now: what a step of the system clock
        // cannot shorten.
        let deadline = monotonic.checked_add(used.keep_for(self.margin, wall));
        entries.ids.insert(
            used.id,
            Entry {
                owner: used.owner,
                forget_after,
            },
        );
        *entries.per_owner.entry(used.owner).or_insert(0) += 1;
        if let (Some(deadline), Some(_)) = (deadline, forget_after) {
            entries.by_deadline.push(Reverse((deadline, used.id)));
        }
        Ok(true)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Used> {
        self.used.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Used {
    /// Drops the entries whose time has passed on both clocks: their states open nowhere any
    /// more. Stops at the first that must be kept (when the system clock was set back, the
    /// entries after it are kept too, until it catches up: never fewer than needed).
    fn forget_passed(&mut self, wall: SystemTime, monotonic: Instant) {
        while let Some(Reverse((deadline, id))) = self.by_deadline.peek().copied() {
            let passed_on_wall = self
                .ids
                .get(&id)
                .and_then(|entry| entry.forget_after)
                .is_none_or(|after| after <= wall);
            if deadline > monotonic || !passed_on_wall {
                break;
            }
            self.by_deadline.pop();
            if let Some(entry) = self.ids.remove(&id)
                && let Some(held) = self.per_owner.get_mut(&entry.owner)
            {
                *held = held.saturating_sub(1);
                if *held == 0 {
                    self.per_owner.remove(&entry.owner);
                }
            }
        }
    }
}

impl ReplayGuard for MemoryReplayGuard {
    fn first_use(&self, used: StateUse) -> GuardFuture<'_> {
        let result = self.record(used).map_err(Into::into);
        Box::pin(ready(result))
    }
}

/// A [`MemoryReplayGuard`] holds as many live entries as it may, in all or of one owner.
///
/// ```
/// use elicit_core::state::{GuardFull, Owner};
///
/// assert_eq!(
///     GuardFull::Capacity { capacity: 10 }.to_string(),
///     "the replay guard holds 10 live states, its capacity: no state can be checked until one expires",
/// );
/// assert_eq!(
///     GuardFull::Quota { owner: Owner::Tool([0; 16]), quota: 3 }.to_string(),
///     format!("the replay guard holds 3 live states of tool:{}, its quota per owner: none of theirs can be checked until one expires", "00".repeat(16)),
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GuardFull {
    /// Its capacity is reached.
    Capacity {
        /// Its capacity.
        capacity: usize,
    },
    /// The quota of one owner is reached.
    Quota {
        /// Whose.
        owner: Owner,
        /// The quota.
        quota: usize,
    },
}

impl fmt::Display for GuardFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Capacity { capacity } => write!(
                f,
                "the replay guard holds {capacity} live states, its capacity: no state can be \
                 checked until one expires"
            ),
            Self::Quota { owner, quota } => write!(
                f,
                "the replay guard holds {quota} live states of {owner}, its quota per owner: \
                 none of theirs can be checked until one expires"
            ),
        }
    }
}

impl std::error::Error for GuardFull {}

#[cfg(test)]
mod tests {
    use std::time::UNIX_EPOCH;

    use super::*;

    /// The time a test sets: the system clock's reading, and how far the monotonic one has
    /// advanced since the guard was made.
    type Time = Arc<Mutex<(SystemTime, Duration)>>;

    /// A guard on a clock the test sets.
    fn on_clock(start: SystemTime) -> (MemoryReplayGuard, Time) {
        let time = Arc::new(Mutex::new((start, Duration::ZERO)));
        let read = time.clone();
        let origin = Instant::now();
        let mut guard = MemoryReplayGuard::new();
        guard.clock = Clock(Arc::new(move || {
            let (wall, elapsed) = *read.lock().unwrap();
            (wall, origin + elapsed)
        }));
        (guard, time)
    }

    /// Both clocks move by `by`, as they do when nobody steps the system clock.
    fn advance(time: &Time, by: Duration) {
        let mut time = time.lock().unwrap();
        *time = (time.0 + by, time.1 + by);
    }

    /// The system clock is set to `to`; the monotonic one does not move.
    fn step(time: &Time, to: SystemTime) {
        time.lock().unwrap().0 = to;
    }

    fn id(byte: u8) -> StateId {
        StateId::from_bytes([byte; NONCE_LEN])
    }

    const TOOL: Owner = Owner::Tool([1; 16]);

    /// The last moment a ring accepts the states of these tests.
    fn until() -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(1_800_000_000)
    }

    fn used(byte: u8, accepted_until: SystemTime) -> StateUse {
        StateUse::new(id(byte), TOOL, accepted_until)
    }

    #[test]
    fn a_used_state_is_remembered_past_the_last_moment_it_opens() {
        let (guard, time) = on_clock(until() - Duration::from_secs(10));
        assert_eq!(guard.record(used(1, until())), Ok(true));
        // The ring opens the state until `until`; the guard refuses it until the margin after.
        for to in [
            until() - Duration::from_millis(500),
            until() - Duration::from_nanos(1),
            until(),
            until() + Duration::from_millis(500),
            until() + StateUse::DEFAULT_MARGIN - Duration::from_nanos(1),
        ] {
            let now = time.lock().unwrap().0;
            advance(&time, to.duration_since(now).unwrap());
            assert_eq!(guard.record(used(1, until())), Ok(false), "{to:?}");
        }
        // Past the margin, on both clocks, it is forgotten (a ring refuses it by now).
        advance(&time, Duration::from_nanos(1));
        assert_eq!(guard.record(used(2, until())), Ok(true));
        assert_eq!(guard.len(), 1);
    }

    #[test]
    fn the_margin_is_the_guards_to_set() {
        let (guard, time) = on_clock(until());
        let guard = guard.with_margin(Duration::from_secs(5));
        assert_eq!(guard.record(used(1, until())), Ok(true));
        advance(&time, Duration::from_millis(4_999));
        assert_eq!(guard.record(used(1, until())), Ok(false));
        advance(&time, Duration::from_millis(1));
        assert_eq!(guard.record(used(2, until())), Ok(true));
        assert_eq!(guard.len(), 1);
    }

    #[test]
    fn a_clock_stepped_forward_then_back_forgets_no_live_state() {
        let start = until() - Duration::from_secs(600);
        let (guard, time) = on_clock(start);
        assert_eq!(guard.record(used(1, until())), Ok(true));
        // The clock jumps a day ahead (a resumed virtual machine, a mistyped date), and a
        // state used meanwhile makes the guard drop what has passed...
        step(&time, start + Duration::from_secs(86_400));
        advance(&time, Duration::from_secs(1));
        assert_eq!(
            guard.record(used(2, start + Duration::from_secs(87_000))),
            Ok(true)
        );
        // ...then it is set right: the first state opens again, and is still used.
        step(&time, start + Duration::from_secs(2));
        assert_eq!(guard.record(used(1, until())), Ok(false));
        assert_eq!(guard.len(), 2);
    }

    #[test]
    fn a_clock_set_back_keeps_what_has_not_passed_on_it() {
        let (guard, time) = on_clock(until() - Duration::from_secs(600));
        assert_eq!(guard.record(used(1, until())), Ok(true));
        // The monotonic time passes, but the system clock was set back an hour: the state
        // would open again on it, so the guard keeps it.
        advance(&time, Duration::from_secs(700));
        step(&time, until() - Duration::from_secs(3_000));
        assert_eq!(guard.record(used(2, until())), Ok(true));
        assert_eq!(guard.record(used(1, until())), Ok(false));
    }

    #[test]
    fn each_owner_has_a_quota_and_gets_it_back_as_states_pass() {
        let (guard, time) = on_clock(until() - Duration::from_secs(600));
        let guard = guard.with_quota(2);
        let mallory = Owner::Principal([6; 16]);
        let ada = Owner::Principal([1; 16]);
        let of = |byte, owner| StateUse::new(id(byte), owner, until());
        assert_eq!(guard.record(of(1, mallory)), Ok(true));
        assert_eq!(guard.record(of(2, mallory)), Ok(true));
        let full = GuardFull::Quota {
            owner: mallory,
            quota: 2,
        };
        assert_eq!(guard.record(of(3, mallory)), Err(full));
        // A replay is still told apart from a new state.
        assert_eq!(guard.record(of(1, mallory)), Ok(false));
        assert_eq!(guard.record(of(4, ada)), Ok(true));
        assert_eq!(guard.record(of(5, TOOL)), Ok(true));
        advance(&time, Duration::from_secs(600) + StateUse::DEFAULT_MARGIN);
        assert_eq!(guard.record(of(3, mallory)), Ok(true));
        assert_eq!(guard.len(), 1);
        assert!(!guard.is_empty());
        assert!(!guard.lock().per_owner.contains_key(&ada));
    }
}
