//! An enum: a single select (`ElicitField`), its options (`ElicitEnum`), a multi-select's
//! option type (`MultiSelectOption`), and a one-question form (`Elicit`).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::internals::ast::{Input, Variant};
use crate::internals::attr::keys;
use crate::internals::case::snake_words;

pub(super) fn expand(input: &Input, variants: &[Variant], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let variants_impl = enum_variants(input, variants, krate);
    let field_name = input
        .attrs
        .str(&keys::FIELD)
        .map_or_else(|| snake_words(&ident.to_string()), syn::LitStr::value);
    let multi = (!input.attrs.has(&keys::LEGACY_ENUM_NAMES)).then(|| {
        quote! {
            #[automatically_derived]
            impl #krate::__private::MultiSelectOption for #ident {}
        }
    });
    let span = Span::call_site();
    quote_spanned! {span=>
        #variants_impl

        #multi

        #[automatically_derived]
        impl #krate::ElicitField for #ident {
            const CAN_HOLD_SECRET: bool = false;
            const FACTS: #private::Facts =
                #private::Facts::single(<Self as #krate::__private::ElicitEnum>::VARIANTS);

            #[inline]
            fn field_schema() -> #krate::__private::PropertySchema {
                #private::single_select_schema::<Self>()
            }

            #[inline]
            fn from_json(value: &#private::Value) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                #private::parse_single_raw::<Self>(&#private::Raw::Json(value))
            }

            #[inline]
            fn from_raw(raw: &#private::Raw<'_>) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                #private::parse_single_raw::<Self>(raw)
            }

            #[inline]
            fn to_json(&self) -> #private::Value {
                #private::single_to_json(self)
            }
        }

        // A one-question form holds no secret.
        #[automatically_derived]
        impl #krate::FormMode for #ident {}

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            #[inline]
            fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    let mut __form = #krate::__private::RequestedSchema::new();
                    __form.push(#field_name, #private::single_select_schema::<Self>(), true);
                    __form
                })
            }

            #[inline]
            fn message() -> &'static str {
                #message
            }

            #[inline]
            fn from_content(
                __content: &#private::Content,
            ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                #private::read_one::<Self>(__content, #field_name)
            }

            #[inline]
            fn to_content(&self) -> #private::Content {
                #private::one_content::<Self>(#field_name, self)
            }
        }
    }
}

/// The `EnumStyle` an enum's attributes choose.
fn enum_style(input: &Input) -> TokenStream {
    if input.attrs.has(&keys::LEGACY_ENUM_NAMES) {
        quote!(LegacyEnumNames)
    } else if input.attrs.has(&keys::UNTITLED) {
        quote!(Untitled)
    } else {
        quote!(Titled)
    }
}

/// An enum's `ElicitEnum` impl: its options' wire names and titles, and the index of each.
fn enum_variants(input: &Input, variants: &[Variant], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let style = enum_style(input);
    let entries = variants.iter().map(|variant| {
        let value = &variant.value;
        let title = &variant.title;
        quote!(#krate::__private::VariantOption { value: #value, title: #title })
    });
    let from_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(#index => ::core::option::Option::Some(Self::#v))
    });
    let to_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(Self::#v => #index)
    });
    quote! {
        #[automatically_derived]
        impl #krate::__private::ElicitEnum for #ident {
            const VARIANTS: &'static [#krate::__private::VariantOption] = &[#(#entries),*];
            const STYLE: #krate::__private::EnumStyle = #krate::__private::EnumStyle::#style;

            #[inline]
            fn from_index(index: usize) -> ::core::option::Option<Self> {
                match index {
                    #(#from_index,)*
                    _ => ::core::option::Option::None,
                }
            }

            #[inline]
            fn index(&self) -> usize {
                match self {
                    #(#to_index,)*
                }
            }
        }
    }
}
