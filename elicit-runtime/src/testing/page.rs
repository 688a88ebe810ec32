//! A page as the kit's [`Browser`] was served it: what it says ([`Page`]), the fields of its
//! form ([`Field`], [`FieldOption`]), and filling them in as a person does before the form is
//! submitted.

use std::fmt;

use http::StatusCode;

use super::error::KitError;
use super::fetch::{Fetcher, Served, path_of};
use super::html::{self, Element, Node};

/// A page the kit's [`Browser`](super::Browser) was served: its status, what it says (title, heading, who
/// it is signed in as, the errors of a refused post) and its form, which the test fills in
/// ([`fill`](Self::fill), [`choose`](Self::choose), [`choose_all`](Self::choose_all),
/// [`check`](Self::check), [`uncheck`](Self::uncheck)) and [`submit`](Self::submit)s as a
/// person's browser would.
///
/// Filling is written as a chain, as a person goes down the form: each step returns the
/// page. A step the page cannot take (a name it has no field for, an option it does not
/// offer, a checkbox asked to take text) is kept, and [`submit`](Self::submit) fails with a
/// [`KitError::Page`] that names it, before anything is sent: nothing panics on a page.
///
/// ```
/// use elicit_core::testing::{KitError, Page};
///
/// async fn connect(page: Page) -> Result<Page, KitError> {
///     assert_eq!(page.status(), 200);
///     assert_eq!(page.signed_in_as(), Some("ada"));
///     page.fill("api_key", "sk-live-8c2f1e9a").choose("region", "eu").submit().await
/// }
/// ```
#[derive(Clone)]
pub struct Page {
    fetcher: Fetcher,
    url: String,
    origin: Option<String>,
    status: StatusCode,
    html: String,
    title: String,
    heading: String,
    signed_in: Option<String>,
    text: String,
    errors: Vec<String>,
    form: Option<FormModel>,
    /// The first step of filling the page could not take.
    problem: Option<String>,
}

/// A form: where it posts, its controls in document order, and the fields they make.
#[derive(Clone)]
struct FormModel {
    action: String,
    method: String,
    controls: Vec<Control>,
    fields: Vec<FieldInfo>,
}

/// One control of a form (an `<input>`, a `<select>`, a `<textarea>`).
#[derive(Clone)]
struct Control {
    name: String,
    id: Option<String>,
    kind: ControlKind,
    /// An input's value (what a text input sends; what a checkbox or radio button sends
    /// when checked).
    value: String,
    checked: bool,
    options: Vec<SelectOption>,
    /// What it is: an input's `type`, `textarea` or `select`.
    tag: String,
    required: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ControlKind {
    Hidden,
    Text,
    Checkbox,
    Radio,
    Select { multiple: bool },
}

#[derive(Clone)]
struct SelectOption {
    value: String,
    label: String,
    selected: bool,
}

/// A field as the person sees it: one name, the controls that send it.
#[derive(Clone)]
struct FieldInfo {
    name: String,
    kind: String,
    label: String,
    required: bool,
    error: Option<String>,
    /// The option labels of a radio group's or multi-select's controls, by control.
    labels: Vec<(usize, String)>,
    controls: Vec<usize>,
}

/// A field of a page's form, as the page shows it now (with what was filled in).
///
/// ```
/// # fn check(page: &elicit_core::testing::Page) {
/// let region = page.field("region").unwrap();
/// assert_eq!(region.kind(), "radio");
/// assert_eq!(region.label(), "Region");
/// let values: Vec<&str> = region.options().iter().map(|option| option.value()).collect();
/// assert_eq!(values, ["eu", "us"]);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Field {
    name: String,
    kind: String,
    label: String,
    required: bool,
    error: Option<String>,
    values: Vec<String>,
    options: Vec<FieldOption>,
}

/// An option of a select, a radio group or a multi-select: its value (what the form sends),
/// its label (what the person reads), and whether it is chosen now.
///
/// ```
/// # fn check(field: &elicit_core::testing::Field) {
/// let option = &field.options()[0];
/// assert_eq!((option.value(), option.label(), option.chosen()), ("eu", "Europe", false));
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct FieldOption {
    value: String,
    label: String,
    chosen: bool,
}

impl FieldOption {
    /// The value the form sends when it is chosen.
    ///
    /// ```
    /// # fn check(option: &elicit_core::testing::FieldOption) {
    /// assert_eq!(option.value(), "eu");
    /// # }
    /// ```
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Its label, as the person reads it.
    ///
    /// ```
    /// # fn check(option: &elicit_core::testing::FieldOption) {
    /// assert_eq!(option.label(), "Europe");
    /// # }
    /// ```
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Whether it is chosen now (selected, checked).
    ///
    /// ```
    /// # fn check(option: &elicit_core::testing::FieldOption) {
    /// assert!(!option.chosen());
    /// # }
    /// ```
    pub fn chosen(&self) -> bool {
        self.chosen
    }
}

impl Field {
    /// Its name: the key the form's answer has for it (the wire name).
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.name(), "api_key");
    /// # }
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it is on the page: an input's `type` (`"text"`, `"password"` for a secret,
    /// `"email"`, `"url"`, `"date"`, `"number"`), `"textarea"`, `"checkbox"` (one box: a
    /// boolean), `"radio"` (a single select shown as radio buttons), `"select"` (a drop-down)
    /// or `"checkboxes"` (a multi-select).
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.kind(), "password");
    /// # }
    /// ```
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Its label (a group's legend), as the person reads it: without the mark of a required
    /// field.
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.label(), "API key");
    /// # }
    /// ```
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Whether the page marks it required.
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert!(field.required());
    /// # }
    /// ```
    pub fn required(&self) -> bool {
        self.required
    }

    /// The error shown next to it after a refused post.
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.error(), Some("must be at least 8 characters long"));
    /// # }
    /// ```
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// What the form would send for it now, in order: an input's text; a chosen option's
    /// value; `"true"` for a ticked checkbox (nothing for an unticked one); each ticked
    /// option of a multi-select.
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.values(), ["Ada Lovelace"]);
    /// # }
    /// ```
    pub fn values(&self) -> &[String] {
        &self.values
    }

    /// The first of [`values`](Self::values): what a one-value field sends now.
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// assert_eq!(field.value(), Some("Ada Lovelace"));
    /// # }
    /// ```
    pub fn value(&self) -> Option<&str> {
        self.values.first().map(String::as_str)
    }

    /// The options of a select, a radio group or a multi-select, in the page's order (none
    /// for another field).
    ///
    /// ```
    /// # fn check(field: &elicit_core::testing::Field) {
    /// let labels: Vec<&str> = field.options().iter().map(|option| option.label()).collect();
    /// assert_eq!(labels, ["Europe", "United States"]);
    /// # }
    /// ```
    pub fn options(&self) -> &[FieldOption] {
        &self.options
    }
}

/// The hidden input that carries the page's CSRF token (the `url_form` router's).
const CSRF_FIELD: &str = "_csrf";

impl Page {
    /// Reads a page the browser (`fetcher`) was served.
    pub(super) fn read(fetcher: Fetcher, served: Served) -> Self {
        let Served {
            url,
            origin,
            status,
            html: body,
        } = served;
        let root = html::parse(&body);
        let first = |name: &str| root.find(|element| element.name == name);
        let title = first("title").map(Element::all_text).unwrap_or_default();
        let heading = first("h1").map(Element::text).unwrap_or_default();
        let signed_in = root
            .find(|element| element.attr("id") == Some("signed-in"))
            .and_then(|who| who.find(|element| element.name == "strong"))
            .map(Element::text);
        let text = first("main")
            .or_else(|| first("body"))
            .unwrap_or(&root)
            .all_text();
        let errors = root
            .find(|element| element.has_class("summary"))
            .map(|summary| {
                summary
                    .descendants()
                    .into_iter()
                    .filter(|element| element.name == "li")
                    .map(Element::text)
                    .collect()
            })
            .unwrap_or_default();
        let form = first("form").map(|form| read_form(&root, form));
        Self {
            fetcher,
            url,
            origin,
            status,
            html: body,
            title,
            heading,
            signed_in,
            text,
            errors,
            form,
            problem: None,
        }
    }

    /// The HTTP status it came with.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.status(), 403);
    /// # }
    /// ```
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The URL it was served from (the last one, after redirects): absolute when the
    /// browser opened an absolute URL, else the path it requested.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert!(page.url().starts_with("https://mcp.example.com/connect/"));
    /// # }
    /// ```
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Its `<title>` (which begins with `Error: ` on a refused post).
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.title(), "Error: Connect the weather service");
    /// # }
    /// ```
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Its heading (`<h1>`): the form's prompt, or what a notice says ("Thank you", "This
    /// link is not for you", …).
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.heading(), "This link is not for you");
    /// # }
    /// ```
    pub fn heading(&self) -> &str {
        &self.heading
    }

    /// Who the page says the browser is signed in as ("Signed in as …"): on a form, and on
    /// the refusal of a link made for another account.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.signed_in_as(), Some("eve"));
    /// # }
    /// ```
    pub fn signed_in_as(&self) -> Option<&str> {
        self.signed_in.as_deref()
    }

    /// Everything the page says (its `<main>`), whitespace collapsed: to look for a sentence.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert!(page.text().contains("Nothing was shown and nothing was saved."));
    /// # }
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The page's HTML, as served.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert!(page.html().contains(r#"type="password""#));
    /// # }
    /// ```
    pub fn html(&self) -> &str {
        &self.html
    }

    /// Whether the page has a form to fill in (a refusal or a "Thank you" has none).
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert!(page.has_form());
    /// # }
    /// ```
    pub fn has_form(&self) -> bool {
        self.form.is_some()
    }

    /// The CSRF token the form carries (its hidden `_csrf` input), which
    /// [`submit`](Self::submit) sends back.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert!(page.csrf_token().is_some_and(|token| !token.is_empty()));
    /// # }
    /// ```
    pub fn csrf_token(&self) -> Option<&str> {
        self.form
            .as_ref()?
            .controls
            .iter()
            .find(|control| control.kind == ControlKind::Hidden && control.name == CSRF_FIELD)
            .map(|control| control.value.as_str())
    }

    /// The fields of its form, in the page's order (the hidden ones left out).
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// let fields = page.fields();
    /// let names: Vec<&str> = fields.iter().map(|field| field.name()).collect();
    /// assert_eq!(names, ["api_key", "region"]);
    /// # }
    /// ```
    pub fn fields(&self) -> Vec<Field> {
        let Some(form) = &self.form else {
            return Vec::new();
        };
        form.fields.iter().map(|info| form.field(info)).collect()
    }

    /// The field `name` of its form.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.field("api_key").unwrap().kind(), "password");
    /// assert!(page.field("nothing").is_none());
    /// # }
    /// ```
    pub fn field(&self, name: &str) -> Option<Field> {
        let form = self.form.as_ref()?;
        form.fields
            .iter()
            .find(|info| info.name == name)
            .map(|info| form.field(info))
    }

    /// The error summary at the top of a refused post, one entry per field ("API key: must
    /// be at least 8 characters long"); empty on any other page.
    ///
    /// ```
    /// # fn check(page: &elicit_core::testing::Page) {
    /// assert_eq!(page.errors().len(), 1);
    /// # }
    /// ```
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Types `value` into the field `name` (a text, password, e-mail, URL, date or number
    /// input, or a text area), replacing what it held.
    ///
    /// A name the form has no field for, or a field that is not typed into (a select, a
    /// checkbox), is kept as the problem [`submit`](Self::submit) reports.
    ///
    /// ```
    /// # fn check(page: elicit_core::testing::Page) {
    /// let page = page.fill("api_key", "sk-live-8c2f1e9a").fill("seats", "3");
    /// assert_eq!(page.field("seats").unwrap().value(), Some("3"));
    /// # }
    /// ```
    #[must_use]
    pub fn fill(mut self, name: &str, value: impl Into<String>) -> Self {
        let value = value.into();
        self.step(name, "type into", |form, info| {
            let [index] = info.controls[..] else {
                return Err(how_to(info));
            };
            let control = &mut form.controls[index];
            if control.kind != ControlKind::Text {
                return Err(how_to(info));
            }
            control.value = value;
            Ok(())
        });
        self
    }

    /// Chooses `option` in the single select `name` (radio buttons or a drop-down): by its
    /// value (what the form sends), else by its label (what the person reads). The other
    /// options are no longer chosen.
    ///
    /// An option the field does not offer (the problem lists those it does), or a field that
    /// is not a single select, is kept as the problem [`submit`](Self::submit) reports.
    ///
    /// ```
    /// # fn check(page: elicit_core::testing::Page) {
    /// let page = page.choose("region", "eu").choose("plan", "Team");
    /// assert_eq!(page.field("region").unwrap().value(), Some("eu"));
    /// # }
    /// ```
    #[must_use]
    pub fn choose(mut self, name: &str, option: &str) -> Self {
        self.step(name, "choose from", |form, info| match info.kind.as_str() {
            "radio" => {
                let found = pick(form, info, option)?;
                for &index in &info.controls {
                    form.controls[index].checked = index == found;
                }
                Ok(())
            }
            "select" => {
                let select = &mut form.controls[info.controls[0]];
                let found = select
                    .options
                    .iter()
                    .position(|o| o.value == option)
                    .or_else(|| select.options.iter().position(|o| o.label == option))
                    .ok_or_else(|| not_offered(option, info, &form_options(select)))?;
                for (index, choice) in select.options.iter_mut().enumerate() {
                    choice.selected = index == found;
                }
                Ok(())
            }
            _ => Err(how_to(info)),
        });
        self
    }

    /// Chooses exactly these options of the multi-select `name` (its checkboxes): each by
    /// its value, else by its label; the others are unticked. None: nothing ticked.
    ///
    /// An option the field does not offer, or a field that is not a multi-select, is kept as
    /// the problem [`submit`](Self::submit) reports.
    ///
    /// ```
    /// # fn check(page: elicit_core::testing::Page) {
    /// let page = page.choose_all("alerts", ["Rain", "Heat"]);
    /// assert_eq!(page.field("alerts").unwrap().values(), ["Rain", "Heat"]);
    /// # }
    /// ```
    #[must_use]
    pub fn choose_all<'o>(
        mut self,
        name: &str,
        options: impl IntoIterator<Item = &'o str>,
    ) -> Self {
        let options: Vec<&str> = options.into_iter().collect();
        self.step(name, "choose from", |form, info| {
            if info.kind != "checkboxes" {
                return Err(how_to(info));
            }
            let mut ticked = Vec::with_capacity(options.len());
            for option in &options {
                ticked.push(pick(form, info, option)?);
            }
            for &index in &info.controls {
                form.controls[index].checked = ticked.contains(&index);
            }
            Ok(())
        });
        self
    }

    /// Ticks the checkbox `name` (a boolean field).
    ///
    /// A field that is not one checkbox is kept as the problem [`submit`](Self::submit)
    /// reports.
    ///
    /// ```
    /// # fn check(page: elicit_core::testing::Page) {
    /// let page = page.check("remember");
    /// assert_eq!(page.field("remember").unwrap().value(), Some("true"));
    /// # }
    /// ```
    #[must_use]
    pub fn check(self, name: &str) -> Self {
        self.tick(name, true)
    }

    /// Unticks the checkbox `name` (a boolean field), as [`check`](Self::check) ticks it.
    ///
    /// ```
    /// # fn check(page: elicit_core::testing::Page) {
    /// let page = page.uncheck("remember");
    /// assert!(page.field("remember").unwrap().values().is_empty());
    /// # }
    /// ```
    #[must_use]
    pub fn uncheck(self, name: &str) -> Self {
        self.tick(name, false)
    }

    fn tick(mut self, name: &str, checked: bool) -> Self {
        let verb = if checked { "check" } else { "uncheck" };
        self.step(name, verb, |form, info| {
            if info.kind != "checkbox" {
                return Err(how_to(info));
            }
            for &index in &info.controls {
                form.controls[index].checked = checked;
            }
            Ok(())
        });
        self
    }

    /// Applies one step of filling to the field `name`, keeping the first problem.
    fn step(
        &mut self,
        name: &str,
        verb: &str,
        apply: impl FnOnce(&mut FormModel, &FieldInfo) -> Result<(), String>,
    ) {
        if self.problem.is_some() {
            return;
        }
        let Some(form) = &mut self.form else {
            self.problem = Some(format!("cannot {verb} `{name}`: the page has no form"));
            return;
        };
        let Some(info) = form.fields.iter().find(|info| info.name == name).cloned() else {
            let names: Vec<&str> = form.fields.iter().map(|info| info.name.as_str()).collect();
            self.problem = Some(format!(
                "cannot {verb} `{name}`: the form has no field `{name}` (its fields: {})",
                names.join(", ")
            ));
            return;
        };
        if let Err(problem) = apply(form, &info) {
            self.problem = Some(format!("cannot {verb} `{name}`: {problem}"));
        }
    }

    /// Submits the form as the person's browser does: the values its fields hold now (the
    /// page's own, and what was filled in), its CSRF token, the browser's cookies, an
    /// `Origin` of the page's own origin and `Sec-Fetch-Site: same-origin`, as
    /// `application/x-www-form-urlencoded`. Returns the page that comes back ("Thank you",
    /// the form again with its errors, a refusal).
    ///
    /// # Errors
    /// [`KitError::Page`] naming the page and what was wrong: a step of filling the page
    /// could not take, a page with no form, or a response that could not be read.
    ///
    /// ```
    /// # async fn run(page: elicit_core::testing::Page) {
    /// let next = page.fill("api_key", "short").submit().await.unwrap();
    /// assert_eq!(next.status(), 422);
    /// assert!(next.field("api_key").unwrap().error().is_some());
    /// # }
    /// ```
    pub async fn submit(&self) -> Result<Page, KitError> {
        if let Some(problem) = &self.problem {
            return Err(self.error(problem.clone()));
        }
        let Some(form) = &self.form else {
            return Err(self.error("there is no form to submit".to_owned()));
        };
        let body = encode(&form.entries());
        let action = self.resolve(&form.action);
        if form.method.eq_ignore_ascii_case("get") {
            let path = match action.split_once('?') {
                Some((path, _)) => format!("{path}?{body}"),
                None => format!("{action}?{body}"),
            };
            let served = self.fetcher.get(&path, self.origin.clone()).await?;
            Ok(Self::read(self.fetcher.clone(), served))
        } else {
            let served = self
                .fetcher
                .post(&action, self.origin.clone(), body)
                .await?;
            Ok(Self::read(self.fetcher.clone(), served))
        }
    }

    /// Whether this is what a form's post comes back with when it was taken: a success with
    /// no form on it (the router's "Thank you").
    pub(super) fn is_received(&self) -> bool {
        self.status.is_success() && self.form.is_none()
    }

    /// A [`KitError::Page`] naming this page.
    pub(super) fn error(&self, problem: String) -> KitError {
        KitError::Page {
            request: None,
            page: self.to_string(),
            problem,
        }
    }

    /// The path a form's `action` posts to, from this page's.
    fn resolve(&self, action: &str) -> String {
        let own = path_of(&self.url);
        if action.is_empty() {
            return own.to_owned();
        }
        if action.starts_with('/') {
            return action.to_owned();
        }
        if action.contains("://") {
            return path_of(action).to_owned();
        }
        let directory = own
            .split('?')
            .next()
            .and_then(|path| path.rfind('/').map(|slash| &path[..=slash]))
            .unwrap_or("/");
        format!("{directory}{action}")
    }
}

impl FormModel {
    fn field(&self, info: &FieldInfo) -> Field {
        let mut options = Vec::new();
        match info.kind.as_str() {
            "select" => {
                if let Some(select) = info.controls.first().map(|&index| &self.controls[index]) {
                    let chosen = chosen_options(select);
                    options.extend(select.options.iter().enumerate().map(|(at, option)| {
                        FieldOption {
                            value: option.value.clone(),
                            label: option.label.clone(),
                            chosen: chosen.contains(&at),
                        }
                    }));
                }
            }
            "radio" | "checkboxes" => {
                options.extend(info.controls.iter().map(|&index| {
                    let control = &self.controls[index];
                    let label = info
                        .labels
                        .iter()
                        .find(|(at, _)| *at == index)
                        .map_or_else(|| control.value.clone(), |(_, label)| label.clone());
                    FieldOption {
                        value: control.value.clone(),
                        label,
                        chosen: control.checked,
                    }
                }));
            }
            _ => {}
        }
        let values = info
            .controls
            .iter()
            .flat_map(|&index| entries_of(&self.controls[index]))
            .map(|(_, value)| value)
            .collect();
        Field {
            name: info.name.clone(),
            kind: info.kind.clone(),
            label: info.label.clone(),
            required: info.required,
            error: info.error.clone(),
            values,
            options,
        }
    }

    /// What the form sends, in document order (HTML's "constructing the entry list").
    fn entries(&self) -> Vec<(String, String)> {
        self.controls.iter().flat_map(entries_of).collect()
    }
}

/// What one control sends: a text's value, a checked box's or radio's value (`on` without
/// one), a select's chosen options.
fn entries_of(control: &Control) -> Vec<(String, String)> {
    let entry = |value: &str| (control.name.clone(), value.to_owned());
    match control.kind {
        ControlKind::Hidden | ControlKind::Text => vec![entry(&control.value)],
        ControlKind::Checkbox | ControlKind::Radio if control.checked => {
            vec![entry(&control.value)]
        }
        ControlKind::Checkbox | ControlKind::Radio => Vec::new(),
        ControlKind::Select { .. } => chosen_options(control)
            .into_iter()
            .map(|at| entry(&control.options[at].value))
            .collect(),
    }
}

/// The options a select sends: those selected; for a drop-down with none selected, its first
/// (which a browser shows, and so selects).
fn chosen_options(select: &Control) -> Vec<usize> {
    let selected: Vec<usize> = select
        .options
        .iter()
        .enumerate()
        .filter(|(_, option)| option.selected)
        .map(|(at, _)| at)
        .collect();
    match select.kind {
        ControlKind::Select { multiple: false } if selected.is_empty() => {
            (!select.options.is_empty())
                .then_some(0)
                .into_iter()
                .collect()
        }
        ControlKind::Select { multiple: false } => selected.into_iter().take(1).collect(),
        _ => selected,
    }
}

/// The control of a radio group or multi-select whose value, else label, is `option`.
fn pick(form: &FormModel, info: &FieldInfo, option: &str) -> Result<usize, String> {
    let by_value = info
        .controls
        .iter()
        .copied()
        .find(|&index| form.controls[index].value == option);
    let by_label = || {
        info.labels
            .iter()
            .find(|(_, label)| label == option)
            .map(|(index, _)| *index)
    };
    by_value.or_else(by_label).ok_or_else(|| {
        let offered: Vec<String> = info
            .controls
            .iter()
            .map(|&index| {
                let control = &form.controls[index];
                match info.labels.iter().find(|(at, _)| *at == index) {
                    Some((_, label)) if *label != control.value => {
                        format!("{:?} ({label:?})", control.value)
                    }
                    _ => format!("{:?}", control.value),
                }
            })
            .collect();
        not_offered(option, info, &offered)
    })
}

fn form_options(select: &Control) -> Vec<String> {
    select
        .options
        .iter()
        .map(|option| {
            if option.label == option.value {
                format!("{:?}", option.value)
            } else {
                format!("{:?} ({:?})", option.value, option.label)
            }
        })
        .collect()
}

fn not_offered(option: &str, info: &FieldInfo, offered: &[String]) -> String {
    format!(
        "{option:?} is not among the options of `{}` ({})",
        info.name,
        offered.join(", ")
    )
}

/// What a field of this kind takes instead.
fn how_to(info: &FieldInfo) -> String {
    let name = &info.name;
    match info.kind.as_str() {
        "checkbox" => format!("`{name}` is a checkbox: check or uncheck it"),
        "radio" | "select" => format!("`{name}` is a single select: choose one of its options"),
        "checkboxes" => format!("`{name}` is a multi-select: choose_all of the options to tick"),
        kind => format!("`{name}` is a {kind} input: fill it"),
    }
}

/// Reads a form: its controls in document order, and the fields they make by name, with
/// their labels, required marks and errors.
fn read_form(root: &Element, form: &Element) -> FormModel {
    let labels: Vec<(&str, &Element)> = root
        .descendants()
        .into_iter()
        .filter(|element| element.name == "label")
        .filter_map(|label| Some((label.attr("for")?, label)))
        .collect();
    let label_for = |id: Option<&str>| {
        let id = id?;
        labels
            .iter()
            .find(|(target, _)| *target == id)
            .map(|(_, label)| *label)
    };
    let errors: Vec<(&str, String)> = root
        .descendants()
        .into_iter()
        .filter(|element| element.has_class("error"))
        .filter_map(|error| {
            let target = error.attr("id")?.strip_suffix("-error")?;
            Some((target, error.text()))
        })
        .collect();
    let error_of = |id: Option<&str>| {
        let id = id?;
        errors
            .iter()
            .find(|(target, _)| *target == id)
            .map(|(_, text)| text.clone())
    };
    let mut controls = Vec::new();
    let mut groups = Vec::new();
    read_controls(form, None, &mut controls, &mut groups);
    let mut fields: Vec<FieldInfo> = Vec::new();
    for (index, (control, group)) in controls.iter().zip(&groups).enumerate() {
        if control.kind == ControlKind::Hidden {
            continue;
        }
        if let Some(info) = fields.iter_mut().find(|info| info.name == control.name) {
            info.controls.push(index);
            if let Some(label) = label_for(control.id.as_deref()) {
                info.labels.push((index, label.text()));
            }
            if info.kind == "checkbox" {
                // Several boxes of one name are a multi-select.
                "checkboxes".clone_into(&mut info.kind);
            }
            continue;
        }
        let element_label = label_for(control.id.as_deref());
        let (kind, label, required, error, labels) = match (control.kind, group) {
            (ControlKind::Checkbox | ControlKind::Radio, Some(group)) => {
                let legend = group.find(|element| element.name == "legend");
                let kind = if control.kind == ControlKind::Radio {
                    "radio"
                } else {
                    "checkboxes"
                };
                (
                    kind.to_owned(),
                    legend.map(Element::text).unwrap_or_default(),
                    legend.is_some_and(marked_required),
                    error_of(group.attr("id")),
                    element_label
                        .map(|label| vec![(index, label.text())])
                        .unwrap_or_default(),
                )
            }
            _ => (
                control.tag.clone(),
                element_label.map(Element::text).unwrap_or_default(),
                element_label.is_some_and(marked_required),
                error_of(control.id.as_deref()),
                Vec::new(),
            ),
        };
        fields.push(FieldInfo {
            name: control.name.clone(),
            kind,
            label,
            required,
            error,
            labels,
            controls: vec![index],
        });
    }
    // A `required` attribute marks a field as much as its label's mark does.
    for info in &mut fields {
        info.required |= info.controls.iter().any(|&index| controls[index].required);
    }
    FormModel {
        action: form.attr("action").unwrap_or_default().to_owned(),
        method: form.attr("method").unwrap_or("get").to_owned(),
        controls,
        fields,
    }
}

/// Whether a label holds the page's mark of a required field.
fn marked_required(label: &Element) -> bool {
    label.find(|element| element.has_class("req")).is_some()
}

/// The form's controls in document order, each with the `<fieldset>` it is in.
fn read_controls<'f>(
    element: &'f Element,
    fieldset: Option<&'f Element>,
    controls: &mut Vec<Control>,
    groups: &mut Vec<Option<&'f Element>>,
) {
    for child in &element.children {
        let Node::Element(child) = child else {
            continue;
        };
        if let Some(control) = read_control(child) {
            controls.push(control);
            groups.push(fieldset);
            continue;
        }
        let fieldset = if child.name == "fieldset" {
            Some(child)
        } else {
            fieldset
        };
        read_controls(child, fieldset, controls, groups);
    }
}

/// One named control, or `None` (a button, an unnamed input, not a control).
fn read_control(element: &Element) -> Option<Control> {
    let name = element.attr("name")?.to_owned();
    let id = element.attr("id").map(str::to_owned);
    let tag = match element.name.as_str() {
        "input" => element.attr("type").unwrap_or("text").to_ascii_lowercase(),
        other => other.to_owned(),
    };
    let control = |kind, value: String, checked| Control {
        name: name.clone(),
        id: id.clone(),
        kind,
        value,
        checked,
        options: Vec::new(),
        tag: tag.clone(),
        required: element.has("required"),
    };
    match element.name.as_str() {
        "input" => {
            let kind = tag.as_str();
            let value = element.attr("value");
            match kind {
                "submit" | "button" | "reset" | "image" | "file" => None,
                "hidden" => Some(control(
                    ControlKind::Hidden,
                    value.unwrap_or_default().to_owned(),
                    false,
                )),
                "checkbox" | "radio" => Some(control(
                    if kind == "radio" {
                        ControlKind::Radio
                    } else {
                        ControlKind::Checkbox
                    },
                    value.unwrap_or("on").to_owned(),
                    element.has("checked"),
                )),
                _ => Some(control(
                    ControlKind::Text,
                    value.unwrap_or_default().to_owned(),
                    false,
                )),
            }
        }
        "textarea" => Some(control(ControlKind::Text, element.all_text(), false)),
        "select" => {
            let mut select = control(
                ControlKind::Select {
                    multiple: element.has("multiple"),
                },
                String::new(),
                false,
            );
            select.options = element
                .descendants()
                .into_iter()
                .filter(|option| option.name == "option")
                .map(|option| SelectOption {
                    value: option
                        .attr("value")
                        .map_or_else(|| option.text(), str::to_owned),
                    label: option.text(),
                    selected: option.has("selected"),
                })
                .collect();
            Some(select)
        }
        _ => None,
    }
}

/// `application/x-www-form-urlencoded`, as a browser writes it.
fn encode(entries: &[(String, String)]) -> String {
    let mut body = String::new();
    for (index, (name, value)) in entries.iter().enumerate() {
        if index > 0 {
            body.push('&');
        }
        escape(name, &mut body);
        body.push('=');
        escape(value, &mut body);
    }
    body
}

fn escape(text: &str, out: &mut String) {
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            other => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(char::from(HEX[usize::from(other >> 4)]));
                out.push(char::from(HEX[usize::from(other & 0xf)]));
            }
        }
    }
}

/// `"Connect the weather service" (200) at /connect/…`
impl fmt::Display for Page {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.heading.is_empty() {
            &self.title
        } else {
            &self.heading
        };
        write!(f, "{what:?} ({}) at {}", self.status.as_u16(), self.url)
    }
}

/// The page described, not its HTML (nor anything filled in, which may be a secret).
impl fmt::Debug for Page {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Page({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(html: &str) -> Page {
        Page::read(
            Fetcher::new(axum::Router::new()),
            Served {
                url: "https://forms.example/connect/abc".to_owned(),
                origin: Some("https://forms.example".to_owned()),
                status: StatusCode::OK,
                html: html.to_owned(),
            },
        )
    }

    const FORM: &str = r#"<html><head><title>Connect</title></head><body><main><h1>Connect</h1>
<p class="who" id="signed-in">Signed in as <strong>Ada</strong> — not you?</p>
<form method="post" action="/connect/abc">
<input type="hidden" name="_csrf" value="tok&#38;en">
<div class="field"><label for="field-0">API key<span class="req" aria-hidden="true"> *</span></label>
<input id="field-0" name="api_key" type="password" required></div>
<div class="field"><label for="field-1">Name</label><input id="field-1" name="name" type="text" value="Ada"></div>
<div class="field check"><input id="field-2" name="remember" type="checkbox" value="true"><label for="field-2">Remember</label></div>
<fieldset class="field" id="field-3" role="radiogroup"><legend>Region<span class="req" aria-hidden="true"> *</span></legend>
<div class="choice"><input id="field-3-0" name="region" type="radio" value="eu"><label for="field-3-0">Europe</label></div>
<div class="choice"><input id="field-3-1" name="region" type="radio" value="us" checked><label for="field-3-1">United States</label></div>
</fieldset>
<div class="field"><label for="field-4">Plan</label><select id="field-4" name="plan">
<option value="">No answer</option><option value="free">free</option><option value="team" selected>team</option></select></div>
<fieldset class="field" id="field-5"><legend>Alerts</legend>
<div class="choice"><input id="field-5-0" name="alerts" type="checkbox" value="Rain"><label for="field-5-0">Rain</label></div>
</fieldset>
<button type="submit">Submit</button></form></main></body></html>"#;

    #[test]
    fn reads_the_fields_labels_and_token() {
        let page = page(FORM);
        assert_eq!(page.heading(), "Connect");
        assert_eq!(page.signed_in_as(), Some("Ada"));
        assert_eq!(page.csrf_token(), Some("tok&en"));
        let kinds: Vec<(String, String, String, bool)> = page
            .fields()
            .iter()
            .map(|field| {
                (
                    field.name().to_owned(),
                    field.kind().to_owned(),
                    field.label().to_owned(),
                    field.required(),
                )
            })
            .collect();
        let expected = [
            ("api_key", "password", "API key", true),
            ("name", "text", "Name", false),
            ("remember", "checkbox", "Remember", false),
            ("region", "radio", "Region", true),
            ("plan", "select", "Plan", false),
            ("alerts", "checkboxes", "Alerts", false),
        ]
        .map(|(a, b, c, d)| (a.to_owned(), b.to_owned(), c.to_owned(), d));
        assert_eq!(kinds, expected);
        let region = page.field("region").unwrap();
        assert_eq!(region.value(), Some("us"));
        assert_eq!(region.options()[0].label(), "Europe");
        assert_eq!(page.field("plan").unwrap().value(), Some("team"));
    }

    #[test]
    fn fills_and_encodes_what_a_browser_sends() {
        let page = page(FORM)
            .fill("api_key", "sk live&=1")
            .check("remember")
            .choose("region", "Europe")
            .choose("plan", "free")
            .choose_all("alerts", ["Rain"]);
        assert!(page.problem.is_none(), "{:?}", page.problem);
        let form = page.form.as_ref().unwrap();
        assert_eq!(
            encode(&form.entries()),
            "_csrf=tok%26en&api_key=sk+live%26%3D1&name=Ada&remember=true&region=eu&plan=free&alerts=Rain"
        );
        let page = page.uncheck("remember").choose_all("alerts", []);
        let form = page.form.as_ref().unwrap();
        assert_eq!(
            encode(&form.entries()),
            "_csrf=tok%26en&api_key=sk+live%26%3D1&name=Ada&region=eu&plan=free"
        );
    }

    #[test]
    fn a_step_the_page_cannot_take_is_kept_naming_it() {
        let cases = [
            (page(FORM).fill("nope", "x"), "the form has no field `nope`"),
            (
                page(FORM).fill("region", "eu"),
                "`region` is a single select",
            ),
            (
                page(FORM).choose("region", "asia"),
                "\"asia\" is not among the options of `region` (\"eu\" (\"Europe\"), \"us\" (\"United States\"))",
            ),
            (page(FORM).check("name"), "`name` is a text input: fill it"),
            (
                page(FORM).choose("alerts", "Rain"),
                "`alerts` is a multi-select",
            ),
            (
                page(FORM).choose_all("region", ["eu"]),
                "`region` is a single select",
            ),
            (page("<h1>Gone</h1>").fill("a", "b"), "the page has no form"),
            (
                page(FORM).fill("_csrf", "forged"),
                "the form has no field `_csrf`",
            ),
        ];
        for (page, expected) in cases {
            let problem = page.problem.clone().unwrap_or_default();
            assert!(problem.contains(expected), "{problem}");
        }
        // The first problem is the one kept.
        let page = page(FORM).fill("a", "1").fill("b", "2");
        assert!(page.problem.unwrap().contains("`a`"));
    }

    #[test]
    fn an_action_resolves_against_the_page() {
        let page = page(FORM);
        assert_eq!(page.resolve(""), "/connect/abc");
        assert_eq!(page.resolve("/x"), "/x");
        assert_eq!(page.resolve("https://forms.example/y?z=1"), "/y?z=1");
        assert_eq!(page.resolve("other"), "/connect/other");
        assert_eq!(path_of("https://forms.example"), "/");
        assert_eq!(path_of("/login?user=ada"), "/login?user=ada");
    }
}
