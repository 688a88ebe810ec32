//! Compile-time proofs about defaults and narrowing on field types the syntax does not show
//! (an alias, a newtype, an enum): a const evaluation of the type's `FACTS` (its schema's
//! constraints as constants), narrowed by the field's attributes, against the literal
//! default. The evaluation panics with our message, spanned on the attribute, so the error
//! reads like the derive's own. Types the syntax shows are judged by `valid` directly.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::Type;
use syn::parse::Parser as _;

use crate::ast::{Field, option_inner};
use crate::attr::keys::{self, FactsNarrowing};
use crate::check;
use crate::lit::{self, DefaultValue, Number};
use crate::valid;

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

/// The proofs for one property of a form (or a newtype's field, whose facts are `base`).
pub(crate) fn assertions(
    field: &Field,
    subject: &str,
    base: &TokenStream,
    krate: &TokenStream,
) -> TokenStream {
    if valid::type_is_known(field) {
        return TokenStream::new();
    }
    let private = quote!(#krate::__private);
    let facts = {
        let narrowing = narrowing(field);
        quote!(#base #narrowing)
    };
    let mut out = TokenStream::new();

    // The first key the facts hold, where an empty narrowing is reported.
    let first_narrowing = field.attrs.entries().iter().find(|entry| {
        entry
            .key
            .narrows
            .as_ref()
            .is_some_and(|narrows| !matches!(narrows.facts, FactsNarrowing::None))
    });
    if let Some(entry) = first_narrowing {
        // The key's span when it is one identifier (as `Path::get_ident` would find it).
        let mut tokens = entry.path.clone().into_iter();
        let span = match (tokens.next(), tokens.next()) {
            (Some(proc_macro2::TokenTree::Ident(ident)), None) => ident.span(),
            _ => Span::call_site(),
        };
        let prefix = format!("{subject}: ");
        out.extend(quote_spanned! {span=>
            const _: () = if let ::core::option::Option::Some(__problem) = (#facts).empty() {
                ::core::panic!(
                    "{}",
                    #private::ConstMessage::new().push(#prefix).push(__problem.as_str()).as_str()
                );
            };
        });
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
        let span = tokens
            .into_iter()
            .next()
            .map_or_else(Span::call_site, |tree| tree.span());
        out.extend(quote_spanned! {span=>
            const _: () = if let ::core::option::Option::Some(__problem) = (#facts).#check {
                ::core::panic!(
                    "{}",
                    #private::ConstMessage::new().push(#prefix).push(__problem.as_str()).as_str()
                );
            };
        });
    }
    out
}

/// The proofs for a form's property.
pub(crate) fn field_assertions(field: &Field, krate: &TokenStream) -> TokenStream {
    let field_type = check::field_type(field);
    let subject = format!("field `{}`", field.name());
    let base = quote!(#field_type::__FACTS);
    let mut out = assertions(field, &subject, &base, krate);
    out.extend(constant_default(field, &subject, &base, krate));
    out
}

/// `default = LIMIT` (a path: a `const`, `u8::MAX`…) on a number field whose type the syntax
/// shows: the constant is evaluated with the field's type and judged like a literal.
fn constant_default(
    field: &Field,
    subject: &str,
    base: &TokenStream,
    krate: &TokenStream,
) -> Option<TokenStream> {
    let is_integer = valid::known_number(field)?;
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
    let private = quote!(#krate::__private);
    let ty = option_inner(field.ty).unwrap_or(field.ty);
    let narrowing = narrowing(field);
    let check = if is_integer {
        quote!(check_int(__VALUE as i128))
    } else {
        quote!(check_float(__VALUE as f64))
    };
    let prefix = format!(
        "`default` {} of {subject} ",
        tokens.to_string().replace(' ', "")
    );
    let span = tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |tree| tree.span());
    Some(quote_spanned! {span=>
        #[allow(clippy::cast_lossless, clippy::cast_possible_wrap, clippy::cast_precision_loss)]
        const _: () = {
            const __VALUE: #ty = #tokens;
            if let ::core::option::Option::Some(__problem) = (#base #narrowing).#check {
                ::core::panic!(
                    "{}",
                    #private::ConstMessage::new().push(#prefix).push(__problem.as_str()).as_str()
                );
            }
        };
    })
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
