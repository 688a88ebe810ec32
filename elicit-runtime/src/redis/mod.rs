//! Redis, for a fleet of servers (feature `redis`): a [`ReplayGuard`](crate::state::ReplayGuard)
//! that every server shares ([`RedisReplayGuard`], for
//! [`StateKeys::open_once`](crate::state::StateKeys::open_once) and a dialog's
//! `once`), and, with `url-forms`, a store of URL-mode forms ([`RedisStore`]): a link minted
//! by one server is answered through another's page, and taken by a third.
//!
//! Both speak to Redis through one [`ConnectionManager`] (the `redis` crate's multiplexed
//! connection on tokio, which reconnects by itself); clone it to share it, or build both
//! from the same one. Every write is one atomic command (`SET … NX PX`, or a script of one
//! key), and every entry expires by a time to live Redis counts, so no clock but Redis's
//! decides when it is forgotten.
//!
//! ```no_run
//! use elicit_core::redis::{ConnectionManager, RedisReplayGuard};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let connection = RedisReplayGuard::connect("redis://127.0.0.1:6379/").await?;
//! # let _ = connection;
//! # Ok(()) }
//! ```

mod guard;
#[cfg(feature = "url-forms")]
mod store;

pub use ::redis::RedisError;
pub use ::redis::aio::ConnectionManager;
pub use guard::RedisReplayGuard;
#[cfg(feature = "url-forms")]
#[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
pub use store::RedisStore;

/// Opens a [`ConnectionManager`] to the Redis server at `url` (`redis://host:port/db`,
/// `rediss://…` for TLS where the `redis` crate is built with it).
///
/// # Errors
/// The URL does not parse, or the server cannot be reached.
///
/// ```no_run
/// # async fn run() -> Result<(), elicit_core::redis::RedisError> {
/// let connection = elicit_core::redis::connect("redis://127.0.0.1:6379/").await?;
/// # let _ = connection;
/// # Ok(()) }
/// ```
pub async fn connect(url: &str) -> Result<ConnectionManager, RedisError> {
    ::redis::Client::open(url)?.get_connection_manager().await
}

/// The prefix of every key unless told otherwise.
const DEFAULT_PREFIX: &str = "elicit:";
