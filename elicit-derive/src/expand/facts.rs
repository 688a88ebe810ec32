//! Compile-time proofs about a field's type: the const evaluation of the type's `FACTS` (what
//! the type allows, as constants: its kind and range), narrowed by the field's attributes,
//! against the explicit bounds and the literal default written on the field. Every type is
//! judged this way, the ones the syntax shows (`u8`) as the ones it does not (`type Age = u8`,
//! a newtype, an enum): the derive itself never judges a type's kind or range. An evaluation
//! panics with our message, spanned on the attribute, in an item of its own at the top level
//! of the expansion (`proofs::check`), so the error reads like the derive's own.
//!
//! The derive's own checks (`valid`) judge what the attributes say of each other (a default
//! against the field's `maximum`), which needs no type; these judge what needs the type.
//! After a mistake the derive reports itself, the expansion is the fallback's, and only the
//! proofs that judge the type alone are emitted ([`Proofs::TypeOnly`]): none of them can
//! repeat a mistake the derive reported.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::Type;
use syn::parse::Parser as _;

use super::proofs;
use crate::internals::ast::{Field, option_inner};
use crate::internals::attr::keys::{self, FactsNarrowing};
use crate::internals::lit::{self, DefaultValue, Number};

/// Which proofs to emit for a field.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Proofs {
    /// Every one: the derive found no mistake. Defaults and emptiness are judged against the
    /// type's facts narrowed by the field's attributes.
    Complete,
    /// Only those on the type alone (bounds outside its range, a default of the wrong kind or
    /// outside the type's own facts): the derive reported a mistake, perhaps in the very
    /// attributes a complete proof would merge.
    TypeOnly,
}

/// `.min_length(1).minimum_int(5)…`: the field's narrowing keys, as calls on `Facts`, each
/// the method its row in the key table names.
pub(crate) fn narrowing(field: &Field) -> TokenStream {
    let attrs = &field.attrs;
    let mut calls = TokenStream::new();
    for key in keys::ALL {
        let Some(narrows) = &key.narrows else {
            continue;
        };
        match narrows.facts {
            FactsNarrowing::None => {}
            FactsNarrowing::Count(method) => {
                if let Some(count) = attrs.count(key) {
                    let method = format_ident!("{method}");
                    let value = count.value;
                    calls.extend(quote!(.#method(#value)));
                }
            }
            FactsNarrowing::Number { int, float } => {
                if let Some(number) = attrs.number(key) {
                    calls.extend(match number.value {
                        Number::Int(value) => {
                            let method = format_ident!("{int}");
                            quote!(.#method(#value))
                        }
                        Number::Float(value) => {
                            let method = format_ident!("{float}");
                            quote!(.#method(#value))
                        }
                    });
                }
            }
        }
    }
    calls
}

/// `if let Some(problem) = <check> { panic!("<prefix><problem>") }`, spanned on `span`.
fn panic_if(check: &TokenStream, prefix: &str, span: Span, krate: &TokenStream) -> TokenStream {
    quote_spanned! {span=>
        if let ::core::option::Option::Some(__problem) = #check {
            ::core::panic!(
                "{}",
                #krate::__private::ConstMessage::new().push(#prefix).push(__problem.as_str()).as_str()
            );
        }
    }
}

/// The span of the first token of `tokens`.
fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |tree| tree.span())
}

/// The proofs for one property of a form (or a newtype's field), each an item of its own
/// (`proofs::check`), judged against the facts of the field's type.
pub(crate) fn assertions(
    field: &Field,
    subject: &str,
    krate: &TokenStream,
    proofs: Proofs,
) -> TokenStream {
    let base = &facts_of(field, krate);
    let narrowed = {
        let narrowing = narrowing(field);
        quote!(#base #narrowing)
    };
    // What a default is judged against: the narrowed facts, or the type's alone.
    let judged = match proofs {
        Proofs::Complete => &narrowed,
        Proofs::TypeOnly => base,
    };
    let mut out = TokenStream::new();

    // Bounds outside the type's range first, then (in the same evaluation, so that a bound
    // outside the range is not reported twice) the emptiness of the merged constraints.
    let mut bounds = bound_checks(field, base, krate);
    if proofs == Proofs::Complete {
        bounds.extend(emptiness_check(field, subject, &narrowed, krate));
    }
    if !bounds.is_empty() {
        out.extend(proofs::check(&bounds, krate));
    }

    if let Some((literal, tokens)) = literal_default(field) {
        let (check, shown) = match &literal {
            DefaultValue::Str(lit) => (quote!(check_str(#lit)), format!("{:?}", lit.value())),
            DefaultValue::Number(number) => match number.value {
                Number::Int(value) => (quote!(check_int(#value)), value.to_string()),
                Number::Float(value) => (quote!(check_float(#value)), value.to_string()),
            },
            DefaultValue::Bool(lit) => (quote!(check_bool()), lit.value.to_string()),
            _ => return out,
        };
        let prefix = format!("`default` {shown} of {subject} ");
        let check = panic_if(
            &quote!((#judged).#check),
            &prefix,
            first_span(&tokens),
            krate,
        );
        out.extend(proofs::check(&[check], krate));
    }
    out
}

/// `FieldProbe::<Ty>::FACTS`: the facts of the field's type, or nothing for a type that is no
/// field (whose error is the field trait's).
fn facts_of(field: &Field, krate: &TokenStream) -> TokenStream {
    let probe = proofs::field_probe(field.ty, krate);
    quote!(#probe::FACTS)
}

/// The proof that each explicit `minimum` and `maximum` lies within the range of the field's
/// type, where it is a primitive integer (`Facts::bound_int`), and is a whole number there.
fn bound_checks(field: &Field, base: &TokenStream, krate: &TokenStream) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for key in [&keys::MINIMUM, &keys::MAXIMUM] {
        let Some(bound) = field.attrs.number(key) else {
            continue;
        };
        let span = first_span(&bound.tokens);
        let name = key.name;
        if let Some(value) = bound.value.as_integer() {
            let prefix = format!("`{name}` {value} ");
            out.push(panic_if(
                &quote!((#base).bound_int(#value)),
                &prefix,
                span,
                krate,
            ));
        } else {
            let value = bound.value.as_f64();
            let message = format!(
                "`{name}` of an integer field must be a whole number, found {}",
                bound.value
            );
            out.push(quote_spanned! {span=>
                if (#base).bound_is_fraction(#value) {
                    ::core::panic!(#message);
                }
            });
        }
    }
    out
}

/// The proof that some value satisfies the type's facts narrowed by the field's attributes,
/// spanned on the first key the facts hold.
fn emptiness_check(
    field: &Field,
    subject: &str,
    narrowed: &TokenStream,
    krate: &TokenStream,
) -> Option<TokenStream> {
    let first_narrowing = field.attrs.entries().iter().find(|entry| {
        entry
            .key
            .narrows
            .as_ref()
            .is_some_and(|narrows| !matches!(narrows.facts, FactsNarrowing::None))
    })?;
    // The key's span when it is one identifier (as `Path::get_ident` would find it).
    let mut tokens = first_narrowing.path.clone().into_iter();
    let span = match (tokens.next(), tokens.next()) {
        (Some(TokenTree::Ident(ident)), None) => ident.span(),
        _ => Span::call_site(),
    };
    let prefix = format!("{subject}: ");
    Some(panic_if(&quote!((#narrowed).empty()), &prefix, span, krate))
}

/// The proofs for a form's property: its type's, and, whatever its type, that a name read as
/// a secret has a type that cannot hold one.
pub(crate) fn field_assertions(field: &Field, krate: &TokenStream, proofs: Proofs) -> TokenStream {
    let subject = format!("field `{}`", field.name());
    let mut out = assertions(field, &subject, krate, proofs);
    // A constant default is judged whole or not at all: the derive judges its name
    // (`valid::default_is_finite`), which a proof on the type alone would repeat.
    if proofs == Proofs::Complete {
        out.extend(constant_default(field, &subject, krate));
    }
    out.extend(sensitive_assertion(field, krate));
    out
}

/// For a field whose name reads as a secret: the proof, spanned on the name, that its type
/// can carry no secret (a `bool`, an enum, a multi-select: `ElicitField::CAN_HOLD_SECRET`),
/// or is a secret itself (`ElicitField::SECRET`: a `SecretString`, which is what such a name
/// calls for, and which form mode refuses on its own).
fn sensitive_assertion(field: &Field, krate: &TokenStream) -> Option<TokenStream> {
    let message = crate::internals::valid::sensitive_name(field)?;
    let span = first_span(&crate::internals::valid::sensitive_name_span(field));
    let probe = proofs::field_probe(field.ty, krate);
    Some(proofs::check(
        &[quote_spanned! {span=>
            ::core::assert!(!#probe::CAN_HOLD_SECRET || #probe::SECRET, #message)
        }],
        krate,
    ))
}

/// `default = LIMIT` (a path: a `const`, `u8::MAX`…) on a number field: the constant is
/// evaluated and judged like a literal. A constant is read in const code only through an `as`
/// cast, which only a primitive number takes, so this needs the field's type spelled as one
/// (`u8`, `f64`…; through one `Option`): what the syntax must show, since the facts cannot.
/// The facts say whether the integer or the float cast is the exact one.
fn constant_default(field: &Field, subject: &str, krate: &TokenStream) -> Option<TokenStream> {
    let ty = option_inner(field.ty).unwrap_or(field.ty);
    if !is_primitive_number(ty) {
        return None;
    }
    let Some(DefaultValue::Expr(tokens)) = field.default() else {
        return None;
    };
    let path_only = tokens.clone().into_iter().all(|tree| match tree {
        TokenTree::Ident(_) => true,
        TokenTree::Punct(punct) => punct.as_char() == ':',
        _ => false,
    });
    if !path_only {
        return None;
    }
    let (base, narrowing) = (facts_of(field, krate), narrowing(field));
    let judged = quote!(#base #narrowing);
    let prefix = format!(
        "`default` {} of {subject} ",
        tokens.to_string().replace(' ', "")
    );
    let span = first_span(tokens);
    let check = panic_if(
        &quote!((#judged).check_number(__VALUE as i128, __VALUE as f64)),
        &prefix,
        span,
        krate,
    );
    let item = proofs::check(
        &[
            quote_spanned! {span=>
                const __VALUE: #ty = #tokens;
            },
            check,
        ],
        krate,
    );
    Some(quote_spanned! {span=>
        #[allow(
            clippy::cast_lossless,
            clippy::cast_possible_truncation,
            clippy::cast_possible_wrap,
            clippy::cast_precision_loss,
            clippy::unnecessary_cast
        )]
        #item
    })
}

/// Whether `ty` is spelled as one of Rust's primitive number types.
fn is_primitive_number(ty: &Type) -> bool {
    const PRIMITIVES: [&str; 12] = [
        "i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize", "f32", "f64",
    ];
    let Type::Path(path) = ty else { return false };
    path.qself.is_none()
        && path
            .path
            .get_ident()
            .is_some_and(|ident| PRIMITIVES.iter().any(|name| ident == name))
}

/// A literal default, with the tokens to point at: `default = 5`, or `default = Percent(5)`
/// when the field's type is the newtype `Percent` (its facts include its own constraints,
/// so its inner literal is judged against them).
fn literal_default(field: &Field) -> Option<(DefaultValue, TokenStream)> {
    match field.default()? {
        literal @ (DefaultValue::Str(_) | DefaultValue::Number(_) | DefaultValue::Bool(_)) => {
            Some((literal.clone(), literal.tokens()))
        }
        DefaultValue::Expr(tokens) => {
            let mut trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
            let Some(TokenTree::Group(args)) = trees.pop() else {
                return None;
            };
            if args.delimiter() != proc_macro2::Delimiter::Parenthesis {
                return None;
            }
            let Some(TokenTree::Ident(callee)) = trees.last() else {
                return None;
            };
            let path_only = trees.iter().all(|tree| match tree {
                TokenTree::Ident(_) => true,
                TokenTree::Punct(punct) => punct.as_char() == ':',
                _ => false,
            });
            if !path_only || Some(callee.to_string()) != type_name(field.ty) {
                return None;
            }
            let inner = lit::parse_default.parse2(args.stream()).ok()?;
            matches!(
                inner,
                DefaultValue::Str(_) | DefaultValue::Number(_) | DefaultValue::Bool(_)
            )
            .then(|| (inner, args.to_token_stream()))
        }
        _ => None,
    }
}

/// The last segment of the field's type, through one `Option`.
fn type_name(ty: &Type) -> Option<String> {
    let ty = option_inner(ty).unwrap_or(ty);
    let Type::Path(path) = ty else { return None };
    path.path
        .segments
        .last()
        .map(|segment| segment.ident.to_string())
}

/// What the compiler proves about the fields' values, by their types' facts: that a name read
/// as a secret has a type that cannot hold one, and that bounds, defaults and narrowing fit
/// the type (`facts`). After a mistake of the derive's own (the fallback), only the proofs
/// that judge the type alone, which cannot repeat it.
pub(crate) fn value_proofs(
    properties: &[&Field],
    krate: &TokenStream,
    proofs: Proofs,
) -> TokenStream {
    properties
        .iter()
        .map(|field| field_assertions(field, krate, proofs))
        .collect()
}
