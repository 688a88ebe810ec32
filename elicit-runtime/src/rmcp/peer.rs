//! `elicitation/create` from an rmcp server: the extension trait on `Peer<RoleServer>`.

use std::future::Future;
use std::pin::Pin;

use ::rmcp::model::{CustomNotification, CustomRequest, ServerNotification, ServerRequest};
use ::rmcp::{Peer, RoleServer, ServiceError};

use super::convert::protocol_version;
use crate::dialog::Halt;
use crate::dialog::refuse_secret;
use crate::protocol::{
    ElicitAction, ElicitRequest, ElicitResult, ElicitationComplete, ElicitationSupport,
    MessageError, ProtocolVersion, RenderError, UrlRequest,
};
use crate::{Elicit, ElicitOutcome, Form, FormMode, IntoForm};

/// The future each form method of [`PeerElicitExt`] returns: the typed outcome, or the
/// [`Halt`] that stopped it. (Boxed, so that a form that cannot be asked in form mode is one
/// error where it is asked, not one for the method and one for its future.)
///
/// ```
/// use elicit_core::rmcp::{PeerElicitExt, PeerFuture};
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::{Peer, RoleServer};
///
/// /// Proceed?
/// #[derive(Elicit)]
/// struct Proceed { proceed: bool }
///
/// fn ask(peer: &Peer<RoleServer>) -> PeerFuture<'_, ElicitOutcome<Proceed>> {
///     peer.elicit_form::<Proceed>()
/// }
/// ```
pub type PeerFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, Halt>> + Send + 'a>>;

/// The completion notification's method.
const NOTIFICATION: &str = "notifications/elicitation/complete";

/// Typed elicitation on rmcp's server peer (`ctx.peer` in a tool), for protocol revisions
/// up to 2025-11-25, where the server sends `elicitation/create` to the client.
///
/// Each method checks the capabilities the client declared in `initialize` first (and sends
/// nothing when the mode is missing), writes the request for the negotiated revision with the fields in
/// declaration order, waits for the answer (there is no timeout: a person is filling in a
/// form), and reads it.
///
/// On 2026-07-28 a server may not send requests, and rmcp refuses with
/// an internal error: ask through a [`Dialog`](crate::dialog::Dialog), which picks the
/// right path, or return [`form_input_required`](super::form_input_required).
///
/// ```
/// use elicit_core::rmcp::PeerElicitExt;
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::{ErrorData, Peer, RoleServer};
///
/// /// Delete the branch?
/// #[derive(Elicit)]
/// struct Confirm {
///     /// Also delete it on the remote
///     remote: bool,
/// }
///
/// async fn confirm(peer: &Peer<RoleServer>, branch: &str) -> Result<bool, ErrorData> {
///     let prompt = format!("Delete the branch {branch}?");
///     let outcome = peer.elicit_form_with::<Confirm>(prompt).await?; // every error → ErrorData
///     Ok(matches!(outcome, ElicitOutcome::Accepted(_)))
/// }
/// ```
pub trait PeerElicitExt {
    /// Asks for `T`'s form, prompted with `T::message()` (its doc comment).
    ///
    /// # Errors
    /// A [`Halt`], as a dialog's: [`Halt::Unsupported`] when the client did not declare form
    /// mode (nothing is sent), [`Halt::Render`] when the negotiated revision cannot express
    /// the form, [`Halt::Error`] when rmcp gets no answer (the client's own JSON-RPC error as
    /// it is, an internal one for a failed transport), [`Halt::Invalid`] (every field's error)
    /// when the accepted content does not fit `T`, [`Halt::Malformed`] for an answer that
    /// is not an `ElicitResult`.
    fn elicit_form<T: Elicit + FormMode + Send + 'static>(
        &self,
    ) -> PeerFuture<'_, ElicitOutcome<T>>;

    /// Asks for `T`'s form with this prompt.
    ///
    /// # Errors
    /// As [`elicit_form`](Self::elicit_form).
    fn elicit_form_with<T: Elicit + FormMode + Send + 'static>(
        &self,
        message: impl Into<String> + Send,
    ) -> PeerFuture<'_, ElicitOutcome<T>>;

    /// Asks for a form shaped at run time (a derived form's builder, `T::form()…`, or any
    /// [`Form`](crate::Form)): its prompt and schema as given, its answer read against exactly what it
    /// offered, then through its checks.
    ///
    /// # Errors
    /// [`Halt::Shape`] when the builder contradicts itself (nothing is sent), then as
    /// [`elicit_form`](Self::elicit_form).
    ///
    /// ```
    /// use elicit_core::rmcp::PeerElicitExt;
    /// use elicit_core::{Elicit, ElicitOutcome};
    /// use rmcp::{ErrorData, Peer, RoleServer};
    ///
    /// /// Pick a colour
    /// #[derive(Elicit)]
    /// struct Pick {
    ///     #[elicit(options)]
    ///     colour: String,
    /// }
    ///
    /// async fn pick(peer: &Peer<RoleServer>, in_stock: Vec<String>) -> Result<Option<String>, ErrorData> {
    ///     let form = Pick::form().colour(|f| f.options(in_stock));
    ///     Ok(peer.elicit_form_of(form).await?.accepted().map(|pick| pick.colour))
    /// }
    /// ```
    fn elicit_form_of<T: FormMode + Send + 'static>(
        &self,
        form: impl IntoForm<T> + Send,
    ) -> PeerFuture<'_, ElicitOutcome<T>>;

    /// Asks the user to open a URL (for anything sensitive: credentials, payments, OAuth).
    /// `accept` only means the user agreed to open it. (Named so as not to clash with rmcp's
    /// own `Peer::elicit_url`.)
    ///
    /// # Errors
    /// [`Halt::Unsupported`] when the client did not declare URL mode,
    /// [`Halt::Render`] when the negotiated revision has no URL mode (2025-06-18),
    /// [`Halt::Error`] and [`Halt::Malformed`] as for [`elicit_form`](Self::elicit_form).
    fn elicit_url_request(
        &self,
        request: UrlRequest,
    ) -> impl Future<Output = Result<ElicitAction, Halt>> + Send;

    /// Sends any request and returns the client's answer, untyped (content checked by
    /// nobody: see [`RequestedSchema::validate`](crate::schema::RequestedSchema::validate)).
    ///
    /// # Errors
    /// As [`elicit_form`](Self::elicit_form), except [`Halt::Invalid`].
    fn elicit_request(
        &self,
        request: &ElicitRequest,
    ) -> impl Future<Output = Result<ElicitResult, Halt>> + Send;

    /// Tells the client that the URL interaction it was sent to (under `elicitation_id`) is
    /// complete: `notifications/elicitation/complete`, which only 2025-11-25 has (2025-06-18
    /// has no URL mode; on 2026-07-28 the client's retry is the completion).
    ///
    /// # Errors
    /// [`Halt::Render`] on a revision without the notification, or for an empty id;
    /// [`Halt::Error`] when rmcp cannot send it.
    ///
    /// ```
    /// use elicit_core::rmcp::PeerElicitExt;
    /// use rmcp::{Peer, RoleServer};
    ///
    /// async fn paid(peer: &Peer<RoleServer>, payment: &str) -> Result<(), elicit_core::dialog::Halt> {
    ///     peer.notify_url_complete(payment).await
    /// }
    /// ```
    fn notify_url_complete(
        &self,
        elicitation_id: &str,
    ) -> impl Future<Output = Result<(), Halt>> + Send;

    /// The elicitation modes the client declared in `initialize` (none when the peer has no
    /// client info, as in a 2026-07-28 session, where capabilities come with each request).
    fn elicitation_support(&self) -> ElicitationSupport;

    /// The revision whose rules apply to this session (2025-11-25 when the peer has no
    /// client info); see [`protocol_version`](super::protocol_version).
    fn elicitation_version(&self) -> ProtocolVersion;
}

impl PeerElicitExt for Peer<RoleServer> {
    fn elicit_form<T: Elicit + FormMode + Send + 'static>(
        &self,
    ) -> PeerFuture<'_, ElicitOutcome<T>> {
        self.elicit_form_of(Form::<T>::new())
    }

    fn elicit_form_with<T: Elicit + FormMode + Send + 'static>(
        &self,
        message: impl Into<String> + Send,
    ) -> PeerFuture<'_, ElicitOutcome<T>> {
        self.elicit_form_of(Form::<T>::new().message(message))
    }

    fn elicit_form_of<T: FormMode + Send + 'static>(
        &self,
        form: impl IntoForm<T> + Send,
    ) -> PeerFuture<'_, ElicitOutcome<T>> {
        let form = form.into_form();
        Box::pin(async move {
            let form = form?;
            refuse_secret("", &form).map_err(Halt::Reply)?;
            // Asked, and read, as the client's revision can send it.
            let form = form.for_revision(self.elicitation_version());
            let result = self.elicit_request(&form.request()).await?;
            form.outcome(&result)
                .map_err(|error| Halt::from_outcome("", error))
        })
    }

    async fn elicit_url_request(&self, request: UrlRequest) -> Result<ElicitAction, Halt> {
        let result = self.elicit_request(&ElicitRequest::Url(request)).await?;
        Ok(result.action)
    }

    async fn elicit_request(&self, request: &ElicitRequest) -> Result<ElicitResult, Halt> {
        // No client info: a 2026-07-28 session (capabilities come with each request, and
        // rmcp refuses server-to-client requests there, saying what to do instead).
        if self.peer_info().is_some() {
            self.elicitation_support().check(request)?;
        }
        // Sent as the JSON the revision's rules render, so the form reaches the client
        // exactly (rmcp's model has no `pattern`); the answer is read from its JSON, so a
        // malformed one is named precisely.
        let params = request.render(self.elicitation_version())?;
        let request =
            ServerRequest::CustomRequest(CustomRequest::new("elicitation/create", Some(params)));
        let result = self.send_request(request).await.map_err(service_failed)?;
        let answer = serde_json::to_value(&result)
            .map_err(|error| Halt::malformed("", MessageError::invalid("", error)))?;
        ElicitResult::from_value(&answer).map_err(|error| Halt::malformed("", error))
    }

    async fn notify_url_complete(&self, elicitation_id: &str) -> Result<(), Halt> {
        let version = self.elicitation_version();
        if !version.has_completion_notification() {
            return Err(Halt::Render(RenderError::NoCompletion { version }));
        }
        let notification = ElicitationComplete::new(elicitation_id)
            .map_err(|_| Halt::Render(RenderError::MissingElicitationId { version }))?;
        let message = notification.to_jsonrpc();
        let notification = ServerNotification::CustomNotification(CustomNotification::new(
            NOTIFICATION,
            message.get("params").cloned(),
        ));
        self.send_notification(notification)
            .await
            .map_err(service_failed)
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        self.peer_info().map_or(ElicitationSupport::NONE, |info| {
            ElicitationSupport::from(&info.capabilities)
        })
    }

    fn elicitation_version(&self) -> ProtocolVersion {
        self.peer_info()
            .map_or(ProtocolVersion::V2025_11_25, |info| {
                protocol_version(&info.protocol_version)
            })
    }
}

/// A request or notification rmcp could not carry through: the client's own JSON-RPC error as
/// it is; rmcp's refusal to send (2026-07-28 forbids server-to-client requests) or a failed
/// transport as an internal error.
pub(super) fn service_failed(error: ServiceError) -> Halt {
    match error {
        ServiceError::McpError(data) => Halt::from(data),
        error => Halt::internal(format!("the elicitation request failed: {error}")),
    }
}
