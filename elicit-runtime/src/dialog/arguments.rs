//! A tool's arguments that the model may leave to the person: [`Asked`].

use std::fmt;
use std::marker::PhantomData;

use serde_json::{Map, Value};

use super::ask::{Ask, Question};
use super::halt::one_line;
use super::{Dialog, Halt, reask};
use crate::form::Reask;
use crate::protocol::{ElicitMode, JsonRpcError};
use crate::{ContentError, Elicit, FieldError, Form, FormMode, IntoForm};

/// The key a call's missing arguments are asked under (in `inputRequests` on 2026-07-28):
/// give the other questions of a tool other keys.
///
/// ```
/// assert_eq!(elicit_core::dialog::ARGUMENTS_KEY, "arguments");
/// ```
pub const ARGUMENTS_KEY: &str = "arguments";

/// A tool's arguments, read as the derived form `T`, that the model may leave to the person:
/// the fields marked `#[elicit(ask_if_missing)]`, when the call leaves them out or gets them
/// wrong, are asked of the person in one form, and the tool gets a whole, valid `T`.
///
/// Take it as the tool's arguments (rmcp: `Parameters(args): Parameters<Asked<T>>`, after
/// the `Dialog`; rust-mcp-sdk: a [`Router`](crate::rust_mcp_sdk::Router) handler's
/// argument). Its JSON schema, the tool's `inputSchema`, is `T`'s with the askable fields
/// not required, each description saying the person is asked when it is left out. Then, in
/// the dialog's body, [`complete`](Self::complete) (or
/// [`complete_with`](Self::complete_with) a form shaped now: the dates that still have
/// seats) gives an [`Ask`]:
///
/// - arguments complete and valid: the value, nothing asked;
/// - askable ones missing or wrong: one form asking for exactly those, titled and described
///   as `T`'s, its message naming the tool and what to give; the valid arguments are kept
///   (never asked again) and merged into the answer;
/// - others missing or wrong: `-32602` naming them, as a tool without `Asked` answers;
/// - a client that cannot be asked (no form mode): `-32602` naming the missing arguments.
///
/// On every revision, through the same dialog: on 2026-07-28 the question is an
/// `InputRequiredResult` whose state is bound to the call's arguments as given. Decline and
/// cancel are the [`Ask`]'s outcomes ([`or_reply`](Ask::or_reply) answers the call with your
/// text).
///
/// ```
/// use elicit_core::dialog::{Asked, Dialog};
/// use elicit_core::Elicit;
/// use rmcp::handler::server::wrapper::Parameters;
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
///
/// /// Book a table
/// #[derive(Elicit)]
/// struct Table {
///     /// How many people
///     #[elicit(minimum = 1, maximum = 12, ask_if_missing)]
///     size: u8,
///     /// The restaurant
///     restaurant: String,
/// }
///
/// #[derive(Clone)]
/// struct Tables;
///
/// #[tool_router]
/// impl Tables {
///     #[tool(description = "Books a table; leave out the size if the user has not said it")]
///     async fn book(&self, dialog: Dialog, Parameters(args): Parameters<Asked<Table>>) -> Result<CallToolResponse, ErrorData> {
///         dialog.run(|d| async move {
///             let table = args.complete(&d).or_reply("Nothing booked.").await?;
///             let text = format!("A table for {} at {}", table.size, table.restaurant);
///             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///         })
///         .await
///     }
/// }
///
/// #[tool_handler]
/// impl ServerHandler for Tables {}
/// ```
pub struct Asked<T> {
    given: Map<String, Value>,
    form: PhantomData<fn() -> T>,
}

impl<T> Asked<T> {
    /// The arguments as the call gave them.
    ///
    /// ```
    /// use elicit_core::dialog::Asked;
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit)]
    /// struct Table { size: u8 }
    ///
    /// let args = Asked::<Table>::new(json!({"size": 4}).as_object().unwrap().clone());
    /// assert_eq!(args.given()["size"], 4);
    /// ```
    pub fn new(given: Map<String, Value>) -> Self {
        Self {
            given,
            form: PhantomData,
        }
    }

    /// The arguments as the call gave them (before anything is asked).
    ///
    /// ```
    /// use elicit_core::dialog::Asked;
    /// use elicit_core::Elicit;
    ///
    /// #[derive(Elicit)]
    /// struct Table { size: u8 }
    ///
    /// assert!(Asked::<Table>::new(Default::default()).given().is_empty());
    /// ```
    pub fn given(&self) -> &Map<String, Value> {
        &self.given
    }

    // The bounds are on each method, not on the impl: unmet, they are rustc's "trait bound
    // not satisfied" with `FormMode`'s (or `IntoForm`'s) own wording, not "`complete` exists
    // but its trait bounds were not satisfied".
    /// The arguments as `T`: read as given, and what the call left out or got wrong among
    /// the fields marked `ask_if_missing` asked of the person (see [`Asked`]). Await the
    /// [`Ask`], after [`attempts`](Ask::attempts) or [`or_reply`](Ask::or_reply) as you like.
    ///
    /// A form with a field marked `#[elicit(options)]` has no form of its own to ask: its
    /// options are given at run time, so its arguments are completed with
    /// [`complete_with`](Self::complete_with) and the form's builder (`T::form()`, the options
    /// given), and `complete` on it is a compile error that says so.
    ///
    /// ```
    /// use elicit_core::dialog::{Asked, Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// Book a table
    /// #[derive(Elicit)]
    /// struct Table { #[elicit(ask_if_missing)] size: u8 }
    ///
    /// async fn book(d: &Dialog, args: Asked<Table>) -> Result<String, Halt> {
    ///     let table = args.complete(d).attempts(2).or_reply("Nothing booked.").await?;
    ///     Ok(format!("A table for {}", table.size))
    /// }
    /// ```
    pub fn complete(self, dialog: &Dialog) -> Ask<'_, T>
    where
        T: Elicit + FormMode + 'static,
    {
        self.complete_with(dialog, Form::<T>::new())
    }

    /// As [`complete`](Self::complete), the arguments read against `form` and its missing
    /// ones asked with it: a form shaped now (the options that still have seats, a bound, a
    /// check), which must be the same on a 2026-07-28 retry for the same arguments.
    ///
    /// ```
    /// use elicit_core::dialog::{Asked, Dialog, Halt};
    /// use elicit_core::Elicit;
    ///
    /// /// Book a seat
    /// #[derive(Elicit)]
    /// struct Seat {
    ///     /// The day
    ///     #[elicit(options, ask_if_missing)]
    ///     day: String,
    /// }
    ///
    /// async fn book(d: &Dialog, args: Asked<Seat>) -> Result<String, Halt> {
    ///     let form = Seat::form().day(|f| f.options([("mon".to_owned(), "Monday — 2 seats left".to_owned())]));
    ///     Ok(args.complete_with(d, form).or_reply("Nothing booked.").await?.day)
    /// }
    /// ```
    pub fn complete_with(self, dialog: &Dialog, form: impl IntoForm<T>) -> Ask<'_, T>
    where
        T: FormMode + 'static,
    {
        let question = match form.into_form() {
            Ok(form) => dialog.arguments_question(&self.given, &form),
            Err(error) => Question::Failed(Halt::from(error)),
        };
        Ask::new(dialog, ARGUMENTS_KEY, question)
    }
}

impl Dialog {
    /// What to ask for the arguments `given`, read against `form`: nothing (they are whole),
    /// the askable fields in error, or an error.
    fn arguments_question<T>(&self, given: &Map<String, Value>, form: &Form<T>) -> Question<T> {
        let errors = match form.read(given) {
            Ok(value) => return Question::Answered(value),
            Err(errors) => errors,
        };
        let askable = form.askable_fields();
        let names = form.schema().names();
        // An error about a field not marked `ask_if_missing` (or about no field: a key the
        // form does not know) is the call's: nothing is asked.
        let refused: Vec<FieldError> = errors
            .errors()
            .iter()
            .filter(|error| {
                !error
                    .property(&names)
                    .is_some_and(|name| askable.contains(&name))
            })
            .cloned()
            .collect();
        // "`book_trip`", or, for a dialog whose call did not say its name, "the tool".
        let tool = self
            .name()
            .map_or_else(|| "the tool".to_owned(), |name| format!("`{name}`"));
        if !refused.is_empty() {
            let refused = ContentError::from(refused);
            return Question::Failed(arguments_error(
                format!("the arguments of {tool} do not fit: {}", one_line(&refused)),
                &refused,
            ));
        }
        if !self.supports(ElicitMode::Form) {
            // Each field once, in the form's order (two boxes of one multi-select are one field);
            // every error is about an askable one here.
            let names: Vec<String> = form
                .schema()
                .properties_in(&errors)
                .iter()
                .map(|name| format!("`{name}`"))
                .collect();
            return Question::Failed(arguments_error(
                format!(
                    "{tool} needs {} from the call: this client cannot be asked for {} (it declared no form mode)",
                    names.join(", "),
                    if names.len() == 1 { "it" } else { "them" }
                ),
                &errors,
            ));
        }
        let right = reask::right_fields(form, Some(given), &errors);
        let message = reask::arguments(form.prompt(), &tool, form.schema(), &errors);
        Question::Form(
            form.reask(&right, &errors, Reask::ErrorsOnly)
                .message(message),
        )
    }
}

/// `-32602` with `message` and every field's error as `data`.
fn arguments_error(message: String, errors: &ContentError) -> Halt {
    Halt::Error(JsonRpcError {
        code: JsonRpcError::INVALID_PARAMS,
        message,
        data: serde_json::to_value(errors).ok(),
    })
}

impl<T> fmt::Debug for Asked<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Asked").field("given", &self.given).finish()
    }
}

impl<T> Clone for Asked<T> {
    fn clone(&self) -> Self {
        Self::new(self.given.clone())
    }
}

/// Any JSON object: the arguments as given (nothing is judged before
/// [`complete`](Asked::complete)).
impl<'de, T> serde_core::Deserialize<'de> for Asked<T> {
    fn deserialize<D: serde_core::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Map::<String, Value>::deserialize(deserializer).map(Self::new)
    }
}

/// The tool's `inputSchema`: `T`'s schema, the fields marked `ask_if_missing` not required
/// and described as asked when left out; a field whose options are given at run time as a
/// string (a list of strings for a multi-select), its options not known when tools are
/// listed.
#[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
impl<T: crate::shape::StructForm + 'static> schemars::JsonSchema for Asked<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        std::any::type_name::<T>()
            .rsplit("::")
            .next()
            .unwrap_or("Arguments")
            .to_owned()
            .into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let schema = input_schema(T::base_schema(), T::NAMES, T::ASKABLE);
        schemars::Schema::try_from(schema).unwrap_or_default()
    }
}

/// What [`Asked`]'s description of a field the model may leave out says.
const LEFT_TO_THE_PERSON: &str = "Leave it out if unknown: the user is asked.";

/// The `inputSchema` of arguments read as a form whose base schema is `base`.
#[cfg_attr(not(any(feature = "rmcp", feature = "rust-mcp-sdk")), allow(dead_code))]
pub(crate) fn input_schema(
    base: &crate::schema::RequestedSchema,
    names: &[&str],
    askable: &[bool],
) -> Value {
    let mut schema = serde_json::to_value(base).unwrap_or(Value::Null);
    let asked: Vec<&str> = names
        .iter()
        .zip(askable)
        .filter_map(|(name, askable)| askable.then_some(*name))
        .collect();
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for (name, property) in properties.iter_mut() {
            let Some(property) = property.as_object_mut() else {
                continue;
            };
            unoffered(property);
            if asked.contains(&name.as_str()) {
                let description = match property.get("description").and_then(Value::as_str) {
                    Some(description) => reask::lead(description) + LEFT_TO_THE_PERSON,
                    None => LEFT_TO_THE_PERSON.to_owned(),
                };
                property.insert("description".to_owned(), Value::String(description));
            }
        }
    }
    if let Some(required) = schema.get_mut("required").and_then(Value::as_array_mut) {
        required.retain(|name| !name.as_str().is_some_and(|name| asked.contains(&name)));
    }
    schema
}

/// A property whose options are given at run time, which has none yet: a string (or a list
/// of strings), since an option is sent as its string.
fn unoffered(property: &mut Map<String, Value>) {
    let empty = |value: Option<&Value>| value.and_then(Value::as_array).is_some_and(Vec::is_empty);
    for key in ["enum", "oneOf", "anyOf"] {
        if empty(property.get(key)) {
            property.remove(key);
            property.insert("type".to_owned(), Value::from("string"));
        }
    }
    if let Some(items) = property.get_mut("items").and_then(Value::as_object_mut) {
        for key in ["enum", "oneOf", "anyOf"] {
            if empty(items.get(key)) {
                items.remove(key);
                items.insert("type".to_owned(), Value::from("string"));
            }
        }
    }
}
