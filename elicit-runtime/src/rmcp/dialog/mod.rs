//! Multi-round forms as straight-line code (features `rmcp` and `state`).

use std::fmt;
use std::future::Future;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ::rmcp::handler::server::tool::{InputResponses, RequestState};
use ::rmcp::model::{self as m, ErrorData};
use ::rmcp::service::RequestContext;
use ::rmcp::{RoleServer, ServiceError};
use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::convert::protocol_version;
use super::error::Error;
use super::input::input_request;
use super::peer::PeerElicitExt;
use crate::protocol::state::{Binding, StateKeys};
use crate::protocol::{
    ElicitAction, ElicitMode, ElicitRequest, ElicitationSupport, ProtocolVersion, UrlRequest,
};
use crate::{Elicit, ElicitOutcome};

mod halt;
mod inputs;
mod memory;
mod reask;

pub use self::halt::Halt;
pub use self::inputs::{Gathered, Inputs};
use self::inputs::{Input, declared};
use self::memory::{Memory, Progress, Round};
pub use self::reask::Reasked;
use self::reask::{elicit_result, outcome, reask};

/// One call of a tool (or prompt) that asks the user several things, written as
/// straight-line code that works on every protocol revision.
///
/// Make one per call from the request's context, the server's [`StateKeys`], the call's
/// [`Binding`] (its name and arguments) and what the retry carries (rmcp's
/// `InputResponses` and `RequestState` extractors), then [`run`](Self::run) the tool's body
/// with it. In the body, [`ask`](Self::ask) returns each form's typed outcome:
///
/// - up to 2025-11-25 each `ask` sends `elicitation/create` on the live connection and
///   waits for the answer;
/// - on 2026-07-28 the body runs again from the start on each retry of the call. The
///   answers of earlier rounds come back from the sealed `requestState` (a MAC under your
///   key, bound to this call, with an expiry), the newest round's answer is read from
///   `inputResponses` and added to it, and the first `ask` still unanswered ends this
///   attempt: [`run`](Self::run) returns an `InputRequiredResult` asking for that form,
///   carrying the state re-sealed. So the body must ask the same questions in the same
///   order for the same answers (branch on the answers as you like; keep what is not
///   deterministic, a generated id say, with [`remember`](Self::remember)).
///
/// A state that was altered, sealed by another key, issued for another call, expired, or
/// whose rounds no longer match the body's questions is refused with a JSON-RPC `-32602`
/// error naming the problem. The client can read the state (the answers it gave), not
/// change it: see [`protocol::state`](crate::protocol::state).
///
/// ```
/// use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
/// use elicit_core::rmcp::Dialog;
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::handler::server::tool::{InputResponses, RequestState};
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// /// Where to?
/// #[derive(Elicit)]
/// struct Trip { city: String, by_train: bool }
///
/// /// Which seat on the train?
/// #[derive(Elicit)]
/// struct Seat { window: bool }
///
/// async fn plan_trip(
///     keys: &StateKeys,
///     ctx: RequestContext<RoleServer>,
///     answers: InputResponses,
///     state: RequestState,
/// ) -> Result<CallToolResponse, ErrorData> {
///     let binding = Binding::tool("plan_trip", &serde_json::json!({}));
///     Dialog::tool(ctx, keys, binding, answers, state).run(|d| async move {
///         let Some(trip) = d.ask::<Trip>("trip").await?.accepted() else {
///             return Ok(CallToolResult::success(vec![ContentBlock::text("No trip")]));
///         };
///         let mut text = format!("Off to {}", trip.city);
///         if trip.by_train {
///             if let ElicitOutcome::Accepted(seat) = d.ask::<Seat>("seat").await? {
///                 text += if seat.window { ", by the window" } else { ", on the aisle" };
///             }
///         }
///         Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///     })
///     .await
/// }
/// ```
pub struct Dialog {
    ctx: RequestContext<RoleServer>,
    keys: StateKeys,
    binding: Binding,
    responses: Option<m::InputResponses>,
    sealed: Option<String>,
    ttl: Option<Duration>,
    live: bool,
    memory: Mutex<Progress>,
}

impl fmt::Debug for Dialog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dialog")
            .field("binding", &self.binding)
            .field("live", &self.live)
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}

impl Dialog {
    /// How long a sealed state stays valid unless [`expires_after`](Self::expires_after)
    /// says otherwise: one hour.
    ///
    /// ```
    /// assert_eq!(elicit_core::rmcp::Dialog::DEFAULT_TTL.as_secs(), 3600);
    /// ```
    pub const DEFAULT_TTL: Duration = Duration::from_secs(3600);

    /// A dialog for the call `binding` names, with what its retry carries: `responses`
    /// (`inputResponses`) and `state` (`requestState`), both `None` on a first call and
    /// always before 2026-07-28.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateKey, StateKeys};
    /// use elicit_core::rmcp::Dialog;
    /// use rmcp::model::InputResponses;
    /// use rmcp::service::RequestContext;
    /// use rmcp::RoleServer;
    ///
    /// fn dialog(ctx: RequestContext<RoleServer>, keys: &StateKeys, responses: Option<InputResponses>, state: Option<String>) -> Dialog {
    ///     Dialog::new(ctx, keys, Binding::tool("survey", &serde_json::json!({})), responses, state)
    /// }
    /// ```
    pub fn new(
        ctx: RequestContext<RoleServer>,
        keys: &StateKeys,
        binding: Binding,
        responses: Option<m::InputResponses>,
        state: Option<String>,
    ) -> Self {
        let live = ctx
            .protocol_version()
            .map(|version| protocol_version(&version))
            < Some(ProtocolVersion::V2026_07_28);
        Self {
            ctx,
            keys: keys.clone(),
            binding,
            responses,
            sealed: state,
            ttl: Some(Self::DEFAULT_TTL),
            live,
            memory: Mutex::new(Progress::default()),
        }
    }

    /// [`new`](Self::new) from rmcp's extractors, as a `#[tool]` method takes them.
    ///
    /// Bind the call to its arguments: take them as `arguments: JsonObject` and bind
    /// `Binding::tool(name, &Value::Object(arguments))`, or, with `Parameters(args)` (which
    /// takes the arguments from the context first), bind `serde_json::to_value(&args)`.
    ///
    /// ```
    /// use elicit_core::protocol::state::{Binding, StateKeys};
    /// use elicit_core::rmcp::Dialog;
    /// use rmcp::handler::server::tool::{InputResponses, RequestState};
    /// use rmcp::service::RequestContext;
    /// use rmcp::RoleServer;
    ///
    /// fn dialog(ctx: RequestContext<RoleServer>, keys: &StateKeys, answers: InputResponses, state: RequestState) -> Dialog {
    ///     Dialog::tool(ctx, keys, Binding::tool("survey", &serde_json::json!({})), answers, state)
    /// }
    /// ```
    pub fn tool(
        ctx: RequestContext<RoleServer>,
        keys: &StateKeys,
        binding: Binding,
        InputResponses(responses): InputResponses,
        RequestState(state): RequestState,
    ) -> Self {
        Self::new(ctx, keys, binding, responses, state)
    }

    /// A dialog for a `prompts/get` call: its binding, `inputResponses` and `requestState`
    /// come from `params` (in `ServerHandler::get_prompt`).
    ///
    /// ```
    /// use elicit_core::protocol::state::StateKeys;
    /// use elicit_core::rmcp::Dialog;
    /// use rmcp::model::GetPromptRequestParams;
    /// use rmcp::service::RequestContext;
    /// use rmcp::RoleServer;
    ///
    /// fn dialog(ctx: RequestContext<RoleServer>, keys: &StateKeys, params: &GetPromptRequestParams) -> Dialog {
    ///     Dialog::prompt(ctx, keys, params)
    /// }
    /// ```
    pub fn prompt(
        ctx: RequestContext<RoleServer>,
        keys: &StateKeys,
        params: &m::GetPromptRequestParams,
    ) -> Self {
        Self::new(
            ctx,
            keys,
            Binding::for_prompt(params),
            params.input_responses.clone(),
            params.request_state.clone(),
        )
    }

    /// Seals each state to expire `ttl` after it is issued (instead of
    /// [`DEFAULT_TTL`](Self::DEFAULT_TTL)): a retry after that is refused with `-32602`
    /// ("request state has expired").
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// use std::time::Duration;
    ///
    /// fn shorter(dialog: Dialog) -> Dialog {
    ///     dialog.expires_after(Duration::from_secs(300))
    /// }
    /// ```
    #[must_use]
    pub fn expires_after(mut self, ttl: Duration) -> Self {
        self.ttl = Some(ttl);
        self
    }

    /// Seals states that never expire (a key rotation still retires them).
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// fn forever(dialog: Dialog) -> Dialog { dialog.never_expires() }
    /// ```
    #[must_use]
    pub fn never_expires(mut self) -> Self {
        self.ttl = None;
        self
    }

    /// Runs the call's `body` with this dialog and answers the call: the body's result
    /// (a `CallToolResult` for a tool, a `GetPromptResult` for a prompt), or on 2026-07-28
    /// the `InputRequiredResult` of the first unanswered question, or the JSON-RPC error
    /// the body stopped with.
    ///
    /// `O` is what the handler returns: rmcp's `CallToolResponse` or `GetPromptResponse`.
    ///
    /// # Errors
    /// `-32602` when the retry's `requestState` is refused (see [`StateError`](crate::protocol::state::StateError)) or its
    /// rounds do not match the body's questions; otherwise the error the body stopped with
    /// ([`Halt::into_error_data`]).
    ///
    /// ```
    /// use elicit_core::protocol::state::StateKeys;
    /// use elicit_core::rmcp::Dialog;
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use rmcp::model::{GetPromptRequestParams, GetPromptResponse, GetPromptResult, PromptMessage, Role};
    /// use rmcp::service::RequestContext;
    /// use rmcp::{ErrorData, RoleServer};
    ///
    /// /// What context should the prompt use?
    /// #[derive(Elicit)]
    /// struct Context { context: String }
    ///
    /// // The body of `ServerHandler::get_prompt`.
    /// async fn get_prompt(
    ///     keys: &StateKeys,
    ///     params: GetPromptRequestParams,
    ///     ctx: RequestContext<RoleServer>,
    /// ) -> Result<GetPromptResponse, ErrorData> {
    ///     Dialog::prompt(ctx, keys, &params).run(|d| async move {
    ///         let text = match d.ask::<Context>("user_context").await? {
    ///             ElicitOutcome::Accepted(answer) => format!("Keep in mind: {}", answer.context),
    ///             _ => "No context".to_owned(),
    ///         };
    ///         Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]))
    ///     })
    ///     .await
    /// }
    /// ```
    pub async fn run<O, T, F, Fut>(self, body: F) -> Result<O, ErrorData>
    where
        F: FnOnce(Self) -> Fut,
        Fut: Future<Output = Result<T, Halt>>,
        O: From<T> + From<m::InputRequiredResult>,
    {
        let dialog = self.open()?;
        match body(dialog).await {
            Ok(done) => Ok(O::from(done)),
            Err(Halt::InputRequired(result)) => Ok(O::from(*result)),
            Err(Halt::Elicit(error)) => Err(error.into()),
            Err(Halt::Error(error)) => Err(error),
        }
    }

    /// Opens the retry's state, if any.
    fn open(self) -> Result<Self, ErrorData> {
        let mut progress = Progress::default();
        if !self.live {
            if let Some(sealed) = &self.sealed {
                progress.memory = self.keys.open::<Memory>(sealed, &self.binding)?;
                progress.resumed = true;
            }
            progress.pending = Some(progress.memory.rounds.len());
        }
        *self.lock() = progress;
        Ok(self)
    }

    fn lock(&self) -> MutexGuard<'_, Progress> {
        self.memory.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether this call speaks 2025-11-25 or earlier: each question is an
    /// `elicitation/create` on the connection, and no state is sealed.
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// fn generation(dialog: &Dialog) -> &'static str {
    ///     if dialog.is_live() { "elicitation/create" } else { "InputRequiredResult" }
    /// }
    /// ```
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Whether this call came with a `requestState` that opened (a 2026-07-28 retry): the
    /// answers of earlier rounds are this server's, for this call, in time.
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// fn retried(dialog: &Dialog) -> bool { dialog.is_resumed() }
    /// ```
    pub fn is_resumed(&self) -> bool {
        self.lock().resumed
    }

    /// The capabilities the client declared: with this request on 2026-07-28 (its `_meta`),
    /// at `initialize` before. Empty when it declared none.
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// fn samples(dialog: &Dialog) -> bool {
    ///     dialog.client_capabilities().sampling.is_some()
    /// }
    /// ```
    pub fn client_capabilities(&self) -> m::ClientCapabilities {
        self.ctx.client_capabilities().unwrap_or_default()
    }

    /// The elicitation modes the client declared.
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// use elicit_core::protocol::ElicitMode;
    ///
    /// fn can_show_forms(dialog: &Dialog) -> bool {
    ///     dialog.elicitation().supports(ElicitMode::Form)
    /// }
    /// ```
    pub fn elicitation(&self) -> ElicitationSupport {
        ElicitationSupport::from(&self.client_capabilities())
    }

    /// Whether the client declared `mode`: check it before asking to answer a client that
    /// cannot be asked some other way (a default, or a result saying what is needed)
    /// instead of the `-32021` error [`ask`](Self::ask) would stop with.
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt};
    /// use elicit_core::protocol::ElicitMode;
    /// use elicit_core::Elicit;
    ///
    /// /// How many people?
    /// #[derive(Elicit)]
    /// struct Party { size: u8 }
    ///
    /// async fn party_size(d: &Dialog) -> Result<u8, Halt> {
    ///     if !d.supports(ElicitMode::Form) {
    ///         return Ok(2); // the fallback: a table for two
    ///     }
    ///     Ok(d.ask::<Party>("party").await?.accepted().map_or(2, |party| party.size))
    /// }
    /// ```
    pub fn supports(&self, mode: ElicitMode) -> bool {
        self.elicitation().supports(mode)
    }

    /// The round the next question is; on 2026-07-28, how many questions of this call have
    /// been answered before it.
    ///
    /// ```
    /// use elicit_core::rmcp::Dialog;
    /// fn first(dialog: &Dialog) -> bool { dialog.round() == 0 }
    /// ```
    pub fn round(&self) -> usize {
        self.lock().cursor
    }

    /// Asks for `T`'s form (prompted with `T::message()`) under `key`, and returns the
    /// typed outcome; see [`Dialog`] for how each protocol generation does it. On
    /// 2026-07-28 a retry that lacks the answer under `key` (or names it wrongly) is asked
    /// the same form again; extra keys are ignored.
    ///
    /// # Errors
    /// [`Halt::InputRequired`] on 2026-07-28 until the client has answered (return it with
    /// `?`); [`Error::Unsupported`] when the client did not declare form mode (`-32021`,
    /// nothing is sent); [`Error::Invalid`] when the accepted content does not fit the form
    /// (`-32602`, every field's error: [`ask_until_valid`](Self::ask_until_valid) asks
    /// again instead); `-32602` when the answer is not an `ElicitResult`.
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt};
    /// use elicit_core::{Elicit, ElicitOutcome};
    ///
    /// /// Which city?
    /// #[derive(Elicit)]
    /// struct City { city: String }
    ///
    /// async fn city(d: &Dialog) -> Result<Option<String>, Halt> {
    ///     Ok(d.ask::<City>("city").await?.accepted().map(|answer| answer.city))
    /// }
    /// ```
    pub async fn ask<T: Elicit>(&self, key: &str) -> Result<ElicitOutcome<T>, Halt> {
        self.ask_with(key, ElicitRequest::form::<T>()).await
    }

    /// [`ask`](Self::ask) with this request for `T`'s form: its own message, say
    /// (`ElicitRequest::form::<T>().message(…)`).
    ///
    /// # Errors
    /// As [`ask`](Self::ask).
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt};
    /// use elicit_core::protocol::ElicitRequest;
    /// use elicit_core::{Elicit, ElicitOutcome};
    ///
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// async fn name(d: &Dialog) -> Result<ElicitOutcome<Name>, Halt> {
    ///     d.ask_with("step1", ElicitRequest::form::<Name>().message("Step 1: What is your name?")).await
    /// }
    /// ```
    pub async fn ask_with<T: Elicit>(
        &self,
        key: &str,
        request: ElicitRequest,
    ) -> Result<ElicitOutcome<T>, Halt> {
        match self.form::<T>(key, request, 1).await? {
            Reasked::GaveUp(errors) => Err(Halt::Elicit(Error::Invalid(errors))),
            answered => answered
                .into_outcome()
                .map_err(|errors| Halt::Elicit(Error::Invalid(errors))),
        }
    }

    /// Asks for `T`'s form under `key`, and asks again while the accepted content does not
    /// fit it, up to `attempts` times in all (at least once): each new request carries,
    /// after `T::message()`, the field errors (each naming the field and what was wrong),
    /// and as `default`s the fields the person already got right, so a client that
    /// pre-fills defaults shows them filled in. (2025-06-18 has no `default` except on
    /// booleans: there the form comes back as first shown.) After the last attempt it
    /// returns [`Reasked::GaveUp`] with that answer's errors.
    ///
    /// On 2026-07-28 the attempts are counted in the sealed state; a retry that lacks the
    /// answer is asked again without counting an attempt.
    ///
    /// # Errors
    /// As [`ask`](Self::ask), except for invalid content.
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt, Reasked};
    /// use elicit_core::Elicit;
    ///
    /// /// How many people?
    /// #[derive(Elicit)]
    /// struct Party {
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     size: u8,
    /// }
    ///
    /// async fn party(d: &Dialog) -> Result<String, Halt> {
    ///     Ok(match d.ask_until_valid::<Party>("party", 3).await? {
    ///         Reasked::Accepted(party) => format!("A table for {}", party.size),
    ///         Reasked::GaveUp(errors) => format!("Still not valid after three tries:\n{errors}"),
    ///         Reasked::Declined | Reasked::Cancelled => "Nothing booked".to_owned(),
    ///     })
    /// }
    /// ```
    pub async fn ask_until_valid<T: Elicit>(
        &self,
        key: &str,
        attempts: u32,
    ) -> Result<Reasked<T>, Halt> {
        self.form::<T>(key, ElicitRequest::form::<T>(), attempts.max(1))
            .await
    }

    /// Asks the user to open a URL (URL mode) under `key`; returns what they did.
    ///
    /// # Errors
    /// As [`ask`](Self::ask) (the client must declare URL mode).
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt};
    /// use elicit_core::protocol::{ElicitAction, UrlRequest};
    ///
    /// async fn connect(d: &Dialog) -> Result<bool, Halt> {
    ///     let request = UrlRequest::new("Connect your account", "https://example.com/connect", "c-1")
    ///         .map_err(|error| rmcp::ErrorData::internal_error(error.to_string(), None))?;
    ///     Ok(d.ask_url("connect", request).await? == ElicitAction::Accept)
    /// }
    /// ```
    pub async fn ask_url(&self, key: &str, request: UrlRequest) -> Result<ElicitAction, Halt> {
        let request = ElicitRequest::Url(request);
        if self.live {
            return Ok(self.ctx.peer.elicit_request(&request).await?.action);
        }
        if let Some(answer) = self.replay(key)? {
            return Ok(elicit_result(key, &answer)?.action);
        }
        match self.take_answer(key) {
            Some(answer) => {
                let result = elicit_result(key, &answer)?;
                self.record(key, answer);
                Ok(result.action)
            }
            None => Err(self.suspend_one(key, &request)),
        }
    }

    /// Asks for several things in one round: on 2026-07-28 one `InputRequiredResult` with
    /// every request the client declared the capability for (a form next to a
    /// `sampling/createMessage` and a `roots/list`, say), retried until each is answered;
    /// up to 2025-11-25 each is sent on the connection in turn. A request whose capability
    /// the client did not declare is left out ([`Gathered::skipped`]).
    ///
    /// # Errors
    /// [`Halt::InputRequired`] on 2026-07-28 until every request sent is answered; a
    /// connection failure; `-32602` when a form's answer is not an `ElicitResult`.
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt, Inputs};
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use rmcp::model::{InputRequest, ListRootsRequest, ListRootsResult};
    ///
    /// /// What is your name?
    /// #[derive(Elicit)]
    /// struct Name { name: String }
    ///
    /// async fn name_and_roots(d: &Dialog) -> Result<String, Halt> {
    ///     let roots = InputRequest::ListRoots(ListRootsRequest::default());
    ///     let gathered = d.ask_all(Inputs::new().form::<Name>("user_name").request("roots", roots)).await?;
    ///     let name = match gathered.form::<Name>("user_name")? {
    ///         Some(ElicitOutcome::Accepted(answer)) => answer.name,
    ///         Some(_) => "(declined)".to_owned(),
    ///         None => "(this client shows no forms)".to_owned(),
    ///     };
    ///     let roots = gathered.result::<ListRootsResult>("roots")?.map_or(0, |roots| roots.roots.len());
    ///     Ok(format!("{name}, {roots} roots"))
    /// }
    /// ```
    pub async fn ask_all(&self, inputs: Inputs) -> Result<Gathered, Halt> {
        let capabilities = self.client_capabilities();
        let (asked, skipped): (Vec<_>, Vec<_>) = inputs
            .entries
            .into_iter()
            .partition(|(_, input)| declared(input, &capabilities));
        let skipped: Vec<String> = skipped.into_iter().map(|(key, _)| key).collect();
        let round_key = asked
            .iter()
            .map(|(key, _)| key.as_str())
            .collect::<Vec<_>>()
            .join(",");
        if self.live {
            let mut answers = Map::new();
            for (key, input) in &asked {
                answers.insert(key.clone(), self.send(input).await?);
            }
            return Ok(Gathered { answers, skipped });
        }
        match self.replay(&round_key)? {
            Some(Value::Object(answers)) => return Ok(Gathered { answers, skipped }),
            Some(_) => {
                let message = format!("request state holds no answers to `{round_key}`");
                return Err(Halt::Error(ErrorData::invalid_params(message, None)));
            }
            None => {}
        }
        let mut gathered = std::mem::take(&mut self.lock().memory.partial);
        let mut fresh = self.take_answers();
        for (key, input) in &asked {
            if let Some(answer) = fresh.as_mut().and_then(|fresh| fresh.remove(key)) {
                if matches!(input, Input::Elicit(_)) {
                    elicit_result(key, &answer)?;
                }
                gathered.insert(key.clone(), answer);
            }
        }
        let missing: Vec<&(String, Input)> = asked
            .iter()
            .filter(|(key, _)| !gathered.contains_key(key))
            .collect();
        if missing.is_empty() {
            self.record(&round_key, Value::Object(gathered.clone()));
            return Ok(Gathered {
                answers: gathered,
                skipped,
            });
        }
        let mut requests = m::InputRequests::new();
        for (key, input) in missing {
            let request = match input {
                Input::Elicit(request) => input_request(request),
                Input::Other(request) => request.clone(),
            };
            requests.insert(key.clone(), request);
        }
        self.lock().memory.partial = gathered;
        Err(self.suspend(requests))
    }

    /// A value of your own, kept for the rest of the call: `make` runs on the call's first
    /// attempt, and on 2026-07-28 the value rides in the sealed state, so each retry gets
    /// the same value back (a generated id, a price quoted once). Keep it small: it travels
    /// with every retry, readable by the client.
    ///
    /// # Errors
    /// `-32603` when the value does not write as JSON, or the kept one no longer reads as a
    /// `V`.
    ///
    /// ```
    /// use elicit_core::rmcp::{Dialog, Halt};
    ///
    /// async fn order_number(d: &Dialog) -> Result<u64, Halt> {
    ///     d.remember("order", || 4711_u64)
    /// }
    /// ```
    pub fn remember<V: Serialize + DeserializeOwned>(
        &self,
        name: &str,
        make: impl FnOnce() -> V,
    ) -> Result<V, Halt> {
        let kept = self.lock().memory.kept.get(name).cloned();
        if let Some(kept) = kept {
            return V::deserialize(kept).map_err(|error| {
                Halt::Error(ErrorData::internal_error(
                    format!("the value kept as `{name}` no longer reads: {error}"),
                    None,
                ))
            });
        }
        let value = make();
        if !self.live {
            let json = serde_json::to_value(&value).map_err(|error| {
                Halt::Error(ErrorData::internal_error(
                    format!("the value to keep as `{name}` does not write as JSON: {error}"),
                    None,
                ))
            })?;
            self.lock().memory.kept.insert(name.to_owned(), json);
        }
        Ok(value)
    }

    /// One form, asked up to `attempts` times.
    async fn form<T: Elicit>(
        &self,
        key: &str,
        request: ElicitRequest,
        attempts: u32,
    ) -> Result<Reasked<T>, Halt> {
        if self.live {
            let mut request = request;
            for attempt in 1..=attempts {
                let result = self.ctx.peer.elicit_request(&request).await?;
                match outcome::<T>(&result) {
                    Ok(answered) => return Ok(answered),
                    Err(errors) if attempt == attempts => return Ok(Reasked::GaveUp(errors)),
                    Err(errors) => request = reask::<T>(&request, &result, &errors),
                }
            }
            // `attempts` is at least 1: the loop returns.
            return Err(Halt::Error(ErrorData::internal_error(
                "no attempt was made",
                None,
            )));
        }
        if let Some(answer) = self.replay(key)? {
            let result = elicit_result(key, &answer)?;
            return Ok(outcome::<T>(&result).unwrap_or_else(Reasked::GaveUp));
        }
        let Some(answer) = self.take_answer(key) else {
            let wrong = self.lock().memory.wrong.clone();
            let again = match wrong.map(|wrong| elicit_result(key, &wrong)) {
                Some(Ok(result)) => match outcome::<T>(&result) {
                    Err(errors) => reask::<T>(&request, &result, &errors),
                    Ok(_) => request,
                },
                _ => request,
            };
            return Err(self.suspend_one(key, &again));
        };
        let result = elicit_result(key, &answer)?;
        match outcome::<T>(&result) {
            Ok(answered) => {
                self.record(key, answer);
                Ok(answered)
            }
            Err(errors) => {
                let tries = {
                    let mut progress = self.lock();
                    progress.memory.tries = progress.memory.tries.saturating_add(1);
                    progress.memory.wrong = Some(answer.clone());
                    progress.memory.tries
                };
                if tries >= attempts {
                    self.record(key, answer);
                    return Ok(Reasked::GaveUp(errors));
                }
                let again = reask::<T>(&request, &result, &errors);
                Err(self.suspend_one(key, &again))
            }
        }
    }

    /// Sends one input request on the connection (up to 2025-11-25); its result as JSON.
    #[allow(deprecated)] // sampling and roots: deprecated by rmcp (SEP-2577), still sent
    async fn send(&self, input: &Input) -> Result<Value, Halt> {
        let request = match input {
            Input::Elicit(request) => {
                return Ok(self.ctx.peer.elicit_request(request).await?.to_value());
            }
            Input::Other(m::InputRequest::Elicitation(request)) => {
                m::ServerRequest::ElicitRequest(request.clone())
            }
            Input::Other(m::InputRequest::CreateMessage(request)) => {
                m::ServerRequest::CreateMessageRequest(request.clone())
            }
            Input::Other(m::InputRequest::ListRoots(request)) => {
                m::ServerRequest::ListRootsRequest(request.clone())
            }
            Input::Other(_) => {
                return Err(Halt::Error(ErrorData::internal_error(
                    "an input request of a kind this version cannot send",
                    None,
                )));
            }
        };
        let result = self
            .ctx
            .peer
            .send_request(request)
            .await
            .map_err(|error: ServiceError| Halt::Elicit(Error::Service(error)))?;
        serde_json::to_value(&result)
            .map_err(|error| Halt::Error(ErrorData::internal_error(error.to_string(), None)))
    }

    /// The recorded answer of this round, when an earlier attempt recorded it (and moves
    /// to the next round).
    ///
    /// # Errors
    /// `-32602` when the recorded round asked another key: the body no longer asks what
    /// it asked when the state was sealed.
    fn replay(&self, key: &str) -> Result<Option<Value>, Halt> {
        let mut progress = self.lock();
        let cursor = progress.cursor;
        let Some(round) = progress.memory.rounds.get(cursor) else {
            return Ok(None);
        };
        if round.key != key {
            let message = format!(
                "request state does not match this call: round {} answered `{}`, and the tool now asks `{key}`",
                cursor + 1,
                round.key
            );
            return Err(Halt::Error(ErrorData::invalid_params(
                message,
                Some(json!({"requestState": "diverged"})),
            )));
        }
        let answer = round.answer.clone();
        progress.cursor += 1;
        Ok(Some(answer))
    }

    /// This round's entry of `inputResponses`, when they answer this round.
    fn take_answer(&self, key: &str) -> Option<Value> {
        self.take_answers()
            .and_then(|mut responses| responses.remove(key))
    }

    /// `inputResponses`, when they answer the current round (once).
    fn take_answers(&self) -> Option<m::InputResponses> {
        let mut progress = self.lock();
        if progress.pending != Some(progress.cursor) {
            return None;
        }
        progress.pending = None;
        self.responses.clone()
    }

    /// Records the answer of the current round.
    fn record(&self, key: &str, answer: Value) {
        let mut progress = self.lock();
        progress.memory.rounds.push(Round {
            key: key.to_owned(),
            answer,
        });
        progress.memory.tries = 0;
        progress.memory.wrong = None;
        progress.memory.partial.clear();
        progress.cursor += 1;
    }

    /// Stops to ask for `request` under `key`, after checking the client can be asked.
    fn suspend_one(&self, key: &str, request: &ElicitRequest) -> Halt {
        if let Err(unsupported) = self.elicitation().check(request) {
            return Halt::Elicit(Error::Unsupported(unsupported));
        }
        let mut requests = m::InputRequests::new();
        requests.insert(key.to_owned(), input_request(request));
        self.suspend(requests)
    }

    /// The `InputRequiredResult` for `requests`, with the state sealed.
    fn suspend(&self, requests: m::InputRequests) -> Halt {
        let progress = self.lock();
        let sealed = match self.ttl {
            Some(ttl) => self.keys.seal_for(&progress.memory, &self.binding, ttl),
            None => self
                .keys
                .seal_without_expiry(&progress.memory, &self.binding),
        };
        match sealed {
            Ok(sealed) => Halt::InputRequired(Box::new(m::InputRequiredResult::new(
                Some(requests),
                Some(sealed),
            ))),
            Err(error) => Halt::Error(ErrorData::internal_error(
                format!("the request state could not be sealed: {error}"),
                None,
            )),
        }
    }
}
