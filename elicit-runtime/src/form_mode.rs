//! [`FormMode`]: a form that may be asked in form mode, because it holds no secret.

/// A form that may be asked in form mode: none of its fields is a secret
/// ([`ElicitField::SECRET`](crate::ElicitField::SECRET), such as `secrecy::SecretString`).
///
/// The MCP specification forbids asking for sensitive data in form mode, where the client
/// and the model see the answer; a form that holds a secret is asked through a page of the
/// server's own instead (URL mode: `Dialog::ask_url_form`, feature `url-forms`). Every way
/// of asking a form in form mode (`Dialog::ask`, `ask_form`, `Inputs`,
/// `ElicitRequest::form`, rmcp's peer) requires this trait, so that asking a form with a
/// secret in form mode is a compile error, not a leak.
///
/// `#[derive(Elicit)]` implements it for every form without a secret field (its flattened
/// forms' included). A form that implements [`Elicit`](crate::Elicit) by hand and holds no
/// secret implements it with one line.
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
