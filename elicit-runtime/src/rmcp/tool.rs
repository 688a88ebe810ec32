//! One call for a tool that must work with both protocol generations.

use ::rmcp::RoleServer;
use ::rmcp::model as m;
use ::rmcp::service::RequestContext;

use super::convert::protocol_version;
use super::error::Error;
use super::input::{input_required, result};
use super::peer::PeerElicitExt;
use crate::protocol::{
    ElicitAction, ElicitRequest, ElicitResult, ElicitationSupport, ProtocolVersion, UrlRequest,
};
use crate::{Elicit, ElicitOutcome};

/// What [`ask_form`] (or [`ask_url`]) came back with.
///
/// ```
/// use elicit_core::rmcp::Asked;
/// use elicit_core::ElicitOutcome;
///
/// let asked: Asked<ElicitOutcome<()>> = Asked::Answered(ElicitOutcome::Cancelled);
/// assert!(matches!(asked, Asked::Answered(ElicitOutcome::Cancelled)));
/// ```
#[derive(Debug, Clone)]
pub enum Asked<A> {
    /// The user's answer: the client answered `elicitation/create` (up to 2025-11-25), or
    /// the retried call carried it (2026-07-28).
    Answered(A),
    /// 2026-07-28, first call: return this from the tool (`Ok(result.into())` for a
    /// `CallToolResponse`); the client asks the user and calls the tool again.
    InputRequired(m::InputRequiredResult),
}

/// Asks for `T`'s form (prompted with `T::message()`) the way the request's protocol
/// revision wants it, so one tool serves both generations:
///
/// - up to 2025-11-25: sends `elicitation/create` through `ctx.peer`
///   ([`PeerElicitExt::elicit_form`]) and waits for the answer;
/// - 2026-07-28: returns the answer found under `key` in the retried call's
///   `inputResponses`, or, on the first call, an [`Asked::InputRequired`] for the tool to
///   return (after checking the capabilities the request declares).
///
/// `responses` is what rmcp's `InputResponses` extractor holds (`None` on the first call,
/// and always before 2026-07-28). Use a new `key` to ask again in the same call (after an
/// invalid answer, say): a retry only carries the answers to the latest round. A tool that
/// asks more than one form, or asks again, is simpler with `Dialog` (feature `state`),
/// which carries the earlier answers across the retries in a sealed `requestState`.
///
/// # Errors
/// As [`PeerElicitExt::elicit_form`]; on 2026-07-28 [`Error::Unsupported`] when the request
/// does not declare form mode, [`Error::Invalid`] and [`Error::Malformed`] for the answer.
///
/// ```
/// use elicit_core::rmcp::{Asked, ask_form};
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::handler::server::tool::InputResponses;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// /// Which city?
/// #[derive(Elicit)]
/// struct City { city: String }
///
/// // The body of a `#[tool]` taking `ctx: RequestContext<RoleServer>` and
/// // `InputResponses(responses): InputResponses`.
/// async fn weather(
///     ctx: RequestContext<RoleServer>,
///     InputResponses(responses): InputResponses,
/// ) -> Result<CallToolResponse, ErrorData> {
///     let text = match ask_form::<City>(&ctx, responses.as_ref(), "city").await? {
///         Asked::InputRequired(result) => return Ok(result.into()),
///         Asked::Answered(ElicitOutcome::Accepted(answer)) => format!("Sunny in {}", answer.city),
///         Asked::Answered(_) => "No city, no forecast".to_owned(),
///     };
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
/// }
/// ```
pub async fn ask_form<T: Elicit>(
    ctx: &RequestContext<RoleServer>,
    responses: Option<&m::InputResponses>,
    key: &str,
) -> Result<Asked<ElicitOutcome<T>>, Error> {
    ask_form_with(ctx, responses, key, T::message()).await
}

/// [`ask_form`] with this prompt (asking again after an invalid answer, say).
///
/// # Errors
/// As [`ask_form`].
///
/// ```
/// use elicit_core::rmcp::{Asked, ask_form_with};
/// use elicit_core::{Elicit, ElicitOutcome};
/// use rmcp::model::InputResponses;
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// #[derive(Elicit)]
/// struct City { city: String }
///
/// async fn city_again(
///     ctx: &RequestContext<RoleServer>,
///     responses: Option<&InputResponses>,
/// ) -> Result<Option<String>, ErrorData> {
///     let prompt = "That city was not found; which city?";
///     Ok(match ask_form_with::<City>(ctx, responses, "city_again", prompt).await? {
///         Asked::Answered(ElicitOutcome::Accepted(answer)) => Some(answer.city),
///         Asked::Answered(_) | Asked::InputRequired(_) => None,
///     })
/// }
/// ```
pub async fn ask_form_with<T: Elicit>(
    ctx: &RequestContext<RoleServer>,
    responses: Option<&m::InputResponses>,
    key: &str,
    message: impl Into<String>,
) -> Result<Asked<ElicitOutcome<T>>, Error> {
    let request = ElicitRequest::form::<T>().message(message);
    Ok(match ask(ctx, responses, key, &request).await? {
        Asked::Answered(result) => Asked::Answered(ElicitOutcome::from_elicit_result(&result)?),
        Asked::InputRequired(result) => Asked::InputRequired(result),
    })
}

/// [`ask_form`] for a URL-mode request: the answer is what the user did with the URL.
///
/// # Errors
/// As [`PeerElicitExt::elicit_url_request`]; on 2026-07-28 [`Error::Unsupported`] when the
/// request does not declare URL mode.
///
/// ```
/// use elicit_core::rmcp::{Asked, ask_url};
/// use elicit_core::protocol::{ElicitAction, UrlRequest, new_elicitation_id};
/// use rmcp::model::InputResponses;
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// async fn sign_in(
///     ctx: &RequestContext<RoleServer>,
///     responses: Option<&InputResponses>,
/// ) -> Result<bool, ErrorData> {
///     let request = UrlRequest::new(
///         "Sign in to continue",
///         "https://example.com/sign-in",
///         new_elicitation_id(),
///     )
///     .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
///     Ok(matches!(
///         ask_url(ctx, responses, "sign_in", request).await?,
///         Asked::Answered(ElicitAction::Accept)
///     ))
/// }
/// ```
pub async fn ask_url(
    ctx: &RequestContext<RoleServer>,
    responses: Option<&m::InputResponses>,
    key: &str,
    request: UrlRequest,
) -> Result<Asked<ElicitAction>, Error> {
    Ok(
        match ask(ctx, responses, key, &ElicitRequest::Url(request)).await? {
            Asked::Answered(result) => Asked::Answered(result.action),
            Asked::InputRequired(result) => Asked::InputRequired(result),
        },
    )
}

async fn ask(
    ctx: &RequestContext<RoleServer>,
    responses: Option<&m::InputResponses>,
    key: &str,
    request: &ElicitRequest,
) -> Result<Asked<ElicitResult>, Error> {
    let version = ctx
        .protocol_version()
        .map(|version| protocol_version(&version));
    if version < Some(ProtocolVersion::V2026_07_28) {
        return ctx.peer.elicit_request(request).await.map(Asked::Answered);
    }
    if let Some(answer) = result(responses, key)? {
        return Ok(Asked::Answered(answer));
    }
    let support = ctx
        .client_capabilities()
        .map_or(ElicitationSupport::NONE, |capabilities| {
            ElicitationSupport::from(&capabilities)
        });
    support.check(request)?;
    Ok(Asked::InputRequired(input_required(key, request)))
}
