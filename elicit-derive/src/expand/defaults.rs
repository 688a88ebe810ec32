//! A field's default as generated code writes it: for the schema's `default` (`FieldDefault`)
//! and, for a skipped field, the value the struct is built with.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use super::proofs;
use super::tokens::number_tokens;
use crate::internals::ast::{Field, option_inner};
use crate::internals::lit::{DefaultValue, Number};

/// The field's `default` attribute as its form's table writes it
/// (`__private::set::DefaultJson`): a literal as it is (the proofs have checked it suits the
/// field's type), any other default as a function that makes the value and its JSON.
pub(crate) fn default_json(field: &Field, krate: &TokenStream) -> TokenStream {
    let json = quote!(#krate::__private::set::DefaultJson);
    match field.default() {
        None => quote!(#json::None),
        Some(DefaultValue::Str(lit)) => quote!(#json::Str(#lit)),
        Some(DefaultValue::Number(number)) => match number.value {
            Number::Int(value) => quote!(#json::Int(#value)),
            Number::Float(value) => quote!(#json::Float(#value)),
        },
        Some(DefaultValue::Bool(lit)) => quote!(#json::Bool(#lit)),
        Some(_) => {
            let field_type = proofs::field_type(field);
            let default = default_tokens(field, krate);
            quote!(#json::Made(|| #field_type::__default_json(&#default)))
        }
    }
}

/// `FieldDefault<Ty>` for the field.
pub(crate) fn default_tokens(field: &Field, krate: &TokenStream) -> TokenStream {
    let ty = field.ty;
    let private = quote!(#krate::__private);
    let Some(default) = field.default() else {
        return quote!(#private::FieldDefault::<#ty>::None);
    };
    let json = match default {
        DefaultValue::Str(lit) => {
            quote!(#private::Value::String(::core::convert::From::from(#lit)))
        }
        DefaultValue::Number(number) => {
            let number = number_tokens(number.value, krate);
            quote!(#private::Value::Number(#number))
        }
        DefaultValue::Bool(lit) => quote!(#private::Value::Bool(#lit)),
        DefaultValue::TypeDefault(span) => {
            return quote_spanned! {*span=>
                #private::FieldDefault::<#ty>::Value(<#ty as ::core::default::Default>::default)
            };
        }
        DefaultValue::Function(path) => {
            return quote_spanned! {path.span()=>
                #private::FieldDefault::<#ty>::Value(#path)
            };
        }
        DefaultValue::Array(tokens) => {
            let field_type = proofs::field_type(field);
            return quote_spanned! {tokens.span()=>
                #private::FieldDefault::<#ty>::Value(|| {
                    #field_type::__from_inner(::core::convert::From::from(#tokens))
                })
            };
        }
        DefaultValue::Expr(tokens) => {
            let field_type = proofs::field_type(field);
            return quote_spanned! {tokens.span()=>
                #private::FieldDefault::<#ty>::Value(|| #field_type::__from_inner(#tokens))
            };
        }
        DefaultValue::FromContainer(container) => {
            let value = container_default_value(field, container);
            return quote!(#private::FieldDefault::<#ty>::Value(|| #value));
        }
    };
    quote!(#private::FieldDefault::<#ty>::Literal(|| #json))
}

/// The field's value in the struct's own default (`#[serde(default)]` on the struct: its
/// `Default`; `#[serde(default = "path")]`: what the function returns).
fn container_default_value(field: &Field, container: &DefaultValue) -> TokenStream {
    let member = &field.member;
    let make = if let DefaultValue::Function(path) = container {
        quote!(#path())
    } else {
        quote!(<Self as ::core::default::Default>::default())
    };
    quote!({
        let __default: Self = #make;
        __default.#member
    })
}

/// A skipped field's value: its default, with the meaning `default = …` has on a field in
/// the form (written as `T` for an `Option<T>`), or the type's `Default`.
pub(crate) fn skipped_value(field: &Field) -> TokenStream {
    let value = match field.default() {
        None | Some(DefaultValue::TypeDefault(_)) => {
            return quote!(::core::default::Default::default());
        }
        Some(DefaultValue::Function(path)) => return quote!(#path()),
        Some(DefaultValue::FromContainer(container)) => {
            return container_default_value(field, container);
        }
        Some(DefaultValue::Str(lit)) => quote!(::core::convert::From::from(#lit)),
        Some(DefaultValue::Number(number)) => number.tokens.clone(),
        Some(DefaultValue::Bool(lit)) => quote!(#lit),
        Some(DefaultValue::Array(tokens)) => quote!(::core::convert::From::from(#tokens)),
        Some(DefaultValue::Expr(tokens)) => tokens.clone(),
    };
    if option_inner(field.ty).is_some() {
        quote!(::core::option::Option::Some(#value))
    } else {
        value
    }
}
