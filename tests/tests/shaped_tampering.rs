//! A form shaped at run time on 2026-07-28, where the answer arrives in a retry and the tool
//! body runs again, against a client that edits what it sends back and a calendar that
//! changes between the rounds: nothing the client writes makes the server accept an option
//! it never offered, and an offer that changed is asked again, saying so.

mod shaped_support;

use elicit_core::testing::{Session, TestClient};
use rmcp::model::{CallToolRequestParams, CallToolResponse, InputRequiredResult};
use rmcp::{ErrorData, ServiceError};
use serde_json::{Value, json};
use shaped_support::{Calendar, Trips, calendar, title};

async fn connect(calendar: &Calendar) -> Session {
    TestClient::v2026_07_28()
        .connect(Trips {
            calendar: calendar.clone(),
        })
        .await
        .unwrap()
}

async fn call(
    session: &Session,
    tool: &str,
    answers: Option<Value>,
    state: Option<String>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    params.input_responses = answers.map(|answers| serde_json::from_value(answers).unwrap());
    params.request_state = state;
    session.peer().call_tool_once(params).await
}

fn asked(response: Result<CallToolResponse, ServiceError>) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("expected an InputRequiredResult, got {other:?}"),
    }
}

fn refused(response: Result<CallToolResponse, ServiceError>) -> ErrorData {
    match response {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

fn booked(response: Result<CallToolResponse, ServiceError>) -> String {
    match response {
        Ok(CallToolResponse::Complete(result)) => serde_json::to_value(&result).unwrap()["content"]
            [0]["text"]
            .as_str()
            .unwrap()
            .to_owned(),
        other => panic!("expected a result, got {other:?}"),
    }
}

/// The request asked under `key`, as JSON.
fn request(result: &InputRequiredResult, key: &str) -> Value {
    serde_json::to_value(result).unwrap()["inputRequests"][key].clone()
}

/// The `const`s the date select offers in `result`.
fn dates(result: &InputRequiredResult) -> Vec<String> {
    request(result, "rebook")["params"]["requestedSchema"]["properties"]["date"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|option| option["const"].as_str().unwrap().to_owned())
        .collect()
}

/// The retry of `rebook` answering `date` and `travellers`, with `state`.
async fn retry(
    session: &Session,
    date: &str,
    travellers: u8,
    state: Option<String>,
) -> Result<CallToolResponse, ServiceError> {
    call(session, "rebook", Some(accept(date, travellers)), state).await
}

fn accept(date: &str, travellers: u8) -> Value {
    json!({"rebook": {"action": "accept", "content": {"date": date, "travellers": travellers, "extras": ["9"]}}})
}

#[tokio::test]
async fn an_edited_answer_naming_a_date_never_offered_is_not_booked() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    assert_eq!(dates(&first), ["2026-12-27", "2026-12-28", "2026-12-30"]);
    let state = first.request_state.clone();

    // The sold-out day, a day never shown, a title for a const, a list, a number.
    let forged: [Value; 5] = [
        json!("2026-12-25"),
        json!("2026-12-29"),
        json!(title(28, 9)),
        json!(["2026-12-28"]),
        json!(20_261_228),
    ];
    for date in forged {
        let answers = json!({"rebook": {"action": "accept", "content": {"date": date, "travellers": 1, "extras": []}}});
        // Asked once: the call fails, naming the field.
        let error = refused(call(&session, "rebook", Some(answers.clone()), state.clone()).await);
        assert_eq!(error.code.0, -32602, "{date}");
        assert_eq!(error.data.unwrap()["errors"][0]["field"], "date", "{date}");
        // Asked up to twice: asked again, saying what to correct.
        let first = asked(call(&session, "rebook_twice", None, None).await);
        let again = asked(
            call(
                &session,
                "rebook_twice",
                Some(answers),
                first.request_state.clone(),
            )
            .await,
        );
        let message = request(&again, "rebook")["params"]["message"].clone();
        assert!(
            message.as_str().unwrap().contains("Please correct: Date"),
            "{date}: {message}"
        );
        assert_eq!(dates(&again), ["2026-12-27", "2026-12-28", "2026-12-30"]);
    }
}

#[tokio::test]
async fn an_edited_state_is_refused() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    let mut state = first.request_state.unwrap().into_bytes();
    let middle = state.len() / 2;
    state[middle] = if state[middle] == b'A' { b'B' } else { b'A' };
    let error = refused(
        retry(
            &session,
            "2026-12-28",
            1,
            Some(String::from_utf8(state).unwrap()),
        )
        .await,
    );
    assert_eq!(error.code.0, -32602);
    assert_eq!(error.message, "invalid or expired request state");
}

#[tokio::test]
async fn an_option_withdrawn_between_rounds_is_asked_again_saying_so() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    assert_eq!(dates(&first), ["2026-12-27", "2026-12-28", "2026-12-30"]);

    // The last seats of the 27th go while the person picks it.
    calendar.lock().unwrap().insert(27, 0);
    let again = asked(retry(&session, "2026-12-27", 2, first.request_state.clone()).await);
    let message = request(&again, "rebook")["params"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        message,
        "The 25th is full: pick another date. The choices have changed since you were asked: these are the current ones."
    );
    assert_eq!(dates(&again), ["2026-12-28", "2026-12-30"]);

    // The same answer to the new question is refused (the 27th is no longer offered); the
    // old state cannot bring it back either.
    let error = refused(retry(&session, "2026-12-27", 2, again.request_state.clone()).await);
    assert_eq!(error.data.unwrap()["errors"][0]["field"], "date");
    let replayed = asked(retry(&session, "2026-12-27", 2, first.request_state.clone()).await);
    assert_eq!(dates(&replayed), ["2026-12-28", "2026-12-30"]);

    // Picking from the current offer books.
    let text = booked(retry(&session, "2026-12-28", 2, again.request_state).await);
    assert_eq!(text, r#"booked 2026-12-28 for 2, extras ["Breakfast"]"#);
}

#[tokio::test]
async fn an_option_added_between_rounds_is_a_changed_offer_too() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    calendar.lock().unwrap().insert(29, 3);
    let again = asked(retry(&session, "2026-12-28", 2, first.request_state).await);
    assert_eq!(
        dates(&again),
        ["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30"]
    );
}

#[tokio::test]
async fn a_new_title_on_the_same_options_is_not_a_changed_offer() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    // One seat of the 28th goes: its title now says 8; the options are the same.
    calendar.lock().unwrap().insert(28, 8);
    let text = booked(retry(&session, "2026-12-28", 2, first.request_state).await);
    assert_eq!(text, r#"booked 2026-12-28 for 2, extras ["Breakfast"]"#);
}

#[tokio::test]
async fn a_check_on_live_data_runs_against_the_data_of_the_retry() {
    let calendar = calendar();
    let session = connect(&calendar).await;
    let first = asked(call(&session, "rebook", None, None).await);
    // The 27th had 2 seats when asked; one goes before the answer arrives.
    calendar.lock().unwrap().insert(27, 1);
    let error = refused(retry(&session, "2026-12-27", 2, first.request_state).await);
    assert_eq!(error.code.0, -32602);
    assert_eq!(
        error.data.unwrap()["errors"],
        json!([{"field": "travellers", "kind": "invalid", "message": "only 1 seats are left on 2026-12-27"}])
    );
}
