//! The client side of the connection: what the session and rmcp's client service share, and
//! the service that answers the server's requests from the script.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ::rmcp::model as m;
use ::rmcp::service::{NotificationContext, RequestContext};
use ::rmcp::{ErrorData, RoleClient, Service};
use serde_json::{Value, json};

use super::answer::{Answer, Asks, ScriptedReply, ScriptedReplyError};
use super::error::KitError;
use super::record::SeenRequest;
use super::visit::Visiting;
use super::wire::{self, Wire};
use crate::protocol::{ElicitMode, ElicitRequest, ProtocolVersion};

/// Answers the `sampling/createMessage` requests no script answer is used for.
pub(super) type SamplingHook =
    dyn Fn(&m::CreateMessageRequestParams) -> m::CreateMessageResult + Send + Sync;
/// Answers the `roots/list` requests no script answer is used for.
pub(super) type RootsHook = dyn Fn() -> m::ListRootsResult + Send + Sync;

pub(super) const METHOD_ELICIT: &str = "elicitation/create";
pub(super) const METHOD_SAMPLING: &str = "sampling/createMessage";
pub(super) const METHOD_ROOTS: &str = "roots/list";
pub(super) const METHOD_COMPLETE: &str = "notifications/elicitation/complete";

/// What the client side and the session share.
pub(super) struct Shared {
    pub(super) version: ProtocolVersion,
    pub(super) wire: Arc<Mutex<Wire>>,
    pub(super) state: Mutex<State>,
    pub(super) sampling: Option<Arc<SamplingHook>>,
    pub(super) roots: Option<Arc<RootsHook>>,
    /// The pages the script's browsers visited, and the visits still running (apart from
    /// `state`: a visit runs while the call goes on).
    pub(super) visiting: Arc<Mutex<Visiting>>,
}

#[derive(Default)]
pub(super) struct State {
    pub(super) script: VecDeque<Answer>,
    pub(super) seen: Vec<SeenRequest>,
    /// What went wrong answering requests on the connection during the current call.
    pub(super) problems: Vec<KitError>,
    pub(super) call: usize,
    pub(super) round: usize,
    pub(super) completions: Vec<String>,
}

impl State {
    pub(super) fn left(&self) -> Vec<String> {
        self.script.iter().map(ToString::to_string).collect()
    }
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records a request (`params` as the server wrote them) and picks its answer; returns
    /// it with the request described.
    pub(super) fn answer(
        &self,
        key: Option<String>,
        method: String,
        raw: String,
        raw_message: String,
    ) -> Result<(ScriptedReply, String), KitError> {
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
            return Ok((ScriptedReply::Send(value), request));
        }
        if let (Asks::Roots, Some(hook)) = (asks, &self.roots) {
            drop(state);
            let value = encode(&hook(), &request)?;
            return Ok((ScriptedReply::Send(value), request));
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
            .map_err(|error| match error {
                ScriptedReplyError::Encode(error) => {
                    KitError::Encode(format!("the answer {answer}: {error}"))
                }
                ScriptedReplyError::Choice(problem) => KitError::Choice {
                    request: request.clone(),
                    problem,
                },
                ScriptedReplyError::NoUrl => KitError::BadRequest {
                    request: request.clone(),
                    error: format!("the script's answer ({answer}) opens its URL, and it has none"),
                },
            })?;
        Ok((reply, request))
    }

    /// Waits until the server said that the elicitation `id` is complete; `false` when
    /// `cancelled` comes first.
    async fn completed(&self, id: &str, cancelled: impl Future<Output = ()>) -> bool {
        let mut cancelled = std::pin::pin!(cancelled);
        loop {
            if self
                .lock()
                .completions
                .iter()
                .any(|complete| complete == id)
            {
                return true;
            }
            tokio::select! {
                () = cancelled.as_mut() => return false,
                () = tokio::time::sleep(Duration::from_millis(5)) => {}
            }
        }
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
pub(super) struct KitService {
    pub(super) shared: Arc<Shared>,
    pub(super) info: m::ClientConfig,
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
            Ok((ScriptedReply::Send(value), _)) => Ok(client_result(&method, value)),
            Ok((
                ScriptedReply::AcceptUrl {
                    visits,
                    hold,
                    elicitation_id,
                },
                request,
            )) => {
                let accept = client_result(&method, json!({"action": "accept"}));
                if !hold {
                    // The reply first, the page after it, as most clients and people go.
                    if let Some(visits) = visits {
                        visits.spawn(Arc::clone(&self.shared.visiting), request);
                    }
                    return Ok(accept);
                }
                if let Some(visits) = visits
                    && let Err(problem) = visits.run(&self.shared.visiting, &request).await
                {
                    return Err(self.refuse(problem));
                }
                let Some(id) = elicitation_id else {
                    return Err(self.refuse(KitError::BadRequest {
                        request,
                        error: "it has no elicitationId, whose completion the client waits to hear before it replies".to_owned(),
                    }));
                };
                if self.shared.completed(&id, context.ct.cancelled()).await {
                    Ok(accept)
                } else {
                    Err(ErrorData::internal_error(
                        "the request was cancelled before the server said it was complete",
                        None,
                    ))
                }
            }
            Ok((ScriptedReply::Verbatim(value), _)) => {
                Ok(m::ClientResult::CustomResult(m::CustomResult::new(value)))
            }
            Ok((ScriptedReply::Never | ScriptedReply::Omit, _)) => {
                // Pending until the server gives up on it.
                context.ct.cancelled().await;
                Err(ErrorData::internal_error(
                    "the test script never answers this request",
                    None,
                ))
            }
            Err(problem) => Err(self.refuse(problem)),
        }
    }

    /// Refuses a request the script could not answer: the call reports `problem`.
    fn refuse(&self, problem: KitError) -> ErrorData {
        let message = problem.to_string();
        self.shared.lock().problems.push(problem);
        ErrorData::invalid_request(message, None)
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
