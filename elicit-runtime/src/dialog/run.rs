//! Running a call's body ([`Dialog::run`](super::Dialog::run)): the state opened, its keys,
//! its binding and whom its uses are charged to, then the body, and the call answered with
//! how it ended.

use std::future::Future;
use std::sync::{MutexGuard, OnceLock, PoisonError};

use crate::state::{Binding, Owner, Principal, PrincipalPolicy, StateKeys};

use super::memory::{Memory, Progress};
use super::{Dialog, Halt, Once, Respond};

impl Dialog {
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
    pub(super) async fn open(self) -> Result<Self, Halt> {
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
    pub(super) fn charged(&self, once: Once, binding: &Binding) -> Result<Owner, Halt> {
        let verified = self.principal.is_some() || self.caller_verified;
        match (verified && binding.has_principal(), once) {
            (true, _) => Ok(binding.principal_owner()),
            (false, Once::Anyone) => Ok(binding.tool_owner()),
            (false, Once::PerPerson) => Err(Halt::internal(
                "this tool opens each request state once, charging each use to the person who calls it, and this call names nobody the server's authentication established: serve it behind authorization (an rmcp layer that puts a `Principal` in the request), give the dialog a principal (`Dialog::principal`), or opt in with `Dialog::once_for_anyone` (every anonymous caller then shares one allowance)",
            )),
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The binding states are sealed for: the call, and the principal when there is one
    /// (the author's, or else the transport's where the keys' policy consults it).
    pub(super) fn bound(&self, ring: &StateKeys) -> Binding {
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
    pub(super) fn ring(&self) -> Result<&StateKeys, Halt> {
        match &self.settings.keys {
            Some(keys) => Ok(keys),
            None => process_keys()
                .as_ref()
                .map_err(|error| Halt::internal(error.clone())),
        }
    }
}

/// The keys a dialog seals with when it is given none: drawn from the operating system the
/// first time a dialog needs them, the same for the rest of the process.
fn process_keys() -> &'static Result<StateKeys, String> {
    static KEYS: OnceLock<Result<StateKeys, String>> = OnceLock::new();
    // Drawn by `StateKeys::generate`, which wipes the secret once the keys are derived.
    KEYS.get_or_init(|| StateKeys::generate().map_err(|error| error.to_string()))
}
