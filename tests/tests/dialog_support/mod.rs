//! What the `Dialog` tests share (`mod dialog_support;` in each): a tool's text result, a key
//! ring from a test key, and the JSON-RPC error a call failed with.
#![allow(dead_code)] // each test file uses what it needs

use elicit_core::state::{StateKey, StateKeys};
use elicit_core::testing::KitError;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServiceError};

/// A successful tool result holding `text`.
pub fn done(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A key ring of one 32-byte key, every byte `byte` (tests only: a server's key comes from
/// its secret store).
pub fn keys(byte: u8) -> StateKeys {
    StateKeys::new(StateKey::new(&[byte; 32]).unwrap())
}

/// The JSON-RPC error a call of the test kit failed with (its code, message and data);
/// panics on any other failure (a script that ran out, a closed connection).
pub fn rpc_error(error: KitError) -> ErrorData {
    match error {
        KitError::Service { error, .. } => match *error {
            ServiceError::McpError(error) => error,
            other => panic!("expected a JSON-RPC error, got {other}"),
        },
        other => panic!("expected a JSON-RPC error, got {other}"),
    }
}
