//! The kit for any server that answers a JSON-RPC request with a JSON-RPC response:
//! [`Exchange`], and the [`ExchangeSession`] that drives 2026-07-28's retry loop through it.
//!
//! On 2026-07-28 a server sends no request of its own: every call is one request and one
//! response, so a function from the one to the other is a whole transport. The session
//! speaks raw JSON on it (it never reads the server's messages into a model before the
//! script answers them), answers each `inputRequests` entry from the script, retries with
//! the `requestState`, records each request as [`SeenRequest`] and each exchange as the
//! exact bytes ([`Exchanged`]).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::rmcp::ServiceError;
use ::rmcp::model as m;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::answer::Answer;
use super::client::TestClient;
use super::error::KitError;
use super::record::SeenRequest;
use super::retry::{self, Attempt, Entry, Step};
use super::service::{Shared, State};
use super::wire::Wire;
use crate::protocol::ProtocolVersion;

/// A future an [`Exchange`] returns: the response's bytes, or why there is none.
///
/// ```
/// use elicit_core::testing::Exchanging;
///
/// fn unreachable_server() -> Exchanging<'static> {
///     Box::pin(async { Err("connection refused".to_owned()) })
/// }
/// ```
pub type Exchanging<'a> = Pin<Box<dyn Future<Output = Result<String, String>> + Send + 'a>>;

/// How an [`ExchangeSession`] reaches the server: one JSON-RPC request (its bytes) in, the
/// JSON-RPC response (its bytes) out. Implement it to test a server of any SDK, or of none,
/// in process; a closure `Fn(String) -> impl Future<Output = Result<String, String>>` is one.
///
/// ```
/// use elicit_core::testing::{Exchange, Exchanging};
///
/// /// A server that knows no method.
/// struct Nothing;
///
/// impl Exchange for Nothing {
///     fn exchange(&self, request: String) -> Exchanging<'_> {
///         Box::pin(async move {
///             let id = serde_json::from_str::<serde_json::Value>(&request).map_err(|e| e.to_string())?["id"].clone();
///             Ok(serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "no"}}).to_string())
///         })
///     }
/// }
/// ```
pub trait Exchange: Send + Sync {
    /// Sends `request` and returns the server's response; `Err` says why there is none.
    fn exchange(&self, request: String) -> Exchanging<'_>;
}

impl<F, Fut> Exchange for F
where
    F: Fn(String) -> Fut + Send + Sync,
    Fut: Future<Output = Result<String, String>> + Send + 'static,
{
    fn exchange(&self, request: String) -> Exchanging<'_> {
        Box::pin(self(request))
    }
}

/// One request an [`ExchangeSession`] sent and the response it got, both exactly as they
/// crossed.
///
/// ```
/// # fn check(exchanged: &elicit_core::testing::Exchanged) {
/// assert!(exchanged.request().contains(r#""method":"tools/call""#));
/// assert_eq!(exchanged.json()["result"]["resultType"], "input_required");
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Exchanged {
    call: usize,
    round: usize,
    request: String,
    response: String,
}

impl Exchanged {
    /// Which call of the session it belongs to (1 for the first), or 0 for one sent with
    /// [`ExchangeSession::send`].
    ///
    /// ```
    /// # fn check(exchanged: &elicit_core::testing::Exchanged) {
    /// assert_eq!(exchanged.call(), 1);
    /// # }
    /// ```
    pub fn call(&self) -> usize {
        self.call
    }

    /// Which round of its call it was: 1 for the first attempt, 2 for the first retry, ….
    ///
    /// ```
    /// # fn check(exchanged: &elicit_core::testing::Exchanged) {
    /// assert_eq!(exchanged.round(), 2);
    /// # }
    /// ```
    pub fn round(&self) -> usize {
        self.round
    }

    /// The request, as sent.
    ///
    /// ```
    /// # fn check(exchanged: &elicit_core::testing::Exchanged) {
    /// assert!(exchanged.request().contains(r#""inputResponses""#));
    /// # }
    /// ```
    pub fn request(&self) -> &str {
        &self.request
    }

    /// The response, exactly as the server wrote it.
    ///
    /// ```
    /// # fn check(exchanged: &elicit_core::testing::Exchanged) {
    /// assert!(exchanged.response().contains(r#""resultType":"input_required""#));
    /// # }
    /// ```
    pub fn response(&self) -> &str {
        &self.response
    }

    /// The response as JSON (`null` when it is not JSON).
    ///
    /// ```
    /// # fn check(exchanged: &elicit_core::testing::Exchanged) {
    /// assert_eq!(exchanged.json()["error"]["code"], -32602);
    /// # }
    /// ```
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.response).unwrap_or(Value::Null)
    }
}

/// A scripted 2026-07-28 client of a server reached through an [`Exchange`]: made by
/// [`TestClient::exchange`] (or, with the `rust-mcp-sdk` feature,
/// `TestClient::connect_rust_mcp_sdk`). Its calls run the retry loop the way
/// [`Session`](super::Session)'s do on 2026-07-28, with the same script, the same
/// [`SeenRequest`]s and the same errors; it also keeps every exchange's bytes.
///
/// ```
/// use elicit_core::testing::{Answer, ExchangeSession, text};
///
/// async fn books_a_table(session: &ExchangeSession) {
///     session.answer(Answer::accept(serde_json::json!({"size": 4})));
///     let result = session.call_tool("book", None).await.unwrap();
///     assert_eq!(text(&result), "Table for 4");
///     assert_eq!(session.exchanges().len(), 2); // the call, and its retry
/// }
/// ```
pub struct ExchangeSession {
    exchange: Box<dyn Exchange>,
    shared: Arc<Shared>,
    capabilities: Value,
    max_rounds: usize,
    timeout: Duration,
    next_id: AtomicU64,
    exchanges: Mutex<Vec<Exchanged>>,
}

impl TestClient {
    /// A session with the server `exchange` reaches: each call a 2026-07-28 request, with
    /// the client's capabilities in its `_meta`, retried round after round as the server
    /// asks for input.
    ///
    /// # Errors
    /// [`KitError::Connect`] for a client of a revision before 2026-07-28, whose server
    /// sends requests of its own (an exchange has no way back for them);
    /// [`KitError::SignIn`] for a client [signed in](Self::signed_in_as): an exchange
    /// carries a request's bytes, not who sends it (sign your requests in yourself).
    ///
    /// ```
    /// use elicit_core::testing::TestClient;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let echo = |request: String| async move { Ok::<_, String>(request) };
    /// let session = TestClient::v2026_07_28().exchange(echo).unwrap();
    /// assert_eq!(session.version().as_str(), "2026-07-28");
    /// assert!(TestClient::v2025_11_25().exchange(echo).is_err());
    /// # }
    /// ```
    pub fn exchange(self, exchange: impl Exchange + 'static) -> Result<ExchangeSession, KitError> {
        if self.principal.is_some() {
            return Err(KitError::SignIn(
                "a client signed in (TestClient::signed_in_as) cannot sign in through an exchange, which carries only a request's bytes: put the principal in your requests where your server reads it".to_owned(),
            ));
        }
        self.exchange_signed_in(exchange)
    }

    /// [`exchange`](Self::exchange), for an exchange that signs its requests in itself.
    pub(super) fn exchange_signed_in(
        self,
        exchange: impl Exchange + 'static,
    ) -> Result<ExchangeSession, KitError> {
        if !self.version.uses_input_required() {
            return Err(KitError::Connect(format!(
                "on protocol revision {} the server sends requests of its own, which an exchange (a request in, its response out) cannot carry: test it with TestClient::connect",
                self.version
            )));
        }
        let capabilities = serde_json::to_value(self.capabilities())
            .map_err(|error| KitError::Encode(format!("the client's capabilities: {error}")))?;
        let shared = Arc::new(Shared {
            version: self.version,
            wire: Arc::new(Mutex::new(Wire::default())),
            state: Mutex::new(State {
                script: self.script,
                ..State::default()
            }),
            sampling: self.sampling,
            roots: self.roots,
            visiting: Arc::default(),
        });
        Ok(ExchangeSession {
            exchange: Box::new(exchange),
            shared,
            capabilities,
            max_rounds: self.max_rounds,
            timeout: self.timeout,
            next_id: AtomicU64::new(1),
            exchanges: Mutex::new(Vec::new()),
        })
    }
}

/// What the entries of an `InputRequiredResult` are, read from the response's bytes so
/// that each request's `params` is recorded exactly as the server wrote it.
#[derive(Deserialize)]
struct RawResponse<'a> {
    #[serde(borrow)]
    result: RawResult<'a>,
}

#[derive(Deserialize)]
struct RawResult<'a> {
    #[serde(rename = "inputRequests", borrow, default)]
    input_requests: BTreeMap<String, RawEntry<'a>>,
}

#[derive(Deserialize)]
struct RawEntry<'a> {
    method: String,
    #[serde(borrow, default)]
    params: Option<&'a RawValue>,
}

impl ExchangeSession {
    /// Calls the tool `name` with `arguments` (a JSON object, or `None`) and returns its
    /// final result, answering each `InputRequiredResult` from the script, as
    /// [`Session::call_tool`](super::Session::call_tool) does on 2026-07-28.
    ///
    /// # Errors
    /// As [`Session::call_tool`](super::Session::call_tool); a JSON-RPC error from the server
    /// is [`KitError::Service`] holding rmcp's `ServiceError::McpError` with its code,
    /// message and data; a response that is not JSON-RPC, or a result rmcp's
    /// `CallToolResult` does not read, is [`KitError::UnexpectedResult`].
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// let result = session.call_tool("book", serde_json::json!({"day": "friday"})).await.unwrap();
    /// # }
    /// ```
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: impl Into<Option<Value>>,
    ) -> Result<m::CallToolResult, KitError> {
        self.drive(
            "tools/call",
            format!("tool `{name}`"),
            name,
            arguments.into(),
        )
        .await
    }

    /// Gets the prompt `name` with `arguments`, like [`call_tool`](Self::call_tool).
    ///
    /// # Errors
    /// As [`call_tool`](Self::call_tool).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// let prompt = session.get_prompt("greeting", None).await.unwrap();
    /// # }
    /// ```
    pub async fn get_prompt(
        &self,
        name: &str,
        arguments: impl Into<Option<Value>>,
    ) -> Result<m::GetPromptResult, KitError> {
        self.drive(
            "prompts/get",
            format!("prompt `{name}`"),
            name,
            arguments.into(),
        )
        .await
    }

    /// Sends one request of `method` with `params` as they are (with the client's `_meta`
    /// added when they have none), outside the script: to send what a client should not (a
    /// changed `requestState`, say) and look at the answer.
    ///
    /// # Errors
    /// [`KitError::UnexpectedResult`] when the exchange gives no response.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// let params = serde_json::json!({"name": "book", "requestState": "forged"});
    /// let exchanged = session.send("tools/call", params).await.unwrap();
    /// assert_eq!(exchanged.json()["error"]["code"], -32602);
    /// # }
    /// ```
    pub async fn send(&self, method: &str, params: Value) -> Result<Exchanged, KitError> {
        let call = format!("the {method} request sent as is");
        let params = match params {
            Value::Object(params) => params,
            Value::Null => Map::new(),
            other => {
                return Err(KitError::Arguments(format!(
                    "the params of {call} must be a JSON object, not {other}"
                )));
            }
        };
        self.exchange_once(&call, method, params, 0, 0).await
    }

    /// Every request the server made in this session so far, in order.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// for request in session.requests() {
    ///     println!("{request}");
    /// }
    /// # }
    /// ```
    pub fn requests(&self) -> Vec<SeenRequest> {
        self.shared.lock().seen.clone()
    }

    /// Every exchange of this session so far, in order: each request and its response, as
    /// the bytes that crossed.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// for exchanged in session.exchanges() {
    ///     println!("{}\n-> {}", exchanged.request(), exchanged.response());
    /// }
    /// # }
    /// ```
    pub fn exchanges(&self) -> Vec<Exchanged> {
        self.exchanges
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Appends an answer to the script.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// session.answer(elicit_core::testing::Answer::decline());
    /// # }
    /// ```
    pub fn answer(&self, answer: Answer) {
        self.shared.lock().script.push_back(answer);
    }

    /// The answers not used yet, in order.
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// assert!(session.script_left().is_empty(), "unused answers");
    /// # }
    /// ```
    pub fn script_left(&self) -> Vec<Answer> {
        self.shared.lock().script.iter().cloned().collect()
    }

    /// Every page the script's browsers were served in this session so far
    /// ([`Answer::open_page`]), in order, as [`Session::pages`](super::Session::pages)
    /// (feature `url-forms` too).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// assert_eq!(session.pages().last().unwrap().heading(), "Thank you");
    /// # }
    /// ```
    #[cfg(feature = "url-forms")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url-forms")))]
    pub fn pages(&self) -> Vec<super::Page> {
        super::visit::lock(&self.shared.visiting).pages.clone()
    }

    /// The protocol revision of the session (2026-07-28).
    ///
    /// ```
    /// # async fn run(session: elicit_core::testing::ExchangeSession) {
    /// assert_eq!(session.version().as_str(), "2026-07-28");
    /// # }
    /// ```
    pub fn version(&self) -> ProtocolVersion {
        self.shared.version
    }

    async fn drive<T: DeserializeOwned>(
        &self,
        method: &str,
        call: String,
        name: &str,
        arguments: Option<Value>,
    ) -> Result<T, KitError> {
        let mut params = Map::new();
        params.insert("name".to_owned(), Value::from(name));
        match arguments {
            None | Some(Value::Null) => {}
            Some(Value::Object(arguments)) => {
                params.insert("arguments".to_owned(), Value::Object(arguments));
            }
            Some(other) => {
                return Err(KitError::Arguments(format!(
                    "the arguments of {call} must be a JSON object, not {other}"
                )));
            }
        }
        let attempt = ExchangeAttempt {
            session: self,
            method,
            call: call.clone(),
            params,
            round: 0,
            _output: std::marker::PhantomData,
        };
        retry::run(&self.shared, call, (self.max_rounds, self.timeout), attempt).await
    }

    async fn exchange_once(
        &self,
        call: &str,
        method: &str,
        mut params: Map<String, Value>,
        number: usize,
        round: usize,
    ) -> Result<Exchanged, KitError> {
        if !params.contains_key("_meta") {
            params.insert("_meta".to_owned(), self.meta());
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let request = request.to_string();
        let response = self
            .exchange
            .exchange(request.clone())
            .await
            .map_err(|error| KitError::UnexpectedResult {
                call: call.to_owned(),
                result: format!("no response: {error}"),
            })?;
        let exchanged = Exchanged {
            call: number,
            round,
            request,
            response,
        };
        self.exchanges
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(exchanged.clone());
        Ok(exchanged)
    }

    /// What a 2026-07-28 client says about itself in every request.
    fn meta(&self) -> Value {
        json!({
            "io.modelcontextprotocol/protocolVersion": self.shared.version.as_str(),
            "io.modelcontextprotocol/clientCapabilities": self.capabilities,
            "io.modelcontextprotocol/clientInfo": {"name": "elicit-testing", "version": env!("CARGO_PKG_VERSION")}
        })
    }
}

/// The `result` of a response; its `error` as rmcp's, as [`Session`](super::Session) reports
/// one.
/// A call sent through the exchange: raw JSON both ways.
struct ExchangeAttempt<'s, T> {
    session: &'s ExchangeSession,
    method: &'s str,
    call: String,
    params: Map<String, Value>,
    round: usize,
    _output: std::marker::PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Attempt<T> for ExchangeAttempt<'_, T> {
    async fn send(
        &mut self,
        responses: Option<Map<String, Value>>,
        state: Option<String>,
    ) -> Result<Step<T>, KitError> {
        self.params.shift_remove("inputResponses");
        self.params.shift_remove("requestState");
        if let Some(responses) = responses {
            self.params
                .insert("inputResponses".to_owned(), Value::Object(responses));
        }
        if let Some(state) = state {
            self.params
                .insert("requestState".to_owned(), Value::String(state));
        }
        self.round += 1;
        let number = self.session.shared.lock().call;
        let exchanged = self
            .session
            .exchange_once(
                &self.call,
                self.method,
                self.params.clone(),
                number,
                self.round,
            )
            .await?;
        let result = result_of(&self.call, &exchanged)?;
        if result.get("resultType").and_then(Value::as_str) != Some("input_required") {
            return serde_json::from_value(result.clone())
                .map(Step::Done)
                .map_err(|error| KitError::UnexpectedResult {
                    call: self.call.clone(),
                    result: format!("a result rmcp's model does not read ({error}): {result}"),
                });
        }
        let state = result
            .get("requestState")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let entries = serde_json::from_str::<RawResponse<'_>>(&exchanged.response)
            .map(|response| response.result.input_requests)
            .map_err(|error| KitError::UnexpectedResult {
                call: self.call.clone(),
                result: format!("an InputRequiredResult whose inputRequests do not read ({error})"),
            })?;
        // In the order of their keys, as a Session on 2026-07-28 answers them.
        let entries = entries
            .into_iter()
            .map(|(key, entry)| Entry {
                key,
                method: entry.method,
                params: entry.params.map_or("{}", RawValue::get).to_owned(),
                message: exchanged.response.clone(),
            })
            .collect();
        Ok(Step::Asked {
            entries,
            state,
            last: rmcp_input_required(&result),
        })
    }
}

fn result_of(call: &str, exchanged: &Exchanged) -> Result<Value, KitError> {
    let Value::Object(mut response) = exchanged.json() else {
        return Err(KitError::UnexpectedResult {
            call: call.to_owned(),
            result: format!("a response that is not JSON-RPC: {}", exchanged.response),
        });
    };
    if let Some(error) = response.get("error") {
        let code = error
            .get("code")
            .and_then(Value::as_i64)
            .and_then(|code| i32::try_from(code).ok())
            .unwrap_or(m::ErrorCode::INTERNAL_ERROR.0);
        let message = error
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let data = error.get("data").cloned();
        let error = m::ErrorData::new(m::ErrorCode(code), message, data);
        return Err(KitError::Service {
            call: call.to_owned(),
            error: Box::new(ServiceError::McpError(error)),
        });
    }
    response
        .shift_remove("result")
        .ok_or_else(|| KitError::UnexpectedResult {
            call: call.to_owned(),
            result: format!(
                "a response with neither result nor error: {}",
                exchanged.response
            ),
        })
}

/// The result as rmcp's `InputRequiredResult`, for [`KitError::Unanswered`] (as much of it
/// as rmcp's model reads).
fn rmcp_input_required(result: &Value) -> m::InputRequiredResult {
    serde_json::from_value(result.clone()).unwrap_or_else(|_| {
        let state = result
            .get("requestState")
            .and_then(Value::as_str)
            .map(str::to_owned);
        m::InputRequiredResult::new(None, state)
    })
}
