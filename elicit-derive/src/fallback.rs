//! What the derive emits when the input has mistakes: the errors, the checks on the field
//! types (so their mistakes are reported in the same run), and stub impls so that code using
//! the type does not bury the errors under "trait not implemented" ones.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data as SynData, DeriveInput};

use crate::ast::{Data, Field, Input};
use crate::check;

pub(crate) fn expand(
    input: &DeriveInput,
    parsed: Option<&Input>,
    error: &syn::Error,
) -> TokenStream {
    let errors = error.to_compile_error();
    let krate = parsed.map_or_else(|| quote!(::elicit_core), Input::krate);
    let private = quote!(#krate::__private);
    let ident = &input.ident;
    let generic = !input.generics.params.is_empty();
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();

    // A generic type's field types name parameters the checks cannot see.
    let checks = match parsed.map(|parsed| &parsed.data) {
        Some(Data::Struct(fields)) if !generic => {
            let active: Vec<&Field> = fields.iter().filter(|field| !field.is_skipped()).collect();
            let definitions = check::definitions(&active, &krate);
            let types = check::type_assertions(&active);
            let attributes = check::attribute_assertions(&active);
            quote!(#definitions #types #attributes)
        }
        _ => TokenStream::new(),
    };

    let is_enum = matches!(input.data, SynData::Enum(_));
    let field_impl = is_enum.then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #krate::ElicitField for #ident #ty_generics #where_clause {
                fn field_schema() -> #krate::PropertySchema {
                    ::core::unimplemented!()
                }
                fn from_json(_: &#private::Value) -> ::core::result::Result<Self, #krate::FieldErrorKind> {
                    ::core::unimplemented!()
                }
                fn to_json(&self) -> #private::Value {
                    ::core::unimplemented!()
                }
            }
        }
    });
    // `ElicitEnum` needs `'static`, which a generic enum may not be; it is then left out.
    let enum_impls = (is_enum && !generic).then(|| {
        let legacy = parsed.is_some_and(|parsed| parsed.attrs.legacy_enum_names.is_some());
        let multi = (!legacy).then(|| {
            quote! {
                #[automatically_derived]
                impl #krate::MultiSelectOption for #ident {}
            }
        });
        // The real options, so that a `max_items` on a field of this enum is judged right.
        let entries = match parsed.map(|parsed| &parsed.data) {
            Some(Data::Enum(variants)) => variants
                .iter()
                .map(|variant| {
                    let value = &variant.value;
                    let title = &variant.title;
                    quote!(#krate::EnumVariant { value: #value, title: #title })
                })
                .collect(),
            _ => Vec::new(),
        };
        quote! {
            #[automatically_derived]
            impl #krate::ElicitEnum for #ident {
                const VARIANTS: &'static [#krate::EnumVariant] = &[#(#entries),*];
                const STYLE: #krate::EnumStyle = #krate::EnumStyle::Titled;
                fn from_index(_: usize) -> ::core::option::Option<Self> {
                    ::core::unimplemented!()
                }
                fn index(&self) -> usize {
                    ::core::unimplemented!()
                }
            }
            #multi
        }
    });
    quote! {
        #errors

        const _: () = {
            #checks

            #[automatically_derived]
            impl #impl_generics #krate::Elicit for #ident #ty_generics #where_clause {
                fn requested_schema() -> &'static #krate::RequestedSchema {
                    ::core::unimplemented!()
                }
                fn message() -> &'static str {
                    ::core::unimplemented!()
                }
                fn from_content(
                    _: &#private::Map<::std::string::String, #private::Value>,
                ) -> ::core::result::Result<Self, #krate::ContentError> {
                    ::core::unimplemented!()
                }
                fn to_content(&self) -> #private::Map<::std::string::String, #private::Value> {
                    ::core::unimplemented!()
                }
            }
            #field_impl
            #enum_impls
        };
    }
}
