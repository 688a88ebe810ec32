//! What a function named by `#[elicit(check = …)]` must be: [`FieldCheck`], returning a
//! [`CheckResult`]. The derive calls the function through these traits, so that one of
//! another shape is an error naming what differs (the number of arguments, their types, a
//! return type that is no `Result`, an error that is not `Display`), spanned on the path the
//! attribute gives.

use std::borrow::Borrow;
use std::fmt::Display;

/// A function that can check a field whose value is a `V`, in the form `F`: a
/// `fn(&B, &F) -> Result<(), E>` where `V: Borrow<B>` (so a `String` field's check may take
/// `&str`, as clippy's `ptr_arg` prefers) and `E: Display`. It runs after the field's own
/// rules held, with the field's value and the whole form; its error is the field's, shown to
/// the person on a re-ask. Every such function implements it: you never implement it
/// yourself.
///
/// ```
/// use elicit_core::Elicit;
/// use serde_json::json;
///
/// /// Book a trip
/// #[derive(Elicit, Debug)]
/// struct Trip {
///     #[elicit(check = not_christmas)]
///     date: String,
/// }
///
/// fn not_christmas(date: &str, _: &Trip) -> Result<(), &'static str> {
///     if date.ends_with("-12-25") { Err("no trips run on Christmas Day") } else { Ok(()) }
/// }
///
/// let error = Trip::from_content(json!({"date": "2026-12-25"}).as_object().unwrap()).unwrap_err();
/// assert_eq!(error.to_string(), "`date`: no trips run on Christmas Day");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot check a field of type `{V}`",
    label = "not a function that can check this field",
    note = "a `check` is a function `fn(&{V}, &{F}) -> Result<(), E>` where `E: Display`: it runs after the field's own rules held, with the field's value and the whole form, and its error is the field's"
)]
pub trait FieldCheck<V, F, B: ?Sized> {
    /// Runs the check: `Err` with the text shown to the person, or `Ok`.
    ///
    /// # Errors
    /// The function's error, as text.
    fn check(&self, value: &V, form: &F) -> Result<(), String>;
}

impl<C, V, F, B, R> FieldCheck<V, F, B> for C
where
    B: ?Sized,
    V: Borrow<B>,
    C: Fn(&B, &F) -> R,
    R: CheckResult,
{
    #[inline]
    fn check(&self, value: &V, form: &F) -> Result<(), String> {
        self(value.borrow(), form).into_result()
    }
}

/// What a check returns: `Result<(), E>` where `E: Display`. `Ok(())` accepts the answer;
/// `Err(error)` refuses it, and `error` (a `String`, a `&str`, an error type) is shown on the
/// field.
///
/// ```
/// use elicit_core::shape::CheckResult;
///
/// let refused: Result<(), &str> = Err("too many");
/// assert_eq!(refused.into_result(), Err("too many".to_owned()));
/// ```
#[diagnostic::on_unimplemented(
    message = "a `check` returns `Result<(), E>` where `E: Display`, not `{Self}`",
    label = "not what a check returns",
    note = "`Ok(())` accepts the answer; `Err(error)` refuses it, and `error` (a `String`, a `&str`, an error type) is shown on the field"
)]
pub trait CheckResult {
    /// The result, its error as text.
    ///
    /// # Errors
    /// The check's error, as text.
    fn into_result(self) -> Result<(), String>;
}

impl<E: Display> CheckResult for Result<(), E> {
    #[inline]
    fn into_result(self) -> Result<(), String> {
        self.map_err(|error| error.to_string())
    }
}
