//! Checks that span several attributes or fields: bounds against each other, literal
//! defaults against the field's own attributes (and the grammar of its `format`, or of the
//! type's, see `grammar_of`), wire names against each other, and the keys a flattened field
//! or a newtype's field cannot take.
//!
//! What depends on a field's *type* (is it a number? what is its range? can it hold a
//! secret?) is never judged here, whatever the syntax shows: the compiler judges it, through
//! trait bounds spanned on the attribute (`check`) and const evaluation of the type's facts
//! (`facts`), the same way for `u8` as for an alias of it. The one exception is a field with
//! `options`, whose builder is chosen from its type as written (`V`, `Vec<V>`, an `Option` of
//! one): what that syntax shows of it (a reference, a set, a `bool` or a float) is judged
//! here, with the compiler proving the rest (`check::offered_assertions`).

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{LitStr, Type};

use super::ast::{Data, Field, Input, Variant, has_run_time_options, is_reserved, option_inner};
use super::attr::{Attrs, Format, keys};
use super::case::RenameRule;
use super::ctxt::Ctxt;
use super::lit::DefaultValue;
use super::sensitive;

/// Every rule, in the order its errors are reported.
pub(crate) fn check(cx: &Ctxt, input: &Input) {
    wire_names_are_serdes(cx, input);
    match &input.data {
        Data::Struct(fields) => {
            wire_names_are_distinct(cx, fields);
            if input.has_builder() {
                field_names_leave_the_builder_its_own(cx, fields);
            }
            run_time_forms_flatten_nothing(cx, fields);
            for field in fields {
                if field.is_flattened() {
                    flattened_field_takes_no_keys(cx, field);
                    continue;
                }
                askable_argument_rules(cx, field);
                field_rules(cx, field);
            }
        }
        Data::Enum(variants) => {
            enum_has_one_style(cx, input);
            variants_are_read_by_serde(cx, variants);
            variant_values_are_distinct(cx, variants);
        }
        Data::Newtype(field) => field_rules(cx, field),
    }
}

/// The rules about one field's own attributes.
fn field_rules(cx: &Ctxt, field: &Field) {
    if field.has_run_time_options() {
        run_time_options_rules(cx, field);
        return;
    }
    bounds_are_ordered(cx, field);
    if field.is_skipped() {
        skipped_field_is_not_checked(cx, field);
        // A skipped field's default never reaches the schema: any expression of its type.
        return;
    }
    field_owns_its_value(cx, field);
    default_is_finite(cx, field);
    array_default_is_a_set(cx, field);
    literal_default_fits(cx, field);
}

/// A skipped field is not asked: a `check` on it would never run.
fn skipped_field_is_not_checked(cx: &Ctxt, field: &Field) {
    if let Some(entry) = field.attrs.get(&keys::CHECK) {
        let skip = skip_as_written(field);
        cx.error_spanned_by(
            &entry.path,
            format!(
                "`check` cannot be combined with {skip}: a skipped field is not asked, so there is no answer to check"
            ),
        );
    }
}

/// A field marked `ask_if_missing` is asked of the person, in form mode, when a tool call
/// leaves it out: it must be read from the call (not skipped), and it must not read as a
/// secret, whatever `not_sensitive` says of it as a form field (the model chose to leave it
/// to the person; the client and the model would see the answer).
fn askable_argument_rules(cx: &Ctxt, field: &Field) {
    let Some(entry) = field.attrs.get(&keys::ASK_IF_MISSING) else {
        return;
    };
    if field.is_skipped() {
        let skip = skip_as_written(field);
        cx.error_spanned_by(
            &entry.path,
            format!(
                "`ask_if_missing` cannot be combined with {skip}: a skipped field is never read from a call's arguments, so there is nothing to ask"
            ),
        );
    } else if let Some(kind) = sensitive::classify(&field.wire_name) {
        cx.error_spanned_by(
            &entry.path,
            format!(
                "`ask_if_missing` cannot be used on `{}`, which looks like {}: a missing argument is asked in form mode, where the client and the model see the answer; ask it through URL mode (`Dialog::ask_url_form`) in the tool instead",
                field.wire_name,
                kind.description()
            ),
        );
    }
}

/// "`skip`", or serde's key as written ("`#[serde(skip_deserializing)]`").
fn skip_as_written(field: &Field) -> String {
    if field.attrs.has(&keys::SKIP) {
        return "`skip`".to_owned();
    }
    let key = field.attrs.serde.skip.as_ref().map(ToString::to_string);
    format!("`#[serde({})]`", key.unwrap_or_default())
}

/// A form's builder (`T::form()`, where it has one) has a method per field, named after it,
/// and a few of its own: a field may not take one of those names.
fn field_names_leave_the_builder_its_own(cx: &Ctxt, fields: &[Field]) {
    for field in fields.iter().filter(|field| !field.is_skipped()) {
        if let syn::Member::Named(ident) = &field.member {
            let name = field.name();
            if is_reserved(&name) {
                cx.error_spanned_by(
                    ident,
                    format!(
                        "a form field cannot be named `{name}`: the form's builder (`form()`) has a method of that name; rename the field (`#[elicit(rename = \"{name}\")]` keeps its wire name)"
                    ),
                );
            }
        }
    }
}

/// A form with fields filled at run time is read against what was offered, field by field:
/// it cannot inline another form's fields.
fn run_time_forms_flatten_nothing(cx: &Ctxt, fields: &[Field]) {
    if !has_run_time_options(fields) {
        return;
    }
    for field in fields.iter().filter(|field| field.is_flattened()) {
        cx.error_spanned_by(
            &field.member,
            "a form with fields marked `options` cannot flatten another form; write the flattened form's fields here, or ask it separately",
        );
    }
}

/// serde's `default` (on the field or the struct) would leave a field with `options` out of
/// `required` with nothing offered to fall back on: the default of a select is one of its
/// options.
fn no_serde_default_with_options(cx: &Ctxt, field: &Field) {
    if field.attrs.get(&keys::DEFAULT).is_none() && field.default().is_some() {
        let span = match field.default() {
            Some(super::lit::DefaultValue::TypeDefault(span)) => *span,
            _ => syn::spanned::Spanned::span(&field.member),
        };
        let whose = if field.attrs.serde.default.is_some() {
            "`#[serde(default)]`"
        } else {
            "the struct's `#[serde(default)]`"
        };
        cx.error_spanned_by(
            quote::quote_spanned!(span=> default),
            format!(
                "{whose} cannot apply to a field with `options`: the default is one of the options, given with them at run time (`f.options(…).default(…)`); to let the field be left empty, make it an `Option`"
            ),
        );
    }
}

/// A field whose options are given at run time: what is decided at run time cannot also be
/// written as an attribute, and its values must be ones that can be listed.
fn run_time_options_rules(cx: &Ctxt, field: &Field) {
    let at_run_time = [
        (
            &keys::DEFAULT,
            "the default is one of the options, given with them at run time (`f.options(…).default(…)`)",
        ),
        (
            &keys::FORMAT,
            "a select's answer is one of its options, which have no format",
        ),
        (
            &keys::PATTERN,
            "a select's answer is one of its options, which no pattern constrains",
        ),
        (
            &keys::MIN_LENGTH,
            "a select's answer is one of its options, which have no length",
        ),
        (
            &keys::MAX_LENGTH,
            "a select's answer is one of its options, which have no length",
        ),
        (
            &keys::MINIMUM,
            "a select's answer is one of its options, which have no bounds",
        ),
        (
            &keys::MAXIMUM,
            "a select's answer is one of its options, which have no bounds",
        ),
    ];
    for (key, why) in at_run_time {
        if let Some(entry) = field.attrs.get(key) {
            cx.error_spanned_by(
                &entry.path,
                format!("`{}` cannot be combined with `options`: {why}", key.name),
            );
        }
    }
    no_serde_default_with_options(cx, field);
    if let Some(entry) = field.attrs.get(&keys::OPTIONS)
        && field.is_skipped()
    {
        let skip = skip_as_written(field);
        cx.error_spanned_by(
            &entry.path,
            format!(
                "`options` cannot be combined with {skip}: a skipped field is not asked, so no options are given for it"
            ),
        );
    }
    let (value, multi, _) = field.offered();
    owns_its_value(
        cx,
        value,
        value,
        "the options of a field are kept with the form and come back as its answer: they must own their data",
    );
    if let Some(set) = set_of(value) {
        cx.error_spanned_by(
            value,
            format!(
                "a field with `options` is a multi-select when its type is `Vec<…>`; write `Vec` instead of `{set}`: the answer comes back in the order the options were chosen"
            ),
        );
    }
    if multi {
        // As on a multi-select of an enum: no bounds that leave no answer.
        bounds_are_ordered(cx, field);
    } else {
        for key in [&keys::MIN_ITEMS, &keys::MAX_ITEMS] {
            if let Some(entry) = field.attrs.get(key) {
                cx.error_spanned_by(
                    &entry.path,
                    format!(
                        "`{}` applies only to a multi-select; a field with `options` is one when its type is `Vec<…>`",
                        key.name
                    ),
                );
            }
        }
    }
    if let Some(entry) = field.attrs.get(&keys::OPTIONS) {
        let what = match value {
            Type::Path(path) if path.path.is_ident("bool") => Some((
                "a `bool`",
                "its two values are fixed; drop `options` and ask it as a plain boolean",
            )),
            Type::Path(path) if path.path.is_ident("f32") || path.path.is_ident("f64") => Some((
                "a float",
                "a float has no exact text to send as an option; offer integers, strings, dates or values of your own",
            )),
            _ => None,
        };
        if let Some((kind, why)) = what {
            cx.error_spanned_by(
                &entry.path,
                format!("`options` does not apply to {kind}: {why}"),
            );
        }
    }
}

/// A parsed answer is built from the client's JSON, which the form cannot borrow from: a
/// reference field is refused with the owned type to write instead (`&str` → `String`).
pub(crate) fn field_owns_its_value(cx: &Ctxt, field: &Field) {
    owns_its_value(
        cx,
        option_inner(field.ty).unwrap_or(field.ty),
        field.ty,
        "a form field cannot borrow: `from_content` builds the value from the client's answer",
    );
}

/// A reference type `ty` is refused, saying `why`, with the owned type to write instead; the
/// error is spanned on `spanned` (the type as written, around `ty`).
fn owns_its_value(cx: &Ctxt, ty: &Type, spanned: &Type, why: &str) {
    let Type::Reference(reference) = ty else {
        return;
    };
    let elem = reference
        .elem
        .to_token_stream()
        .to_string()
        .replace(' ', "");
    let owned = match elem.as_str() {
        "str" => "`String`".to_owned(),
        "[u8]" => "an owned type".to_owned(),
        other => format!("`{other}`"),
    };
    cx.error_spanned_by(
        spanned,
        format!("{why}, so write {owned} instead of `&{elem}`"),
    );
}

/// `BTreeSet` or `HashSet`, when the type is one (by its last path segment).
fn set_of(ty: &Type) -> Option<String> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    ["BTreeSet", "HashSet"]
        .contains(&last.ident.to_string().as_str())
        .then(|| last.ident.to_string())
}

/// Two properties of one form cannot share a wire name. Those a flattened field brings are
/// known only to the compiler: the expansion proves them distinct with const assertions.
fn wire_names_are_distinct(cx: &Ctxt, fields: &[Field]) {
    let mut seen: BTreeMap<&str, &Field> = BTreeMap::new();
    let properties = fields
        .iter()
        .filter(|field| !field.is_skipped() && !field.is_flattened());
    for field in properties {
        if let Some(first) = seen.insert(&field.wire_name, field) {
            let message = format!(
                "fields `{}` and `{}` have the same wire name \"{}\"; give one a different `rename`",
                first.name(),
                field.name(),
                field.wire_name
            );
            match field.attrs.str(&keys::RENAME) {
                Some(rename) => cx.error_spanned_by(rename, message),
                None => cx.error_spanned_by(&field.member, message),
            }
        }
    }
}

/// A field or variant whose wire name the two derives decide, as the rules below see it.
struct Named<'a> {
    /// "field" or "variant".
    what: &'static str,
    /// Its name as written.
    name: String,
    /// The name this derive gives it.
    wire_name: &'a str,
    attrs: &'a Attrs,
    /// `rule.apply_to_field` or `…_variant`.
    apply: fn(RenameRule, &str) -> String,
}

/// A type that a serde derive reads too (it carries a `#[serde(…)]` attribute) has one wire
/// name per field and variant: serde's (its `rename`, else its `rename_all` applied, or any
/// `alias`) must be the one this derive gives. Where they differ, the error is on the
/// attribute written later that makes them differ: the field's or variant's `rename`, else
/// the type's `rename_all`.
fn wire_names_are_serdes(cx: &Ctxt, input: &Input) {
    let named: Vec<Named> = match &input.data {
        Data::Struct(fields) => fields
            .iter()
            .filter(|field| !field.is_skipped() && !field.is_flattened())
            .map(|field| Named {
                what: "field",
                name: field.name(),
                wire_name: &field.wire_name,
                attrs: &field.attrs,
                apply: RenameRule::apply_to_field,
            })
            .collect(),
        Data::Enum(variants) => variants
            .iter()
            .map(|variant| Named {
                what: "variant",
                name: variant.name(),
                wire_name: &variant.value,
                attrs: &variant.attrs,
                apply: RenameRule::apply_to_variant,
            })
            .collect(),
        Data::Newtype(_) => return,
    };
    let serde_reads = input.attrs.serde.present || named.iter().any(|n| n.attrs.serde.present);
    if serde_reads {
        rules_are_serdes(cx, &input.attrs, &named);
        for n in &named {
            rename_is_serdes(cx, n, input.attrs.serde.rename_all.as_ref());
        }
    }
}

/// The type's `rename_all` against serde's (its absence is serde's identity).
fn rules_are_serdes(cx: &Ctxt, attrs: &Attrs, named: &[Named]) {
    let serde_rule = attrs.serde.rename_all.as_ref();
    let Some(rule) = attrs
        .rule()
        .filter(|rule| serde_rule.is_none_or(|(serde, _)| serde != rule))
    else {
        return;
    };
    let Some(path) = attrs.path(&keys::RENAME_ALL) else {
        return;
    };
    if let Some((_, lit)) = serde_rule {
        cx.error_spanned_by(
            path,
            format!(
                "`rename_all` disagrees with `#[serde(rename_all = \"{}\")]`; serde reads the answer by one set of wire names: keep one of the two",
                lit.value()
            ),
        );
        return;
    }
    // Only if it renames something serde reads by its own name.
    let renamed = named.iter().find(|n| {
        n.attrs.str(&keys::RENAME).is_none()
            && n.attrs.serde.rename.is_none()
            && (n.apply)(rule, &n.name) != n.name
    });
    if let Some(n) = renamed {
        cx.error_spanned_by(
            path,
            format!(
                "`rename_all` gives wire names serde does not read: serde reads the {} `{}` as \"{}\", not \"{}\"; serde reads the answer by one set of wire names: give serde the same rule (`#[serde(rename_all = \"{}\")]`) or drop `rename_all`",
                n.what,
                n.name,
                n.name,
                (n.apply)(rule, &n.name),
                rule.name()
            ),
        );
    }
}

/// A field's or variant's `rename` against the name serde reads it by. (A name that came from
/// the type's rules is `rules_are_serdes`'s concern.)
fn rename_is_serdes(cx: &Ctxt, n: &Named, serde_rule: Option<&(RenameRule, LitStr)>) {
    let Some(rename) = n.attrs.str(&keys::RENAME) else {
        return;
    };
    let serde_name = match (&n.attrs.serde.rename, serde_rule) {
        (Some(serde), _) => serde.value(),
        (None, Some((rule, _))) => (n.apply)(*rule, &n.name),
        (None, None) => n.name.clone(),
    };
    let serde_reads_it = serde_name == n.wire_name
        || n.attrs
            .serde
            .aliases
            .iter()
            .any(|alias| alias == n.wire_name);
    if serde_reads_it {
        return;
    }
    let message = match (&n.attrs.serde.rename, serde_rule) {
        (Some(serde), _) => format!(
            "`rename = \"{}\"` disagrees with `#[serde(rename = \"{}\")]`; serde reads the answer by one wire name: keep one of the two",
            rename.value(),
            serde.value()
        ),
        (None, rule) => format!(
            "`rename = \"{}\"` disagrees with serde, which reads this {} as \"{serde_name}\"{}; serde reads the answer by one wire name: give serde the same name (`#[serde(rename = \"{}\")]`) or drop `rename`",
            rename.value(),
            n.what,
            rule.map_or_else(String::new, |(_, lit)| format!(
                " (`#[serde(rename_all = \"{}\")]`)",
                lit.value()
            )),
            rename.value()
        ),
    };
    cx.error_spanned_by(rename, message);
}

/// A flattened field is no property: its form's own fields carry the attributes.
fn flattened_field_takes_no_keys(cx: &Ctxt, field: &Field) {
    let written = field.attrs.entries().iter();
    for entry in written.filter(|entry| entry.key != &keys::FLATTEN) {
        cx.error_spanned_by(
            &entry.path,
            format!(
                "`{}` cannot be combined with `flatten`; a flattened field has no property of its own, the fields of its form do",
                entry.key.name
            ),
        );
    }
}

/// A lower bound above its upper bound leaves no answer, and so does `max_items = 0` but the
/// empty selection: a question with one answer.
fn bounds_are_ordered(cx: &Ctxt, field: &Field) {
    let attrs = &field.attrs;
    if let Some(max) = attrs.count(&keys::MAX_ITEMS).filter(|max| max.value == 0) {
        cx.error_spanned_by(
            &max.tokens,
            "`max_items` is 0, so the only answer is no option at all: a multi-select must let at least one option be chosen; drop the field, or allow 1 or more",
        );
    }
    for (low, high) in [
        (&keys::MIN_LENGTH, &keys::MAX_LENGTH),
        (&keys::MIN_ITEMS, &keys::MAX_ITEMS),
    ] {
        if let (Some(min), Some(max)) = (attrs.count(low), attrs.count(high))
            && min.value > max.value
        {
            cx.error_spanned_by(
                &min.tokens,
                format!(
                    "`{}` ({}) is greater than `{}` ({})",
                    low.name, min.value, high.name, max.value
                ),
            );
        }
    }
    if let (Some(min), Some(max)) = (attrs.number(&keys::MINIMUM), attrs.number(&keys::MAXIMUM))
        && min.value.greater_than(max.value)
    {
        cx.error_spanned_by(
            &min.tokens,
            format!(
                "`minimum` ({}) is greater than `maximum` ({})",
                min.value, max.value
            ),
        );
    }
}

/// `f64::NAN` and the infinities are no JSON number: a schema cannot carry them and the
/// parser could never produce them.
fn default_is_finite(cx: &Ctxt, field: &Field) {
    let Some(DefaultValue::Expr(tokens)) = field.default() else {
        return;
    };
    let text = tokens.to_string().replace(' ', "");
    let non_finite = ["NAN", "INFINITY", "NEG_INFINITY"]
        .iter()
        .any(|name| text.ends_with(&format!("::{name}")));
    if non_finite {
        cx.error_spanned_by(
            tokens,
            "`default` must be a finite number; JSON has no NaN or infinity, so no client could send it back",
        );
    }
}

/// An array default of a multi-select names each option once, and as many as the field's
/// item counts allow.
fn array_default_is_a_set(cx: &Ctxt, field: &Field) {
    let Some(DefaultValue::Array(tokens)) = field.default() else {
        return;
    };
    let elements = array_elements(tokens);
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for element in &elements {
        // A variant written as a path (`Topping::Cheese`, `Cheese`): its last segment names
        // it. Anything else is for the first schema build to judge.
        let Some(variant) = path_last_segment(element) else {
            continue;
        };
        if !seen.insert(variant.clone()) {
            cx.error_spanned_by(
                element,
                format!(
                    "`default` names `{variant}` twice; a multi-select's default is a set of distinct options"
                ),
            );
        }
    }
    let len = elements.len() as u64;
    if let Some(min) = field
        .attrs
        .count(&keys::MIN_ITEMS)
        .filter(|min| len < min.value)
    {
        cx.error_spanned_by(
            tokens,
            format!(
                "`default` has {len} options, fewer than `min_items` ({})",
                min.value
            ),
        );
    }
    if let Some(max) = field
        .attrs
        .count(&keys::MAX_ITEMS)
        .filter(|max| len > max.value)
    {
        cx.error_spanned_by(
            tokens,
            format!(
                "`default` has {len} options, more than `max_items` ({})",
                max.value
            ),
        );
    }
}

/// The elements of an array expression `[a, b]`, split at its top-level commas.
fn array_elements(tokens: &TokenStream) -> Vec<TokenStream> {
    let mut trees = tokens.clone().into_iter();
    let (Some(TokenTree::Group(group)), None) = (trees.next(), trees.next()) else {
        return Vec::new();
    };
    if group.delimiter() != Delimiter::Bracket {
        return Vec::new();
    }
    let mut elements = vec![TokenStream::new()];
    for tree in group.stream() {
        match &tree {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                elements.push(TokenStream::new());
            }
            _ => {
                if let Some(last) = elements.last_mut() {
                    last.extend([tree]);
                }
            }
        }
    }
    elements.retain(|element| !element.is_empty());
    elements
}

/// The last segment of an expression that is only a path (`a::b::C` → `C`).
fn path_last_segment(tokens: &TokenStream) -> Option<String> {
    let mut last = None;
    for tree in tokens.clone() {
        match tree {
            TokenTree::Ident(ident) => last = Some(ident.to_string()),
            TokenTree::Punct(punct) if punct.as_char() == ':' => {}
            _ => return None,
        }
    }
    last
}

fn enum_has_one_style(cx: &Ctxt, input: &Input) {
    if input.attrs.has(&keys::UNTITLED)
        && let Some(legacy) = input.attrs.path(&keys::LEGACY_ENUM_NAMES)
    {
        cx.error_spanned_by(
            legacy,
            "`legacy_enum_names` and `untitled` cannot both be set; an enum has one style",
        );
    }
}

/// A choice offers every variant, and serde reads every one it is given: a variant serde
/// skips could be neither read back by serde nor left out of the options (a value holding it
/// would then have no answer to write).
fn variants_are_read_by_serde(cx: &Ctxt, variants: &[Variant]) {
    for variant in variants {
        if let Some(skip) = &variant.attrs.serde.skip {
            let key = skip.to_string();
            cx.error_spanned_by(
                skip,
                format!(
                    "variant `{}` is `#[serde({key})]`, but a choice offers every variant of its enum: serde could not read it back as an answer; remove `{key}`, or the variant from the enum",
                    variant.ident
                ),
            );
        }
    }
}

fn variant_values_are_distinct(cx: &Ctxt, variants: &[Variant]) {
    let mut seen: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in variants {
        if let Some(first) = seen.insert(&variant.value, variant) {
            let message = format!(
                "variants `{}` and `{}` have the same value \"{}\"; give one a different `rename`",
                first.ident, variant.ident, variant.value
            );
            match variant.attrs.str(&keys::RENAME) {
                Some(rename) => cx.error_spanned_by(rename, message),
                None => cx.error_spanned_by(variant.ident, message),
            }
        }
    }
}

/// The error for a field whose name reads as a secret, if it does and is not marked
/// `not_sensitive`, whatever its type.
pub(crate) fn sensitive_name(field: &Field) -> Option<String> {
    if field.attrs.has(&keys::NOT_SENSITIVE) || field.is_skipped() || field.is_flattened() {
        return None;
    }
    let kind = sensitive::classify(&field.wire_name)?;
    Some(format!(
        "field `{}` looks like {}; MCP servers must not request sensitive information in form mode: use URL mode (`ElicitRequest::url`) instead or, if it holds nothing sensitive, add `#[elicit(not_sensitive)]`",
        field.wire_name,
        kind.description()
    ))
}

/// The name as written: the rename that made it, else the field.
pub(crate) fn sensitive_name_span(field: &Field) -> TokenStream {
    match (field.attrs.str(&keys::RENAME), &field.attrs.serde.rename) {
        (Some(rename), _) | (None, Some(rename)) => rename.to_token_stream(),
        (None, None) => field.member.to_token_stream(),
    }
}

/// A field type whose values are strings of a grammar the compile-time facts cannot hold,
/// seen through one `Option`: const evaluation cannot run a date, URI or e-mail grammar or
/// parse an IP address, so a string literal default of such a type is checked here, by the
/// type's last path segment, with the grammar its parser applies. Nothing else about a type
/// is judged by its name: its kind and range are its facts' (`facts`).
#[derive(Clone, Copy, PartialEq)]
enum Grammar {
    /// chrono's and time's dates and date-times, url's `Url`: a string of one `format`.
    Format(Format),
    /// `IpAddr`, `Ipv4Addr` or `Ipv6Addr`, read with the standard library's parser.
    Ip(Ip),
}

#[derive(Clone, Copy, PartialEq)]
enum Ip {
    Any,
    V4,
    V6,
}

impl Ip {
    fn parses(self, text: &str) -> bool {
        match self {
            Self::Any => text.parse::<std::net::IpAddr>().is_ok(),
            Self::V4 => text.parse::<std::net::Ipv4Addr>().is_ok(),
            Self::V6 => text.parse::<std::net::Ipv6Addr>().is_ok(),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Any => "IP address",
            Self::V4 => "IPv4 address",
            Self::V6 => "IPv6 address",
        }
    }
}

fn grammar_of(ty: &Type) -> Option<Grammar> {
    let ty = option_inner(ty).unwrap_or(ty);
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let segment = path.path.segments.last()?;
    // Matched by name alone: a type of the user's own with one of these names gets the same
    // compile-time check of a string default, which its parser would apply at run time.
    match segment.ident.to_string().as_str() {
        "NaiveDate" | "Date" => Some(Grammar::Format(Format::Date)),
        "DateTime" | "OffsetDateTime" => Some(Grammar::Format(Format::DateTime)),
        "Url" => Some(Grammar::Format(Format::Uri)),
        "IpAddr" => Some(Grammar::Ip(Ip::Any)),
        "Ipv4Addr" => Some(Grammar::Ip(Ip::V4)),
        "Ipv6Addr" => Some(Grammar::Ip(Ip::V6)),
        _ => None,
    }
}

/// A literal default meets the field's own attributes (its bounds, lengths, `pattern` and
/// `format`) and, for a type of a grammar the facts cannot hold, that grammar. Whether it is
/// of the field's kind and within the type's range is the facts' to judge (`facts`).
fn literal_default_fits(cx: &Ctxt, field: &Field) {
    let Some(default) = field.default() else {
        return;
    };
    let tokens = default.tokens();
    match default {
        DefaultValue::Str(lit) => string_default_fits(cx, field, lit, &tokens),
        DefaultValue::Number(number) => number_default_fits(cx, field, number, &tokens),
        _ => {}
    }
}

fn string_default_fits(cx: &Ctxt, field: &Field, lit: &syn::LitStr, tokens: &TokenStream) {
    let grammar = grammar_of(field.ty);
    let attrs = &field.attrs;
    let text = lit.value();
    let length = text.chars().count() as u64;
    if let Some(min) = attrs
        .count(&keys::MIN_LENGTH)
        .filter(|min| length < min.value)
    {
        cx.error_spanned_by(
            tokens,
            format!(
                "`default` is {length} characters long, shorter than `min_length` ({})",
                min.value
            ),
        );
    }
    if let Some(max) = attrs
        .count(&keys::MAX_LENGTH)
        .filter(|max| length > max.value)
    {
        cx.error_spanned_by(
            tokens,
            format!(
                "`default` is {length} characters long, longer than `max_length` ({})",
                max.value
            ),
        );
    }
    if let Some(pattern) = attrs.str(&keys::PATTERN)
        && let Ok(regex) = elicit_grammar::pattern::compile(&pattern.value())
        && !regex.is_match(&text)
    {
        cx.error_spanned_by(
            tokens,
            format!("`default` does not match `pattern` \"{}\"", pattern.value()),
        );
    }
    // The field's `format`, else the one its type implies.
    let format = attrs.format().or(match grammar {
        Some(Grammar::Format(format)) => Some(format),
        _ => None,
    });
    if let Some(format) = format
        && !format.is_valid(&text)
    {
        cx.error_spanned_by(
            tokens,
            format!("`default` is not a valid {}", format.describe()),
        );
    }
    if let Some(Grammar::Ip(ip)) = grammar
        && !ip.parses(&text)
    {
        cx.error_spanned_by(
            tokens,
            format!("`default` is not a valid {}", ip.describe()),
        );
    }
}

fn number_default_fits(
    cx: &Ctxt,
    field: &Field,
    number: &super::lit::NumberLit,
    tokens: &TokenStream,
) {
    let attrs = &field.attrs;
    let value = number.value;
    if let Some(min) = attrs
        .number(&keys::MINIMUM)
        .filter(|min| min.value.greater_than(value))
    {
        cx.error_spanned_by(
            tokens,
            format!("`default` {value} is below `minimum` ({})", min.value),
        );
    }
    if let Some(max) = attrs
        .number(&keys::MAXIMUM)
        .filter(|max| value.greater_than(max.value))
    {
        cx.error_spanned_by(
            tokens,
            format!("`default` {value} is above `maximum` ({})", max.value),
        );
    }
}
