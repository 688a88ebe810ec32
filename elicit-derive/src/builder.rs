//! A struct form's builder, `T::form()`: one method per field, each shaping the field for
//! one asking (see the runtime's `shape` module); for a form with fields whose options are
//! given at run time (`options`), the form itself is built here: its base schema, its reader
//! against what was offered, and the builder's states, so that a form is asked only once each
//! such field has its options.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned as _;

use crate::ast::{Field, Input, option_inner};
use crate::check;

/// The builder's own methods: a field may not be named like one (`valid` says so).
pub(crate) const RESERVED: [&str; 3] = ["build", "with_message", "with_attempts"];

/// The name of the builder type: `{Form}Form`, inside the expansion's anonymous constant.
fn builder_name(input: &Input) -> Ident {
    format_ident!("{}Form", input.ident)
}

/// `Some(&form.member)` or, for an `Option` field, `form.member.as_ref()`: what a check of the
/// field sees. Read from the syntax, like [`shaped_type`], so that no trait is asked of an
/// unsupported type here (the field trait reports it, once).
fn getter(field: &Field, form: &Ident) -> TokenStream {
    let member = &field.member;
    if option_inner(field.ty).is_some() {
        quote!(|__form: &#form| __form.#member.as_ref())
    } else {
        quote!(|__form: &#form| ::core::option::Option::Some(&__form.#member))
    }
}

/// The type a field's shape is of: the field's type, or `T` of an `Option<T>` (read from the
/// syntax, so that an unsupported type is reported once, by the field trait, and not again by
/// the builder's signature).
fn shaped_type(field: &Field) -> TokenStream {
    let ty = option_inner(field.ty).unwrap_or(field.ty);
    quote!(#ty)
}

/// The method that shapes one field of a fixed kind.
fn field_method(field: &Field, form: &Ident, krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let vis = field.vis;
    let method = field_method_name(field);
    let name = &field.wire_name;
    let ty = shaped_type(field);
    let get = getter(field, form);
    let register = quote!(self.parts.field(#name, #get, shape););
    let doc = format!(
        "Shapes the field `{}` for this asking: its texts, a narrower range, fewer options, a default, a check.",
        field.name()
    );
    quote! {
        #[doc = #doc]
        #[inline]
        #[must_use]
        #vis fn #method(
            mut self,
            shape: impl ::core::ops::FnOnce(#private::FieldShape<#form, #ty>) -> #private::FieldShape<#form, #ty>,
        ) -> Self {
            #register
            self
        }
    }
}

fn field_method_name(field: &Field) -> Ident {
    match &field.member {
        syn::Member::Named(ident) => ident.clone(),
        syn::Member::Unnamed(_) => format_ident!("field"),
    }
}

/// The builder's own methods, shared by both kinds of builder.
fn own_methods(input: &Input) -> TokenStream {
    let vis = input.vis;
    quote! {
        /// Replaces the prompt for this asking.
        #[inline]
        #[must_use]
        #vis fn with_message(mut self, message: impl ::core::convert::Into<::std::string::String>) -> Self {
            self.parts.message(::core::convert::Into::into(message));
            self
        }

        /// Asks again while the answer does not fit, up to `attempts` times in all.
        #[inline]
        #[must_use]
        #vis fn with_attempts(mut self, attempts: u32) -> Self {
            self.parts.attempts(attempts);
            self
        }
    }
}

/// The doc comment of `T::form()`.
fn form_doc(input: &Input) -> String {
    format!(
        "`{}`'s form, to shape for one asking: each field's method takes a closure that narrows its range, offers fewer options, sets a default, a text or a check (see `elicit_core::shape`). Ask the builder, or `build()` it into a `Form`.",
        input.ident
    )
}

/// The builder of a form whose fields are all of a fixed kind: it starts from the form's own
/// cached schema and reads answers with `from_content`.
pub(crate) fn static_builder(input: &Input, fields: &[&Field], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let form = input.ident;
    let vis = input.vis;
    let builder = builder_name(input);
    let methods = fields.iter().map(|field| field_method(field, form, krate));
    let own = own_methods(input);
    let doc = form_doc(input);
    quote! {
        #[doc = #doc]
        #vis struct #builder {
            parts: #private::FormParts<#form>,
        }

        #[automatically_derived]
        impl #form {
            #[doc = #doc]
            #[inline]
            #[must_use]
            #vis fn form() -> #builder {
                #builder {
                    parts: #private::FormParts::new(
                        <#form as #krate::Elicit>::message(),
                        ::core::clone::Clone::clone(<#form as #krate::Elicit>::requested_schema()),
                    ),
                }
            }
        }

        #[automatically_derived]
        impl #builder {
            #(#methods)*
            #own

            /// The form, or what contradicts itself in what was given (found before
            /// anything is sent).
            ///
            /// # Errors
            /// A `ShapeError` naming the field and the problem.
            #[inline]
            #vis fn build(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                self.parts.build(|__content, _| <#form as #krate::Elicit>::from_content(__content))
            }
        }

        #[automatically_derived]
        impl #private::IntoForm<#form> for #builder {
            #[inline]
            fn into_form(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                self.build()
            }
        }
    }
}

/// One field whose options are given at run time: its builder state parameter, its marker
/// trait, and how it is read.
struct Offered<'f, 'a> {
    field: &'f Field<'a>,
    state: Ident,
    given: Ident,
}

/// A form with fields whose options are given at run time: no `Elicit` impl (it has no
/// schema of its own), but a builder whose states track which of those fields have their
/// options, a base schema with those fields empty, and a reader against what was offered.
pub(crate) fn options_form(
    input: &Input,
    fields: &[crate::ast::Field],
    properties: &[&Field],
    krate: &TokenStream,
    schema_pushes: &[TokenStream],
) -> TokenStream {
    let private = quote!(#krate::__private);
    let form = input.ident;
    let vis = input.vis;
    let builder = builder_name(input);
    let message = input.message();
    let doc = form_doc(input);
    let own = own_methods(input);
    let offered: Vec<Offered> = properties
        .iter()
        .filter(|field| field.has_run_time_options())
        .map(|field| {
            let camel: String = field
                .name()
                .split('_')
                .map(|word| {
                    let mut chars = word.chars();
                    chars.next().map_or_else(String::new, |first| {
                        first.to_uppercase().chain(chars).collect()
                    })
                })
                .collect();
            Offered {
                field,
                state: format_ident!("__{}State", camel),
                given: format_ident!("{}OptionsGiven", camel),
            }
        })
        .collect();
    let states: Vec<&Ident> = offered.iter().map(|o| &o.state).collect();
    let not_given: Vec<TokenStream> = offered.iter().map(|_| quote!(#private::NotGiven)).collect();
    let offer_types: Vec<TokenStream> = offered
        .iter()
        .map(|o| {
            let (value, _, _) = o.field.offered();
            quote!(#private::Offer<#value>)
        })
        .collect();
    let offer_slots: Vec<Ident> = (0..offered.len())
        .map(|i| format_ident!("offer{i}"))
        .collect();

    // The methods of the fields of a fixed kind, on every state.
    let methods = properties
        .iter()
        .filter(|field| !field.has_run_time_options())
        .map(|field| field_method(field, form, krate));

    // One method per field filled at run time, on the states where it is not given yet.
    let options_methods = offered.iter().enumerate().map(|(index, o)| {
        let field = o.field;
        let vis = field.vis;
        let method = field_method_name(field);
        let name = &field.wire_name;
        let member = &field.member;
        let (value, multi, optional) = field.offered();
        let (shape, register) = if multi {
            (quote!(MultiOptions), quote!(multi_options))
        } else {
            (quote!(Options), quote!(options))
        };
        let get = if optional {
            quote!(|__form: &#form| __form.#member.as_ref())
        } else {
            quote!(|__form: &#form| ::core::option::Option::Some(&__form.#member))
        };
        let before: Vec<TokenStream> = states
            .iter()
            .enumerate()
            .map(|(i, state)| if i == index { quote!(#private::NotGiven) } else { quote!(#state) })
            .collect();
        let after: Vec<TokenStream> = states
            .iter()
            .enumerate()
            .map(|(i, state)| if i == index { quote!(#private::Given) } else { quote!(#state) })
            .collect();
        let others: Vec<&&Ident> = states.iter().enumerate().filter(|(i, _)| *i != index).map(|(_, s)| s).collect();
        let slot = &offer_slots[index];
        let doc = format!(
            "Gives the options of `{}` (required before the form can be asked), and shapes it: its texts, a default, a check{}.",
            field.name(),
            if multi { ", item counts" } else { "" }
        );
        quote! {
            #[automatically_derived]
            impl<#(#others),*> #builder<#(#before),*> {
                #[doc = #doc]
                #[inline]
                #[must_use]
                #vis fn #method(
                    mut self,
                    shape: impl ::core::ops::FnOnce(
                        #private::#shape<#form, #value, #private::NotGiven>,
                    ) -> #private::#shape<#form, #value, #private::Given>,
                ) -> #builder<#(#after),*> {
                    self.offers.#slot = self.parts.#register(#name, #get, shape);
                    #builder {
                        parts: self.parts,
                        offers: self.offers,
                        _state: ::core::marker::PhantomData,
                    }
                }
            }
        }
    });

    let markers = offered.iter().map(|o| {
        let given = &o.given;
        let name = o.field.name();
        let message = format!("the options of `{name}` are not given");
        let label = format!("this form still needs the options of `{name}`");
        let note = format!(
            "give them before asking: `.{name}(|f| f.options(…))`; a field marked `#[elicit(options)]` has no options until the form is asked"
        );
        let doc = format!("The state of a builder whose field `{name}` has its options.");
        quote! {
            #[doc = #doc]
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            #vis trait #given {}
            impl #given for #private::Given {}
        }
    });
    let bounds: Vec<TokenStream> = offered
        .iter()
        .map(|o| {
            let state = &o.state;
            let given = &o.given;
            quote!(#state: #given)
        })
        .collect();

    // Reading: each field against its offer, or with its field trait against its property
    // as shaped (found by name: a field not asked has none).
    let reads = fields
        .iter()
        .filter(|field| !field.is_skipped())
        .map(|field| {
            let member = &field.member;
            let name = &field.wire_name;
            if let Some(slot) = offered.iter().position(|o| std::ptr::eq(o.field, field)) {
                let (_, multi, optional) = field.offered();
                let pick = match (multi, optional) {
                    (false, false) => quote!(pick_required),
                    (false, true) => quote!(pick_optional),
                    (true, false) => quote!(pick_all_required),
                    (true, true) => quote!(pick_all_optional),
                };
                let slot = &offer_slots[slot];
                quote! {
                    let #member = #private::#pick(__content, #name, &__offers.#slot, #private::property(__schema, #name), &mut __errors);
                }
            } else {
                let field_type = check::field_type(field);
                let default = crate::expand::default_tokens(field, krate);
                quote! {
                    let #member = #field_type::__parse(
                        #private::raw(__content, #name).as_ref(),
                        #name,
                        #private::property(__schema, #name),
                        &#default,
                        &mut __errors,
                    );
                }
            }
        });
    let read_members: Vec<&syn::Member> = fields
        .iter()
        .filter(|field| !field.is_skipped())
        .map(|field| &field.member)
        .collect();
    let inits = fields.iter().map(|field| {
        let member = &field.member;
        if field.is_skipped() {
            let value = crate::expand::skipped_value(field);
            quote!(#member: #value)
        } else {
            quote!(#member)
        }
    });
    let checks = checks(&fields.iter().collect::<Vec<_>>(), krate);
    let offers_struct = format_ident!("{}Offers", input.ident);

    quote! {
        #[doc = #doc]
        #vis struct #builder<#(#states),*> {
            parts: #private::FormParts<#form>,
            offers: #offers_struct,
            _state: ::core::marker::PhantomData<fn() -> (#(#states,)*)>,
        }

        /// What the builder offered, field by field (nothing until a field's method is
        /// called; the builder's states keep a form with nothing offered from being asked).
        #vis struct #offers_struct {
            #(#offer_slots: #offer_types,)*
        }

        #(#markers)*

        #[automatically_derived]
        impl #form {
            #[doc = #doc]
            #[inline]
            #[must_use]
            #vis fn form() -> #builder<#(#not_given),*> {
                // The form before anything is given, built once (as a static form's schema
                // is): each asking starts from a copy.
                static __BASE: #private::OnceLock<#krate::__private::RequestedSchema> = #private::OnceLock::new();
                let __base = __BASE.get_or_init(|| {
                    let mut __form = #krate::__private::RequestedSchema::new();
                    #(#schema_pushes)*
                    __form
                });
                #builder {
                    parts: #private::FormParts::new(#message, ::core::clone::Clone::clone(__base)),
                    offers: #offers_struct { #(#offer_slots: ::core::default::Default::default(),)* },
                    _state: ::core::marker::PhantomData,
                }
            }

            /// Reads an answer against what was offered.
            fn __read_offered(
                __content: &#private::Content,
                __offers: &#offers_struct,
                __schema: &#krate::__private::RequestedSchema,
            ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                let mut __errors = #private::Errors::new();
                #(#reads)*
                let (#(::core::option::Option::Some(#read_members),)*) = (#(#read_members,)*) else {
                    return #private::finish(::core::option::Option::<Self>::None, __errors);
                };
                let __value = Self { #(#inits,)* };
                {
                    let __errors = &mut __errors;
                    #checks
                }
                #private::finish(::core::option::Option::Some(__value), __errors)
            }
        }

        #[automatically_derived]
        impl<#(#states),*> #builder<#(#states),*> {
            #(#methods)*
            #own

            /// The form, once every field filled at run time has its options; or what
            /// contradicts itself in what was given (found before anything is sent).
            ///
            /// # Errors
            /// A `ShapeError` naming the field and the problem.
            #[inline]
            #vis fn build(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError>
            where
                #(#bounds,)*
            {
                let __offers = self.offers;
                self.parts.build(move |__content, __schema| #form::__read_offered(__content, &__offers, __schema))
            }
        }

        #(#options_methods)*

        #[automatically_derived]
        impl<#(#states),*> #private::IntoForm<#form> for #builder<#(#states),*>
        where
            #(#bounds,)*
        {
            #[inline]
            fn into_form(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                self.build()
            }
        }
    }
}

/// The checks written on fields (`check = …`), run on `__value` once every field was read,
/// each error recorded on its field in `__errors` (a `&mut Errors`).
pub(crate) fn checks(fields: &[&Field], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    fields
        .iter()
        .filter(|field| !field.is_skipped())
        .filter_map(|field| {
            let path = field.attrs.check()?;
            let member = &field.member;
            let name = &field.wire_name;
            let span = path.span();
            // A check of an optional field runs on its value, when there is one. The value is
            // lent through `Borrow`, so that the function may take what the type borrows as
            // (`&str` for a `String`, a slice for a `Vec`), as idiomatic Rust does.
            let optional = if field.has_run_time_options() {
                field.offered().2
            } else {
                option_inner(field.ty).is_some()
            };
            Some(if optional {
                quote_spanned! {span=>
                    if let ::core::option::Option::Some(__field) = &__value.#member {
                        #private::checked(#path(::core::borrow::Borrow::borrow(__field), &__value), #name, __errors);
                    }
                }
            } else {
                quote_spanned! {span=>
                    #private::checked(#path(::core::borrow::Borrow::borrow(&__value.#member), &__value), #name, __errors);
                }
            })
        })
        .collect()
}

/// Whether any field of the form has its options given at run time.
pub(crate) fn has_run_time_options(fields: &[Field]) -> bool {
    fields
        .iter()
        .any(|field| field.has_run_time_options() && !field.is_skipped())
}

/// The reserved names a field may not take, for `valid`.
pub(crate) fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}
