//! [`Dialog`] with rmcp: taken by a `#[tool]` like rmcp's own extractors, asking on rmcp's
//! peer up to 2025-11-25, answering with rmcp's result types (features `rmcp` and `state`).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{self as m, ErrorCode, ErrorData};
use ::rmcp::service::RequestContext;
use ::rmcp::{Peer, RoleServer, ServerHandler};
use serde_json::{Map, Value};

use super::convert::{params_2026, protocol_version};
use super::served::{CallArguments, SharedSettings};
use crate::dialog::{Connection, Dialog, DialogSettings, Halt, Reply, Respond, Sending};
use crate::protocol::{InputRequest, InputRequiredResult, JsonRpcError, ProtocolVersion};
use crate::state::{Binding, Principal};

/// A `#[tool]` method takes a [`Dialog`] as an argument: bound to the tool's name and
/// arguments and to the caller the request identifies (see [`Dialog::from_rmcp`]), with the
/// retry's `inputResponses` and `requestState`, the client's capabilities and the peer to
/// ask on up to 2025-11-25.
///
/// Declare it before a `Parameters(…)` argument: rmcp's `Parameters` (and `JsonObject`) take
/// the call's arguments away from the context, and on 2026-07-28 the dialog's state must be
/// bound to them. A dialog declared after one of them, in a tool that takes arguments, cannot
/// see them: on 2026-07-28 it refuses to run (`-32603`, saying to declare it first) rather
/// than seal a state that another call's arguments could complete. Up to 2025-11-25 nothing is
/// sealed, and either order works.
impl<S: ServerHandler> FromContextPart<ToolCallContext<'_, S>> for Dialog {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let arguments = match &context.arguments {
            Some(arguments) => Some(arguments.clone()),
            None => context
                .request_context
                .extensions
                .get::<CallArguments>()
                .map(|seen| seen.0.clone()),
        };
        if let Some(arguments) = &arguments {
            // Left where no extractor takes them, for whatever reads them after the dialog.
            context
                .request_context
                .extensions
                .insert(CallArguments(arguments.clone()));
        }
        let takes_arguments = || {
            context.service.get_tool(&context.name).is_none_or(|tool| {
                tool.input_schema
                    .get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|properties| !properties.is_empty())
            })
        };
        let unseen = arguments.is_none() && takes_arguments();
        let mut dialog = Dialog::from_rmcp(
            context.request_context.clone(),
            "tools/call",
            &context.name,
            arguments.as_ref(),
            context.input_responses.take(),
            context.request_state.take(),
        );
        if unseen {
            dialog = dialog.arguments_unseen(&context.name);
        }
        Ok(dialog)
    }
}

impl Dialog {
    /// A dialog for a `prompts/get` call (in `ServerHandler::get_prompt`, whose `params`
    /// carry the retry's `inputResponses` and `requestState`; rmcp's `#[prompt]` router does
    /// not pass them on).
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use elicit_core::Elicit;
    /// use rmcp::model::{GetPromptRequestParams, GetPromptResponse, GetPromptResult, PromptMessage, Role};
    /// use rmcp::service::RequestContext;
    /// use rmcp::{ErrorData, RoleServer};
    ///
    /// /// What context should the prompt use?
    /// #[derive(Elicit)]
    /// struct Context { context: String }
    ///
    /// // The body of `ServerHandler::get_prompt`.
    /// async fn get_prompt(params: GetPromptRequestParams, ctx: RequestContext<RoleServer>) -> Result<GetPromptResponse, ErrorData> {
    ///     Dialog::prompt(ctx, &params).run(|d| async move {
    ///         let text = match d.ask::<Context>("user_context").await?.accepted() {
    ///             Some(answer) => format!("Keep in mind: {}", answer.context),
    ///             None => "No context".to_owned(),
    ///         };
    ///         Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]))
    ///     })
    ///     .await
    /// }
    /// ```
    pub fn prompt(ctx: RequestContext<RoleServer>, params: &m::GetPromptRequestParams) -> Self {
        Self::from_rmcp(
            ctx,
            "prompts/get",
            &params.name,
            params.arguments.as_ref(),
            params.input_responses.clone(),
            params.request_state.clone(),
        )
    }

    /// A dialog for any call an rmcp handler serves: its method (`tools/call`,
    /// `prompts/get`), the name and arguments the state is bound to, and what its retry
    /// carries.
    ///
    /// Its states are bound to the caller the request identifies, unless you name a
    /// principal ([`principal`](Self::principal)) or the keys' policy says otherwise
    /// ([`PrincipalPolicy`](crate::state::PrincipalPolicy)): a [`Principal`] in the
    /// request's extensions or in its HTTP request's (put there by your authorization
    /// layer), else the credential of the HTTP request's `Authorization` header. Over stdio,
    /// or over HTTP without authorization, nobody.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// use rmcp::model::CallToolRequestParams;
    /// use rmcp::service::RequestContext;
    /// use rmcp::RoleServer;
    ///
    /// // In a hand-written `ServerHandler::call_tool`.
    /// fn dialog(ctx: RequestContext<RoleServer>, params: CallToolRequestParams) -> Dialog {
    ///     Dialog::from_rmcp(ctx, "tools/call", &params.name, params.arguments.as_ref(), params.input_responses, params.request_state)
    /// }
    /// ```
    pub fn from_rmcp(
        ctx: RequestContext<RoleServer>,
        method: &str,
        name: &str,
        arguments: Option<&Map<String, Value>>,
        responses: Option<m::InputResponses>,
        state: Option<String>,
    ) -> Self {
        let version = ctx
            .protocol_version()
            .map_or(ProtocolVersion::V2025_11_25, |version| {
                protocol_version(&version)
            });
        let arguments = arguments.map_or(Value::Null, |arguments| Value::Object(arguments.clone()));
        let capabilities = ctx
            .client_capabilities()
            .and_then(|capabilities| serde_json::to_value(capabilities).ok())
            .unwrap_or(Value::Null);
        let (caller, verified) = caller(&ctx).unzip();
        let settings = ctx
            .extensions
            .get::<SharedSettings>()
            .map(|shared| Arc::clone(&shared.0));
        // Keep the call alive while the person answers, where the client can be told.
        let keep_alive = settings
            .as_deref()
            .unwrap_or_else(|| DialogSettings::process_default())
            .keep_alive_every();
        let progress = ctx.meta.get_progress_token().zip(keep_alive);
        let mut dialog = Dialog::new(version, Binding::new(method, name, &arguments))
            .with_name(name)
            .with_client_capabilities(capabilities)
            .with_caller(caller, verified.unwrap_or(false))
            .with_connection(PeerConnection {
                peer: ctx.peer,
                progress,
            });
        if let Some(settings) = settings {
            dialog = dialog.with_settings(&settings);
        }
        if let Some(responses) = responses {
            dialog = dialog.with_input_responses(responses.into_iter().collect());
        }
        if let Some(state) = state {
            dialog = dialog.with_request_state(state);
        }
        dialog
    }
}

/// The caller a request identifies, and whether the server's authentication established
/// them: a [`Principal`] your authorization layer put in its extensions, or in those of the
/// HTTP request rmcp's streamable-HTTP server read it from (verified); else that HTTP
/// request's `Authorization` credential, which nothing here checked (it binds states, and
/// charges nothing: see `Dialog::once`). Nobody over stdio, or over HTTP without
/// authorization: on 2026-07-28 rmcp serves HTTP without sessions, so a request carries no
/// id that the server issued.
fn caller(ctx: &RequestContext<RoleServer>) -> Option<(Principal, bool)> {
    if let Some(principal) = ctx.extensions.get::<Principal>() {
        return Some((principal.clone(), true));
    }
    let parts = ctx.extensions.get::<http::request::Parts>()?;
    if let Some(principal) = parts.extensions.get::<Principal>() {
        return Some((principal.clone(), true));
    }
    let credential = parts.headers.get(http::header::AUTHORIZATION)?;
    Some((Principal::credential(credential.as_bytes()), false))
}

/// rmcp's server peer as a dialog's live connection: each request is sent as the JSON it
/// renders to (so the form reaches the client exactly, `pattern` included), and the answer
/// is read as JSON (so a malformed one is the client's `-32602`, not rmcp's "unexpected
/// response").
///
/// While it waits, and the call carried a `progressToken`, it sends the client
/// `notifications/progress` every [`keep_alive`](DialogSettings::keep_alive) interval.
struct PeerConnection {
    peer: Peer<RoleServer>,
    /// The call's progress token and how often to send progress while waiting.
    progress: Option<(m::ProgressToken, Duration)>,
}

impl PeerConnection {
    /// Waits for `answer`, telling the client every `every` that the call is still at work.
    async fn kept_alive<F: Future>(&self, answer: F) -> F::Output {
        let Some((token, every)) = &self.progress else {
            return answer.await;
        };
        let mut answer = std::pin::pin!(answer);
        let mut beats = 0_u32;
        loop {
            tokio::select! {
                result = &mut answer => return result,
                () = tokio::time::sleep(*every) => {
                    beats = beats.saturating_add(1);
                    let progress = m::ProgressNotificationParam::new(token.clone(), f64::from(beats))
                        .with_message("Waiting for the answer to a question");
                    // A progress notification that does not go out loses only the keep-alive:
                    // the answer, when it comes, still counts.
                    let _ = self.peer.notify_progress(progress).await;
                }
            }
        }
    }
}

impl Connection for PeerConnection {
    fn request(&self, request: Value) -> Sending<'_, Value> {
        Box::pin(async move {
            let (method, params) = split(request);
            let request = m::ServerRequest::CustomRequest(m::CustomRequest::new(method, params));
            let result = self
                .kept_alive(self.peer.send_request(request))
                .await
                .map_err(super::peer::service_failed)?;
            serde_json::to_value(&result).map_err(|error| {
                Halt::internal(format!("rmcp's result does not write as JSON: {error}"))
            })
        })
    }

    fn notify(&self, notification: Value) -> Sending<'_, ()> {
        Box::pin(async move {
            let (method, params) = split(notification);
            let notification = m::ServerNotification::CustomNotification(
                m::CustomNotification::new(method, params),
            );
            self.peer
                .send_notification(notification)
                .await
                .map_err(super::peer::service_failed)
        })
    }
}

/// A message's `method` and `params`.
fn split(message: Value) -> (String, Option<Value>) {
    match message {
        Value::Object(mut map) => {
            let method = map
                .remove("method")
                .and_then(|method| method.as_str().map(str::to_owned))
                .unwrap_or_default();
            (method, map.remove("params"))
        }
        _ => (String::new(), None),
    }
}

/// rmcp's `InputRequiredResult`: each form written for 2026-07-28 in rmcp's model, each other
/// request read into it.
fn rmcp_input_required(result: &InputRequiredResult) -> Result<m::InputRequiredResult, ErrorData> {
    let mut requests = m::InputRequests::new();
    for (key, request) in result.requests() {
        let request = match request {
            InputRequest::Elicit(request) => {
                m::InputRequest::Elicitation(m::ElicitRequest::new(params_2026(request)))
            }
            InputRequest::Other(value) => {
                serde_json::from_value(value.clone()).map_err(|error| {
                    ErrorData::internal_error(
                        format!("inputRequests.{key} is not a request rmcp can send: {error}"),
                        None,
                    )
                })?
            }
        };
        requests.insert(key.clone(), request);
    }
    let requests = (!requests.is_empty()).then_some(requests);
    Ok(m::InputRequiredResult::new(
        requests,
        result.state().map(str::to_owned),
    ))
}

/// A tool's answer: its `CallToolResult` (or anything that becomes one), the
/// `InputRequiredResult` of 2026-07-28, or the JSON-RPC error.
impl<T> Respond<T> for m::CallToolResponse
where
    m::CallToolResponse: From<T>,
{
    type Error = ErrorData;

    fn done(value: T) -> Result<Self, ErrorData> {
        Ok(Self::from(value))
    }

    fn input_required(result: InputRequiredResult) -> Result<Self, ErrorData> {
        rmcp_input_required(&result).map(<Self as From<m::InputRequiredResult>>::from)
    }

    /// The reply's text as the tool's result (`isError` when the reply is an error).
    fn reply(reply: Reply) -> Result<Self, ErrorData> {
        let content = vec![m::ContentBlock::text(reply.text())];
        Ok(Self::Complete(if reply.is_error() {
            m::CallToolResult::error(content)
        } else {
            m::CallToolResult::success(content)
        }))
    }

    fn halted(halt: Halt) -> ErrorData {
        ErrorData::from(halt)
    }
}

/// A prompt's answer: its `GetPromptResult`, the `InputRequiredResult` of 2026-07-28, or the
/// JSON-RPC error.
impl<T> Respond<T> for m::GetPromptResponse
where
    m::GetPromptResponse: From<T>,
{
    type Error = ErrorData;

    fn done(value: T) -> Result<Self, ErrorData> {
        Ok(Self::from(value))
    }

    fn input_required(result: InputRequiredResult) -> Result<Self, ErrorData> {
        rmcp_input_required(&result).map(<Self as From<m::InputRequiredResult>>::from)
    }

    /// The reply's text as the prompt's one message, the assistant's (a prompt has no error
    /// flag: an error reply reads as what it says).
    fn reply(reply: Reply) -> Result<Self, ErrorData> {
        Ok(Self::Complete(m::GetPromptResult::new(vec![
            m::PromptMessage::new_text(m::Role::Assistant, reply.text()),
        ])))
    }

    fn halted(halt: Halt) -> ErrorData {
        ErrorData::from(halt)
    }
}

/// The JSON-RPC error a halt answers the client with ([`Halt::to_jsonrpc_error`]).
impl From<Halt> for ErrorData {
    fn from(halt: Halt) -> Self {
        let error = crate::dialog::respond_error(halt);
        let code = i32::try_from(error.code).unwrap_or(ErrorCode::INTERNAL_ERROR.0);
        ErrorData::new(ErrorCode(code), error.message, error.data)
    }
}

/// Any of rmcp's errors, returned as it is.
impl From<ErrorData> for Halt {
    fn from(error: ErrorData) -> Self {
        Halt::Error(JsonRpcError {
            code: i64::from(error.code.0),
            message: error.message.into_owned(),
            data: error.data,
        })
    }
}
