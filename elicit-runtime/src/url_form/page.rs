//! The pages, as HTML: the form ([`FormPage`]), rendered from the schema the form sends, and
//! the plain notices (done, refused). The markup is in `templates/url_form/`; askama escapes
//! every value written into it, so a title or an option holding `<script>` is text.

use std::collections::HashMap;
use std::sync::OnceLock;

use askama::Template;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

use crate::error::FieldError;
use crate::schema::{NumberKind, PropertySchema, RequestedSchema, StringFormat, StringSchema};

/// The pages' only style sheet, inline; the `Content-Security-Policy` allows it by its hash
/// (`content_security_policy`), and nothing else: no script, no other style, no image, no
/// frame.
///
/// Every text has a contrast of at least 4.5:1 with the page (WCAG 2.2 AA), in the light and
/// in the dark scheme: the colors are the page's own, not the system's (`GrayText` on white is
/// 3.9:1). Light, on #ffffff: text #1b1b1b (17.2:1), help #595959 (7.0:1), errors #b00020
/// (7.3:1), links #0b57d0 (6.4:1). Dark, on #121212: text #ececec (15.9:1), help #b5b5b5
/// (9.1:1), errors #ff8a80 (8.2:1), links #8ab4f8 (8.9:1). Inputs and the button keep the
/// scheme's own colors (`color-scheme`).
const STYLE: &str = "\
:root{color-scheme:light dark;--text:#1b1b1b;--page:#fff;--muted:#595959;--error:#b00020;--link:#0b57d0;\
color:var(--text);background:var(--page);font-family:system-ui,sans-serif;line-height:1.5}\
@media (prefers-color-scheme:dark){:root{--text:#ececec;--page:#121212;--muted:#b5b5b5;--error:#ff8a80;--link:#8ab4f8}}\
body{margin:0;padding:1rem}\
main{max-width:40rem;margin:0 auto}\
h1{font-size:1.5rem}\
a,a:visited{color:var(--link)}\
.field{margin:0 0 1.25rem;padding:0;border:0}\
fieldset.field{min-inline-size:0}\
label,legend{display:block;font-weight:600;padding:0}\
.check label,.choice label{display:inline;font-weight:400;margin-left:.4rem}\
.help,.hint,.note{margin:.2rem 0;color:var(--muted)}\
.error{margin:.2rem 0;color:var(--error);font-weight:600}\
.invalid input:not([type=checkbox]):not([type=radio]),.invalid select{border-color:var(--error)}\
input:not([type=checkbox]):not([type=radio]),select{box-sizing:border-box;width:100%;font:inherit;padding:.4rem;margin-top:.2rem;border:1px solid;border-radius:.25rem}\
.choice{margin:.2rem 0}\
.who{margin:.5rem 0 1.25rem;padding:.5rem .75rem;border:1px solid;border-radius:.25rem}\
.summary{border:3px solid var(--error);padding:0 1rem;margin-bottom:1.5rem}\
button{font:inherit;padding:.5rem 1.5rem;border-radius:.25rem}\
:focus-visible{outline:3px solid Highlight;outline-offset:2px}\
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}";

/// The `Content-Security-Policy` of every page: nothing may load or run but the style sheet
/// above; the form posts only to this origin; no page may frame it.
pub(crate) fn content_security_policy() -> &'static str {
    static POLICY: OnceLock<String> = OnceLock::new();
    POLICY.get_or_init(|| {
        let hash = STANDARD.encode(Sha256::digest(STYLE.as_bytes()));
        format!(
            "default-src 'none'; style-src 'sha256-{hash}'; form-action 'self'; \
             frame-ancestors 'none'; base-uri 'none'"
        )
    })
}

/// A select of at most this many options is a radio group (every option in sight); a longer
/// one a drop-down.
const RADIO_LIMIT: usize = 4;

/// One field as the page shows it.
struct FieldView {
    name: String,
    id: String,
    label: String,
    help: Option<String>,
    hint: Option<String>,
    error: Option<String>,
    required: bool,
    /// The ids of the help, hint and error paragraphs, for the input's `aria-describedby`.
    described_by: String,
    /// The ids of the help and hint paragraphs, for a group's `fieldset`: each option's input
    /// points at the error, which is then said once, on the option in focus.
    group_described_by: String,
    widget: Widget,
}

enum Widget {
    Input(Input),
    Checkbox(bool),
    Select(Choices),
    Group(Group),
}

struct Input {
    kind: &'static str,
    value: Option<String>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    pattern: Option<String>,
    min: Option<String>,
    max: Option<String>,
    step: Option<&'static str>,
    secret: bool,
}

struct PageOption {
    value: String,
    label: String,
    selected: bool,
}

struct Choices {
    options: Vec<PageOption>,
    /// Whether a blank first option is shown: "No answer" on an optional select, "Choose
    /// one" on a required select with nothing chosen (so that `required` makes a choice).
    blank: bool,
}

struct Group {
    options: Vec<PageOption>,
    radio: bool,
}

/// An error in the summary at the top, linking to its field.
struct ErrorLink {
    target: String,
    label: String,
    message: String,
}

#[derive(Template)]
#[template(path = "url_form/page.html")]
struct PageTemplate<'a> {
    title: &'a str,
    style: &'static str,
    signed_in: SignedIn<'a>,
    action: &'a str,
    csrf_field: &'static str,
    csrf: &'a str,
    submit: &'a str,
    any_required: bool,
    errors: Vec<ErrorLink>,
    fields: Vec<FieldView>,
}

#[derive(Template)]
#[template(path = "url_form/notice.html")]
struct NoticeTemplate<'a> {
    title: &'a str,
    style: &'static str,
    paragraphs: &'a [&'a str],
    signed_in: Option<SignedIn<'a>>,
}

/// Who the browser is signed in as, as the server's [`Identify`](super::Identify) hook named
/// them, and where they sign out: said on a page before anything is typed.
#[derive(Clone, Copy)]
pub(crate) struct SignedIn<'a> {
    pub(crate) name: &'a str,
    pub(crate) sign_out: Option<&'a str>,
}

/// What a page shows in the form's inputs: the defaults of the schema (a first view), or what
/// the browser posted (a post refused for some field), secrets left out.
pub(crate) enum Values<'a> {
    Defaults,
    Posted(&'a HashMap<String, Vec<String>>),
}

/// A form page.
pub(crate) struct FormPage<'a> {
    pub(crate) title: &'a str,
    pub(crate) schema: &'a RequestedSchema,
    pub(crate) secrets: &'a [String],
    pub(crate) values: Values<'a>,
    pub(crate) errors: &'a [FieldError],
    pub(crate) action: &'a str,
    pub(crate) csrf: &'a str,
    pub(crate) signed_in: SignedIn<'a>,
}

/// The heading (and title) of a form whose prompt is blank (`Form::message("")`): each page
/// has one heading, which says what it is for, never an empty one.
const BLANK_PROMPT: &str = "Please answer this form";

/// What is shown when askama fails, which only a failing `fmt::Write` into a `String` (out
/// of memory) can cause.
const UNRENDERABLE: &str = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>Unavailable</title></head><body><p>This page cannot be shown.</p></body></html>";

impl FormPage<'_> {
    pub(crate) fn render(&self) -> String {
        let mut fields = Vec::with_capacity(self.schema.properties.len());
        for (index, (name, property)) in self.schema.properties.iter().enumerate() {
            fields.push(self.field(index, name, property));
        }
        // In the order of the fields on the page, as a person reads them (the checks of a
        // post find some before others).
        let mut errors: Vec<(usize, ErrorLink)> = self
            .errors
            .iter()
            .map(|error| {
                let position = fields.iter().position(|field| field.name == error.field());
                let field = position.and_then(|position| fields.get(position));
                let link = ErrorLink {
                    target: field.map_or_else(String::new, |field| match &field.widget {
                        Widget::Group(_) => format!("{}-0", field.id),
                        _ => field.id.clone(),
                    }),
                    label: field.map_or_else(|| error.field().to_owned(), |f| f.label.clone()),
                    message: error.kind().to_string(),
                };
                (position.unwrap_or(usize::MAX), link)
            })
            .collect();
        errors.sort_by_key(|(position, _)| *position);
        let errors = errors.into_iter().map(|(_, link)| link).collect();
        let title = if self.title.trim().is_empty() {
            BLANK_PROMPT
        } else {
            self.title
        };
        PageTemplate {
            title,
            style: STYLE,
            signed_in: self.signed_in,
            action: self.action,
            csrf_field: super::csrf::FIELD,
            csrf: self.csrf,
            submit: "Submit",
            any_required: fields.iter().any(|field| field.required),
            errors,
            fields,
        }
        .render()
        .unwrap_or_else(|_| UNRENDERABLE.to_owned())
    }

    fn field(&self, index: usize, name: &str, property: &PropertySchema) -> FieldView {
        let id = format!("field-{index}");
        let required = self.schema.is_required(name);
        let secret = self.secrets.iter().any(|secret| secret == name);
        let error = self
            .errors
            .iter()
            .find(|error| error.field() == name)
            .map(|error| error.kind().to_string());
        let posted = match &self.values {
            Values::Defaults => None,
            Values::Posted(posted) => Some(posted.get(name).map_or(&[][..], Vec::as_slice)),
        };
        let (widget, mut hint) = widget(property, posted, required, secret);
        if secret && matches!(self.values, Values::Posted(_)) {
            let again = "For your security this is never shown again: type it once more.";
            hint = Some(hint.map_or_else(|| again.to_owned(), |hint| format!("{hint} {again}")));
        }
        let help = property.description().map(str::to_owned);
        let paragraph = |suffix: &str, shown: bool| shown.then(|| format!("{id}-{suffix}"));
        let help_and_hint = [
            paragraph("help", help.is_some()),
            paragraph("hint", hint.is_some()),
        ];
        let group_described_by = help_and_hint.iter().flatten().cloned().collect::<Vec<_>>();
        let described_by = help_and_hint
            .into_iter()
            .chain([paragraph("error", error.is_some())])
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        let group_described_by = group_described_by.join(" ");
        FieldView {
            name: name.to_owned(),
            label: property.title().unwrap_or(name).to_owned(),
            id,
            help,
            hint,
            error,
            required,
            described_by,
            group_described_by,
            widget,
        }
    }
}

/// The input a property is shown as, filled with what was posted (or its default), and a
/// hint of what it takes.
fn widget(
    property: &PropertySchema,
    posted: Option<&[String]>,
    required: bool,
    secret: bool,
) -> (Widget, Option<String>) {
    let first_posted = || posted.and_then(|values| values.first().cloned());
    match property {
        PropertySchema::String(string) => {
            let value = if secret {
                None
            } else {
                posted.map_or_else(|| string.default.clone(), |_| first_posted())
            };
            (
                Widget::Input(text_input(string, value, secret)),
                text_hint(string),
            )
        }
        PropertySchema::Number(number) => {
            let value = posted.map_or_else(
                || number.default.as_ref().map(ToString::to_string),
                |_| first_posted(),
            );
            let integer = number.kind == NumberKind::Integer;
            let input = Input {
                kind: "number",
                value,
                min_length: None,
                max_length: None,
                pattern: None,
                min: number.minimum.as_ref().map(ToString::to_string),
                max: number.maximum.as_ref().map(ToString::to_string),
                step: Some(if integer { "1" } else { "any" }),
                secret: false,
            };
            let hint = bounds_hint(
                number.minimum.as_ref().map(ToString::to_string),
                number.maximum.as_ref().map(ToString::to_string),
                if integer {
                    "a whole number"
                } else {
                    "a number"
                },
            );
            (Widget::Input(input), hint)
        }
        PropertySchema::Boolean(boolean) => {
            let checked = posted.map_or(boolean.default == Some(true), |values| {
                values.iter().any(|value| value == "true" || value == "on")
            });
            (Widget::Checkbox(checked), None)
        }
        PropertySchema::UntitledMultiSelect(multi) => {
            let options = multi
                .options
                .iter()
                .map(|value| (value.clone(), value.clone()));
            let chosen = chosen_many(posted, multi.default.as_deref());
            (
                Widget::Group(Group {
                    options: choices(options, &chosen),
                    radio: false,
                }),
                items_hint(multi.min_items, multi.max_items),
            )
        }
        PropertySchema::TitledMultiSelect(multi) => {
            let options = multi
                .options
                .iter()
                .map(|option| (option.value.clone(), option.title.clone()));
            let chosen = chosen_many(posted, multi.default.as_deref());
            (
                Widget::Group(Group {
                    options: choices(options, &chosen),
                    radio: false,
                }),
                items_hint(multi.min_items, multi.max_items),
            )
        }
        single => {
            let (options, default) = single_options(single);
            let chosen: Vec<String> = match posted {
                Some(values) => values.iter().take(1).cloned().collect(),
                None => default.into_iter().collect(),
            };
            (single_widget(options, &chosen, required), None)
        }
    }
}

fn text_input(string: &StringSchema, value: Option<String>, secret: bool) -> Input {
    let kind = if secret {
        "password"
    } else {
        match string.format {
            Some(StringFormat::Email) => "email",
            Some(StringFormat::Uri) => "url",
            Some(StringFormat::Date) => "date",
            // `datetime-local` sends no offset, which `date-time` requires: plain text.
            _ => "text",
        }
    };
    Input {
        kind,
        value,
        min_length: string.min_length,
        max_length: string.max_length,
        // HTML anchors a `pattern` (`^(?:…)$`); JSON Schema's is unanchored. A browser that
        // cannot compile it (HTML compiles it with the `v` flag) ignores it: the form's
        // reader checks it either way.
        pattern: string
            .pattern
            .as_ref()
            .map(|pattern| format!(".*(?:{}).*", pattern.as_str())),
        min: None,
        max: None,
        step: None,
        secret,
    }
}

fn text_hint(string: &StringSchema) -> Option<String> {
    let length = match (string.min_length, string.max_length) {
        (Some(min), Some(max)) if min == max => Some(format!("Exactly {min} characters.")),
        (Some(min), Some(max)) => Some(format!("Between {min} and {max} characters.")),
        (Some(min), None) => Some(format!("At least {min} characters.")),
        (None, Some(max)) => Some(format!("At most {max} characters.")),
        (None, None) => None,
    };
    let example = match string.format {
        Some(StringFormat::DateTime) => Some("For example 2025-01-31T09:30:00Z."),
        _ => None,
    };
    match (length, example) {
        (Some(length), Some(example)) => Some(format!("{length} {example}")),
        (Some(length), None) => Some(length),
        (None, Some(example)) => Some(example.to_owned()),
        (None, None) => None,
    }
}

fn bounds_hint(min: Option<String>, max: Option<String>, what: &str) -> Option<String> {
    match (min, max) {
        (Some(min), Some(max)) => Some(format!("Enter {what} from {min} to {max}.")),
        (Some(min), None) => Some(format!("Enter {what} of at least {min}.")),
        (None, Some(max)) => Some(format!("Enter {what} of at most {max}.")),
        (None, None) => None,
    }
}

fn items_hint(min: Option<u64>, max: Option<u64>) -> Option<String> {
    match (min, max) {
        (Some(min), Some(max)) if min == max => Some(format!("Choose exactly {min}.")),
        (Some(min), Some(max)) => Some(format!("Choose from {min} to {max}.")),
        (Some(min), None) if min > 0 => Some(format!("Choose at least {min}.")),
        (_, Some(max)) => Some(format!("Choose at most {max}.")),
        _ => None,
    }
}

fn chosen_many(posted: Option<&[String]>, default: Option<&[String]>) -> Vec<String> {
    match posted {
        Some(values) => values.to_vec(),
        None => default.map(<[String]>::to_vec).unwrap_or_default(),
    }
}

fn choices(options: impl Iterator<Item = (String, String)>, chosen: &[String]) -> Vec<PageOption> {
    options
        .map(|(value, label)| PageOption {
            selected: chosen.contains(&value),
            value,
            label,
        })
        .collect()
}

/// A single select's options (value, label) and default.
fn single_options(property: &PropertySchema) -> (Vec<(String, String)>, Option<String>) {
    match property {
        PropertySchema::UntitledSingleSelect(select) => (
            select
                .options
                .iter()
                .map(|v| (v.clone(), v.clone()))
                .collect(),
            select.default.clone(),
        ),
        PropertySchema::TitledSingleSelect(select) => (
            select
                .options
                .iter()
                .map(|option| (option.value.clone(), option.title.clone()))
                .collect(),
            select.default.clone(),
        ),
        PropertySchema::LegacyTitledEnum(select) => (
            select
                .options
                .iter()
                .enumerate()
                .map(|(index, value)| {
                    let label = select.option_names.get(index).unwrap_or(value);
                    (value.clone(), label.clone())
                })
                .collect(),
            select.default.clone(),
        ),
        _ => (Vec::new(), None),
    }
}

fn single_widget(options: Vec<(String, String)>, chosen: &[String], required: bool) -> Widget {
    let mut choices = choices(options.into_iter(), chosen);
    let nothing_chosen = !choices.iter().any(|choice| choice.selected);
    if choices.len() <= RADIO_LIMIT {
        if !required {
            choices.push(PageOption {
                value: String::new(),
                label: "No answer".to_owned(),
                selected: nothing_chosen,
            });
        }
        Widget::Group(Group {
            options: choices,
            radio: true,
        })
    } else {
        Widget::Select(Choices {
            options: choices,
            blank: !required || nothing_chosen,
        })
    }
}

/// A page of plain text: done, or refused; saying who the browser is signed in as, where
/// that explains the page (a link made for another account).
pub(crate) fn notice(title: &str, paragraphs: &[&str], signed_in: Option<SignedIn<'_>>) -> String {
    NoticeTemplate {
        title,
        style: STYLE,
        paragraphs,
        signed_in,
    }
    .render()
    .unwrap_or_else(|_| UNRENDERABLE.to_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{FormPage, SignedIn, Values};
    use crate::error::{FieldError, FieldErrorKind};
    use crate::schema::RequestedSchema;

    fn schema() -> RequestedSchema {
        serde_json::from_value(serde_json::json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "title": "Name"},
                "agree": {"type": "boolean", "title": "Agree"},
                "size": {"type": "string", "title": "Size", "enum": ["S", "M"]},
                "key": {"type": "string", "title": "API key"}
            },
            "required": ["name", "size"]
        }))
        .unwrap()
    }

    fn render(values: Values<'_>, errors: &[FieldError]) -> String {
        let schema = schema();
        FormPage {
            title: "Connect",
            schema: &schema,
            secrets: &["key".to_owned()],
            values,
            errors,
            action: "/elicit/x",
            csrf: "token",
            signed_in: SignedIn {
                name: "Ada",
                sign_out: None,
            },
        }
        .render()
    }

    fn posted(pairs: &[(&str, &str)]) -> HashMap<String, Vec<String>> {
        let mut posted: HashMap<String, Vec<String>> = HashMap::new();
        for (name, value) in pairs {
            posted
                .entry((*name).to_owned())
                .or_default()
                .push((*value).to_owned());
        }
        posted
    }

    /// The `<input …>` tag whose id is `id`.
    fn input<'p>(page: &'p str, id: &str) -> &'p str {
        let at = page
            .find(&format!("<input id=\"{id}\""))
            .unwrap_or_else(|| panic!("no input {id} in {page}"));
        let end = page[at..].find('>').unwrap();
        &page[at..=at + end]
    }

    #[test]
    fn a_checkbox_posted_checked_is_shown_checked_again() {
        // The page's checkbox posts `true`; a browser posting a box without a value sends `on`.
        for value in ["true", "on"] {
            let post = posted(&[("agree", value), ("name", "")]);
            let page = render(Values::Posted(&post), &[]);
            assert!(
                input(&page, "field-1").contains(" checked"),
                "{value}: {page}"
            );
        }
        let post = posted(&[("name", "")]);
        let page = render(Values::Posted(&post), &[]);
        assert!(!input(&page, "field-1").contains(" checked"), "{page}");
        let post = posted(&[("agree", "false")]);
        let page = render(Values::Posted(&post), &[]);
        assert!(!input(&page, "field-1").contains(" checked"), "{page}");
    }

    #[test]
    fn the_summary_links_each_error_to_its_own_input_in_field_order() {
        // Found in another order than the fields': the summary follows the page. A group's
        // link goes to its first option, the input a person lands on.
        let errors = [
            FieldError::new("size", FieldErrorKind::Missing),
            FieldError::new("name", FieldErrorKind::Missing),
        ];
        let post = posted(&[("name", "")]);
        let page = render(Values::Posted(&post), &errors);
        let name = page.find("<a href=\"#field-0\">Name: ").expect(&page);
        let size = page.find("<a href=\"#field-2-0\">Size: ").expect(&page);
        assert!(name < size, "{page}");
        assert!(page.contains("<input id=\"field-2-0\""), "{page}");
    }

    #[test]
    fn only_a_secret_on_a_page_posted_again_says_it_is_never_shown_again() {
        let again = "never shown again";
        let first = render(Values::Defaults, &[]);
        assert!(!first.contains(again), "{first}");
        let post = posted(&[("name", "Ada"), ("key", "sk-live-0123456789")]);
        let errors = [FieldError::new("size", FieldErrorKind::Missing)];
        let page = render(Values::Posted(&post), &errors);
        assert_eq!(page.matches(again).count(), 1, "{page}");
        let hint = page.find("id=\"field-3-hint\"").expect(&page);
        assert!(
            page[hint..].find(again).is_some_and(|at| at < 200),
            "{page}"
        );
        assert!(!page.contains("sk-live-0123456789"), "{page}");
    }
}
