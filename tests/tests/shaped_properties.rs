//! Properties of forms shaped at run time, over generated offers (option sets with titles,
//! defaults inside and outside them, bounds and item counts narrowed or widened) and
//! generated answers (options offered and not, counts in and out of range, repeats, wrong
//! types), each judged by a model written here from the rules, not by the library:
//!
//! - the builder refuses exactly the offers that contradict themselves, naming a field that
//!   does;
//! - every answer the form accepts was offered, is within the run-time bounds, and is valid
//!   against the form instance's own schema; it comes back as the values offered;
//! - every answer outside the offer is refused, with an error on exactly the fields that are
//!   outside it.

use std::collections::BTreeSet;

use elicit_core::shape::OfferedOption;
use elicit_core::{Elicit, Form, ShapeError};
use proptest::prelude::*;
use proptest::sample::subsequence;
use serde_json::{Map, Value, json};

/// Choose
#[derive(Elicit, Debug)]
struct Pick {
    #[elicit(options)]
    item: u32,
    #[elicit(minimum = 0, maximum = 100)]
    count: u8,
    #[elicit(options)]
    tags: Vec<u32>,
    #[elicit(max_length = 20)]
    note: Option<String>,
}

/// The options a form may offer: `o0` … `o11`, each standing for the value `7 × i`.
const POOL: usize = 12;

fn constant(index: usize) -> String {
    format!("o{index}")
}

fn value(index: usize) -> u32 {
    u32::try_from(index).unwrap() * 7
}

/// What the server decides at run time.
#[derive(Debug, Clone)]
struct Offer {
    items: Vec<usize>,
    item_default: Option<usize>,
    count_min: Option<u8>,
    count_max: Option<u8>,
    tags: Vec<usize>,
    tags_min: Option<u64>,
    tags_max: Option<u64>,
    tags_default: Option<Vec<usize>>,
    note_max: Option<u64>,
}

fn offers() -> impl Strategy<Value = Offer> {
    let all: Vec<usize> = (0..POOL).collect();
    (
        subsequence(all.clone(), 0..=6),
        proptest::option::of(0..POOL),
        proptest::option::of(0_u8..=120),
        proptest::option::of(0_u8..=120),
        subsequence(all.clone(), 0..=6),
        proptest::option::of(0_u64..=5),
        proptest::option::of(0_u64..=5),
        proptest::option::of(subsequence(all, 0..=3)),
        proptest::option::of(0_u64..=30),
    )
        .prop_map(
            |(
                items,
                item_default,
                count_min,
                count_max,
                tags,
                tags_min,
                tags_max,
                tags_default,
                note_max,
            )| Offer {
                items,
                item_default,
                count_min,
                count_max,
                tags,
                tags_min,
                tags_max,
                tags_default,
                note_max,
            },
        )
}

/// The form the offer shapes.
fn build(offer: &Offer) -> Result<Form<Pick>, ShapeError> {
    let titled = |index: &usize| {
        OfferedOption::new(constant(*index), value(*index)).title(format!("Option {index}"))
    };
    let offer = offer.clone();
    Pick::form()
        .item(|f| {
            let f = f.options(offer.items.iter().map(titled));
            match offer.item_default {
                Some(index) => f.default_option(constant(index)),
                None => f,
            }
        })
        .count(|f| {
            let f = match offer.count_min {
                Some(min) => f.minimum(min),
                None => f,
            };
            match offer.count_max {
                Some(max) => f.maximum(max),
                None => f,
            }
        })
        .tags(|f| {
            let mut f = f.options(offer.tags.iter().map(titled));
            if let Some(min) = offer.tags_min {
                f = f.min_items(min);
            }
            if let Some(max) = offer.tags_max {
                f = f.max_items(max);
            }
            match &offer.tags_default {
                Some(default) => f.default_options(default.iter().map(|index| constant(*index))),
                None => f,
            }
        })
        .note(|f| match offer.note_max {
            Some(max) => f.max_length(max),
            None => f,
        })
        .build()
}

/// The fields whose run-time shape contradicts itself or the declaration, by the rules.
fn contradictions(offer: &Offer) -> BTreeSet<&'static str> {
    let mut fields = BTreeSet::new();
    if offer.items.is_empty()
        || offer
            .item_default
            .is_some_and(|default| !offer.items.contains(&default))
    {
        fields.insert("item");
    }
    let wider = offer.count_max.is_some_and(|max| max > 100);
    let (min, max) = (offer.count_min.unwrap_or(0), offer.count_max.unwrap_or(100));
    if wider || min > max {
        fields.insert("count");
    }
    let (tmin, tmax) = (offer.tags_min.unwrap_or(0), offer.tags_max);
    let count = offer.tags.len() as u64;
    let tags_bad = offer.tags.is_empty()
        || tmax == Some(0)
        || tmax.is_some_and(|max| tmin > max)
        || tmin > count
        || offer.tags_default.as_ref().is_some_and(|default| {
            let len = default.len() as u64;
            default.iter().any(|index| !offer.tags.contains(index))
                || len < tmin
                || tmax.is_some_and(|max| len > max)
        });
    if tags_bad {
        fields.insert("tags");
    }
    if offer.note_max.is_some_and(|max| max > 20) {
        fields.insert("note");
    }
    fields
}

/// An answer a client may send: any option of the pool (offered or not), a count in or out
/// of range or of the wrong type, a list of tags with repeats, a note of any length.
#[derive(Debug, Clone)]
struct Sent {
    item: Value,
    count: Value,
    tags: Vec<usize>,
    note: Option<usize>,
}

fn answers() -> impl Strategy<Value = Sent> {
    (
        prop_oneof![
            8 => (0..POOL).prop_map(|index| json!(constant(index))),
            1 => Just(json!("Option 1")),
            1 => Just(json!(7)),
        ],
        prop_oneof![
            8 => (0_u16..=130).prop_map(|count| json!(count)),
            1 => Just(json!("3")),
            1 => Just(json!(2.5)),
        ],
        proptest::collection::vec(0..POOL, 0..=5),
        proptest::option::of(0_usize..=25),
    )
        .prop_map(|(item, count, tags, note)| Sent {
            item,
            count,
            tags,
            note,
        })
}

fn content(sent: &Sent) -> Map<String, Value> {
    let mut content = Map::new();
    content.insert("item".into(), sent.item.clone());
    content.insert("count".into(), sent.count.clone());
    let tags: Vec<String> = sent.tags.iter().map(|index| constant(*index)).collect();
    content.insert("tags".into(), json!(tags));
    if let Some(length) = sent.note {
        content.insert("note".into(), json!("n".repeat(length)));
    }
    content
}

/// The fields of `sent` that are outside what `offer` offers, by the rules.
fn outside(offer: &Offer, sent: &Sent) -> BTreeSet<&'static str> {
    let mut fields = BTreeSet::new();
    let offered_item = sent
        .item
        .as_str()
        .is_some_and(|text| offer.items.iter().any(|index| constant(*index) == text));
    if !offered_item {
        fields.insert("item");
    }
    let (min, max) = (
        u64::from(offer.count_min.unwrap_or(0)),
        u64::from(offer.count_max.unwrap_or(100)),
    );
    if !sent
        .count
        .as_u64()
        .is_some_and(|count| min <= count && count <= max)
    {
        fields.insert("count");
    }
    let len = sent.tags.len() as u64;
    let repeated = sent
        .tags
        .iter()
        .enumerate()
        .any(|(at, tag)| sent.tags[..at].contains(tag));
    if sent.tags.iter().any(|tag| !offer.tags.contains(tag))
        || repeated
        || len < offer.tags_min.unwrap_or(0)
        || offer.tags_max.is_some_and(|max| len > max)
    {
        fields.insert("tags");
    }
    let note_max = offer.note_max.unwrap_or(20);
    if sent.note.is_some_and(|length| length as u64 > note_max) {
        fields.insert("note");
    }
    fields
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The builder refuses exactly the offers that contradict themselves, naming one of the
    /// fields that does.
    #[test]
    fn a_contradiction_is_refused_on_its_field(offer in offers()) {
        let expected = contradictions(&offer);
        match build(&offer) {
            Ok(_) => prop_assert!(expected.is_empty(), "built, but {expected:?} contradict: {offer:?}"),
            Err(error) => prop_assert!(
                expected.contains(error.field()),
                "refused on `{}` ({}), but the model finds {expected:?}: {offer:?}",
                error.field(),
                error.problem()
            ),
        }
    }

    /// Every answer the form accepts was offered, fits the run-time bounds, is valid against
    /// the instance's own schema, and comes back as the values offered; every answer outside
    /// the offer is refused with an error on exactly the fields outside it.
    #[test]
    fn an_answer_is_accepted_exactly_when_it_is_within_the_offer(
        offer in offers(),
        sent in answers(),
    ) {
        let Ok(form) = build(&offer) else {
            return Ok(());
        };
        let content = content(&sent);
        let outside = outside(&offer, &sent);
        match form.read(&content) {
            Ok(pick) => {
                prop_assert!(outside.is_empty(), "accepted {content:?} outside the offer on {outside:?}");
                prop_assert!(form.schema().validate(&content).is_ok());
                let item = offer.items.iter().find(|index| Some(constant(**index).as_str()) == sent.item.as_str());
                prop_assert_eq!(Some(pick.item), item.map(|index| value(*index)));
                let tags: Vec<u32> = sent.tags.iter().map(|index| value(*index)).collect();
                prop_assert_eq!(pick.tags, tags);
                prop_assert_eq!(pick.count, u8::try_from(sent.count.as_u64().unwrap()).unwrap());
            }
            Err(error) => {
                let fields: BTreeSet<&str> = error.errors().iter().map(|e| e.field()).collect();
                prop_assert_eq!(fields, outside, "{}", error);
            }
        }
    }
}
