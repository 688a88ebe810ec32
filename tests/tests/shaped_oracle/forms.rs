//! The three derived forms, and how a generated spec shapes each: `Order` (options given at
//! run time: `String` and `u32` values, some under `const`s of their own, a multi-select of
//! options, a check across fields), `Pizza` (a static kind of form: an enum select, a
//! `Vec<enum>` multi-select, bounded integers, a length-limited text, `Option` fields and
//! declared defaults) and `Rating` (a number, negative bounds, an optional multi-select).
//!
//! Each spec says what it offers as a model ([`Field`]), independently of the schema the
//! library writes, and may hold one contradiction put there on purpose (`flaw`), which must
//! make `build()` a `ShapeError` on that field.

use std::fmt::Debug;

use elicit_core::shape::OfferedOption;
use elicit_core::{ContentError, Elicit, Form, ShapeError};
use serde_json::{Map, Value, json};

use crate::model::{Field, Kind};
use crate::rng::Rng;

/// What every generated spec gives.
pub trait Spec: Clone + Debug + Send + Sync + 'static {
    /// The form's type.
    type Value: elicit_core::FormMode + Debug + Send + Sync + 'static;
    const TYPE: &'static str;
    /// The form, shaped as the spec says.
    fn build(&self) -> Result<Form<Self::Value>, ShapeError>;
    /// The builder calls, in words, for the corpus.
    fn shaping(&self) -> Vec<String>;
    /// The field given a contradiction on purpose, if any.
    fn flaw(&self) -> Option<&'static str>;
    /// What the form offers, field by field.
    fn fields(&self) -> Vec<Field>;
    /// The value as content, each option as the `const` it was offered under: `to_content`,
    /// or for a form with options given at run time (which has none), written here from the
    /// offer. An error when a value was never offered.
    fn write(&self, value: &Self::Value) -> Result<Map<String, Value>, String>;
    /// The checks given at run time, as the model states them.
    fn check(&self, value: &Self::Value) -> Result<(), String>;
    /// `T::from_content`, for a form of the type's own (nothing shaped); `None` for another.
    fn type_reader(
        &self,
        content: &Map<String, Value>,
    ) -> Option<Result<Self::Value, ContentError>>;
}

// ------------------------------------------------------------------------------- Order

/// Order from today's menu
#[derive(Elicit, Debug)]
pub struct Order {
    /// The dish
    #[elicit(options)]
    pub dish: String,
    /// Where to sit
    #[elicit(options)]
    pub table: Option<u32>,
    /// Sides
    #[elicit(options)]
    pub sides: Vec<String>,
    /// How many guests
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    pub guests: u8,
    /// A note for the kitchen
    #[elicit(max_length = 40)]
    pub note: Option<String>,
}

/// The dishes a menu may offer: an id, the value handed back, the title shown.
const DISHES: [(&str, &str, &str); 6] = [
    ("d0", "Risotto", "Risotto — €14"),
    ("d1", "Crème brûlée", "Crème brûlée — €7"),
    ("d2", "Pad thai", "Pad thai — €12"),
    ("d3", "Soup of the day", "Soup — €6"),
    ("d4", "Tofu bowl", "Tofu bowl — €11"),
    ("d5", "Lasagne", "Lasagne — €13"),
];
const TABLES: [u32; 5] = [2, 4, 6, 8, 12];
const SIDES: [&str; 6] = ["fries", "salad", "bread", "olives", "soup", "rice"];

#[derive(Debug, Clone, Default)]
pub struct OrderSpec {
    /// Indices into `DISHES`; offered under their ids (`dish_ids`) or as their own text.
    dishes: Vec<usize>,
    dish_ids: bool,
    dish_default: Option<usize>,
    tables: Vec<usize>,
    table_default: Option<usize>,
    sides: Vec<usize>,
    sides_min: Option<u64>,
    sides_max: Option<u64>,
    sides_default: Option<Vec<usize>>,
    guests_min: Option<u8>,
    guests_max: Option<u8>,
    guests_default: Option<u8>,
    note_min: Option<u64>,
    note_max: Option<u64>,
    note_default: Option<String>,
    /// No more guests than the table chosen seats.
    table_check: bool,
    flaw: Option<&'static str>,
}

impl OrderSpec {
    fn dish_const(&self, index: usize) -> String {
        if self.dish_ids {
            DISHES[index].0.to_owned()
        } else {
            DISHES[index].1.to_owned()
        }
    }

    fn guests_range(&self) -> (u8, u8) {
        (self.guests_min.unwrap_or(1), self.guests_max.unwrap_or(12))
    }

    fn note_range(&self) -> (u64, u64) {
        (self.note_min.unwrap_or(0), self.note_max.unwrap_or(40))
    }

    pub fn generate(rng: &mut Rng) -> Self {
        let all = |n: usize| (0..n).collect::<Vec<usize>>();
        let mut spec = Self {
            dishes: rng.subset(&all(DISHES.len()), 1, 4),
            dish_ids: rng.chance(50),
            ..Self::default()
        };
        if rng.chance(40) {
            spec.dish_default = Some(*rng.pick(&spec.dishes));
        }
        spec.tables = if rng.chance(25) {
            Vec::new()
        } else {
            rng.subset(&all(TABLES.len()), 1, 3)
        };
        if !spec.tables.is_empty() && rng.chance(30) {
            spec.table_default = Some(*rng.pick(&spec.tables));
        }
        spec.sides = rng.subset(&all(SIDES.len()), 1, 5);
        let offered = spec.sides.len() as u64;
        if rng.chance(40) {
            spec.sides_min = Some(rng.count(0, offered.min(2)));
        }
        if rng.chance(40) {
            spec.sides_max = Some(rng.count(spec.sides_min.unwrap_or(0).max(1), offered + 1));
        }
        if rng.chance(30) {
            let low = spec.sides_min.unwrap_or(0) as usize;
            let high = spec.sides_max.map_or(offered, |max| max.min(offered)) as usize;
            spec.sides_default = Some(rng.subset(&spec.sides, low, high));
        }
        if rng.chance(40) {
            spec.guests_min = Some(u8::try_from(rng.between(1, 6)).expect("small"));
        }
        if rng.chance(40) {
            let low = i64::from(spec.guests_min.unwrap_or(1)).max(2);
            spec.guests_max = Some(u8::try_from(rng.between(low, 12)).expect("small"));
        }
        if rng.chance(30) {
            let (min, max) = spec.guests_range();
            spec.guests_default =
                Some(u8::try_from(rng.between(min.into(), max.into())).expect("small"));
        }
        if rng.chance(40) {
            spec.note_max = Some(rng.count(1, 40));
        }
        if rng.chance(20) {
            spec.note_min = Some(rng.count(0, spec.note_max.unwrap_or(40).min(5)));
        }
        if rng.chance(20) {
            let (min, max) = spec.note_range();
            spec.note_default = Some("n".repeat(rng.count(min, max.min(min + 8)) as usize));
        }
        spec.table_check = rng.chance(30);
        if rng.chance(20) {
            spec.break_one(rng);
        }
        spec
    }

    /// Gives one field a contradiction.
    fn break_one(&mut self, rng: &mut Rng) {
        let field = *rng.pick(&["dish", "table", "sides", "guests", "note"]);
        match (field, rng.below(3)) {
            ("dish", 0) => {
                self.dishes.clear();
                self.dish_default = None;
            }
            ("dish", _) => {
                let missing = (0..DISHES.len()).find(|d| !self.dishes.contains(d));
                match missing {
                    Some(missing) => self.dish_default = Some(missing),
                    None => return,
                }
            }
            ("table", _) => {
                if self.tables.is_empty() {
                    self.tables = vec![0];
                }
                let missing = (0..TABLES.len()).find(|t| !self.tables.contains(t));
                self.table_default = missing;
                if missing.is_none() {
                    return;
                }
            }
            ("sides", 0) => {
                self.sides.clear();
                self.sides_min = None;
                self.sides_max = None;
                self.sides_default = None;
            }
            ("sides", 1) => {
                self.sides_min = Some(self.sides.len() as u64 + 1);
                self.sides_max = None;
                self.sides_default = None;
            }
            ("sides", _) => {
                self.sides_max = Some(0);
                self.sides_min = None;
                self.sides_default = None;
            }
            ("guests", 0) => self.guests_max = Some(13),
            ("guests", 1) => {
                self.guests_min = Some(7);
                self.guests_max = Some(5);
                self.guests_default = None;
            }
            ("guests", _) => {
                let (_, max) = self.guests_range();
                if max == 12 {
                    self.guests_max = Some(11);
                }
                self.guests_default = Some(12);
            }
            ("note", 0) => self.note_max = Some(41),
            _ => {
                self.note_min = Some(10);
                self.note_max = Some(9);
                self.note_default = None;
            }
        }
        self.flaw = Some(field);
    }
}

impl Spec for OrderSpec {
    type Value = Order;
    const TYPE: &'static str = "Order";

    fn build(&self) -> Result<Form<Order>, ShapeError> {
        let spec = self.clone();
        let ids = spec.dish_ids;
        Order::form()
            .dish(|f| {
                let f = f.options(spec.dishes.iter().map(|&index| {
                    let (id, value, title) = DISHES[index];
                    if ids {
                        OfferedOption::new(id, value.to_owned()).title(title)
                    } else {
                        OfferedOption::from((value.to_owned(), title))
                    }
                }));
                match spec.dish_default {
                    Some(index) => f.default_option(spec.dish_const(index)),
                    None => f,
                }
            })
            .table(|f| {
                let f = f.options(
                    spec.tables
                        .iter()
                        .map(|&index| (TABLES[index], format!("Table for {}", TABLES[index]))),
                );
                match spec.table_default {
                    Some(index) => f.default(TABLES[index]),
                    None => f,
                }
            })
            .sides(|f| {
                let mut f = f.options(spec.sides.iter().map(|&index| SIDES[index].to_owned()));
                if let Some(min) = spec.sides_min {
                    f = f.min_items(min);
                }
                if let Some(max) = spec.sides_max {
                    f = f.max_items(max);
                }
                match &spec.sides_default {
                    Some(default) => {
                        f.default(default.iter().map(|&index| SIDES[index].to_owned()))
                    }
                    None => f,
                }
            })
            .guests(|f| {
                let mut f = f;
                if let Some(min) = spec.guests_min {
                    f = f.minimum(min);
                }
                if let Some(max) = spec.guests_max {
                    f = f.maximum(max);
                }
                if let Some(default) = spec.guests_default {
                    f = f.default(default);
                }
                if spec.table_check {
                    f = f.check(|guests: &u8, order: &Order| match order.table {
                        Some(table) if u32::from(*guests) > table => {
                            Err(format!("table for {table}: no room for {guests}"))
                        }
                        _ => Ok(()),
                    });
                }
                f
            })
            .note(|f| {
                let mut f = f;
                if let Some(min) = spec.note_min {
                    f = f.min_length(min);
                }
                if let Some(max) = spec.note_max {
                    f = f.max_length(max);
                }
                if let Some(default) = &spec.note_default {
                    f = f.default(default.clone());
                }
                f
            })
            .build()
    }

    fn shaping(&self) -> Vec<String> {
        let mut calls = Vec::new();
        let dishes: Vec<String> = self
            .dishes
            .iter()
            .map(|&index| format!("{:?} = {:?}", self.dish_const(index), DISHES[index].1))
            .collect();
        calls.push(format!("dish: options [{}]", dishes.join(", ")));
        if let Some(index) = self.dish_default {
            calls.push(format!("dish: default_option {:?}", self.dish_const(index)));
        }
        let tables: Vec<u32> = self.tables.iter().map(|&index| TABLES[index]).collect();
        calls.push(format!("table: options {tables:?}"));
        if let Some(index) = self.table_default {
            calls.push(format!("table: default {}", TABLES[index]));
        }
        let sides: Vec<&str> = self.sides.iter().map(|&index| SIDES[index]).collect();
        calls.push(format!("sides: options {sides:?}"));
        if let Some(min) = self.sides_min {
            calls.push(format!("sides: min_items {min}"));
        }
        if let Some(max) = self.sides_max {
            calls.push(format!("sides: max_items {max}"));
        }
        if let Some(default) = &self.sides_default {
            let default: Vec<&str> = default.iter().map(|&index| SIDES[index]).collect();
            calls.push(format!("sides: default {default:?}"));
        }
        push_bounds(&mut calls, "guests", "minimum", self.guests_min);
        push_bounds(&mut calls, "guests", "maximum", self.guests_max);
        push_bounds(&mut calls, "guests", "default", self.guests_default);
        if self.table_check {
            calls.push("guests: check no more than the table seats".to_owned());
        }
        push_bounds(&mut calls, "note", "min_length", self.note_min);
        push_bounds(&mut calls, "note", "max_length", self.note_max);
        if let Some(default) = &self.note_default {
            calls.push(format!("note: default {default:?}"));
        }
        calls
    }

    fn flaw(&self) -> Option<&'static str> {
        self.flaw
    }

    fn fields(&self) -> Vec<Field> {
        let dish_consts: Vec<String> = self.dishes.iter().map(|&i| self.dish_const(i)).collect();
        let mut dish_others: Vec<String> = (0..DISHES.len())
            .filter(|i| !self.dishes.contains(i))
            .map(|i| self.dish_const(i))
            .collect();
        // An offered dish named by what the person sees, not by its `const`.
        dish_others.extend(self.dishes.iter().map(|&i| DISHES[i].2.to_owned()));
        let table_consts: Vec<String> =
            self.tables.iter().map(|&i| TABLES[i].to_string()).collect();
        let table_others: Vec<String> = (0..TABLES.len())
            .filter(|i| !self.tables.contains(i))
            .map(|i| TABLES[i].to_string())
            .chain(
                self.tables
                    .iter()
                    .map(|&i| format!("Table for {}", TABLES[i])),
            )
            .collect();
        let side_consts: Vec<String> = self.sides.iter().map(|&i| SIDES[i].to_owned()).collect();
        let side_others: Vec<String> = (0..SIDES.len())
            .filter(|i| !self.sides.contains(i))
            .map(|i| SIDES[i].to_owned())
            .chain(["Fries".to_owned()])
            .collect();
        let (guests_min, guests_max) = self.guests_range();
        let guests_default = self
            .guests_default
            .or_else(|| (guests_min..=guests_max).contains(&2).then_some(2));
        let (note_min, note_max) = self.note_range();
        vec![
            Field {
                name: "dish",
                kind: Kind::Select {
                    offered: dish_consts,
                    others: dish_others,
                },
                optional: false,
                asked: true,
                default: self.dish_default.map(|i| json!(self.dish_const(i))),
                declared_default: false,
            },
            Field {
                name: "table",
                kind: Kind::Select {
                    offered: table_consts,
                    others: table_others,
                },
                optional: true,
                asked: !self.tables.is_empty(),
                default: self.table_default.map(|i| json!(TABLES[i].to_string())),
                declared_default: false,
            },
            Field {
                name: "sides",
                kind: Kind::Multi {
                    offered: side_consts,
                    others: side_others,
                    min: self.sides_min.unwrap_or(0),
                    max: self.sides_max,
                },
                optional: false,
                asked: true,
                default: self
                    .sides_default
                    .as_ref()
                    .map(|d| json!(d.iter().map(|&i| SIDES[i]).collect::<Vec<_>>())),
                declared_default: false,
            },
            Field {
                name: "guests",
                kind: Kind::Integer {
                    min: guests_min.into(),
                    max: guests_max.into(),
                },
                optional: false,
                asked: true,
                default: guests_default.map(|d| json!(d)),
                declared_default: true,
            },
            Field {
                name: "note",
                kind: Kind::Text {
                    min: note_min,
                    max: note_max,
                },
                optional: true,
                asked: true,
                default: self.note_default.as_ref().map(|d| json!(d)),
                declared_default: false,
            },
        ]
    }

    fn write(&self, order: &Order) -> Result<Map<String, Value>, String> {
        let mut content = Map::new();
        let dish = self
            .dishes
            .iter()
            .find(|&&index| DISHES[index].1 == order.dish)
            .ok_or_else(|| format!("the dish {:?} was not offered", order.dish))?;
        content.insert("dish".into(), json!(self.dish_const(*dish)));
        if let Some(table) = order.table {
            if !self.tables.iter().any(|&index| TABLES[index] == table) {
                return Err(format!("the table {table} was not offered"));
            }
            content.insert("table".into(), json!(table.to_string()));
        }
        for side in &order.sides {
            if !self.sides.iter().any(|&index| SIDES[index] == side) {
                return Err(format!("the side {side:?} was not offered"));
            }
        }
        content.insert("sides".into(), json!(order.sides));
        content.insert("guests".into(), json!(order.guests));
        if let Some(note) = &order.note {
            content.insert("note".into(), json!(note));
        }
        Ok(content)
    }

    fn check(&self, order: &Order) -> Result<(), String> {
        match order.table {
            Some(table) if self.table_check && u32::from(order.guests) > table => {
                Err(format!("{} guests at a table for {table}", order.guests))
            }
            _ => Ok(()),
        }
    }

    fn type_reader(&self, _: &Map<String, Value>) -> Option<Result<Order, ContentError>> {
        // A form with options given at run time has no form of its own.
        None
    }
}

fn push_bounds<V: Debug>(calls: &mut Vec<String>, field: &str, call: &str, value: Option<V>) {
    if let Some(value) = value {
        calls.push(format!("{field}: {call} {value:?}"));
    }
}

// ------------------------------------------------------------------------------- Pizza

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "lowercase")]
pub enum Size {
    Small,
    Medium,
    Large,
    Family,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
pub enum Topping {
    /// Extra mozzarella
    Cheese,
    Olives,
    Basil,
    Chili,
    Garlic,
    Ham,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "lowercase")]
pub enum Crust {
    Thin,
    Thick,
    Stuffed,
}

const SIZES: [(Size, &str); 4] = [
    (Size::Small, "small"),
    (Size::Medium, "medium"),
    (Size::Large, "large"),
    (Size::Family, "family"),
];
const TOPPINGS: [(Topping, &str); 6] = [
    (Topping::Cheese, "cheese"),
    (Topping::Olives, "olives"),
    (Topping::Basil, "basil"),
    (Topping::Chili, "chili"),
    (Topping::Garlic, "garlic"),
    (Topping::Ham, "ham"),
];
const CRUSTS: [(Crust, &str); 3] = [
    (Crust::Thin, "thin"),
    (Crust::Thick, "thick"),
    (Crust::Stuffed, "stuffed"),
];

/// Your pizza
#[derive(Elicit, Debug)]
#[elicit(shaped)]
pub struct Pizza {
    #[elicit(default = Size::Medium)]
    pub size: Size,
    #[elicit(min_items = 1, max_items = 4, default = [Topping::Cheese])]
    pub toppings: Vec<Topping>,
    #[elicit(minimum = 1, maximum = 10, default = 2)]
    pub count: u8,
    /// Written on the box
    #[elicit(min_length = 1, max_length = 20, default = "Happy birthday")]
    pub message: String,
    pub crust: Option<Crust>,
    #[elicit(minimum = 0, maximum = 5, default = 1)]
    pub spice: Option<u8>,
    #[elicit(default = true)]
    pub extra_cheese: bool,
}

/// How a form of a type of its own is made when nothing is shaped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Origin {
    /// Shaped by the builder (maybe with nothing at all).
    #[default]
    Builder,
    /// `Form::<T>::new()`: the type's own form.
    Own,
}

/// Whether the builder calls, in words, shape nothing: the type's own form.
fn nothing_shaped(shaping: &[String]) -> bool {
    matches!(shaping, [only] if only.starts_with("Form::<") || only.ends_with("nothing shaped"))
}

/// The options of an enum select kept by `only` (in the enum's order), or all.
fn kept<E: Copy + PartialEq>(all: &[(E, &str)], only: Option<&Vec<E>>) -> Vec<String> {
    all.iter()
        .filter(|(variant, _)| only.is_none_or(|only| only.contains(variant)))
        .map(|(_, name)| (*name).to_owned())
        .collect()
}

fn not_kept<E: Copy + PartialEq>(all: &[(E, &str)], only: Option<&Vec<E>>) -> Vec<String> {
    all.iter()
        .filter(|(variant, _)| only.is_some_and(|only| !only.contains(variant)))
        .map(|(_, name)| (*name).to_owned())
        .collect()
}

fn names<E: Copy + PartialEq>(all: &[(E, &str)], values: &[E]) -> Vec<String> {
    values
        .iter()
        .map(|value| {
            all.iter()
                .find(|(variant, _)| variant == value)
                .map(|(_, name)| (*name).to_owned())
                .expect("every variant is named")
        })
        .collect()
}

#[derive(Debug, Clone, Default)]
pub struct PizzaSpec {
    pub origin: Origin,
    size_only: Option<Vec<Size>>,
    size_default: Option<Size>,
    toppings_only: Option<Vec<Topping>>,
    toppings_min: Option<u64>,
    toppings_max: Option<u64>,
    toppings_default: Option<Vec<Topping>>,
    count_min: Option<u8>,
    count_max: Option<u8>,
    count_default: Option<u8>,
    message_min: Option<u64>,
    message_max: Option<u64>,
    message_default: Option<String>,
    crust_only: Option<Vec<Crust>>,
    spice_min: Option<u8>,
    spice_max: Option<u8>,
    spice_default: Option<u8>,
    cheese_default: Option<bool>,
    flaw: Option<&'static str>,
}

impl PizzaSpec {
    fn toppings_offered(&self) -> Vec<Topping> {
        TOPPINGS
            .iter()
            .map(|(topping, _)| *topping)
            .filter(|topping| {
                self.toppings_only
                    .as_ref()
                    .is_none_or(|only| only.contains(topping))
            })
            .collect()
    }

    fn toppings_range(&self) -> (u64, u64) {
        (
            self.toppings_min.unwrap_or(1),
            self.toppings_max.unwrap_or(4),
        )
    }

    fn count_range(&self) -> (u8, u8) {
        (self.count_min.unwrap_or(1), self.count_max.unwrap_or(10))
    }

    fn message_range(&self) -> (u64, u64) {
        (
            self.message_min.unwrap_or(1),
            self.message_max.unwrap_or(20),
        )
    }

    fn spice_range(&self) -> (u8, u8) {
        (self.spice_min.unwrap_or(0), self.spice_max.unwrap_or(5))
    }

    pub fn generate(rng: &mut Rng) -> Self {
        let mut spec = Self::default();
        if rng.chance(50) {
            let all: Vec<Size> = SIZES.iter().map(|(size, _)| *size).collect();
            spec.size_only = Some(rng.subset(&all, 1, 3));
        }
        if rng.chance(35) {
            let offered: Vec<Size> = SIZES
                .iter()
                .map(|(size, _)| *size)
                .filter(|size| {
                    spec.size_only
                        .as_ref()
                        .is_none_or(|only| only.contains(size))
                })
                .collect();
            spec.size_default = Some(*rng.pick(&offered));
        }
        if rng.chance(50) {
            let all: Vec<Topping> = TOPPINGS.iter().map(|(topping, _)| *topping).collect();
            spec.toppings_only = Some(rng.subset(&all, 1, 5));
        }
        let offered = spec.toppings_offered().len() as u64;
        if rng.chance(35) {
            spec.toppings_min = Some(rng.count(1, offered.min(3)));
        }
        if rng.chance(35) {
            spec.toppings_max = Some(rng.count(spec.toppings_min.unwrap_or(1), 4));
        }
        if rng.chance(30) {
            let (min, max) = spec.toppings_range();
            let offered = spec.toppings_offered();
            let count = rng.count(min, max.min(offered.len() as u64)) as usize;
            spec.toppings_default = Some(rng.sample(&offered, count));
        }
        if rng.chance(40) {
            spec.count_min = Some(u8::try_from(rng.between(1, 5)).expect("small"));
        }
        if rng.chance(40) {
            let low = i64::from(spec.count_min.unwrap_or(1));
            spec.count_max = Some(u8::try_from(rng.between(low, 10)).expect("small"));
        }
        if rng.chance(30) {
            let (min, max) = spec.count_range();
            spec.count_default =
                Some(u8::try_from(rng.between(min.into(), max.into())).expect("small"));
        }
        if rng.chance(40) {
            // Often below the 14 characters of the declared default, which then is none.
            spec.message_max = Some(rng.count(3, 20));
        }
        if rng.chance(25) {
            spec.message_min = Some(rng.count(1, spec.message_max.unwrap_or(20).min(6)));
        }
        if rng.chance(25) {
            let (min, max) = spec.message_range();
            spec.message_default = Some(
                "Ciao 🍕"
                    .chars()
                    .cycle()
                    .take(rng.count(min, max) as usize)
                    .collect(),
            );
        }
        if rng.chance(50) {
            let all: Vec<Crust> = CRUSTS.iter().map(|(crust, _)| *crust).collect();
            spec.crust_only = Some(rng.subset(&all, 0, 2));
        }
        if rng.chance(30) {
            spec.spice_min = Some(u8::try_from(rng.between(0, 2)).expect("small"));
        }
        if rng.chance(30) {
            let low = i64::from(spec.spice_min.unwrap_or(0));
            spec.spice_max = Some(u8::try_from(rng.between(low, 5)).expect("small"));
        }
        if rng.chance(25) {
            let (min, max) = spec.spice_range();
            spec.spice_default =
                Some(u8::try_from(rng.between(min.into(), max.into())).expect("small"));
        }
        if rng.chance(30) {
            spec.cheese_default = Some(rng.chance(50));
        }
        if rng.chance(20) {
            spec.break_one(rng);
        }
        spec
    }

    fn break_one(&mut self, rng: &mut Rng) {
        let field = *rng.pick(&["size", "toppings", "count", "message", "spice"]);
        match (field, rng.below(3)) {
            ("size", 0) => {
                self.size_only = Some(Vec::new());
                self.size_default = None;
            }
            ("size", _) => {
                self.size_only = Some(vec![Size::Small, Size::Large]);
                self.size_default = Some(Size::Family);
            }
            ("toppings", 0) => {
                self.toppings_only = Some(Vec::new());
                self.toppings_min = None;
                self.toppings_max = None;
                self.toppings_default = None;
            }
            ("toppings", 1) => self.toppings_min = Some(0),
            ("toppings", _) => {
                self.toppings_max = Some(5);
            }
            ("count", 0) => self.count_max = Some(11),
            ("count", 1) => {
                self.count_min = Some(6);
                self.count_max = Some(4);
                self.count_default = None;
            }
            ("count", _) => {
                self.count_max = Some(3);
                self.count_min = None;
                self.count_default = Some(9);
            }
            ("message", 0) => self.message_max = Some(25),
            ("message", _) => {
                self.message_max = Some(5);
                self.message_min = None;
                self.message_default = Some("Happy birthday".to_owned());
            }
            _ => {
                self.spice_max = Some(6);
            }
        }
        self.flaw = Some(field);
    }
}

impl Spec for PizzaSpec {
    type Value = Pizza;
    const TYPE: &'static str = "Pizza";

    fn build(&self) -> Result<Form<Pizza>, ShapeError> {
        if self.origin == Origin::Own {
            return Ok(Form::<Pizza>::new());
        }
        let spec = self.clone();
        Pizza::form()
            .size(|f| {
                let mut f = f;
                if let Some(only) = &spec.size_only {
                    f = f.only(only.iter().copied());
                }
                if let Some(default) = spec.size_default {
                    f = f.default(default);
                }
                f
            })
            .toppings(|f| {
                let mut f = f;
                if let Some(only) = &spec.toppings_only {
                    f = f.only(only.iter().copied());
                }
                if let Some(min) = spec.toppings_min {
                    f = f.min_items(min);
                }
                if let Some(max) = spec.toppings_max {
                    f = f.max_items(max);
                }
                if let Some(default) = &spec.toppings_default {
                    f = f.default(default.clone());
                }
                f
            })
            .count(|f| {
                let mut f = f;
                if let Some(min) = spec.count_min {
                    f = f.minimum(min);
                }
                if let Some(max) = spec.count_max {
                    f = f.maximum(max);
                }
                if let Some(default) = spec.count_default {
                    f = f.default(default);
                }
                f
            })
            .message(|f| {
                let mut f = f;
                if let Some(min) = spec.message_min {
                    f = f.min_length(min);
                }
                if let Some(max) = spec.message_max {
                    f = f.max_length(max);
                }
                if let Some(default) = &spec.message_default {
                    f = f.default(default.clone());
                }
                f
            })
            .crust(|f| match &spec.crust_only {
                Some(only) => f.only(only.iter().copied()),
                None => f,
            })
            .spice(|f| {
                let mut f = f;
                if let Some(min) = spec.spice_min {
                    f = f.minimum(min);
                }
                if let Some(max) = spec.spice_max {
                    f = f.maximum(max);
                }
                if let Some(default) = spec.spice_default {
                    f = f.default(default);
                }
                f
            })
            .extra_cheese(|f| match spec.cheese_default {
                Some(default) => f.default(default),
                None => f,
            })
            .build()
    }

    fn shaping(&self) -> Vec<String> {
        if self.origin == Origin::Own {
            return vec!["Form::<Pizza>::new()".to_owned()];
        }
        let mut calls = Vec::new();
        if let Some(only) = &self.size_only {
            calls.push(format!("size: only {:?}", names(&SIZES, only)));
        }
        if let Some(default) = self.size_default {
            calls.push(format!("size: default {:?}", names(&SIZES, &[default])[0]));
        }
        if let Some(only) = &self.toppings_only {
            calls.push(format!("toppings: only {:?}", names(&TOPPINGS, only)));
        }
        push_bounds(&mut calls, "toppings", "min_items", self.toppings_min);
        push_bounds(&mut calls, "toppings", "max_items", self.toppings_max);
        if let Some(default) = &self.toppings_default {
            calls.push(format!("toppings: default {:?}", names(&TOPPINGS, default)));
        }
        push_bounds(&mut calls, "count", "minimum", self.count_min);
        push_bounds(&mut calls, "count", "maximum", self.count_max);
        push_bounds(&mut calls, "count", "default", self.count_default);
        push_bounds(&mut calls, "message", "min_length", self.message_min);
        push_bounds(&mut calls, "message", "max_length", self.message_max);
        push_bounds(
            &mut calls,
            "message",
            "default",
            self.message_default.as_ref(),
        );
        if let Some(only) = &self.crust_only {
            calls.push(format!("crust: only {:?}", names(&CRUSTS, only)));
        }
        push_bounds(&mut calls, "spice", "minimum", self.spice_min);
        push_bounds(&mut calls, "spice", "maximum", self.spice_max);
        push_bounds(&mut calls, "spice", "default", self.spice_default);
        push_bounds(&mut calls, "extra_cheese", "default", self.cheese_default);
        if calls.is_empty() {
            calls.push("Pizza::form().build(), nothing shaped".to_owned());
        }
        calls
    }

    fn flaw(&self) -> Option<&'static str> {
        self.flaw
    }

    fn fields(&self) -> Vec<Field> {
        let sizes = kept(&SIZES, self.size_only.as_ref());
        let size_default = match self.size_default {
            Some(size) => Some(names(&SIZES, &[size])[0].clone()),
            None => sizes
                .contains(&"medium".to_owned())
                .then(|| "medium".to_owned()),
        };
        let mut size_others = not_kept(&SIZES, self.size_only.as_ref());
        size_others.push("Medium".to_owned());
        let toppings = kept(&TOPPINGS, self.toppings_only.as_ref());
        let (min, max) = self.toppings_range();
        let toppings_default = match &self.toppings_default {
            Some(default) => Some(json!(names(&TOPPINGS, default))),
            None => (toppings.contains(&"cheese".to_owned()) && min <= 1 && 1 <= max)
                .then(|| json!(["cheese"])),
        };
        let mut topping_others = not_kept(&TOPPINGS, self.toppings_only.as_ref());
        topping_others.push("Extra mozzarella".to_owned());
        let (count_min, count_max) = self.count_range();
        let count_default = self
            .count_default
            .or_else(|| (count_min..=count_max).contains(&2).then_some(2));
        let (message_min, message_max) = self.message_range();
        let declared_message = "Happy birthday";
        let message_default = self.message_default.clone().or_else(|| {
            let length = declared_message.chars().count() as u64;
            (message_min..=message_max)
                .contains(&length)
                .then(|| declared_message.to_owned())
        });
        let crusts = kept(&CRUSTS, self.crust_only.as_ref());
        let mut crust_others = not_kept(&CRUSTS, self.crust_only.as_ref());
        crust_others.push("Thin".to_owned());
        let (spice_min, spice_max) = self.spice_range();
        let spice_default = self
            .spice_default
            .or_else(|| (spice_min..=spice_max).contains(&1).then_some(1));
        vec![
            Field {
                name: "size",
                kind: Kind::Select {
                    offered: sizes,
                    others: size_others,
                },
                optional: false,
                asked: true,
                default: size_default.map(Value::from),
                declared_default: true,
            },
            Field {
                name: "toppings",
                kind: Kind::Multi {
                    offered: toppings.clone(),
                    others: topping_others,
                    min,
                    max: Some(max),
                },
                optional: false,
                asked: true,
                default: toppings_default,
                declared_default: true,
            },
            Field {
                name: "count",
                kind: Kind::Integer {
                    min: count_min.into(),
                    max: count_max.into(),
                },
                optional: false,
                asked: true,
                default: count_default.map(|d| json!(d)),
                declared_default: true,
            },
            Field {
                name: "message",
                kind: Kind::Text {
                    min: message_min,
                    max: message_max,
                },
                optional: false,
                asked: true,
                default: message_default.map(Value::from),
                declared_default: true,
            },
            Field {
                name: "crust",
                asked: !crusts.is_empty(),
                kind: Kind::Select {
                    offered: crusts,
                    others: crust_others,
                },
                optional: true,
                default: None,
                declared_default: false,
            },
            Field {
                name: "spice",
                kind: Kind::Integer {
                    min: spice_min.into(),
                    max: spice_max.into(),
                },
                optional: true,
                asked: true,
                default: spice_default.map(|d| json!(d)),
                declared_default: true,
            },
            Field {
                name: "extra_cheese",
                kind: Kind::Flag,
                optional: false,
                asked: true,
                default: Some(json!(self.cheese_default.unwrap_or(true))),
                declared_default: true,
            },
        ]
    }

    fn write(&self, pizza: &Pizza) -> Result<Map<String, Value>, String> {
        Ok(pizza.to_content())
    }

    fn check(&self, _: &Pizza) -> Result<(), String> {
        Ok(())
    }

    fn type_reader(&self, content: &Map<String, Value>) -> Option<Result<Pizza, ContentError>> {
        self.is_unshaped().then(|| Pizza::from_content(content))
    }
}

impl PizzaSpec {
    /// Nothing shaped: the type's own form, however made.
    pub fn unshaped(origin: Origin) -> Self {
        Self {
            origin,
            ..Self::default()
        }
    }

    fn is_unshaped(&self) -> bool {
        nothing_shaped(&self.shaping())
    }
}

// ------------------------------------------------------------------------------ Rating

/// Rate the evening
#[derive(Elicit, Debug)]
#[elicit(shaped)]
pub struct Rating {
    /// Stars, halves allowed
    #[elicit(minimum = 0.0, maximum = 5.0, default = 2.5)]
    pub stars: f64,
    /// Too cold (below 0) or too hot (above)?
    #[elicit(minimum = -10, maximum = 10)]
    pub warmth: i32,
    /// Which toppings would you have again?
    pub again: Option<Vec<Topping>>,
}

#[derive(Debug, Clone, Default)]
pub struct RatingSpec {
    pub origin: Origin,
    stars_min: Option<f64>,
    stars_max: Option<f64>,
    stars_default: Option<f64>,
    warmth_min: Option<i32>,
    warmth_max: Option<i32>,
    again_only: Option<Vec<Topping>>,
    again_min: Option<u64>,
    again_max: Option<u64>,
    flaw: Option<&'static str>,
}

impl RatingSpec {
    fn stars_range(&self) -> (f64, f64) {
        (self.stars_min.unwrap_or(0.0), self.stars_max.unwrap_or(5.0))
    }

    fn again_offered(&self) -> Vec<String> {
        kept(&TOPPINGS, self.again_only.as_ref())
    }

    /// Nothing shaped: the type's own form, however made.
    pub fn unshaped(origin: Origin) -> Self {
        Self {
            origin,
            ..Self::default()
        }
    }

    pub fn generate(rng: &mut Rng) -> Self {
        let half = |rng: &mut Rng, low: f64, high: f64| {
            // Halves only: exact in binary and in decimal.
            #[allow(clippy::cast_possible_truncation)]
            let (low, high) = ((low * 2.0) as i64, (high * 2.0) as i64);
            #[allow(clippy::cast_precision_loss)]
            let value = rng.between(low, high) as f64 / 2.0;
            value
        };
        let mut spec = Self::default();
        if rng.chance(40) {
            spec.stars_min = Some(half(rng, 0.0, 2.0));
        }
        if rng.chance(40) {
            spec.stars_max = Some(half(rng, spec.stars_min.unwrap_or(0.0).max(1.0), 5.0));
        }
        if rng.chance(35) {
            let (min, max) = spec.stars_range();
            spec.stars_default = Some(half(rng, min, max));
        }
        if rng.chance(40) {
            spec.warmth_min = Some(i32::try_from(rng.between(-10, 0)).expect("small"));
        }
        if rng.chance(40) {
            spec.warmth_max = Some(i32::try_from(rng.between(0, 10)).expect("small"));
        }
        if rng.chance(50) {
            let all: Vec<Topping> = TOPPINGS.iter().map(|(topping, _)| *topping).collect();
            spec.again_only = Some(rng.subset(&all, 0, 4));
        }
        let offered = spec.again_offered().len() as u64;
        if offered > 0 && rng.chance(35) {
            spec.again_min = Some(rng.count(1, offered.min(2)));
        }
        if offered > 0 && rng.chance(35) {
            spec.again_max = Some(rng.count(spec.again_min.unwrap_or(1), offered));
        }
        if rng.chance(20) {
            let field = *rng.pick(&["stars", "warmth", "again"]);
            match field {
                "stars" if rng.chance(50) => spec.stars_max = Some(5.5),
                "stars" => {
                    spec.stars_min = Some(4.0);
                    spec.stars_max = Some(5.0);
                    spec.stars_default = Some(1.0);
                }
                "warmth" => spec.warmth_min = Some(-11),
                _ => {
                    if spec.again_offered().is_empty() {
                        spec.again_only = None;
                    }
                    spec.again_min = Some(3);
                    spec.again_max = Some(2);
                }
            }
            spec.flaw = Some(field);
        }
        spec
    }
}

impl Spec for RatingSpec {
    type Value = Rating;
    const TYPE: &'static str = "Rating";

    fn build(&self) -> Result<Form<Rating>, ShapeError> {
        if self.origin == Origin::Own {
            return Ok(Form::<Rating>::new());
        }
        let spec = self.clone();
        Rating::form()
            .stars(|f| {
                let mut f = f;
                if let Some(min) = spec.stars_min {
                    f = f.minimum(min);
                }
                if let Some(max) = spec.stars_max {
                    f = f.maximum(max);
                }
                if let Some(default) = spec.stars_default {
                    f = f.default(default);
                }
                f
            })
            .warmth(|f| {
                let mut f = f;
                if let Some(min) = spec.warmth_min {
                    f = f.minimum(min);
                }
                if let Some(max) = spec.warmth_max {
                    f = f.maximum(max);
                }
                f
            })
            .again(|f| {
                let mut f = f;
                if let Some(only) = &spec.again_only {
                    f = f.only(only.iter().copied());
                }
                if let Some(min) = spec.again_min {
                    f = f.min_items(min);
                }
                if let Some(max) = spec.again_max {
                    f = f.max_items(max);
                }
                f
            })
            .build()
    }

    fn shaping(&self) -> Vec<String> {
        if self.origin == Origin::Own {
            return vec!["Form::<Rating>::new()".to_owned()];
        }
        let mut calls = Vec::new();
        push_bounds(&mut calls, "stars", "minimum", self.stars_min);
        push_bounds(&mut calls, "stars", "maximum", self.stars_max);
        push_bounds(&mut calls, "stars", "default", self.stars_default);
        push_bounds(&mut calls, "warmth", "minimum", self.warmth_min);
        push_bounds(&mut calls, "warmth", "maximum", self.warmth_max);
        if let Some(only) = &self.again_only {
            calls.push(format!("again: only {:?}", names(&TOPPINGS, only)));
        }
        push_bounds(&mut calls, "again", "min_items", self.again_min);
        push_bounds(&mut calls, "again", "max_items", self.again_max);
        if calls.is_empty() {
            calls.push("Rating::form().build(), nothing shaped".to_owned());
        }
        calls
    }

    fn flaw(&self) -> Option<&'static str> {
        self.flaw
    }

    fn fields(&self) -> Vec<Field> {
        let (stars_min, stars_max) = self.stars_range();
        let stars_default = self
            .stars_default
            .or_else(|| (stars_min <= 2.5 && 2.5 <= stars_max).then_some(2.5));
        let again = self.again_offered();
        let mut again_others = not_kept(&TOPPINGS, self.again_only.as_ref());
        again_others.push("Olives".to_owned());
        vec![
            Field {
                name: "stars",
                kind: Kind::Number {
                    min: stars_min,
                    max: stars_max,
                },
                optional: false,
                asked: true,
                default: stars_default.map(|d| json!(d)),
                declared_default: true,
            },
            Field {
                name: "warmth",
                kind: Kind::Integer {
                    min: self.warmth_min.unwrap_or(-10).into(),
                    max: self.warmth_max.unwrap_or(10).into(),
                },
                optional: false,
                asked: true,
                default: None,
                declared_default: false,
            },
            Field {
                name: "again",
                asked: !again.is_empty(),
                kind: Kind::Multi {
                    offered: again,
                    others: again_others,
                    min: self.again_min.unwrap_or(0),
                    max: self.again_max,
                },
                optional: true,
                default: None,
                declared_default: false,
            },
        ]
    }

    fn write(&self, rating: &Rating) -> Result<Map<String, Value>, String> {
        Ok(rating.to_content())
    }

    fn check(&self, _: &Rating) -> Result<(), String> {
        Ok(())
    }

    fn type_reader(&self, content: &Map<String, Value>) -> Option<Result<Rating, ContentError>> {
        nothing_shaped(&self.shaping()).then(|| Rating::from_content(content))
    }
}
