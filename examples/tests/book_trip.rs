//! `book_trip` (`examples::trip`) on every protocol revision, through the test kit: a date with
//! seats is booked at once; a full date asks one form shaped from the calendar, whose answer is
//! checked against exactly what was offered (a date not offered, too many travellers, an extra
//! the chosen date does not have: asked again, never booked); and on 2026-07-28 a retry whose
//! `requestState` was edited is refused.

use elicit_core::protocol::ProtocolVersion;
use elicit_core::testing::{Answer, KitError, SeenRequest, TestClient, text};
use examples::trip::{NEAREST, TripServer, nearest_with_seats, rebooking_form};
use rmcp::ServiceError;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ErrorCode};
use serde_json::{Map, Value, json};

/// The prompt of the form a full 2026-12-25 asks.
const PROMPT: &str = "There are no seats left on Fri 25 Dec (2026-12-25). Pick one of the nearest dates that still have seats, how many travel, and any extras.";

/// Calls `book_trip` for `date` on `version`, the person answering with `answers`; returns
/// the result and every request the server made.
async fn book(
    version: ProtocolVersion,
    date: &str,
    answers: Vec<Answer>,
) -> (Result<CallToolResult, KitError>, Vec<SeenRequest>) {
    book_with(version, json!({"date": date}), answers).await
}

/// The text of a result that is not an error.
fn booked(result: Result<CallToolResult, KitError>) -> String {
    let result = result.unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    text(&result)
}

/// The text of a result that is an error (`isError`).
fn failed(result: Result<CallToolResult, KitError>) -> String {
    let result = result.unwrap();
    assert_eq!(result.is_error, Some(true), "{}", text(&result));
    text(&result)
}

/// The person's answer to the form, as their client sends it on `version`: the extras as a
/// multi-select's array, or, on 2025-06-18, as one ticked checkbox each.
fn choice(version: ProtocolVersion, date: &str, travellers: u8, extras: &[&str]) -> Answer {
    let mut content = Map::new();
    content.insert("date".into(), date.into());
    content.insert("travellers".into(), travellers.into());
    if version == ProtocolVersion::V2025_06_18 {
        for extra in extras {
            content.insert(format!("extras.{extra}"), true.into());
        }
    } else if !extras.is_empty() {
        content.insert("extras".into(), extras.iter().copied().collect());
    }
    Answer::accept(Value::Object(content))
}

/// What a re-ask adds on 2025-06-18, which cannot pre-fill the right answers and so asks only
/// the fields in error again.
fn kept(version: ProtocolVersion) -> &'static str {
    if version.has_defaults() {
        ""
    } else {
        " Your other answers are kept."
    }
}

/// The schema of a request, as sent: its text, keys in the server's order.
fn schema_text(request: &SeenRequest) -> String {
    serde_json::to_string(&request.params()["requestedSchema"]).unwrap()
}

/// What the form for a full 2026-12-25 is on `version`: the three nearest dates with seats
/// (the 22nd, 27th and 28th; the 23rd to the 26th are full) titled with their seats left, the
/// 27th (two days away) the default; travellers narrowed from 1..=9 to the most seats offered
/// (6); every extra the offered dates have. 2025-06-18 writes the select as `enum` +
/// `enumNames`, has no `default` but on booleans (so the travellers, whose default it cannot
/// send, are required there), and asks the extras as checkboxes.
fn expected_schema(version: ProtocolVersion) -> Value {
    const DESCRIPTION: &str = "The nearest dates that still have seats";
    const TRAVELLERS: &str = "How many people travel, including you";
    if version == ProtocolVersion::V2025_06_18 {
        return json!({
            "type": "object",
            "properties": {
                "date": {
                    "type": "string", "title": "Date", "description": DESCRIPTION,
                    "enum": ["2026-12-22", "2026-12-27", "2026-12-28"],
                    "enumNames": ["Tue 22 Dec — 1 seat left", "Sun 27 Dec — 2 seats left", "Mon 28 Dec — 6 seats left"]
                },
                "travellers": {"type": "integer", "title": "Travellers", "description": TRAVELLERS, "minimum": 1, "maximum": 6},
                "extras.breakfast": {"type": "boolean", "title": "Extras: Breakfast"},
                "extras.parking": {"type": "boolean", "title": "Extras: Parking (only Tue 22 Dec, Mon 28 Dec)"},
                "extras.bike": {"type": "boolean", "title": "Extras: Bike on board (only Mon 28 Dec)"},
                "extras.lounge": {"type": "boolean", "title": "Extras: Lounge access (only Sun 27 Dec)"}
            },
            "required": ["date", "travellers"]
        });
    }
    json!({
        "type": "object",
        "properties": {
            "date": {
                "type": "string", "title": "Date", "description": DESCRIPTION,
                "oneOf": [
                    {"const": "2026-12-22", "title": "Tue 22 Dec — 1 seat left"},
                    {"const": "2026-12-27", "title": "Sun 27 Dec — 2 seats left"},
                    {"const": "2026-12-28", "title": "Mon 28 Dec — 6 seats left"}
                ],
                "default": "2026-12-27"
            },
            "travellers": {"type": "integer", "title": "Travellers", "description": TRAVELLERS, "minimum": 1, "maximum": 6, "default": 1},
            "extras": {
                "type": "array", "title": "Extras", "description": "Anything to add to the trip",
                "items": {"anyOf": [
                    {"const": "breakfast", "title": "Breakfast"},
                    {"const": "parking", "title": "Parking (only Tue 22 Dec, Mon 28 Dec)"},
                    {"const": "bike", "title": "Bike on board (only Mon 28 Dec)"},
                    {"const": "lounge", "title": "Lounge access (only Sun 27 Dec)"}
                ]}
            }
        }
        // Every field has a value before the person touches it, so none is required.
    })
}

#[tokio::test]
async fn a_date_with_seats_is_booked_at_once() {
    for version in ProtocolVersion::ALL {
        let (result, requests) = book(version, "2026-12-28", vec![]).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-28 for 1 traveller, no extras."
        );
        assert!(requests.is_empty(), "{version:?} asked {requests:?}");
    }
}

#[tokio::test]
async fn the_25th_asks_one_form_of_the_nearest_dates_and_books_the_one_chosen() {
    for version in ProtocolVersion::ALL {
        let answer = choice(version, "2026-12-28", 3, &["breakfast", "bike"]);
        let (result, requests) = book(version, "2026-12-25", vec![answer]).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-28 for 3 travellers, with Breakfast and Bike on board.",
            "{version:?}"
        );
        assert_eq!(requests.len(), 1, "{version:?}");
        assert_eq!(requests[0].message(), Some(PROMPT));
        assert_eq!(
            schema_text(&requests[0]),
            serde_json::to_string(&expected_schema(version)).unwrap(),
            "{version:?}"
        );
    }
}

#[tokio::test]
async fn the_nearest_date_is_the_default() {
    // 2025-06-18 sends no default on a select (its schema above has none).
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let (result, _) = book(version, "2026-12-25", vec![Answer::accept_defaults()]).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-27 for 1 traveller, no extras."
        );
    }
}

#[tokio::test]
async fn another_full_date_offers_the_dates_nearest_to_it() {
    // From the 31st: the 30th (1 day away, the default), the 29th and the 2nd (2 days each);
    // the 28th and the 3rd (3 days) are left out.
    let (result, requests) = book(
        ProtocolVersion::V2025_11_25,
        "2026-12-31",
        vec![Answer::accept_defaults()],
    )
    .await;

    assert_eq!(
        booked(result),
        "Booked 2026-12-30 for 1 traveller, no extras."
    );
    let constants: Vec<&Value> =
        requests[0].params()["requestedSchema"]["properties"]["date"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| &option["const"])
            .collect();
    assert_eq!(constants, ["2026-12-29", "2026-12-30", "2027-01-02"]);
}

#[tokio::test]
async fn more_travellers_than_seats_left_is_asked_again_naming_the_seats() {
    for version in ProtocolVersion::ALL {
        if !version.has_defaults() {
            // 2025-06-18 asks again only the travellers, keeping the date and extras chosen.
            let answers = vec![
                choice(version, "2026-12-27", 5, &["lounge"]),
                Answer::accept(json!({"travellers": 3})),
                Answer::accept(json!({"travellers": 2})),
            ];
            let (result, requests) = book(version, "2026-12-25", answers).await;
            assert_eq!(
                booked(result),
                "Booked 2026-12-27 for 2 travellers, with Lounge access."
            );
            let messages: Vec<&str> = requests.iter().filter_map(SeenRequest::message).collect();
            let again = format!(
                "{PROMPT} Please correct: Travellers: only 2 seats left on Sun 27 Dec. Your other answers are kept."
            );
            assert_eq!(messages, [PROMPT.to_owned(), again.clone(), again]);
            continue;
        }
        let answers = vec![
            choice(version, "2026-12-27", 5, &[]),
            choice(version, "2026-12-22", 2, &[]),
            choice(version, "2026-12-27", 2, &["lounge"]),
        ];
        let (result, requests) = book(version, "2026-12-25", answers).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-27 for 2 travellers, with Lounge access.",
            "{version:?}"
        );
        let messages: Vec<&str> = requests.iter().filter_map(SeenRequest::message).collect();
        assert_eq!(
            messages,
            [
                PROMPT.to_owned(),
                format!("{PROMPT} Please correct: Travellers: only 2 seats left on Sun 27 Dec."),
                format!("{PROMPT} Please correct: Travellers: only 1 seat left on Tue 22 Dec."),
            ],
            "{version:?}"
        );
    }
}

#[tokio::test]
async fn an_extra_the_chosen_date_does_not_have_is_asked_again() {
    for version in ProtocolVersion::ALL {
        let answers = vec![
            choice(version, "2026-12-28", 1, &["parking", "lounge"]),
            choice(version, "2026-12-28", 1, &["parking"]),
        ];
        let (result, requests) = book(version, "2026-12-25", answers).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-28 for 1 traveller, with Parking.",
            "{version:?}"
        );
        assert_eq!(
            requests[1].message().unwrap(),
            format!(
                "{PROMPT} Please correct: Extras: Lounge access is not offered on Mon 28 Dec.{}",
                kept(version)
            ),
            "{version:?}"
        );
    }
}

#[tokio::test]
async fn a_date_not_offered_is_never_booked() {
    // The full date itself, another full one, one with seats that is not among the nearest
    // three, and one that is no date.
    for date in ["2026-12-25", "2027-01-01", "2026-12-29", "25 Dec"] {
        for version in ProtocolVersion::ALL {
            let answers = vec![choice(version, date, 1, &[]); 3];
            let (result, requests) = book(version, "2026-12-25", answers).await;

            let text = failed(result);
            assert_eq!(
                text,
                "The answer still did not fit after 3 attempts. Date: choose one of the options.",
                "{version:?}"
            );
            assert_eq!(requests.len(), 3, "{version:?}");
            assert_eq!(
                requests[1].message().unwrap(),
                format!(
                    "{PROMPT} Please correct: Date: choose one of the options.{}",
                    kept(version)
                ),
            );
        }
    }
}

#[tokio::test]
async fn a_date_not_offered_then_a_decline_books_nothing() {
    for version in ProtocolVersion::ALL {
        let answers = vec![choice(version, "2026-12-25", 1, &[]), Answer::decline()];
        let (result, _) = book(version, "2026-12-25", answers).await;

        assert_eq!(
            booked(result),
            "Nothing was booked: 2026-12-25 is full, and no other date was chosen."
        );
    }
}

#[tokio::test]
async fn a_decline_or_a_cancel_books_nothing() {
    for version in ProtocolVersion::ALL {
        let (declined, _) = book(version, "2026-12-25", vec![Answer::decline()]).await;
        let (cancelled, _) = book(version, "2026-12-25", vec![Answer::cancel()]).await;

        assert_eq!(
            booked(declined),
            "Nothing was booked: 2026-12-25 is full, and no other date was chosen."
        );
        assert_eq!(
            booked(cancelled),
            "Nothing was booked: 2026-12-25 is full, and no other date was chosen."
        );
    }
}

/// Calls `book_trip` with `arguments` on `version`, the person answering with `answers`.
async fn book_with(
    version: ProtocolVersion,
    arguments: Value,
    answers: Vec<Answer>,
) -> (Result<CallToolResult, KitError>, Vec<SeenRequest>) {
    let session = TestClient::new(version)
        .answers(answers)
        .connect(TripServer)
        .await
        .unwrap();
    let result = session.call_tool("book_trip", arguments).await;
    (result, session.requests())
}

/// The message of the question for the date the call did not give.
const ASK_DATE: &str =
    "Which day would you like to travel? `book_trip` needs this from you: Date: fill this in.";

#[tokio::test]
async fn a_call_without_a_date_asks_for_one_of_the_dates_with_seats() {
    for version in ProtocolVersion::ALL {
        let answers = vec![Answer::accept(json!({"date": "2026-12-28"}))];
        let (result, requests) = book_with(version, json!({}), answers).await;

        assert_eq!(
            booked(result),
            "Booked 2026-12-28 for 1 traveller, no extras.",
            "{version:?}"
        );
        assert_eq!(requests.len(), 1, "{version:?}");
        assert_eq!(requests[0].message().unwrap(), ASK_DATE, "{version:?}");
        let schema = schema_text(&requests[0]);
        // Only the date, required; the dates with seats, titled with the seats left.
        assert!(
            schema.contains(r#""required":["date"]"#),
            "{version:?}: {schema}"
        );
        for title in [
            "Mon 21 Dec — 8 seats left",
            "Tue 22 Dec — 1 seat left",
            "Sun 27 Dec — 2 seats left",
            "Sun 3 Jan — 9 seats left",
        ] {
            assert!(schema.contains(title), "{version:?}: {title} in {schema}");
        }
        for full in ["Fri 25 Dec", "Thu 31 Dec", "full"] {
            assert!(!schema.contains(full), "{version:?}: {full} in {schema}");
        }
    }
}

#[tokio::test]
async fn a_date_the_calendar_does_not_have_is_asked_for_again_naming_why() {
    for version in ProtocolVersion::ALL {
        // Outside the calendar, and no date at all.
        for date in ["2027-03-01", "2026-12-32"] {
            let answers = vec![Answer::accept(json!({"date": "2027-01-02"}))];
            let (result, requests) = book(version, date, answers).await;

            assert_eq!(
                booked(result),
                "Booked 2027-01-02 for 1 traveller, no extras.",
                "{version:?}"
            );
            assert_eq!(requests.len(), 1, "{version:?}");
            assert_eq!(
                requests[0].message().unwrap(),
                "Which day would you like to travel? `book_trip` needs this from you: Date: choose one of the options.",
                "{version:?}"
            );
        }
    }
}

#[tokio::test]
async fn a_date_with_seats_asks_nothing_and_a_decline_of_the_date_books_nothing() {
    for version in ProtocolVersion::ALL {
        let (result, requests) = book(version, "2026-12-29", vec![]).await;
        assert_eq!(
            booked(result),
            "Booked 2026-12-29 for 1 traveller, no extras."
        );
        assert!(requests.is_empty(), "{version:?}");

        for answer in [Answer::decline(), Answer::cancel()] {
            let (result, _) = book_with(version, json!({}), vec![answer]).await;
            assert_eq!(
                booked(result),
                "Nothing was booked: no date was chosen.",
                "{version:?}"
            );
        }
    }
}

#[tokio::test]
async fn the_model_is_told_it_may_leave_the_date_out() {
    let session = TestClient::v2025_11_25().connect(TripServer).await.unwrap();
    let tools = session.peer().list_all_tools().await.unwrap();
    let schema = Value::Object((*tools[0].input_schema).clone());
    assert_eq!(schema["required"], json!([]));
    assert_eq!(
        schema["properties"]["date"],
        json!({"type": "string", "title": "Date", "description": "The day to travel, written YYYY-MM-DD. Leave it out if unknown: the user is asked."})
    );
    assert!(
        tools[0]
            .description
            .as_deref()
            .unwrap()
            .contains("leave the date out")
    );
}

/// 2026-07-28: the state of the call's first round, and the retry that answers it with
/// `state` and `content` (raw calls, so that a test can edit what the client sends).
mod retried {
    use super::{CallToolRequestParams, CallToolResponse, ServiceError, Value, json};
    use elicit_core::testing::Session;

    pub async fn first_state(session: &Session) -> String {
        match call(session, None, None).await.unwrap() {
            CallToolResponse::InputRequired(result) => result.request_state.unwrap(),
            other => panic!("expected an InputRequiredResult, got {other:?}"),
        }
    }

    pub async fn call(
        session: &Session,
        content: Option<Value>,
        state: Option<String>,
    ) -> Result<CallToolResponse, ServiceError> {
        let mut params = CallToolRequestParams::new("book_trip");
        params.arguments = json!({"date": "2026-12-25"}).as_object().cloned();
        params.input_responses = content.map(|content| {
            serde_json::from_value(json!({"rebooking": {"action": "accept", "content": content}}))
                .unwrap()
        });
        params.request_state = state;
        session.peer().call_tool_once(params).await
    }
}

#[tokio::test]
async fn an_edited_request_state_is_refused_with_invalid_params() {
    let session = TestClient::v2026_07_28().connect(TripServer).await.unwrap();
    let answer = json!({"date": "2026-12-27", "travellers": 2});

    // The untouched state books: what the edited one is refused against.
    let state = retried::first_state(&session).await;
    let untouched = retried::call(&session, Some(answer.clone()), Some(state.clone()))
        .await
        .unwrap();
    let CallToolResponse::Complete(untouched) = untouched else {
        panic!("expected the booking, got {untouched:?}");
    };
    assert_eq!(
        text(&untouched),
        "Booked 2026-12-27 for 2 travellers, no extras."
    );

    // One character of the sealed payload changed (not the last, whose low bits are padding).
    let mut bytes = state.into_bytes();
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    let edited = String::from_utf8(bytes).unwrap();
    let refused = retried::call(&session, Some(answer), Some(edited)).await;

    let Err(ServiceError::McpError(error)) = refused else {
        panic!("expected a JSON-RPC error, got {refused:?}");
    };
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(error.message, "invalid or expired request state");
}

#[tokio::test]
async fn an_edited_answer_naming_a_date_not_offered_is_asked_again_on_2026_07_28() {
    let session = TestClient::v2026_07_28().connect(TripServer).await.unwrap();
    let state = retried::first_state(&session).await;

    let retry = retried::call(
        &session,
        Some(json!({"date": "2026-12-29", "travellers": 1})),
        Some(state),
    )
    .await
    .unwrap();

    let CallToolResponse::InputRequired(again) = retry else {
        panic!("expected the form again, got {retry:?}");
    };
    let request = serde_json::to_value(&again.input_requests.unwrap()["rebooking"]).unwrap();
    assert_eq!(
        request["params"]["message"],
        format!("{PROMPT} Please correct: Date: choose one of the options.")
    );
}

#[test]
fn the_offer_is_a_function_of_the_calendar_alone() {
    // The tool body runs again on every 2026-07-28 retry: the same date must give the same
    // form, or the person's answer would be read against another one.
    let full = chrono::NaiveDate::from_ymd_opt(2026, 12, 25).unwrap();
    let offer = nearest_with_seats(full, NEAREST);
    let dates: Vec<String> = offer.iter().map(|day| day.date.to_string()).collect();
    assert_eq!(dates, ["2026-12-22", "2026-12-27", "2026-12-28"]);

    let once = rebooking_form(full, &offer).unwrap();
    let again = rebooking_form(full, &nearest_with_seats(full, NEAREST)).unwrap();
    assert_eq!(
        serde_json::to_string(once.schema()).unwrap(),
        serde_json::to_string(again.schema()).unwrap()
    );
}
