//! A rust-mcp-sdk server in process, reached through the SDK's own streamable-HTTP handler
//! (features `testing` and `rust-mcp-sdk`).
//!
//! `McpHttpHandler::handle_streamable_http` takes an HTTP request and the app state and
//! returns the HTTP response, with no socket: called directly, it runs the SDK's whole
//! request path (header and `_meta` checks, reading into its models, the capability gates,
//! dispatch to the `ServerHandler`, writing the result), and the session sees the bytes a
//! client would. A client [signed in](TestClient::signed_in_as) puts the SDK's `AuthInfo` in
//! each HTTP request's extensions, where the SDK's authorization middleware leaves it and its
//! handler takes it from.

use std::sync::Arc;
use std::time::Duration;

use ::rust_mcp_sdk::auth::AuthInfo;
use ::rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use ::rust_mcp_sdk::mcp_http::http::{HeaderMap, HeaderValue, Method, Uri};
use ::rust_mcp_sdk::mcp_http::{
    DEFAULT_MAX_LISTEN_STREAMS, HealthHandler, McpAppState, McpHttpHandler, Middleware,
};
use ::rust_mcp_sdk::mcp_server::{ServerHandler, ToMcpServerHandler};
use ::rust_mcp_sdk::schema::{Implementation, ServerCapabilities};
use ::rust_mcp_sdk::{ServerDetails, TransportOptions};
use http_body_util::BodyExt;
use serde_json::{Map, Value, json};

use super::client::TestClient;
use super::error::KitError;
use super::exchange::{Exchange, ExchangeSession, Exchanging};
use crate::state::Principal;

impl TestClient {
    /// Serves the rust-mcp-sdk `handler` in process and opens a session with it: each
    /// request goes through the SDK's streamable-HTTP handler (JSON responses), as it would
    /// from a client on the network (feature `rust-mcp-sdk` too).
    ///
    /// Each request carries the principal the client [signed in as](Self::signed_in_as), as
    /// the SDK's `AuthInfo` for its issuer and subject.
    ///
    /// # Errors
    /// [`KitError::Connect`] for a client of another revision than 2026-07-28, the only one
    /// rust-mcp-sdk 2.0 serves; [`KitError::SignIn`] for a client signed in as a principal
    /// not made by [`Principal::issuer_subject`], which the SDK cannot name.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// use rust_mcp_sdk::mcp_server::ServerHandler;
    ///
    /// struct Quiet;
    /// impl ServerHandler for Quiet {}
    ///
    /// let session = TestClient::v2026_07_28().connect_rust_mcp_sdk(Quiet).unwrap();
    /// assert_eq!(session.version().as_str(), "2026-07-28");
    /// ```
    pub fn connect_rust_mcp_sdk(
        self,
        handler: impl ServerHandler,
    ) -> Result<ExchangeSession, KitError> {
        let auth = self.principal.as_ref().map(auth_info).transpose()?;
        self.exchange_signed_in(InProcess::new(handler, auth))
    }
}

/// The `AuthInfo` the SDK's authorization would have validated for `principal`: the subject
/// and issuer of a token, which the dialog names the caller by
/// ([`Principal::issuer_subject`]). A principal made any other way names no token.
fn auth_info(principal: &Principal) -> Result<AuthInfo, KitError> {
    let pair = serde_json::from_str::<(String, String)>(principal.as_str())
        .ok()
        // The same text, not only the same pair: the dialog must name the same principal.
        .filter(|(issuer, subject)| Principal::issuer_subject(issuer, subject) == *principal);
    let Some((issuer, subject)) = pair else {
        return Err(KitError::SignIn(
            "with rust-mcp-sdk a client signs in as a token's issuer and subject, which the dialog names the caller by: sign in as Principal::issuer_subject(issuer, subject), not a principal made otherwise (Principal::new), which no token names".to_owned(),
        ));
    };
    let mut extra = Map::new();
    extra.insert("iss".to_owned(), Value::String(issuer));
    Ok(AuthInfo {
        token_unique_id: format!("elicit-testing {}", principal.as_str()),
        client_id: Some("elicit-testing".to_owned()),
        user_id: Some(subject),
        scopes: None,
        expires_at: None,
        audience: None,
        extra: Some(extra),
    })
}

/// The SDK's HTTP handler and the app state it serves `handler` with, and the `AuthInfo`
/// each request carries.
struct InProcess {
    state: Arc<McpAppState>,
    http: McpHttpHandler,
    auth: Option<AuthInfo>,
}

impl InProcess {
    fn new(handler: impl ServerHandler, auth: Option<AuthInfo>) -> Self {
        let capabilities: ServerCapabilities =
            serde_json::from_value(json!({"tools": {}, "prompts": {}})).unwrap_or_default();
        let server_info = Implementation {
            name: "elicit-testing-server".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            title: None,
            description: None,
            icons: Vec::new(),
            website_url: None,
        };
        let state = McpAppState {
            id_generator: Arc::new(UuidGenerator {}),
            stream_id_gen: Arc::new(FastIdGenerator::new(Some("s_"))),
            server_details: Arc::new(ServerDetails {
                server_info,
                capabilities,
                instructions: None,
                meta: None,
            }),
            handler: handler.to_mcp_server_handler(),
            ping_interval: Duration::from_secs(12),
            transport_options: Arc::new(TransportOptions::default()),
            enable_json_response: true,
            message_observer: None,
            extensions: Arc::new(tokio::sync::RwLock::new(None)),
            active_listen_streams: Arc::new(tokio::sync::Mutex::new(Vec::new())),
            max_listen_streams: DEFAULT_MAX_LISTEN_STREAMS,
        };
        Self {
            state: Arc::new(state),
            http: no_middleware(McpHttpHandler::new),
            auth,
        }
    }
}

impl Exchange for InProcess {
    fn exchange(&self, request: String) -> Exchanging<'_> {
        Box::pin(async move {
            let headers = headers(&request)?;
            let mut http_request = McpHttpHandler::create_request(
                Method::POST,
                Uri::from_static("/mcp"),
                headers,
                Some(&request),
            );
            if let Some(auth) = &self.auth {
                http_request.extensions_mut().insert(auth.clone());
            }
            let response = self
                .http
                .handle_streamable_http(http_request, Arc::clone(&self.state))
                .await
                .map_err(|error| format!("the SDK's HTTP handler failed: {error}"))?;
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|error| format!("the SDK's response body failed: {error}"))?
                .to_bytes();
            String::from_utf8(body.to_vec())
                .map_err(|error| format!("the SDK's response is not UTF-8: {error}"))
        })
    }
}

/// The headers a 2026-07-28 client sends with `request` over streamable HTTP: the media
/// types, the revision, and (SEP-2243) the method and the tool's or prompt's name.
fn headers(request: &str) -> Result<HeaderMap, String> {
    let message: Value = serde_json::from_str(request).map_err(|error| error.to_string())?;
    let mut headers = HeaderMap::new();
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    headers.insert(
        "accept",
        HeaderValue::from_static("application/json, text/event-stream"),
    );
    headers.insert(
        "mcp-protocol-version",
        HeaderValue::from_static("2026-07-28"),
    );
    let header = |value: &str| {
        HeaderValue::from_str(value).map_err(|error| format!("{value:?} as a header: {error}"))
    };
    if let Some(method) = message.get("method").and_then(Value::as_str) {
        headers.insert("mcp-method", header(method)?);
    }
    if let Some(name) = message
        .get("params")
        .and_then(|params| params.get("name"))
        .and_then(Value::as_str)
    {
        headers.insert("mcp-name", header(name)?);
    }
    Ok(headers)
}

/// `McpHttpHandler::new` with no middleware and no health handler. Its parameters depend on
/// the SDK's features: with `auth` (which any crate in the build may turn on, as
/// `rust-mcp-axum` does) an auth provider comes first. Passing the constructor itself lets
/// the compiler pick whichever signature this build has.
fn no_middleware<Args>(new: impl NewHttpHandler<Args>) -> McpHttpHandler {
    new.make()
}

/// A constructor of `McpHttpHandler` of either signature (`Args` tells them apart).
trait NewHttpHandler<Args> {
    fn make(self) -> McpHttpHandler;
}

type Middlewares = Vec<Arc<dyn Middleware>>;
type Health = Option<Arc<dyn HealthHandler>>;

/// Without the SDK's `auth` feature.
impl<F> NewHttpHandler<()> for F
where
    F: FnOnce(Middlewares, Health) -> McpHttpHandler,
{
    fn make(self) -> McpHttpHandler {
        self(Vec::new(), None)
    }
}

/// With the SDK's `auth` feature: no auth provider.
impl<F, Auth> NewHttpHandler<(Auth,)> for F
where
    F: FnOnce(Option<Auth>, Middlewares, Health) -> McpHttpHandler,
{
    fn make(self) -> McpHttpHandler {
        self(None, Vec::new(), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_constructor_makes_a_handler() {
        // The signature the SDK has with `auth`, standing in for it.
        struct Provider;
        let mut given = None;
        let with_auth = |auth: Option<Arc<Provider>>, middlewares: Middlewares, health: Health| {
            given = Some((auth.is_none(), middlewares.is_empty(), health.is_none()));
            McpHttpHandler::new(middlewares, health)
        };
        no_middleware(with_auth);
        assert_eq!(given, Some((true, true, true)));
        no_middleware(McpHttpHandler::new);
    }

    #[test]
    fn only_an_issuer_and_subject_sign_in() {
        let ada = Principal::issuer_subject("https://id.example", "ada");
        let auth = auth_info(&ada).unwrap();
        assert_eq!(auth.user_id.as_deref(), Some("ada"));
        assert_eq!(auth.extra.unwrap()["iss"], "https://id.example");
        let unissued = Principal::issuer_subject("", "ada");
        assert_eq!(
            auth_info(&unissued).unwrap().user_id.as_deref(),
            Some("ada")
        );
        for other in [
            Principal::new("ada"),
            // The same pair, written otherwise: the dialog would name another principal.
            Principal::new(r#"["https://id.example", "ada"]"#),
            Principal::new(r#"["a","b","c"]"#),
        ] {
            let error = auth_info(&other).unwrap_err();
            assert!(matches!(error, KitError::SignIn(_)), "{error}");
        }
    }

    #[test]
    fn the_headers_name_the_method_and_the_tool() {
        let request =
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "book"}});
        let sent = headers(&request.to_string()).unwrap();
        assert_eq!(sent["mcp-method"], "tools/call");
        assert_eq!(sent["mcp-name"], "book");
        assert_eq!(sent["mcp-protocol-version"], "2026-07-28");
        assert!(
            headers(&json!({"method": "tools/call", "params": {"name": "a\nb"}}).to_string())
                .is_err()
        );
    }
}
