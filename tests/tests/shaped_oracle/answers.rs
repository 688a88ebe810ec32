//! Generated answers, from a form's model alone: valid ones (some exactly on the bounds),
//! fields left out (defaults among them), options not offered (another `const`, or a title),
//! counts out of range, repeats, numbers and texts past their bounds, wrong JSON types, an
//! integral float, unknown keys; and, where multi-selects are asked as checkboxes
//! (2025-06-18), the same answers ticked box by box, boxes answered with no boolean, and no
//! box at all.

use serde_json::{Map, Value, json};

use crate::model::{Field, Kind, checkbox};
use crate::rng::Rng;

/// One answer: what it is, and the content a client sends.
#[derive(Debug, Clone)]
pub struct Answer {
    pub what: String,
    pub content: Map<String, Value>,
}

fn text(rng: &mut Rng, length: u64) -> String {
    // Accents and a character outside the BMP: one character each, however encoded.
    const LETTERS: [char; 8] = ['a', 'b', 'c', 'z', ' ', 'é', '🍕', 'ß'];
    (0..length).map(|_| *rng.pick(&LETTERS)).collect()
}

fn half(value: i64) -> f64 {
    // Halves of small numbers: exact.
    #[allow(clippy::cast_precision_loss)]
    let value = value as f64 / 2.0;
    value
}

/// Twice `value`, which is a half.
#[allow(clippy::cast_possible_truncation)]
fn twice(value: f64) -> i64 {
    (value * 2.0) as i64
}

/// A value the field allows; `edge` puts it on a bound.
fn valid(rng: &mut Rng, field: &Field, edge: bool) -> Value {
    match &field.kind {
        Kind::Select { offered, .. } => json!(rng.pick(offered)),
        Kind::Multi {
            offered, min, max, ..
        } => {
            let most = max.map_or(offered.len() as u64, |max| max.min(offered.len() as u64));
            let count = if edge {
                if rng.chance(50) { *min } else { most }
            } else {
                rng.count(*min, most)
            };
            json!(rng.sample(offered, count as usize))
        }
        Kind::Integer { min, max } => {
            json!(if edge {
                if rng.chance(50) { *min } else { *max }
            } else {
                rng.between(*min, *max)
            })
        }
        Kind::Number { min, max } => json!(if edge {
            if rng.chance(50) { *min } else { *max }
        } else {
            half(rng.between(twice(*min), twice(*max)))
        }),
        Kind::Text { min, max } => {
            let length = if edge {
                *max
            } else {
                rng.count(*min, *max.min(&(min + 10)))
            };
            json!(text(rng, length))
        }
        Kind::Flag => json!(rng.chance(50)),
    }
}

/// An answer with every field asked given a value it allows (optional ones sometimes left out).
fn valid_answer(rng: &mut Rng, fields: &[Field], edge: bool) -> Map<String, Value> {
    let mut content = Map::new();
    for field in fields.iter().filter(|field| field.asked) {
        if field.optional && !edge && rng.chance(30) {
            continue;
        }
        content.insert(field.name.to_owned(), valid(rng, field, edge));
    }
    content
}

fn pick_field<'f>(
    rng: &mut Rng,
    fields: &'f [Field],
    fits: impl Fn(&Field) -> bool,
) -> Option<&'f Field> {
    let fitting: Vec<&Field> = fields.iter().filter(|field| fits(field)).collect();
    (!fitting.is_empty()).then(|| *rng.pick(&fitting))
}

/// A value of the wrong JSON type for the field (or, for an integer, a fraction).
fn wrong_type(rng: &mut Rng, field: &Field) -> Value {
    let choices = match &field.kind {
        Kind::Select { .. } => vec![json!(7), json!(true), json!(["x"])],
        Kind::Multi { offered, .. } => vec![
            json!(offered.first().cloned().unwrap_or_default()),
            json!([1, 2]),
            json!({"a": true}),
        ],
        Kind::Integer { min, .. } => vec![json!(min.to_string()), json!(2.5), json!(true)],
        Kind::Number { .. } => vec![json!("2.5"), json!(false), json!([1])],
        Kind::Text { .. } => vec![json!(12), json!(["a"]), json!(true)],
        Kind::Flag => vec![json!("true"), json!(1), json!("yes")],
    };
    rng.pick(&choices).clone()
}

/// The answers to a form whose fields are `fields`, as sent on a revision with multi-selects.
pub fn answers(rng: &mut Rng, fields: &[Field]) -> Vec<Answer> {
    let mut out = Vec::new();
    let mut push = |what: String, content: Map<String, Value>| {
        out.push(Answer { what, content });
    };
    for index in 1..=3 {
        push(format!("valid {index}"), valid_answer(rng, fields, false));
    }
    push("on the bounds".into(), valid_answer(rng, fields, true));
    push("nothing".into(), Map::new());
    let mut defaults = valid_answer(rng, fields, false);
    for field in fields {
        if field.declared_default || field.default.is_some() {
            defaults.remove(field.name);
        }
    }
    push("defaults left out".into(), defaults);
    let asked = |field: &Field| field.asked;
    for _ in 0..2 {
        if let Some(field) = pick_field(rng, fields, |f| asked(f)) {
            let mut content = valid_answer(rng, fields, false);
            content.remove(field.name);
            push(format!("left out: {}", field.name), content);
        }
    }
    // Selects not asked (nothing offered) are answered too: that is not offered either.
    if let Some(field) = pick_field(rng, fields, |f| {
        matches!(f.kind, Kind::Select { .. } | Kind::Multi { .. })
    }) {
        let mut content = valid_answer(rng, fields, false);
        let value = match &field.kind {
            Kind::Select { others, .. } => json!(rng.pick(others)),
            Kind::Multi {
                offered, others, ..
            } => {
                let mut list = rng.sample(offered, 1);
                list.push(rng.pick(others).clone());
                json!(list)
            }
            _ => unreachable!(),
        };
        content.insert(field.name.to_owned(), value);
        push(format!("not offered: {}", field.name), content);
    }
    if let Some(field) = pick_field(rng, fields, |f| {
        f.asked
            && matches!(&f.kind, Kind::Multi { offered, max: Some(max), .. } if (*max as usize) < offered.len())
    }) {
        let Kind::Multi {
            offered,
            max: Some(max),
            ..
        } = &field.kind
        else {
            unreachable!()
        };
        let mut content = valid_answer(rng, fields, false);
        content.insert(
            field.name.to_owned(),
            json!(rng.sample(offered, *max as usize + 1)),
        );
        push(format!("too many: {}", field.name), content);
    }
    if let Some(field) = pick_field(rng, fields, |f| {
        f.asked && matches!(&f.kind, Kind::Multi { min, .. } if *min > 0)
    }) {
        let Kind::Multi { offered, min, .. } = &field.kind else {
            unreachable!()
        };
        let mut content = valid_answer(rng, fields, false);
        content.insert(
            field.name.to_owned(),
            json!(rng.sample(offered, *min as usize - 1)),
        );
        push(format!("too few: {}", field.name), content);
    }
    if let Some(field) = pick_field(rng, fields, |f| {
        f.asked && matches!(f.kind, Kind::Integer { .. } | Kind::Number { .. })
    }) {
        let mut content = valid_answer(rng, fields, false);
        let below = rng.chance(50);
        let value = match field.kind {
            Kind::Integer { min, max } => json!(if below { min - 1 } else { max + 1 }),
            Kind::Number { min, max } => json!(if below { min - 0.5 } else { max + 0.5 }),
            _ => unreachable!(),
        };
        content.insert(field.name.to_owned(), value);
        push(format!("out of range: {}", field.name), content);
    }
    if let Some(field) = pick_field(rng, fields, |f| {
        f.asked && matches!(f.kind, Kind::Integer { .. })
    }) {
        // `4.0` is an integer to JSON Schema.
        let mut content = valid_answer(rng, fields, false);
        let value = valid(rng, field, false).as_i64().expect("an integer");
        #[allow(clippy::cast_precision_loss)]
        content.insert(field.name.to_owned(), json!(value as f64));
        push(format!("integral float: {}", field.name), content);
    }
    if let Some(field) = pick_field(rng, fields, |f| {
        f.asked && matches!(f.kind, Kind::Text { .. })
    }) {
        let Kind::Text { min, max } = field.kind else {
            unreachable!()
        };
        let mut content = valid_answer(rng, fields, false);
        let (what, length) = if min > 0 && rng.chance(40) {
            ("too short", min - 1)
        } else {
            ("too long", max + 1)
        };
        content.insert(field.name.to_owned(), json!(text(rng, length)));
        push(format!("{what}: {}", field.name), content);
    }
    for _ in 0..2 {
        if let Some(field) = pick_field(rng, fields, |f| f.asked) {
            let mut content = valid_answer(rng, fields, false);
            content.insert(field.name.to_owned(), wrong_type(rng, field));
            push(format!("wrong type: {}", field.name), content);
        }
    }
    if let Some(field) = pick_field(rng, fields, |f| f.asked && f.is_multi()) {
        let Kind::Multi { offered, .. } = &field.kind else {
            unreachable!()
        };
        let mut content = valid_answer(rng, fields, false);
        let mut list = rng.sample(offered, 2);
        list.push(list[0].clone());
        content.insert(field.name.to_owned(), json!(list));
        push(format!("repeat: {}", field.name), content);
    }
    let mut unknown = valid_answer(rng, fields, false);
    unknown.insert("comment".into(), json!("not asked"));
    push("unknown key".into(), unknown);
    dedupe(out)
}

/// Names made unique (two `left out` of the same field).
fn dedupe(answers: Vec<Answer>) -> Vec<Answer> {
    let mut out: Vec<Answer> = Vec::new();
    for mut answer in answers {
        let base = answer.what.clone();
        let mut index = 2;
        while out.iter().any(|seen| seen.what == answer.what) {
            answer.what = format!("{base} ({index})");
            index += 1;
        }
        out.push(answer);
    }
    out
}

/// `content` as a client answers a form whose multi-selects were asked as checkboxes: each
/// list of `const`s ticked box by box (some boxes not chosen sent `false`, others left out).
/// A value that is no list of texts stays as it is.
fn ticked(rng: &mut Rng, fields: &[Field], content: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in content {
        let field = fields
            .iter()
            .find(|field| field.name == key && field.is_multi());
        let chosen: Option<Vec<&str>> = value
            .as_array()
            .and_then(|items| items.iter().map(Value::as_str).collect());
        match (field, chosen) {
            (Some(field), Some(chosen)) => {
                let Kind::Multi { offered, .. } = &field.kind else {
                    unreachable!()
                };
                for option in &chosen {
                    out.insert(checkbox(key, option), json!(true));
                }
                for option in offered {
                    if !chosen.contains(&option.as_str()) && rng.chance(50) {
                        out.insert(checkbox(key, option), json!(false));
                    }
                }
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    out
}

/// The answers as sent where multi-selects are asked as checkboxes: each of `answers` ticked
/// box by box, then the answers only boxes have.
pub fn with_checkboxes(rng: &mut Rng, fields: &[Field], answers: &[Answer]) -> Vec<Answer> {
    let mut out: Vec<Answer> = answers
        .iter()
        .map(|answer| Answer {
            what: answer.what.clone(),
            content: ticked(rng, fields, &answer.content),
        })
        .collect();
    let Some(field) = pick_field(rng, fields, |f| f.asked && f.is_multi()) else {
        return out;
    };
    let Kind::Multi { offered, .. } = &field.kind else {
        unreachable!()
    };
    let name = field.name;
    let answer = valid_answer(rng, fields, false);
    let valid = ticked(rng, fields, &answer);
    for (what, not_a_boolean) in [("box not a boolean", json!("true")), ("box as 1", json!(1))] {
        let mut content = valid.clone();
        let option = rng.pick(offered);
        content.insert(checkbox(name, option), not_a_boolean);
        out.push(Answer {
            what: format!("{what}: {}", checkbox(name, option)),
            content,
        });
    }
    let mut none = valid.clone();
    none.retain(|key, _| !key.starts_with(&format!("{name}.")));
    out.push(Answer {
        what: format!("no box: {name}"),
        content: none,
    });
    let mut all = valid;
    for option in offered {
        all.insert(checkbox(name, option), json!(true));
    }
    out.push(Answer {
        what: format!("every box ticked: {name}"),
        content: all,
    });
    dedupe(out)
}
