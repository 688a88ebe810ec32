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
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Map, Value};

use crate::protocol::{MessageError, ProtocolVersion};
use crate::state::{Binding, Principal, StateKeys};

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
#[cfg(feature = "url-forms")]
mod ask_url_form;
mod call;
mod connection;
mod gather;
mod halt;
mod memory;
mod offer;
mod reask;
mod replay;
mod reply;
mod respond;
mod run;
mod settings;

pub use self::arguments::{ARGUMENTS_KEY, Asked};
#[cfg_attr(not(feature = "rmcp"), allow(unused_imports))]
pub(crate) use self::ask::refuse_secret;
pub use self::ask::{Ask, OrReply};
#[cfg(feature = "url-forms")]
pub use self::ask_url_form::AskUrl;
pub use self::connection::{Connection, Sending};
pub use self::gather::{Gathered, Inputs};
pub use self::halt::Halt;
use self::memory::Progress;
pub(crate) use self::offer::offer_digest;
pub use self::reply::Reply;
pub use self::respond::Respond;
pub use self::settings::DialogSettings;
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
    /// keys' [`PrincipalPolicy`](crate::state::PrincipalPolicy) (see [`PrincipalPolicy::FromTransport`](crate::state::PrincipalPolicy::FromTransport)). See the guide
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
}
