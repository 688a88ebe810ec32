//! Tool arguments the model left out, asked of the person (`Asked<T>`): a call whose
//! arguments are whole asks nothing; one that leaves out (or gets wrong) a field marked
//! `ask_if_missing` asks for exactly those, keeps the rest and hands the tool a whole value;
//! any other missing argument is `-32602`, as is a client that cannot be asked. On every
//! revision, through the kit, and the tool's `inputSchema` tells the model what it may leave
//! out.

mod dialog_support;

use dialog_support::{done, keys, rpc_error};
use elicit_core::Elicit;
use elicit_core::dialog::{Asked, Dialog, DialogSettings};
use elicit_core::protocol::{ElicitationSupport, ProtocolVersion};
use elicit_core::rmcp::with_dialogs;
use elicit_core::testing::{Answer, Session, TestClient, text};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// Order a sweater
#[derive(Elicit, Debug)]
struct Order {
    /// The colour
    #[elicit(options, ask_if_missing)]
    colour: String,
    /// How many
    #[elicit(minimum = 1, maximum = 5, ask_if_missing)]
    quantity: u8,
    /// Gift-wrapped
    gift: Option<bool>,
    /// The customer's id
    customer: String,
}

/// The colours in stock, and how many of each.
const STOCK: [(&str, u8); 2] = [("navy", 4), ("green", 1)];

#[derive(Clone)]
struct Shop {
    dialogs: DialogSettings,
}

fn shop() -> Shop {
    Shop {
        dialogs: DialogSettings::new().keys(&keys(5)),
    }
}

#[tool_router]
impl Shop {
    #[tool(description = "Orders sweaters")]
    async fn order(
        &self,
        dialog: Dialog,
        Parameters(args): Parameters<Asked<Order>>,
    ) -> Result<CallToolResponse, ErrorData> {
        dialog
            .run(|d| async move {
                let in_stock = STOCK
                    .map(|(colour, left)| (colour.to_owned(), format!("{colour} — {left} left")));
                let form = Order::form().colour(|f| f.options(in_stock));
                let order = args
                    .complete_with(&d, form)
                    .attempts(2)
                    .or_reply("Nothing ordered.")
                    .await?;
                let gift = if order.gift == Some(true) {
                    ", wrapped"
                } else {
                    ""
                };
                Ok(done(format!(
                    "{} × {} for {}{gift}",
                    order.quantity, order.colour, order.customer
                )))
            })
            .await
    }
}

#[tool_handler(router = with_dialogs(Self::tool_router(), &self.dialogs))]
impl ServerHandler for Shop {}

async fn connect(client: TestClient) -> Session {
    client.connect(shop()).await.unwrap()
}

fn names(schema: &elicit_core::schema::RequestedSchema) -> Vec<&str> {
    schema
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect()
}

#[tokio::test]
async fn whole_arguments_ask_nothing() {
    for version in ProtocolVersion::ALL {
        let session = connect(TestClient::new(version)).await;
        let args = json!({"colour": "navy", "quantity": 2, "gift": true, "customer": "c-7"});
        let result = session.call_tool("order", args).await.unwrap();
        assert_eq!(
            text(&result),
            "2 × navy for c-7, wrapped",
            "{}",
            session.version()
        );
        assert!(session.requests().is_empty(), "{}", session.version());
    }
}

#[tokio::test]
async fn a_missing_argument_is_asked_alone_and_the_given_ones_kept() {
    for version in ProtocolVersion::ALL {
        let session =
            connect(TestClient::new(version).answer(Answer::accept(json!({"colour": "green"}))))
                .await;
        let version = session.version();

        let result = session
            .call_tool("order", json!({"quantity": 1, "customer": "c-7"}))
            .await
            .unwrap();

        assert_eq!(text(&result), "1 × green for c-7", "{version}");
        let requests = session.requests();
        assert_eq!(requests.len(), 1, "{version}");
        let schema = requests[0].schema().unwrap();
        assert_eq!(names(schema), ["colour"], "{version}");
        assert_eq!(schema.required, ["colour"], "{version}");
        assert_eq!(
            requests[0].message(),
            Some("Order a sweater. `order` needs this from you: Colour: fill this in."),
            "{version}"
        );
        // The options are the form's as shaped now.
        let colour = serde_json::to_value(schema.property("colour").unwrap()).unwrap();
        assert!(
            colour.to_string().contains("green — 1 left"),
            "{version}: {colour}"
        );
    }
}

#[tokio::test]
async fn wrong_arguments_are_asked_naming_why_and_asked_again_while_wrong() {
    for version in ProtocolVersion::ALL {
        let session = connect(TestClient::new(version).answers([
            // The quantity still too high: asked again.
            Answer::accept(json!({"colour": "navy", "quantity": 9})),
            Answer::accept(json!({"colour": "navy", "quantity": 3})),
        ]))
        .await;
        let version = session.version();

        // A colour not in stock and a quantity past the bound.
        let args = json!({"colour": "red", "quantity": 7, "customer": "c-7"});
        let result = session.call_tool("order", args).await.unwrap();

        assert_eq!(text(&result), "3 × navy for c-7", "{version}");
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "{version}");
        assert_eq!(
            names(requests[0].schema().unwrap()),
            ["colour", "quantity"],
            "{version}"
        );
        assert_eq!(
            requests[0].message(),
            Some(
                "Order a sweater. `order` needs this from you: Colour: choose one of the options. Quantity: enter at most 5."
            ),
            "{version}"
        );
        assert!(
            requests[1]
                .message()
                .unwrap()
                .contains("Please correct: Quantity: enter at most 5."),
            "{version}: {:?}",
            requests[1].message()
        );
    }
}

#[tokio::test]
async fn a_decline_answers_with_the_authors_text() {
    for version in ProtocolVersion::ALL {
        for answer in [Answer::decline(), Answer::cancel()] {
            let session = connect(TestClient::new(version).answer(answer)).await;
            let result = session
                .call_tool("order", json!({"customer": "c-7"}))
                .await
                .unwrap();
            assert_eq!(text(&result), "Nothing ordered.", "{}", session.version());
        }
    }
}

#[tokio::test]
async fn an_argument_not_marked_is_invalid_params_and_nothing_is_asked() {
    for version in ProtocolVersion::ALL {
        let session = connect(TestClient::new(version)).await;
        let error = rpc_error(
            session
                .call_tool(
                    "order",
                    json!({"colour": "navy", "quantity": 1, "gift": "yes"}),
                )
                .await
                .unwrap_err(),
        );
        assert_eq!(error.code.0, -32602, "{}", session.version());
        assert_eq!(
            error.message,
            "the arguments of `order` do not fit: `gift`: expected a boolean, got string; `customer`: a value is required",
            "{}",
            session.version()
        );
        assert!(session.requests().is_empty());
    }
}

#[tokio::test]
async fn a_client_that_cannot_be_asked_gets_invalid_params_naming_what_is_missing() {
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let session = connect(TestClient::new(version).elicitation(ElicitationSupport::NONE)).await;
        let error = rpc_error(
            session
                .call_tool("order", json!({"customer": "c-7"}))
                .await
                .unwrap_err(),
        );
        assert_eq!(error.code.0, -32602);
        assert_eq!(
            error.message,
            "`order` needs `colour`, `quantity` from the call: this client cannot be asked for them (it declared no form mode)"
        );
        assert!(session.requests().is_empty());
    }
}

#[tokio::test]
async fn the_input_schema_tells_the_model_what_it_may_leave_out() {
    let session = connect(TestClient::v2025_11_25()).await;
    let tools = session.peer().list_all_tools().await.unwrap();
    let schema = Value::Object((*tools[0].input_schema).clone());
    assert_eq!(schema["required"], json!(["customer"]));
    assert_eq!(schema["properties"]["colour"]["type"], "string");
    assert_eq!(
        schema["properties"]["colour"]["description"],
        "The colour. Leave it out if unknown: the user is asked."
    );
    assert_eq!(
        schema["properties"]["quantity"],
        json!({"type": "integer", "title": "Quantity", "minimum": 1, "maximum": 5, "description": "How many. Leave it out if unknown: the user is asked."})
    );
    assert_eq!(schema["properties"]["gift"]["type"], "boolean");
}

#[tokio::test]
async fn on_2026_07_28_the_question_is_bound_to_the_arguments_as_given() {
    let session = connect(TestClient::v2026_07_28()).await;
    let call = |arguments: Value, answers: Option<Value>, state: Option<String>| {
        let mut params = CallToolRequestParams::new("order");
        params.arguments = arguments.as_object().cloned();
        params.input_responses = answers.map(|answers| serde_json::from_value(answers).unwrap());
        params.request_state = state;
        session.peer().call_tool_once(params)
    };
    let given = json!({"quantity": 2, "customer": "c-7"});
    let CallToolResponse::InputRequired(first) = call(given.clone(), None, None).await.unwrap()
    else {
        panic!("expected the question");
    };
    let requests = first.input_requests.clone().unwrap();
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["arguments"]);
    let answer = json!({"arguments": {"action": "accept", "content": {"colour": "navy"}}});

    // The same state, other arguments: refused.
    let other = json!({"quantity": 5, "customer": "c-7"});
    let refused = call(other, Some(answer.clone()), first.request_state.clone())
        .await
        .unwrap_err();
    let rmcp::ServiceError::McpError(refused) = refused else {
        panic!("expected a JSON-RPC error, got {refused}");
    };
    assert_eq!(refused.code.0, -32602, "{}", refused.message);

    // The arguments as given: the answer merged into them.
    let done = call(given, Some(answer), first.request_state.clone())
        .await
        .unwrap();
    let CallToolResponse::Complete(result) = done else {
        panic!("expected the result");
    };
    assert_eq!(text(&result), "2 × navy for c-7");
}

#[tokio::test]
async fn a_hand_written_server_asks_the_same_and_a_nameless_call_says_the_tool() {
    use elicit_core::state::Binding;

    let given = json!({"quantity": 2, "customer": "c-7"});
    let capabilities = json!({"elicitation": {"form": {}}});
    let named = Dialog::from_params(
        "tools/call",
        &json!({"name": "order", "arguments": given, "_meta": {"io.modelcontextprotocol/clientCapabilities": capabilities}}),
        ProtocolVersion::V2026_07_28,
    )
    .unwrap();
    let asked = ask_order(named, &given).await;
    assert_eq!(
        asked["inputRequests"]["arguments"]["params"]["message"],
        "Order a sweater. `order` needs this from you: Colour: fill this in."
    );

    let nameless = Dialog::new(ProtocolVersion::V2026_07_28, Binding::tool("order", &given))
        .with_client_capabilities(capabilities.clone());
    let asked = ask_order(nameless, &given).await;
    assert_eq!(
        asked["inputRequests"]["arguments"]["params"]["message"],
        "Order a sweater. The tool needs this from you: Colour: fill this in."
    );
}

/// What a hand-written 2026-07-28 server answers a first call of `order` with `given`.
async fn ask_order(dialog: Dialog, given: &Value) -> Value {
    let asked = Asked::<Order>::new(given.as_object().unwrap().clone());
    let form = Order::form().colour(|f| f.options(["navy".to_owned()]));
    let result: Result<Value, _> = dialog
        .run(|d| async move {
            let order = asked.complete_with(&d, form).await?;
            Ok(format!("{order:?}"))
        })
        .await;
    result.unwrap()
}

/// A wire name may hold a dot: an error about it is about that field, not about the part
/// before the dot, so a missing `trip.date` is asked (it is marked), and a client that cannot
/// be asked hears its whole name, once.
#[tokio::test]
async fn a_dotted_wire_name_is_one_field() {
    /// Plan a trip
    #[derive(Elicit, Debug)]
    struct Plan {
        /// The day
        #[elicit(rename = "trip.date", ask_if_missing, min_length = 10)]
        date: String,
        /// The trip
        trip: Option<String>,
    }
    let given = json!({"trip": "Lisbon"});
    let ask = |capabilities: Value| {
        let given = given.clone();
        async move {
            let dialog = Dialog::from_params(
                "tools/call",
                &json!({"name": "plan", "arguments": given, "_meta": {"io.modelcontextprotocol/clientCapabilities": capabilities}}),
                ProtocolVersion::V2026_07_28,
            )
            .unwrap();
            let asked = Asked::<Plan>::new(given.as_object().unwrap().clone());
            let result: Result<Value, _> = dialog
                .run(|d| async move {
                    let plan = asked.complete(&d).await?;
                    Ok(format!("{plan:?}"))
                })
                .await;
            result
        }
    };
    let asked = ask(json!({"elicitation": {"form": {}}})).await.unwrap();
    let params = &asked["inputRequests"]["arguments"]["params"];
    assert_eq!(
        params["requestedSchema"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["trip.date"],
        "{asked}"
    );
    let error = ask(json!({})).await.unwrap_err();
    assert_eq!(error.code, -32602);
    assert_eq!(
        error.message,
        "`plan` needs `trip.date` from the call: this client cannot be asked for it (it declared no form mode)"
    );
}
