//! One field of a form shaped at run time: [`FieldShape`], and the kinds of field its methods
//! narrow ([`StringShape`], [`NumberShape`], [`MultiSelectShape`], [`EnumShape`]), each a
//! bound on its own methods, so that a method of another kind is an error on the call,
//! saying what the field takes instead.

// The builder takes values as an author writes them (`f.maximum(4)`, `f.default(Size::Small)`),
// not by reference.
#![allow(clippy::needless_pass_by_value)]

use std::cmp::Ordering;
use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;

use super::parts::{FieldParts, Getter, compare, narrow};
use crate::field::ElicitField;
use crate::field::choice::ElicitEnum;
use crate::field::kinds::{MultiSelectField, NumberField, StringField};
use crate::schema::PropertySchema;

/// Why a field whose type holds a secret takes no default, for its `ShapeError`. Of the other
/// methods, none puts a value of the field's type into the schema but `minimum` and
/// `maximum`, and no number type is a secret (the number fields are the integers, the floats
/// and newtypes of them); the options of a secret field (`Options`) are never reached, since
/// `#[elicit(options)]` is refused on one.
const SECRET_DEFAULT: &str = "the field holds a secret: a default would be written into the form's schema and read as the answer when the field is left empty; a secret field takes none";

/// How one field of a form is shaped for this asking: its texts, a narrower range, fewer
/// options, a default, a check of its own. A derived form's builder hands it to the closure
/// of the field's method (`Trip::form().travellers(|f| f.maximum(seats_left))`); `F` is the
/// form, `T` the field's type (`U` for an `Option<U>` field).
///
/// What applies depends on `T`: lengths on a string ([`StringShape`]), bounds on a number
/// ([`NumberShape`]), the options of a select or multi-select of a derived enum
/// ([`EnumShape`]), item counts on a multi-select ([`MultiSelectShape`]); a method of another
/// kind is a compile error on the call, naming the kind it is for. Everything only narrows
/// what the type and the field's attributes allow: a bound wider than that, a default outside
/// what is offered, or no option left is a [`ShapeError`](crate::ShapeError) when the form is
/// asked, before anything is sent.
///
/// ```
/// use elicit_core::Elicit;
///
/// /// How many tickets?
/// #[derive(Elicit, Debug)]
/// #[elicit(shaped)]
/// struct Tickets {
///     #[elicit(minimum = 1, maximum = 10)]
///     count: u8,
/// }
///
/// let seats_left = 3;
/// let form = Tickets::form()
///     .count(|f| f.maximum(seats_left).default(1).title(format!("Tickets ({seats_left} left)")))
///     .build()
///     .unwrap();
/// let count = form.schema().property("count").unwrap();
/// assert_eq!(serde_json::to_value(count).unwrap()["maximum"], 3);
/// ```
pub struct FieldShape<F, T> {
    pub(super) parts: FieldParts<F>,
    pub(super) get: Getter<F, T>,
    pub(super) _type: PhantomData<fn() -> T>,
}

impl<F, T> fmt::Debug for FieldShape<F, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FieldShape")
            .field("field", &self.parts.name)
            .field("property", &self.parts.property)
            .finish_non_exhaustive()
    }
}

impl<F: 'static, T: 'static> FieldShape<F, T> {
    /// The title the person sees.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Name { name: String }
    /// let form = Name::form().name(|f| f.title("Your name")).build().unwrap();
    /// assert_eq!(form.schema().property("name").unwrap().title(), Some("Your name"));
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
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Name { name: String }
    /// let form = Name::form().name(|f| f.description("As on your passport")).build().unwrap();
    /// assert_eq!(form.schema().property("name").unwrap().description(), Some("As on your passport"));
    /// ```
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.parts.property.set_description(description);
        self
    }

    /// A check of this field's answer, run after every field has been read: it sees the
    /// field's value and the whole form (for a check across fields), and its error is this
    /// field's, in the same [`ContentError`](crate::ContentError) as the others (so
    /// re-asking asks again with it). For an `Option` field it runs only when there is a
    /// value.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # use serde_json::json;
    /// /// Sign up
    /// #[derive(Elicit, Debug)]
    /// #[elicit(shaped)]
    /// struct SignUp { user_name: String }
    ///
    /// let taken = ["ada", "grace"];
    /// let form = SignUp::form()
    ///     .user_name(|f| f.check(move |name: &String, _| {
    ///         if taken.contains(&name.as_str()) { Err(format!("{name} is taken")) } else { Ok(()) }
    ///     }))
    ///     .build()
    ///     .unwrap();
    /// let error = form.read(json!({"user_name": "ada"}).as_object().unwrap()).unwrap_err();
    /// assert_eq!(error.to_string(), "`user_name`: ada is taken");
    /// ```
    #[must_use]
    pub fn check<E: fmt::Display>(
        mut self,
        check: impl Fn(&T, &F) -> Result<(), E> + Send + Sync + 'static,
    ) -> Self {
        self.parts.check(self.get, check);
        self
    }
}

impl<F, T: ElicitField> FieldShape<F, T> {
    /// The value the form is shown with (a client pre-fills it). It must fit what the field
    /// allows as shaped: otherwise asking the form is a [`ShapeError`](crate::ShapeError).
    ///
    /// A field whose type holds a secret ([`ElicitField::SECRET`], such as
    /// `secrecy::SecretString`) takes none, as `#[elicit(default)]` is refused on it: the
    /// default would be written into the form's schema and read as the answer when the field
    /// is left empty. Giving one is a [`ShapeError`](crate::ShapeError) naming the field, and
    /// the value is dropped unread.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Party { #[elicit(minimum = 1, maximum = 12)] size: u8 }
    /// let form = Party::form().size(|f| f.default(4)).build().unwrap();
    /// assert_eq!(serde_json::to_value(form.schema()).unwrap()["properties"]["size"]["default"], 4);
    /// assert!(Party::form().size(|f| f.default(40)).build().is_err());
    /// ```
    #[must_use]
    pub fn default(mut self, value: T) -> Self {
        if T::SECRET {
            // Refused before anything is built from it: `to_json` would copy the secret out
            // of its wiped-on-drop type.
            self.parts.problems.push(SECRET_DEFAULT.to_owned());
            return self;
        }
        self.parts.default = Some(value.to_json());
        self
    }
}

impl<F, T> FieldShape<F, T> {
    /// At least `min_length` characters (Unicode scalar values): narrows the field's own.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Code { #[elicit(max_length = 12)] code: String }
    /// assert!(Code::form().code(|f| f.min_length(6)).build().is_ok());
    /// assert!(Code::form().code(|f| f.min_length(20)).build().is_err());
    /// ```
    #[must_use]
    pub fn min_length(mut self, min_length: u64) -> Self
    where
        T: StringShape,
    {
        if let PropertySchema::String(schema) = &mut self.parts.property
            && let Some(current) = narrow(&mut schema.min_length, min_length, |asked, current| {
                asked < current
            })
        {
            self.parts.wider("min_length", min_length, current);
        }
        self
    }

    /// At most `max_length` characters: narrows the field's own.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Code { #[elicit(max_length = 12)] code: String }
    /// assert!(Code::form().code(|f| f.max_length(6)).build().is_ok());
    /// assert!(Code::form().code(|f| f.max_length(20)).build().is_err());
    /// ```
    #[must_use]
    pub fn max_length(mut self, max_length: u64) -> Self
    where
        T: StringShape,
    {
        if let PropertySchema::String(schema) = &mut self.parts.property
            && let Some(current) = narrow(&mut schema.max_length, max_length, |asked, current| {
                asked > current
            })
        {
            self.parts.wider("max_length", max_length, current);
        }
        self
    }

    /// At least `minimum`: narrows the field's own (its type's range and its attributes).
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Age { #[elicit(minimum = 0, maximum = 150)] age: u8 }
    /// assert!(Age::form().age(|f| f.minimum(18)).build().is_ok());
    /// ```
    #[must_use]
    pub fn minimum(mut self, minimum: T) -> Self
    where
        T: NumberShape,
    {
        self.bound("minimum", &minimum, Ordering::Less);
        self
    }

    /// At most `maximum`: narrows the field's own (its type's range and its attributes).
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// /// How many tickets?
    /// #[derive(Elicit)] #[elicit(shaped)] struct Tickets { #[elicit(minimum = 1)] count: u8 }
    /// assert!(Tickets::form().count(|f| f.maximum(4)).build().is_ok());
    /// // No answer would fit: a typed error, before anything is sent.
    /// let error = Tickets::form().count(|f| f.maximum(0)).build().unwrap_err();
    /// assert_eq!(error.to_string(), "the form cannot be asked: field `count`: maximum 0 is below the minimum 1, so no answer would fit");
    /// ```
    #[must_use]
    pub fn maximum(mut self, maximum: T) -> Self
    where
        T: NumberShape,
    {
        self.bound("maximum", &maximum, Ordering::Greater);
        self
    }

    /// Narrows the bound `key` to `value`; `wider` is the side a wider bound lies on. A bound
    /// that is no finite number (a NaN, an infinity) is a problem of its own: NaN bounds
    /// nothing, and an infinity is either wider than the field's bound or no bound at all.
    fn bound(&mut self, key: &str, value: &T, wider: Ordering)
    where
        T: NumberShape,
    {
        let PropertySchema::Number(schema) = &mut self.parts.property else {
            return;
        };
        let current = if wider == Ordering::Less {
            &mut schema.minimum
        } else {
            &mut schema.maximum
        };
        if let Value::Number(asked) = value.to_json() {
            if let Some(current) = narrow(current, asked.clone(), |asked, current| {
                compare(asked, current) == wider
            }) {
                self.parts.wider(key, &asked, current);
            }
            return;
        }
        let problem = match value.as_f64() {
            Some(f) if f.is_nan() => format!("{key} NaN is not a number"),
            Some(f) => {
                let infinity = if f > 0.0 { "inf" } else { "-inf" };
                let beyond = if f > 0.0 {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
                match current.clone() {
                    Some(current) if beyond == wider => {
                        self.parts.wider(key, infinity, current);
                        return;
                    }
                    _ => format!(
                        "{key} {infinity} is not a finite number: leave the bound out instead"
                    ),
                }
            }
            None => format!("{key} is not a finite number"),
        };
        self.parts.problems.push(problem);
    }

    /// Offers only these of the select's options, in the select's order (the colours in
    /// stock, say): of a derived enum's field, or of a `Vec`, `BTreeSet` or `HashSet` of one.
    /// Asking with none left is a [`ShapeError`](crate::ShapeError) (for an optional field,
    /// the question is left out); a default the field declared that is not among them is
    /// dropped.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, Clone, Copy, PartialEq)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Colour { Red, Green, Blue }
    ///
    /// /// Which colour?
    /// #[derive(Elicit, Debug)]
    /// #[elicit(shaped)]
    /// struct Sweater { colour: Colour }
    ///
    /// let form = Sweater::form().colour(|f| f.only([Colour::Blue, Colour::Red])).build().unwrap();
    /// let colour = serde_json::to_value(form.schema().property("colour").unwrap()).unwrap();
    /// assert_eq!(colour["oneOf"], json!([{"const": "red", "title": "Red"}, {"const": "blue", "title": "Blue"}]));
    /// // Green was not offered: refused.
    /// assert!(form.read(json!({"colour": "green"}).as_object().unwrap()).is_err());
    /// ```
    #[must_use]
    pub fn only<E>(mut self, options: impl IntoIterator<Item = E>) -> Self
    where
        T: EnumShape<Option = E>,
    {
        let keep: Vec<String> = options
            .into_iter()
            .map(|option| T::option_value(&option).to_owned())
            .collect();
        self.parts.keep_options(&keep);
        self
    }

    /// The title the person sees for one option ("Economy — €120"); of a multi-select of
    /// enums too.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, Clone, Copy, PartialEq)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Class { Economy, Business }
    ///
    /// /// Which class?
    /// #[derive(Elicit, Debug)]
    /// #[elicit(shaped)]
    /// struct Ticket { class: Class }
    ///
    /// let form = Ticket::form().class(|f| f.option_title(Class::Economy, "Economy — €120")).build().unwrap();
    /// let class = serde_json::to_value(form.schema().property("class").unwrap()).unwrap();
    /// assert_eq!(class["oneOf"][0], json!({"const": "economy", "title": "Economy — €120"}));
    /// ```
    #[must_use]
    pub fn option_title<E>(mut self, option: E, title: impl Into<String>) -> Self
    where
        T: EnumShape<Option = E>,
    {
        let value = T::option_value(&option);
        self.parts.title_option(value, title.into());
        self
    }

    /// At least `min_items` options chosen: narrows the field's own.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)] enum Extra { Bread, Wine }
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Order { extras: Vec<Extra> }
    /// assert!(Order::form().extras(|f| f.min_items(1)).build().is_ok());
    /// ```
    #[must_use]
    pub fn min_items(mut self, min_items: u64) -> Self
    where
        T: MultiSelectShape,
    {
        self.parts.items(Some(min_items), None);
        self
    }

    /// At most `max_items` options chosen: narrows the field's own.
    ///
    /// ```
    /// # use elicit_core::Elicit;
    /// # #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)] enum Extra { Bread, Wine }
    /// # #[derive(Elicit)] #[elicit(shaped)] struct Order { extras: Vec<Extra> }
    /// assert!(Order::form().extras(|f| f.max_items(1)).build().is_ok());
    /// assert!(Order::form().extras(|f| f.max_items(0)).build().is_err());
    /// ```
    #[must_use]
    pub fn max_items(mut self, max_items: u64) -> Self
    where
        T: MultiSelectShape,
    {
        self.parts.items(None, Some(max_items));
        self
    }
}

/// A string field as its builder shapes it: what [`FieldShape::min_length`] and
/// [`FieldShape::max_length`] narrow. A `String`, another plain string type (`Box<str>`,
/// `Arc<str>`, `Cow<'static, str>`), a `SecretString`, or a newtype of one; the `T` of an
/// `Option<T>` field.
///
/// Implemented for every such type; a method of this kind on another field is a compile
/// error on the call:
///
/// ```compile_fail
/// # use elicit_core::Elicit;
/// # #[derive(Elicit)] #[elicit(shaped)] struct Party { size: u8 }
/// let _ = Party::form().size(|f| f.min_length(1));
/// ```
#[diagnostic::on_unimplemented(
    message = "`min_length` and `max_length` narrow a string field, and `{Self}` is not one",
    label = "not a string field",
    note = "a string field is a `String` or another plain string type such as `Box<str>`, or a newtype of one",
    note = "each kind of field has its own: a string field takes `min_length` and `max_length`; a number field `minimum` and `maximum`; a multi-select `min_items` and `max_items`; a select or multi-select of a derived enum `only` and `option_title`; every field `title`, `description`, `default` and `check`"
)]
pub trait StringShape {}

#[diagnostic::do_not_recommend]
impl<T: StringField> StringShape for T {}

/// A number field as its builder shapes it: what [`FieldShape::minimum`] and
/// [`FieldShape::maximum`] narrow. An integer of up to 64 bits (`NonZero` ones too), `f32`,
/// `f64`, or a newtype of one; the `T` of an `Option<T>` field.
///
/// Implemented for every such type; a method of this kind on another field is a compile
/// error on the call:
///
/// ```compile_fail
/// # use elicit_core::Elicit;
/// # #[derive(Elicit)] #[elicit(shaped)] struct Name { name: String }
/// let _ = Name::form().name(|f| f.minimum(String::new()));
/// ```
#[diagnostic::on_unimplemented(
    message = "`minimum` and `maximum` narrow a number field, and `{Self}` is not one",
    label = "not a number field",
    note = "a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or a newtype of one",
    note = "each kind of field has its own: a string field takes `min_length` and `max_length`; a number field `minimum` and `maximum`; a multi-select `min_items` and `max_items`; a select or multi-select of a derived enum `only` and `option_title`; every field `title`, `description`, `default` and `check`"
)]
pub trait NumberShape: ElicitField {
    /// The value as an `f64`, where the type says (so that a bound that is no JSON number,
    /// a NaN or an infinity, is named as such).
    #[doc(hidden)]
    fn as_f64(&self) -> Option<f64>;
}

#[diagnostic::do_not_recommend]
impl<T: NumberField + ElicitField> NumberShape for T {
    fn as_f64(&self) -> Option<f64> {
        self.to_f64()
    }
}

/// A multi-select field as its builder shapes it: what [`FieldShape::min_items`] and
/// [`FieldShape::max_items`] narrow. A `Vec`, `BTreeSet` or `HashSet` of a unit-variant
/// enum that derives `Elicit`, or a newtype of one; the `T` of an `Option<T>` field.
///
/// Implemented for every such type; a method of this kind on another field is a compile
/// error on the call:
///
/// ```compile_fail
/// # use elicit_core::Elicit;
/// # #[derive(Elicit)] enum Seating { Window, Aisle }
/// # #[derive(Elicit)] #[elicit(shaped)] struct Table { seating: Seating }
/// let _ = Table::form().seating(|f| f.max_items(1));
/// ```
#[diagnostic::on_unimplemented(
    message = "`min_items` and `max_items` narrow a multi-select field, and `{Self}` is not one",
    label = "not a multi-select field",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`; a single select (the enum itself) is answered with one option",
    note = "each kind of field has its own: a string field takes `min_length` and `max_length`; a number field `minimum` and `maximum`; a multi-select `min_items` and `max_items`; a select or multi-select of a derived enum `only` and `option_title`; every field `title`, `description`, `default` and `check`"
)]
pub trait MultiSelectShape {}

#[diagnostic::do_not_recommend]
impl<T: MultiSelectField> MultiSelectShape for T {}

/// A field whose options are a derived enum's variants, as its builder shapes it: the enum
/// itself (a single select), or a `Vec`, `BTreeSet` or `HashSet` of it (a multi-select); what
/// [`FieldShape::only`] and [`FieldShape::option_title`] name the options by. (A field marked
/// `#[elicit(options)]` is given its options at run time, with
/// [`Options::options`](super::Options::options).)
///
/// Implemented for every such type; a method of this kind on another field is a compile
/// error on the call:
///
/// ```compile_fail
/// # use elicit_core::Elicit;
/// # #[derive(Elicit)] #[elicit(shaped)] struct Name { name: String }
/// let _ = Name::form().name(|f| f.only(["Ada".to_owned()]));
/// ```
#[diagnostic::on_unimplemented(
    message = "`only` and `option_title` pick among the variants of a derived enum, and `{Self}` is no select of one",
    label = "not a select of a derived enum",
    note = "a select of a derived enum is a unit-variant enum that derives `Elicit`, or a `Vec`, `BTreeSet` or `HashSet` of one (a multi-select)",
    note = "each kind of field has its own: a string field takes `min_length` and `max_length`; a number field `minimum` and `maximum`; a multi-select `min_items` and `max_items`; a select or multi-select of a derived enum `only` and `option_title`; every field `title`, `description`, `default` and `check`"
)]
pub trait EnumShape {
    /// The enum whose variants are the options.
    type Option: ElicitEnum;

    /// The wire value of an option (its variant's `const`).
    #[doc(hidden)]
    fn option_value(option: &Self::Option) -> &'static str {
        constant(option)
    }
}

#[diagnostic::do_not_recommend]
impl<E: ElicitEnum> EnumShape for E {
    type Option = E;
}

#[diagnostic::do_not_recommend]
impl<E: ElicitEnum> EnumShape for Vec<E> {
    type Option = E;
}

#[diagnostic::do_not_recommend]
impl<E: ElicitEnum> EnumShape for std::collections::BTreeSet<E> {
    type Option = E;
}

#[diagnostic::do_not_recommend]
impl<E: ElicitEnum, S> EnumShape for std::collections::HashSet<E, S> {
    type Option = E;
}

/// The wire value of an enum option.
fn constant<E: ElicitEnum>(option: &E) -> &'static str {
    E::VARIANTS
        .get(option.index())
        .map_or("", |variant| variant.value)
}
