//! The kit's exchange mode (`TestClient::exchange`) against a server written by hand, with
//! no SDK: a function from a JSON-RPC request to its response, whose tools ask through
//! `Dialog::from_params`. The same script, records and errors as a `Session`.

use elicit_core::Elicit;
use elicit_core::dialog::Dialog;
use elicit_core::protocol::{JsonRpcError, ProtocolVersion};
use elicit_core::testing::{Answer, ExchangeSession, KitError, TestClient, text};
use rmcp::ServiceError;
use serde_json::{Value, json};

/// How many people?
#[derive(Elicit, Debug)]
struct Party {
    #[elicit(minimum = 1, maximum = 12)]
    size: u8,
}

/// The server: `book` asks for the party; `nag` asks a new question every round.
async fn serve(request: String) -> Result<String, String> {
    let message: Value = serde_json::from_str(&request).map_err(|error| error.to_string())?;
    let params = &message["params"];
    let dialog = Dialog::from_params("tools/call", params, ProtocolVersion::V2026_07_28)
        .map_err(|error| error.to_string())?;
    let result: Result<Value, JsonRpcError> = match params["name"].as_str() {
        Some("book") => {
            dialog
                .run(|d| async move {
                    let size = d.ask::<Party>("party").await?.accepted().map(|p| p.size);
                    Ok(tool_result(&format!("Table for {size:?}")))
                })
                .await
        }
        Some("nag") => {
            dialog
                .run(|d| async move {
                    for round in 0.. {
                        d.ask::<Party>(&format!("party-{round}")).await?;
                    }
                    Ok(tool_result("never"))
                })
                .await
        }
        _ => Ok(json!("not JSON-RPC")),
    };
    let id = message["id"].clone();
    Ok(match result {
        Ok(Value::String(text)) if text == "not JSON-RPC" => text,
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string(),
        Err(error) => json!({"jsonrpc": "2.0", "id": id, "error": error}).to_string(),
    })
}

fn tool_result(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}], "resultType": "complete"})
}

fn served(client: TestClient) -> ExchangeSession {
    client.exchange(serve).unwrap()
}

#[tokio::test]
async fn a_hand_written_server_is_driven_round_by_round() {
    let session = served(TestClient::v2026_07_28().answer(Answer::accept(json!({"size": 4}))));

    let result = session.call_tool("book", None).await.unwrap();

    assert_eq!(text(&result), "Table for Some(4)");
    let requests = session.requests();
    assert_eq!(requests.len(), 1);
    requests[0].assert_form::<Party>();
    assert_eq!((requests[0].call(), requests[0].round()), (1, 1));
    let exchanges = session.exchanges();
    assert_eq!(exchanges.len(), 2);
    assert!(exchanges[0].request().contains(
        r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}"#
    ));
    let state = exchanges[0].json()["result"]["requestState"].clone();
    assert!(exchanges[1].request().contains(&format!(
        r#""inputResponses":{{"party":{{"action":"accept","content":{{"size":4}}}}}},"requestState":{state}"#
    )));
    assert_eq!((exchanges[1].call(), exchanges[1].round()), (1, 2));
    assert!(session.script_left().is_empty());
}

#[tokio::test]
async fn a_skipped_answer_is_left_out_and_the_form_asked_again() {
    let session = served(
        TestClient::v2026_07_28().answers([Answer::skip(), Answer::accept(json!({"size": 2}))]),
    );
    let result = session.call_tool("book", None).await.unwrap();
    assert_eq!(text(&result), "Table for Some(2)");
    let exchanges = session.exchanges();
    assert_eq!(exchanges.len(), 3);
    assert!(!exchanges[1].request().contains("inputResponses"));
    assert_eq!(session.requests().len(), 2);
}

#[tokio::test]
async fn a_revision_with_requests_of_the_server_is_refused() {
    for client in [TestClient::v2025_06_18(), TestClient::v2025_11_25()] {
        let Err(KitError::Connect(message)) = client.exchange(serve) else {
            panic!("an exchange session on a revision before 2026-07-28");
        };
        assert!(message.contains("TestClient::connect"), "{message}");
    }
}

#[tokio::test]
async fn the_kit_errors_name_what_went_wrong() {
    let ran_out = served(TestClient::v2026_07_28());
    let error = ran_out.call_tool("book", None).await.unwrap_err();
    assert!(matches!(error, KitError::ScriptRanOut { .. }), "{error}");
    assert!(
        error.to_string().contains(
            r#"elicitation/create (form) "How many people?" under key `party` in call 1, round 1"#
        ),
        "{error}"
    );

    let answers = (0..3).map(|_| Answer::accept(json!({"size": 1})));
    let nagged = served(TestClient::v2026_07_28().answers(answers).max_rounds(3));
    let error = nagged.call_tool("nag", None).await.unwrap_err();
    assert!(
        matches!(error, KitError::TooManyRounds { rounds: 3, .. }),
        "{error}"
    );

    let garbled = served(TestClient::v2026_07_28());
    let error = garbled.call_tool("unknown", None).await.unwrap_err();
    assert!(
        matches!(error, KitError::UnexpectedResult { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("not JSON-RPC"), "{error}");

    let never = served(TestClient::v2026_07_28().answer(Answer::never()));
    let error = never.call_tool("book", None).await.unwrap_err();
    assert!(
        error
            .input_required()
            .is_some_and(|last| last.request_state.is_some()),
        "{error}"
    );
}

#[tokio::test]
async fn a_request_sent_as_is_gets_the_servers_answer() {
    let session = served(TestClient::v2026_07_28());
    let forged = json!({"name": "book", "requestState": "forged", "inputResponses": {"party": {"action": "decline"}}});
    let exchanged = session.send("tools/call", forged).await.unwrap();
    assert_eq!(exchanged.call(), 0);
    assert_eq!(exchanged.json()["error"]["code"], -32602);
    // Its JSON-RPC error, through a scripted call: rmcp's error, as a Session reports one.
    let session = served(TestClient::v2026_07_28().answer(Answer::raw(json!({"action": "maybe"}))));
    let error = session.call_tool("book", None).await.unwrap_err();
    let KitError::Service { error, .. } = error else {
        panic!("not the server's error");
    };
    let ServiceError::McpError(data) = *error else {
        panic!("not a JSON-RPC error");
    };
    assert_eq!(data.code.0, -32602);
    assert_eq!(data.data, Some(json!({"key": "party"})));
}
