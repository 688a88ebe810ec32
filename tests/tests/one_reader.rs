//! One reader: every answer is read against the form exactly as it was sent, by every way of
//! reading it (`Form::read`, the bytes of an answer, a `Dialog` on each revision, a round of
//! several inputs), so that the value handed back is one the form as sent allows.
//!
//! A declared default the shaping excluded is no default; a run-time default wins over the
//! declared one; a form asked again comes back with the fields in error empty and the right
//! ones kept; a revision that cannot pre-fill keeps them without asking them again.

mod dialog_support;

use std::sync::{Arc, Mutex};

use dialog_support::{done, rpc_error};
use elicit_core::dialog::{Dialog, Inputs};
use elicit_core::protocol::{
    DEFAULT_MESSAGE_LIMIT, MultiSelectFallback, ProtocolVersion, ReadError,
};
use elicit_core::testing::{Answer, Session, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome, FieldErrorKind, Form};
use rmcp::model::CallToolResponse;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// Tickets: only a few seats are left tonight
#[derive(Elicit, Debug, PartialEq)]
#[elicit(shaped)]
struct Tickets {
    #[elicit(minimum = 1, maximum = 10, default = 4)]
    count: u8,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
    Blue,
}

/// Your sweater
#[derive(Elicit, Debug, PartialEq)]
#[elicit(shaped)]
struct Sweater {
    #[elicit(default = Colour::Red)]
    colour: Colour,
    #[elicit(max_length = 20, default = "Merry Christmas!")]
    message: String,
    #[elicit(minimum = 1, maximum = 5, default = 2)]
    gift_wrap: Option<u8>,
}

#[test]
fn a_declared_default_the_shaping_excluded_is_no_default() {
    // Narrowed out: at most 2, the declared default 4 is not sent, and not read.
    let form = Tickets::form().count(|f| f.maximum(2)).build().unwrap();
    let count = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(
        count,
        json!({"type": "object", "properties": {"count": {"type": "integer", "title": "Count", "minimum": 1, "maximum": 2}}, "required": ["count"]})
    );
    let error = form.read(&object(json!({}))).unwrap_err();
    assert_eq!(error.errors()[0].field(), "count");
    assert_eq!(error.errors()[0].kind(), &FieldErrorKind::Missing);

    // Not offered: the red sweater is out of stock.
    let form = Sweater::form()
        .colour(|f| f.only([Colour::Green, Colour::Blue]))
        .build()
        .unwrap();
    assert!(form.schema().is_required("colour"));
    let error = form
        .read(&object(json!({"message": "Hi", "gift_wrap": 1})))
        .unwrap_err();
    assert_eq!(error.to_string(), "`colour`: a value is required");

    // Longer than a narrowed `max_length`: the declared message does not fit in 10.
    let form = Sweater::form()
        .message(|f| f.max_length(10))
        .build()
        .unwrap();
    let sent = serde_json::to_value(form.schema().property("message").unwrap()).unwrap();
    assert!(sent.get("default").is_none(), "{sent}");
    let error = form.read(&object(json!({"colour": "red"}))).unwrap_err();
    assert_eq!(error.to_string(), "`message`: a value is required");

    // What the shaping kept is still the default.
    let form = Tickets::form().count(|f| f.maximum(5)).build().unwrap();
    assert_eq!(form.read(&object(json!({}))).unwrap(), Tickets { count: 4 });
}

#[test]
fn a_run_time_default_wins_over_the_declared_one() {
    let form = Tickets::form()
        .count(|f| f.maximum(2).default(2))
        .build()
        .unwrap();
    assert_eq!(form.read(&object(json!({}))).unwrap(), Tickets { count: 2 });
    assert!(!form.schema().is_required("count"));
    // The static form still reads its own.
    assert_eq!(
        Tickets::from_content(&object(json!({}))).unwrap(),
        Tickets { count: 4 }
    );
}

#[test]
fn an_optional_field_left_out_is_none_whatever_its_default() {
    let form = Sweater::form().gift_wrap(|f| f.default(3)).build().unwrap();
    let sweater = form.read(&object(json!({}))).unwrap();
    assert_eq!(sweater.gift_wrap, None);
    assert_eq!(sweater.colour, Colour::Red);
}

#[test]
fn the_bytes_of_an_answer_are_read_against_the_form_as_sent() {
    let form = Tickets::form().count(|f| f.maximum(2)).build().unwrap();
    for (bytes, expected) in [
        (
            &br#"{"action":"accept","content":{}}"#[..],
            Err("`count`: a value is required"),
        ),
        (
            br#"{"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{"count":4}}}"#,
            Err("`count`: must be at most 2, got 4"),
        ),
        (br#"{"action":"accept","content":{"count":2}}"#, Ok(2)),
    ] {
        let read = form.outcome_from_slice_limited(bytes, DEFAULT_MESSAGE_LIMIT);
        match (read, expected) {
            (Ok(ElicitOutcome::Accepted(tickets)), Ok(count)) => assert_eq!(tickets.count, count),
            (Err(ReadError::Outcome(error)), Err(message)) => {
                assert!(error.to_string().ends_with(message), "{error}");
            }
            (other, expected) => panic!("{other:?}, expected {expected:?}"),
        }
    }
}

#[test]
fn only_nothing_on_a_required_field_cannot_be_asked() {
    let error = Sweater::form()
        .colour(|f| f.only(Vec::<Colour>::new()))
        .build()
        .unwrap_err();
    assert_eq!(error.field(), "colour");
    assert_eq!(error.problem(), "no option is offered");
}

/// What a form of one optional select offers.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(shaped)]
struct Upgrade {
    colour: Option<Colour>,
    seats: u8,
}

#[test]
fn only_nothing_on_an_optional_field_leaves_it_unasked() {
    let form = Upgrade::form()
        .colour(|f| f.only(Vec::<Colour>::new()))
        .build()
        .unwrap();
    assert!(form.schema().property("colour").is_none());
    assert_eq!(
        form.read(&object(json!({"seats": 1}))).unwrap(),
        Upgrade {
            colour: None,
            seats: 1
        }
    );
    let error = form
        .read(&object(json!({"colour": "red", "seats": 1})))
        .unwrap_err();
    assert_eq!(error.errors()[0].field(), "colour");
}

/// A reading
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Reading {
    level: f64,
    #[elicit(minimum = -10.0, maximum = 10.0)]
    offset: f32,
}

#[test]
fn a_bound_that_is_not_a_finite_number_cannot_be_asked() {
    for (bound, shape) in [
        (
            "minimum NaN is not a number",
            Reading::form().level(|f| f.minimum(f64::NAN)),
        ),
        (
            "maximum NaN is not a number",
            Reading::form().level(|f| f.maximum(f64::NAN)),
        ),
        (
            "maximum inf is not a finite number: leave the bound out instead",
            Reading::form().level(|f| f.maximum(f64::INFINITY)),
        ),
        (
            "minimum -inf is not a finite number: leave the bound out instead",
            Reading::form().level(|f| f.minimum(f64::NEG_INFINITY)),
        ),
    ] {
        let error = shape.build().unwrap_err();
        assert_eq!((error.field(), error.problem()), ("level", bound));
    }
    // On a field that has a bound, an infinite one is wider.
    let error = Reading::form()
        .offset(|f| f.maximum(f32::INFINITY))
        .build()
        .unwrap_err();
    assert_eq!(error.field(), "offset");
    assert!(
        error
            .problem()
            .starts_with("maximum inf is wider than the field allows"),
        "{}",
        error.problem()
    );
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Extra {
    Bread,
    Wine,
    Cheese,
}

/// Anything extra?
#[derive(Elicit, Debug, PartialEq)]
struct Basket {
    #[elicit(min_items = 1)]
    extras: Vec<Extra>,
    more: Option<Vec<Extra>>,
}

#[test]
fn a_checkbox_answered_with_no_boolean_is_an_error_of_its_own() {
    let fallback = MultiSelectFallback::Checkboxes;
    let schema = Basket::requested_schema();
    for not_a_boolean in [json!("true"), json!(1), json!([])] {
        let answer = object(json!({"extras.bread": not_a_boolean, "extras.wine": true}));
        let error = fallback.read_answer(schema, &answer).unwrap_err();
        assert_eq!(error.errors().len(), 1);
        assert_eq!(error.errors()[0].field(), "extras.bread");
    }
    // No box at all: nothing ticked, and `min_items` decides.
    let folded = fallback.read_answer(schema, &object(json!({}))).unwrap();
    assert_eq!(Value::Object(folded.clone()), json!({"extras": []}));
    let error = Basket::from_content(&folded).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`extras`: select at least 1 option, got 0"
    );
    // An optional multi-select with nothing ticked is left out.
    let folded = fallback
        .read_answer(
            schema,
            &object(json!({"extras.wine": true, "more.bread": false})),
        )
        .unwrap();
    assert_eq!(
        Basket::from_content(&folded).unwrap(),
        Basket {
            extras: vec![Extra::Wine],
            more: None
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Through a dialog, on every revision.
// ---------------------------------------------------------------------------------------------

// A trip: a date from the calendar, travellers up to the seats left that day.

/// Book your trip
#[derive(Elicit, Debug)]
struct Trip {
    /// The date
    #[elicit(options)]
    date: String,
    #[elicit(minimum = 1, maximum = 9, default = 1)]
    travellers: u8,
    /// Breakfast included?
    breakfast: bool,
}

#[derive(Clone)]
struct BoxOffice {
    /// Seats left tonight (`tickets`), and per date (`trip`).
    seats: Arc<Mutex<u8>>,
    dates: Arc<Mutex<Vec<(String, u8)>>>,
}

fn box_office() -> BoxOffice {
    BoxOffice {
        seats: Arc::new(Mutex::new(2)),
        dates: Arc::new(Mutex::new(vec![
            ("2026-12-27".to_owned(), 2),
            ("2026-12-28".to_owned(), 9),
        ])),
    }
}

fn trip_form(dates: &[(String, u8)]) -> Form<Trip> {
    let seats = dates.to_vec();
    Trip::form()
        .date(|f| {
            f.options(
                dates
                    .iter()
                    .map(|(date, left)| (date.clone(), format!("{date} — {left} seats left"))),
            )
        })
        .travellers(|f| {
            f.check(move |travellers: &u8, trip: &Trip| {
                let left = seats
                    .iter()
                    .find(|(date, _)| *date == trip.date)
                    .map_or(0, |(_, left)| *left);
                if *travellers > left {
                    Err(format!("only {left} seats left"))
                } else {
                    Ok(())
                }
            })
        })
        .build()
        .unwrap()
}

#[tool_router]
impl BoxOffice {
    #[tool(description = "Books tickets for tonight")]
    async fn tickets(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let seats = *self.seats.lock().unwrap();
        dialog
            .run(|d| async move {
                let form = Tickets::form().count(|f| f.maximum(seats)).build()?;
                let text = match d.ask_form("tickets", form).attempts(2).await {
                    Ok(ElicitOutcome::Accepted(tickets)) => format!("booked {}", tickets.count),
                    Ok(_) => "nothing booked".to_owned(),
                    Err(halt) => match halt.invalid() {
                        Some(errors) => format!("not booked: {errors}"),
                        None => return Err(halt),
                    },
                };
                Ok(done(text))
            })
            .await
    }

    #[tool(description = "Books a trip on a date with seats")]
    async fn trip(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let dates = self.dates.lock().unwrap().clone();
        dialog
            .run(|d| async move {
                let trip = d.ask_form("trip", trip_form(&dates)).attempts(2).await?;
                Ok(done(match trip {
                    ElicitOutcome::Accepted(trip) => format!(
                        "booked {} for {}{}",
                        trip.date,
                        trip.travellers,
                        if trip.breakfast { ", breakfast" } else { "" }
                    ),
                    _ => "nothing booked".to_owned(),
                }))
            })
            .await
    }

    #[tool(description = "Books a trip, asked in a round of several inputs")]
    async fn trip_round(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let dates = self.dates.lock().unwrap().clone();
        dialog
            .run(|d| async move {
                let form = trip_form(&dates);
                let gathered = d.ask_all(Inputs::new().form_of("trip", form)).await?;
                Ok(done(match gathered.form::<Trip>("trip")? {
                    Some(ElicitOutcome::Accepted(trip)) => {
                        format!("booked {} for {}", trip.date, trip.travellers)
                    }
                    _ => "nothing booked".to_owned(),
                }))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for BoxOffice {}

async fn connect(version: ProtocolVersion, server: BoxOffice, answers: Vec<Answer>) -> Session {
    TestClient::new(version)
        .answers(answers)
        .connect(server)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_answer_that_leaves_out_a_field_whose_default_was_excluded_books_nothing_unseen() {
    for version in REVISIONS {
        // The person presses Submit on a form that offered at most 2 and no default.
        let session = connect(
            version,
            box_office(),
            vec![Answer::accept(json!({})), Answer::accept(json!({}))],
        )
        .await;
        let result = session.call_tool("tickets", None).await.unwrap();
        assert_eq!(
            text(&result),
            "not booked: `count`: a value is required",
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "{version}");
        let count = &requests[0].params()["requestedSchema"];
        assert_eq!(count["required"], json!(["count"]), "{version}");
        assert!(
            count["properties"]["count"].get("default").is_none(),
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_field_asked_again_comes_back_empty_and_the_right_ones_kept() {
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        // Three travellers on the 27th, which has 2 seats; then just Submit again with two.
        let first = Answer::accept(json!({"travellers": 3, "breakfast": true}))
            .choose("date", "2026-12-27".to_owned());
        let second = Answer::accept(json!({"travellers": 2}));
        let session = connect(version, box_office(), vec![first, second]).await;
        let result = session.call_tool("trip", None).await.unwrap();
        assert_eq!(
            text(&result),
            "booked 2026-12-27 for 2, breakfast",
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "{version}");
        let again = &requests[1].params()["requestedSchema"];
        // The field in error: empty (no default, not its declared 1), and required; the
        // right ones, pre-filled, are not.
        assert!(
            again["properties"]["travellers"].get("default").is_none(),
            "{version}: {again}"
        );
        assert_eq!(again["required"], json!(["travellers"]), "{version}");
        // The right ones: pre-filled with what the person gave.
        assert_eq!(again["properties"]["date"]["default"], "2026-12-27");
        assert_eq!(again["properties"]["breakfast"]["default"], true);
        assert_eq!(
            requests[1].message(),
            Some("Book your trip. Please correct: Travellers: only 2 seats left.")
        );
    }
}

#[tokio::test]
async fn a_revision_that_cannot_prefill_asks_only_what_must_change_and_keeps_the_rest() {
    let first = Answer::accept(json!({"travellers": 3, "breakfast": true}))
        .choose("date", "2026-12-27".to_owned());
    let second = Answer::accept(json!({"travellers": 2}));
    let session = connect(
        ProtocolVersion::V2025_06_18,
        box_office(),
        vec![first, second],
    )
    .await;
    let result = session.call_tool("trip", None).await.unwrap();
    assert_eq!(text(&result), "booked 2026-12-27 for 2, breakfast");
    let requests = session.requests();
    let again = &requests[1].params()["requestedSchema"];
    assert_eq!(
        again,
        &json!({"type": "object", "properties": {"travellers": {"type": "integer", "title": "Travellers", "minimum": 1, "maximum": 9}}, "required": ["travellers"]})
    );
    assert_eq!(
        requests[1].message(),
        Some(
            "Book your trip. Please correct: Travellers: only 2 seats left. Your other answers are kept."
        )
    );
}

#[tokio::test]
async fn a_round_of_several_inputs_seals_its_offer_and_asks_a_changed_one_again() {
    let office = box_office();
    let session = TestClient::v2026_07_28()
        .connect(office.clone())
        .await
        .unwrap();
    let peer = session.peer();
    let mut params = rmcp::model::CallToolRequestParams::new("trip_round");
    let first = match peer.call_tool_once(params.clone()).await.unwrap() {
        CallToolResponse::InputRequired(first) => first,
        other => panic!("{other:?}"),
    };
    // The 27th goes while the person picks it.
    office.dates.lock().unwrap().remove(0);
    params.input_responses = Some(
        serde_json::from_value(json!({"trip": {"action": "accept", "content": {"date": "2026-12-27", "travellers": 1, "breakfast": false}}}))
            .unwrap(),
    );
    params.request_state = first.request_state.clone();
    let again = match peer.call_tool_once(params.clone()).await.unwrap() {
        CallToolResponse::InputRequired(again) => again,
        other => panic!("a withdrawn date must not be booked: {other:?}"),
    };
    let again = serde_json::to_value(&again).unwrap();
    let request = &again["inputRequests"]["trip"]["params"];
    assert_eq!(
        request["message"],
        "Book your trip. The choices have changed since you were asked: these are the current ones."
    );
    assert_eq!(
        request["requestedSchema"]["properties"]["date"]["oneOf"],
        json!([{"const": "2026-12-28", "title": "2026-12-28 — 9 seats left"}])
    );
}

#[tokio::test]
async fn the_server_s_own_data_past_the_state_cap_is_the_server_s_error() {
    #[derive(Clone)]
    struct Keeper;

    /// Go on?
    #[derive(Elicit)]
    struct Go {
        go: bool,
    }

    #[tool_router]
    impl Keeper {
        #[tool(description = "Keeps too much")]
        async fn keep(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
            dialog
                .run(|d| async move {
                    let notes = d.remember("notes", || "x".repeat(70_000))?;
                    let go = d.ask::<Go>("go").await?;
                    Ok(done(format!("{} {}", notes.len(), go.accepted().is_some())))
                })
                .await
        }
    }

    #[tool_handler]
    impl ServerHandler for Keeper {}

    let session = TestClient::v2026_07_28().connect(Keeper).await.unwrap();
    let error = rpc_error(session.call_tool("keep", None).await.unwrap_err());
    assert_eq!(error.code.0, -32603, "{error:?}");
    assert!(
        error.message.contains("`remember` (notes)"),
        "{}",
        error.message
    );
}

/// Pick a product
#[derive(Elicit, Debug)]
struct Product {
    #[elicit(options)]
    sku: u32,
}

#[test]
fn a_long_offer_is_checked_in_linear_time() {
    // Building the form checks that no option is offered twice, on every 2026-07-28 retry: ten
    // times the options must take about ten times as long (a quadratic check took a hundred).
    // A ratio of two timings in one run, each the fastest of five (a loaded machine stretches
    // single runs either way; linear is about 10×, quadratic 100×).
    let build = |count: u32| {
        (0..5)
            .map(|_| {
                let started = std::time::Instant::now();
                let form = Product::form()
                    .sku(|f| f.options(0..count))
                    .build()
                    .unwrap();
                let answer = object(json!({"sku": (count - 1).to_string()}));
                assert_eq!(form.read(&answer).unwrap().sku, count - 1);
                started.elapsed()
            })
            .min()
            .unwrap()
    };
    let (short, long) = (build(2_000), build(20_000));
    let ratio = long.as_secs_f64() / short.as_secs_f64();
    assert!(
        ratio < 40.0,
        "20 000 options took {ratio:.1}× as long as 2 000 ({long:?} against {short:?})"
    );
    // And twice the same option is still found.
    let error = Product::form()
        .sku(|f| f.options((0..20_000).chain([7])))
        .build()
        .unwrap_err();
    assert_eq!(error.problem(), "the option \"7\" is offered twice");
}
