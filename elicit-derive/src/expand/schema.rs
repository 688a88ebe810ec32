//! A form's schema as the derive writes it: its members' table (`__private::set::Member`,
//! one call for the whole form), and a newtype's property (its type's own schema with the
//! field's attributes applied).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::defaults;
use super::proofs;
use super::tokens::{self, bound_tokens};
use crate::internals::ast::{Field, Part};
use crate::internals::attr::{Value, keys};
use crate::internals::doc::Doc;

/// The expression that builds a newtype's property schema: `base` (its field type's schema)
/// with the field's attributes applied, listed in one table (`__private::set::Narrow`s, in
/// the keys' order) for one runtime call. (A newtype's field takes no `default`: that belongs
/// on the form fields that use the newtype, and the attribute parser refuses it there.)
pub(super) fn field_schema(
    field: &Field,
    description: Option<Doc>,
    (base, facts): (&TokenStream, &TokenStream),
    form: &str,
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let table = narrows(field, description, krate);
    quote! {
        #private::set::newtype(#base, #facts, &[#(#table),*], #form)
    }
}

/// A field's attributes as the runtime's table of `__private::set::Narrow`s: its title and
/// description first, then its keys in the keys' order.
fn narrows(field: &Field, description: Option<Doc>, krate: &TokenStream) -> Vec<TokenStream> {
    let private = quote!(#krate::__private);
    let narrow = quote!(#private::set::Narrow);
    let attrs = &field.attrs;
    let mut table = Vec::new();

    match (attrs.str(&keys::TITLE), &field.title) {
        (Some(title), _) => table.push(quote!(#narrow::Title(#title))),
        // A derived title gives way to one the field's type (a newtype) already has.
        (None, Some(title)) => table.push(quote!(#narrow::DefaultTitle(#title))),
        (None, None) => {}
    }
    if let Some(description) = description {
        table.push(quote!(#narrow::Description(#description)));
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
            Value::Number(number) => bound_tokens(number.value, krate),
            // By its place in the one list of formats, which the runtime's `StringFormat` is.
            Value::Format(format, _) => {
                let index = format.index();
                quote!(#krate::__private::StringFormat::ALL[#index])
            }
            Value::Str(lit) => quote!(#lit),
            _ => continue,
        };
        let variant = format_ident!("{}", narrows.variant);
        table.push(quote!(#narrow::#variant(#value)));
    }
    table
}

/// A member of the form as its table (`__private::set::Member`) lists it: a property (its
/// type's schema and facts, its attributes, its default), a field whose options are given at
/// run time (a select with none yet: its texts and item counts), or a flattened form. Its wire
/// name and whether it needs a value are the form's `NAMES` and `NEEDS_VALUE`, which the
/// runtime reads at its place.
pub(super) fn member(member: &Part, krate: &TokenStream) -> TokenStream {
    let set = quote!(#krate::__private::set);
    match member {
        Part::Property(field) if field.has_run_time_options() => {
            let (_, multi, _) = field.offered();
            let title = tokens::option_tokens(field.title.as_deref());
            let description = tokens::option_tokens(field.description());
            let count =
                |key| tokens::option_tokens(field.attrs.count(key).map(|count| count.value));
            let (min_items, max_items) = (count(&keys::MIN_ITEMS), count(&keys::MAX_ITEMS));
            quote! {
                #set::Member::Offered(#set::Offered {
                    multi: #multi,
                    title: #title,
                    description: #description,
                    min_items: #min_items,
                    max_items: #max_items,
                })
            }
        }
        Part::Property(field) => {
            let field_type = proofs::field_type(field);
            let narrows = narrows(field, field.description(), krate);
            let default = defaults::default_json(field, krate);
            quote! {
                #set::Member::Property(#set::Property {
                    base: #field_type::__schema,
                    facts: #field_type::__FACTS,
                    narrows: &[#(#narrows),*],
                    default: #default,
                })
            }
        }
        Part::Flatten(field) => {
            let flatten_type = proofs::flatten_type(field, krate);
            quote!(#set::Member::Flatten(#flatten_type::push))
        }
    }
}

/// The expression that builds a form's schema from its members' table: one call over one
/// array, which is cheaper to compile than a statement per field; the names are the form's
/// own table's (`FormFields::NAMES`).
pub(super) fn form_schema(
    form: &Ident,
    members: &[TokenStream],
    krate: &TokenStream,
) -> TokenStream {
    let name = form.to_string();
    quote!(#krate::__private::set::schema::<#form>(#name, &[#(#members),*]))
}
