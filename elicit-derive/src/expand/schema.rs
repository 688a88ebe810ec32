//! A field's property schema: the type's own, with the field's attributes applied.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::defaults::default_tokens;
use super::proofs;
use super::tokens::number_tokens;
use crate::internals::ast::{Field, Part};
use crate::internals::attr::{Value, keys};
use crate::internals::doc::Doc;

/// The block that builds one field's property schema: `base` (the type's schema) with the
/// field's attributes applied, in the table's order, its default last (checked there
/// against the complete schema).
pub(super) fn field_schema(
    field: &Field,
    description: Option<Doc>,
    (base, facts): (&TokenStream, &TokenStream),
    form: &str,
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let attrs = &field.attrs;
    let mut steps = Vec::new();

    match (attrs.str(&keys::TITLE), &field.title) {
        (Some(title), _) => steps.push(quote!(#private::set::title(&mut __schema, #title);)),
        // A derived title gives way to one the field's type (a newtype) already has.
        (None, Some(title)) => {
            steps.push(quote!(#private::set::default_title(&mut __schema, #title);));
        }
        (None, None) => {}
    }
    if let Some(description) = description {
        steps.push(quote!(#private::set::description(&mut __schema, #description);));
    }
    for key in keys::ALL {
        let (Some(narrows), Some(entry)) = (&key.narrows, attrs.get(key)) else {
            continue;
        };
        let value = match &entry.value {
            Value::Count(count) => {
                let count = count.value;
                quote!(#count)
            }
            Value::Number(number) => number_tokens(number.value, krate),
            // By its place in the one list of formats, which the runtime's `StringFormat` is.
            Value::Format(format, _) => {
                let index = format.index();
                quote!(#krate::__private::StringFormat::ALL[#index])
            }
            Value::Str(lit) => quote!(#lit),
            _ => continue,
        };
        let setter = format_ident!("{}", narrows.setter);
        steps.push(quote!(#private::set::#setter(&mut __schema, #value);));
    }
    let wire_name = &field.wire_name;
    if attrs
        .entries()
        .iter()
        .any(|entry| entry.key.narrows.is_some())
    {
        steps.push(quote!(#private::set::check_satisfiable(&__schema, #form, #wire_name);));
    }
    if field.default().is_some() {
        let default = default_tokens(field, krate);
        let field_type = proofs::field_type(field);
        steps.push(quote! {
            #private::set::default(
                &mut __schema,
                #field_type::__default_json(&#default),
                #form,
                #wire_name,
            );
        });
    }
    quote! {{
        let mut __schema = #private::set::FieldSchema::new(#base, #facts);
        #(#steps)*
        __schema.into_schema()
    }}
}

/// The statement that adds a member's properties to the form's schema.
pub(super) fn schema_push(member: &Part, form: &str, krate: &TokenStream) -> TokenStream {
    match member {
        Part::Property(field) => {
            let name = &field.wire_name;
            let field_type = proofs::field_type(field);
            let schema = field_schema(
                field,
                field.description(),
                (
                    &quote!(#field_type::__schema()),
                    &quote!(#field_type::__FACTS),
                ),
                form,
                krate,
            );
            let required = if field.default().is_some() {
                quote!(false)
            } else {
                quote!(#field_type::__REQUIRED)
            };
            quote!(__form.push(#name, #schema, #required);)
        }
        Part::Flatten(field) => {
            let flatten_type = proofs::flatten_type(field, krate);
            quote!(#flatten_type::push(&mut __form);)
        }
    }
}
