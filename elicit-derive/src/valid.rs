//! Checks that span several attributes or fields: bounds against each other, literal
//! defaults against the field's own constraints (and format, where the type or `format`
//! says it), wire names against each other, and the keys a flattened field or a newtype's
//! field cannot take.
//!
//! What depends on a field's *type* beyond what the syntax shows (is `Percent` a number?)
//! is checked by the compiler instead, through trait bounds the expansion spans on the
//! attribute; here we only judge the types we can read off the syntax.

use std::collections::BTreeMap;

use syn::Type;

use crate::ast::{Data, Field, Input, Variant, option_inner};
use crate::attr::{FieldAttrs, Format};
use crate::ctxt::Ctxt;
use crate::format;
use crate::lit::{DefaultValue, Number};
use crate::sensitive;

pub(crate) fn check(cx: &Ctxt, input: &Input) {
    match &input.data {
        Data::Struct(fields) => {
            check_wire_names(cx, fields);
            for field in fields {
                if field.is_flattened() {
                    check_flattened(cx, field);
                    continue;
                }
                check_field(cx, field);
                if !field.is_skipped() {
                    check_sensitive(cx, field);
                }
            }
        }
        Data::Enum(variants) => {
            check_enum(cx, input, variants);
        }
        Data::Newtype(field) => {
            check_newtype_field(cx, field);
            check_field(cx, field);
        }
    }
}

/// Two properties of one form cannot share a wire name. Those a flattened field brings are
/// known only to the compiler: the expansion proves them distinct with const assertions.
fn check_wire_names(cx: &Ctxt, fields: &[Field]) {
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
            match &field.attrs.rename {
                Some(rename) => cx.error_spanned_by(&rename.value, message),
                None => cx.error_spanned_by(&field.member, message),
            }
        }
    }
}

/// Every `#[elicit(…)]` key written on a field but `flatten`, as written.
fn written_keys(attrs: &FieldAttrs) -> Vec<&syn::Path> {
    let keys = [
        attrs.title.as_ref().map(|s| &s.key),
        attrs.description.as_ref().map(|s| &s.key),
        attrs.rename.as_ref().map(|s| &s.key),
        attrs.format.as_ref().map(|s| &s.key),
        attrs.min_length.as_ref().map(|s| &s.key),
        attrs.max_length.as_ref().map(|s| &s.key),
        attrs.pattern.as_ref().map(|s| &s.key),
        attrs.minimum.as_ref().map(|s| &s.key),
        attrs.maximum.as_ref().map(|s| &s.key),
        attrs.min_items.as_ref().map(|s| &s.key),
        attrs.max_items.as_ref().map(|s| &s.key),
        attrs.default.as_ref().map(|s| &s.key),
        attrs.skip.as_ref().map(|s| &s.key),
        attrs.not_sensitive.as_ref().map(|s| &s.key),
    ];
    keys.into_iter().flatten().collect()
}

fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map_or_else(String::new, ToString::to_string)
}

/// A flattened field is no property: its form's own fields carry the attributes.
fn check_flattened(cx: &Ctxt, field: &Field) {
    for key in written_keys(&field.attrs) {
        cx.error_spanned_by(
            key,
            format!(
                "`{}` cannot be combined with `flatten`; a flattened field has no property of its own, the fields of its form do",
                key_name(key)
            ),
        );
    }
}

/// A newtype's field is a field type, not a form's field: what belongs to the form field that
/// uses the newtype (its name, default, sensitivity) goes there.
fn check_newtype_field(cx: &Ctxt, field: &Field) {
    let attrs = &field.attrs;
    let misplaced = [
        (
            attrs.rename.as_ref().map(|s| &s.key),
            "a newtype has no wire name of its own; rename the form fields that use it",
        ),
        (
            attrs.default.as_ref().map(|s| &s.key),
            "put it on the form fields that use the newtype",
        ),
        (
            attrs.skip.as_ref().map(|s| &s.key),
            "a newtype is its one field",
        ),
        (
            attrs.not_sensitive.as_ref().map(|s| &s.key),
            "a newtype has no name to check; put it on the form fields that use the newtype",
        ),
        (
            attrs.flatten.as_ref().map(|s| &s.key),
            "a newtype wraps a field type, not a form",
        ),
    ];
    for (key, reason) in misplaced {
        if let Some(key) = key {
            cx.error_spanned_by(
                key,
                format!(
                    "`{}` does not apply to a newtype's field: {reason}",
                    key_name(key)
                ),
            );
        }
    }
}

/// A field whose name reads as a secret is refused: MCP forbids asking for one in a form.
/// A `bool` cannot carry one (`remember_password`), so it is let through.
fn check_sensitive(cx: &Ctxt, field: &Field) {
    if field.attrs.not_sensitive.is_some() || known_type(field.ty) == Some(Known::Bool) {
        return;
    }
    let Some(kind) = sensitive::classify(&field.wire_name) else {
        return;
    };
    let message = format!(
        "field `{}` looks like {}; MCP servers must not request sensitive information in form mode: use URL mode (`ElicitRequest::url`) instead or, if it holds nothing sensitive, add `#[elicit(not_sensitive)]`",
        field.wire_name,
        kind.description()
    );
    // On the name as written: the rename that made it, else the field.
    match (&field.attrs.rename, &field.attrs.serde_rename) {
        (Some(rename), _) => cx.error_spanned_by(&rename.value, message),
        (None, Some(rename)) => cx.error_spanned_by(rename, message),
        (None, None) => cx.error_spanned_by(&field.member, message),
    }
}

/// A field type the syntax alone tells us, seen through one `Option`.
#[derive(Clone, Copy, PartialEq)]
enum Known {
    String,
    /// A type read from a string of one `format`, by its last path segment: chrono's and
    /// time's dates and date-times, url's `Url`.
    Formatted(Format),
    /// `IpAddr`, `Ipv4Addr` or `Ipv6Addr`, read with the standard library's parser.
    Ip(Ip),
    Bool,
    Integer {
        name: &'static str,
        min: i128,
        max: i128,
    },
    Float,
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

fn known_type(ty: &Type) -> Option<Known> {
    let ty = option_inner(ty).unwrap_or(ty);
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let segment = path.path.segments.last()?;
    // Matched by name alone: a type of the user's own with one of these names gets the same
    // compile-time check of a string default, which its parser would apply at run time.
    match segment.ident.to_string().as_str() {
        "NaiveDate" | "Date" => return Some(Known::Formatted(Format::Date)),
        "DateTime" | "OffsetDateTime" => return Some(Known::Formatted(Format::DateTime)),
        "Url" => return Some(Known::Formatted(Format::Uri)),
        "IpAddr" => return Some(Known::Ip(Ip::Any)),
        "Ipv4Addr" => return Some(Known::Ip(Ip::V4)),
        "Ipv6Addr" => return Some(Known::Ip(Ip::V6)),
        _ => {}
    }
    if !segment.arguments.is_none() {
        return None;
    }
    macro_rules! integer {
        ($($t:ident),*) => {
            match segment.ident.to_string().as_str() {
                $(stringify!($t) => Some(Known::Integer {
                    name: stringify!($t),
                    min: i128::from($t::MIN),
                    max: i128::from($t::MAX),
                }),)*
                "isize" => Some(Known::Integer { name: "isize", min: i128::from(i64::MIN), max: i128::from(i64::MAX) }),
                "usize" => Some(Known::Integer { name: "usize", min: 0, max: i128::from(u64::MAX) }),
                "String" => Some(Known::String),
                "bool" => Some(Known::Bool),
                "f32" | "f64" => Some(Known::Float),
                _ => None,
            }
        };
    }
    integer!(i8, i16, i32, i64, u8, u16, u32, u64)
}

#[allow(clippy::too_many_lines)]
fn check_field(cx: &Ctxt, field: &Field) {
    let attrs = &field.attrs;
    let known = known_type(field.ty);

    if let (Some(min), Some(max)) = (&attrs.min_length, &attrs.max_length)
        && min.value.0 > max.value.0
    {
        cx.error_spanned_by(
            &min.value.1,
            format!(
                "`min_length` ({}) is greater than `max_length` ({})",
                min.value.0, max.value.0
            ),
        );
    }
    if let (Some(min), Some(max)) = (&attrs.min_items, &attrs.max_items)
        && min.value.0 > max.value.0
    {
        cx.error_spanned_by(
            &min.value.1,
            format!(
                "`min_items` ({}) is greater than `max_items` ({})",
                min.value.0, max.value.0
            ),
        );
    }
    if let (Some(min), Some(max)) = (&attrs.minimum, &attrs.maximum)
        && min.value.value.greater_than(max.value.value)
    {
        cx.error_spanned_by(
            &min.value.tokens,
            format!(
                "`minimum` ({}) is greater than `maximum` ({})",
                min.value.value, max.value.value
            ),
        );
    }

    // Bounds of an integer field must be integers within the type's range.
    if let Some(Known::Integer { name, min, max }) = known {
        for (key, bound) in [("minimum", &attrs.minimum), ("maximum", &attrs.maximum)] {
            let Some(bound) = bound else { continue };
            match bound.value.value {
                Number::Int(value) if value < min || value > max => cx.error_spanned_by(
                    &bound.value.tokens,
                    format!("`{key}` {value} is outside the range of `{name}` ({min}..={max})"),
                ),
                Number::Float(value) => cx.error_spanned_by(
                    &bound.value.tokens,
                    format!("`{key}` of an integer field must be an integer, found {value}"),
                ),
                Number::Int(_) => {}
            }
        }
    }

    let Some(DefaultValue::Str(_) | DefaultValue::Number(_) | DefaultValue::Bool(_)) =
        field.default()
    else {
        return;
    };
    let Some(default) = field.default() else {
        return;
    };
    let tokens = default.tokens();

    // A literal default must be of the field's kind…
    let mismatch = match (known, default) {
        (Some(Known::String | Known::Formatted(_) | Known::Ip(_)), DefaultValue::Str(_))
        | (Some(Known::Bool), DefaultValue::Bool(_))
        | (Some(Known::Float), DefaultValue::Number(_))
        | (
            Some(Known::Integer { .. }),
            DefaultValue::Number(crate::lit::NumberLit {
                value: Number::Int(_),
                ..
            }),
        )
        | (None, _) => None,
        (Some(Known::String | Known::Formatted(_) | Known::Ip(_)), _) => Some("a string literal"),
        (Some(Known::Bool), _) => Some("`true` or `false`"),
        (Some(Known::Float), _) => Some("a number literal"),
        (Some(Known::Integer { .. }), _) => Some("an integer literal"),
    };
    if let Some(expected) = mismatch {
        cx.error_spanned_by(
            &tokens,
            format!(
                "`default` must be {expected} for this field, found {}",
                default.literal_kind().unwrap_or("an expression")
            ),
        );
        return;
    }

    // …and satisfy the field's own constraints.
    match default {
        DefaultValue::Str(lit) => {
            let text = lit.value();
            let length = text.chars().count() as u64;
            if let Some(min) = attrs.min_length.as_ref().filter(|min| length < min.value.0) {
                cx.error_spanned_by(
                    &tokens,
                    format!(
                        "`default` is {length} characters long, shorter than `min_length` ({})",
                        min.value.0
                    ),
                );
            }
            if let Some(max) = attrs.max_length.as_ref().filter(|max| length > max.value.0) {
                cx.error_spanned_by(
                    &tokens,
                    format!(
                        "`default` is {length} characters long, longer than `max_length` ({})",
                        max.value.0
                    ),
                );
            }
            if let Some(pattern) = &attrs.pattern
                && let Ok(regex) = elicit_grammar::pattern::compile(&pattern.value.value())
                && !regex.is_match(&text)
            {
                cx.error_spanned_by(
                    &tokens,
                    format!(
                        "`default` does not match `pattern` \"{}\"",
                        pattern.value.value()
                    ),
                );
            }
            // The field's `format`, else the one its type implies.
            let format = attrs
                .format
                .as_ref()
                .map(|spanned| spanned.value.0)
                .or(match known {
                    Some(Known::Formatted(format)) => Some(format),
                    _ => None,
                });
            if let Some(format) = format
                && !format::is_valid(format, &text)
            {
                cx.error_spanned_by(
                    &tokens,
                    format!("`default` is not a valid {}", format.describe()),
                );
            }
            if let Some(Known::Ip(ip)) = known
                && !ip.parses(&text)
            {
                cx.error_spanned_by(
                    &tokens,
                    format!("`default` is not a valid {}", ip.describe()),
                );
            }
        }
        DefaultValue::Number(number) => {
            let value = number.value;
            if let Some(min) = attrs
                .minimum
                .as_ref()
                .filter(|min| min.value.value.greater_than(value))
            {
                cx.error_spanned_by(
                    &tokens,
                    format!("`default` {value} is below `minimum` ({})", min.value.value),
                );
            }
            if let Some(max) = attrs
                .maximum
                .as_ref()
                .filter(|max| value.greater_than(max.value.value))
            {
                cx.error_spanned_by(
                    &tokens,
                    format!("`default` {value} is above `maximum` ({})", max.value.value),
                );
            }
            if let (Some(Known::Integer { name, min, max }), Number::Int(int)) = (known, value)
                && (int < min || int > max)
            {
                cx.error_spanned_by(
                    &tokens,
                    format!("`default` {int} is outside the range of `{name}`"),
                );
            }
        }
        _ => {}
    }
}

fn check_enum(cx: &Ctxt, input: &Input, variants: &[Variant]) {
    if let (Some(_), Some(legacy)) = (&input.attrs.untitled, &input.attrs.legacy_enum_names) {
        cx.error_spanned_by(
            &legacy.key,
            "`legacy_enum_names` and `untitled` cannot both be set; an enum has one style",
        );
    }
    let mut seen: BTreeMap<&str, &Variant> = BTreeMap::new();
    for variant in variants {
        if let Some(first) = seen.insert(&variant.value, variant) {
            let message = format!(
                "variants `{}` and `{}` have the same value \"{}\"; give one a different `rename`",
                first.ident, variant.ident, variant.value
            );
            match &variant.attrs.rename {
                Some(rename) => cx.error_spanned_by(&rename.value, message),
                None => cx.error_spanned_by(variant.ident, message),
            }
        }
    }
}
