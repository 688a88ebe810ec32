//! What a dialog keeps between rounds: the sealed memory, and the progress of one run.

use serde_json::{Map, Value};

/// What the sealed `requestState` holds between rounds.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct Memory {
    /// The answered rounds, in order: the key asked and the client's answer.
    #[serde(rename = "r", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) rounds: Vec<Round>,
    /// How many answers to the pending round did not fit the form.
    #[serde(rename = "t", default, skip_serializing_if = "is_zero")]
    pub(super) tries: u32,
    /// The last of them: a retry that comes back without an answer is asked the corrected
    /// form again, not the first one.
    #[serde(rename = "w", default, skip_serializing_if = "Option::is_none")]
    pub(super) wrong: Option<Value>,
    /// The answers to the pending round gathered so far (several inputs at once).
    #[serde(rename = "p", default, skip_serializing_if = "Map::is_empty")]
    pub(super) partial: Map<String, Value>,
    /// The values kept with [`Dialog::remember`](super::Dialog::remember).
    #[serde(rename = "m", default, skip_serializing_if = "Map::is_empty")]
    pub(super) kept: Map<String, Value>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
pub(super) fn is_zero(tries: &u32) -> bool {
    *tries == 0
}

#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(super) struct Round {
    #[serde(rename = "k")]
    pub(super) key: String,
    #[serde(rename = "a")]
    pub(super) answer: Value,
}

/// The state of one run of the body.
#[derive(Debug, Default)]
pub(super) struct Progress {
    pub(super) memory: Memory,
    /// The round the next `ask` is.
    pub(super) cursor: usize,
    /// The round `inputResponses` answer (the one pending when the state was sealed), while
    /// they have not been read.
    pub(super) pending: Option<usize>,
    /// Whether a state came with the call: the pending round was asked before.
    pub(super) resumed: bool,
}
