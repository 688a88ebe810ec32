//! Serving an rmcp streamable-HTTP service to clients that may be hostile.
//!
//! rmcp's defaults are made for a trusted client. A server that elicits reads answers a
//! client writes, so it should also:
//!
//! - turn on `TCP_NODELAY` ([`serve`]), or every call on a kept-open connection waits
//!   about 40 ms;
//! - accept a request body no larger than its forms need ([`MAX_REQUEST_BODY`], 1 MiB
//!   rather than rmcp's 4 MiB);
//! - bound how many bytes rmcp parses at once ([`PARSE_BUDGET`]): rmcp's parse of a body
//!   made of many tiny entries costs tens of times its size in memory;
//! - answer a malformed request with a JSON-RPC error that says what is wrong, where rmcp
//!   answers a plain-text HTTP 415 or "method not found" ([`malformed`]).
//!
//! `docs/robustness.md` has the figures before and after.
//!
//! ```no_run
//! use std::sync::Arc;
//!
//! use examples::http;
//! use rmcp::transport::StreamableHttpService;
//! use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
//!
//! #[derive(Clone)]
//! struct Server;
//! impl rmcp::ServerHandler for Server {}
//!
//! # async fn run() -> std::io::Result<()> {
//! let sessions = Arc::new(LocalSessionManager::default());
//! let service = StreamableHttpService::new(|| Ok(Server), sessions, http::config());
//! let listener = tokio::net::TcpListener::bind(("127.0.0.1", 3001)).await?;
//! http::serve(listener, http::router("/mcp", service)).await
//! # }
//! ```

pub mod malformed;

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::serve::{Listener, ListenerExt};
use elicit_core::protocol::DEFAULT_MESSAGE_LIMIT;
use rmcp::transport::StreamableHttpServerConfig;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower_service::Service;

/// The largest request body accepted: 1 MiB, the bound elicit puts on one answer
/// ([`DEFAULT_MESSAGE_LIMIT`]).
///
/// A retry carries the answers to a round of forms and the `requestState` sealing the
/// earlier ones; a form's answer is a flat object of short values, a few hundred bytes.
/// Size it to your largest round if your forms take long texts.
pub const MAX_REQUEST_BODY: usize = DEFAULT_MESSAGE_LIMIT;

/// How many bytes of request bodies rmcp may be parsing at once: four of the largest.
///
/// A body is charged in whole KiB from this budget from the moment it has been read until
/// rmcp has answered (for a 2026-07-28 request, with the handler's first message); a body
/// that does not fit waits, first come, first served. A limit on the number of requests
/// cannot tell a 300-byte call from a 1 MiB one: set low, it holds back calls that cost
/// nothing; set high, it lets that many hostile megabytes be parsed at once. Charged by size,
/// 4 096 small calls run together and at most four bodies of [`MAX_REQUEST_BODY`] are parsed
/// at a time; under a flood of those, a small call waits for a few parses.
pub const PARSE_BUDGET: usize = 4 * MAX_REQUEST_BODY;

const KIB: usize = 1024;
const _: () = assert!(
    MAX_REQUEST_BODY <= PARSE_BUDGET,
    "a body must fit the budget"
);

/// rmcp's configuration with the body limit set to [`MAX_REQUEST_BODY`].
///
/// [`router`] refuses a larger body before rmcp reads it; the limit is set here too, so that
/// it holds if the service is mounted without it.
pub fn config() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig::default().with_max_request_body_bytes(MAX_REQUEST_BODY)
}

/// A router serving `service` at `path`, behind the guard of this module: the body limit,
/// the parse budget and the JSON-RPC errors of [`malformed`].
pub fn router<S>(path: &str, service: S) -> Router
where
    S: Service<Request, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Response: IntoResponse,
    S::Future: Send + 'static,
{
    let budget = Arc::new(Semaphore::new(PARSE_BUDGET / KIB));
    Router::new()
        .nest_service(path, service)
        .layer(middleware::from_fn_with_state(budget, guard))
}

/// Serves `router` on `listener` with `TCP_NODELAY` on every accepted connection.
///
/// rmcp writes a reply in several small pieces (the headers, then each SSE event, then the
/// end of the chunked body). With Nagle's algorithm on, the kernel holds a small piece back
/// until the previous one is acknowledged, and the client delays that acknowledgement (by up
/// to 40 ms on Linux) in the hope of sending it with data of its own, which it has none of
/// until the reply is complete: every call on a kept-open connection then waits about 40 ms.
///
/// # Errors
/// What `axum::serve` returns.
pub async fn serve(listener: TcpListener, router: Router) -> io::Result<()> {
    axum::serve(without_delay(listener), router).await
}

/// `listener`, turning Nagle's algorithm off on each connection it accepts (see [`serve`]).
fn without_delay(listener: TcpListener) -> impl Listener<Io = TcpStream, Addr = SocketAddr> {
    listener.tap_io(|stream: &mut TcpStream| {
        if let Err(error) = stream.set_nodelay(true) {
            eprintln!("could not set TCP_NODELAY on a connection: {error}");
        }
    })
}

/// The guard in front of rmcp, for a POST of JSON (the rest rmcp answers itself): reads the
/// body up to the limit, answers what [`malformed::screen`] finds, and hands the body to rmcp
/// once the parse budget has room for it.
async fn guard(State(budget): State<Arc<Semaphore>>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST || !is_json(request.headers()) {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let body = match read_limited(body).await {
        Ok(body) => body,
        Err(refusal) => return refusal,
    };
    if let Some(refusal) = malformed::screen(&body) {
        return refusal;
    }
    let charge = u32::try_from(body.len().div_ceil(KIB).max(1)).unwrap_or(u32::MAX);
    // Held until rmcp has answered (the budget is never closed: this is always a permit).
    let _parsing = budget.acquire_many(charge).await;
    let response = next.run(Request::from_parts(parts, Body::from(body))).await;
    malformed::unreadable(response).await
}

/// The body, or the refusal of one over [`MAX_REQUEST_BODY`] (refused unread when its
/// `Content-Length` says so).
async fn read_limited(body: Body) -> Result<Bytes, Response> {
    let limit = MAX_REQUEST_BODY;
    if body.size_hint().lower() > limit as u64 {
        return Err(malformed::too_large(limit));
    }
    axum::body::to_bytes(body, limit).await.map_err(|error| {
        let error = error.into_inner();
        if error.is::<http_body_util::LengthLimitError>() {
            malformed::too_large(limit)
        } else {
            malformed::unread(&*error)
        }
    })
}

/// Whether the request says its body is JSON; rmcp answers any other body 415 itself.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every connection `serve` accepts has Nagle's algorithm off.
    #[tokio::test]
    async fn accepted_connections_have_no_delay() {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
        let address = listener.local_addr().unwrap();
        let mut listener = without_delay(listener);
        let (_client, (accepted, _)) = tokio::join!(TcpStream::connect(address), listener.accept());
        assert!(accepted.nodelay().unwrap());
    }
}
