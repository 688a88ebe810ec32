//! What the derive emits when the input has mistakes: the errors, the checks on the field
//! types (so their mistakes are reported in the same run), and stub impls (and a struct's
//! builder, `T::form()`) so that code using the type does not bury the errors under "trait not
//! implemented" or "no function named `form`" ones.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data as SynData, DeriveInput, Fields};

use super::expansion::Expansion;
use super::{builder, facts, proofs};
use crate::internals::ast::{Data, Field, Input, Parts};

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
    let Expansion {
        items: field_types,
        checks,
    } = if generic {
        Expansion::default()
    } else {
        checks(parsed, &krate)
    };
    // What a secret field refuses, which only the compiler can tell, beside the mistakes the
    // derive found (`proofs::secret_assertions`).
    let secrets = match parsed {
        Some(Input {
            data: Data::Struct(fields),
            ..
        }) if !generic => proofs::secret_assertions(fields, &krate),
        _ => TokenStream::new(),
    };
    let checks = quote!(#checks #secrets);
    // The builder of a form that has one, so that the code shaping and asking the form is not
    // an error too.
    let builder = match parsed {
        Some(
            parsed @ Input {
                data: Data::Struct(fields),
                ..
            },
        ) if !generic && parsed.has_builder() => builder::stub_builder(parsed, fields, &krate),
        _ => TokenStream::new(),
    };

    if let SynData::Struct(data) = &input.data
        && let Fields::Unnamed(fields) = &data.fields
        && fields.unnamed.len() == 1
    {
        return newtype(
            input,
            &fields.unnamed[0].ty,
            &krate,
            &errors,
            &field_types,
            &checks,
        );
    }

    let is_enum = matches!(input.data, SynData::Enum(_));
    // The builder's stand-in goes through the probes of the values offered.
    let probes = proofs::fallbacks(&krate);
    let field_impl = is_enum.then(|| field_stub(input, &krate));
    let kind_impls = if is_enum {
        enum_stubs(input, parsed, &krate)
    } else {
        flat_stub(input, &krate)
    };
    quote! {
        #errors

        const _: () = {
            #probes
            #field_types
            #builder

            #[automatically_derived]
            impl #impl_generics #krate::FormMode for #ident #ty_generics #where_clause {}

            #[automatically_derived]
            impl #impl_generics #krate::Elicit for #ident #ty_generics #where_clause {
                fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                    ::core::unimplemented!()
                }
                fn message() -> &'static str {
                    ::core::unimplemented!()
                }
                fn from_content(
                    _: &#private::Content,
                ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                    ::core::unimplemented!()
                }
                fn to_content(&self) -> #private::Content {
                    ::core::unimplemented!()
                }
            }
            #field_impl
            #kind_impls
        };

        #checks
    }
}

/// A struct's stand-in `FlatForm` impl: flattening a struct whose derive failed reports
/// nothing more.
fn flat_stub(input: &DeriveInput, krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FormFields for #ident #ty_generics #where_clause {
            const NAMES: &'static [&'static str] = &[];
            const NEEDS_VALUE: &'static [bool] = &[];
            fn base_schema() -> &'static #private::RequestedSchema {
                ::core::unimplemented!()
            }
            fn read_fields(_: &mut #private::Reading<'_>) -> ::core::option::Option<Self> {
                ::core::unimplemented!()
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::FlatForm for #ident #ty_generics #where_clause {}
    }
}

/// An enum's stand-in `ElicitEnum` impl (and `MultiSelectOption`, unless it is of the legacy
/// style), with its real options, so that a `max_items` on a field of this enum is judged
/// right. `ElicitEnum` needs `'static`, which a generic enum may not be: it is then left out.
fn enum_stubs(input: &DeriveInput, parsed: Option<&Input>, krate: &TokenStream) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let legacy = parsed.is_some_and(|parsed| {
        parsed
            .attrs
            .has(&crate::internals::attr::keys::LEGACY_ENUM_NAMES)
    });
    let multi = (!legacy).then(|| {
        quote! {
            #[automatically_derived]
            impl #krate::__private::MultiSelectOption for #ident {}
        }
    });
    let entries = match parsed.map(|parsed| &parsed.data) {
        Some(Data::Enum(variants)) => variants
            .iter()
            .map(|variant| {
                let value = &variant.value;
                let title = &variant.title;
                quote!(#krate::__private::VariantOption { value: #value, title: #title })
            })
            .collect(),
        _ => Vec::new(),
    };
    quote! {
        #[automatically_derived]
        impl #krate::__private::ElicitEnum for #ident {
            const VARIANTS: &'static [#krate::__private::VariantOption] = &[#(#entries),*];
            const STYLE: #krate::__private::EnumStyle = #krate::__private::EnumStyle::Titled;
            fn from_index(_: usize) -> ::core::option::Option<Self> {
                ::core::unimplemented!()
            }
            fn index(&self) -> usize {
                ::core::unimplemented!()
            }
        }
        #multi
    }
}

/// A newtype is a field type: its stand-ins are those of a field type, so that the forms
/// using it (and their attributes) are still checked.
fn newtype(
    input: &DeriveInput,
    inner: &syn::Type,
    krate: &TokenStream,
    errors: &TokenStream,
    field_types: &TokenStream,
    checks: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let ident = &input.ident;
    let generic = !input.generics.params.is_empty();
    let field_impl = field_stub(input, krate);
    let marker = (!generic).then(|| {
        quote! {
            #[automatically_derived]
            impl #private::NewtypeField for #ident {
                type Inner = #inner;
                fn schema() -> &'static #krate::__private::PropertySchema {
                    ::core::unimplemented!()
                }
            }
        }
    });
    quote! {
        #errors

        const _: () = {
            #field_types
            #field_impl
            #marker
        };

        #checks
    }
}

/// The checks on the field types (and attributes) of a parsed struct or newtype: the proofs
/// that each field's type is one, through the expansion's field trait (`items`), and the
/// checks of its attributes and values, items of their own (`checks`).
fn checks(parsed: Option<&Input>, krate: &TokenStream) -> Expansion {
    match parsed.map(|parsed| &parsed.data) {
        Some(Data::Struct(fields)) => {
            let members = Parts::of(fields);
            // A field filled at run time is no field type: its values are proven offerable.
            let (offered, fixed): (Vec<&Field>, Vec<&Field>) = members
                .properties
                .iter()
                .partition(|field| field.has_run_time_options());
            let definitions = proofs::definitions(&fixed, krate);
            let kinds = proofs::attribute_assertions(&fixed, krate);
            let flattened = proofs::flatten_assertions(&members.flattened, krate);
            // No impl uses the types here, so their fitness is proven on its own.
            // A borrowed field has its own error already (`valid::field_owns_its_value`).
            let owned: Vec<_> = fixed
                .iter()
                .copied()
                .filter(|field| !crate::internals::ast::is_borrowed(field))
                .collect();
            let types = proofs::type_assertions(&owned);
            let offerable = proofs::offered_assertions(&offered, krate);
            // What the types' facts prove that the derive's own errors cannot have said.
            let values = facts::value_proofs(&owned, krate, facts::Proofs::TypeOnly);
            Expansion {
                items: quote!(#definitions #types),
                checks: quote!(#kinds #flattened #offerable #values),
            }
        }
        Some(Data::Newtype(field)) => {
            let definitions = proofs::newtype_definitions(krate);
            let types = proofs::newtype_type_assertion(field);
            let attributes = proofs::attribute_assertions(&[field], krate);
            let subject = format!(
                "newtype `{}`",
                parsed.map_or_else(String::new, |p| p.ident.to_string())
            );
            let values = facts::assertions(field, &subject, krate, facts::Proofs::TypeOnly);
            Expansion {
                items: quote!(#definitions #types),
                checks: quote!(#attributes #values),
            }
        }
        _ => Expansion::default(),
    }
}

/// A stand-in `ElicitField` impl.
fn field_stub(input: &DeriveInput, krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::ElicitField for #ident #ty_generics #where_clause {
            fn field_schema() -> #krate::__private::PropertySchema {
                ::core::unimplemented!()
            }
            fn from_json(_: &#private::Value) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                ::core::unimplemented!()
            }
            fn to_json(&self) -> #private::Value {
                ::core::unimplemented!()
            }
        }
    }
}
