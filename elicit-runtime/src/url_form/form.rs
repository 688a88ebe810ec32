//! [`UrlForm`]: a form as a page asks it — the form, which of its fields are secrets, and the
//! name instances of a fleet know it by.

use std::any::type_name;
use std::borrow::Cow;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::error::UrlFormError;
use crate::schema::{PropertySchema, RequestedSchema};
use crate::{ContentError, Elicit, Form};

/// A form to ask through a page: the [`Form`] (its schema, prompt, reader and checks), the
/// fields that hold secrets, and a name.
///
/// **Secrets.** A field whose type is a secret ([`ElicitField::SECRET`](crate::ElicitField::SECRET),
/// such as [`SecretString`](super::SecretString)) is one by itself, in a derived form (its
/// flattened forms' included); [`secret`](Self::secret) names another string field one. The
/// page shows a secret as `type=password autocomplete=off` and never writes its value back
/// into a page, not even when the post is refused for another field. A form's schema does not
/// say which of its fields are secrets (the wire format has no word for it), so the page is
/// told.
///
/// **The name** identifies the form across the instances of a fleet: a page minted by one
/// server may be opened through another's router, which reads the post with the form it
/// [serves](super::UrlForms::serve) under the same name. By default, the Rust type's name.
///
/// ```
/// use elicit_core::Elicit;
/// use elicit_core::url_form::{SecretString, UrlForm};
///
/// /// Connect the weather service
/// #[derive(Elicit)]
/// struct WeatherKey {
///     /// Your API key
///     // A secret type: asked through a page, never in form mode.
///     api_key: SecretString,
///     /// Region
///     region: String,
/// }
///
/// let form = UrlForm::<WeatherKey>::new().secret("api_key").named("weather-key");
/// assert_eq!(form.secrets(), ["api_key"]);
/// assert_eq!(form.name(), "weather-key");
/// assert_eq!(form.form().prompt(), "Connect the weather service");
/// ```
pub struct UrlForm<T> {
    pub(crate) form: Form<T>,
    pub(crate) name: Cow<'static, str>,
    pub(crate) secrets: Vec<String>,
}

impl<T> Clone for UrlForm<T> {
    fn clone(&self) -> Self {
        Self {
            form: self.form.clone(),
            name: self.name.clone(),
            secrets: self.secrets.clone(),
        }
    }
}

impl<T: Elicit + 'static> UrlForm<T> {
    /// `T`'s own form ([`Form::new`]), named after the type, with no secret field yet.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// assert!(UrlForm::<Region>::new().name().ends_with("Region"));
    /// ```
    pub fn new() -> Self {
        Self::from_form(Form::new())
    }
}

impl<T: Elicit + 'static> Default for UrlForm<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> From<Form<T>> for UrlForm<T> {
    fn from(form: Form<T>) -> Self {
        Self::from_form(form)
    }
}

impl<T> UrlForm<T> {
    /// A form of any kind (shaped at run time, written by hand), named after `T`.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// /// Which size?
    /// #[derive(Elicit)]
    /// enum Size { Small, Large }
    ///
    /// let form = UrlForm::from_form(elicit_core::Form::<Size>::new().message("Pick a size"));
    /// assert_eq!(form.form().prompt(), "Pick a size");
    /// ```
    pub fn from_form(form: Form<T>) -> Self {
        let secrets = form
            .secret_fields()
            .into_iter()
            .map(str::to_owned)
            .collect();
        Self {
            form,
            name: Cow::Borrowed(type_name::<T>()),
            secrets,
        }
    }

    /// Marks the field with this wire name as a secret (see [`UrlForm`]). It must be a
    /// string field of the form: [`mint`](super::UrlForms::mint) refuses the form otherwise.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::{SecretString, UrlForm};
    ///
    /// #[derive(Elicit)]
    /// struct Login { user: String, passphrase: SecretString }
    ///
    /// assert_eq!(UrlForm::<Login>::new().secret("passphrase").secrets(), ["passphrase"]);
    /// ```
    #[must_use]
    pub fn secret(mut self, field: impl Into<String>) -> Self {
        let field = field.into();
        if !self.secrets.contains(&field) {
            self.secrets.push(field);
        }
        self
    }

    /// Names the form (see [`UrlForm`]).
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// assert_eq!(UrlForm::<Region>::new().named("region").name(), "region");
    /// ```
    #[must_use]
    pub fn named(mut self, name: impl Into<Cow<'static, str>>) -> Self {
        self.name = name.into();
        self
    }

    /// The form.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// assert_eq!(UrlForm::<Region>::new().form().schema().properties.len(), 1);
    /// ```
    pub fn form(&self) -> &Form<T> {
        &self.form
    }

    /// The name.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// assert!(UrlForm::<Region>::new().name().contains("Region"));
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The wire names of the secret fields.
    ///
    /// ```
    /// use elicit_core::Elicit;
    /// use elicit_core::url_form::UrlForm;
    ///
    /// #[derive(Elicit)]
    /// struct Region { region: String }
    ///
    /// assert!(UrlForm::<Region>::new().secrets().is_empty());
    /// ```
    pub fn secrets(&self) -> &[String] {
        &self.secrets
    }

    /// Refuses a secret that is not a string field of the form.
    pub(crate) fn check_secrets(&self) -> Result<(), UrlFormError> {
        let schema = self.form.schema();
        for field in &self.secrets {
            match schema.property(field) {
                Some(PropertySchema::String(_)) => {}
                Some(_) => {
                    return Err(UrlFormError::SecretNotText {
                        field: field.clone(),
                    });
                }
                None => {
                    return Err(UrlFormError::SecretNotAField {
                        field: field.clone(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// A form with its type erased: what a router reads a post with.
pub(crate) trait ServedForm: Send + Sync {
    /// Reads `content` as the form reads it (its type dropped at once, a secret wiped with
    /// it): the verdict only. `sent` is the schema the page showed: where it is not the
    /// form's own (a form shaped at run time, read here by the form served under its name),
    /// the content must fit it too.
    fn check(
        &self,
        sent: &RequestedSchema,
        content: &Map<String, Value>,
    ) -> Result<(), ContentError>;
}

impl<T: 'static> ServedForm for Form<T> {
    fn check(
        &self,
        sent: &RequestedSchema,
        content: &Map<String, Value>,
    ) -> Result<(), ContentError> {
        if sent != self.schema() {
            sent.validate(content)?;
        }
        self.read(content).map(drop)
    }
}

/// A form served under its name.
pub(crate) type Served = Arc<dyn ServedForm>;
