//! A field's default as generated code writes it: for the schema's `default` (a literal as
//! it is, any other as a `FieldDefault` function) and, for a skipped field, the value the
//! struct is built with.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use super::proofs;
use crate::internals::ast::{Field, option_inner};
use crate::internals::lit::{DefaultValue, Number};

/// The field's `default` attribute as its form's table writes it
/// (`__private::set::DefaultJson`): a literal as it is (the proofs have checked it suits the
/// field's type); any other default as a function (`FieldDefault::Value`, spanned on what the
/// user wrote, so that a value of the wrong type is reported there) whose value the field's
/// type turns into JSON.
pub(crate) fn default_json(field: &Field, krate: &TokenStream) -> TokenStream {
    let json = quote!(#krate::__private::set::DefaultJson);
    let private = quote!(#krate::__private);
    let (ty, field_type) = (field.ty, proofs::field_type(field));
    let value = match field.default() {
        None => return quote!(#json::None),
        Some(DefaultValue::Str(lit)) => return quote!(#json::Str(#lit)),
        Some(DefaultValue::Number(number)) => {
            return match number.value {
                Number::Int(value) => quote!(#json::Int(#value)),
                Number::Float(value) => quote!(#json::Float(#value)),
            };
        }
        Some(DefaultValue::Bool(lit)) => return quote!(#json::Bool(#lit)),
        Some(DefaultValue::TypeDefault(span)) => quote_spanned! {*span=>
            #private::FieldDefault::<#ty>::Value(<#ty as ::core::default::Default>::default)
        },
        Some(DefaultValue::Function(path)) => quote_spanned! {path.span()=>
            #private::FieldDefault::<#ty>::Value(#path)
        },
        Some(DefaultValue::Array(tokens)) => quote_spanned! {tokens.span()=>
            #private::FieldDefault::<#ty>::Value(|| {
                #field_type::__from_inner(::core::convert::From::from(#tokens))
            })
        },
        Some(DefaultValue::Expr(tokens)) => quote_spanned! {tokens.span()=>
            #private::FieldDefault::<#ty>::Value(|| #field_type::__from_inner(#tokens))
        },
        Some(DefaultValue::FromContainer(container)) => {
            let value = container_default_value(field, container);
            quote!(#private::FieldDefault::<#ty>::Value(|| #value))
        }
    };
    quote!(#json::Made(|| #field_type::__default_json(&#value)))
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
