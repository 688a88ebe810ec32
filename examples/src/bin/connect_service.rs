//! An rmcp streamable-HTTP server that asks for an API key the way the MCP specification
//! says a secret must be asked: through a page of its own (URL mode), never in form mode.
//!
//! ```text
//! cargo run -p examples --features url-forms --bin connect_service -- 3003   # 0 picks a free port
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
//! **Demo identity, a stand-in for real authorization.** An MCP request is made by `<user>`
//! when it carries `Authorization: Bearer <user>` (a request without one is refused, 401); a
//! browser is `<user>` after `GET /login?user=<user>` set its `session` cookie, and each page
//! says so before anything is typed ("Signed in as <user> — not you? Sign out, then open the
//! link again": a demo sign-in is a login CSRF waiting to happen, since any site can send a
//! browser to it). A real server
//! checks an OAuth access token on `/mcp`, and its own session on the pages, and names the
//! person on both sides the same way (the token's issuer and subject).
//!
//! Tool `connect_weather` (no arguments): if the caller has no key stored, it asks through
//! URL mode for a form holding the API key (a secret) and a region (a select); when it is
//! done, it answers `Connected <user> to the weather service in <region> (key ending in
//! <last 4>)`, and keeps the key, bound to the user, in memory: a second call answers the
//! same without asking. A link opened by another user's browser is refused, and nothing is
//! stored. The key never appears in an MCP message, a log line or a `requestState`: it is
//! typed into the page, sealed in the store, taken by the tool into a `SecretString`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::extract::Request;
use axum::http::{StatusCode, header, request::Parts};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::protocol::UrlPolicy;
use elicit_core::rmcp::with_dialogs;
use elicit_core::state::{Principal, StateKeys};
use elicit_core::url_form::{ExposeSecret, SecretString, UrlForms, cookie};
use elicit_core::{Elicit, ElicitOutcome};
use examples::http;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::RequestContext;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};

/// Where your forecasts come from.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
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

#[derive(Clone)]
struct Weather {
    dialogs: DialogSettings,
    /// The connections, by user.
    connections: Arc<Mutex<HashMap<String, Connection>>>,
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
        if let Some(connection) = self.connections().get(&user) {
            return Ok(text(connection.text(&user)).into());
        }
        let connections = Arc::clone(&self.connections);
        dialog
            .run(|d| async move {
                let answer = d.ask_url_form::<WeatherAccount>("weather_account").await?;
                let account = match answer {
                    ElicitOutcome::Accepted(account) => account,
                    ElicitOutcome::Declined => return Ok(text("Not connected: declined".into())),
                    ElicitOutcome::Cancelled => return Ok(text("Not connected: cancelled".into())),
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
                lock(&connections).insert(user, connection);
                Ok(text(answer))
            })
            .await
    }
}

impl Weather {
    fn connections(&self) -> std::sync::MutexGuard<'_, HashMap<String, Connection>> {
        lock(&self.connections)
    }
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

fn text(text: String) -> CallToolResult {
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
/// `<user>`'s (a `Principal` in its extensions, which the dialog reads); without it, 401.
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

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        Some(port) => port
            .parse()
            .map_err(|_| format!("the port must be a number from 0 to 65535, got {port:?}"))?,
        None => 3003,
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let origin = format!("http://{}", listener.local_addr()?);

    // One set of keys seals the dialogs' request states and the pages' records and answers.
    let keys = StateKeys::generate()?;
    let forms = UrlForms::builder(format!("{origin}/connect"), keys.clone(), browser)
        .url_policy(UrlPolicy::AllowLoopbackHttp) // https outside development
        .sign_out_url("/logout")
        .build()?;
    let weather = Weather {
        dialogs: DialogSettings::new().keys(&keys).url_forms(&forms),
        connections: Arc::default(),
    };
    let service = StreamableHttpService::new(
        move || Ok(weather.clone()),
        Arc::new(LocalSessionManager::default()),
        http::config(),
    );
    let app = http::router("/mcp", service)
        .layer(middleware::from_fn(bearer))
        .merge(forms.router())
        .merge(
            Router::new()
                .route("/login", get(login))
                .route("/logout", get(logout)),
        );
    println!("listening on {origin}/mcp");
    tokio::select! {
        served = http::serve(listener, app) => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}
