//! The scripted client: [`TestClient`], what it declares and answers, and how it connects.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::rmcp::model as m;
use ::rmcp::{ClientLifecycleMode, ClientServiceExt, RoleServer, Service, ServiceExt};

use super::answer::{Answer, Kind};
use super::caller::Caller;
use super::error::KitError;
use super::service::{KitService, RootsHook, SamplingHook, Shared, State};
use super::session::Session;
use super::wire::{self, Wire};
use crate::protocol::{ElicitationSupport, ProtocolVersion};
use crate::state::Principal;

/// A scripted MCP client, to test an rmcp server's tools (and prompts) that elicit.
///
/// Choose the protocol revision and the elicitation modes the client declares, script the
/// user's answers, then [`connect`](Self::connect) to a server handler: the server runs in
/// process, over an in-memory transport. On 2026-07-28 the client connects with
/// `server/discover` and sends its capabilities with every request in
/// `_meta["io.modelcontextprotocol/clientCapabilities"]`, as a real client does; before, it
/// declares them in `initialize`.
///
/// ```
/// use elicit_core::testing::{Answer, TestClient};
/// use serde_json::json;
///
/// let client = TestClient::v2026_07_28()
///     .answer(Answer::accept(json!({"city": "Oslo"})))
///     .answer(Answer::decline())
///     .max_rounds(4);
/// ```
#[derive(Clone)]
pub struct TestClient {
    pub(super) version: ProtocolVersion,
    pub(super) elicitation: ElicitationSupport,
    pub(super) script: VecDeque<Answer>,
    pub(super) max_rounds: usize,
    pub(super) timeout: Duration,
    pub(super) sampling: Option<Arc<SamplingHook>>,
    pub(super) roots: Option<Arc<RootsHook>>,
    pub(super) principal: Option<Principal>,
}

impl TestClient {
    /// The default bound on 2026-07-28 rounds per call.
    ///
    /// ```
    /// assert_eq!(elicit_core::testing::TestClient::MAX_ROUNDS, 8);
    /// ```
    pub const MAX_ROUNDS: usize = 8;

    /// The default time limit of one call.
    ///
    /// ```
    /// assert_eq!(elicit_core::testing::TestClient::TIMEOUT.as_secs(), 10);
    /// ```
    pub const TIMEOUT: Duration = Duration::from_secs(10);

    /// A client speaking protocol revision `version`, declaring form-mode elicitation, with
    /// an empty script.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// let client = TestClient::new("2025-06-18".parse().unwrap());
    /// ```
    pub fn new(version: ProtocolVersion) -> Self {
        Self {
            version,
            elicitation: ElicitationSupport::FORM,
            script: VecDeque::new(),
            max_rounds: Self::MAX_ROUNDS,
            timeout: Self::TIMEOUT,
            sampling: None,
            roots: None,
            principal: None,
        }
    }

    /// A 2025-06-18 client (`elicitation/create` on the connection; form mode only).
    ///
    /// ```
    /// let client = elicit_core::testing::TestClient::v2025_06_18();
    /// ```
    pub fn v2025_06_18() -> Self {
        Self::new(ProtocolVersion::V2025_06_18)
    }

    /// A 2025-11-25 client (`elicitation/create` on the connection).
    ///
    /// ```
    /// let client = elicit_core::testing::TestClient::v2025_11_25();
    /// ```
    pub fn v2025_11_25() -> Self {
        Self::new(ProtocolVersion::V2025_11_25)
    }

    /// A 2026-07-28 client (`InputRequiredResult`s, retried by the client).
    ///
    /// ```
    /// let client = elicit_core::testing::TestClient::v2026_07_28();
    /// ```
    pub fn v2026_07_28() -> Self {
        Self::new(ProtocolVersion::V2026_07_28)
    }

    /// The elicitation modes the client declares (form mode by default):
    /// `ElicitationSupport::FORM` is declared as `"elicitation": {}`, URL mode as
    /// `{"form": {}, "url": {}}` (or `{"url": {}}` alone), `ElicitationSupport::NONE` as no
    /// `elicitation` key.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// # use elicit_core::protocol::ElicitationSupport;
    ///
    /// let client = TestClient::v2025_11_25().elicitation(ElicitationSupport::ALL);
    /// let without = TestClient::v2026_07_28().elicitation(ElicitationSupport::NONE);
    /// ```
    #[must_use]
    pub fn elicitation(mut self, support: ElicitationSupport) -> Self {
        self.elicitation = support;
        self
    }

    /// Appends an answer to the script.
    ///
    /// ```
    /// use elicit_core::testing::{Answer, TestClient};
    /// let client = TestClient::v2025_11_25().answer(Answer::decline());
    /// ```
    #[must_use]
    pub fn answer(mut self, answer: Answer) -> Self {
        self.script.push_back(answer);
        self
    }

    /// Appends answers to the script, in order.
    ///
    /// ```
    /// use elicit_core::testing::{Answer, TestClient};
    /// let client = TestClient::v2025_11_25().answers([Answer::accept_defaults(), Answer::cancel()]);
    /// ```
    #[must_use]
    pub fn answers(mut self, answers: impl IntoIterator<Item = Answer>) -> Self {
        self.script.extend(answers);
        self
    }

    /// The bound on 2026-07-28 rounds per call ([`MAX_ROUNDS`](Self::MAX_ROUNDS) by
    /// default): a tool still asking for input after that many fails the call with
    /// [`KitError::TooManyRounds`].
    ///
    /// ```
    /// let client = elicit_core::testing::TestClient::v2026_07_28().max_rounds(3);
    /// ```
    #[must_use]
    pub fn max_rounds(mut self, rounds: usize) -> Self {
        self.max_rounds = rounds;
        self
    }

    /// The time limit of connecting and of each call ([`TIMEOUT`](Self::TIMEOUT) by
    /// default): past it the call fails with [`KitError::Timeout`].
    ///
    /// ```
    /// use std::time::Duration;
    /// let client = elicit_core::testing::TestClient::v2025_11_25().timeout(Duration::from_secs(2));
    /// ```
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Answers every `sampling/createMessage` request with `hook` (instead of the script),
    /// and declares the `sampling` capability.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// use rmcp::model::{CreateMessageResult, SamplingMessage};
    ///
    /// let client = TestClient::v2026_07_28().on_sampling(|_params| {
    ///     CreateMessageResult::new(SamplingMessage::assistant_text("42"), "test-model".into())
    /// });
    /// ```
    #[must_use]
    pub fn on_sampling(
        mut self,
        hook: impl Fn(&m::CreateMessageRequestParams) -> m::CreateMessageResult + Send + Sync + 'static,
    ) -> Self {
        self.sampling = Some(Arc::new(hook));
        self
    }

    /// Answers every `roots/list` request with `hook` (instead of the script), and
    /// declares the `roots` capability.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// use rmcp::model::{ListRootsResult, Root};
    ///
    /// let client = TestClient::v2025_11_25()
    ///     .on_roots(|| ListRootsResult::new(vec![Root::new("file:///work")]));
    /// ```
    #[must_use]
    pub fn on_roots(
        mut self,
        hook: impl Fn() -> m::ListRootsResult + Send + Sync + 'static,
    ) -> Self {
        self.roots = Some(Arc::new(hook));
        self
    }

    /// Signs the client in as `principal`: every request of the session carries it, as the
    /// server's authorization would have established it, so a
    /// [`Dialog`](crate::dialog::Dialog) binds its states and URL-mode links to it (with no
    /// principal named by the tool). Without it the client is nobody, as over stdio.
    ///
    /// - With rmcp ([`connect`](Self::connect)), the principal is in each request's context
    ///   extensions, where an authorization layer puts it: any principal, its display name
    ///   kept.
    /// - With rust-mcp-sdk (`connect_rust_mcp_sdk`, feature `rust-mcp-sdk` too), each HTTP
    ///   request carries the SDK's `AuthInfo` for it, as the SDK's authorization middleware
    ///   leaves it: its subject (`user_id`) and issuer (`extra["iss"]`), which the dialog
    ///   names the caller by, [`Principal::issuer_subject`]. So the principal must be one
    ///   made that way: any other (a [`Principal::new`] id, which no token names) cannot be
    ///   carried, and connecting fails with [`KitError::SignIn`] rather than sign in as
    ///   somebody else. Its display name is not carried (URL-mode pages show the one your
    ///   `Identify` hook gives).
    /// - Through an [`exchange`](Self::exchange) of your own, which carries only a request's
    ///   bytes, connecting fails with [`KitError::SignIn`]: sign the requests in yourself.
    ///
    /// ```
    /// use elicit_core::state::Principal;
    /// use elicit_core::testing::TestClient;
    ///
    /// let ada = Principal::issuer_subject("https://id.example", "ada");
    /// let client = TestClient::v2026_07_28().signed_in_as(ada); // rmcp and rust-mcp-sdk
    /// let bob = TestClient::v2025_11_25().signed_in_as(Principal::new("user-42")); // rmcp
    /// ```
    #[must_use]
    pub fn signed_in_as(mut self, principal: Principal) -> Self {
        self.principal = Some(principal);
        self
    }

    /// The capabilities the client declares: the elicitation modes, and `sampling` and
    /// `roots` when a hook or a script answer is there for them.
    pub(super) fn capabilities(&self) -> m::ClientCapabilities {
        let mut capabilities = m::ClientCapabilities::default();
        capabilities.elicitation = match (self.elicitation.form, self.elicitation.url) {
            (false, false) => None,
            (true, false) => Some(m::ElicitationCapability::new()),
            (form, true) => {
                let mut elicitation =
                    m::ElicitationCapability::new().with_url(m::UrlElicitationCapability::new());
                if form {
                    elicitation = elicitation.with_form(m::FormElicitationCapability::new());
                }
                Some(elicitation)
            }
        };
        let scripted =
            |kind: fn(&Kind) -> bool| self.script.iter().any(|answer| kind(&answer.kind));
        #[allow(deprecated)]
        {
            if self.sampling.is_some() || scripted(|kind| matches!(kind, Kind::Sampling(_))) {
                capabilities.sampling = Some(m::SamplingCapability::default());
            }
            if self.roots.is_some() || scripted(|kind| matches!(kind, Kind::Roots(_))) {
                capabilities.roots = Some(m::RootsCapabilities::default());
            }
        }
        capabilities
    }

    /// Starts `server` in process (on a spawned task) and connects to it: `initialize` up to
    /// 2025-11-25, `server/discover` on 2026-07-28. Each request it handles carries the
    /// principal the client [signed in as](Self::signed_in_as), if any.
    ///
    /// # Errors
    /// [`KitError::Connect`] when the handshake fails, or the server agrees to another
    /// revision; [`KitError::Timeout`] past the time limit.
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    /// use rmcp::ServerHandler;
    ///
    /// #[derive(Clone)]
    /// struct Quiet;
    /// impl ServerHandler for Quiet {}
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let session = TestClient::v2026_07_28().connect(Quiet).await.unwrap();
    /// assert_eq!(session.version().as_str(), "2026-07-28");
    /// # }
    /// ```
    pub async fn connect<S: Service<RoleServer>>(self, server: S) -> Result<Session, KitError> {
        let server = Caller {
            server,
            principal: self.principal.clone(),
        };
        let wire = Arc::new(Mutex::new(Wire::default()));
        let (server_io, client_io) = wire::tapped_pair(Arc::clone(&wire));
        tokio::spawn(async move {
            if let Ok(running) = ::rmcp::serve_server(server, server_io).await {
                let _ = running.waiting().await;
            }
        });
        let version = m::ProtocolVersion::from(self.version);
        let info = m::ClientConfig::new(
            self.capabilities(),
            m::Implementation::new("elicit-testing", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(version.clone());
        let shared = Arc::new(Shared {
            version: self.version,
            wire,
            state: Mutex::new(State {
                script: self.script,
                ..State::default()
            }),
            sampling: self.sampling,
            roots: self.roots,
            visiting: Arc::default(),
        });
        let service = KitService {
            shared: Arc::clone(&shared),
            info,
        };
        let connecting = async {
            if self.version.uses_input_required() {
                let lifecycle = ClientLifecycleMode::Discover {
                    preferred_versions: vec![version.clone()],
                };
                service.serve_with_lifecycle(client_io, lifecycle).await
            } else {
                service.serve(client_io).await
            }
        };
        let client = tokio::time::timeout(self.timeout, connecting)
            .await
            .map_err(|_| KitError::Timeout {
                call: "connecting".to_owned(),
                after: self.timeout,
                last_request: None,
            })?
            .map_err(|error| KitError::connect(&error))?;
        let agreed = client.peer_info().map(|info| info.protocol_version.clone());
        if agreed.as_ref() != Some(&version) {
            return Err(KitError::Connect(format!(
                "the server agreed to protocol revision {}, not {version}",
                agreed.map_or_else(|| "none".to_owned(), |agreed| agreed.to_string())
            )));
        }
        Ok(Session {
            client,
            shared,
            max_rounds: self.max_rounds,
            timeout: self.timeout,
        })
    }
}
