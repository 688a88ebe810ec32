//! Parsing `#[elicit(…)]` (and the few `#[serde(…)]` keys we honour) into one struct per
//! place an attribute can go. One branch per key, each under a comment showing its syntax;
//! unknown and repeated keys are errors spanned on the key.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, LitStr, Token};

use crate::case::{RULE_NAMES, RenameRule};
use crate::ctxt::Ctxt;
use crate::lit::{self, DefaultValue, NumberLit};

/// A value and the attribute key that set it (errors point at the key or the value).
pub(crate) struct Spanned<T> {
    pub(crate) key: syn::Path,
    pub(crate) value: T,
}

/// Sets `slot` once; a second time is an error on the repeated key.
fn set_once<T>(cx: &Ctxt, slot: &mut Option<Spanned<T>>, meta: &ParseNestedMeta, value: T) {
    if slot.is_some() {
        cx.error_spanned_by(
            &meta.path,
            format!("duplicate `elicit` attribute `{}`", path_name(&meta.path)),
        );
    } else {
        *slot = Some(Spanned {
            key: meta.path.clone(),
            value,
        });
    }
}

fn path_name(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

/// The string `format`s a field may declare.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Email,
    Uri,
    Date,
    DateTime,
}

impl Format {
    /// What a valid value is, for error messages (elicit-core's wording).
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Self::Email => "e-mail address",
            Self::Uri => "absolute URI with a scheme",
            Self::Date => "calendar date (YYYY-MM-DD)",
            Self::DateTime => "RFC 3339 date-time with an offset",
        }
    }
}

/// Where an attribute was found, for "belongs on" messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    Struct,
    Enum,
    /// A one-field tuple struct: a field type, not a form.
    Newtype,
}

/// `#[elicit(…)]` on the struct or enum.
#[derive(Default)]
pub(crate) struct ContainerAttrs {
    pub(crate) message: Option<Spanned<LitStr>>,
    pub(crate) rename_all: Option<Spanned<RenameRule>>,
    pub(crate) serde_rename_all: Option<RenameRule>,
    pub(crate) deny_unknown_fields: Option<Spanned<()>>,
    pub(crate) krate: Option<Spanned<syn::Path>>,
    pub(crate) untitled: Option<Spanned<()>>,
    pub(crate) legacy_enum_names: Option<Spanned<()>>,
    pub(crate) field: Option<Spanned<LitStr>>,
}

impl ContainerAttrs {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute], item: Item) -> Self {
        let mut out = Self::default();
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let result = attr.parse_nested_meta(|meta| {
                    let parsed = out.parse_key(cx, &meta, item);
                    recover(cx, &meta, parsed)
                });
                if let Err(error) = result {
                    cx.syn_error(error);
                }
            } else if attr.path().is_ident("serde") {
                // serde reports its own mistakes; we only read what fixes the wire names.
                let _ = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident("rename_all") && meta.input.peek(Token![=]) {
                        let lit: LitStr = meta.value()?.parse()?;
                        out.serde_rename_all = RenameRule::parse(&lit);
                        Ok(())
                    } else {
                        skip_value(&meta)
                    }
                });
            }
        }
        out
    }

    fn parse_key(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, item: Item) -> syn::Result<()> {
        let path = &meta.path;
        if item == Item::Newtype && !path.is_ident("crate") {
            // A newtype is a field type: its attributes go on its field.
            cx.error_spanned_by(path, unknown_key(path, Place::Newtype));
            skip_value(meta)?;
            return Ok(());
        }
        if path.is_ident("message") {
            // #[elicit(message = "Please describe the booking")]
            let lit = lit::parse_str(meta.value()?, "message")?;
            set_once(cx, &mut self.message, meta, lit);
        } else if path.is_ident("rename_all") {
            // #[elicit(rename_all = "camelCase")]
            let lit = lit::parse_str(meta.value()?, "rename_all")?;
            match RenameRule::parse(&lit) {
                Some(rule) => set_once(cx, &mut self.rename_all, meta, rule),
                None => cx.error_spanned_by(
                    &lit,
                    format!("unknown `rename_all` casing; expected {RULE_NAMES}"),
                ),
            }
        } else if path.is_ident("deny_unknown_fields") {
            // #[elicit(deny_unknown_fields)]
            if item == Item::Enum {
                cx.error_spanned_by(path, "`deny_unknown_fields` applies only to structs");
            }
            set_once(cx, &mut self.deny_unknown_fields, meta, ());
        } else if path.is_ident("crate") {
            // #[elicit(crate = "my_reexport::elicit_core")]
            let lit = lit::parse_str(meta.value()?, "crate")?;
            match lit.parse::<syn::Path>() {
                Ok(krate) => set_once(cx, &mut self.krate, meta, krate),
                Err(_) => {
                    cx.error_spanned_by(&lit, "`crate` must be a path, like \"::elicit_core\"");
                }
            }
        } else if path.is_ident("untitled") {
            // #[elicit(untitled)]
            if item == Item::Struct {
                cx.error_spanned_by(path, "`untitled` applies only to enums");
            }
            set_once(cx, &mut self.untitled, meta, ());
        } else if path.is_ident("legacy_enum_names") {
            // #[elicit(legacy_enum_names)]
            if item == Item::Struct {
                cx.error_spanned_by(path, "`legacy_enum_names` applies only to enums");
            }
            set_once(cx, &mut self.legacy_enum_names, meta, ());
        } else if path.is_ident("field") {
            // #[elicit(field = "color")]
            if item == Item::Struct {
                cx.error_spanned_by(
                    path,
                    "`field` applies only to enums (it names the one question of an enum form)",
                );
            }
            let lit = lit::parse_str(meta.value()?, "field")?;
            set_once(cx, &mut self.field, meta, lit);
        } else {
            let place = match item {
                Item::Struct => Place::Struct,
                Item::Enum => Place::Enum,
                Item::Newtype => Place::Newtype,
            };
            cx.error_spanned_by(path, unknown_key(path, place));
            skip_value(meta)?;
        }
        Ok(())
    }
}

/// `#[elicit(…)]` on a struct field.
#[derive(Default)]
pub(crate) struct FieldAttrs {
    pub(crate) title: Option<Spanned<LitStr>>,
    pub(crate) description: Option<Spanned<LitStr>>,
    pub(crate) rename: Option<Spanned<LitStr>>,
    pub(crate) serde_rename: Option<LitStr>,
    pub(crate) format: Option<Spanned<(Format, LitStr)>>,
    pub(crate) min_length: Option<Spanned<(u64, TokenStream)>>,
    pub(crate) max_length: Option<Spanned<(u64, TokenStream)>>,
    pub(crate) pattern: Option<Spanned<LitStr>>,
    pub(crate) minimum: Option<Spanned<NumberLit>>,
    pub(crate) maximum: Option<Spanned<NumberLit>>,
    pub(crate) default: Option<Spanned<DefaultValue>>,
    pub(crate) serde_default: Option<DefaultValue>,
    pub(crate) skip: Option<Spanned<()>>,
    pub(crate) serde_skip: bool,
    pub(crate) min_items: Option<Spanned<(u64, TokenStream)>>,
    pub(crate) max_items: Option<Spanned<(u64, TokenStream)>>,
    pub(crate) not_sensitive: Option<Spanned<()>>,
    pub(crate) flatten: Option<Spanned<()>>,
    pub(crate) serde_flatten: bool,
}

impl FieldAttrs {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = Self::default();
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let result = attr.parse_nested_meta(|meta| {
                    let parsed = out.parse_key(cx, &meta);
                    recover(cx, &meta, parsed)
                });
                if let Err(error) = result {
                    cx.syn_error(error);
                }
            } else if attr.path().is_ident("serde") {
                let _ = attr.parse_nested_meta(|meta| out.parse_serde_key(&meta));
            }
        }
        out
    }

    #[allow(clippy::too_many_lines)] // one short branch per key reads better than a table
    fn parse_key(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let path = &meta.path;
        if path.is_ident("title") {
            // #[elicit(title = "Full name")]
            let lit = lit::parse_str(meta.value()?, "title")?;
            set_once(cx, &mut self.title, meta, lit);
        } else if path.is_ident("description") {
            // #[elicit(description = "As on your passport")]
            let lit = lit::parse_str(meta.value()?, "description")?;
            set_once(cx, &mut self.description, meta, lit);
        } else if path.is_ident("rename") {
            // #[elicit(rename = "firstLine")]
            let lit = lit::parse_str(meta.value()?, "rename")?;
            set_once(cx, &mut self.rename, meta, lit);
        } else if path.is_ident("format") {
            // #[elicit(format = "email")]
            let lit = lit::parse_str(meta.value()?, "format")?;
            let format = match lit.value().as_str() {
                "email" => Some(Format::Email),
                "uri" => Some(Format::Uri),
                "date" => Some(Format::Date),
                "date-time" => Some(Format::DateTime),
                _ => None,
            };
            match format {
                Some(format) => set_once(cx, &mut self.format, meta, (format, lit)),
                None => cx.error_spanned_by(
                    &lit,
                    "unknown `format`; MCP allows \"email\", \"uri\", \"date\" or \"date-time\"",
                ),
            }
        } else if path.is_ident("min_length") {
            // #[elicit(min_length = 1)]
            let count = lit::parse_count(meta.value()?, "min_length")?;
            set_once(cx, &mut self.min_length, meta, count);
        } else if path.is_ident("max_length") {
            // #[elicit(max_length = 100)]
            let count = lit::parse_count(meta.value()?, "max_length")?;
            set_once(cx, &mut self.max_length, meta, count);
        } else if path.is_ident("pattern") {
            // #[elicit(pattern = "^[a-z]+$")]
            let lit = lit::parse_str(meta.value()?, "pattern")?;
            if let Err(error) = elicit_grammar::pattern::compile(&lit.value()) {
                cx.error_spanned_by(&lit, format!("invalid `pattern`: {error}"));
            }
            set_once(cx, &mut self.pattern, meta, lit);
        } else if path.is_ident("minimum") {
            // #[elicit(minimum = 0)] or #[elicit(minimum = -1.5)]
            let number = lit::parse_number(meta.value()?, "minimum")?;
            set_once(cx, &mut self.minimum, meta, number);
        } else if path.is_ident("maximum") {
            // #[elicit(maximum = 100)]
            let number = lit::parse_number(meta.value()?, "maximum")?;
            set_once(cx, &mut self.maximum, meta, number);
        } else if path.is_ident("min_items") {
            // #[elicit(min_items = 1)]
            let count = lit::parse_count(meta.value()?, "min_items")?;
            set_once(cx, &mut self.min_items, meta, count);
        } else if path.is_ident("max_items") {
            // #[elicit(max_items = 3)]
            let count = lit::parse_count(meta.value()?, "max_items")?;
            set_once(cx, &mut self.max_items, meta, count);
        } else if path.is_ident("default") {
            // #[elicit(default)], #[elicit(default = 18)], #[elicit(default = Size::Small)]
            let value = if meta.input.peek(Token![=]) {
                lit::parse_default(meta.value()?)?
            } else {
                DefaultValue::TypeDefault(syn::spanned::Spanned::span(path))
            };
            set_once(cx, &mut self.default, meta, value);
        } else if path.is_ident("skip") {
            // #[elicit(skip)]
            set_once(cx, &mut self.skip, meta, ());
        } else if path.is_ident("not_sensitive") {
            // #[elicit(not_sensitive)]
            set_once(cx, &mut self.not_sensitive, meta, ());
        } else if path.is_ident("flatten") {
            // #[elicit(flatten)]
            set_once(cx, &mut self.flatten, meta, ());
        } else {
            cx.error_spanned_by(path, unknown_key(path, Place::Field));
            skip_value(meta)?;
        }
        Ok(())
    }

    /// `#[serde(rename = "…")]`, `#[serde(default)]`, `#[serde(default = "path")]`,
    /// `#[serde(skip)]`, `#[serde(flatten)]`; everything else is serde's business.
    fn parse_serde_key(&mut self, meta: &ParseNestedMeta) -> syn::Result<()> {
        if meta.path.is_ident("rename") {
            self.serde_rename = parse_serde_rename(meta)?;
        } else if meta.path.is_ident("default") {
            self.serde_default = Some(if meta.input.peek(Token![=]) {
                let lit: LitStr = meta.value()?.parse()?;
                DefaultValue::Function(lit.parse()?)
            } else {
                DefaultValue::TypeDefault(syn::spanned::Spanned::span(&meta.path))
            });
        } else if meta.path.is_ident("skip") || meta.path.is_ident("skip_deserializing") {
            self.serde_skip = true;
        } else if meta.path.is_ident("flatten") {
            self.serde_flatten = true;
        } else {
            skip_value(meta)?;
        }
        Ok(())
    }
}

/// `#[elicit(…)]` on an enum variant.
#[derive(Default)]
pub(crate) struct VariantAttrs {
    pub(crate) rename: Option<Spanned<LitStr>>,
    pub(crate) serde_rename: Option<LitStr>,
    pub(crate) title: Option<Spanned<LitStr>>,
}

impl VariantAttrs {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = Self::default();
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let result = attr.parse_nested_meta(|meta| {
                    let parsed = out.parse_key(cx, &meta);
                    recover(cx, &meta, parsed)
                });
                if let Err(error) = result {
                    cx.syn_error(error);
                }
            } else if attr.path().is_ident("serde") {
                let _ = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident("rename") {
                        out.serde_rename = parse_serde_rename(&meta)?;
                        Ok(())
                    } else {
                        skip_value(&meta)
                    }
                });
            }
        }
        out
    }

    fn parse_key(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let path = &meta.path;
        if path.is_ident("rename") {
            // #[elicit(rename = "dark-blue")]
            let lit = lit::parse_str(meta.value()?, "rename")?;
            set_once(cx, &mut self.rename, meta, lit);
        } else if path.is_ident("title") {
            // #[elicit(title = "Dark blue")]
            let lit = lit::parse_str(meta.value()?, "title")?;
            set_once(cx, &mut self.title, meta, lit);
        } else {
            cx.error_spanned_by(path, unknown_key(path, Place::Variant));
            skip_value(meta)?;
        }
        Ok(())
    }
}

/// The places an `#[elicit(…)]` attribute can go, for the message about an unknown key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Struct,
    Enum,
    Newtype,
    Field,
    Variant,
}

impl Place {
    const ALL: [Self; 5] = [
        Self::Struct,
        Self::Enum,
        Self::Newtype,
        Self::Field,
        Self::Variant,
    ];

    fn keys(self) -> &'static [&'static str] {
        match self {
            Self::Struct => &["message", "rename_all", "deny_unknown_fields", "crate"],
            Self::Enum => &[
                "message",
                "rename_all",
                "untitled",
                "legacy_enum_names",
                "field",
                "crate",
            ],
            Self::Newtype => &["crate"],
            Self::Field => &[
                "title",
                "description",
                "rename",
                "format",
                "min_length",
                "max_length",
                "pattern",
                "minimum",
                "maximum",
                "min_items",
                "max_items",
                "default",
                "skip",
                "not_sensitive",
                "flatten",
            ],
            Self::Variant => &["rename", "title"],
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Struct => "a struct",
            Self::Enum => "an enum",
            Self::Newtype => "a newtype",
            Self::Field => "a field",
            Self::Variant => "a variant",
        }
    }
}

/// The message for a key `place` does not take: where it belongs if it belongs elsewhere,
/// else the known key it is probably a typo of, else every key `place` takes.
fn unknown_key(path: &syn::Path, place: Place) -> String {
    let key = path_name(path);
    let elsewhere: Vec<&str> = Place::ALL
        .into_iter()
        .filter(|other| other.keys().contains(&key.as_str()))
        .map(Place::name)
        .collect();
    if let Some((last, rest)) = elsewhere.split_last() {
        let places = if rest.is_empty() {
            (*last).to_owned()
        } else {
            format!("{} or {last}", rest.join(", "))
        };
        return format!(
            "`elicit` attribute `{key}` belongs on {places}, not on {}",
            place.name()
        );
    }
    let here = place.keys();
    if let Some(similar) = similar_key(&key, here) {
        return format!(
            "unknown `elicit` attribute `{key}` on {}; did you mean `{similar}`?",
            place.name()
        );
    }
    let listed: Vec<String> = here.iter().map(|key| format!("`{key}`")).collect();
    format!(
        "unknown `elicit` attribute `{key}` on {}; expected one of {}",
        place.name(),
        listed.join(", ")
    )
}

/// The key `typed` is likely a misspelling of: a few edits away, or a prefix of it.
fn similar_key(typed: &str, keys: &[&'static str]) -> Option<&'static str> {
    let close_enough = typed.len().div_ceil(3);
    keys.iter()
        .map(|key| (edit_distance(typed, key), *key))
        .filter(|(distance, key)| {
            *distance <= close_enough || (typed.len() >= 3 && key.starts_with(typed))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A key whose value is malformed is reported and skipped, so the keys after it are still
/// read and their mistakes reported too.
fn recover(cx: &Ctxt, meta: &ParseNestedMeta, parsed: syn::Result<()>) -> syn::Result<()> {
    if let Err(error) = parsed {
        cx.syn_error(error);
        skip_value(meta)?;
    }
    Ok(())
}

/// `rename = "x"` or `rename(deserialize = "x", serialize = "y")`: the name a client's answer
/// uses is the one serde deserializes.
fn parse_serde_rename(meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if meta.input.peek(Token![=]) {
        return Ok(Some(meta.value()?.parse()?));
    }
    let mut deserialize = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident("deserialize") {
            deserialize = Some(inner.value()?.parse()?);
        } else {
            skip_value(&inner)?;
        }
        Ok(())
    })?;
    Ok(deserialize)
}

/// Consumes whatever follows a key we do not read, up to the next top-level comma.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    while !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_keys() {
        let field = Place::Field.keys();
        assert_eq!(similar_key("max_len", field), Some("max_length"));
        assert_eq!(similar_key("minlength", field), Some("min_length"));
        assert_eq!(similar_key("titel", field), Some("title"));
        assert_eq!(similar_key("colour", field), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
