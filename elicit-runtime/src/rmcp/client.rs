//! The client side: answering a form an rmcp client received.

use ::rmcp::model as m;
use serde_json::{Map, Value};

use crate::ContentError;
use crate::protocol::{ElicitRequest, ElicitResult, FormRequest, MessageError};

/// Reads the form of an `elicitation/create` request an rmcp client received (the `request`
/// of `ClientHandler::create_elicitation`), to show it, pre-fill it and check the answer.
///
/// The schema is read from rmcp's model, which is already a reading of the server's JSON:
/// what rmcp keeps no field for (a string's `pattern`, `const`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `multipleOf`, root `additionalProperties`, an `enum` on a number or
/// a boolean, among others) is gone before this function sees it, so
/// [`validate`](crate::schema::RequestedSchema::validate) cannot enforce it and the server
/// may still refuse the answer. A schema rmcp's model cannot hold at all (`"minLength": 2.0`,
/// a `default` of another type than the property's) does not reach `create_elicitation`:
/// rmcp hands the request to `ClientHandler::on_custom_request` as a `CustomRequest` with
/// method `elicitation/create` and the params as sent, which
/// [`ElicitRequest::from_value`] reads (and the answer goes back as a `CustomResult` holding
/// the `ElicitResult`'s JSON). What this crate reads but does not apply is listed by
/// [`unchecked`](crate::schema::RequestedSchema::unchecked).
///
/// # Errors
/// A [`MessageError`] at `mode` for a URL-mode request (match rmcp's enum first to open the
/// URL instead), or at `requestedSchema` for a schema this crate refuses (see
/// [`RequestedSchema`](crate::schema::RequestedSchema)).
///
/// ```
/// use elicit_core::rmcp::read_form;
/// use rmcp::model::{ElicitRequestParams, ElicitationSchema};
///
/// let params = ElicitRequestParams::FormElicitationParams {
///     meta: None,
///     message: "Stay in touch?".into(),
///     requested_schema: ElicitationSchema::builder()
///         .required_email("email")
///         .optional_bool("newsletter", true)
///         .build()
///         .unwrap(),
/// };
/// let form = read_form(&params).unwrap();
/// assert_eq!(form.message(), "Stay in touch?");
/// assert_eq!(form.requested_schema().required, ["email"]);
///
/// let url = ElicitRequestParams::UrlElicitationParams {
///     meta: None,
///     message: "Sign in".into(),
///     url: "https://example.com/sign-in".into(),
///     elicitation_id: "e-1".into(),
/// };
/// assert_eq!(read_form(&url).unwrap_err().to_string(), r#"`mode`: expected "form", got "url""#);
/// ```
pub fn read_form(params: &m::ElicitRequestParams) -> Result<FormRequest, MessageError> {
    match ElicitRequest::try_from(params)? {
        ElicitRequest::Form(form) => Ok(form),
        ElicitRequest::Url(_) => Err(MessageError::unexpected("mode", "\"form\"", "url")),
    }
}

/// rmcp's `accept` result for `form`, with `content` (what the user entered; empty to take
/// the form as shown) completed by the form's defaults for the fields it leaves out
/// (SEP-1034, [`apply_defaults`](crate::schema::RequestedSchema::apply_defaults)) and checked
/// against the form ([`validate`](crate::schema::RequestedSchema::validate)) before anything
/// is sent.
///
/// # Errors
/// The [`ContentError`] naming every field that does not fit (a required field with no
/// default that the user left empty, a value out of range): show the form again with the
/// errors, or decline.
///
/// ```
/// use elicit_core::rmcp::{accept_form, read_form};
/// use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema};
/// use serde_json::{Map, json};
///
/// # fn handle(params: &ElicitRequestParams) -> ElicitResult {
/// // In `ClientHandler::create_elicitation`:
/// let Ok(form) = read_form(params) else {
///     return ElicitResult::new(ElicitationAction::Decline);
/// };
/// match accept_form(&form, Map::new()) {
///     Ok(accepted) => accepted,
///     Err(errors) => {
///         eprintln!("declined, the defaults do not fill the form:\n{errors}");
///         ElicitResult::new(ElicitationAction::Decline)
///     }
/// }
/// # }
///
/// let params = ElicitRequestParams::FormElicitationParams {
///     meta: None,
///     message: "How many seats?".into(),
///     requested_schema: ElicitationSchema::builder()
///         .optional_integer("seats", 1, 10)
///         .optional_bool("window", true)
///         .build()
///         .unwrap(),
/// };
/// let result = handle(&params);
/// assert_eq!(result.action, ElicitationAction::Accept);
/// assert_eq!(result.content, Some(json!({"window": true})));
///
/// // What the user typed is kept, and checked.
/// let form = read_form(&params).unwrap();
/// let typed = json!({"seats": 12}).as_object().unwrap().clone();
/// let error = accept_form(&form, typed).unwrap_err();
/// assert_eq!(error.to_string(), "`seats`: must be at most 10, got 12");
/// ```
pub fn accept_form(
    form: &FormRequest,
    mut content: Map<String, Value>,
) -> Result<m::ElicitResult, ContentError> {
    let schema = form.requested_schema();
    schema.apply_defaults(&mut content);
    schema.validate(&content)?;
    Ok(m::ElicitResult::from(&ElicitResult::accept(content)))
}
