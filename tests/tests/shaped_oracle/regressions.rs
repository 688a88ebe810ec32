//! The library bugs this test found, each as the smallest form that showed it, kept as
//! regressions: a run-time default left its field in `required`, and unticked checkboxes of a
//! multi-select with a default read as the default.

use elicit_core::dialog::{Dialog, DialogSettings};
use elicit_core::protocol::{MultiSelectFallback, ProtocolVersion};
use elicit_core::testing::{Answer, TestClient, text};
use elicit_core::{Elicit, ElicitOutcome, Form};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

/// Pick a seat
#[derive(Elicit, Debug)]
struct Seat {
    #[elicit(options)]
    seat: u32,
}

/// Your name
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Name {
    name: String,
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// A field whose default is given at run time, and that declared none (every field filled at
/// run time, any field without `#[elicit(default)]`), is sent with that default and still
/// listed in `required`: the reader reads `{}` as the default, while the schema as sent (and
/// `jsonschema`, and the library's own `validate`) refuses `{}`. A declared default takes the
/// field out of `required`; a run-time one does not (`FormParts::put` only ever adds).
#[test]
fn a_field_given_a_default_at_run_time_is_not_required_on_the_wire() {
    let empty = Map::new();
    let seat = Seat::form()
        .seat(|f| f.options([12_u32, 14]).default(14))
        .build()
        .unwrap();
    let name = Name::form()
        .name(|f| f.default("Ada".to_owned()))
        .build()
        .unwrap();
    assert_eq!(seat.read(&empty).unwrap().seat, 14);
    assert_eq!(name.read(&empty).unwrap().name, "Ada");
    for (schema, field) in [(seat.schema(), "seat"), (name.schema(), "name")] {
        let sent = serde_json::to_value(schema).unwrap();
        assert!(
            schema.validate(&empty).is_ok() && !schema.is_required(field),
            "the reader accepts {{}}, the schema as sent refuses it: {sent}"
        );
    }
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Extra {
    Bread,
    Wine,
}

/// Anything extra?
#[derive(Elicit, Debug)]
struct Basket {
    #[elicit(default = [Extra::Bread])]
    extras: Vec<Extra>,
}

#[derive(Clone)]
struct Shop;

#[tool_router]
impl Shop {
    #[tool(description = "Asks the basket")]
    async fn basket(&self, dialog: Dialog) -> Result<CallToolResponse, ErrorData> {
        let checkboxes =
            DialogSettings::new().multi_select_fallback(MultiSelectFallback::Checkboxes);
        dialog
            .with_settings(&checkboxes)
            .run(|d| async move {
                let told = match d.ask::<Basket>("basket").await? {
                    ElicitOutcome::Accepted(basket) => format!("{:?}", basket.extras),
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(told)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

/// On 2025-06-18 a multi-select goes out as one checkbox per option (`extras.bread`, ticked by
/// default, and `extras.wine`). A person who unticks every box (both sent `false`), or
/// touches none (no box sent), gets the declared default `[Bread]` back — an option they
/// unticked — instead of nothing (issue 29, 7: "a multi-select answered with no box keys at
/// all reads as nothing ticked (then `min_items` decides)"). The folding leaves the field out
/// when nothing is ticked unless the field is in `required`, and a field with a default is
/// not; the reader then fills the default (`protocol/checkboxes.rs`, `fold_checkboxes`, which
/// asks `schema.is_required(name)` where it means "is not an `Option`").
#[tokio::test]
async fn a_multi_select_whose_boxes_are_all_unticked_is_nothing_not_its_default() {
    let form = Form::<Basket>::new().for_revision(ProtocolVersion::V2025_06_18);
    for answer in [
        json!({"extras.bread": false, "extras.wine": false}),
        json!({}),
    ] {
        // By hand: the boxes folded back, then read.
        let folded = MultiSelectFallback::Checkboxes
            .read_answer(form.schema(), &object(answer.clone()))
            .unwrap();
        assert_eq!(
            form.read(&folded).unwrap().extras,
            [],
            "{answer} folds to {}",
            Value::Object(folded)
        );
        // Through a dialog.
        let session = TestClient::v2025_06_18()
            .answer(Answer::accept(answer.clone()))
            .connect(Shop)
            .await
            .unwrap();
        let result = session.call_tool("basket", None).await.unwrap();
        assert_eq!(text(&result), "[]", "{answer}");
    }
}
