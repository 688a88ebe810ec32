//! A client connected to a server: [`Session`], and the 2026-07-28 retry loop of its calls.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use ::rmcp::model as m;
use ::rmcp::service::RunningService;
use ::rmcp::{Peer, RoleClient, ServiceError};
use serde_json::{Map, Value};

use super::answer::Answer;
use super::error::KitError;
use super::record::SeenRequest;
use super::retry::{self, Attempt};
use super::service::{KitService, Shared};
use super::wire::{self};
use crate::protocol::ProtocolVersion;

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
    pub(super) client: RunningService<RoleClient, KitService>,
    pub(super) shared: Arc<Shared>,
    pub(super) max_rounds: usize,
    pub(super) timeout: Duration,
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

    /// Every message the server sent in this session so far (requests, notifications,
    /// responses), each exactly as it crossed the connection: to check what never does (a
    /// secret typed into a URL-mode page, say).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// assert!(session.server_messages().iter().all(|message| !message.contains("sk-live-8c2f1e9a")));
    /// # }
    /// ```
    pub fn server_messages(&self) -> Vec<String> {
        wire::lock(&self.shared.wire).lines().to_vec()
    }

    /// Every page the script's browsers were served in this session so far
    /// ([`Answer::open_page`]: each form opened, and what its post came back with), in order
    /// (feature `url-forms` too).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::Session) {
    /// let pages = session.pages();
    /// assert_eq!(pages[0].signed_in_as(), Some("ada"));
    /// assert_eq!(pages[1].heading(), "Thank you");
    /// # }
    /// ```
    #[cfg(feature = "url-forms")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
    pub fn pages(&self) -> Vec<super::Page> {
        super::visit::lock(&self.shared.visiting).pages.clone()
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
        let attempt = PeerAttempt {
            peer: self.client.peer().clone(),
            request,
            shared: &self.shared,
            call: call.clone(),
        };
        retry::run(&self.shared, call, (self.max_rounds, self.timeout), attempt).await
    }
}

/// A call sent through rmcp's client in process: each `InputRequiredResult` entry answered
/// from the exact text the server wrote (the kit's tap on the connection).
struct PeerAttempt<'s, R> {
    peer: Peer<RoleClient>,
    request: R,
    shared: &'s Shared,
    call: String,
}

impl<R: Retry> Attempt<R::Output> for PeerAttempt<'_, R> {
    async fn send(
        &mut self,
        responses: Option<Map<String, Value>>,
        state: Option<String>,
    ) -> Result<retry::Step<R::Output>, KitError> {
        let responses = responses.map(|responses| {
            let mut typed = m::InputResponses::new();
            for (key, value) in responses {
                typed.insert(key, value);
            }
            typed
        });
        self.request.retry(responses, state);
        let result = match self.request.send(&self.peer).await {
            Ok(Step::Done(output)) => return Ok(retry::Step::Done(output)),
            Ok(Step::Input(result)) => result,
            Ok(Step::Other(what)) => {
                return Err(KitError::UnexpectedResult {
                    call: self.call.clone(),
                    result: what.to_owned(),
                });
            }
            Err(error) => {
                return Err(KitError::Service {
                    call: self.call.clone(),
                    error: Box::new(error),
                });
            }
        };
        let mut raw = wire::lock(&self.shared.wire).input_requests();
        let entries = result
            .input_requests
            .clone()
            .unwrap_or_default()
            .into_iter()
            .map(|(key, typed)| {
                // Not seen on the wire (it always is): rmcp's reading of it.
                let (method, params, message) = if let Some(raw) = raw.remove(&key) {
                    (raw.method, raw.params, raw.message)
                } else {
                    let entry = serde_json::to_value(&typed).unwrap_or_default();
                    let method = entry["method"].as_str().unwrap_or_default().to_owned();
                    (method, entry["params"].to_string(), String::new())
                };
                retry::Entry {
                    key,
                    method,
                    params,
                    message,
                }
            })
            .collect();
        Ok(retry::Step::Asked {
            entries,
            state: result.request_state.clone(),
            last: result,
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
