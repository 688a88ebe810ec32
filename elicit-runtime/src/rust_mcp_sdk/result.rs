//! Results as the SDK's generic `Result`, whose JSON is written as given: the way around its
//! lossy typed models; and a dialog's [`Reply`] as a tool's or a prompt's result.

use ::rust_mcp_sdk::schema::{
    CallToolResult, ContentBlock, GetPromptResult, PromptMessage, Result as GenericResult, Role,
    RpcError, ServerResult,
};
use serde_json::Value;

use crate::dialog::Reply;
use crate::protocol::InputRequiredResult;

/// The `ServerResult` that asks the client for `result`'s requests, as elicit writes it for
/// 2026-07-28: each form's fields in declaration order, a select's options, integer bounds
/// as integers, titles, `pattern`. It is the SDK's generic result (`ServerResult::Result`,
/// its fields in a flattened map), not its `InputRequiredResult`, whose models would change
/// every one of those. [`Dialog::run`](crate::dialog::Dialog::run) answers with it; build
/// one by hand only for a result of your own making.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::protocol::{ElicitRequest, InputRequiredResult};
/// use elicit_core::rust_mcp_sdk::input_required;
///
/// /// Where to sit?
/// #[derive(Elicit)]
/// enum Seating { Indoor, Terrace }
///
/// let result = InputRequiredResult::new("seating", ElicitRequest::form::<Seating>());
/// let json = serde_json::to_string(&input_required(&result)).unwrap();
/// assert_eq!(json, serde_json::to_string(&result).unwrap());
/// assert!(json.contains(r#""oneOf":[{"const":"Indoor","title":"Indoor"},{"const":"Terrace","title":"Terrace"}]"#));
/// ```
pub fn input_required(result: &InputRequiredResult) -> ServerResult {
    ServerResult::Result(generic(result.to_value()))
}

/// A result object as the SDK's generic `Result`: its `resultType` in the typed field, every
/// other member in the flattened map, in order.
fn generic(value: Value) -> GenericResult {
    let Value::Object(mut map) = value else {
        return GenericResult::default();
    };
    let result_type = match map.shift_remove("resultType") {
        Some(Value::String(kind)) => kind,
        _ => "complete".to_owned(),
    };
    GenericResult {
        meta: None,
        result_type,
        extra: (!map.is_empty()).then_some(map),
    }
}

/// What `handle_custom_request` returns for a call it [recovered](super::recover): the
/// tool's (or prompt's) `ServerResult` as the SDK's generic `Result`, its JSON unchanged.
///
/// # Errors
/// `-32603` when the result does not write as a JSON object with a `resultType`.
///
/// ```
/// use elicit_core::rust_mcp_sdk::generic_result;
/// use rust_mcp_sdk::schema::{CallToolResult, ServerResult};
///
/// let result = ServerResult::from(CallToolResult::text_content(vec!["Booked".into()]));
/// let generic = generic_result(result.clone()).unwrap();
/// assert_eq!(serde_json::to_value(&generic).unwrap(), serde_json::to_value(&result).unwrap());
/// ```
pub fn generic_result(result: ServerResult) -> Result<GenericResult, RpcError> {
    if let ServerResult::Result(result) = result {
        return Ok(result);
    }
    let value = serde_json::to_value(&result).map_err(|error| {
        RpcError::internal_error()
            .with_message(format!("the result does not write as JSON: {error}"))
    })?;
    match value {
        // `_meta` stays in the flattened map rather than being read into the SDK's
        // `ResultMetaObject`, which would drop what it does not model.
        Value::Object(map) if map.get("resultType").is_some_and(Value::is_string) => {
            Ok(generic(Value::Object(map)))
        }
        _ => Err(RpcError::internal_error()
            .with_message("the result is not a JSON object with a `resultType`")),
    }
}

/// A reply as a tool's `CallToolResult`: its text, `isError` when the reply is an error.
///
/// ```
/// use elicit_core::dialog::Reply;
/// use elicit_core::rust_mcp_sdk::reply_result;
///
/// let result = reply_result(&Reply::error("Still not valid."));
/// assert_eq!(result.is_error, Some(true));
/// ```
pub fn reply_result(reply: &Reply) -> CallToolResult {
    CallToolResult {
        is_error: reply.is_error().then_some(true),
        ..CallToolResult::text_content(vec![reply.text().into()])
    }
}

/// A reply as a prompt's `GetPromptResult`: one assistant message with its text (a prompt has
/// no error flag).
pub(super) fn reply_prompt(reply: &Reply) -> GetPromptResult {
    GetPromptResult {
        description: None,
        messages: vec![PromptMessage {
            content: ContentBlock::text_content(reply.text().to_owned()),
            role: Role::Assistant,
        }],
        meta: None,
        result_type: "complete".to_owned(),
    }
}
