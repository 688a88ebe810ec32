//! Generated forms, static and shaped at run time, and generated answers, held to the
//! independent JSON Schema validator (Python's `jsonschema`) and read the same by every path.
//!
//! A seeded generator (`forms.rs`, `answers.rs`) makes about a hundred forms of three derived
//! types — options given at run time (`String` and `u32` values, some under `const`s of their
//! own), subsets of an enum's options (`only`), run-time defaults inside and outside the
//! offer, narrowed bounds, lengths and item counts, a check across fields, and the types' own
//! forms with nothing shaped — and for each, per group of revisions that send the same
//! schema, about twenty answers (valid, on the bounds, fields and defaults left out, options
//! not offered, counts out of range, repeats, wrong types, unknown keys; on 2025-06-18 the
//! multi-selects ticked box by box, boxes answered with no boolean, no box at all). A form
//! given a contradiction on purpose must be a `ShapeError` on that field, and only such a
//! form.
//!
//! What is proved:
//!
//! 1. Every value handed back, re-serialized as content (`to_content`, or for a form with
//!    options given at run time, which has none, the `const`s of the values offered; on
//!    2025-06-18 ticked box by box), is valid against the schema as sent on that revision —
//!    judged by `jsonschema` in `tests/fixtures/shaped/verdicts.json`, written by
//!    `scripts/shaped/check.py` — and lies within the offer as the generator made it (each
//!    option among those offered, counts, bounds and lengths as narrowed, the run-time check
//!    kept), reads back as the same value, and gives a field left out the default that was
//!    sent and only that (`None` for an `Option`).
//! 2. An answer the reader accepts is valid to `jsonschema`; one it refuses that
//!    `jsonschema` allows is refused only for what the wire cannot say (a repeated option: no
//!    `uniqueItems`; an item count asked as checkboxes; a run-time check).
//! 3. `Form::read`, `Form::outcome`, the bytes path (`Form::outcome_from_slice_limited`, bare
//!    and in a JSON-RPC response) and, for a type's own form, `T::from_content`, give the same
//!    verdict and value for every form and answer on every revision; an rmcp `Dialog` on each
//!    revision and the rust-mcp-sdk `Dialog` on 2026-07-28 give the same as the form as that
//!    revision sends it (half of each form's answers: see `DIALOG_STRIDE`), and send exactly
//!    the schema the corpus holds.
//!
//! The library bugs it found are kept as regressions in `regressions.rs`.
//!
//! The corpus (`tests/fixtures/shaped/corpus.json`) is rebuilt by this test and must equal
//! the committed one; `ELICIT_BLESS=1` rewrites it, then `scripts/shaped/check.py` rewrites
//! the verdicts (see `tests/fixtures/shaped/README.md`).

mod answers;
mod case;
mod dialogs;
mod forms;
mod model;
mod regressions;
mod rng;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use elicit_core::protocol::ProtocolVersion;
use elicit_core::testing::{Answer as Scripted, TestClient, text};
use serde_json::{Map, Value, json};

use answers::Answer;
use case::{Case, Generated, REVISIONS, Reading, Verdict};
use forms::{OrderSpec, Origin, PizzaSpec, RatingSpec};
use model::{Field, Kind, checkbox};
use rng::Rng;

/// The seed of every form and answer: another seed is another corpus (bless it).
const SEED: u64 = 0x5eed_0029;
const ORDERS: usize = 30;
const PIZZAS: usize = 30;
const RATINGS: usize = 16;

/// Of each form's answers, a dialog is asked the `n`th where `(form + n) % DIALOG_STRIDE == 0`
/// (`sampled`): every form through every dialog, half of its answers. (All of them take about
/// twice as long: 30 s in debug on two cores.)
const DIALOG_STRIDE: usize = 2;

/// A group of revisions that send one form the same way, and the answers generated for it.
struct Group {
    revisions: Vec<ProtocolVersion>,
    schema: Value,
    answers: Vec<Answer>,
}

impl Group {
    /// Whether multi-selects are asked as checkboxes there.
    fn boxes(&self) -> bool {
        !self.revisions[0].has_multi_select()
    }

    fn key(&self) -> String {
        self.revisions
            .iter()
            .map(|version| version.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One generated form, its model, and its answers per group of revisions (none for a form
/// that is a `ShapeError`).
struct Generation {
    case: Arc<dyn Case>,
    fields: Vec<Field>,
    groups: Vec<Group>,
}

fn generate_case(case: Arc<dyn Case>, seed: u64) -> Generation {
    let fields = case.fields();
    let mut groups: Vec<Group> = Vec::new();
    if case.shape_error().is_none() {
        let mut rng = Rng::new(seed);
        let base = answers::answers(&mut rng, &fields);
        for version in REVISIONS {
            let schema = case.sent(version);
            if let Some(group) = groups.iter_mut().find(|group| group.schema == schema) {
                group.revisions.push(version);
                continue;
            }
            let answers = if version.has_multi_select() {
                base.clone()
            } else {
                answers::with_checkboxes(&mut rng, &fields, &base)
            };
            groups.push(Group {
                revisions: vec![version],
                schema,
                answers,
            });
        }
    }
    Generation {
        case,
        fields,
        groups,
    }
}

/// Every form and its answers, generated once for the whole binary.
fn generated() -> &'static [Generation] {
    static GENERATED: OnceLock<Vec<Generation>> = OnceLock::new();
    GENERATED.get_or_init(|| {
        let mut rng = Rng::new(SEED);
        let mut cases: Vec<Arc<dyn Case>> = Vec::new();
        for origin in [Origin::Own, Origin::Builder] {
            let how = if origin == Origin::Own {
                "own"
            } else {
                "builder"
            };
            cases.push(Arc::new(Generated::new(
                format!("Pizza ({how})"),
                PizzaSpec::unshaped(origin),
            )));
            cases.push(Arc::new(Generated::new(
                format!("Rating ({how})"),
                RatingSpec::unshaped(origin),
            )));
        }
        for index in 1..=ORDERS {
            let spec = OrderSpec::generate(&mut rng);
            cases.push(Arc::new(Generated::new(format!("Order {index:02}"), spec)));
        }
        for index in 1..=PIZZAS {
            let spec = PizzaSpec::generate(&mut rng);
            cases.push(Arc::new(Generated::new(format!("Pizza {index:02}"), spec)));
        }
        for index in 1..=RATINGS {
            let spec = RatingSpec::generate(&mut rng);
            cases.push(Arc::new(Generated::new(format!("Rating {index:02}"), spec)));
        }
        // Each form's answers come from a seed of their own: a change to one form leaves the
        // answers of the others as they were.
        cases
            .into_iter()
            .enumerate()
            .map(|(index, case)| generate_case(case, SEED ^ ((index as u64 + 1) << 20)))
            .collect()
    })
}

/// `written` (multi-selects as lists) as sent where they are asked as checkboxes: one
/// boolean per option offered.
fn as_boxes(fields: &[Field], written: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in written {
        let field = fields.iter().find(|field| field.name == key);
        match (field.map(|field| &field.kind), value.as_array()) {
            (Some(Kind::Multi { offered, .. }), Some(chosen)) => {
                for option in offered {
                    let ticked = chosen.iter().any(|item| item.as_str() == Some(option));
                    out.insert(checkbox(key, option), Value::Bool(ticked));
                }
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    out
}

/// What is written back for an accepted answer, as the group sends it.
fn written_as_sent(
    group: &Group,
    fields: &[Field],
    written: &Map<String, Value>,
) -> Map<String, Value> {
    if group.boxes() {
        as_boxes(fields, written)
    } else {
        written.clone()
    }
}

// ---------------------------------------------------------------------------- the corpus

fn compact(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("JSON")
}

/// The corpus as text: one line per answer, so that a change shows as the answers it changes.
fn corpus_text() -> String {
    let mut out = String::from("[\n");
    let all = generated();
    for (index, generation) in all.iter().enumerate() {
        let case = &generation.case;
        let head = format!(
            "{{\"form\": {}, \"type\": {}, \"shaping\": {}",
            compact(&case.name()),
            compact(&case.type_name()),
            compact(&case.shaping())
        );
        let comma = if index + 1 < all.len() { "," } else { "" };
        if let Some(error) = case.shape_error() {
            let error = json!({"field": error.field(), "problem": error.problem()});
            let _ = writeln!(out, "{head}, \"shape_error\": {}}}{comma}", compact(&error));
            continue;
        }
        let _ = writeln!(out, "{head}, \"asked\": [");
        for (at, group) in generation.groups.iter().enumerate() {
            let revisions: Vec<&str> = group.revisions.iter().map(|v| v.as_str()).collect();
            let _ = writeln!(
                out,
                " {{\"revisions\": {}, \"schema\": {},\n  \"answers\": [",
                compact(&revisions),
                compact(&group.schema)
            );
            for (n, answer) in group.answers.iter().enumerate() {
                let mut entry = Map::new();
                entry.insert("what".into(), json!(answer.what));
                entry.insert("content".into(), Value::Object(answer.content.clone()));
                let reading = case.read(group.revisions[0], &answer.content);
                match (&reading.verdict, &reading.written) {
                    (Verdict::Accepted(_), Some(Ok(written))) => {
                        let written = written_as_sent(group, &generation.fields, written);
                        entry.insert("written".into(), Value::Object(written));
                    }
                    (Verdict::Accepted(value), _) => {
                        entry.insert("not_writable".into(), json!(value));
                    }
                    (verdict, _) => {
                        entry.insert("refused".into(), json!(verdict.fields()));
                    }
                }
                let comma = if n + 1 < group.answers.len() { "," } else { "" };
                let _ = writeln!(out, "   {}{comma}", compact(&entry));
            }
            let comma = if at + 1 < generation.groups.len() {
                ","
            } else {
                ""
            };
            let _ = writeln!(out, "  ]}}{comma}");
        }
        let _ = writeln!(out, "]}}{comma}");
    }
    out.push_str("]\n");
    out
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/shaped")
        .join(name)
}

fn read_text(name: &str) -> String {
    let path = fixture(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn blessing() -> bool {
    std::env::var_os("ELICIT_BLESS").is_some()
}

/// Where two texts first differ.
fn first_difference(committed: &str, built: &str) -> String {
    let line = committed
        .lines()
        .zip(built.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(committed.lines().count().min(built.lines().count()));
    format!(
        "first difference at line {}:\n    committed: {}\n    built:     {}",
        line + 1,
        committed.lines().nth(line).unwrap_or("(end of file)"),
        built.lines().nth(line).unwrap_or("(end of file)"),
    )
}

/// The corpus built from the generator is the committed `corpus.json`, text for text. With
/// `ELICIT_BLESS=1` this test rewrites it instead (then run `scripts/shaped/check.py`).
#[test]
fn the_corpus_is_current() {
    let built = corpus_text();
    if blessing() {
        let path = fixture("corpus.json");
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&path, built).expect("write the corpus");
        return;
    }
    let committed = read_text("corpus.json");
    assert!(
        committed == built,
        "corpus.json is stale: run this test with ELICIT_BLESS=1, then scripts/shaped/check.py; {}",
        first_difference(&committed, &built)
    );
}

// -------------------------------------------------------------------------- the verdicts

/// `jsonschema`'s verdict on one answer of the corpus.
struct Judged {
    valid: bool,
    /// Every error, in `iter_errors`' order: `{"message", "path", "keyword"}`.
    errors: Vec<Value>,
    written_valid: Option<bool>,
}

/// The verdicts of `verdicts.json`, by form, group and answer, checked to belong to the
/// corpus as generated, answer for answer.
fn verdicts() -> BTreeMap<(String, String, String), Judged> {
    let stale = "verdicts.json is stale: run scripts/shaped/check.py";
    let file: Value =
        serde_json::from_str(&read_text("verdicts.json")).unwrap_or_else(|e| panic!("{e}"));
    let mut judged = BTreeMap::new();
    for verdict in file["verdicts"].as_array().expect("a list of verdicts") {
        let key = |name: &str| verdict[name].as_str().expect("a text").to_owned();
        judged.insert(
            (key("form"), key("revisions"), key("what")),
            Judged {
                valid: verdict["valid"].as_bool().expect("`valid`"),
                errors: verdict["errors"].as_array().cloned().unwrap_or_default(),
                written_valid: verdict.get("written_valid").and_then(Value::as_bool),
            },
        );
    }
    let mut count = 0;
    for generation in generated() {
        for group in &generation.groups {
            for answer in &group.answers {
                count += 1;
                let key = (
                    generation.case.name().to_owned(),
                    group.key(),
                    answer.what.clone(),
                );
                assert!(judged.contains_key(&key), "no verdict on {key:?}: {stale}");
            }
        }
    }
    assert_eq!(judged.len(), count, "{stale}");
    judged
}

/// Whether an error on `field` of kind `kind` refuses what the schema sent (`schema`, asked
/// as checkboxes when `boxes`) cannot say, so that `jsonschema` allows it.
fn beyond_the_schema(schema: &Value, field: &str, kind: &str, boxes: bool) -> bool {
    // A repeated option (MCP's multi-select has no `uniqueItems`); a check given at run
    // time; an item count where the options went out as checkboxes; a key the schema does
    // not have (a question not asked, a multi-select answered as a list where it went out
    // as checkboxes), which `jsonschema` lets through as any unknown key.
    kind == "duplicate_option"
        || kind == "invalid"
        || (boxes && (kind == "too_few_items" || kind == "too_many_items"))
        || schema["properties"].get(field).is_none()
}

/// How the values handed back fared.
#[derive(Default)]
struct Tally {
    problems: String,
    accepted: usize,
    refused: usize,
    beyond: usize,
}

/// Every value handed back against `jsonschema`'s verdicts and the model.
fn values_handed_back() -> Tally {
    let judged = verdicts();
    let mut tally = Tally::default();
    for generation in generated() {
        let case = &generation.case;
        let fields = &generation.fields;
        for group in &generation.groups {
            let version = group.revisions[0];
            for answer in &group.answers {
                let key = (case.name().to_owned(), group.key(), answer.what.clone());
                let verdict = &judged[&key];
                let heading = format!("{} on {}: {}: ", case.name(), group.key(), answer.what);
                let content = Value::Object(answer.content.clone());
                let mut problem = |why: String| {
                    let _ = writeln!(tally.problems, "{heading}{why}\n    answer: {content}");
                };
                let Reading {
                    verdict: read,
                    written,
                    checked,
                } = case.read(version, &answer.content);
                // Each revision of the group reads it alike.
                for other in &group.revisions[1..] {
                    let again = case.read(*other, &answer.content).verdict;
                    if again != read {
                        problem(format!("{other} reads {again:?}, {version} {read:?}"));
                    }
                }
                let missing = model::missing(
                    fields,
                    &answer.content,
                    version.has_defaults(),
                    group.boxes(),
                );
                match &read {
                    Verdict::Accepted(value) => {
                        tally.accepted += 1;
                        if !verdict.valid {
                            problem(format!(
                                "accepted as {value}, but jsonschema refuses it: {}",
                                Value::Array(verdict.errors.clone())
                            ));
                        }
                        let written = match written {
                            Some(Ok(written)) => written,
                            Some(Err(why)) => {
                                problem(format!("accepted as {value}, outside the offer: {why}"));
                                continue;
                            }
                            None => unreachable!("an accepted answer is written back"),
                        };
                        let sent_back = written_as_sent(group, fields, &written);
                        if verdict.written_valid != Some(true) {
                            problem(format!(
                                "{value} is written back as {}, which jsonschema refuses",
                                Value::Object(sent_back.clone())
                            ));
                        }
                        if let Err(why) = model::within_offer(fields, &written) {
                            problem(format!("{value} is outside the offer: {why}"));
                        }
                        if let Some(Err(why)) = checked {
                            problem(format!("{value} fails the run-time check: {why}"));
                        }
                        if let Err(why) = model::left_out(
                            fields,
                            &answer.content,
                            version.has_defaults(),
                            group.boxes(),
                            Some(&written),
                        ) {
                            problem(why.to_string());
                        }
                        // Read back from what it was written as.
                        let again = case.read(version, &sent_back).verdict;
                        if again != read {
                            problem(format!(
                                "{value} written back as {} reads as {again:?}",
                                Value::Object(sent_back)
                            ));
                        }
                    }
                    Verdict::Refused {
                        fields: errors,
                        message,
                    } => {
                        tally.refused += 1;
                        if verdict.written_valid.is_some() {
                            problem("refused, but the corpus writes it back: re-bless".into());
                        }
                        for name in &missing {
                            if !errors
                                .iter()
                                .any(|(field, kind)| field == name && kind == "missing")
                            {
                                problem(format!(
                                    "`{name}` was left out with no default sent, but is not missing in: {message}"
                                ));
                            }
                        }
                        if verdict.valid {
                            tally.beyond += 1;
                            if let Some((field, kind)) = errors.iter().find(|(field, kind)| {
                                !beyond_the_schema(&group.schema, field, kind, group.boxes())
                            }) {
                                problem(format!(
                                    "refused on `{field}` ({kind}), which jsonschema allows: {message}"
                                ));
                            }
                        }
                    }
                    Verdict::Other(other) => problem(format!("read as {other}")),
                }
            }
        }
    }
    tally
}

/// Every value handed back is valid against the schema as sent (per `jsonschema`), lies
/// within the offer, reads back as itself and gives a field left out the default sent; the
/// reader accepts nothing `jsonschema` refuses, and refuses what it allows only for what the
/// schema cannot say. Every disagreement is listed at once.
#[test]
fn every_value_handed_back_is_valid_and_within_the_offer() {
    if blessing() {
        return;
    }
    let tally = values_handed_back();
    assert!(tally.problems.is_empty(), "{}", tally.problems);
    // The corpus has both sides.
    assert!(
        tally.accepted >= 300 && tally.refused >= 600 && tally.beyond >= 20,
        "{} accepted, {} refused ({} only beyond the schema)",
        tally.accepted,
        tally.refused,
        tally.beyond
    );
}

/// Only a form given a contradiction on purpose is a `ShapeError`, and on that field.
#[test]
fn a_form_is_refused_exactly_when_it_contradicts_itself() {
    let mut problems = String::new();
    let mut refused = 0;
    for generation in generated() {
        let case = &generation.case;
        match (case.flaw(), case.shape_error()) {
            (None, None) => {}
            (Some(flaw), Some(error)) if error.field() == flaw => refused += 1,
            (flaw, error) => {
                let _ = writeln!(
                    problems,
                    "{}: contradiction on {flaw:?}, built as {error:?}; shaped by {:?}",
                    case.name(),
                    case.shaping()
                );
            }
        }
    }
    assert!(problems.is_empty(), "{problems}");
    assert!(refused >= 10, "only {refused} forms contradict themselves");
}

// ----------------------------------------------------------------- the paths, in process

/// `Form::read`, `Form::outcome`, the bytes path and `T::from_content` give the same verdict
/// and value, for every form and answer, on every revision.
#[test]
fn every_way_of_reading_in_process_gives_the_same_verdict_and_value() {
    let mut problems = String::new();
    let mut compared = 0;
    for generation in generated() {
        let case = &generation.case;
        for group in &generation.groups {
            for (n, answer) in group.answers.iter().enumerate() {
                for version in &group.revisions {
                    let content = case.readable(*version, &answer.content);
                    let paths = case.paths(*version, &content, n % 2 == 1);
                    let (_, reference) = &paths[0];
                    for (path, verdict) in &paths[1..] {
                        compared += 1;
                        if verdict != reference {
                            let _ = writeln!(
                                problems,
                                "{} on {version}: {}: {path} gives {verdict:?}, Form::read {reference:?}\n    content: {}",
                                case.name(),
                                answer.what,
                                Value::Object(content.clone())
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems}");
    assert!(compared >= 3000, "only {compared} comparisons");
}

// ------------------------------------------------------------------------ the dialogs

/// The answers a dialog on `version` is asked, by form: of each form's group that `version`
/// belongs to, the `n`th answers where `(form + n) % DIALOG_STRIDE == 0` (every form is asked
/// through every dialog, and half of its answers, alternately).
fn sampled(
    version: ProtocolVersion,
) -> Vec<(&'static Generation, &'static Group, Vec<&'static Answer>)> {
    let mut out = Vec::new();
    for (form, generation) in generated().iter().enumerate() {
        for group in &generation.groups {
            if !group.revisions.contains(&version) {
                continue;
            }
            let answers = group
                .answers
                .iter()
                .enumerate()
                .filter(|(n, _)| (form + n) % DIALOG_STRIDE == 0)
                .map(|(_, answer)| answer)
                .collect();
            out.push((generation, group, answers));
        }
    }
    out
}

/// The scripted answer: the content accepted, or (every other one) the whole result sent
/// verbatim.
fn scripted(k: usize, content: &Map<String, Value>) -> Scripted {
    if k.is_multiple_of(2) {
        Scripted::accept(Value::Object(content.clone()))
    } else {
        Scripted::raw(json!({"action": "accept", "content": content}))
    }
}

/// Holds what a dialog (`who`) told of `answer`, and the schema it sent, to the form as sent
/// on `version`; adds what differs to `problems`.
#[allow(clippy::too_many_arguments)]
fn judge(
    problems: &mut String,
    who: &str,
    version: ProtocolVersion,
    generation: &Generation,
    group: &Group,
    answer: &Answer,
    told: Result<String, String>,
    sent: Option<&Value>,
) {
    let name = generation.case.name();
    let verdict = match told {
        Ok(text) => serde_json::from_str(&text).unwrap_or(Verdict::Other(text)),
        Err(error) => Verdict::Other(format!("the call failed: {error}")),
    };
    let expected = generation.case.read(version, &answer.content).verdict;
    if verdict != expected {
        let _ = writeln!(
            problems,
            "{name} on {version}: {}: the {who} Dialog reads {verdict:?}, the form as sent {expected:?}",
            answer.what
        );
    }
    match sent {
        Some(sent) if *sent == group.schema => {}
        Some(sent) => {
            let _ = writeln!(
                problems,
                "{name} on {version}: the {who} Dialog sent {sent}"
            );
        }
        None => {
            let _ = writeln!(
                problems,
                "{name} on {version}: {}: the {who} Dialog did not ask exactly once",
                answer.what
            );
        }
    }
}

/// Asks the sampled answers on `version` through an rmcp `Dialog`, one session per form;
/// returns how many were asked, and each verdict that differs from the form as sent on that
/// revision and each schema sent that is not the corpus's.
async fn through_rmcp(version: ProtocolVersion) -> (usize, String) {
    let mut problems = String::new();
    let mut asked = 0;
    let current: dialogs::AtHand = Arc::new(Mutex::new(None));
    for (generation, group, answers) in sampled(version) {
        *current.lock().expect("not poisoned") = Some(Arc::clone(&generation.case));
        let session = TestClient::new(version)
            .connect(dialogs::RmcpServer {
                current: Arc::clone(&current),
            })
            .await
            .expect("the kit connects");
        for (k, answer) in answers.into_iter().enumerate() {
            asked += 1;
            session.answer(scripted(k, &answer.content));
            let told = session
                .call_tool("ask", None)
                .await
                .map(|result| text(&result))
                .map_err(|error| error.to_string());
            let requests = session.requests();
            // One call, one request: its schema.
            let sent = (requests.len() == k + 1).then(|| &requests[k].params()["requestedSchema"]);
            judge(
                &mut problems,
                "rmcp",
                version,
                generation,
                group,
                answer,
                told,
                sent,
            );
        }
    }
    (asked, problems)
}

#[tokio::test]
async fn the_rmcp_dialog_on_2025_06_18_reads_as_the_form_sent() {
    let (asked, problems) = through_rmcp(ProtocolVersion::V2025_06_18).await;
    assert!(problems.is_empty(), "{problems}");
    assert!(asked >= 500, "only {asked} answers asked");
}

#[tokio::test]
async fn the_rmcp_dialog_on_2025_11_25_reads_as_the_form_sent() {
    let (asked, problems) = through_rmcp(ProtocolVersion::V2025_11_25).await;
    assert!(problems.is_empty(), "{problems}");
    assert!(asked >= 500, "only {asked} answers asked");
}

#[tokio::test]
async fn the_rmcp_dialog_on_2026_07_28_reads_as_the_form_sent() {
    let (asked, problems) = through_rmcp(ProtocolVersion::V2026_07_28).await;
    assert!(problems.is_empty(), "{problems}");
    assert!(asked >= 500, "only {asked} answers asked");
}

/// The rust-mcp-sdk `Dialog`, through the SDK's own request path (2026-07-28 only), gives
/// the same verdicts and sends the same schema.
#[cfg(feature = "rust-mcp-sdk")]
#[tokio::test]
async fn the_rust_mcp_sdk_dialog_reads_as_the_form_sent() {
    let version = ProtocolVersion::V2026_07_28;
    let mut problems = String::new();
    let mut asked = 0;
    let current: dialogs::AtHand = Arc::new(Mutex::new(None));
    for (generation, group, answers) in sampled(version) {
        *current.lock().expect("not poisoned") = Some(Arc::clone(&generation.case));
        let session = TestClient::v2026_07_28()
            .connect_rust_mcp_sdk(dialogs::SdkServer {
                current: Arc::clone(&current),
            })
            .expect("the kit serves the SDK");
        for (k, answer) in answers.into_iter().enumerate() {
            asked += 1;
            session.answer(scripted(k, &answer.content));
            let told = session
                .call_tool("ask", None)
                .await
                .map(|result| text(&result))
                .map_err(|error| error.to_string());
            let requests = session.requests();
            // One call, one request: its schema.
            let sent = (requests.len() == k + 1).then(|| &requests[k].params()["requestedSchema"]);
            judge(
                &mut problems,
                "rust-mcp-sdk",
                version,
                generation,
                group,
                answer,
                told,
                sent,
            );
        }
    }
    assert!(problems.is_empty(), "{problems}");
    assert!(asked >= 500, "only {asked} answers asked");
}
