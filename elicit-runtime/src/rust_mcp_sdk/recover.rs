//! A `tools/call` or `prompts/get` the SDK could not read into its models: [`recover`].
//!
//! The SDK reads each request into its typed models; an `ElicitResult` there holds only
//! booleans, strings, 64-bit integers and lists of strings, so a retry whose answer holds a
//! number with a fraction, a `null` or a larger integer (or is no answer at all) does not
//! read. Its untagged request enum then takes the message for a custom request, and hands
//! it to `ServerHandler::handle_custom_request`, with an empty request context and none of
//! the checks a `tools/call` gets. Recovering it makes those checks, and gives the handler
//! the call's typed params (without the answers) and a dialog that reads the answers from
//! the JSON.

use std::fmt;

use ::rust_mcp_sdk::RequestContext;
use ::rust_mcp_sdk::mcp_server::ServerHandler;
use ::rust_mcp_sdk::schema::schema_utils::CustomRequest;
use ::rust_mcp_sdk::schema::{
    CallToolRequestParams, GetPromptRequestParams, RequestMetaObject, RpcError,
};
use serde_core::de::DeserializeOwned;
use serde_json::Value;

use crate::dialog::Dialog;
use crate::protocol::ProtocolVersion;

const TOOLS_CALL: &str = "tools/call";
const PROMPTS_GET: &str = "prompts/get";

/// What [`recover`] made of a custom request: a tool call or a prompt the SDK could not
/// read, ready for the code that serves the readable ones, or a custom request indeed.
///
/// ```
/// use elicit_core::rust_mcp_sdk::Recovered;
///
/// fn what(recovered: &Recovered) -> String {
///     match recovered {
///         Recovered::Tool { params, .. } => format!("the tool {}", params.name),
///         Recovered::Prompt { params, .. } => format!("the prompt {}", params.name),
///         Recovered::Custom(request) => format!("the custom request {}", request.method),
///         _ => "something newer".to_owned(),
///     }
/// }
/// ```
#[non_exhaustive]
pub enum Recovered {
    /// A `tools/call`.
    Tool {
        /// Its params, as the SDK reads them, without the `inputResponses` it could not.
        params: CallToolRequestParams,
        /// The request context the SDK would have made of its `_meta`.
        context: RequestContext,
        /// A dialog that reads the `inputResponses` as the client sent them.
        dialog: Dialog,
    },
    /// A `prompts/get`.
    Prompt {
        /// Its params, as the SDK reads them, without the `inputResponses` it could not.
        params: GetPromptRequestParams,
        /// The request context the SDK would have made of its `_meta`.
        context: RequestContext,
        /// A dialog that reads the `inputResponses` as the client sent them.
        dialog: Dialog,
    },
    /// Any other method: a custom request, given back.
    Custom(CustomRequest),
}

impl fmt::Debug for Recovered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Tool { params, dialog, .. } => f
                .debug_struct("Tool")
                .field("name", &params.name)
                .field("dialog", dialog)
                .finish_non_exhaustive(),
            Self::Prompt { params, dialog, .. } => f
                .debug_struct("Prompt")
                .field("name", &params.name)
                .field("dialog", dialog)
                .finish_non_exhaustive(),
            Self::Custom(request) => f.debug_tuple("Custom").field(&request.method).finish(),
        }
    }
}

/// Recovers, in `handle_custom_request`, a `tools/call` or `prompts/get` whose answers the
/// SDK could not read, so that the code serving the readable ones serves it too; any other
/// request comes back as [`Recovered::Custom`].
///
/// It first makes the checks the SDK makes before a handler runs: the request's `_meta`
/// (protocol revision 2026-07-28; `-32022` otherwise), the capabilities `handler` requires
/// of the method (`required_capabilities_for_method`) and of the tool
/// (`required_capabilities_for_tool_call`; `-32021`).
///
/// # Errors
/// `-32602` naming what does not read (the params, their `_meta`, their `inputResponses` or
/// `requestState`), `-32022` for another protocol revision, `-32021` for a capability the
/// handler requires and the client did not declare.
///
/// ```
/// use elicit_core::rust_mcp_sdk::{Recovered, recover};
/// use rust_mcp_sdk::mcp_server::ServerHandler;
/// use rust_mcp_sdk::schema::schema_utils::CustomRequest;
/// use serde_json::json;
///
/// struct Tables;
/// impl ServerHandler for Tables {}
///
/// // A retry whose answer holds a number with a fraction, which the SDK's models cannot hold.
/// let params = json!({
///     "name": "book_table",
///     "arguments": {"day": "friday"},
///     "inputResponses": {"booking": {"action": "accept", "content": {"budget": 12.5}}},
///     "requestState": "…",
///     "_meta": {
///         "io.modelcontextprotocol/protocolVersion": "2026-07-28",
///         "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}
///     }
/// });
/// let request = CustomRequest { method: "tools/call".into(), params: params.as_object().cloned() };
/// let Recovered::Tool { params, dialog, .. } = recover(request, &Tables).unwrap() else { panic!() };
/// assert_eq!(params.name, "book_table");
/// assert!(params.input_responses.is_none());
/// assert!(dialog.supports(elicit_core::protocol::ElicitMode::Form));
///
/// let other = CustomRequest { method: "acme/ping".into(), params: None };
/// assert!(matches!(recover(other, &Tables).unwrap(), Recovered::Custom(_)));
/// ```
pub fn recover<H: ServerHandler + ?Sized>(
    request: CustomRequest,
    handler: &H,
) -> Result<Recovered, RpcError> {
    let method = match request.method.as_str() {
        TOOLS_CALL => TOOLS_CALL,
        PROMPTS_GET => PROMPTS_GET,
        _ => return Ok(Recovered::Custom(request)),
    };
    let params = Value::Object(request.params.unwrap_or_default());
    let meta: RequestMetaObject = read(&params["_meta"], "params._meta")?;
    let context = RequestContext::from_request_meta(&meta)?;
    context.ensure_capabilities(method, &handler.required_capabilities_for_method(method))?;
    let dialog = Dialog::from_params(method, &params, ProtocolVersion::V2026_07_28)
        .map_err(|error| RpcError::invalid_params().with_message(format!("params: {error}")))?;
    let without_answers = without(params, "inputResponses");
    Ok(if method == TOOLS_CALL {
        let params: CallToolRequestParams = read(&without_answers, "params")?;
        let required = handler.required_capabilities_for_tool_call(&params.name);
        context.ensure_capabilities(TOOLS_CALL, &required)?;
        Recovered::Tool {
            params,
            context,
            dialog,
        }
    } else {
        Recovered::Prompt {
            params: read(&without_answers, "params")?,
            context,
            dialog,
        }
    })
}

/// `value` in the SDK's model `T`; `-32602` naming `path` when it does not read.
fn read<T: DeserializeOwned>(value: &Value, path: &str) -> Result<T, RpcError> {
    T::deserialize(value).map_err(|error| {
        RpcError::invalid_params().with_message(format!("`{path}` does not read: {error}"))
    })
}

/// `params` without the member `name`.
fn without(params: Value, name: &str) -> Value {
    match params {
        Value::Object(mut map) => {
            map.shift_remove(name);
            Value::Object(map)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use ::rust_mcp_sdk::RequiredClientCapability;
    use ::rust_mcp_sdk::mcp_server::ServerHandler;
    use serde_json::json;

    use super::*;

    /// Requires sampling of the tool `sample`.
    struct Sampler;

    impl ServerHandler for Sampler {
        fn required_capabilities_for_tool_call(
            &self,
            tool_name: &str,
        ) -> Vec<RequiredClientCapability> {
            if tool_name == "sample" {
                vec![RequiredClientCapability::Sampling]
            } else {
                Vec::new()
            }
        }
    }

    fn call(params: &Value) -> CustomRequest {
        CustomRequest {
            method: TOOLS_CALL.to_owned(),
            params: params.as_object().cloned(),
        }
    }

    fn meta(version: &str) -> Value {
        json!({
            "io.modelcontextprotocol/protocolVersion": version,
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}
        })
    }

    #[test]
    fn a_recovered_call_gets_the_checks_the_sdk_makes() {
        let params = json!({"name": "sample", "_meta": meta("2026-07-28")});
        let error = recover(call(&params), &Sampler).unwrap_err();
        assert_eq!(error.code, -32021, "{error:?}");
        assert_eq!(
            error.data,
            Some(json!({"requiredCapabilities": {"sampling": {}}}))
        );

        let params = json!({"name": "book", "_meta": meta("2025-11-25")});
        assert_eq!(recover(call(&params), &Sampler).unwrap_err().code, -32022);

        let params = json!({"name": "book"});
        let error = recover(call(&params), &Sampler).unwrap_err();
        assert_eq!(error.code, -32602);
        assert!(
            error.message.starts_with("`params._meta` does not read"),
            "{}",
            error.message
        );
    }

    #[test]
    fn what_does_not_read_is_named() {
        let params = json!({"name": "book", "inputResponses": [1], "_meta": meta("2026-07-28")});
        let error = recover(call(&params), &Sampler).unwrap_err();
        assert_eq!(
            (error.code, error.message.as_str()),
            (
                -32602,
                "params: `inputResponses`: expected an object, got array"
            )
        );

        let params = json!({"name": 7, "_meta": meta("2026-07-28")});
        let error = recover(call(&params), &Sampler).unwrap_err();
        assert!(
            error.message.starts_with("`params` does not read: "),
            "{}",
            error.message
        );
    }

    #[test]
    fn a_prompt_is_recovered_with_its_arguments() {
        let params = json!({
            "name": "review",
            "arguments": {"file": "a.rs"},
            "inputResponses": {"context": {"action": "accept", "content": {"depth": 0.5}}},
            "_meta": meta("2026-07-28")
        });
        let request = CustomRequest {
            method: PROMPTS_GET.to_owned(),
            params: params.as_object().cloned(),
        };
        let Ok(Recovered::Prompt { params, dialog, .. }) = recover(request, &Sampler) else {
            panic!("not a prompt");
        };
        assert_eq!(params.arguments.unwrap()["file"], "a.rs");
        assert_eq!(
            dialog.binding(),
            &crate::state::Binding::prompt("review", &json!({"file": "a.rs"}))
        );
    }
}
