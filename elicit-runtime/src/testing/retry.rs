//! The 2026-07-28 retry loop of one call, written once for every way the kit reaches a
//! server ([`Session`](super::Session) over rmcp in process, [`ExchangeSession`](super::ExchangeSession)
//! through a function from request to response): send the call, answer each entry of its
//! `InputRequiredResult` from the script, send it again with the answers and the
//! `requestState`, until it completes, up to the session's number of rounds, within its time
//! limit.

use std::future::Future;
use std::time::Duration;

use ::rmcp::model as m;
use serde_json::{Map, Value, json};

use super::answer::ScriptedReply;
use super::error::KitError;
use super::service::Shared;
use super::visit;

/// One entry of `inputRequests`, as the server wrote it.
pub(super) struct Entry {
    pub(super) key: String,
    pub(super) method: String,
    /// Its `params`, as the exact JSON text sent.
    pub(super) params: String,
    /// The whole message it came in, as sent.
    pub(super) message: String,
}

/// What one attempt of a call came back with.
pub(super) enum Step<T> {
    /// The call's result.
    Done(T),
    /// An `InputRequiredResult`: its entries, in the order they are answered, its
    /// `requestState`, and rmcp's reading of it (for the errors that show it).
    Asked {
        entries: Vec<Entry>,
        state: Option<String>,
        last: m::InputRequiredResult,
    },
}

/// The transport of one call: sends it (again, with `responses` and `state` after the first
/// attempt).
pub(super) trait Attempt<T> {
    fn send(
        &mut self,
        responses: Option<Map<String, Value>>,
        state: Option<String>,
    ) -> impl Future<Output = Result<Step<T>, KitError>> + Send;
}

/// Runs one call to its end: the retry loop, within `timeout`. `call` names it in errors.
pub(super) async fn run<T>(
    shared: &Shared,
    call: String,
    (max_rounds, timeout): (usize, Duration),
    attempt: impl Attempt<T>,
) -> Result<T, KitError> {
    let number = {
        let mut state = shared.lock();
        state.call += 1;
        state.round = 0;
        state.problems.clear();
        state.call
    };
    visit::lock(&shared.visiting).new_call();
    if let Ok(result) =
        tokio::time::timeout(timeout, rounds(shared, &call, max_rounds, attempt)).await
    {
        return result;
    }
    let last_request = shared
        .lock()
        .seen
        .last()
        .filter(|request| request.call == number)
        .map(ToString::to_string);
    Err(KitError::Timeout {
        call,
        after: timeout,
        last_request,
    })
}

async fn rounds<T>(
    shared: &Shared,
    call: &str,
    max_rounds: usize,
    mut attempt: impl Attempt<T>,
) -> Result<T, KitError> {
    let (mut responses, mut state) = (None, None);
    let mut last = Vec::new();
    for round in 1..=max_rounds {
        shared.lock().round = round;
        // A page answered after the client's reply (2025-11-25) that fails ends the call at
        // once: the server would wait for it until the link expired.
        let step = tokio::select! {
            step = attempt.send(responses.take(), state.take()) => step,
            failure = visit::failure(&shared.visiting) => return Err(failure),
        };
        // A request answered on the connection that the script could not answer.
        if let Some(problem) = shared.lock().problems.drain(..).next() {
            return Err(problem);
        }
        // Every page answered after a reply has been, and kept, before the call returns.
        if let Some(failure) = visit::settled(&shared.visiting).await {
            return Err(failure);
        }
        let (entries, sealed, typed) = match step? {
            Step::Done(output) => return Ok(output),
            Step::Asked {
                entries,
                state,
                last,
            } => (entries, state, last),
        };
        if entries.is_empty() && sealed.is_none() {
            return Err(KitError::UnexpectedResult {
                call: call.to_owned(),
                result: "an InputRequiredResult with neither inputRequests nor requestState"
                    .to_owned(),
            });
        }
        let mut answers = Map::new();
        last.clear();
        for entry in entries {
            let (reply, described) = shared.answer(
                Some(entry.key.clone()),
                entry.method,
                entry.params,
                entry.message,
            )?;
            match reply {
                ScriptedReply::Send(value) | ScriptedReply::Verbatim(value) => {
                    answers.insert(entry.key, value);
                }
                // The page first: a retry before the post would be sent the same link again.
                // (No completion is sent on 2026-07-28: a held reply is the retry after it.)
                ScriptedReply::AcceptUrl { visits, .. } => {
                    if let Some(visits) = visits {
                        visits.run(&shared.visiting, &described).await?;
                    }
                    answers.insert(entry.key, json!({"action": "accept"}));
                }
                ScriptedReply::Omit => {}
                ScriptedReply::Never => {
                    return Err(KitError::Unanswered {
                        call: call.to_owned(),
                        request: described,
                        last: Box::new(typed),
                    });
                }
            }
            last.push(described);
        }
        responses = (!answers.is_empty()).then_some(answers);
        state = sealed;
    }
    Err(KitError::TooManyRounds {
        call: call.to_owned(),
        rounds: max_rounds,
        last,
    })
}
