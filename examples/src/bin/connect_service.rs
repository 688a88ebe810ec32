//! An rmcp streamable-HTTP server that asks for an API key the way the MCP specification
//! says a secret must be asked: through a page of its own (URL mode), never in form mode.
//!
//! ```text
//! cargo run -p examples --features url-forms --bin connect_service -- 3003   # 0 picks a free port
//! cargo run -p examples --features url-forms --bin connect_service -- 3003 --redis redis://127.0.0.1:6379/ --keys keys.hex
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` once it accepts connections, and
//! serves on that origin:
//!
//! | path | what |
//! |---|---|
//! | `/mcp` | MCP over streamable HTTP, every revision (2025-11-25 in a session, 2026-07-28 without) |
//! | `/connect/<link id>` | the page of a URL-mode form (elicit's `url_form` router) |
//! | `/login?user=<user>` | the demo sign-in: sets the browser's `session` cookie |
//! | `/logout` | the demo sign-out: clears it |
//!
//! **A fleet.** Started with `--redis URL --keys FILE`, it is one member of a fleet: every
//! instance given the same two arguments seals with the same keys (FILE holds them, as hex;
//! it is created, readable by its owner only, when it does not exist), keeps its links, their
//! answers, the states used once and the connections it made in that Redis, and serves every
//! other member's links. A link minted by one instance is answered on another's page (the same
//! path on its own origin), and the call completes where it is held: on 2025-11-25 the
//! instance holding the session sees the post within a second; on 2026-07-28 the retry may go
//! to any instance. Without them, it keeps all of it in its own memory, with keys drawn at
//! start.
//!
//! **Demo identity, a stand-in for real authorization.** An MCP request is made by `<user>`
//! when it carries `Authorization: Bearer <user>` (a request without one is refused, 401); a
//! browser is `<user>` after `GET /login?user=<user>` set its `session` cookie, and each page
//! says so before anything is typed ("Signed in as <user> — not you? Sign out, then open the
//! link again": a demo sign-in is a login CSRF waiting to happen, since any site can send a
//! browser to it). A real server checks an OAuth access token on `/mcp`, and its own session on
//! the pages, and names the person on both sides the same way (the token's issuer and
//! subject). The request limits are tower's and tower-http's own layers.
//!
//! Tool `connect_weather` (no arguments): if the caller has no key stored, it asks through
//! URL mode for a form holding the API key (a secret of at least 16 characters) and a region
//! (a select); when it is done, it answers `Connected <user> to the weather service in
//! <region> (key ending in <last 4>)`, and keeps the key, bound to the user (sealed, in a
//! fleet's Redis): a second call, on any instance, answers the same without asking. Each
//! state of its dialog is used once: a retry replayed, to this instance or another, is
//! refused. A link opened by another user's browser is refused, and nothing is stored. The
//! key never appears in an MCP message, a log line or a `requestState`: it is typed into the
//! page, sealed in the store, taken by the tool into a `SecretString`.

use std::collections::HashMap;
use std::error::Error;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{StatusCode, header, request::Parts};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt as _;
use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::protocol::UrlPolicy;
use elicit_core::redis::{ConnectionManager, RedisReplayGuard, RedisStore};
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{Binding, Principal, StateKey, StateKeys};
use elicit_core::url_form::{ExposeSecret, SecretString, UrlForm, UrlForms, cookie};
use elicit_core::{Elicit, ElicitOutcome};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::Value;

/// Where your forecasts come from.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Region {
    /// Europe
    #[elicit(rename = "eu")]
    Europe,
    /// North America
    #[elicit(rename = "na")]
    NorthAmerica,
    /// Asia Pacific
    #[elicit(rename = "apac")]
    AsiaPacific,
}

impl Region {
    fn name(self) -> &'static str {
        match self {
            Self::Europe => "Europe",
            Self::NorthAmerica => "North America",
            Self::AsiaPacific => "Asia Pacific",
        }
    }
}

/// Connect the weather service
#[derive(Elicit)]
struct WeatherAccount {
    /// The API key from your account page on the weather service
    // A secret type: shown as a password input, refused in form mode at compile time; its
    // name, which reads as a secret, is what such a type is for (no `not_sensitive`).
    #[elicit(min_length = 16, max_length = 200)]
    api_key: SecretString,
    /// Region
    region: Region,
}

/// A user's connection, kept for later calls: bound to the user, the key never printed.
struct Connection {
    key: SecretString,
    region: Region,
}

impl Connection {
    fn text(&self, user: &str) -> String {
        let key = self.key.expose_secret();
        let last4: String = {
            let chars: Vec<char> = key.chars().collect();
            chars[chars.len().saturating_sub(4)..].iter().collect()
        };
        format!(
            "Connected {user} to the weather service in {} (key ending in {last4})",
            self.region.name()
        )
    }
}

/// A connection as a fleet keeps it in Redis: sealed with the fleet's keys for its user (the
/// key encrypted, bound to the user: another user's entry does not open).
#[derive(serde::Serialize, serde::Deserialize)]
struct Sealed {
    key: String,
    region: Region,
}

impl Drop for Sealed {
    fn drop(&mut self) {
        // The key's copy in clear, for as long as it is sealed or opened.
        zero(&mut self.key);
    }
}

/// Overwrites `text` with zeros, then empties it.
fn zero(text: &mut String) {
    let mut bytes = std::mem::take(text).into_bytes();
    bytes.iter_mut().for_each(|byte| *byte = 0);
    std::hint::black_box(&bytes);
}

/// Where the connections are kept: this process's memory, or a fleet's Redis.
#[derive(Clone)]
enum Connections {
    Memory(Arc<Mutex<HashMap<String, Connection>>>),
    Redis {
        connection: ConnectionManager,
        keys: StateKeys,
    },
}

impl Connections {
    /// The binding a user's connection is sealed for.
    fn binding(user: &str) -> Binding {
        Binding::new("connect_service", "connection", &Value::Null).with_principal(user)
    }

    /// The Redis key of a user's connection: a keyed digest, not the user's name.
    fn key(keys: &StateKeys, user: &str) -> String {
        let digest = keys.digest(&[b"connect_service connection", user.as_bytes()]);
        format!("connect_service:connection:{digest}")
    }

    async fn get(&self, user: &str) -> Result<Option<String>, String> {
        match self {
            Self::Memory(map) => Ok(lock(map).get(user).map(|c| c.text(user))),
            Self::Redis { connection, keys } => {
                let mut connection = connection.clone();
                let sealed: Option<String> = ::redis::cmd("GET")
                    .arg(Self::key(keys, user))
                    .query_async(&mut connection)
                    .await
                    .map_err(|error| error.to_string())?;
                let Some(sealed) = sealed else {
                    return Ok(None);
                };
                let opened: Sealed = keys
                    .open(&sealed, &Self::binding(user))
                    .map_err(|error| error.to_string())?;
                let text = Connection {
                    key: SecretString::from(opened.key.clone()),
                    region: opened.region,
                }
                .text(user);
                Ok(Some(text))
            }
        }
    }

    async fn put(&self, user: &str, connection: Connection) -> Result<(), String> {
        match self {
            Self::Memory(map) => {
                lock(map).insert(user.to_owned(), connection);
                Ok(())
            }
            Self::Redis {
                connection: redis,
                keys,
            } => {
                let sealed = Sealed {
                    key: connection.key.expose_secret().to_owned(),
                    region: connection.region,
                };
                let sealed = keys
                    .seal_without_expiry(&sealed, &Self::binding(user))
                    .map_err(|error| error.to_string())?;
                let mut redis = redis.clone();
                ::redis::cmd("SET")
                    .arg(Self::key(keys, user))
                    .arg(sealed)
                    .query_async::<()>(&mut redis)
                    .await
                    .map_err(|error| error.to_string())
            }
        }
    }
}

#[derive(Clone)]
struct Weather {
    dialogs: DialogSettings,
    connections: Connections,
}

#[tool_router]
impl Weather {
    #[tool(
        description = "Connects your weather service account (asks for its API key on a page of this server)"
    )]
    async fn connect_weather(
        &self,
        dialog: Dialog,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // The `bearer` layer put the caller there; the dialog binds the link to them too.
        let Some(user) = ctx
            .extensions
            .get::<Parts>()
            .and_then(|parts| parts.extensions.get::<Principal>())
            .map(|principal| principal.as_str().to_owned())
        else {
            return Err(ErrorData::invalid_request("nobody is signed in", None));
        };
        let connections = self.connections.clone();
        // Each state used once, charged to the signed-in user: a replayed retry is refused
        // on every instance, before anything else.
        dialog
            .once()
            .run(|d| async move {
                let kept = connections
                    .get(&user)
                    .await
                    .map_err(|error| unavailable(&error))?;
                if let Some(text) = kept {
                    return Ok(done(text));
                }
                let answer = d.ask_url_form::<WeatherAccount>("weather_account").await?;
                let account = match answer {
                    ElicitOutcome::Accepted(account) => account,
                    ElicitOutcome::Declined => return Ok(done("Not connected: declined".into())),
                    ElicitOutcome::Cancelled => {
                        return Ok(done("Not connected: cancelled".into()));
                    }
                };
                let connection = Connection {
                    key: account.api_key,
                    region: account.region,
                };
                let answer = connection.text(&user);
                println!(
                    "connect_weather: {user} connected ({:?})",
                    connection.region
                );
                connections
                    .put(&user, connection)
                    .await
                    .map_err(|error| unavailable(&error))?;
                Ok(done(answer))
            })
            .await
    }
}

/// The store of connections failed: logged here, a short refusal to the client.
fn unavailable(error: &str) -> ErrorData {
    eprintln!("connect_weather: the connections store failed: {error}");
    ErrorData::internal_error("the weather service cannot be reached now: ask again", None)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[tool_handler(
    name = "connect-service",
    version = "0.1.0",
    router = with_dialogs(Self::tool_router(), &self.dialogs)
)]
impl ServerHandler for Weather {}

fn done(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A demo user name: 1 to 64 ASCII letters, digits, `-` or `_`.
fn user_name(text: &str) -> Option<&str> {
    let valid = !text.is_empty()
        && text.len() <= 64
        && text
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
    valid.then_some(text)
}

/// The demo authorization of `/mcp`: `Authorization: Bearer <user>` makes the request
/// `<user>`'s (a `Principal` in its extensions, which the dialog reads as the caller the
/// server's authentication established); without it, 401.
async fn bearer(mut request: Request, next: Next) -> Response {
    let user = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .and_then(user_name)
        .map(str::to_owned);
    let Some(user) = user else {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "send Authorization: Bearer <user>",
        )
            .into_response();
    };
    request.extensions_mut().insert(Principal::new(user));
    next.run(request).await
}

/// The demo sign-in: `GET /login?user=<user>` sets the `session` cookie the pages read.
async fn login(uri: axum::http::Uri) -> Response {
    let user = uri
        .query()
        .into_iter()
        .flat_map(|query| query.split('&'))
        .find_map(|pair| pair.strip_prefix("user="))
        .and_then(user_name);
    let Some(user) = user else {
        return (StatusCode::BAD_REQUEST, "GET /login?user=<user>").into_response();
    };
    (
        [(
            header::SET_COOKIE,
            format!("session={user}; Path=/; HttpOnly; SameSite=Lax"),
        )],
        format!("Signed in as {user}"),
    )
        .into_response()
}

/// The demo sign-out: `GET /logout` clears the `session` cookie.
async fn logout() -> Response {
    (
        [(
            header::SET_COOKIE,
            "session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0".to_owned(),
        )],
        "Signed out",
    )
        .into_response()
}

/// Who a browser is: the user its `session` cookie names.
fn browser(request: &Parts) -> Option<Principal> {
    cookie(request, "session")
        .and_then(user_name)
        .map(Principal::new)
}

/// The command line: `PORT [--redis URL --keys FILE]`.
struct Args {
    port: u16,
    fleet: Option<(String, String)>,
}

fn args() -> Result<Args, String> {
    let usage = "usage: connect_service PORT [--redis redis://HOST:PORT/ --keys FILE]";
    let mut args = std::env::args().skip(1);
    let port = match args.next() {
        Some(port) => port
            .parse()
            .map_err(|_| format!("the port must be a number from 0 to 65535, got {port:?}"))?,
        None => 3003,
    };
    let (mut redis, mut keys) = (None, None);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} needs a value; {usage}"))?;
        match flag.as_str() {
            "--redis" => redis = Some(value),
            "--keys" => keys = Some(value),
            _ => return Err(format!("unknown argument {flag:?}; {usage}")),
        }
    }
    let fleet = match (redis, keys) {
        (Some(redis), Some(keys)) => Some((redis, keys)),
        (None, None) => None,
        _ => return Err(format!("--redis and --keys go together; {usage}")),
    };
    Ok(Args { port, fleet })
}

/// The fleet's keys from `path` (hex): created there, readable by its owner only, when it
/// does not exist. Written to a file of this process's own, then linked into place, so that
/// an instance started at the same moment reads the whole key or makes its own link fail.
fn fleet_keys(path: &Path) -> Result<StateKeys, Box<dyn Error>> {
    if !path.exists() {
        let mut secret = [0u8; 32];
        getrandom::fill(&mut secret).map_err(|error| error.to_string())?;
        let hex: String = secret.iter().map(|byte| format!("{byte:02x}")).collect();
        secret.iter_mut().for_each(|byte| *byte = 0);
        let own = path.with_extension(format!("{}.tmp", std::process::id()));
        {
            use std::io::Write as _;
            #[cfg(unix)]
            use std::os::unix::fs::OpenOptionsExt as _;
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            options.mode(0o600);
            let mut file = options.open(&own)?;
            file.write_all(hex.as_bytes())?;
            file.sync_all()?;
        }
        let linked = std::fs::hard_link(&own, path);
        std::fs::remove_file(&own)?;
        match linked {
            Ok(()) => {}
            // Another instance made it first: theirs is the fleet's.
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error.into()),
        }
    }
    let text = std::fs::read_to_string(path)?;
    Ok(StateKeys::new(StateKey::from_hex(text.trim())?))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let args = args()?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await?;
    let origin = format!("http://{}", listener.local_addr()?);

    // One set of keys seals the dialogs' request states, the pages' records and answers, and
    // the connections kept: drawn now for one process, or the fleet's from its file.
    let (forms, keys, guard, connections) = match &args.fleet {
        None => {
            let keys = StateKeys::generate()?;
            let forms = UrlForms::builder(format!("{origin}/connect"), keys.clone(), browser)
                .url_policy(UrlPolicy::AllowLoopbackHttp)
                .sign_out_url("/logout");
            let connections = Connections::Memory(Arc::default());
            (forms, keys, None, connections)
        }
        Some((redis, file)) => {
            let keys = fleet_keys(Path::new(file))?;
            // Refuses a Redis that could evict what it keeps.
            let store = RedisStore::connect(redis).await?;
            let guard = RedisReplayGuard::connect(redis).await?;
            let connections = Connections::Redis {
                connection: elicit_core::redis::connect(redis).await?,
                keys: keys.clone(),
            };
            let forms = UrlForms::builder(format!("{origin}/connect"), keys.clone(), browser)
                .url_policy(UrlPolicy::AllowLoopbackHttp)
                .sign_out_url("/logout")
                .store(store)
                // A post to another instance is seen here within a second.
                .poll_interval(Duration::from_secs(1));
            (forms, keys, Some(guard), connections)
        }
    };
    let forms = forms.build()?;
    // Every instance reads the pages of links any other minted.
    forms.serve(UrlForm::<WeatherAccount>::new());
    let mut dialogs = DialogSettings::new().keys(&keys).url_forms(&forms);
    if let Some(guard) = guard {
        dialogs = dialogs.replay_guard(Arc::new(guard));
    }
    let weather = Weather {
        dialogs,
        connections,
    };

    let config = StreamableHttpServerConfig::default().with_max_request_body_bytes(MAX_BODY);
    let mcp = StreamableHttpService::new(
        move || Ok(weather.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    let app = Router::new()
        .nest_service("/mcp", mcp)
        .layer(middleware::from_fn(bearer))
        .merge(forms.router())
        .merge(
            Router::new()
                .route("/login", get(login))
                .route("/logout", get(logout)),
        )
        // The limits: bodies no larger than a form needs, and no more requests at once than
        // the server is sized for (a 2025-11-25 call waiting for a page holds one).
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        .layer(tower::limit::ConcurrencyLimitLayer::new(MAX_IN_FLIGHT));
    // Nagle's algorithm off: rmcp writes a reply in small pieces, each otherwise held ~40 ms.
    let listener = listener.tap_io(|stream: &mut tokio::net::TcpStream| {
        let _ = stream.set_nodelay(true);
    });
    println!("listening on {origin}/mcp");
    tokio::select! {
        served = axum::serve(listener, app) => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}

/// The largest request body accepted: 1 MiB.
const MAX_BODY: usize = 1024 * 1024;

/// The most requests served at once.
const MAX_IN_FLIGHT: usize = 1024;
