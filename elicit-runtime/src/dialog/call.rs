//! What the call is and what its client can be asked: its revision, its binding, whether it
//! is live, the client's capabilities, and the one connection a live call asks on.

use std::sync::Arc;

use serde_json::Value;

use crate::protocol::{
    ElicitMode, ElicitRequest, ElicitationSupport, ProtocolVersion, RenderError,
};
use crate::state::Binding;

use super::{Connection, Dialog, Halt};

impl Dialog {
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
    /// a call's missing arguments names ([`Asked`](super::Asked)).
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
    pub(super) fn render(&self, request: &ElicitRequest) -> Result<Value, Halt> {
        request
            .render_with(self.version, self.settings.fallback)
            .map_err(Halt::from)
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
    pub(super) fn connection(&self) -> Result<&Arc<dyn Connection>, Halt> {
        self.connection.as_ref().ok_or_else(|| {
            Halt::internal(format!(
                "protocol revision {} asks on the live connection, and this dialog was given none",
                self.version
            ))
        })
    }
}
