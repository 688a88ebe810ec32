//! [`Dialog`] with rust-mcp-sdk: made from the params its handlers are given, answering with
//! the `ServerResult` they return.

use ::rust_mcp_sdk::McpServer;
use ::rust_mcp_sdk::auth::AuthInfo;
use ::rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, InputResponses,
    RequestMetaObject, RpcError, ServerResult,
};
use serde_json::{Map, Value};

use super::result::{input_required, reply_result};
use crate::dialog::{Dialog, Halt, Reply, Respond};
use crate::protocol::{InputRequiredResult, ProtocolVersion};
use crate::state::{Binding, Principal};

/// A dialog for a `tools/call` the SDK read (in `ServerHandler::handle_call_tool_request_mrtr`):
/// bound to the tool's name and arguments, with the retry's `inputResponses` and
/// `requestState`, and the capabilities the client declared in the request's `_meta`.
///
/// ```
/// use elicit_core::dialog::Dialog;
/// use elicit_core::protocol::ElicitMode;
/// use rust_mcp_sdk::schema::CallToolRequestParams;
/// use serde_json::json;
///
/// let params: CallToolRequestParams = serde_json::from_value(json!({
///     "name": "book_table",
///     "_meta": {
///         "io.modelcontextprotocol/protocolVersion": "2026-07-28",
///         "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"url": {}}}
///     }
/// })).unwrap();
/// let dialog = Dialog::from(&params);
/// assert!(dialog.supports(ElicitMode::Url) && !dialog.supports(ElicitMode::Form));
/// assert!(!dialog.is_live() && !dialog.is_resumed());
/// ```
impl From<&CallToolRequestParams> for Dialog {
    fn from(params: &CallToolRequestParams) -> Self {
        let arguments = params.arguments.clone().map_or(Value::Null, Value::Object);
        of_call(
            Binding::tool(&params.name, &arguments),
            &params.meta,
            params.input_responses.as_ref(),
            params.request_state.as_deref(),
        )
        .with_name(&params.name)
    }
}

/// A dialog for a `prompts/get` the SDK read (in `ServerHandler::handle_get_prompt_request`):
/// bound to the prompt's name and arguments, with what its retry carries.
///
/// ```
/// use elicit_core::dialog::Dialog;
/// use elicit_core::state::Binding;
/// use rust_mcp_sdk::schema::GetPromptRequestParams;
/// use serde_json::json;
///
/// let params: GetPromptRequestParams = serde_json::from_value(json!({
///     "name": "review",
///     "arguments": {"file": "main.rs"},
///     "_meta": {
///         "io.modelcontextprotocol/protocolVersion": "2026-07-28",
///         "io.modelcontextprotocol/clientCapabilities": {}
///     }
/// })).unwrap();
/// let dialog = Dialog::from(&params);
/// assert_eq!(dialog.binding(), &Binding::prompt("review", &json!({"file": "main.rs"})));
/// ```
impl From<&GetPromptRequestParams> for Dialog {
    fn from(params: &GetPromptRequestParams) -> Self {
        let arguments = params.arguments.as_ref().map_or(Value::Null, |arguments| {
            let map: Map<String, Value> = arguments
                .iter()
                .map(|(name, value)| (name.clone(), Value::String(value.clone())))
                .collect();
            Value::Object(map)
        });
        of_call(
            Binding::prompt(&params.name, &arguments),
            &params.meta,
            params.input_responses.as_ref(),
            params.request_state.as_deref(),
        )
        .with_name(&params.name)
    }
}

impl Dialog {
    /// Binds the dialog's states to the caller the SDK authenticated for this request (the
    /// `AuthInfo` its authorization middleware validated), under the keys'
    /// [`PrincipalPolicy`](crate::state::PrincipalPolicy), unless you name a
    /// principal ([`principal`](Self::principal)): the token's issuer (its `iss` claim, kept
    /// in `extra`) and subject ([`Principal::issuer_subject`]), or, for a token without a
    /// subject, its unique id. A server without authorization has none, and binds nobody.
    ///
    /// The SDK hands its handlers the request's params and, apart, the runtime that knows
    /// the caller: call it with the runtime `handle_call_tool_request_mrtr` (or
    /// `handle_get_prompt_request`) is given.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use elicit_core::dialog::Dialog;
    /// use rust_mcp_sdk::McpServer;
    /// use rust_mcp_sdk::schema::CallToolRequestParams;
    ///
    /// async fn dialog(params: &CallToolRequestParams, runtime: Arc<dyn McpServer>) -> Dialog {
    ///     Dialog::from(params).with_runtime(&*runtime).await
    /// }
    /// ```
    pub async fn with_runtime(self, runtime: &dyn McpServer) -> Self {
        // The SDK's authorization validated the token: the caller it names is verified.
        let caller = runtime.auth_info_cloned().await.as_ref().and_then(caller);
        self.with_caller(caller, true)
    }
}

/// The principal a validated token names: its issuer and subject, or its unique id.
fn caller(info: &AuthInfo) -> Option<Principal> {
    if let Some(subject) = &info.user_id {
        let issuer = info
            .extra
            .as_ref()
            .and_then(|extra| extra.get("iss"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        return Some(Principal::issuer_subject(issuer, subject));
    }
    (!info.token_unique_id.is_empty())
        .then(|| Principal::credential(info.token_unique_id.as_bytes()))
}

/// A 2026-07-28 dialog (the only revision rust-mcp-sdk 2.0 speaks; the SDK refuses any
/// other before a handler runs) for a call the SDK read.
fn of_call(
    binding: Binding,
    meta: &RequestMetaObject,
    responses: Option<&InputResponses>,
    state: Option<&str>,
) -> Dialog {
    // The SDK's models write back what they read: a capability object, and answers that
    // held only booleans, strings, integers and lists of strings (anything else made the
    // call unreadable, and it reaches `recover` instead).
    let capabilities = serde_json::to_value(&meta.client_capabilities).unwrap_or(Value::Null);
    let mut dialog =
        Dialog::new(ProtocolVersion::V2026_07_28, binding).with_client_capabilities(capabilities);
    if let Some(responses) = responses {
        let answers: Map<String, Value> = responses
            .0
            .iter()
            .map(|(key, answer)| {
                let answer = serde_json::to_value(answer).unwrap_or(Value::Null);
                (key.clone(), answer)
            })
            .collect();
        dialog = dialog.with_input_responses(answers);
    }
    if let Some(state) = state {
        dialog = dialog.with_request_state(state);
    }
    dialog
}

/// What `handle_call_tool_request_mrtr` and `handle_get_prompt_request` return: the body's
/// result (a `CallToolResult`, a `GetPromptResult`, or anything else the SDK's
/// `ServerResult` is made from), the `InputRequiredResult` as elicit's exact JSON
/// ([`input_required`](super::input_required)), or the error as the SDK's `RpcError`.
///
/// ```
/// use elicit_core::dialog::Dialog;
/// use elicit_core::Elicit;
/// use rust_mcp_sdk::schema::{CallToolRequestParams, CallToolResult, RpcError, ServerResult};
///
/// /// How many people?
/// #[derive(Elicit)]
/// struct Party { size: u8 }
///
/// async fn book_table(params: &CallToolRequestParams) -> Result<ServerResult, RpcError> {
///     Dialog::from(params)
///         .run(|d| async move {
///             let size = d.ask::<Party>("party").await?.accepted().map_or(2, |party| party.size);
///             Ok(CallToolResult::text_content(vec![format!("Table for {size}").into()]))
///         })
///         .await
/// }
/// ```
impl<T> Respond<T> for ServerResult
where
    ServerResult: From<T>,
{
    type Error = RpcError;

    fn done(value: T) -> Result<Self, RpcError> {
        Ok(Self::from(value))
    }

    fn input_required(result: InputRequiredResult) -> Result<Self, RpcError> {
        Ok(input_required(&result))
    }

    /// The reply as a tool's result ([`reply_result`]); a [`Router`](super::Router)'s prompt
    /// answers it as a prompt's message instead.
    fn reply(reply: Reply) -> Result<Self, RpcError> {
        Ok(<Self as From<CallToolResult>>::from(reply_result(&reply)))
    }

    fn halted(halt: Halt) -> RpcError {
        RpcError::from(halt)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn info(user_id: Option<&str>, extra: Option<Value>) -> AuthInfo {
        AuthInfo {
            token_unique_id: "jti-7".to_owned(),
            client_id: Some("client".to_owned()),
            user_id: user_id.map(str::to_owned),
            scopes: None,
            expires_at: None,
            audience: None,
            extra: extra.and_then(|extra| extra.as_object().cloned()),
        }
    }

    #[test]
    fn the_caller_is_the_tokens_issuer_and_subject_or_else_its_id() {
        let with_issuer = info(Some("ada"), Some(json!({"iss": "https://id.example"})));
        assert_eq!(
            caller(&with_issuer),
            Some(Principal::issuer_subject("https://id.example", "ada"))
        );
        assert_eq!(
            caller(&info(Some("ada"), None)),
            Some(Principal::issuer_subject("", "ada"))
        );
        // A token without a subject (a client's own): its unique id, hashed.
        let machine = caller(&info(None, None)).unwrap();
        assert_eq!(machine, Principal::credential(b"jti-7"));
        assert!(!machine.as_str().contains("jti-7"));
        let mut anonymous = info(None, None);
        anonymous.token_unique_id.clear();
        assert_eq!(caller(&anonymous), None);
    }
}
