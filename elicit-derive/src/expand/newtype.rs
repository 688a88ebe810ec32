//! A newtype: a field type whose schema is its field type's with the field's attributes
//! applied, and whose parser also checks that schema; and no form.

use proc_macro2::TokenStream;
use quote::quote;

use super::expansion::Expansion;
use super::{facts, proofs, schema};
use crate::internals::ast::{Field, Input};

/// A newtype: an `ElicitField` whose schema is its field type's with the field's attributes
/// applied, and whose parser also checks that schema; and no form.
pub(super) fn expand(input: &Input, field: &Field, krate: &TokenStream) -> Expansion {
    let ident = input.ident;
    let ty = field.ty;
    let private = quote!(#krate::__private);
    let inner = proofs::newtype_inner_type(field);
    let description = field.description().or_else(|| input.doc.clone());
    let form = ident.to_string();
    let schema = schema::field_schema(
        field,
        description,
        (&quote!(#inner::__schema()), &quote!(#inner::__FACTS)),
        &form,
        krate,
    );
    let definitions = proofs::newtype_definitions(krate);
    let assertions = proofs::attribute_assertions(&[field], krate);
    let narrowing = facts::narrowing(field);
    let subject = format!("newtype `{ident}`");
    let inner_facts = facts::assertions(field, &subject, krate, facts::Proofs::Complete);

    let items = quote! {
        #definitions

        #[automatically_derived]
        impl #krate::ElicitField for #ident {
            const CAN_HOLD_SECRET: bool = #inner::__CAN_HOLD_SECRET;
            const SECRET: bool = #inner::__SECRET;
            // Its schema is final: a bound on a field of the newtype only narrows it.
            const FACTS: #private::Facts = (#inner::__FACTS #narrowing).finished();

            #[inline]
            fn field_schema() -> #krate::__private::PropertySchema {
                ::core::clone::Clone::clone(<Self as #private::NewtypeField>::schema())
            }

            #[inline]
            fn from_json(
                value: &#private::Value,
            ) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                let __inner = #inner::__from_json(value)?;
                #private::check_newtype(
                    <Self as #private::NewtypeField>::schema(),
                    value,
                    &#inner::__FACTS,
                )?;
                ::core::result::Result::Ok(Self(__inner))
            }

            #[inline]
            fn to_json(&self) -> #private::Value {
                #inner::__to_json(&self.0)
            }
        }

        #[automatically_derived]
        impl #private::NewtypeField for #ident {
            type Inner = #ty;

            #[inline]
            fn schema() -> &'static #krate::__private::PropertySchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::PropertySchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| #schema)
            }
        }

        // A newtype is no form: calling `requested_schema` on it is `Elicit`'s own error,
        // which says so (the bound cannot hold; `for<'__a>` keeps rustc from rejecting it
        // where it is written).
        impl #ident {
            #[doc(hidden)]
            #[must_use]
            #[inline]
            pub fn requested_schema() -> &'static #krate::__private::RequestedSchema
            where
                for<'__a> #ident: #krate::Elicit,
            {
                <#ident as #krate::Elicit>::requested_schema()
            }
        }
    };
    Expansion {
        items,
        checks: quote!(#assertions #inner_facts),
    }
}
