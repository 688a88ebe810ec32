//! A struct form: its `Elicit` impl (the schema it sends, its prompt, its reader and its
//! content), the proofs about its fields' types, and, when it asks for one (`shaped`), its
//! builder; or, for a form with fields whose options are given at run time, the builder and
//! reader alone.

use proc_macro2::TokenStream;
use quote::quote;

use super::expansion::Expansion;
use super::{builder, facts, proofs, reader, schema};
use crate::internals::ast::{Field, Input, Part, Parts, has_run_time_options};

pub(super) fn expand(input: &Input, fields: &[Field], krate: &TokenStream) -> Expansion {
    if has_run_time_options(fields) {
        return options_form(input, fields, krate);
    }
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let Parts {
        all: members,
        properties,
        flattened,
    } = Parts::of(fields);

    let schema = schema::form_schema(
        ident,
        &members
            .iter()
            .map(|member| schema::member(member, krate))
            .collect::<Vec<_>>(),
        krate,
    );

    let collisions = proofs::collision_checks(ident, &members, krate);
    let reader = reader::form_fields(
        input,
        fields,
        &members,
        krate,
        &quote!(<Self as #krate::Elicit>::requested_schema()),
    );
    let puts = members.iter().map(|member| content_put(member, krate));
    let definitions = proofs::definitions(&properties, krate);
    let kinds = proofs::attribute_assertions(&properties, krate);
    let flattened = proofs::flatten_assertions(&flattened, krate);
    let values = facts::value_proofs(&properties, krate, facts::Proofs::Complete);
    let map = quote!(#private::Content);
    // A builder only where it is asked for: most forms are asked as declared, and a builder is
    // most of what a form costs to compile.
    let form_builder = if input.has_builder() {
        builder::static_builder(input, &members, krate)
    } else {
        TokenStream::new()
    };

    let items = quote! {
        #definitions

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            #[inline]
            fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| #schema)
            }

            #[inline]
            fn message() -> &'static str {
                #message
            }

            const READER: ::core::option::Option<#private::FormReader<Self>> =
                ::core::option::Option::Some(#private::form_reader::<Self>());

            #[inline]
            fn from_content(
                __content: &#map,
            ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                #private::read_map(
                    __content,
                    &#private::form_reader::<Self>(),
                    &#private::Sent::in_order(<Self as #krate::Elicit>::requested_schema()),
                )
            }

            #[inline]
            fn to_content(&self) -> #map {
                let mut __out = #private::Writing::of::<Self>();
                #(#puts)*
                __out.into_content()
            }
        }

        #reader

        #[automatically_derived]
        impl #private::FlatForm for #ident {}

        #form_builder
    };
    let checks = quote! {
        #kinds
        #flattened
        #values
        #collisions
    };
    Expansion { items, checks }
}

/// A struct form with fields whose options are given at run time: no `Elicit` impl that holds
/// (it has no schema of its own), its builder and reader instead (`builder::options_form`).
fn options_form(input: &Input, fields: &[Field], krate: &TokenStream) -> Expansion {
    let private = quote!(#krate::__private);
    let message = input.message();
    let Parts {
        all, properties, ..
    } = Parts::of(fields);
    let fixed: Vec<&Field> = properties
        .iter()
        .copied()
        .filter(|field| !field.has_run_time_options())
        .collect();
    let members: Vec<TokenStream> = properties
        .iter()
        .map(|field| schema::member(&Part::Property(field), krate))
        .collect();
    let schema = schema::form_schema(input.ident, &members, krate);
    let definitions = proofs::definitions(&fixed, krate);
    let kinds = proofs::attribute_assertions(&fixed, krate);
    let values = facts::value_proofs(&fixed, krate, facts::Proofs::Complete);
    let offered = proofs::offered_assertions(&properties, krate);
    let form_builder = builder::options_form(input, &properties, krate);
    let reader = reader::form_fields(input, fields, &all, krate, &quote!(__elicit_base_schema()));
    let items = quote! {
        #definitions
        #reader

        // The form before anything is given, built once (as a static form's schema is): each
        // asking starts from a copy. Here, where the user's types and defaults are named;
        // the builder's scope, where they are not, calls it.
        #[inline]
        fn __elicit_message() -> &'static str {
            #message
        }

        #[inline]
        fn __elicit_base_schema() -> &'static #private::RequestedSchema {
            static __BASE: #private::OnceLock<#private::RequestedSchema> = #private::OnceLock::new();
            __BASE.get_or_init(|| #schema)
        }

        #form_builder
    };
    Expansion {
        items,
        checks: quote!(#kinds #values #offered),
    }
}

/// The statement that writes a member into `to_content`'s `__out` (a `Writing`), which names
/// it by its place.
fn content_put(member: &Part, krate: &TokenStream) -> TokenStream {
    match member {
        Part::Property(field) => {
            let member = &field.member;
            let field_type = proofs::field_type(field);
            quote!(#field_type::__put(&self.#member, &mut __out);)
        }
        Part::Flatten(field) => {
            let member = &field.member;
            let flatten_type = proofs::flatten_type(field, krate);
            quote!(#flatten_type::put(&self.#member, &mut __out);)
        }
    }
}
