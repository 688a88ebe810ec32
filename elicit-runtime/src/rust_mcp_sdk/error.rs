//! JSON-RPC errors as the SDK's `RpcError`, and back.
//!
//! Each is built from the struct's public fields: the SDK's `RpcError::new` takes its closed
//! `RpcErrorCodes` enum, which has no `-32042` and no code of a server's own.

use ::rust_mcp_sdk::schema::RpcError;

use crate::dialog::Halt;
use crate::protocol::JsonRpcError;

/// The JSON-RPC error a halt answers the client with ([`Halt::to_jsonrpc_error`]): what
/// `Dialog::run` returns for it, and what `?` makes of it in a handler.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::dialog::Halt;
/// use elicit_core::protocol::{ElicitRequest, ElicitationSupport};
/// use rust_mcp_sdk::schema::RpcError;
/// use serde_json::json;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let refused = ElicitationSupport::NONE.check(&ElicitRequest::form::<Name>()).unwrap_err();
/// let error = RpcError::from(Halt::from(refused));
/// assert_eq!(error.code, -32021);
/// assert_eq!(error.data, Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}})));
/// ```
impl From<Halt> for RpcError {
    fn from(halt: Halt) -> Self {
        Self::from(crate::dialog::respond_error(halt))
    }
}

/// The same error (code, message, data) as the SDK's.
///
/// ```
/// use elicit_core::protocol::JsonRpcError;
/// use rust_mcp_sdk::schema::RpcError;
///
/// let error = RpcError::from(JsonRpcError { code: -32042, message: "open the URL".into(), data: None });
/// assert_eq!((error.code, error.message.as_str()), (-32042, "open the URL"));
/// ```
impl From<JsonRpcError> for RpcError {
    fn from(error: JsonRpcError) -> Self {
        Self {
            code: error.code,
            message: error.message,
            data: error.data,
        }
    }
}

/// The SDK's error as elicit's (code, message, data).
///
/// ```
/// use elicit_core::protocol::JsonRpcError;
/// use rust_mcp_sdk::schema::RpcError;
///
/// let error = JsonRpcError::from(RpcError::method_not_found());
/// assert_eq!(error.code, -32601);
/// ```
impl From<RpcError> for JsonRpcError {
    fn from(error: RpcError) -> Self {
        Self {
            code: error.code,
            message: error.message,
            data: error.data,
        }
    }
}

/// Any of the SDK's errors in a dialog's body, answered as it is: `?` on a function that
/// returns the SDK's `RpcError`.
///
/// ```
/// use elicit_core::dialog::Halt;
/// use rust_mcp_sdk::schema::RpcError;
///
/// fn lookup(id: u32) -> Result<&'static str, RpcError> {
///     Err(RpcError::invalid_params().with_message(format!("no table {id}")))
/// }
///
/// fn body() -> Result<&'static str, Halt> {
///     Ok(lookup(7)?)
/// }
/// assert_eq!(body().unwrap_err().to_jsonrpc_error().unwrap().message, "no table 7");
/// ```
impl From<RpcError> for Halt {
    fn from(error: RpcError) -> Self {
        Halt::Error(JsonRpcError::from(error))
    }
}
