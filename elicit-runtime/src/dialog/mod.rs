//! A call that asks the person things, written as straight-line code that works on every
//! protocol revision: [`Dialog`] (feature `state`).
//!
//! | I want to … | call |
//! |---|---|
//! | ask a form, get the typed answer or answer the call with a text | [`d.ask::<T>("key").or_reply("…")`](Ask::or_reply) |
//! | ask a form, get every outcome (accepted, declined, cancelled) | [`d.ask::<T>("key")`](Dialog::ask) |
//! | ask again while the answer does not fit | [`.attempts(3)`](Ask::attempts) |
//! | set the prompt at run time | [`.message(…)`](Ask::message) |
//! | ask a form shaped at run time | [`d.ask_form("key", T::form()…)`](Dialog::ask_form) |
//! | ask the person for the tool arguments the model left out | [`Asked<T>`](Asked) as the arguments, then [`args.complete(&d)`](Asked::complete) |
//! | send the person to a URL | [`d.ask_url("key", request)`](Dialog::ask_url) |
//! | ask several things in one round | [`d.ask_all(inputs)`](Dialog::ask_all) |
//! | keep a value across the retries of one call | [`d.remember("name", ‖ …)`](Dialog::remember) |
//! | know whether the client can be asked | [`d.supports(mode)`](Dialog::supports), [`d.fits(&request)`](Dialog::fits) |
//! | know whether this call is live or a retry | [`d.is_live()`](Dialog::is_live), [`d.is_resumed()`](Dialog::is_resumed) |
//! | tell the client a URL interaction is done | [`d.complete_url(id)`](Dialog::complete_url) |
//!
//! With the `rmcp` feature a `#[tool]` takes a `Dialog` as an argument, like rmcp's own
//! extractors; other SDKs and hand-written servers make one with [`Dialog::new`] or
//! [`Dialog::from_params`]. See the guide chapter [`rounds`](crate::guide::rounds).

use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::protocol::{
    ElicitMode, ElicitRequest, ElicitResult, ElicitationSupport, InputRequest, InputRequiredResult,
    MessageError, ProtocolVersion, RenderError,
};
use crate::state::{
    Binding, JsonFault, MAX_SEALED_LEN, Owner, Principal, PrincipalPolicy, SealError, StateKeys,
    wipe_values,
};

/// Whom a dialog opened once charges its states' uses to ([`Dialog::once`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Once {
    /// The person its authentication established; a call without one is refused.
    PerPerson,
    /// The person, else the tool ([`Dialog::once_for_anyone`]).
    Anyone,
}

mod arguments;
mod ask;
mod connection;
mod gather;
mod halt;
mod memory;
mod offer;
mod reask;
mod reply;
mod respond;
mod settings;
#[cfg(feature = "url-forms")]
mod url_form;

pub use self::arguments::{ARGUMENTS_KEY, Asked};
#[cfg_attr(not(feature = "rmcp"), allow(unused_imports))]
pub(crate) use self::ask::refuse_secret;
pub use self::ask::{Ask, OrReply};
pub use self::connection::{Connection, Sending};
pub use self::gather::{Gathered, Inputs};
pub use self::halt::Halt;
use self::memory::{Memory, Progress, Round};
pub(crate) use self::offer::offer_digest;
pub use self::reply::Reply;
pub use self::respond::Respond;
pub use self::settings::DialogSettings;
use self::settings::Expiry;
#[cfg(feature = "url-forms")]
pub use self::url_form::AskUrl;
// What the SDK adapters answer for a halted body.
#[cfg_attr(not(feature = "rmcp"), allow(unused_imports))]
pub(crate) use self::respond::halted as respond_error;

/// One call of a tool (or prompt) that asks the person things, written as straight-line code
/// that works on every protocol revision.
///
/// [`run`](Self::run) the call's body with it; in the body, [`ask`](Self::ask) returns each
/// form's typed answer:
///
/// - up to 2025-11-25 each question is an `elicitation/create` sent on the live connection,
///   and the answer comes back while the body waits;
/// - on 2026-07-28 a server may not send requests: the first question still unanswered ends
///   the attempt, and `run` answers the call with an `InputRequiredResult` asking it. The
///   client asks the person and calls again with the answer; the body runs again from the
///   start, and the answers of earlier rounds come back from the `requestState`, sealed
///   under the server's keys (encrypted, bound to this call, expiring). So the body must ask
///   the same questions in the same order for the same answers (branch on the answers as you
///   like; keep what is not a function of them, a generated id say, with
///   [`remember`](Self::remember)).
///
/// The same code, the same answers and the same errors on every revision: a client that
/// cannot be asked (`-32021`), an answer that does not fit (`-32602`, naming the key and each
/// field), an answer that is not an answer (`-32602`, naming the key), a state that does not
/// open (`-32602`, one message for every reason).
///
/// With the `rmcp` feature a `#[tool]` method takes the dialog as an argument (put it before
/// a `Parameters` argument, which takes the call's arguments away):
///
/// ```
/// use elicit_core::dialog::Dialog;
/// use elicit_core::Elicit;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
///
/// /// Where to?
/// #[derive(Elicit)]
/// struct Trip { city: String, by_train: bool }
///
/// /// Which seat on the train?
/// #[derive(Elicit)]
/// struct Seat { window: bool }
///
/// #[derive(Clone)]
/// struct Travel;
///
/// #[tool_router]
/// impl Travel {
///     #[tool(description = "Plans a trip")]
///     async fn plan_trip(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
///         dialog.run(|d| async move {
///             let Some(trip) = d.ask::<Trip>("trip").await?.accepted() else {
///                 return Ok(CallToolResult::success(vec![ContentBlock::text("No trip")]));
///             };
///             let mut text = format!("Off to {}", trip.city);
///             if trip.by_train {
///                 if let Some(seat) = d.ask::<Seat>("seat").await?.accepted() {
///                     text += if seat.window { ", by the window" } else { ", on the aisle" };
///                 }
///             }
///             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///         })
///         .await
///     }
/// }
///
/// #[tool_handler]
/// impl ServerHandler for Travel {}
/// ```
///
/// # Keys
///
/// A dialog seals its state with a key drawn from the operating system when the process
/// starts, unless the server's [`DialogSettings::keys`] give it theirs: enough for a server
/// that is one process (stdio, or one HTTP instance). When a retry may reach another process
/// (several instances behind a balancer, a restart in the middle of a dialog), give every
/// instance the same [`StateKeys`] (from a secret store or an environment variable):
/// otherwise such a retry is refused, as any state this process did not seal.
pub struct Dialog {
    version: ProtocolVersion,
    capabilities: Value,
    binding: Binding,
    responses: Option<Map<String, Value>>,
    sealed: Option<String>,
    connection: Option<Arc<dyn Connection>>,
    settings: DialogSettings,
    principal: Option<String>,
    /// The caller as the transport identifies them (set by the SDK adapters), and whether the
    /// server's authentication established them (else a credential seen, but not checked).
    caller: Option<Principal>,
    caller_verified: bool,
    /// Whether each state opens once ([`once`](Self::once)), and whom its uses are charged
    /// to.
    once: Option<Once>,
    /// The tool whose call's arguments this dialog could not see (an extractor declared
    /// before it took them): on 2026-07-28 its state could not be bound to them.
    unseen_arguments: Option<String>,
    /// The name of the tool (or prompt) called, where the call says it: what a question for
    /// its missing arguments names.
    name: Option<String>,
    progress: Mutex<Progress>,
}

impl fmt::Debug for Dialog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dialog")
            .field("version", &self.version)
            .field("binding", &self.binding)
            .field("live", &self.is_live())
            .field("settings", &self.settings)
            .field("principal", &self.principal.is_some())
            .field("caller", &self.caller.is_some())
            .field("once", &self.once.is_some())
            .finish_non_exhaustive()
    }
}

impl Dialog {
    /// How long a sealed state stays valid unless the keys ([`StateKeys::with_ttl`]) or
    /// [`DialogSettings::expires_after`] say otherwise: ten minutes, the time a person
    /// has to answer one form (each round seals anew), as the strongest peer's default.
    ///
    /// ```
    /// assert_eq!(elicit_core::dialog::Dialog::DEFAULT_TTL.as_secs(), 600);
    /// ```
    pub const DEFAULT_TTL: Duration = StateKeys::DEFAULT_TTL;

    /// A dialog for the call `binding` names (its method, name and arguments), on protocol
    /// revision `version`. Give it what the call carries with the `with_` methods: the
    /// client's capabilities, and on a 2026-07-28 retry its `inputResponses` and
    /// `requestState`; up to 2025-11-25, the [`Connection`] to ask on.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("book", &json!({})))
    ///     .with_client_capabilities(json!({"elicitation": {"form": {}}}));
    /// assert!(!dialog.is_live());
    /// assert!(dialog.supports(elicit_core::protocol::ElicitMode::Form));
    /// ```
    pub fn new(version: ProtocolVersion, binding: Binding) -> Self {
        Self {
            version,
            capabilities: Value::Null,
            binding,
            responses: None,
            sealed: None,
            connection: None,
            settings: DialogSettings::process_default().clone(),
            principal: None,
            caller: None,
            caller_verified: false,
            once: None,
            unseen_arguments: None,
            name: None,
            progress: Mutex::new(Progress::default()),
        }
    }

    /// Marks this dialog as made for a call of `tool` whose arguments it could not see.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
    pub(crate) fn arguments_unseen(mut self, tool: &str) -> Self {
        self.unseen_arguments = Some(tool.to_owned());
        self
    }

    /// A dialog for a 2026-07-28 request written by hand: `params` of a `tools/call` or
    /// `prompts/get` (`method`), whose `name` and `arguments` the state is bound to, whose
    /// `inputResponses` and `requestState` a retry carries, and whose
    /// `_meta["io.modelcontextprotocol/clientCapabilities"]` declares what the client can be
    /// asked.
    ///
    /// # Errors
    /// A [`MessageError`] naming the member of `params` that has the wrong shape.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use serde_json::json;
    ///
    /// let params = json!({
    ///     "name": "book",
    ///     "arguments": {"table": 4},
    ///     "_meta": {"io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}
    /// });
    /// let dialog = Dialog::from_params("tools/call", &params, ProtocolVersion::V2026_07_28).unwrap();
    /// assert!(!dialog.is_resumed());
    ///
    /// let bad = json!({"name": "book", "inputResponses": [1]});
    /// assert_eq!(Dialog::from_params("tools/call", &bad, ProtocolVersion::V2026_07_28).unwrap_err().path(), "inputResponses");
    /// ```
    pub fn from_params(
        method: &str,
        params: &Value,
        version: ProtocolVersion,
    ) -> Result<Self, MessageError> {
        let map = crate::protocol::error::object(params, "")?;
        let mut dialog = Self::new(version, Binding::from_params(method, params));
        dialog.name = map.get("name").and_then(Value::as_str).map(str::to_owned);
        if let Some(responses) = map.get("inputResponses") {
            match responses {
                Value::Object(responses) => dialog.responses = Some(responses.clone()),
                Value::Null => {}
                other => {
                    return Err(MessageError::wrong_type(
                        "inputResponses",
                        crate::error::JsonType::Object,
                        other,
                    ));
                }
            }
        }
        if let Some(state) = map.get("requestState") {
            match state {
                Value::String(state) => dialog.sealed = Some(state.clone()),
                Value::Null => {}
                other => {
                    return Err(MessageError::wrong_type(
                        "requestState",
                        crate::error::JsonType::String,
                        other,
                    ));
                }
            }
        }
        if let Some(capabilities) = map
            .get("_meta")
            .and_then(|meta| meta.get(crate::protocol::CLIENT_CAPABILITIES_META))
        {
            dialog.capabilities = capabilities.clone();
        }
        Ok(dialog)
    }

    /// What the client declared it can do: `capabilities` of `initialize` up to 2025-11-25,
    /// a 2026-07-28 request's `_meta["io.modelcontextprotocol/clientCapabilities"]`.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::{ElicitMode, ProtocolVersion};
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("t", &json!({})))
    ///     .with_client_capabilities(json!({"elicitation": {"url": {}}}));
    /// assert!(dialog.supports(ElicitMode::Url) && !dialog.supports(ElicitMode::Form));
    /// ```
    #[must_use]
    pub fn with_client_capabilities(mut self, capabilities: Value) -> Self {
        self.capabilities = capabilities;
        self
    }

    /// A 2026-07-28 retry's `inputResponses`.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let responses = json!({"party": {"action": "decline"}}).as_object().unwrap().clone();
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("t", &json!({})))
    ///     .with_input_responses(responses);
    /// assert_eq!(dialog.round(), 0);
    /// ```
    #[must_use]
    pub fn with_input_responses(mut self, responses: Map<String, Value>) -> Self {
        self.responses = Some(responses);
        self
    }

    /// A 2026-07-28 retry's `requestState`.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("t", &json!({})))
    ///     .with_request_state("…");
    /// # let _ = dialog;
    /// ```
    #[must_use]
    pub fn with_request_state(mut self, state: impl Into<String>) -> Self {
        self.sealed = Some(state.into());
        self
    }

    /// The live connection a dialog asks on up to 2025-11-25.
    ///
    /// ```
    /// use elicit_core::dialog::{Connection, Dialog, Sending};
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::{Value, json};
    ///
    /// struct Declines;
    /// impl Connection for Declines {
    ///     fn request(&self, _: Value) -> Sending<'_, Value> { Box::pin(async { Ok(json!({"action": "decline"})) }) }
    ///     fn notify(&self, _: Value) -> Sending<'_, ()> { Box::pin(async { Ok(()) }) }
    /// }
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2025_11_25, Binding::tool("t", &json!({})))
    ///     .with_connection(Declines);
    /// assert!(dialog.is_live());
    /// ```
    #[must_use]
    pub fn with_connection(mut self, connection: impl Connection + 'static) -> Self {
        self.connection = Some(Arc::new(connection));
        self
    }

    /// Binds the state to `binding` instead of the call's own name and arguments: to leave
    /// out an argument that may change between the retries without changing the call (a
    /// client-side timestamp, say), or to bind a hand-written call.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// fn by_order(dialog: Dialog, order: u64) -> Dialog {
    ///     dialog.with_binding(Binding::tool("pay", &json!({"order": order})))
    /// }
    /// ```
    #[must_use]
    pub fn with_binding(mut self, binding: Binding) -> Self {
        self.binding = binding;
        self
    }

    /// Binds the state to `principal`, the person the call is made for (the user your
    /// authorization established, [`Principal::issuer_subject`] of its token): a state issued
    /// to one person and presented by another is refused, as any forgery is. Without it, the
    /// dialog binds its states to the caller as the transport identifies them, under the
    /// keys' [`PrincipalPolicy`] (see [`PrincipalPolicy::FromTransport`]). See the guide
    /// chapter [`state`](crate::guide::state).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::state::Principal;
    ///
    /// fn for_user(dialog: Dialog, issuer: &str, subject: &str) -> Dialog {
    ///     dialog.principal(Principal::issuer_subject(issuer, subject))
    /// }
    /// ```
    #[must_use]
    pub fn principal(mut self, principal: impl Into<String>) -> Self {
        self.principal = Some(principal.into());
        self
    }

    /// The caller the transport identified, for the SDK adapters: bound when the author names
    /// no principal and the keys' policy consults the transport.
    #[cfg_attr(not(any(feature = "rmcp", feature = "rust-mcp-sdk")), allow(dead_code))]
    pub(crate) fn with_caller(mut self, caller: Option<Principal>, verified: bool) -> Self {
        self.caller_verified = verified && caller.is_some();
        self.caller = caller;
        self
    }

    /// The server-wide settings this dialog seals, reads and asks with (its keys, the states'
    /// lifetime, the multi-select fallback, the replay guard): what a server gives once
    /// ([`DialogSettings`]). A `dialog: Dialog` argument of an rmcp tool has its server's
    /// already ([`with_dialogs`](crate::rmcp::with_dialogs)); a dialog made by hand takes them
    /// here.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, DialogSettings};
    ///
    /// fn for_my_server(dialog: Dialog, settings: &DialogSettings) -> Dialog {
    ///     dialog.with_settings(settings)
    /// }
    /// ```
    #[must_use]
    pub fn with_settings(mut self, settings: &DialogSettings) -> Self {
        self.settings = settings.clone();
        self
    }

    /// Opens each state once: a retry that presents a state already used (a replay of the
    /// same retry, within its expiry) is refused, as any forgery is. For a tool whose effect
    /// must happen once (a payment). The states used are remembered by the server's guard
    /// ([`DialogSettings::replay_guard`]: in this process by default, or in a store the
    /// instances share). Its states must expire: with
    /// [`DialogSettings::never_expires`] the dialog stops with `-32603` instead of sealing
    /// one. It also holds a question's [`attempts`](Ask::attempts) count of wrong answers
    /// to one chain of states (an older state sent again is refused), which without it a
    /// client can rewind; a client can still call again from the start, so neither is a limit
    /// on guesses (see the guide chapter [`state`](crate::guide::state)).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    ///
    /// fn pay(dialog: Dialog) -> Dialog {
    ///     dialog.once()
    /// }
    /// ```
    ///
    /// Each used state is charged to the person the call is made for, against the guard's
    /// allowance per person ([`MemoryReplayGuard::with_quota`](crate::state::MemoryReplayGuard::with_quota)):
    /// the dialog's [`principal`](Self::principal), or the caller the server's
    /// authentication established (a `Principal` an authorization layer put in the request,
    /// the SDK's validated token). Never to a credential nobody checked: with rmcp over HTTP
    /// without authorization, an `Authorization` header still binds the states (a client
    /// cannot move them to another), but any client can invent a new header for each call, so
    /// it charges nothing. A call with no such person is refused (`-32603`, naming what to
    /// do) unless the tool opts in with [`once_for_anyone`](Self::once_for_anyone).
    #[must_use]
    pub fn once(mut self) -> Self {
        self.once = Some(Once::PerPerson);
        self
    }

    /// As [`once`](Self::once), for a tool open to callers the server does not know: a used
    /// state is charged to the person where there is one, and otherwise to the tool, so that
    /// every anonymous caller of the tool shares one allowance of the guard (one client that
    /// uses it up refuses the others until its states expire, about ten minutes). Prefer
    /// authentication.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    ///
    /// fn vote(dialog: Dialog) -> Dialog {
    ///     dialog.once_for_anyone()
    /// }
    /// ```
    #[must_use]
    pub fn once_for_anyone(mut self) -> Self {
        self.once = Some(Once::Anyone);
        self
    }

    /// Runs the call's `body` with this dialog and answers the call: the body's result, or on
    /// 2026-07-28 the `InputRequiredResult` of the first unanswered question, or the JSON-RPC
    /// error the body stopped with ([`Halt::to_jsonrpc_error`]).
    ///
    /// `O` is what the handler returns ([`Respond`]): rmcp's `CallToolResponse` or
    /// `GetPromptResponse` with the `rmcp` feature, or a JSON `Value`.
    ///
    /// # Errors
    /// `-32602` when the retry's `requestState` is refused or its rounds do not match the
    /// body's questions; otherwise the error the body stopped with.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use elicit_core::Elicit;
    /// use serde_json::{Value, json};
    ///
    /// /// How many people?
    /// #[derive(Elicit)]
    /// struct Party { size: u8 }
    ///
    /// # tokio::runtime::Runtime::new().unwrap().block_on(async {
    /// // A hand-written 2026-07-28 server: the first call asks the form.
    /// let params = json!({"name": "book", "_meta": {"io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}});
    /// let dialog = Dialog::from_params("tools/call", &params, ProtocolVersion::V2026_07_28).unwrap();
    /// let result: Value = dialog
    ///     .run(|d| async move { Ok(format!("Table for {:?}", d.ask::<Party>("party").await?.accepted().map(|p| p.size))) })
    ///     .await
    ///     .unwrap();
    /// assert_eq!(result["resultType"], "input_required");
    /// assert_eq!(result["inputRequests"]["party"]["params"]["message"], "How many people?");
    /// # });
    /// ```
    pub async fn run<O, T, F, Fut>(self, body: F) -> Result<O, O::Error>
    where
        F: FnOnce(Self) -> Fut,
        Fut: Future<Output = Result<T, Halt>>,
        O: Respond<T>,
    {
        let dialog = match self.open().await {
            Ok(dialog) => dialog,
            Err(halt) => return Err(O::halted(halt)),
        };
        match body(dialog).await {
            Ok(done) => O::done(done),
            Err(Halt::InputRequired(result)) => O::input_required(*result),
            Err(Halt::Reply(reply)) => O::reply(reply),
            Err(halt) => Err(O::halted(halt)),
        }
    }

    /// Opens the retry's state, if any.
    async fn open(self) -> Result<Self, Halt> {
        let mut progress = Progress::default();
        if !self.is_live()
            && let Some(tool) = &self.unseen_arguments
        {
            return Err(Halt::internal(format!(
                "the dialog of tool `{tool}` cannot see the call's arguments, so its request state could not be bound to them: an argument declared before `dialog: Dialog` took them (rmcp's `Parameters` or `JsonObject`); declare the dialog first"
            )));
        }
        if !self.is_live() {
            if let Some(sealed) = &self.sealed {
                let ring = self.ring()?;
                let binding = self.bound(ring);
                progress.memory = match self.once {
                    Some(once) => {
                        let owner = self.charged(once, &binding)?;
                        let guard = self.settings.guard();
                        ring.open_once_charged::<Memory>(sealed, &binding, guard.as_ref(), owner)
                            .await?
                    }
                    None => ring.open::<Memory>(sealed, &binding)?,
                };
                progress.resumed = true;
            }
            progress.pending = Some(progress.memory.rounds.len());
        }
        *self.lock() = progress;
        Ok(self)
    }

    /// Whom the uses of this call's states are charged to: the person its authentication (or
    /// its author) established, or, where the tool opted in, the tool.
    fn charged(&self, once: Once, binding: &Binding) -> Result<Owner, Halt> {
        let verified = self.principal.is_some() || self.caller_verified;
        match (verified && binding.has_principal(), once) {
            (true, _) => Ok(binding.principal_owner()),
            (false, Once::Anyone) => Ok(binding.tool_owner()),
            (false, Once::PerPerson) => Err(Halt::internal(
                "this tool opens each request state once, charging each use to the person who calls it, and this call names nobody the server's authentication established: serve it behind authorization (an rmcp layer that puts a `Principal` in the request), give the dialog a principal (`Dialog::principal`), or opt in with `Dialog::once_for_anyone` (every anonymous caller then shares one allowance)",
            )),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The binding states are sealed for: the call, and the principal when there is one
    /// (the author's, or else the transport's where the keys' policy consults it).
    fn bound(&self, ring: &StateKeys) -> Binding {
        let caller = match ring.principal_policy() {
            PrincipalPolicy::Optional => None,
            _ => self.caller.as_ref().map(Principal::as_str),
        };
        match self.principal.as_deref().or(caller) {
            Some(principal) => self.binding.clone().with_principal(principal),
            None => self.binding.clone(),
        }
    }

    /// The keys the dialog seals with: the server's, or the ones drawn for this process.
    fn ring(&self) -> Result<&StateKeys, Halt> {
        match &self.settings.keys {
            Some(keys) => Ok(keys),
            None => process_keys()
                .as_ref()
                .map_err(|error| Halt::internal(error.clone())),
        }
    }

    /// Whether this call speaks 2025-11-25 or earlier: each question is an
    /// `elicitation/create` on the live connection, and no state is sealed.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// fn generation(dialog: &Dialog) -> &'static str {
    ///     if dialog.is_live() { "elicitation/create" } else { "InputRequiredResult" }
    /// }
    /// ```
    pub fn is_live(&self) -> bool {
        !self.version.uses_input_required()
    }

    /// Whether this call came with a `requestState` that opened (a 2026-07-28 retry): the
    /// answers of earlier rounds are this server's, for this call, in time.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// fn retried(dialog: &Dialog) -> bool { dialog.is_resumed() }
    /// ```
    pub fn is_resumed(&self) -> bool {
        self.lock().resumed
    }

    /// The protocol revision of this call.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2025_06_18, Binding::tool("t", &serde_json::json!({})));
    /// assert_eq!(dialog.version(), ProtocolVersion::V2025_06_18);
    /// ```
    pub fn version(&self) -> ProtocolVersion {
        self.version
    }

    /// The call the state is bound to.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::tool("book", &json!({"table": 4}));
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, binding.clone());
    /// assert_eq!(dialog.binding(), &binding);
    /// ```
    pub fn binding(&self) -> &Binding {
        &self.binding
    }

    /// The name of the tool (or prompt) this dialog serves a call of, where the call said it
    /// (every SDK adapter and [`from_params`](Self::from_params) set it): what a question for
    /// a call's missing arguments names ([`Asked`]).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use serde_json::json;
    ///
    /// let params = json!({"name": "book", "arguments": {}});
    /// let dialog = Dialog::from_params("tools/call", &params, ProtocolVersion::V2026_07_28).unwrap();
    /// assert_eq!(dialog.name(), Some("book"));
    /// ```
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Names the tool (or prompt) this dialog serves a call of ([`name`](Self::name)).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ProtocolVersion;
    /// use elicit_core::state::Binding;
    /// use serde_json::json;
    ///
    /// let dialog = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("book", &json!({}))).with_name("book");
    /// assert_eq!(dialog.name(), Some("book"));
    /// ```
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The capabilities the client declared (JSON `null` when it declared none).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// fn samples(dialog: &Dialog) -> bool {
    ///     dialog.client_capabilities().get("sampling").is_some()
    /// }
    /// ```
    pub fn client_capabilities(&self) -> &Value {
        &self.capabilities
    }

    /// The elicitation modes the client declared.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::ElicitMode;
    ///
    /// fn can_show_forms(dialog: &Dialog) -> bool {
    ///     dialog.elicitation().supports(ElicitMode::Form)
    /// }
    /// ```
    pub fn elicitation(&self) -> ElicitationSupport {
        if self.capabilities.is_null() {
            return ElicitationSupport::NONE;
        }
        ElicitationSupport::from_client_capabilities(&self.capabilities)
            .unwrap_or(ElicitationSupport::NONE)
    }

    /// Whether the client declared `mode`: check it before asking, to answer a client that
    /// cannot be asked some other way (a default, or a result saying what is needed) instead
    /// of the `-32021` error [`ask`](Self::ask) would stop with.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
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

    /// Whether `request` can be asked of this client as it is: it declared the request's
    /// mode, and the call's revision can express it (2025-06-18 has no multi-select and no
    /// URL mode). Check it to choose a fallback before asking; [`ask_form`](Self::ask_form)
    /// stops with the same error.
    ///
    /// # Errors
    /// [`Halt::Unsupported`] for a mode the client did not declare, [`Halt::Render`] for
    /// what the revision cannot express.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::protocol::{ElicitRequest, ProtocolVersion};
    /// use elicit_core::state::Binding;
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit)]
    /// enum Topping { Cheese, Olives }
    ///
    /// /// Build your pizza
    /// #[derive(Elicit)]
    /// struct Pizza { toppings: Vec<Topping> }
    ///
    /// let old = Dialog::new(ProtocolVersion::V2025_06_18, Binding::tool("t", &json!({})))
    ///     .with_client_capabilities(json!({"elicitation": {}}));
    /// assert!(old.fits(&ElicitRequest::form::<Pizza>()).is_err());
    /// ```
    pub fn fits(&self, request: &ElicitRequest) -> Result<(), Halt> {
        self.elicitation().check(request)?;
        self.render(request).map(drop)
    }

    /// The params of `request` for this call's revision.
    fn render(&self, request: &ElicitRequest) -> Result<Value, Halt> {
        request
            .render_with(self.version, self.settings.fallback)
            .map_err(Halt::from)
    }

    /// The round the next question is: on 2026-07-28, how many questions of this call were
    /// answered before it.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// fn first(dialog: &Dialog) -> bool { dialog.round() == 0 }
    /// ```
    pub fn round(&self) -> usize {
        self.lock().cursor
    }

    /// A value of your own, kept for the rest of the call: `make` runs on the call's first
    /// attempt, and on 2026-07-28 the value rides in the sealed state, so each retry gets
    /// the same value back (a generated id, a price quoted once, the options a form offered).
    /// Keep it small: it travels with every retry.
    ///
    /// # Errors
    /// `-32603` when the value does not write as JSON, or the kept one no longer reads as a
    /// `V`.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
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
            // Where and what kind, not serde's message: it would quote the kept value.
            return V::deserialize(kept).map_err(|error| {
                Halt::internal(format!(
                    "the value kept as `{name}` no longer reads: {}",
                    JsonFault::from(&error)
                ))
            });
        }
        let value = make();
        if !self.is_live() {
            let json = serde_json::to_value(&value).map_err(|error| {
                Halt::internal(format!(
                    "the value to keep as `{name}` does not write as JSON: {error}"
                ))
            })?;
            self.lock().memory.kept.insert(name.to_owned(), json);
        }
        Ok(value)
    }

    /// Tells the client that the URL interaction it was sent to (under `elicitation_id`) is
    /// complete: `notifications/elicitation/complete` on 2025-11-25. On 2026-07-28 there is
    /// no such notification (the client's retry is the completion), so this does nothing.
    ///
    /// # Errors
    /// [`Halt::Render`] on 2025-06-18, which has no URL mode; a failure of the connection.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    ///
    /// async fn paid(d: &Dialog, payment: &str) -> Result<(), Halt> {
    ///     d.complete_url(payment).await
    /// }
    /// ```
    pub async fn complete_url(&self, elicitation_id: &str) -> Result<(), Halt> {
        if !self.version.has_url_mode() {
            return Err(Halt::Render(RenderError::UrlMode {
                version: self.version,
            }));
        }
        if !self.version.has_completion_notification() {
            return Ok(());
        }
        let notification = crate::protocol::ElicitationComplete::new(elicitation_id)
            .map_err(|error| Halt::internal(error.to_string()))?;
        self.connection()?.notify(notification.to_jsonrpc()).await
    }

    /// The connection to ask on (up to 2025-11-25).
    fn connection(&self) -> Result<&Arc<dyn Connection>, Halt> {
        self.connection.as_ref().ok_or_else(|| {
            Halt::internal(format!(
                "protocol revision {} asks on the live connection, and this dialog was given none",
                self.version
            ))
        })
    }

    /// The recorded answer of this round, when an earlier attempt recorded it (and moves to
    /// the next round).
    ///
    /// # Errors
    /// `-32602` when the recorded round asked another key: the body no longer asks what it
    /// asked when the state was sealed.
    fn replay(&self, key: &str) -> Result<Option<Round>, Halt> {
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
            let mut data = Map::new();
            data.insert("requestState".to_owned(), Value::from("diverged"));
            return Err(Halt::Error(crate::protocol::JsonRpcError {
                code: crate::protocol::JsonRpcError::INVALID_PARAMS,
                message,
                data: Some(Value::Object(data)),
            }));
        }
        let round = round.clone();
        progress.cursor += 1;
        Ok(Some(round))
    }

    /// Forgets the round just replayed and every later one, to ask it again: what was
    /// offered then is not what the body offers now.
    fn rewind(&self) {
        let mut progress = self.lock();
        let cursor = progress.cursor.saturating_sub(1);
        progress.memory.rounds.truncate(cursor);
        progress.memory.tries = 0;
        progress.memory.correction = None;
        progress.memory.offer = None;
        // Dropped rounds and corrections wipe themselves; the partial answers are wiped here.
        wipe_values(&mut progress.memory.partial);
        progress.memory.partial.clear();
        progress.memory.offers.clear();
        progress.cursor = cursor;
        progress.pending = None;
    }

    /// `inputResponses`, when they answer the current round (once).
    fn take_answers(&self) -> Option<Map<String, Value>> {
        let mut progress = self.lock();
        if progress.pending != Some(progress.cursor) {
            return None;
        }
        progress.pending = None;
        self.responses.clone()
    }

    /// This round's entry of `inputResponses`, when they answer this round.
    fn take_answer(&self, key: &str) -> Option<Value> {
        self.take_answers()
            .and_then(|mut responses| responses.remove(key))
    }

    /// Records the answer of the current round.
    fn record(&self, round: Round) {
        let mut progress = self.lock();
        progress.fresh = Some(round.key.clone());
        progress.memory.rounds.push(round);
        progress.memory.tries = 0;
        progress.memory.correction = None;
        progress.memory.offer = None;
        wipe_values(&mut progress.memory.partial);
        progress.memory.partial.clear();
        progress.memory.offers.clear();
        progress.cursor += 1;
    }

    /// Stops to ask `requests`, with the state sealed: the `InputRequiredResult` of this
    /// attempt, or the error that prevents it.
    fn suspend(&self, requests: Vec<(String, InputRequest)>, answered: Option<&str>) -> Halt {
        let ring = match self.ring() {
            Ok(ring) => ring,
            Err(halt) => return halt,
        };
        if self.once.is_some() && matches!(self.settings.expiry, Expiry::Never) {
            return Halt::internal(
                "a dialog opened once seals states that expire: `once` and `never_expires` do not go together",
            );
        }
        if let Some(once) = self.once {
            // Refused before the state is sealed: its retry would be.
            if let Err(halt) = self.charged(once, &self.bound(ring)) {
                return halt;
            }
        }
        let binding = self.bound(ring);
        let progress = self.lock();
        let sealed = match self.settings.expiry {
            Expiry::Ring => ring.seal(&progress.memory, &binding),
            Expiry::After(ttl) => ring.seal_for(&progress.memory, &binding, ttl),
            Expiry::Never => ring.seal_without_expiry(&progress.memory, &binding),
        };
        let sealed = match sealed {
            Ok(sealed) => sealed,
            Err(SealError::TooLarge { length }) => {
                // The server's own data (what the body keeps with `remember`) alone too large
                // is the server's error, whatever the client answered.
                let mut own = Memory::default();
                own.kept.clone_from(&progress.memory.kept);
                if ring.sealed_len(&own).is_ok_and(|own| own > MAX_SEALED_LEN) {
                    let names: Vec<&str> =
                        progress.memory.kept.keys().map(String::as_str).collect();
                    return Halt::internal(format!(
                        "the values the tool keeps with `remember` ({}) would make the request state {length} bytes long, over the protocol's limit of {MAX_SEALED_LEN}: keep less",
                        names.join(", ")
                    ));
                }
                // Only what was checked is kept: an answer makes the state this large only
                // when its checked content is (a long text with no `max_length`, say).
                let what = answered.or(progress.fresh.as_deref()).map_or_else(
                    || "the answers of this call".to_owned(),
                    |key| format!("the answer to `{key}`"),
                );
                return Halt::invalid_params(format!(
                    "{what} would make the request state {length} bytes long, over the protocol's limit of {MAX_SEALED_LEN}: answer with less"
                ));
            }
            Err(error) => {
                return Halt::internal(format!("the request state could not be sealed: {error}"));
            }
        };
        let mut result = InputRequiredResult::state_only(sealed);
        for (key, request) in requests {
            result = result.with_request(key, request);
        }
        Halt::InputRequired(Box::new(result))
    }

    /// Stops to ask `request` under `key`, after checking the client can be asked it.
    fn suspend_one(&self, key: &str, request: ElicitRequest, answered: Option<&str>) -> Halt {
        if let Err(halt) = self.fits(&request) {
            return halt;
        }
        self.suspend(
            vec![(key.to_owned(), InputRequest::Elicit(request))],
            answered,
        )
    }
}

/// The keys a dialog seals with when it is given none: drawn from the operating system the
/// first time a dialog needs them, the same for the rest of the process.
fn process_keys() -> &'static Result<StateKeys, String> {
    static KEYS: OnceLock<Result<StateKeys, String>> = OnceLock::new();
    // Drawn by `StateKeys::generate`, which wipes the secret once the keys are derived.
    KEYS.get_or_init(|| StateKeys::generate().map_err(|error| error.to_string()))
}

/// The answer kept for an answered form: its action, and the content its form read.
fn kept_result(result: &ElicitResult, content: Option<Map<String, Value>>) -> Value {
    let mut map = Map::new();
    map.insert("action".to_owned(), Value::from(result.action.as_str()));
    if let Some(content) = content {
        map.insert("content".to_owned(), Value::Object(content));
    }
    Value::Object(map)
}
