//! What the `Dialog` tests share (`mod dialog_support;` in each): a tool's text result, and a
//! key ring from a test key.
#![allow(dead_code)] // each test file uses what it needs

use elicit_core::protocol::state::{StateKey, StateKeys};
use rmcp::model::{CallToolResult, ContentBlock};

/// A successful tool result holding `text`.
pub fn done(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A key ring of one 32-byte key, every byte `byte` (tests only: a server's key comes from
/// its secret store).
pub fn keys(byte: u8) -> StateKeys {
    StateKeys::new(StateKey::new(&[byte; 32]).unwrap())
}
