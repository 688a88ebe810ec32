//! What the derive emits when the input has mistakes: the errors, plus stub impls so that
//! code using the type does not bury them under "trait not implemented" errors.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput};

pub(crate) fn expand(input: &DeriveInput, error: &syn::Error) -> TokenStream {
    let errors = error.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let field_impl = matches!(input.data, Data::Enum(_)).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_generics ::elicit_core::ElicitField for #ident #ty_generics #where_clause {
                fn field_schema() -> ::elicit_core::PropertySchema {
                    ::core::unimplemented!()
                }
                fn from_json(_: &::elicit_core::__private::Value) -> ::core::result::Result<Self, ::elicit_core::FieldErrorKind> {
                    ::core::unimplemented!()
                }
                fn to_json(&self) -> ::elicit_core::__private::Value {
                    ::core::unimplemented!()
                }
            }
        }
    });
    quote! {
        #errors
        #[allow(unused_qualifications)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics ::elicit_core::Elicit for #ident #ty_generics #where_clause {
                fn requested_schema() -> &'static ::elicit_core::RequestedSchema {
                    ::core::unimplemented!()
                }
                fn message() -> &'static str {
                    ::core::unimplemented!()
                }
                fn from_content(
                    _: &::elicit_core::__private::Map<::std::string::String, ::elicit_core::__private::Value>,
                ) -> ::core::result::Result<Self, ::elicit_core::ContentError> {
                    ::core::unimplemented!()
                }
                fn to_content(&self) -> ::elicit_core::__private::Map<::std::string::String, ::elicit_core::__private::Value> {
                    ::core::unimplemented!()
                }
            }
            #field_impl
        };
    }
}
