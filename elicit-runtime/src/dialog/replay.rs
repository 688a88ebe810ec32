//! The rounds of a call on 2026-07-28: the answers of earlier rounds replayed from the state,
//! the answers of this one taken from `inputResponses`, each round recorded, and the call
//! suspended with the questions still open.

use serde_core::Serialize;
use serde_core::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::protocol::{ElicitRequest, InputRequest, InputRequiredResult};
use crate::state::{JsonFault, MAX_SEALED_LEN, SealError};

use super::memory::{Memory, Round};
use super::settings::Expiry;
use super::{Dialog, Halt};

impl Dialog {
    /// The round the next question is: on 2026-07-28, how many questions of this call were
    /// answered before it.
    ///
    /// ```
    /// use elicit_core::dialog::Dialog;
    /// fn first(dialog: &Dialog) -> bool { dialog.round() == 0 }
    /// ```
    pub fn round(&self) -> usize {
        self.lock().cursor
    }

    /// A value of your own, kept for the rest of the call: `make` runs on the call's first
    /// attempt, and on 2026-07-28 the value rides in the sealed state, so each retry gets
    /// the same value back (a generated id, a price quoted once, the options a form offered).
    /// Keep it small: it travels with every retry.
    ///
    /// # Errors
    /// `-32603` when the value does not write as JSON, or the kept one no longer reads as a
    /// `V`.
    ///
    /// ```
    /// use elicit_core::dialog::{Dialog, Halt};
    ///
    /// async fn order_number(d: &Dialog) -> Result<u64, Halt> {
    ///     d.remember("order", || 4711_u64)
    /// }
    /// ```
    pub fn remember<V: Serialize + DeserializeOwned>(
        &self,
        name: &str,
        make: impl FnOnce() -> V,
    ) -> Result<V, Halt> {
        let kept = self.lock().memory.kept.get(name).cloned();
        if let Some(kept) = kept {
            // Where and what kind, not serde's message: it would quote the kept value.
            return V::deserialize(kept).map_err(|error| {
                Halt::internal(format!(
                    "the value kept as `{name}` no longer reads: {}",
                    JsonFault::from(&error)
                ))
            });
        }
        let value = make();
        if !self.is_live() {
            let json = serde_json::to_value(&value).map_err(|error| {
                Halt::internal(format!(
                    "the value to keep as `{name}` does not write as JSON: {error}"
                ))
            })?;
            self.lock().memory.kept.insert(name.to_owned(), json);
        }
        Ok(value)
    }

    /// The recorded answer of this round, when an earlier attempt recorded it (and moves to
    /// the next round).
    ///
    /// # Errors
    /// `-32602` when the recorded round asked another key: the body no longer asks what it
    /// asked when the state was sealed.
    pub(super) fn replay(&self, key: &str) -> Result<Option<Round>, Halt> {
        let mut progress = self.lock();
        let cursor = progress.cursor;
        let Some(round) = progress.memory.rounds.get(cursor) else {
            return Ok(None);
        };
        if round.key != key {
            let message = format!(
                "request state does not match this call: round {} answered `{}`, and the tool now asks `{key}`",
                cursor + 1,
                round.key
            );
            let mut data = Map::new();
            data.insert("requestState".to_owned(), Value::from("diverged"));
            return Err(Halt::Error(crate::protocol::JsonRpcError {
                code: crate::protocol::JsonRpcError::INVALID_PARAMS,
                message,
                data: Some(Value::Object(data)),
            }));
        }
        let round = round.clone();
        progress.cursor += 1;
        Ok(Some(round))
    }

    /// Forgets the round just replayed and every later one, to ask it again: what was
    /// offered then is not what the body offers now.
    pub(super) fn rewind(&self) {
        let mut progress = self.lock();
        let cursor = progress.cursor.saturating_sub(1);
        progress.memory.rounds.truncate(cursor);
        // Dropped rounds and corrections wipe themselves; the partial answers are wiped here.
        progress.memory.clear_pending();
        progress.cursor = cursor;
        progress.pending = None;
    }

    /// `inputResponses`, when they answer the current round (once).
    pub(super) fn take_answers(&self) -> Option<Map<String, Value>> {
        let mut progress = self.lock();
        if progress.pending != Some(progress.cursor) {
            return None;
        }
        progress.pending = None;
        self.responses.clone()
    }

    /// This round's entry of `inputResponses`, when they answer this round.
    pub(super) fn take_answer(&self, key: &str) -> Option<Value> {
        self.take_answers()
            .and_then(|mut responses| responses.remove(key))
    }

    /// Records the answer of the current round.
    pub(super) fn record(&self, round: Round) {
        let mut progress = self.lock();
        progress.fresh = Some(round.key.clone());
        progress.memory.rounds.push(round);
        progress.memory.clear_pending();
        progress.cursor += 1;
    }

    /// Stops to ask `requests`, with the state sealed: the `InputRequiredResult` of this
    /// attempt, or the error that prevents it.
    pub(super) fn suspend(
        &self,
        requests: Vec<(String, InputRequest)>,
        answered: Option<&str>,
    ) -> Halt {
        let ring = match self.ring() {
            Ok(ring) => ring,
            Err(halt) => return halt,
        };
        if self.once.is_some() && matches!(self.settings.expiry, Expiry::Never) {
            return Halt::internal(
                "a dialog opened once seals states that expire: `once` and `never_expires` do not go together",
            );
        }
        if let Some(once) = self.once {
            // Refused before the state is sealed: its retry would be.
            if let Err(halt) = self.charged(once, &self.bound(ring)) {
                return halt;
            }
        }
        let binding = self.bound(ring);
        let progress = self.lock();
        let sealed = match self.settings.expiry {
            Expiry::Ring => ring.seal(&progress.memory, &binding),
            Expiry::After(ttl) => ring.seal_for(&progress.memory, &binding, ttl),
            Expiry::Never => ring.seal_without_expiry(&progress.memory, &binding),
        };
        let sealed = match sealed {
            Ok(sealed) => sealed,
            Err(SealError::TooLarge { length }) => {
                // The server's own data (what the body keeps with `remember`) alone too large
                // is the server's error, whatever the client answered.
                let mut own = Memory::default();
                own.kept.clone_from(&progress.memory.kept);
                if ring.sealed_len(&own).is_ok_and(|own| own > MAX_SEALED_LEN) {
                    let names: Vec<&str> =
                        progress.memory.kept.keys().map(String::as_str).collect();
                    return Halt::internal(format!(
                        "the values the tool keeps with `remember` ({}) would make the request state {length} bytes long, over the protocol's limit of {MAX_SEALED_LEN}: keep less",
                        names.join(", ")
                    ));
                }
                // Only what was checked is kept: an answer makes the state this large only
                // when its checked content is (a long text with no `max_length`, say).
                let what = answered.or(progress.fresh.as_deref()).map_or_else(
                    || "the answers of this call".to_owned(),
                    |key| format!("the answer to `{key}`"),
                );
                return Halt::invalid_params(format!(
                    "{what} would make the request state {length} bytes long, over the protocol's limit of {MAX_SEALED_LEN}: answer with less"
                ));
            }
            Err(error) => {
                return Halt::internal(format!("the request state could not be sealed: {error}"));
            }
        };
        let mut result = InputRequiredResult::state_only(sealed);
        for (key, request) in requests {
            result = result.with_request(key, request);
        }
        Halt::InputRequired(Box::new(result))
    }

    /// Stops to ask `request` under `key`, after checking the client can be asked it.
    pub(super) fn suspend_one(
        &self,
        key: &str,
        request: ElicitRequest,
        answered: Option<&str>,
    ) -> Halt {
        if let Err(halt) = self.fits(&request) {
            return halt;
        }
        self.suspend(
            vec![(key.to_owned(), InputRequest::Elicit(request))],
            answered,
        )
    }
}
