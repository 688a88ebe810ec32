//! [`Shaped`]: the struct forms that have a builder, and how generic code starts one.

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
