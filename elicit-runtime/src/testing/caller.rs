//! Who the kit's client is to an rmcp server: [`Caller`], the server wrapped so that every
//! request it handles carries the principal the client signed in as
//! ([`TestClient::signed_in_as`](super::TestClient::signed_in_as)).

use std::borrow::Cow;

use ::rmcp::model as m;
use ::rmcp::service::{NotificationContext, RequestContext};
use ::rmcp::{ErrorData, RoleServer, Service};

use crate::state::Principal;

/// An rmcp server, each of whose requests and notifications carries `principal` in its
/// context's extensions: where an authorization layer of the server's HTTP stack puts it,
/// and where a [`Dialog`](crate::dialog::Dialog) reads the caller from.
pub(super) struct Caller<S> {
    pub(super) server: S,
    pub(super) principal: Option<Principal>,
}

impl<S: Service<RoleServer>> Service<RoleServer> for Caller<S> {
    async fn handle_request(
        &self,
        request: m::ClientRequest,
        mut context: RequestContext<RoleServer>,
    ) -> Result<m::ServerResult, ErrorData> {
        if let Some(principal) = &self.principal {
            context.extensions.insert(principal.clone());
        }
        self.server.handle_request(request, context).await
    }

    async fn handle_notification(
        &self,
        notification: m::ClientNotification,
        mut context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if let Some(principal) = &self.principal {
            context.extensions.insert(principal.clone());
        }
        self.server.handle_notification(notification, context).await
    }

    fn get_info(&self) -> m::ServerConfig {
        self.server.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [m::ProtocolVersion]> {
        self.server.supported_protocol_versions()
    }
}
