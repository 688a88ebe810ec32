//! Forms shaped at run time, asked through a `Dialog` and rmcp's peer, on every protocol
//! revision, with the test kit: the form instance sent is the one built (asserted with
//! `SeenRequest::assert_form_is`), answered by option (`Answer::choose…`); the answer comes
//! back as the values offered; an option never offered, or a check across fields that fails,
//! is asked again with the run-time options kept and the right answers as defaults; a form
//! that contradicts itself is an internal error before anything is sent; 2025-06-18 gets the
//! legacy `enumNames` select and the extras as checkboxes.

mod dialog_support;
mod shaped_support;

use dialog_support::rpc_error;
use elicit_core::Form;
use elicit_core::protocol::ProtocolVersion;
use elicit_core::testing::{Answer, KitError, Session, TestClient, text};
use serde_json::json;
use shaped_support::{Rebook, Trips, calendar, date, rebook, title};

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V2025_06_18,
    ProtocolVersion::V2025_11_25,
    ProtocolVersion::V2026_07_28,
];

async fn connect(version: ProtocolVersion, answers: Vec<Answer>) -> Session {
    TestClient::new(version)
        .answers(answers)
        .connect(Trips {
            calendar: calendar(),
        })
        .await
        .unwrap()
}

/// The form as first asked, for `assert_form_is`.
fn first_form() -> Form<Rebook> {
    rebook(&calendar().lock().unwrap()).unwrap()
}

/// A person's answer: the day by its title, two travellers, the bike.
fn pick(day: u32, seats: u8, travellers: u8) -> Answer {
    Answer::accept(json!({"travellers": travellers}))
        .choose_titled("date", title(day, seats))
        .choose_all_titled("extras", ["Bike"])
}

#[tokio::test]
async fn the_form_sent_is_the_instance_built_and_its_answer_comes_back_typed() {
    for version in REVISIONS {
        let session = connect(version, vec![pick(28, 9, 3)]).await;
        let result = session.call_tool("rebook", None).await.unwrap();
        assert_eq!(
            text(&result),
            r#"booked 2026-12-28 for 3, extras ["Bike"]"#,
            "{version}"
        );
        let requests = session.requests();
        assert_eq!(requests.len(), 1, "{version}");
        requests[0].assert_form_is(&first_form());
        assert_eq!(
            requests[0].message(),
            Some("The 25th is full: pick another date")
        );
    }
}

#[tokio::test]
async fn each_revision_gets_the_select_it_can_show() {
    for version in REVISIONS {
        let session = connect(version, vec![Answer::decline()]).await;
        let result = session.call_tool("rebook", None).await.unwrap();
        assert_eq!(text(&result), "nothing booked", "{version}");
        let raw = session.requests()[0].raw().to_owned();
        let titles = [title(27, 2), title(28, 9), title(30, 4)];
        if version == ProtocolVersion::V2025_06_18 {
            // `enumNames`, no default, the extras as checkboxes.
            let names = serde_json::to_string(&titles).unwrap();
            assert!(raw.contains(&format!(r#""enumNames":{names}"#)), "{raw}");
            assert!(!raw.contains(r#""default""#), "{raw}");
            assert!(
                raw.contains(r#""extras.7":{"type":"boolean","title":"Extras: Bike"}"#),
                "{raw}"
            );
        } else {
            let one_of = titles
                .iter()
                .zip(["2026-12-27", "2026-12-28", "2026-12-30"])
                .map(|(title, day)| format!(r#"{{"const":"{day}","title":"{title}"}}"#))
                .collect::<Vec<_>>()
                .join(",");
            assert!(raw.contains(&format!(r#""oneOf":[{one_of}]"#)), "{raw}");
            assert!(raw.contains(r#""default":"2026-12-27""#), "{raw}");
            assert!(
                raw.contains(r#""items":{"anyOf":[{"const":"7","title":"Bike"},{"const":"9","title":"Breakfast"}]}"#),
                "{raw}"
            );
        }
    }
}

#[tokio::test]
async fn a_date_never_offered_is_asked_again_and_never_booked() {
    for version in REVISIONS {
        // The sold-out 25th itself, written in the content by hand (a person could not
        // pick it: a client that sends it anyway).
        let forged = Answer::accept(json!({"date": "2026-12-25", "travellers": 2}))
            .choose_all_titled("extras", ["Breakfast"]);
        // 2025-06-18 cannot pre-fill the right answers: it asks only the date again, and
        // keeps the travellers and extras given.
        let (again, booked) = if version.has_defaults() {
            (
                pick(30, 4, 2),
                r#"booked 2026-12-30 for 2, extras ["Bike"]"#,
            )
        } else {
            (
                Answer::accept(json!({})).choose_titled("date", title(30, 4)),
                r#"booked 2026-12-30 for 2, extras ["Breakfast"]"#,
            )
        };
        let session = connect(version, vec![forged, again]).await;
        let result = session.call_tool("rebook_twice", None).await.unwrap();
        assert_eq!(text(&result), booked, "{version}");
        let requests = session.requests();
        assert_eq!(requests.len(), 2, "{version}");
        let again = requests[1].message().unwrap();
        assert!(
            again.starts_with("The 25th is full: pick another date. Please correct: Date"),
            "{version}: {again}"
        );
        // The run-time options are kept; the right answers are the defaults now.
        let first = first_form();
        let schema = requests[1].schema().unwrap();
        assert_eq!(
            schema
                .property("date")
                .unwrap()
                .option_values()
                .collect::<Vec<_>>(),
            first
                .schema()
                .property("date")
                .unwrap()
                .option_values()
                .collect::<Vec<_>>(),
            "{version}"
        );
        let raw = requests[1].raw();
        if version.has_defaults() {
            assert!(raw.contains(r#""travellers":{"type":"integer","title":"Travellers","description":"Travellers","minimum":1,"maximum":9,"default":2}"#), "{raw}");
        }
    }
}

#[tokio::test]
async fn once_the_attempts_are_spent_the_call_fails_naming_the_field() {
    for version in REVISIONS {
        let forged = Answer::accept(json!({"date": "2027-01-01", "travellers": 2, "extras": []}));
        let session = connect(version, vec![forged]).await;
        let error = rpc_error(session.call_tool("rebook", None).await.unwrap_err());
        assert_eq!(error.code.0, -32602, "{version}");
        assert!(
            error.message.contains("`rebook`") && error.message.contains("date"),
            "{version}: {}",
            error.message
        );
        let data = error.data.unwrap();
        assert_eq!(data["errors"][0]["field"], "date", "{version}");
    }
}

#[tokio::test]
async fn a_check_across_fields_is_asked_again_with_its_message() {
    for version in REVISIONS {
        // Three travellers on the 27th, which has two seats left; then on the 28th (or, on
        // 2025-06-18, which asks again only the travellers, two on the 27th).
        let (again, booked) = if version.has_defaults() {
            (
                pick(28, 9, 3),
                r#"booked 2026-12-28 for 3, extras ["Bike"]"#,
            )
        } else {
            (
                Answer::accept(json!({"travellers": 2})),
                r#"booked 2026-12-27 for 2, extras ["Bike"]"#,
            )
        };
        let session = connect(version, vec![pick(27, 2, 3), again]).await;
        let result = session.call_tool("rebook_twice", None).await.unwrap();
        assert_eq!(text(&result), booked, "{version}");
        let requests = session.requests();
        let again = requests[1].message().unwrap();
        assert!(
            again.contains("Travellers: only 2 seats are left on 2026-12-27"),
            "{version}: {again}"
        );
    }
}

#[tokio::test]
async fn a_builder_is_asked_as_it_is() {
    for version in REVISIONS {
        let answer = Answer::accept(json!({"travellers": 3}))
            .choose("date", date(28))
            .choose_all("extras", ["7".to_owned()]);
        let session = connect(version, vec![answer, Answer::decline()]).await;
        // Three travellers are more than the run-time maximum of two.
        let error = rpc_error(session.call_tool("builder", None).await.unwrap_err());
        assert_eq!(error.code.0, -32602, "{version}");
        assert_eq!(error.data.unwrap()["errors"][0]["field"], "travellers");
        let schema = session.requests()[0].schema().unwrap().clone();
        let travellers = serde_json::to_value(schema.property("travellers").unwrap()).unwrap();
        assert_eq!(travellers["maximum"], 2, "{version}");
    }
}

#[tokio::test]
async fn a_round_of_several_questions_reads_the_shaped_one_against_its_offer() {
    for version in REVISIONS {
        // One answer per request, in the order asked (on 2026-07-28, the order of the keys:
        // the same here).
        let session = connect(
            version,
            vec![pick(30, 4, 4), Answer::accept(json!({"sure": true}))],
        )
        .await;
        let result = session.call_tool("gather", None).await.unwrap();
        assert_eq!(
            text(&result),
            r#"booked 2026-12-30 for 4, extras ["Bike"]; sure: true"#,
            "{version}"
        );
        session.requests()[0].assert_form_is(&first_form());
    }
}

#[tokio::test]
async fn a_form_that_contradicts_itself_is_an_internal_error_before_anything_is_sent() {
    for version in REVISIONS {
        let session = connect(version, vec![]).await;
        let error = rpc_error(session.call_tool("sold_out", None).await.unwrap_err());
        assert_eq!(error.code.0, -32603, "{version}");
        assert!(
            error.message.contains("field `date`: no option is offered"),
            "{version}: {}",
            error.message
        );
        assert!(session.requests().is_empty(), "{version}");
    }
}

#[tokio::test]
async fn the_peer_asks_a_shaped_form_on_the_connection() {
    for version in [ProtocolVersion::V2025_06_18, ProtocolVersion::V2025_11_25] {
        let answer =
            Answer::accept(json!({"travellers": 1, "extras": ["9"]})).choose("date", date(30));
        // 2025-06-18 has no multi-select, and the peer asks no checkboxes: refused.
        let session = connect(version, vec![answer]).await;
        let result = session.call_tool("peer", None).await;
        if version == ProtocolVersion::V2025_06_18 {
            let error = rpc_error(result.unwrap_err());
            assert_eq!(error.code.0, -32603);
            assert!(session.requests().is_empty());
            continue;
        }
        assert_eq!(
            text(&result.unwrap()),
            r#"booked 2026-12-30 for 1, extras ["Breakfast"]"#
        );
        let forged = Answer::accept(json!({"date": "2026-12-25", "travellers": 1, "extras": []}));
        let session = connect(version, vec![forged]).await;
        let error = rpc_error(session.call_tool("peer", None).await.unwrap_err());
        assert_eq!(error.code.0, -32602);
    }
}

#[tokio::test]
async fn choosing_what_was_not_offered_fails_the_call_in_the_kit() {
    for version in REVISIONS {
        let answer = Answer::accept(json!({"travellers": 1})).choose("date", date(25));
        let session = connect(version, vec![answer]).await;
        let error = session.call_tool("rebook", None).await.unwrap_err();
        let KitError::Choice { problem, .. } = &error else {
            panic!("{version}: expected a choice error, got {error}");
        };
        assert!(
            problem.contains(r#""2026-12-25" was not offered; the options were ["2026-12-27", "2026-12-28", "2026-12-30"]"#),
            "{version}: {problem}"
        );
    }
}

#[test]
fn the_kits_choices_read_as_the_person_picked() {
    let answer = pick(28, 9, 3);
    assert_eq!(
        answer.to_string(),
        r#"accept {"travellers":3} choosing date titled "Mon 28 Dec — 9 seats left", extras titled ["Bike"]"#
    );
}
