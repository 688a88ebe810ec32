//! The scripted client, and the session it opens with a server.

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ::rmcp::model as m;
use ::rmcp::service::{NotificationContext, RequestContext, RunningService};
use ::rmcp::{
    ClientLifecycleMode, ClientServiceExt, ErrorData, Peer, RoleClient, RoleServer, Service,
    ServiceError, ServiceExt,
};
use serde_json::{Map, Value};

use super::answer::{Answer, Asks, Kind, Reply};
use super::error::KitError;
use super::record::SeenRequest;
use super::wire::{self, Wire};
use crate::protocol::{ElicitMode, ElicitRequest, ElicitationSupport, ProtocolVersion};

/// Answers the `sampling/createMessage` requests no script answer is used for.
type SamplingHook = dyn Fn(&m::CreateMessageRequestParams) -> m::CreateMessageResult + Send + Sync;
/// Answers the `roots/list` requests no script answer is used for.
type RootsHook = dyn Fn() -> m::ListRootsResult + Send + Sync;

const METHOD_ELICIT: &str = "elicitation/create";
const METHOD_SAMPLING: &str = "sampling/createMessage";
const METHOD_ROOTS: &str = "roots/list";
const METHOD_COMPLETE: &str = "notifications/elicitation/complete";

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
    version: ProtocolVersion,
    elicitation: ElicitationSupport,
    script: VecDeque<Answer>,
    max_rounds: usize,
    timeout: Duration,
    sampling: Option<Arc<SamplingHook>>,
    roots: Option<Arc<RootsHook>>,
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

    /// The capabilities the client declares: the elicitation modes, and `sampling` and
    /// `roots` when a hook or a script answer is there for them.
    fn capabilities(&self) -> m::ClientCapabilities {
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
        let scripted = |kind: fn(&Kind) -> bool| self.script.iter().any(|answer| kind(&answer.0));
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
    /// 2025-11-25, `server/discover` on 2026-07-28.
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

/// A scripted client connected to a server: call its tools and prompts, then look at the
/// requests it made. Calls on one session are meant to run one at a time.
///
/// ```
/// use elicit_core::testing::{Answer, Session, text};
///
/// async fn books_a_table(session: &Session) {
///     let result = session.call_tool("book", serde_json::json!({"day": "friday"})).await.unwrap();
///     assert_eq!(text(&result), "booked");
///     assert_eq!(session.requests().len(), 1);
///     assert!(session.script_left().is_empty());
/// }
/// ```
pub struct Session {
    client: RunningService<RoleClient, KitService>,
    shared: Arc<Shared>,
    max_rounds: usize,
    timeout: Duration,
}

impl Session {
    /// Calls the tool `name` with `arguments` (a JSON object, or `None`) and returns its
    /// final result. On 2026-07-28 it answers each `InputRequiredResult` from the script and
    /// calls again with the `inputResponses` and the same `requestState`, round after round,
    /// up to the bound. A tool that fails (`isError`) is a result, not an error.
    ///
    /// # Errors
    /// A [`KitError`]: the script ran out or did not fit a request
    /// ([`ScriptRanOut`](KitError::ScriptRanOut), [`Unexpected`](KitError::Unexpected)), a
    /// malformed request, a request the script [never](Answer::never) answers on
    /// 2026-07-28 ([`Unanswered`](KitError::Unanswered)), too many rounds, the time limit, or
    /// rmcp's error (a JSON-RPC error from the tool, say).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// let result = session.call_tool("book", None).await.unwrap();
    /// # }
    /// ```
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: impl Into<Option<Value>>,
    ) -> Result<m::CallToolResult, KitError> {
        let call = format!("tool `{name}`");
        let mut params = m::CallToolRequestParams::new(name.to_owned());
        params.arguments = object(arguments.into(), &call)?;
        self.drive(call, params).await
    }

    /// Gets the prompt `name` with `arguments`, like [`call_tool`](Self::call_tool).
    ///
    /// # Errors
    /// As [`call_tool`](Self::call_tool).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// let prompt = session.get_prompt("greeting", serde_json::json!({"tone": "warm"})).await.unwrap();
    /// # }
    /// ```
    pub async fn get_prompt(
        &self,
        name: &str,
        arguments: impl Into<Option<Value>>,
    ) -> Result<m::GetPromptResult, KitError> {
        let call = format!("prompt `{name}`");
        let mut params = m::GetPromptRequestParams::new(name);
        params.arguments = object(arguments.into(), &call)?;
        self.drive(call, params).await
    }

    /// Every request the server made in this session so far, in order.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// for request in session.requests() {
    ///     println!("{request}");
    /// }
    /// # }
    /// ```
    pub fn requests(&self) -> Vec<SeenRequest> {
        self.shared.lock().seen.clone()
    }

    /// Appends an answer to the script.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// session.answer(elicit_core::testing::Answer::cancel());
    /// # }
    /// ```
    pub fn answer(&self, answer: Answer) {
        self.shared.lock().script.push_back(answer);
    }

    /// The answers not used yet, in order.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// assert!(session.script_left().is_empty(), "unused answers");
    /// # }
    /// ```
    pub fn script_left(&self) -> Vec<Answer> {
        self.shared.lock().script.iter().cloned().collect()
    }

    /// The `elicitationId`s of the `notifications/elicitation/complete` the server sent so
    /// far (URL mode, 2025-11-25), in order.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// assert_eq!(session.completions(), ["connect-1"]);
    /// # }
    /// ```
    pub fn completions(&self) -> Vec<String> {
        self.shared.lock().completions.clone()
    }

    /// Waits (up to the time limit) for the server's `notifications/elicitation/complete`
    /// for `elicitation_id`: notifications are handled apart from responses, so one the
    /// tool sent just before finishing may arrive just after its result.
    ///
    /// # Errors
    /// [`KitError::Timeout`] when none arrives in time.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// session.completion("connect-1").await.unwrap();
    /// # }
    /// ```
    pub async fn completion(&self, elicitation_id: &str) -> Result<(), KitError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            if self
                .shared
                .lock()
                .completions
                .iter()
                .any(|id| id == elicitation_id)
            {
                return Ok(());
            }
            if tokio::time::Instant::now() >= deadline {
                return Err(KitError::Timeout {
                    call: format!("the completion of `{elicitation_id}`"),
                    after: self.timeout,
                    last_request: None,
                });
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// The protocol revision of the session.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// assert_eq!(session.version().as_str(), "2025-11-25");
    /// # }
    /// ```
    pub fn version(&self) -> ProtocolVersion {
        self.shared.version
    }

    /// rmcp's client peer, for what the kit does not cover (listing tools, say). Requests
    /// made through it are not scripted rounds.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// let tools = session.peer().list_all_tools().await.unwrap();
    /// # }
    /// ```
    pub fn peer(&self) -> &Peer<RoleClient> {
        self.client.peer()
    }

    async fn drive<R: Retry>(&self, call: String, request: R) -> Result<R::Output, KitError> {
        let number = {
            let mut state = self.shared.lock();
            state.call += 1;
            state.round = 0;
            state.problems.clear();
            state.call
        };
        if let Ok(result) = tokio::time::timeout(self.timeout, self.rounds(&call, request)).await {
            return result;
        }
        let last_request = self
            .shared
            .lock()
            .seen
            .last()
            .filter(|request| request.call == number)
            .map(ToString::to_string);
        Err(KitError::Timeout {
            call,
            after: self.timeout,
            last_request,
        })
    }

    async fn rounds<R: Retry>(&self, call: &str, mut request: R) -> Result<R::Output, KitError> {
        let mut last = Vec::new();
        for round in 1..=self.max_rounds {
            self.shared.lock().round = round;
            let step = request.send(self.client.peer()).await;
            // A request answered on the connection that the script could not answer.
            if let Some(problem) = self.shared.lock().problems.drain(..).next() {
                return Err(problem);
            }
            let result = match step {
                Ok(Step::Done(output)) => return Ok(output),
                Ok(Step::Input(result)) => result,
                Ok(Step::Other(what)) => {
                    return Err(KitError::UnexpectedResult {
                        call: call.to_owned(),
                        result: what.to_owned(),
                    });
                }
                Err(error) => {
                    return Err(KitError::Service {
                        call: call.to_owned(),
                        error: Box::new(error),
                    });
                }
            };
            let requests = result.input_requests.clone().unwrap_or_default();
            if requests.is_empty() && result.request_state.is_none() {
                return Err(KitError::UnexpectedResult {
                    call: call.to_owned(),
                    result: "an InputRequiredResult with neither inputRequests nor requestState"
                        .to_owned(),
                });
            }
            let mut raw = wire::lock(&self.shared.wire).input_requests();
            let mut responses = m::InputResponses::new();
            last.clear();
            for (key, typed) in &requests {
                // Not seen on the wire (it always is): rmcp's reading of it.
                let (method, params, message) = if let Some(raw) = raw.remove(key) {
                    (raw.method, raw.params, raw.message)
                } else {
                    let entry = serde_json::to_value(typed).unwrap_or_default();
                    let method = entry["method"].as_str().unwrap_or_default().to_owned();
                    (method, entry["params"].to_string(), String::new())
                };
                let (reply, described) =
                    self.shared
                        .answer(Some(key.clone()), method, params, message)?;
                match reply {
                    Reply::Send(value) | Reply::Verbatim(value) => {
                        responses.insert(key.clone(), value);
                    }
                    Reply::Omit => {}
                    Reply::Never => {
                        return Err(KitError::Unanswered {
                            call: call.to_owned(),
                            request: described,
                            last: Box::new(result),
                        });
                    }
                }
                last.push(described);
            }
            request.retry(
                (!responses.is_empty()).then_some(responses),
                result.request_state.clone(),
            );
        }
        Err(KitError::TooManyRounds {
            call: call.to_owned(),
            rounds: self.max_rounds,
            last,
        })
    }
}

fn object(arguments: Option<Value>, call: &str) -> Result<Option<Map<String, Value>>, KitError> {
    match arguments {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(arguments)) => Ok(Some(arguments)),
        Some(other) => Err(KitError::Arguments(format!(
            "the arguments of {call} must be a JSON object, not {other}"
        ))),
    }
}

/// What one attempt of a call came back with.
enum Step<T> {
    Done(T),
    Input(m::InputRequiredResult),
    Other(&'static str),
}

/// A request the client retries on 2026-07-28.
trait Retry: Send {
    type Output;
    fn send(
        &self,
        peer: &Peer<RoleClient>,
    ) -> impl Future<Output = Result<Step<Self::Output>, ServiceError>> + Send;
    fn retry(&mut self, responses: Option<m::InputResponses>, state: Option<String>);
}

impl Retry for m::CallToolRequestParams {
    type Output = m::CallToolResult;

    fn send(
        &self,
        peer: &Peer<RoleClient>,
    ) -> impl Future<Output = Result<Step<Self::Output>, ServiceError>> + Send {
        let (peer, params) = (peer.clone(), self.clone());
        async move {
            Ok(match peer.call_tool_once(params).await? {
                m::CallToolResponse::Complete(result) => Step::Done(result),
                m::CallToolResponse::InputRequired(result) => Step::Input(result),
                m::CallToolResponse::Task(_) => Step::Other("a task (CreateTaskResult)"),
                _ => Step::Other("a result of a kind the kit does not know"),
            })
        }
    }

    fn retry(&mut self, responses: Option<m::InputResponses>, state: Option<String>) {
        self.input_responses = responses;
        self.request_state = state;
    }
}

impl Retry for m::GetPromptRequestParams {
    type Output = m::GetPromptResult;

    fn send(
        &self,
        peer: &Peer<RoleClient>,
    ) -> impl Future<Output = Result<Step<Self::Output>, ServiceError>> + Send {
        let (peer, params) = (peer.clone(), self.clone());
        async move {
            Ok(match peer.get_prompt_once(params).await? {
                m::GetPromptResponse::Complete(result) => Step::Done(result),
                m::GetPromptResponse::InputRequired(result) => Step::Input(result),
                _ => Step::Other("a result of a kind the kit does not know"),
            })
        }
    }

    fn retry(&mut self, responses: Option<m::InputResponses>, state: Option<String>) {
        self.input_responses = responses;
        self.request_state = state;
    }
}

/// What the client side and the session share.
struct Shared {
    version: ProtocolVersion,
    wire: Arc<Mutex<Wire>>,
    state: Mutex<State>,
    sampling: Option<Arc<SamplingHook>>,
    roots: Option<Arc<RootsHook>>,
}

#[derive(Default)]
struct State {
    script: VecDeque<Answer>,
    seen: Vec<SeenRequest>,
    /// What went wrong answering requests on the connection during the current call.
    problems: Vec<KitError>,
    call: usize,
    round: usize,
    completions: Vec<String>,
}

impl State {
    fn left(&self) -> Vec<String> {
        self.script.iter().map(ToString::to_string).collect()
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records a request (`params` as the server wrote them) and picks its answer; returns
    /// it with the request described.
    fn answer(
        &self,
        key: Option<String>,
        method: String,
        raw: String,
        raw_message: String,
    ) -> Result<(Reply, String), KitError> {
        let params: Value = serde_json::from_str(&raw).unwrap_or(Value::Null);
        let mut malformed = None;
        let mut elicitation = None;
        let asks = match method.as_str() {
            METHOD_ELICIT => match read_elicitation(&raw) {
                Ok(request) => {
                    let asks = match request.mode() {
                        ElicitMode::Url => Asks::Url,
                        ElicitMode::Form => Asks::Form,
                    };
                    elicitation = Some(request);
                    Some(asks)
                }
                Err(error) => {
                    malformed = Some(error.to_string());
                    None
                }
            },
            METHOD_SAMPLING => Some(Asks::Sampling),
            METHOD_ROOTS => Some(Asks::Roots),
            _ => None,
        };
        let mut state = self.lock();
        let seen = SeenRequest {
            version: self.version,
            call: state.call,
            round: state.round,
            key,
            method,
            raw,
            raw_message,
            params,
            elicitation,
        };
        let request = seen.to_string();
        state.seen.push(seen.clone());
        if let Some(error) = malformed {
            return Err(KitError::BadRequest { request, error });
        }
        let Some(asks) = asks else {
            return Err(KitError::Unexpected {
                request,
                next: None,
                left: state.left(),
            });
        };
        if let (Asks::Sampling, Some(hook)) = (asks, &self.sampling) {
            drop(state);
            let params = serde_json::from_value::<m::CreateMessageRequestParams>(seen.params)
                .map_err(|error| KitError::BadRequest {
                    request: request.clone(),
                    error: error.to_string(),
                })?;
            let value = encode(&hook(&params), &request)?;
            return Ok((Reply::Send(value), request));
        }
        if let (Asks::Roots, Some(hook)) = (asks, &self.roots) {
            drop(state);
            let value = encode(&hook(), &request)?;
            return Ok((Reply::Send(value), request));
        }
        let mut answer = state.script.pop_front();
        if !self.version.uses_input_required() {
            // On the connection a request cannot be left out to be answered later.
            while answer.as_ref().is_some_and(Answer::is_skip) {
                answer = state.script.pop_front();
            }
        }
        let Some(answer) = answer else {
            return Err(KitError::ScriptRanOut { request });
        };
        if !answer.fits(asks) {
            let next = answer.to_string();
            state.script.push_front(answer);
            return Err(KitError::Unexpected {
                request,
                next: Some(next),
                left: state.left(),
            });
        }
        drop(state);
        let reply = answer
            .reply(seen.elicitation.as_ref())
            .map_err(|error| KitError::Encode(format!("the answer {answer}: {error}")))?;
        Ok((reply, request))
    }
}

/// Reads an `elicitation/create`'s params: as this crate reads them, or failing that as
/// rmcp's client does (rmcp's model writes a URL request's absent `elicitationId` as `""`,
/// which rmcp reads back as absent).
fn read_elicitation(raw: &str) -> Result<ElicitRequest, serde_json::Error> {
    serde_json::from_str::<ElicitRequest>(raw).or_else(|error| {
        serde_json::from_str::<m::ElicitRequestParams>(raw)
            .ok()
            .and_then(|params| ElicitRequest::try_from(&params).ok())
            .ok_or(error)
    })
}

fn encode<T: serde_core::Serialize>(result: &T, request: &str) -> Result<Value, KitError> {
    serde_json::to_value(result)
        .map_err(|error| KitError::Encode(format!("the hook's answer to {request}: {error}")))
}

/// The client side of the connection: answers the server's requests from the script.
struct KitService {
    shared: Arc<Shared>,
    info: m::ClientConfig,
}

impl KitService {
    /// A request sent on the connection (up to 2025-11-25).
    async fn on_connection(
        &self,
        method: &str,
        typed_params: Value,
        context: RequestContext<RoleClient>,
    ) -> Result<m::ClientResult, ErrorData> {
        let id = serde_json::to_value(&context.id).unwrap_or_default();
        let raw = wire::lock(&self.shared.wire).request(&id);
        let (method, params, message) = match raw {
            Some(raw) => (raw.method, raw.params, raw.message),
            None => (method.to_owned(), typed_params.to_string(), String::new()),
        };
        match self.shared.answer(None, method.clone(), params, message) {
            Ok((Reply::Send(value), _)) => Ok(client_result(&method, value)),
            Ok((Reply::Verbatim(value), _)) => {
                Ok(m::ClientResult::CustomResult(m::CustomResult::new(value)))
            }
            Ok((Reply::Never | Reply::Omit, _)) => {
                // Pending until the server gives up on it.
                context.ct.cancelled().await;
                Err(ErrorData::internal_error(
                    "the test script never answers this request",
                    None,
                ))
            }
            Err(problem) => {
                let message = problem.to_string();
                self.shared.lock().problems.push(problem);
                Err(ErrorData::invalid_request(message, None))
            }
        }
    }
}

/// rmcp's typed result for `method`, or the JSON as is when it does not read as one.
fn client_result(method: &str, value: Value) -> m::ClientResult {
    let typed = match method {
        METHOD_ELICIT => serde_json::from_value(value.clone())
            .map(m::ClientResult::ElicitResult)
            .ok(),
        METHOD_SAMPLING => serde_json::from_value(value.clone())
            .map(|result| m::ClientResult::CreateMessageResult(Box::new(result)))
            .ok(),
        METHOD_ROOTS => serde_json::from_value(value.clone())
            .map(m::ClientResult::ListRootsResult)
            .ok(),
        _ => None,
    };
    typed.unwrap_or_else(|| m::ClientResult::CustomResult(m::CustomResult::new(value)))
}

impl Service<RoleClient> for KitService {
    async fn handle_request(
        &self,
        request: m::ServerRequest,
        context: RequestContext<RoleClient>,
    ) -> Result<m::ClientResult, ErrorData> {
        match request {
            m::ServerRequest::PingRequest(_) => Ok(m::ClientResult::empty(())),
            m::ServerRequest::ElicitRequest(request) => {
                let params = serde_json::to_value(&request.params).unwrap_or_default();
                self.on_connection(METHOD_ELICIT, params, context).await
            }
            m::ServerRequest::CreateMessageRequest(request) => {
                let params = serde_json::to_value(&request.params).unwrap_or_default();
                self.on_connection(METHOD_SAMPLING, params, context).await
            }
            m::ServerRequest::ListRootsRequest(_) => {
                self.on_connection(METHOD_ROOTS, Value::Null, context).await
            }
            m::ServerRequest::CustomRequest(request) => {
                let params = request.params.clone().unwrap_or_default();
                self.on_connection(&request.method, params, context).await
            }
            _ => {
                self.on_connection("(a request unknown to rmcp)", Value::Null, context)
                    .await
            }
        }
    }

    async fn handle_notification(
        &self,
        notification: m::ServerNotification,
        _context: NotificationContext<RoleClient>,
    ) -> Result<(), ErrorData> {
        if let m::ServerNotification::CustomNotification(notification) = notification
            && notification.method == METHOD_COMPLETE
            && let Some(id) = notification
                .params
                .as_ref()
                .and_then(|params| params.get("elicitationId"))
                .and_then(Value::as_str)
        {
            self.shared.lock().completions.push(id.to_owned());
        }
        Ok(())
    }

    fn get_info(&self) -> m::ClientConfig {
        self.info.clone()
    }
}
