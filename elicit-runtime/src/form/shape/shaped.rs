//! [`StructForm`]: the struct forms, what a builder shapes and a tool's arguments are read as;
//! [`Shaped`]: those that have a builder, and how generic code starts one.

use crate::read::FormFields;

/// A struct form: a struct with named fields that derives `Elicit` (one with fields marked
/// `#[elicit(options)]` too, whose options are given when it is asked). What a builder shapes
/// (`FieldShape<F, _>`'s `F`), and what a tool's arguments are read as
/// ([`Asked<T>`](crate::dialog::Asked), whose JSON schema is the form's). The derive
/// implements it for every struct form, and nothing else is one: a newtype that derives
/// `Elicit` is a field type, an enum a one-question form.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::shape::StructForm;
///
/// /// Book a table
/// #[derive(Elicit)]
/// struct Table { size: u8 }
///
/// fn is_a_struct_form<T: StructForm>() {}
/// is_a_struct_form::<Table>();
/// ```
///
/// A newtype is not one:
///
/// ```compile_fail
/// use elicit_core::Elicit;
/// use elicit_core::shape::StructForm;
///
/// /// A percentage
/// #[derive(Elicit)]
/// struct Percent(#[elicit(maximum = 100)] u8);
///
/// fn is_a_struct_form<T: StructForm>() {}
/// is_a_struct_form::<Percent>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a struct form",
    label = "not a struct form",
    note = "a struct form is a struct with named fields that derives `Elicit`; tool arguments (`Asked<{Self}>`) are read as one",
    note = "a newtype (a one-field tuple struct) that derives `Elicit` is a field type: make it a field of a struct form; an enum that derives `Elicit` is a one-question form, asked with `Dialog::ask`"
)]
pub trait StructForm: FormFields {}

#[diagnostic::do_not_recommend]
impl<T: FormFields> StructForm for T {}

/// A struct form with a builder, `T::form()`: one that derives with `#[elicit(shaped)]` (or
/// has a field marked `#[elicit(options)]`, which always has one). The derive writes the
/// builder and this impl; code generic over such forms starts a builder with
/// `T::builder()`.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::shape::Shaped;
///
/// /// How many tickets?
/// #[derive(Elicit)]
/// #[elicit(shaped)]
/// struct Tickets {
///     #[elicit(minimum = 1, maximum = 10)]
///     count: u8,
/// }
///
/// let form = Tickets::builder().count(|f| f.maximum(2)).build().unwrap();
/// let schema = serde_json::to_value(form.schema()).unwrap();
/// assert_eq!(schema["properties"]["count"]["maximum"], 2);
/// ```
///
/// Calling `T::form()` on a form without a builder is a compile error that says to write
/// `#[elicit(shaped)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no builder: its derive does not say `#[elicit(shaped)]`",
    label = "`{Self}::form()` needs `#[elicit(shaped)]` on `{Self}`",
    note = "a struct form is shaped at run time (narrower bounds, fewer options, a default or a check decided when it is asked) through its builder, which `#[derive(Elicit)]` writes when the struct also carries `#[elicit(shaped)]`; an enum form has none (shape it as a field of a struct form); a form asked as declared needs none: ask `Form::<{Self}>::new()`"
)]
pub trait Shaped {
    /// The form's builder.
    type Builder;

    /// A new builder, nothing shaped yet (what the form's `form()` returns).
    fn builder() -> Self::Builder;
}
