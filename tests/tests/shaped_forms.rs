//! Forms shaped at run time, without any SDK: options from data (single and multi, of dates,
//! strings and the author's own items), a derived enum's options narrowed and retitled,
//! run-time defaults, narrowed bounds and texts, checks across fields; every contradiction a
//! `ShapeError` before anything is sent; every answer read against exactly what was offered;
//! the request written for each revision as plain JSON, and the answer read from plain JSON.

use chrono::NaiveDate;
use elicit_core::protocol::{ElicitRequest, ElicitResult, MultiSelectFallback, ProtocolVersion};
use elicit_core::shape::OfferedOption;
use elicit_core::{ContentError, Elicit, ElicitOutcome, FieldErrorKind, Form, ShapeError};
use serde_json::{Map, Value, json};

/// A cabin class.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Cabin {
    Economy,
    Business,
    First,
}

/// Rebook your trip
#[derive(Elicit, Debug, PartialEq)]
struct Rebook {
    /// Another date
    #[elicit(options)]
    date: NaiveDate,
    /// Travellers
    #[elicit(minimum = 1, maximum = 9, default = 1)]
    travellers: u8,
    /// Cabin
    cabin: Cabin,
    /// Extras
    #[elicit(options)]
    extras: Vec<Extra>,
    /// A note for the crew
    #[elicit(max_length = 200)]
    note: Option<String>,
}

/// One of a day's extras: the server's own item, offered under its id.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Extra {
    id: u32,
    name: &'static str,
}

fn date(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, day).unwrap()
}

/// The days with seats left, nearest first.
const DAYS: [(u32, u8); 3] = [(27, 2), (28, 9), (30, 4)];

const EXTRAS: [Extra; 3] = [
    Extra {
        id: 7,
        name: "Bike",
    },
    Extra {
        id: 9,
        name: "Breakfast",
    },
    Extra {
        id: 12,
        name: "Lounge",
    },
];

fn seats_on(day: NaiveDate) -> u8 {
    DAYS.iter()
        .find(|(d, _)| date(*d) == day)
        .map_or(0, |(_, seats)| *seats)
}

/// The form the tool asks when the 25th is full.
fn rebook() -> Form<Rebook> {
    Rebook::form()
        .date(|f| {
            f.options(DAYS.iter().map(|&(day, seats)| {
                let day = date(day);
                (
                    day,
                    format!("{} — {seats} seats left", day.format("%a %d %b")),
                )
            }))
            .default(date(27))
        })
        .travellers(|f| {
            f.check(|travellers: &u8, answer: &Rebook| {
                let left = seats_on(answer.date);
                if *travellers > left {
                    Err(format!("only {left} seats are left on {}", answer.date))
                } else {
                    Ok(())
                }
            })
        })
        .extras(|f| {
            f.options(EXTRAS.iter().map(|extra| {
                OfferedOption::new(extra.id.to_string(), extra.clone()).title(extra.name)
            }))
            .max_items(2)
        })
        .with_message("The 25th is full: pick another date")
        .build()
        .unwrap()
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// The one error of `error`, on `field`.
fn only_error(error: &ContentError, field: &str) -> FieldErrorKind {
    assert_eq!(error.errors().len(), 1, "{error}");
    assert_eq!(error.errors()[0].field(), field, "{error}");
    error.errors()[0].kind().clone()
}

fn answer(date: &str, travellers: u8, extras: &[&str]) -> Map<String, Value> {
    object(json!({"date": date, "travellers": travellers, "cabin": "Economy", "extras": extras}))
}

// ------------------------------------------------------------------ 1. options from data

#[test]
fn options_from_data_go_out_in_order_with_their_titles() {
    let form = rebook();
    let schema = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(
        schema["properties"]["date"],
        json!({
            "type": "string",
            "title": "Date",
            "description": "Another date",
            "oneOf": [
                {"const": "2026-12-27", "title": "Sun 27 Dec — 2 seats left"},
                {"const": "2026-12-28", "title": "Mon 28 Dec — 9 seats left"},
                {"const": "2026-12-30", "title": "Wed 30 Dec — 4 seats left"},
            ],
            "default": "2026-12-27",
        })
    );
    assert_eq!(
        schema["properties"]["extras"],
        json!({
            "type": "array",
            "title": "Extras",
            "description": "Extras",
            "maxItems": 2,
            "items": {"anyOf": [
                {"const": "7", "title": "Bike"},
                {"const": "9", "title": "Breakfast"},
                {"const": "12", "title": "Lounge"},
            ]},
        })
    );
    let keys: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["date", "travellers", "cabin", "extras", "note"]);
    assert_eq!(form.prompt(), "The 25th is full: pick another date");
    assert!(form.is_shaped());
}

#[test]
fn an_answer_comes_back_as_the_values_offered() {
    let answer = rebook()
        .read(&answer("2026-12-28", 3, &["12", "7"]))
        .unwrap();
    assert_eq!(answer.date, date(28));
    assert_eq!(answer.travellers, 3);
    assert_eq!(answer.extras, [EXTRAS[2].clone(), EXTRAS[0].clone()]);
    assert_eq!(answer.note, None);
}

#[test]
fn an_option_that_was_not_offered_is_refused_on_its_field() {
    let form = rebook();
    // The sold-out day itself, a day never shown, and a date in another spelling.
    for day in [
        "2026-12-25",
        "2027-01-01",
        "2026-12-28T00:00:00Z",
        "28/12/2026",
    ] {
        let error = form.read(&answer(day, 1, &[])).unwrap_err();
        let kind = only_error(&error, "date");
        assert!(
            matches!(kind, FieldErrorKind::UnknownOption { .. }),
            "{day}: {kind:?}"
        );
    }
    let error = form.read(&answer("2026-12-28", 1, &["8"])).unwrap_err();
    assert!(matches!(
        only_error(&error, "extras"),
        FieldErrorKind::UnknownOption { .. }
    ));
    // Offered, but more than the run-time `max_items`, or one chosen twice.
    let error = form
        .read(&answer("2026-12-28", 1, &["7", "9", "12"]))
        .unwrap_err();
    assert_eq!(error.errors()[0].field(), "extras");
    let error = form
        .read(&answer("2026-12-28", 1, &["7", "7"]))
        .unwrap_err();
    assert_eq!(error.errors()[0].field(), "extras");
}

#[test]
fn options_of_plain_values_are_their_own_constants() {
    /// Pick a colour
    #[derive(Elicit, Debug)]
    struct Colour {
        #[elicit(options)]
        colour: String,
        #[elicit(options)]
        sizes: Vec<u16>,
    }
    let form = Colour::form()
        .colour(|f| f.options(["red".to_owned(), "navy".to_owned()]))
        .sizes(|f| f.options([38_u16, 40, 42]).min_items(1))
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(
        schema["properties"]["colour"]["oneOf"],
        json!([{"const": "red", "title": "red"}, {"const": "navy", "title": "navy"}])
    );
    assert_eq!(schema["properties"]["sizes"]["minItems"], 1);
    let answer = form
        .read(&object(json!({"colour": "navy", "sizes": ["42", "38"]})))
        .unwrap();
    assert_eq!(
        (answer.colour.as_str(), answer.sizes),
        ("navy", vec![42, 38])
    );
    // A number where the option's `const` (a string) belongs is the wrong type.
    let error = form
        .read(&object(json!({"colour": "navy", "sizes": [42]})))
        .unwrap_err();
    assert_eq!(error.errors()[0].field(), "sizes");
    let error = form
        .read(&object(json!({"colour": "navy", "sizes": []})))
        .unwrap_err();
    assert!(matches!(
        only_error(&error, "sizes"),
        FieldErrorKind::TooFewItems { .. }
    ));
}

// ------------------------------------------------------------------ 2. a derived enum's options

#[test]
fn a_derived_enums_options_are_narrowed_and_retitled_at_run_time() {
    let form = Rebook::form()
        .date(|f| f.options([date(28)]))
        .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
        .cabin(|f| {
            f.only([Cabin::Business, Cabin::Economy])
                .option_title(Cabin::Economy, "Economy — €120")
                .option_title(Cabin::Business, "Business — €480")
        })
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    // The enum's own order, whatever the order `only` was given in.
    assert_eq!(
        schema["properties"]["cabin"]["oneOf"],
        json!([
            {"const": "Economy", "title": "Economy — €120"},
            {"const": "Business", "title": "Business — €480"},
        ])
    );
    let first =
        object(json!({"date": "2026-12-28", "travellers": 1, "cabin": "First", "extras": []}));
    let error = form.read(&first).unwrap_err();
    assert!(matches!(
        only_error(&error, "cabin"),
        FieldErrorKind::UnknownOption { .. }
    ));
    let business =
        object(json!({"date": "2026-12-28", "travellers": 1, "cabin": "Business", "extras": []}));
    assert_eq!(form.read(&business).unwrap().cabin, Cabin::Business);
    // Left alone, the field offers every variant.
    let whole = Rebook::form()
        .date(|f| f.options([date(28)]))
        .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
        .build()
        .unwrap();
    let whole = serde_json::to_value(whole.schema()).unwrap();
    assert_eq!(
        whole["properties"]["cabin"]["oneOf"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn a_multi_select_of_a_derived_enum_is_narrowed_too() {
    /// Which cabins would do?
    #[derive(Elicit, Debug)]
    #[elicit(shaped)]
    struct Cabins {
        cabins: Vec<Cabin>,
    }
    let form = Cabins::form()
        .cabins(|f| f.only([Cabin::First, Cabin::Economy]).max_items(1))
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    let offered: Vec<&str> = schema["properties"]["cabins"]["items"]["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|option| option["const"].as_str().unwrap())
        .collect();
    assert_eq!(offered, ["Economy", "First"]);
    assert_eq!(schema["properties"]["cabins"]["maxItems"], 1);
    // A set of them too, retitled.
    /// Which cabins would do?
    #[derive(Elicit, Debug)]
    #[elicit(shaped)]
    struct CabinSet {
        cabins: std::collections::BTreeSet<Cabin>,
    }
    let set = CabinSet::form()
        .cabins(|f| {
            f.only([Cabin::Business])
                .option_title(Cabin::Business, "Business — €480")
        })
        .build()
        .unwrap();
    let set = serde_json::to_value(set.schema()).unwrap();
    assert_eq!(
        set["properties"]["cabins"]["items"]["anyOf"],
        json!([{"const": "Business", "title": "Business — €480"}])
    );
    let error = form
        .read(&object(json!({"cabins": ["Business"]})))
        .unwrap_err();
    assert_eq!(error.errors()[0].field(), "cabins");
}

// ------------------------------------------------------------------ 3. run-time defaults

#[test]
fn a_run_time_default_goes_out_when_it_fits() {
    let form = Rebook::form()
        .date(|f| f.options([date(27), date(28)]).default(date(28)))
        .travellers(|f| f.default(2))
        .cabin(|f| f.default(Cabin::Business))
        .extras(|f| {
            f.options([OfferedOption::new("7", EXTRAS[0].clone())])
                .default_options(["7"])
        })
        .note(|f| f.default("Window seats, please".to_owned()))
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    let defaults: Vec<&Value> = ["date", "travellers", "cabin", "extras", "note"]
        .iter()
        .map(|field| &schema["properties"][field]["default"])
        .collect();
    assert_eq!(
        defaults,
        [
            &json!("2026-12-28"),
            &json!(2),
            &json!("Business"),
            &json!(["7"]),
            &json!("Window seats, please")
        ]
    );
}

#[test]
fn a_run_time_default_that_does_not_fit_is_a_shape_error_before_sending() {
    let fails = |form: Result<Form<Rebook>, ShapeError>, field: &str| {
        let error = form.unwrap_err();
        assert_eq!(error.field(), field, "{error}");
        assert!(
            error
                .to_string()
                .starts_with("the form cannot be asked: field `"),
            "{error}"
        );
        error
    };
    let base = || {
        Rebook::form()
            .date(|f| f.options([date(27), date(28)]))
            .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
    };
    // A date that is not among the options.
    let error = fails(
        Rebook::form()
            .date(|f| f.options([date(27), date(28)]).default(date(25)))
            .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
            .build(),
        "date",
    );
    assert!(error.problem().contains("2026-12-25"), "{error}");
    // Above the declared maximum, and above a run-time one.
    fails(base().travellers(|f| f.default(10)).build(), "travellers");
    fails(
        base().travellers(|f| f.maximum(2).default(3)).build(),
        "travellers",
    );
    // Longer than `max_length`.
    fails(base().note(|f| f.default("x".repeat(201))).build(), "note");
    // An enum option narrowed away.
    fails(
        base()
            .cabin(|f| f.only([Cabin::Economy]).default(Cabin::First))
            .build(),
        "cabin",
    );
    // Extras not offered, and more than `max_items`.
    fails(
        Rebook::form()
            .date(|f| f.options([date(27)]))
            .extras(|f| {
                f.options([OfferedOption::new("7", EXTRAS[0].clone())])
                    .default_options(["9"])
            })
            .build(),
        "extras",
    );
    fails(
        Rebook::form()
            .date(|f| f.options([date(27)]))
            .extras(|f| {
                f.options(
                    EXTRAS
                        .iter()
                        .map(|e| OfferedOption::new(e.id.to_string(), e.clone())),
                )
                .max_items(1)
                .default_options(["7", "9"])
            })
            .build(),
        "extras",
    );
}

#[test]
fn a_declared_default_that_a_narrowing_leaves_out_is_dropped() {
    // `travellers` declares `default = 1`; a run-time minimum of 2 leaves it out.
    let form = Rebook::form()
        .date(|f| f.options([date(27)]))
        .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
        .travellers(|f| f.minimum(2))
        .build()
        .unwrap();
    let travellers = &serde_json::to_value(form.schema()).unwrap()["properties"]["travellers"];
    assert_eq!(
        travellers,
        &json!({"type": "integer", "title": "Travellers", "description": "Travellers", "minimum": 2, "maximum": 9})
    );
}

// ------------------------------------------------------------------ 4. narrowed bounds

#[test]
fn bounds_narrow_at_run_time_and_the_answer_is_held_to_them() {
    let form = Rebook::form()
        .date(|f| f.options([date(27)]))
        .extras(|f| {
            f.options(
                EXTRAS
                    .iter()
                    .map(|e| OfferedOption::new(e.id.to_string(), e.clone())),
            )
            .min_items(1)
        })
        .travellers(|f| f.minimum(2).maximum(4))
        .note(|f| f.min_length(3).max_length(10))
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(schema["properties"]["travellers"]["minimum"], 2);
    assert_eq!(schema["properties"]["travellers"]["maximum"], 4);
    assert_eq!(schema["properties"]["note"]["minLength"], 3);
    assert_eq!(schema["properties"]["note"]["maxLength"], 10);
    assert_eq!(schema["properties"]["extras"]["minItems"], 1);

    let content = |travellers: u8, note: &str, extras: &[&str]| {
        object(
            json!({"date": "2026-12-27", "travellers": travellers, "cabin": "First", "extras": extras, "note": note}),
        )
    };
    assert!(form.read(&content(4, "abc", &["9"])).is_ok());
    assert!(matches!(
        only_error(
            &form.read(&content(5, "abc", &["9"])).unwrap_err(),
            "travellers"
        ),
        FieldErrorKind::AboveMaximum { .. }
    ));
    assert!(matches!(
        only_error(
            &form.read(&content(1, "abc", &["9"])).unwrap_err(),
            "travellers"
        ),
        FieldErrorKind::BelowMinimum { .. }
    ));
    assert!(matches!(
        only_error(
            &form.read(&content(2, "abcdefghijk", &["9"])).unwrap_err(),
            "note"
        ),
        FieldErrorKind::TooLong { .. }
    ));
    assert!(matches!(
        only_error(&form.read(&content(2, "ab", &["9"])).unwrap_err(), "note"),
        FieldErrorKind::TooShort { .. }
    ));
    assert!(matches!(
        only_error(&form.read(&content(2, "abc", &[])).unwrap_err(), "extras"),
        FieldErrorKind::TooFewItems { .. }
    ));
}

#[test]
fn a_bound_wider_than_declared_or_an_empty_range_is_a_shape_error() {
    let base = || {
        Rebook::form()
            .date(|f| f.options([date(27)]))
            .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
    };
    let problem = |form: Result<Form<Rebook>, ShapeError>, field: &str| {
        let error = form.unwrap_err();
        assert_eq!(error.field(), field, "{error}");
        error.problem().to_owned()
    };
    let wider = problem(base().travellers(|f| f.maximum(12)).build(), "travellers");
    assert!(wider.contains("wider"), "{wider}");
    let wider = problem(base().travellers(|f| f.minimum(0)).build(), "travellers");
    assert!(wider.contains("wider"), "{wider}");
    let wider = problem(base().note(|f| f.max_length(500)).build(), "note");
    assert!(wider.contains("wider"), "{wider}");
    let empty = problem(
        base().travellers(|f| f.minimum(5).maximum(3)).build(),
        "travellers",
    );
    assert!(empty.contains("no answer would fit"), "{empty}");
    let empty = problem(
        base().note(|f| f.min_length(20).max_length(10)).build(),
        "note",
    );
    assert!(empty.contains("no answer would fit"), "{empty}");
    let empty = problem(
        Rebook::form()
            .date(|f| f.options([date(27)]))
            .extras(|f| {
                f.options([OfferedOption::new("7", EXTRAS[0].clone())])
                    .min_items(2)
            })
            .build(),
        "extras",
    );
    assert!(empty.contains("no answer would fit"), "{empty}");
    let empty = problem(base().cabin(|f| f.only([])).build(), "cabin");
    assert!(empty.contains("no option"), "{empty}");
}

#[test]
fn no_option_or_an_option_twice_is_a_shape_error() {
    let none = Rebook::form()
        .date(|f| f.options(Vec::<NaiveDate>::new()))
        .extras(|f| f.options([OfferedOption::new("7", EXTRAS[0].clone())]))
        .build()
        .unwrap_err();
    assert_eq!(
        (none.field(), none.problem()),
        ("date", "no option is offered")
    );
    let twice = Rebook::form()
        .date(|f| f.options([date(27)]))
        .extras(|f| {
            f.options([
                OfferedOption::new("7", EXTRAS[0].clone()),
                OfferedOption::new("7", EXTRAS[1].clone()),
            ])
        })
        .build()
        .unwrap_err();
    assert_eq!(twice.field(), "extras");
    assert!(twice.problem().contains("offered twice"), "{twice}");
}

// ------------------------------------------------------------------ 5. texts

#[test]
fn titles_descriptions_and_the_prompt_are_set_at_run_time() {
    let form = Rebook::form()
        .date(|f| {
            f.options([date(27)])
                .title("Another day")
                .description("The 25th is sold out")
        })
        .extras(|f| {
            f.options([OfferedOption::new("7", EXTRAS[0].clone())])
                .title("Add-ons")
        })
        .travellers(|f| {
            f.title("How many of you?")
                .description("At most the seats left")
        })
        .with_message("Rebook 4 travellers")
        .build()
        .unwrap();
    let schema = serde_json::to_value(form.schema()).unwrap();
    assert_eq!(schema["properties"]["date"]["title"], "Another day");
    assert_eq!(
        schema["properties"]["date"]["description"],
        "The 25th is sold out"
    );
    assert_eq!(schema["properties"]["extras"]["title"], "Add-ons");
    assert_eq!(
        schema["properties"]["travellers"]["title"],
        "How many of you?"
    );
    assert_eq!(
        schema["properties"]["travellers"]["description"],
        "At most the seats left"
    );
    assert_eq!(form.request().message_text(), "Rebook 4 travellers");
}

// ------------------------------------------------------------------ 6. checks across fields

#[test]
fn a_check_across_fields_is_a_field_error_of_the_same_content_error() {
    let form = rebook();
    // 3 travellers fit the 28th (9 seats) but not the 27th (2).
    assert!(form.read(&answer("2026-12-28", 3, &[])).is_ok());
    let error = form.read(&answer("2026-12-27", 3, &[])).unwrap_err();
    assert_eq!(
        only_error(&error, "travellers"),
        FieldErrorKind::Invalid {
            reason: "only 2 seats are left on 2026-12-27".to_owned()
        }
    );
    assert_eq!(
        error.to_string(),
        "`travellers`: only 2 seats are left on 2026-12-27"
    );
    // Through `outcome`, as any SDK reads an answer.
    let result = ElicitResult::from_value(
        &json!({"action": "accept", "content": answer("2026-12-27", 3, &[])}),
    )
    .unwrap();
    let error = form.outcome(&result).unwrap_err();
    assert_eq!(
        error.content_error().unwrap().errors()[0].field(),
        "travellers"
    );
}

#[test]
fn every_failing_check_is_reported() {
    /// Sign up
    #[derive(Elicit, Debug)]
    #[elicit(shaped)]
    struct SignUp {
        user_name: String,
        #[elicit(min_length = 8)]
        display_name: String,
    }
    let taken = ["ada", "grace"];
    let form = SignUp::form()
        .user_name(|f| {
            f.check(move |name: &String, _| {
                if taken.contains(&name.as_str()) {
                    Err(format!("{name} is taken"))
                } else {
                    Ok(())
                }
            })
        })
        .display_name(|f| {
            f.check(|shown: &String, form: &SignUp| {
                if shown.contains(&form.user_name) {
                    Err("must not contain the user name")
                } else {
                    Ok(())
                }
            })
        })
        .build()
        .unwrap();
    let error = form
        .read(&object(
            json!({"user_name": "ada", "display_name": "ada-the-great"}),
        ))
        .unwrap_err();
    let fields: Vec<&str> = error.errors().iter().map(|e| e.field()).collect();
    assert_eq!(fields, ["user_name", "display_name"]);
    // Checks run once every field fits: a short display name is its own error, alone.
    let error = form
        .read(&object(
            json!({"user_name": "ada", "display_name": "short"}),
        ))
        .unwrap_err();
    assert!(matches!(
        only_error(&error, "display_name"),
        FieldErrorKind::TooShort { .. }
    ));
}

/// A check sees its own field's value, whatever the field's kind and place: a builder finds
/// each field by its place in the form, so a check given to one field must never see
/// another's value, nor none (an `Option` field's check sees the value inside).
#[test]
fn a_check_sees_its_own_field_of_every_kind() {
    /// A colour
    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    enum Colour {
        Red,
        Blue,
    }
    /// Contact details
    #[derive(Elicit, Debug)]
    struct Contact {
        phone: String,
    }
    /// Everything a check can see
    #[derive(Elicit, Debug)]
    #[elicit(shaped)]
    struct Kinds {
        name: String,
        nickname: Option<String>,
        #[elicit(flatten)]
        contact: Contact,
        age: u8,
        colour: Colour,
        also: Vec<Colour>,
        maybe_colour: Option<Colour>,
    }
    fn refuse<T: std::fmt::Debug>(seen: &T) -> Result<(), String> {
        Err(format!("saw {seen:?}"))
    }
    let form = Kinds::form()
        .name(|f| f.check(|v: &String, _| refuse(v)))
        .nickname(|f| f.check(|v: &String, _| refuse(v)))
        .age(|f| f.check(|v: &u8, _| refuse(v)))
        .colour(|f| f.check(|v: &Colour, _| refuse(v)))
        .also(|f| f.check(|v: &Vec<Colour>, _| refuse(v)))
        .maybe_colour(|f| f.check(|v: &Colour, _| refuse(v)))
        .build()
        .unwrap();
    let answer = json!({
        "name": "Ada", "nickname": "Countess", "phone": "+44", "age": 36,
        "colour": "Red", "also": ["Blue"], "maybe_colour": "Blue"
    });
    let error = form.read(&object(answer)).unwrap_err();
    let seen: Vec<(&str, String)> = error
        .errors()
        .iter()
        .map(|e| (e.field(), e.kind().to_string()))
        .collect();
    let expected = [
        ("name", "saw \"Ada\""),
        ("nickname", "saw \"Countess\""),
        ("age", "saw 36"),
        ("colour", "saw Red"),
        ("also", "saw [Blue]"),
        ("maybe_colour", "saw Blue"),
    ];
    assert_eq!(seen.len(), expected.len(), "{seen:?}");
    for ((field, kind), (want_field, want)) in seen.iter().zip(expected) {
        assert_eq!(*field, want_field);
        assert!(kind.contains(want), "{field}: {kind}");
    }
    // An `Option` left out has no value to check: its check does not run.
    let answer = json!({
        "name": "Ada", "phone": "+44", "age": 36, "colour": "Red", "also": []
    });
    let error = form.read(&object(answer)).unwrap_err();
    let fields: Vec<&str> = error.errors().iter().map(|e| e.field()).collect();
    assert_eq!(fields, ["name", "age", "colour", "also"]);
}

/// Return on or after departure.
fn on_or_after_departure(back: &NaiveDate, trip: &Trip) -> Result<(), String> {
    if *back < trip.departure {
        Err(format!(
            "must be on or after the departure, {}",
            trip.departure
        ))
    } else {
        Ok(())
    }
}

/// Plan a trip
#[derive(Elicit, Debug)]
#[elicit(shaped)]
struct Trip {
    departure: NaiveDate,
    #[elicit(check = on_or_after_departure)]
    back: NaiveDate,
}

#[test]
fn a_check_declared_on_the_form_runs_in_every_reader() {
    let early = object(json!({"departure": "2026-12-27", "back": "2026-12-20"}));
    // The type's own parser, the type's own form, and its builder's form.
    let error = Trip::from_content(&early).unwrap_err();
    assert_eq!(
        only_error(&error, "back"),
        FieldErrorKind::Invalid {
            reason: "must be on or after the departure, 2026-12-27".to_owned()
        }
    );
    assert!(Form::<Trip>::new().read(&early).is_err());
    let shaped = Trip::form()
        .departure(|f| f.title("Leaving"))
        .build()
        .unwrap();
    assert_eq!(shaped.read(&early).unwrap_err(), error);
    let fine = object(json!({"departure": "2026-12-27", "back": "2026-12-27"}));
    assert_eq!(Trip::from_content(&fine).unwrap().back, date(27));
}

// ------------------------------------------------------------------ 9. plain JSON, every revision

#[test]
fn the_request_is_plain_json_on_every_revision() {
    let form = rebook();
    let request = form.request();
    let modern = request.render(ProtocolVersion::V2025_11_25).unwrap();
    assert_eq!(modern["message"], "The 25th is full: pick another date");
    assert_eq!(
        modern["requestedSchema"],
        serde_json::to_value(form.schema()).unwrap()
    );
    assert_eq!(modern["mode"], "form");

    // 2025-06-18 has no multi-select: refused unless asked as checkboxes; its titled single
    // select is the legacy `enumNames` form.
    let refused = request.render(ProtocolVersion::V2025_06_18).unwrap_err();
    assert!(refused.to_string().contains("extras"), "{refused}");
    let legacy = request
        .render_with(
            ProtocolVersion::V2025_06_18,
            MultiSelectFallback::Checkboxes,
        )
        .unwrap();
    let properties = &legacy["requestedSchema"]["properties"];
    assert_eq!(
        properties["date"],
        json!({
            "type": "string",
            "title": "Date",
            "description": "Another date",
            "enum": ["2026-12-27", "2026-12-28", "2026-12-30"],
            "enumNames": ["Sun 27 Dec — 2 seats left", "Mon 28 Dec — 9 seats left", "Wed 30 Dec — 4 seats left"],
        }),
        "2025-06-18 has no defaults"
    );
    assert_eq!(
        properties["extras.9"],
        json!({"type": "boolean", "title": "Extras: Breakfast"})
    );
    assert!(legacy.get("mode").is_none());

    // What a client answers, read from plain JSON on each revision.
    let checkboxes = object(
        json!({"date": "2026-12-30", "travellers": 4, "cabin": "First", "extras.7": true, "extras.9": false, "extras.12": true}),
    );
    let folded = MultiSelectFallback::Checkboxes
        .read_answer(form.schema(), &checkboxes)
        .unwrap();
    let result = ElicitResult::from_value(&json!({"action": "accept", "content": folded})).unwrap();
    let ElicitOutcome::Accepted(trip) = form.outcome(&result).unwrap() else {
        panic!("not accepted")
    };
    assert_eq!((trip.date, trip.travellers), (date(30), 4));
    assert_eq!(trip.extras, [EXTRAS[0].clone(), EXTRAS[2].clone()]);

    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        let sent = request.render(version).unwrap();
        let back = ElicitRequest::from_value(&sent).unwrap();
        assert_eq!(back.requested_schema(), Some(form.schema()), "{version}");
    }
    let declined = ElicitResult::from_value(&json!({"action": "decline"})).unwrap();
    assert_eq!(form.outcome(&declined).unwrap(), ElicitOutcome::Declined);
}

// ------------------------------------------------------------------ 10. static forms untouched

#[test]
fn a_static_form_and_its_unshaped_builder_are_the_types_own() {
    let own = Form::<Trip>::new();
    assert!(!own.is_shaped());
    assert!(std::ptr::eq(own.schema(), Trip::requested_schema()));
    let built = Trip::form().build().unwrap();
    assert_eq!(built.schema(), Trip::requested_schema());
    assert_eq!(built.prompt(), Trip::message());
}

#[test]
fn an_optional_question_with_nothing_to_offer_is_not_asked() {
    /// Anything else?
    #[derive(Elicit, Debug)]
    struct Extras {
        #[elicit(options)]
        extras: Option<Vec<String>>,
        #[elicit(options)]
        meal: Option<String>,
        cabin: Option<Cabin>,
        #[elicit(options)]
        seat: String,
    }
    let form = Extras::form()
        .extras(|f| f.options(Vec::<String>::new()))
        .meal(|f| f.options(Vec::<String>::new()))
        .cabin(|f| f.only([]))
        .seat(|f| f.options(["12A".to_owned()]))
        .build()
        .unwrap();
    let names: Vec<&str> = form
        .schema()
        .properties
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(names, ["seat"]);
    let answer = form.read(&object(json!({"seat": "12A"}))).unwrap();
    assert_eq!(
        (answer.extras, answer.meal, answer.cabin),
        (None, None, None)
    );
    // What was not asked cannot be answered.
    let error = form
        .read(&object(
            json!({"seat": "12A", "cabin": "First", "meal": "fish", "extras": null}),
        ))
        .unwrap_err();
    let fields: Vec<&str> = error.errors().iter().map(|e| e.field()).collect();
    assert_eq!(fields, ["meal", "cabin"], "{error}");
    // A required one with nothing to offer cannot be asked.
    let error = Extras::form()
        .extras(|f| f.options(["bike".to_owned()]))
        .meal(|f| f.options(["fish".to_owned()]))
        .seat(|f| f.options(Vec::<String>::new()))
        .build()
        .unwrap_err();
    assert_eq!(
        (error.field(), error.problem()),
        ("seat", "no option is offered")
    );
}
