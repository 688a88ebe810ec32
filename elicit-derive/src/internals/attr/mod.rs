//! Parsing `#[elicit(…)]` (and the `#[serde(…)]` keys that decide wire names and defaults)
//! into the attributes of one place. The keys themselves, where each may go and what it
//! takes, are the table in `keys`; this module only reads values of the shapes it names.

pub(crate) mod keys;
mod suggest;

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, LitStr, Token};

pub(crate) use self::keys::{Key, Kind, Place, Takes};
use crate::internals::case::{RULE_NAMES, RenameRule};
use crate::internals::ctxt::Ctxt;
use crate::internals::lit::{self, DefaultValue, NumberLit};

/// The string `format`s a field may declare: the runtime's `StringFormat` itself, with its
/// names, descriptions and grammars, from `elicit-grammar`.
pub(crate) use elicit_grammar::format::Format;

/// The formats' wire names, quoted, in the grammar's order: `"email", "uri", "date" or "date-time"`.
fn format_names() -> String {
    let quoted: Vec<String> = Format::NAMES
        .iter()
        .map(|name| format!("{name:?}"))
        .collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// A non-negative integer written in an attribute, with its tokens for error spans.
pub(crate) struct Count {
    pub(crate) value: u64,
    pub(crate) tokens: TokenStream,
}

/// A key's value, of the shape its row's `Takes` names.
pub(crate) enum Value {
    Flag,
    Str(LitStr),
    Format(Format, LitStr),
    Count(Count),
    Number(NumberLit),
    Rule(RenameRule),
    Path(syn::Path),
    Default(DefaultValue),
    Function(syn::Path),
}

/// One key as written: the key's row, the path as the user wrote it (errors about the key
/// point there) and its value.
pub(crate) struct Entry {
    pub(crate) key: &'static Key,
    /// The key as written (its path's tokens), for errors about it.
    pub(crate) path: TokenStream,
    pub(crate) value: Value,
}

/// What `#[serde(…)]` says about wire names and defaults.
// One flag per key it reads, and whether there is any.
#[allow(clippy::struct_excessive_bools)]
#[derive(Default)]
pub(crate) struct Serde {
    /// Whether any `#[serde(…)]` attribute is written here: a serde derive reads the type.
    pub(crate) present: bool,
    /// `rename = "…"`, or the `deserialize` name of `rename(…)`.
    pub(crate) rename: Option<LitStr>,
    /// `alias = "…"`, each: other names serde reads the field or variant by.
    pub(crate) aliases: Vec<String>,
    /// `rename_all = "…"`, or the `deserialize` rule of `rename_all(…)`.
    pub(crate) rename_all: Option<(RenameRule, LitStr)>,
    /// On a field: `default` or `default = "path"`; on a struct, the same for every field.
    pub(crate) default: Option<DefaultValue>,
    /// `skip` or `skip_deserializing`, as written: serde does not read it.
    pub(crate) skip: Option<TokenStream>,
    pub(crate) flatten: bool,
    pub(crate) deny_unknown_fields: bool,
}

/// The attributes of one place: every `#[elicit(…)]` key written there, and serde's.
pub(crate) struct Attrs {
    pub(crate) place: Place,
    entries: Vec<Entry>,
    pub(crate) serde: Serde,
}

impl Attrs {
    /// Reads every `#[elicit(…)]` and `#[serde(…)]` attribute of a place, recording each
    /// mistake in `cx` and reading on past it.
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Self {
        let mut out = Self {
            place,
            entries: Vec::new(),
            serde: Serde::default(),
        };
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let result = attr.parse_nested_meta(|meta| {
                    let parsed = out.parse_key(cx, &meta);
                    if let Err(error) = parsed {
                        // A malformed value is reported and skipped, so the keys after it
                        // are still read and their mistakes reported too.
                        cx.syn_error(error);
                        skip_value(&meta)?;
                    }
                    Ok(())
                });
                if let Err(error) = result {
                    cx.syn_error(error);
                }
            } else if attr.path().is_ident("serde") {
                out.serde.present = true;
                // serde reports its own mistakes; we only read what decides the form.
                let _ = attr.parse_nested_meta(|meta| out.serde.parse_key(&meta));
            }
        }
        out
    }

    fn parse_key(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let name = path_name(&meta.path);
        let Some(key) = keys::find(&name).filter(|key| key.allowed_on(self.place)) else {
            cx.error_spanned_by(&meta.path, suggest::unknown_key(&name, self.place));
            return skip_value(meta);
        };
        let value = parse_value(cx, key, meta)?;
        if self.get(key).is_some() {
            cx.error_spanned_by(
                &meta.path,
                format!("duplicate `elicit` attribute `{}`", key.name),
            );
        } else if let Some(value) = value {
            self.entries.push(Entry {
                key,
                path: meta.path.to_token_stream(),
                value,
            });
        }
        Ok(())
    }

    /// Every key written, in the order written.
    pub(crate) fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub(crate) fn get(&self, key: &Key) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.key == key)
    }

    pub(crate) fn has(&self, key: &Key) -> bool {
        self.get(key).is_some()
    }

    /// The path a flag or any key was written with, for errors about it.
    pub(crate) fn path(&self, key: &Key) -> Option<&TokenStream> {
        self.get(key).map(|entry| &entry.path)
    }

    pub(crate) fn str(&self, key: &Key) -> Option<&LitStr> {
        match self.get(key)?.value {
            Value::Str(ref lit) | Value::Format(_, ref lit) => Some(lit),
            _ => None,
        }
    }

    pub(crate) fn count(&self, key: &Key) -> Option<&Count> {
        match self.get(key)?.value {
            Value::Count(ref count) => Some(count),
            _ => None,
        }
    }

    pub(crate) fn number(&self, key: &Key) -> Option<&NumberLit> {
        match self.get(key)?.value {
            Value::Number(ref number) => Some(number),
            _ => None,
        }
    }

    pub(crate) fn format(&self) -> Option<Format> {
        match self.get(&keys::FORMAT)?.value {
            Value::Format(format, _) => Some(format),
            _ => None,
        }
    }

    pub(crate) fn rule(&self) -> Option<RenameRule> {
        match self.get(&keys::RENAME_ALL)?.value {
            Value::Rule(rule) => Some(rule),
            _ => None,
        }
    }

    /// The function of `check = …`.
    pub(crate) fn check(&self) -> Option<&syn::Path> {
        match self.get(&keys::CHECK)?.value {
            Value::Function(ref path) => Some(path),
            _ => None,
        }
    }

    pub(crate) fn krate(&self) -> Option<&syn::Path> {
        match self.get(&keys::CRATE)?.value {
            Value::Path(ref path) => Some(path),
            _ => None,
        }
    }

    /// `#[elicit(default…)]`, else `#[serde(default…)]`.
    pub(crate) fn default(&self) -> Option<&DefaultValue> {
        match self.get(&keys::DEFAULT).map(|entry| &entry.value) {
            Some(Value::Default(default)) => Some(default),
            _ => self.serde.default.as_ref(),
        }
    }

    /// `skip`, or serde's `skip` / `skip_deserializing`.
    pub(crate) fn skipped(&self) -> bool {
        self.has(&keys::SKIP) || self.serde.skip.is_some()
    }

    /// `flatten`, or serde's.
    pub(crate) fn flattened(&self) -> bool {
        self.has(&keys::FLATTEN) || self.serde.flatten
    }
}

/// The value after `key`, of the shape its row names; `None` when it was refused (and the
/// error recorded).
fn parse_value(cx: &Ctxt, key: &Key, meta: &ParseNestedMeta) -> syn::Result<Option<Value>> {
    let name = key.name;
    Ok(Some(match key.takes {
        // #[elicit(skip)]
        Takes::Flag => return flag(cx, key, meta),
        Takes::Default => Value::Default(if meta.input.peek(Token![=]) {
            lit::parse_default(meta.value()?)?
        } else {
            DefaultValue::TypeDefault(syn::spanned::Spanned::span(&meta.path))
        }),
        Takes::Str => Value::Str(lit::parse_str(meta.value()?, name)?),
        Takes::Name => {
            let lit = lit::parse_str(meta.value()?, name)?;
            if lit.value().is_empty() {
                cx.error_spanned_by(
                    &lit,
                    format!("`{name}` cannot be empty; a wire name needs at least one character"),
                );
                return Ok(None);
            }
            Value::Str(lit)
        }
        Takes::Pattern => {
            let lit = lit::parse_str(meta.value()?, name)?;
            if let Err(error) = elicit_grammar::pattern::compile(&lit.value()) {
                cx.error_spanned_by(&lit, format!("invalid `pattern`: {error}"));
                return Ok(None);
            }
            Value::Str(lit)
        }
        Takes::Format => {
            let lit = lit::parse_str(meta.value()?, name)?;
            let Some(format) = Format::parse(&lit.value()) else {
                cx.error_spanned_by(
                    &lit,
                    format!("unknown `format`; MCP allows {}", format_names()),
                );
                return Ok(None);
            };
            Value::Format(format, lit)
        }
        Takes::Count => {
            let (value, tokens) = lit::parse_count(meta.value()?, name)?;
            Value::Count(Count { value, tokens })
        }
        Takes::Number => Value::Number(lit::parse_number(meta.value()?, name)?),
        Takes::Rule => {
            let lit = lit::parse_str(meta.value()?, name)?;
            let Some(rule) = RenameRule::parse(&lit) else {
                cx.error_spanned_by(
                    &lit,
                    format!("unknown `{name}` casing; expected {RULE_NAMES}"),
                );
                return Ok(None);
            };
            Value::Rule(rule)
        }
        // #[elicit(check = path::to::function)]
        Takes::Function => return function(cx, key, meta),
        Takes::Path => {
            let lit = lit::parse_str(meta.value()?, name)?;
            let Ok(path) = lit.parse::<syn::Path>() else {
                cx.error_spanned_by(
                    &lit,
                    format!("`{name}` must be a path, like \"::elicit_core\""),
                );
                return Ok(None);
            };
            Value::Path(path)
        }
    }))
}

/// A flag: nothing after it. A value would otherwise end the attribute at a bare "expected
/// `,`", hiding the keys after it.
fn flag(cx: &Ctxt, key: &Key, meta: &ParseNestedMeta) -> syn::Result<Option<Value>> {
    if meta.input.is_empty() || meta.input.peek(Token![,]) {
        return Ok(Some(Value::Flag));
    }
    let name = key.name;
    let why = if key == &keys::OPTIONS {
        ": the options are given when the form is asked, with the field's method on the form's builder (`.field(|f| f.options(…))`)"
    } else {
        ""
    };
    cx.error_spanned_by(
        &meta.path,
        format!("`{name}` takes no value; write `{name}` alone{why}"),
    );
    skip_value(meta)?;
    Ok(None)
}

/// A path to a function, unquoted (serde's `with = "…"` takes a string; this does not).
fn function(cx: &Ctxt, key: &Key, meta: &ParseNestedMeta) -> syn::Result<Option<Value>> {
    let name = key.name;
    if !meta.input.peek(Token![=]) {
        cx.error_spanned_by(
            &meta.path,
            format!(
                "`{name}` takes a path to a function: `{name} = path::to::function`, called with the field's value and the whole form"
            ),
        );
        skip_value(meta)?;
        return Ok(None);
    }
    let value = meta.value()?;
    if value.peek(Token![|]) || value.peek(Token![||]) || value.peek(Token![move]) {
        let closure = closure_tokens(value)?;
        cx.error_spanned_by(
            &closure,
            format!(
                "`{name}` takes a path to a function, not a closure: `{name} = path::to::function`; to check with a closure, give it at run time on the form's builder: `.field_name(|f| f.{name}(closure))`"
            ),
        );
        return Ok(None);
    }
    if value.peek(syn::LitStr) {
        let lit: LitStr = value.parse()?;
        cx.error_spanned_by(
            &lit,
            format!(
                "`{name}` takes a path to a function, unquoted: `{name} = {}`",
                lit.value()
            ),
        );
        return Ok(None);
    }
    Ok(Some(Value::Function(value.parse()?)))
}

impl Serde {
    fn parse_key(&mut self, meta: &ParseNestedMeta) -> syn::Result<()> {
        let path = &meta.path;
        if path.is_ident("rename") {
            self.rename = deserialize_name(meta)?;
        } else if path.is_ident("alias") {
            let alias: LitStr = meta.value()?.parse()?;
            self.aliases.push(alias.value());
        } else if path.is_ident("rename_all") {
            self.rename_all = deserialize_name(meta)?
                .and_then(|lit| RenameRule::parse(&lit).map(|rule| (rule, lit)));
        } else if path.is_ident("default") {
            self.default = Some(if meta.input.peek(Token![=]) {
                let lit: LitStr = meta.value()?.parse()?;
                DefaultValue::Function(lit.parse::<syn::ExprPath>()?.to_token_stream())
            } else {
                DefaultValue::TypeDefault(syn::spanned::Spanned::span(path))
            });
        } else if path.is_ident("skip") || path.is_ident("skip_deserializing") {
            self.skip = Some(path.to_token_stream());
        } else if path.is_ident("flatten") {
            self.flatten = true;
        } else if path.is_ident("deny_unknown_fields") {
            self.deny_unknown_fields = true;
        } else {
            skip_value(meta)?;
        }
        Ok(())
    }
}

/// `key = "x"` or `key(deserialize = "x", serialize = "y")`: the name a client's answer
/// uses is the one serde deserializes.
fn deserialize_name(meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
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

fn path_name(path: &syn::Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

/// Consumes whatever follows a key we do not read, up to the next top-level comma.
/// A closure's tokens, up to the comma after it: `move`, its parameters between `|`s (whose
/// commas are its own), and its body (an expression: its commas are inside groups).
fn closure_tokens(input: syn::parse::ParseStream<'_>) -> syn::Result<proc_macro2::TokenStream> {
    let mut tokens = proc_macro2::TokenStream::new();
    if input.peek(Token![move]) {
        tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
    }
    if input.peek(Token![||]) {
        input.parse::<Token![||]>()?.to_tokens(&mut tokens);
    } else {
        input.parse::<Token![|]>()?.to_tokens(&mut tokens);
        while !input.is_empty() && !input.peek(Token![|]) {
            tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
        }
        if !input.is_empty() {
            input.parse::<Token![|]>()?.to_tokens(&mut tokens);
        }
    }
    while !input.is_empty() && !input.peek(Token![,]) {
        tokens.extend([input.parse::<proc_macro2::TokenTree>()?]);
    }
    Ok(tokens)
}

fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    while !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        meta.input.parse::<proc_macro2::TokenTree>()?;
    }
    Ok(())
}
