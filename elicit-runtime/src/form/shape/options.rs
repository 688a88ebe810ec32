//! Fields whose options are given when the form is asked: [`Options`], [`OfferedOption`].

// The builder takes values as an author writes them (`f.default(14)`), not by reference.
#![allow(clippy::needless_pass_by_value)]

use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;

use super::parts::{FieldParts, Getter, titled_select};
use crate::read::Offer;
use crate::schema::{PropertySchema, SelectOption};

/// The state of a builder's field whose options are given at run time: not given yet. A
/// builder with a field in this state has no `build()`, so a form is never asked without its
/// options.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::shape::{NotGiven, Options};
///
/// #[derive(Elicit, Debug)]
/// struct Rebook { #[elicit(options)] day: String }
///
/// // The closure of `day` starts from the field's shape with no options yet.
/// let start = |f: Options<Rebook, String, NotGiven>| f.options(["sat".to_owned()]);
/// assert!(Rebook::form().day(start).build().is_ok());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct NotGiven;

/// The state of a builder's field whose options are given at run time: given (see
/// [`NotGiven`]).
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::shape::{Given, Options};
///
/// #[derive(Elicit, Debug)]
/// struct Rebook { #[elicit(options)] day: String }
///
/// // Once given, the options' shape can still be titled, defaulted and checked.
/// let titled = |f: Options<Rebook, String, Given>| f.title("Another day");
/// assert!(Rebook::form().day(|f| titled(f.options(["sat".to_owned()]))).build().is_ok());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Given;

/// One option offered at run time: the value the answer comes back as, the `const` sent for
/// it, and the title the person sees ("Fri 27 Dec — 2 seats left").
///
/// ```
/// use elicit_core::shape::OfferedOption;
///
/// // A value that names itself: its `const` is its own text.
/// let date = OfferedOption::from(20261227_u32).title("Fri 27 Dec — 2 seats left");
/// assert_eq!(date.constant(), "20261227");
///
/// // An item of your own, under an id of your choosing.
/// #[derive(Clone)]
/// struct Room { id: u32, name: &'static str }
/// let room = Room { id: 7, name: "Sea view" };
/// let choice = OfferedOption::new(room.id.to_string(), room.clone()).title(room.name);
/// assert_eq!((choice.constant(), choice.value().id), ("7", 7));
/// ```
#[derive(Debug, Clone)]
pub struct OfferedOption<V> {
    constant: String,
    value: V,
    title: Option<String>,
}

impl<V> OfferedOption<V> {
    /// An option sent as `constant`, answered as `value`.
    ///
    /// ```
    /// let choice = elicit_core::shape::OfferedOption::new("room-7", 7_u32);
    /// assert_eq!(*choice.value(), 7);
    /// ```
    pub fn new(constant: impl Into<String>, value: V) -> Self {
        Self {
            constant: constant.into(),
            value,
            title: None,
        }
    }

    /// The title the person sees (else the `const` itself).
    ///
    /// ```
    /// let choice = elicit_core::shape::OfferedOption::new("7", 7_u32).title("Room 7");
    /// assert_eq!(choice.title_text(), Some("Room 7"));
    /// ```
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// The `const` sent for this option.
    ///
    /// ```
    /// assert_eq!(elicit_core::shape::OfferedOption::new("7", 7_u32).constant(), "7");
    /// ```
    pub fn constant(&self) -> &str {
        &self.constant
    }

    /// The value the answer comes back as.
    ///
    /// ```
    /// assert_eq!(*elicit_core::shape::OfferedOption::new("7", 7_u32).value(), 7);
    /// ```
    pub fn value(&self) -> &V {
        &self.value
    }

    /// The title, if one was given.
    ///
    /// ```
    /// assert_eq!(elicit_core::shape::OfferedOption::new("7", 7_u32).title_text(), None);
    /// ```
    pub fn title_text(&self) -> Option<&str> {
        self.title.as_deref()
    }
}

/// A value that is sent as its own text: a `String`, an integer, a date. Such values are
/// options as they are (`f.options([a, b])`); any other type is offered through
/// [`OfferedOption::new`] with a `const` of your choosing.
///
/// ```
/// use elicit_core::shape::OptionValue;
/// assert_eq!(42_u16.to_constant(), "42");
/// assert_eq!("blue".to_owned().to_constant(), "blue");
/// ```
pub trait OptionValue {
    /// The `const` sent for this value.
    fn to_constant(&self) -> String;
}

impl OptionValue for String {
    fn to_constant(&self) -> String {
        self.clone()
    }
}

impl OptionValue for char {
    fn to_constant(&self) -> String {
        self.to_string()
    }
}

macro_rules! integer_options {
    ($($ty:ty),*) => {$(
        impl OptionValue for $ty {
            fn to_constant(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
integer_options!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

#[cfg(feature = "chrono")]
impl OptionValue for chrono::NaiveDate {
    fn to_constant(&self) -> String {
        self.format("%Y-%m-%d").to_string()
    }
}

#[cfg(feature = "time")]
impl OptionValue for time::Date {
    fn to_constant(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}",
            self.year(),
            u8::from(self.month()),
            self.day()
        )
    }
}

impl<V: OptionValue> From<V> for OfferedOption<V> {
    fn from(value: V) -> Self {
        Self::new(value.to_constant(), value)
    }
}

impl<V, T: Into<String>> From<(V, T)> for OfferedOption<V>
where
    V: OptionValue,
{
    fn from((value, title): (V, T)) -> Self {
        Self::new(value.to_constant(), value).title(title)
    }
}

/// Each `const` offered again after its first time, in order.
fn repeated<V>(choices: &[OfferedOption<V>]) -> Vec<&str> {
    /// Up to this many options, comparing each with the earlier ones is cheaper than hashing
    /// them all (a form shaped for one asking usually offers a dozen).
    const SHORT: usize = 16;
    let constants = choices.iter().map(|choice| choice.constant.as_str());
    if choices.len() <= SHORT {
        constants
            .enumerate()
            .filter(|&(at, constant)| {
                choices[..at]
                    .iter()
                    .any(|earlier| earlier.constant == constant)
            })
            .map(|(_, constant)| constant)
            .collect()
    } else {
        // A long list (every date of a year, 20 000 products) is offered again on each
        // 2026-07-28 retry: comparing each option with every earlier one would be quadratic.
        let mut seen = std::collections::HashSet::with_capacity(choices.len());
        constants
            .filter(|constant| !seen.insert(*constant))
            .collect()
    }
}

/// Builds the select a field whose options are given at run time becomes, and what was
/// offered; the problems (no option, a `const` twice) go to the field.
fn offer<F, V>(parts: &mut FieldParts<F>, choices: Vec<OfferedOption<V>>, multi: bool) -> Offer<V> {
    for twice in repeated(&choices) {
        parts
            .problems
            .push(format!("the option {twice:?} is offered twice"));
    }
    let mut options = Vec::with_capacity(choices.len());
    let mut offered = Vec::with_capacity(choices.len());
    for choice in choices {
        let title = choice.title.unwrap_or_else(|| choice.constant.clone());
        options.push(SelectOption::new(choice.constant, title));
        offered.push(choice.value);
    }
    let title = parts.property.title().map(str::to_owned);
    let description = parts.property.description().map(str::to_owned);
    let items = match &parts.property {
        PropertySchema::TitledMultiSelect(schema) => (schema.min_items, schema.max_items),
        PropertySchema::UntitledMultiSelect(schema) => (schema.min_items, schema.max_items),
        _ => (None, None),
    };
    parts.property = titled_select(multi, title, description, options, items);
    Offer::new(offered)
}

/// A field's shape whose options are given at run time, before they are: how the form's
/// parts start it and take back what it was given.
pub(crate) trait OfferShape<F, V>: Sized {
    /// What an answer of the field is (`V`, or `Vec<V>`).
    type Value;
    /// The shape once its options are given.
    type Given;
    /// Whether the field is a multi-select.
    const MULTI: bool;
    /// The shape of the field `parts`, whose value `get` reads from an answer.
    fn start(parts: FieldParts<F>, get: fn(&F) -> Option<&Self::Value>) -> Self;
    /// The field as shaped, and what was offered.
    fn finish(given: Self::Given) -> (FieldParts<F>, Offer<V>);
}

macro_rules! options_shape {
    ($(#[$doc:meta])* $name:ident, $multi:literal, $field:ty) => {
        $(#[$doc])*
        pub struct $name<F, V, S = NotGiven> {
            pub(crate) parts: FieldParts<F>,
            pub(crate) get: fn(&F) -> Option<&$field>,
            pub(crate) offer: Option<Offer<V>>,
            pub(crate) _state: PhantomData<fn() -> S>,
        }

        impl<F, V, S> fmt::Debug for $name<F, V, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("field", &self.parts.name)
                    .field("property", &self.parts.property)
                    .finish_non_exhaustive()
            }
        }

        impl<F, V> OfferShape<F, V> for $name<F, V, NotGiven> {
            type Value = $field;
            type Given = $name<F, V, Given>;
            const MULTI: bool = $multi;

            fn start(parts: FieldParts<F>, get: fn(&F) -> Option<&$field>) -> Self {
                Self { parts, get, offer: None, _state: PhantomData }
            }

            fn finish(given: Self::Given) -> (FieldParts<F>, Offer<V>) {
                (given.parts, given.offer.unwrap_or_else(Offer::empty))
            }
        }

        impl<F, V> $name<F, V, NotGiven> {
            /// The options offered, in order: values that are their own text (`"blue"`, `7`,
            /// a date), `(value, title)` pairs, or [`OfferedOption`]s. Giving none, or a `const`
            /// twice, is a [`ShapeError`](crate::ShapeError) when the form is asked.
            ///
            /// ```
            /// # use elicit_core::Elicit;
            /// # #[derive(Elicit, Debug)] struct Trip { #[elicit(options)] day: String, #[elicit(options)] extras: Vec<u32> }
            /// let form = Trip::form()
            ///     .day(|f| f.options([("sat".to_owned(), "Saturday"), ("sun".to_owned(), "Sunday")]))
            ///     .extras(|f| f.options([1_u32, 2]))
            ///     .build()
            ///     .unwrap();
            /// assert_eq!(form.schema().property("day").unwrap().option_values().count(), 2);
            /// assert!(Trip::form().day(|f| f.options(Vec::<String>::new())).extras(|f| f.options([1_u32])).build().is_err());
            /// ```
            pub fn options<C: Into<OfferedOption<V>>>(
                mut self,
                options: impl IntoIterator<Item = C>,
            ) -> $name<F, V, Given> {
                let choices = options.into_iter().map(Into::into).collect();
                let offer = offer(&mut self.parts, choices, $multi);
                $name {
                    parts: self.parts,
                    get: self.get,
                    offer: Some(offer),
                    _state: PhantomData,
                }
            }
        }

        impl<F: 'static, V: 'static, S> $name<F, V, S> {
            /// The title the person sees.
            ///
            /// ```
            /// # use elicit_core::Elicit;
            /// # #[derive(Elicit, Debug)] struct Trip { #[elicit(options)] day: String, #[elicit(options)] extras: Vec<u32> }
            /// let form = Trip::form()
            ///     .day(|f| f.options(["sat".to_owned()]).title("Another day"))
            ///     .extras(|f| f.options([1_u32]).title("Extras"))
            ///     .build()
            ///     .unwrap();
            /// assert_eq!(form.schema().property("day").unwrap().title(), Some("Another day"));
            /// ```
            #[must_use]
            pub fn title(mut self, title: impl Into<String>) -> Self {
                self.parts.property.set_title(title);
                self
            }

            /// The description under the field.
            ///
            /// ```
            /// # use elicit_core::Elicit;
            /// # #[derive(Elicit, Debug)] struct Trip { #[elicit(options)] day: String, #[elicit(options)] extras: Vec<u32> }
            /// let form = Trip::form()
            ///     .day(|f| f.options(["sat".to_owned()]).description("The 25th is full"))
            ///     .extras(|f| f.options([1_u32]))
            ///     .build()
            ///     .unwrap();
            /// assert_eq!(form.schema().property("day").unwrap().description(), Some("The 25th is full"));
            /// ```
            #[must_use]
            pub fn description(mut self, description: impl Into<String>) -> Self {
                self.parts.property.set_description(description);
                self
            }

            /// A check of the answer, run after every field was read: it sees what the
            /// field holds and the whole form, and its error is this field's (see
            /// [`FieldShape::check`](super::FieldShape::check)).
            ///
            /// ```
            /// # use elicit_core::Elicit;
            /// # #[derive(Elicit, Debug)] struct Trip { #[elicit(options)] day: String, #[elicit(options)] extras: Vec<u32> }
            /// # use serde_json::json;
            /// let form = Trip::form()
            ///     .day(|f| f.options(["sat".to_owned(), "sun".to_owned()]))
            ///     .extras(|f| f.options([1_u32, 2]).check(|extras: &Vec<u32>, trip: &Trip| {
            ///         if trip.day == "sun" && extras.contains(&2) { Err("no breakfast on Sundays") } else { Ok(()) }
            ///     }))
            ///     .build()
            ///     .unwrap();
            /// let error = form.read(json!({"day": "sun", "extras": ["2"]}).as_object().unwrap()).unwrap_err();
            /// assert_eq!(error.errors()[0].field(), "extras");
            /// ```
            #[must_use]
            pub fn check<E: fmt::Display>(
                mut self,
                check: impl Fn(&$field, &F) -> Result<(), E> + Send + Sync + 'static,
            ) -> Self {
                self.parts.check(Getter::Field(self.get), check);
                self
            }
        }
    };
}

options_shape! {
    /// A single select whose options are given when the form is asked
    /// (`#[elicit(options)] field: V`): values of any type, each sent as a `const` and
    /// answered as the value itself. `S` says whether the options were given yet
    /// ([`NotGiven`], [`Given`]): a form is asked only once every such field has them.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// /// Pick another date
    /// #[derive(Elicit, Debug)]
    /// struct Rebook {
    ///     /// A date that still has seats
    ///     #[elicit(options)]
    ///     date: String,
    /// }
    ///
    /// let form = Rebook::form()
    ///     .date(|f| f.options([("2026-12-27".to_owned(), "Sun 27 Dec — 2 seats"), ("2026-12-28".to_owned(), "Mon 28 Dec — 9 seats")]))
    ///     .build()
    ///     .unwrap();
    /// let answer = form.read(json!({"date": "2026-12-28"}).as_object().unwrap()).unwrap();
    /// assert_eq!(answer.date, "2026-12-28");
    /// // A date that was not offered is refused.
    /// assert!(form.read(json!({"date": "2026-12-25"}).as_object().unwrap()).is_err());
    /// ```
    Options, false, V
}

options_shape! {
    /// A multi-select whose options are given when the form is asked
    /// (`#[elicit(options)] field: Vec<V>`): the answer comes back as the values chosen, in
    /// the order the person chose them.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// /// Anything extra?
    /// #[derive(Elicit, Debug)]
    /// struct Extras {
    ///     #[elicit(options)]
    ///     extras: Vec<String>,
    /// }
    ///
    /// let form = Extras::form()
    ///     .extras(|f| f.options(["breakfast".to_owned(), "parking".to_owned()]).max_items(1))
    ///     .build()
    ///     .unwrap();
    /// let answer = form.read(json!({"extras": ["parking"]}).as_object().unwrap()).unwrap();
    /// assert_eq!(answer.extras, ["parking"]);
    /// assert!(form.read(json!({"extras": ["breakfast", "parking"]}).as_object().unwrap()).is_err());
    /// ```
    MultiOptions, true, Vec<V>
}

impl<F, V> Options<F, V, Given> {
    /// The option the form is shown with, by its `const`; one not offered is a
    /// [`ShapeError`](crate::ShapeError) when the form is asked.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Seat { #[elicit(options)] seat: u32 }
    /// let form = Seat::form().seat(|f| f.options([12_u32, 14]).default_option("14")).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["seat"]["default"], "14");
    /// assert!(Seat::form().seat(|f| f.options([12_u32]).default_option("99")).build().is_err());
    /// ```
    #[must_use]
    pub fn default_option(mut self, constant: impl Into<String>) -> Self {
        self.parts.default = Some(Value::String(constant.into()));
        self
    }
}

impl<F, V: OptionValue> Options<F, V, Given> {
    /// The option the form is shown with.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Seat { #[elicit(options)] seat: u32 }
    /// let form = Seat::form().seat(|f| f.options([12_u32, 14]).default(14)).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["seat"]["default"], "14");
    /// ```
    #[must_use]
    pub fn default(self, value: V) -> Self {
        self.default_option(value.to_constant())
    }
}

impl<F, V> MultiOptions<F, V, Given> {
    /// The options the form is shown with, by their `const`s.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Order { #[elicit(options)] extras: Vec<u32> }
    /// let form = Order::form().extras(|f| f.options([1_u32, 2]).default_options(["2"])).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["extras"]["default"], serde_json::json!(["2"]));
    /// ```
    #[must_use]
    pub fn default_options<C: Into<String>>(
        mut self,
        constants: impl IntoIterator<Item = C>,
    ) -> Self {
        let constants = constants
            .into_iter()
            .map(|constant| Value::String(constant.into()))
            .collect();
        self.parts.default = Some(Value::Array(constants));
        self
    }

    /// At least `min_items` options chosen.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Order { #[elicit(options)] extras: Vec<u32> }
    /// assert!(Order::form().extras(|f| f.options([1_u32, 2]).min_items(1)).build().is_ok());
    /// // More than the options offered: no answer would fit.
    /// assert!(Order::form().extras(|f| f.options([1_u32, 2]).min_items(3)).build().is_err());
    /// ```
    #[must_use]
    pub fn min_items(mut self, min_items: u64) -> Self {
        self.parts.items(Some(min_items), None);
        self
    }

    /// At most `max_items` options chosen.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Order { #[elicit(options)] extras: Vec<u32> }
    /// let form = Order::form().extras(|f| f.options([1_u32, 2, 3]).max_items(2)).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["extras"]["maxItems"], 2);
    /// ```
    #[must_use]
    pub fn max_items(mut self, max_items: u64) -> Self {
        self.parts.items(None, Some(max_items));
        self
    }
}

impl<F, V: OptionValue> MultiOptions<F, V, Given> {
    /// The options the form is shown with.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug)] struct Order { #[elicit(options)] extras: Vec<u32> }
    /// let form = Order::form().extras(|f| f.options([1_u32, 2]).default([1])).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["extras"]["default"], serde_json::json!(["1"]));
    /// ```
    #[must_use]
    pub fn default(self, values: impl IntoIterator<Item = V>) -> Self {
        self.default_options(values.into_iter().map(|value| value.to_constant()))
    }
}

#[cfg(test)]
mod tests {
    use super::{OfferedOption, repeated};

    fn offered(constants: &[&str]) -> Vec<OfferedOption<()>> {
        constants
            .iter()
            .map(|c| OfferedOption::new(*c, ()))
            .collect()
    }

    #[test]
    fn an_option_offered_again_is_found_in_a_short_list_and_a_long_one() {
        // A short list is compared pairwise, a long one through a hash set: both find each
        // repeat once, in the order offered.
        for count in [3_usize, 16, 17, 40] {
            let mut constants: Vec<String> = (0..count).map(|n| n.to_string()).collect();
            constants.insert(count / 2, "1".to_owned());
            constants.push("0".to_owned());
            constants.push("1".to_owned());
            let constants: Vec<&str> = constants.iter().map(String::as_str).collect();
            assert_eq!(
                repeated(&offered(&constants)),
                ["1", "0", "1"],
                "{count} options"
            );
            let distinct: Vec<String> = (0..count).map(|n| format!("day {n}")).collect();
            let distinct: Vec<&str> = distinct.iter().map(String::as_str).collect();
            assert!(repeated(&offered(&distinct)).is_empty(), "{count} options");
        }
        assert!(repeated(&offered(&[])).is_empty());
    }
}
