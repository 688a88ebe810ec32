//! Protocol 2026-07-28: the elicitation rides in the tool's `InputRequiredResult`, and the
//! answer comes back in the retried call's `inputResponses`.

use ::rmcp::model as m;

use super::convert::params_2026;
use crate::dialog::Halt;
use crate::protocol::{ElicitAction, ElicitRequest, ElicitResult, UrlRequest};
use crate::{Elicit, ElicitOutcome, FormMode};

/// rmcp's `inputRequests` entry for this request, written for 2026-07-28 (no
/// `elicitationId`, no `pattern`; fields in declaration order). To ask for several things
/// in one round, insert several entries into an `InputRequiredResult`'s `input_requests`.
///
/// ```
/// use elicit_core::rmcp::input_request;
/// use elicit_core::Elicit;
/// use elicit_core::protocol::ElicitRequest;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let entry = input_request(&ElicitRequest::form::<Name>());
/// assert_eq!(
///     serde_json::to_string(&entry).unwrap(),
///     r#"{"method":"elicitation/create","params":{"mode":"form","message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"}},"required":["name"]}}}"#,
/// );
/// ```
pub fn input_request(request: &ElicitRequest) -> m::InputRequest {
    m::InputRequest::Elicitation(m::ElicitRequest::new(params_2026(request)))
}

/// rmcp's `InputRequiredResult` asking for `request` under `key`: what a tool returns on
/// 2026-07-28 instead of sending `elicitation/create`. The client asks the user and calls
/// the tool again with the answer under the same key (read it with [`form_outcome`] or
/// [`url_outcome`]). Set `request_state` on the result to carry state to that retry.
///
/// ```
/// use elicit_core::rmcp::input_required;
/// use elicit_core::Elicit;
/// use elicit_core::protocol::ElicitRequest;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let request = ElicitRequest::form::<Name>().message("And your name, please?");
/// let result = input_required("name", &request);
/// let json = serde_json::to_value(&result).unwrap();
/// assert_eq!(json["resultType"], "input_required");
/// assert_eq!(json["inputRequests"]["name"]["params"]["message"], "And your name, please?");
/// ```
pub fn input_required(key: impl Into<String>, request: &ElicitRequest) -> m::InputRequiredResult {
    let mut requests = m::InputRequests::new();
    requests.insert(key.into(), input_request(request));
    m::InputRequiredResult::from_input_requests(requests)
}

/// rmcp's `InputRequiredResult` asking for `T`'s form under `key`, prompted with
/// `T::message()`.
///
/// ```
/// use elicit_core::rmcp::form_input_required;
/// use elicit_core::Elicit;
///
/// /// Your name?
/// #[derive(Elicit)]
/// struct Name { name: String }
///
/// let result = form_input_required::<Name>("name");
/// assert!(result.input_requests.unwrap().contains_key("name"));
/// ```
pub fn form_input_required<T: Elicit + FormMode>(key: impl Into<String>) -> m::InputRequiredResult {
    input_required(key, &ElicitRequest::form::<T>())
}

/// rmcp's `InputRequiredResult` asking the user to open a URL, under `key`.
///
/// ```
/// use elicit_core::protocol::UrlRequest;
/// use elicit_core::rmcp::url_input_required;
///
/// let request = UrlRequest::new("Connect your account", "https://example.com/connect", "c-1").unwrap();
/// let json = serde_json::to_value(url_input_required("connect", request)).unwrap();
/// assert_eq!(json["inputRequests"]["connect"]["params"]["url"], "https://example.com/connect");
/// ```
pub fn url_input_required(key: impl Into<String>, request: UrlRequest) -> m::InputRequiredResult {
    input_required(key, &ElicitRequest::Url(request))
}

/// The typed answer to the form asked under `key`, from the retried call's
/// `inputResponses` (rmcp's `InputResponses` extractor, or `CallToolRequestParams::
/// input_responses`); `None` when there is no answer under `key` (the first call).
///
/// # Errors
/// [`Halt::Invalid`] naming `key` and every field's error when the accepted content does not
/// fit `T`; [`Halt::Malformed`] naming `key` when the entry is not an `ElicitResult`.
///
/// ```
/// use elicit_core::rmcp::form_outcome;
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::model::InputResponses;
/// use serde_json::json;
///
/// /// Your name?
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Name { name: String }
///
/// let mut responses = InputResponses::new();
/// assert_eq!(form_outcome::<Name>(Some(&responses), "name").unwrap(), None);
///
/// responses.insert("name".into(), json!({"action": "accept", "content": {"name": "Ada"}}));
/// let outcome = form_outcome::<Name>(Some(&responses), "name").unwrap();
/// assert_eq!(outcome, Some(ElicitOutcome::Accepted(Name { name: "Ada".into() })));
///
/// responses.insert("name".into(), json!({"action": "accept", "content": {}}));
/// assert!(form_outcome::<Name>(Some(&responses), "name").unwrap_err().invalid().is_some());
/// ```
pub fn form_outcome<T: Elicit>(
    responses: Option<&m::InputResponses>,
    key: &str,
) -> Result<Option<ElicitOutcome<T>>, Halt> {
    match result(responses, key)? {
        Some(result) => ElicitOutcome::from_elicit_result(&result)
            .map(Some)
            .map_err(|error| Halt::from_outcome(key, error)),
        None => Ok(None),
    }
}

/// What the user did with the URL request asked under `key`; `None` when there is no
/// answer under `key`.
///
/// # Errors
/// [`Halt::Malformed`] naming `key` when the entry is not an `ElicitResult`.
///
/// ```
/// use elicit_core::protocol::ElicitAction;
/// use elicit_core::rmcp::url_outcome;
/// use rmcp::model::InputResponses;
///
/// let mut responses = InputResponses::new();
/// responses.insert("connect".into(), serde_json::json!({"action": "accept"}));
/// assert_eq!(url_outcome(Some(&responses), "connect").unwrap(), Some(ElicitAction::Accept));
/// assert_eq!(url_outcome(None, "connect").unwrap(), None);
/// ```
pub fn url_outcome(
    responses: Option<&m::InputResponses>,
    key: &str,
) -> Result<Option<ElicitAction>, Halt> {
    Ok(result(responses, key)?.map(|result| result.action))
}

pub(super) fn result(
    responses: Option<&m::InputResponses>,
    key: &str,
) -> Result<Option<ElicitResult>, Halt> {
    match responses.and_then(|responses| responses.get(key)) {
        Some(entry) => ElicitResult::from_value(entry)
            .map(Some)
            .map_err(|error| Halt::malformed(key, error)),
        None => Ok(None),
    }
}
