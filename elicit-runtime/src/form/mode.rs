//! [`FormMode`]: a form that may be asked in form mode, because it holds no secret.

/// A form that may be asked in form mode: none of its fields is a secret
/// ([`ElicitField::SECRET`](crate::ElicitField::SECRET), such as `secrecy::SecretString`).
///
/// The MCP specification forbids asking for sensitive data in form mode, where the client
/// and the model see the answer; a form that holds a secret is asked through a page of the
/// server's own instead (URL mode: `Dialog::ask_url_form`, feature `url-forms`). Every way
/// of putting a form on the wire in form mode requires this trait, so that asking a form
/// with a secret in form mode is a compile error, not a leak: [`Form::request`](crate::Form::request)
/// (a shaped form's `build()` too), `Dialog::ask`, `Dialog::ask_form`, `Asked::complete` and
/// `complete_with`, `Inputs::form` and `form_of`, [`ElicitRequest::form`](crate::protocol::ElicitRequest::form),
/// rmcp's peer (`elicit_form`, `elicit_form_with`, `elicit_form_of`) and
/// `form_input_required`. Behind those, each path that renders a form checks once more, at
/// run time and before anything is rendered, that no field of the form is a secret (a
/// hand-written `Elicit` impl could claim this trait falsely): such a call is answered with
/// a text saying the question was not asked, never with the form.
///
/// `#[derive(Elicit)]` implements it for every form without a secret field (its flattened
/// forms' included). A form that implements [`Elicit`](crate::Elicit) by hand and holds no
/// secret implements it with one line. The answer types of forms written by hand
/// ([`Form::from_schema`](crate::Form::from_schema)) that cannot hold a secret implement it
/// too: `bool`, `char`, `String`, the integer and float types, `()`, `serde_json::Value` and
/// `Map<String, Value>`, and an `Option`, `Vec` or `Box` of one.
///
/// ```
/// use elicit_core::{Elicit, FormMode};
///
/// #[derive(Elicit)]
/// struct City { city: String }
///
/// fn asked_in_form_mode<T: Elicit + FormMode>() {}
/// asked_in_form_mode::<City>();
/// ```
///
/// ```compile_fail
/// use elicit_core::{Elicit, FormMode};
/// use elicit_core::url_form::SecretString;
///
/// #[derive(Elicit)]
/// struct Login { user: String, password: SecretString }
///
/// fn asked_in_form_mode<T: Elicit + FormMode>() {}
/// asked_in_form_mode::<Login>(); // `Login` holds a secret
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` holds a secret, and a form with a secret field cannot be asked in form mode",
    label = "this form holds a secret",
    note = "MCP forbids asking for sensitive data in form mode, where the client and the model see the answer",
    note = "ask it through URL mode, on a page of the server's own: `Dialog::ask_url_form::<{Self}>(key)` (feature `url-forms`)"
)]
pub trait FormMode {}

/// The answer types of forms written by hand ([`Form::from_schema`](crate::Form::from_schema))
/// that hold no `SecretString`: a secret is a type of its own, never one of these. Not
/// recommended in errors: a form that holds a secret is not one of these, and the error on it
/// says what to do instead.
macro_rules! plain {
    ($($plain:ty),* $(,)?) => {
        $(
            #[diagnostic::do_not_recommend]
            impl FormMode for $plain {}
        )*
    };
}

plain!(
    bool,
    char,
    String,
    (),
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    serde_json::Value,
    serde_json::Map<String, serde_json::Value>,
);

#[diagnostic::do_not_recommend]
impl<T: FormMode> FormMode for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: FormMode> FormMode for Vec<T> {}
#[diagnostic::do_not_recommend]
impl<T: FormMode + ?Sized> FormMode for Box<T> {}
