//! The form's one reader, `FormFields`: its wire names, which of them need a value, and
//! `read_fields`, which reads every field once against the field as sent and runs the checks
//! written on fields.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned as _;

use super::defaults::skipped_value;
use super::proofs;
use super::tokens::respan;
use crate::internals::ast::{Field, Input, Part, option_inner};
use crate::internals::attr::keys;

/// The form's one reader, `FormFields`: its wire names, and `read_fields`, which reads every
/// field once against the field as sent (each recording its own error, a flattened form its
/// fields', a field filled at run time against what was offered), then builds the struct if
/// none failed and runs the checks written on fields.
///
/// `base_schema` is the expression of the form's schema before anything is given at run
/// time.
pub(crate) fn form_fields(
    input: &Input,
    fields: &[Field],
    members: &[Part],
    krate: &TokenStream,
    base_schema: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let ident = input.ident;
    let names = property_names(members, krate);
    let needs_value = needs_value(members, krate);
    let secret = secret(members, krate);
    let askable = field_flags(
        members,
        krate,
        |field| {
            let askable = field.attrs.has(&keys::ASK_IF_MISSING);
            quote!(#askable)
        },
        &quote!(ASKABLE),
    );
    let denies =
        input.attrs.has(&keys::DENY_UNKNOWN_FIELDS) || input.attrs.serde.deny_unknown_fields;
    let deny = denies.then(|| {
        quote!(
            const DENY_UNKNOWN: bool = true;
        )
    });
    let body = read_fields_body(ident, fields, members, krate);
    quote! {
        #[automatically_derived]
        impl #private::FormFields for #ident {
            const NAMES: &'static [&'static str] = #names;
            const NEEDS_VALUE: &'static [bool] = #needs_value;
            const SECRET: &'static [bool] = #secret;
            const ASKABLE: &'static [bool] = #askable;
            #deny

            #[inline]
            fn base_schema() -> &'static #private::RequestedSchema {
                #base_schema
            }

            #[inline]
            fn read_fields(__in: &mut #private::Reading<'_>) -> ::core::option::Option<Self> {
                #body
            }
        }

        // Asked in form mode only without a secret field: a form with one is refused where
        // it is asked (`FormMode`'s message), not here.
        #[automatically_derived]
        #[diagnostic::do_not_recommend]
        impl #krate::FormMode for #ident
        where
            for<'__elicit> #private::Secrecy<{
                #private::any_secret(<#ident as #private::FormFields>::SECRET)
            }>: #private::NoSecret,
        {
        }
    }
}

/// Whether each field of the form is a secret (`ElicitField::SECRET`), in the order of
/// [`property_names`].
fn secret(members: &[Part], krate: &TokenStream) -> TokenStream {
    let own = |field: &Field| {
        if field.has_run_time_options() {
            quote!(false)
        } else {
            let field_type = proofs::field_type(field);
            quote!(#field_type::__SECRET)
        }
    };
    field_flags(members, krate, own, &quote!(SECRET))
}

/// One flag per field of the form, in the order of [`property_names`]: `own` for a field of
/// its own, a flattened form's `FormFields::<list>` for its fields. A literal list, or, with
/// flattened fields, one computed at compile time from their forms' lists.
fn field_flags(
    members: &[Part],
    krate: &TokenStream,
    own: impl Fn(&Field) -> TokenStream,
    list: &TokenStream,
) -> TokenStream {
    let mut lens = Vec::new();
    let mut count = 0usize;
    let parts: Vec<TokenStream> = members
        .iter()
        .map(|member| match member {
            Part::Property(field) => {
                count += 1;
                let flag = own(field);
                quote!(&[#flag])
            }
            Part::Flatten(field) => {
                let flatten_type = proofs::flatten_type(field, krate);
                lens.push(quote!(#flatten_type::NAMES.len()));
                quote!(#flatten_type::#list)
            }
        })
        .collect();
    if lens.is_empty() {
        let flags = members.iter().filter_map(|member| match member {
            Part::Property(field) => Some(own(field)),
            Part::Flatten(_) => None,
        });
        return quote!(&[#(#flags),*]);
    }
    quote! {
        &#krate::__private::concat_flags::<{ #count #(+ #lens)* }>(&[#(#parts),*])
    }
}

/// Every wire name of the form, in declaration order: a literal list, or, with flattened
/// fields, one computed at compile time from their forms' lists.
fn property_names(members: &[Part], krate: &TokenStream) -> TokenStream {
    let mut own = 0usize;
    let mut flattened_lens = Vec::new();
    let parts: Vec<TokenStream> = members
        .iter()
        .map(|member| match member {
            Part::Property(field) => {
                own += 1;
                let name = &field.wire_name;
                quote!(&[#name])
            }
            Part::Flatten(field) => {
                let flatten_type = proofs::flatten_type(field, krate);
                flattened_lens.push(quote!(#flatten_type::NAMES.len()));
                quote!(#flatten_type::NAMES)
            }
        })
        .collect();
    if flattened_lens.is_empty() {
        let names = members.iter().filter_map(|member| match member {
            Part::Property(field) => Some(&field.wire_name),
            Part::Flatten(_) => None,
        });
        return quote!(&[#(#names),*]);
    }
    quote! {
        &#krate::__private::concat_names::<{ #own #(+ #flattened_lens)* }>(&[#(#parts),*])
    }
}

/// Whether each field of the form needs a value (is not an `Option`), in the order of
/// [`property_names`].
fn needs_value(members: &[Part], krate: &TokenStream) -> TokenStream {
    let own = |field: &Field| {
        if field.has_run_time_options() {
            let (_, _, optional) = field.offered();
            let needs = !optional;
            quote!(#needs)
        } else {
            let field_type = proofs::field_type(field);
            quote!(#field_type::__REQUIRED)
        }
    };
    field_flags(members, krate, own, &quote!(NEEDS_VALUE))
}

/// The place of each member of the form in its table of names (`FormFields::NAMES`): the
/// properties before it, and the names of the flattened forms before it (a flattened field's
/// place is its first name's). A literal while no flattened form comes before.
pub(crate) fn places(members: &[Part], krate: &TokenStream) -> Vec<TokenStream> {
    let mut own_before = 0usize;
    let mut flattened_before: Vec<TokenStream> = Vec::new();
    members
        .iter()
        .map(|member| {
            let place = quote!(#own_before #(+ #flattened_before)*);
            match member {
                Part::Property(_) => own_before += 1,
                Part::Flatten(field) => {
                    let flatten_type = proofs::flatten_type(field, krate);
                    flattened_before.push(quote!(#flatten_type::NAMES.len()));
                }
            }
            place
        })
        .collect()
}

/// The body of `FormFields::read_fields`: each member read from `__in` (a `Reading`) at its
/// place, where `Reading` finds its slot, name and property.
fn read_fields_body(
    form: &syn::Ident,
    fields: &[Field],
    members: &[Part],
    krate: &TokenStream,
) -> TokenStream {
    let locals: Vec<_> = (0..members.len())
        .map(|index| format_ident!("__field{index}"))
        .collect();
    // Each member is read at its place, a constant (the form's own fields before it, and the
    // names of the flattened forms before it), so that the reader compiles to straight-line
    // code as if each name were written there.
    let places = places(members, krate);
    let mut offers = 0usize;
    let parses: Vec<TokenStream> = members
        .iter()
        .zip(&locals)
        .zip(&places)
        .map(|((member, local), place)| match member {
            Part::Property(field) if field.has_run_time_options() => {
                let pick = match field.offered() {
                    (_, false, false) => quote!(pick_required),
                    (_, false, true) => quote!(pick_optional),
                    (_, true, false) => quote!(pick_all_required),
                    (_, true, true) => quote!(pick_all_optional),
                };
                let offerable = proofs::offered_type(field.offered().0, krate);
                let offer = offers;
                offers += 1;
                quote!(let #local = #offerable::#pick(__in, #place, #offer);)
            }
            Part::Property(field) => {
                let field_type = proofs::field_type(field);
                quote!(let #local = #field_type::__read(__in, #place);)
            }
            Part::Flatten(field) => {
                let flatten_type = proofs::flatten_type(field, krate);
                quote!(let #local = #flatten_type::parse(__in, #place);)
            }
        })
        .collect();
    let mut local_iter = locals.iter();
    let inits = fields.iter().map(|field| {
        let member = &field.member;
        if field.is_skipped() {
            let value = skipped_value(field);
            quote!(#member: #value)
        } else {
            let local = local_iter.next();
            quote!(#member: #local)
        }
    });
    let unpack = (!locals.is_empty()).then(|| {
        quote! {
            let (#(::core::option::Option::Some(#locals),)*) = (#(#locals,)*) else {
                return ::core::option::Option::None;
            };
        }
    });

    let checks = checks(members, &places, form, krate);
    let build = if checks.is_empty() {
        quote!(::core::option::Option::Some(Self { #(#inits,)* }))
    } else {
        // The checks written on fields, once every field was read: their errors join the
        // others, and the form is not handed back.
        quote! {
            let __value = Self { #(#inits,)* };
            let __before = __in.error_count();
            #checks
            if __in.error_count() > __before {
                return ::core::option::Option::None;
            }
            ::core::option::Option::Some(__value)
        }
    };
    quote! {
        #(#parses)*
        #unpack
        #build
    }
}

/// The checks written on fields (`check = …`), run on `__value` (a `form`) once every field
/// was read, each error recorded in `__in` (a `Reading`) on its field, by its place
/// (`places`, one per member). Each function is called through the public
/// `shape::FieldCheck`, spanned on its path, so that a function of another signature is an
/// error there, saying what differs.
fn checks(
    members: &[Part],
    places: &[TokenStream],
    form: &Ident,
    krate: &TokenStream,
) -> TokenStream {
    members
        .iter()
        .zip(places)
        .filter_map(|(member, place)| {
            let Part::Property(field) = member else {
                return None;
            };
            let path = field.attrs.check()?;
            let member = &field.member;
            let span = path.span();
            // A check of an optional field runs on its value, when there is one.
            let (checked, optional) = match option_inner(field.ty) {
                Some(inner) => (inner, true),
                None => (field.ty, false),
            };
            // Spanned on the path whole, the crate's too: rustc's "required by a bound
            // introduced by this call" then points there, not at the derive.
            let check = respan(quote!(#krate::shape::FieldCheck), span);
            let run = quote_spanned! {span=>
                #check::<#checked, #form, _>::check(&#path, __field, &__value)
            };
            Some(if optional {
                quote! {
                    if let ::core::option::Option::Some(__field) = &__value.#member {
                        __in.checked(#place, #run);
                    }
                }
            } else {
                quote! {{
                    let __field = &__value.#member;
                    __in.checked(#place, #run);
                }}
            })
        })
        .collect()
}
