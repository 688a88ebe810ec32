//! What rmcp's model cannot write of a 2026-07-28 form, written anyway: [`ExactWire`].

use std::borrow::Cow;

use ::rmcp::model::{self as m, ProtocolVersion as Version};
use ::rmcp::service::{NotificationContext, RequestContext, Service};
use ::rmcp::{ErrorData, RoleServer};
use serde_json::Value;

/// The exact `inputRequests` entry a dialog rendered, carried beside rmcp's reading of it in
/// the request's extensions (never serialized) for [`ExactWire`] to put on the wire.
#[derive(Debug, Clone)]
pub(super) struct ExactEntry(pub(super) Value);

/// An rmcp server whose 2026-07-28 `InputRequiredResult`s carry each form exactly as elicit
/// renders it.
///
/// On 2026-07-28 a [`Dialog`](crate::dialog::Dialog) answers a call with rmcp's
/// `InputRequiredResult`, written in rmcp's model, which writes a URL request's absent
/// `elicitationId` as `""` (the revision has no such field) and cannot hold an integer bound
/// beyond `i64` or a length beyond `u32`. Wrapped in `ExactWire`, the server sends each entry
/// a dialog asked as elicit rendered it: no `elicitationId`, every bound. Everything else
/// passes through untouched. Without it the forms still work (clients ignore the empty id;
/// the typed parser enforces every bound): wrap the server to send exactly what the
/// revision defines. (rmcp's own client reads results into the same model: it cannot read a
/// bound beyond `i64` either, which a form has only when it widens a 64-bit field's range
/// past I-JSON's by hand.)
///
/// ```
/// use elicit_core::rmcp::ExactWire;
/// use rmcp::{ServerHandler, ServiceExt};
///
/// #[derive(Clone)]
/// struct Shop;
/// impl ServerHandler for Shop {}
///
/// async fn serve() -> Result<(), Box<dyn std::error::Error>> {
///     let running = ExactWire(Shop).serve(rmcp::transport::stdio()).await?;
///     running.waiting().await?;
///     Ok(())
/// }
/// # let _ = serve;
/// ```
#[derive(Debug, Clone)]
pub struct ExactWire<S>(pub S);

impl<S: Service<RoleServer>> Service<RoleServer> for ExactWire<S> {
    async fn handle_request(
        &self,
        request: m::ClientRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<m::ServerResult, ErrorData> {
        let result = self.0.handle_request(request, context).await?;
        Ok(match result {
            m::ServerResult::InputRequiredResult(result) => exact(result),
            other => other,
        })
    }

    async fn handle_notification(
        &self,
        notification: m::ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.0.handle_notification(notification, context).await
    }

    fn get_info(&self) -> m::ServerConfig {
        self.0.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [Version]> {
        self.0.supported_protocol_versions()
    }
}

/// The result with each entry a dialog rendered as it rendered it; as it is when none was.
fn exact(result: m::InputRequiredResult) -> m::ServerResult {
    let exact: Vec<(String, Value)> = result
        .input_requests
        .iter()
        .flatten()
        .filter_map(|(key, request)| match request {
            m::InputRequest::Elicitation(request) => request
                .extensions
                .get::<ExactEntry>()
                .map(|entry| (key.clone(), entry.0.clone())),
            _ => None,
        })
        .collect();
    if exact.is_empty() {
        return m::ServerResult::InputRequiredResult(result);
    }
    let Ok(mut value) = serde_json::to_value(&result) else {
        return m::ServerResult::InputRequiredResult(result);
    };
    if let Some(requests) = value.get_mut("inputRequests").and_then(Value::as_object_mut) {
        for (key, entry) in exact {
            requests.insert(key, entry);
        }
    }
    m::ServerResult::CustomResult(m::CustomResult::new(value))
}
