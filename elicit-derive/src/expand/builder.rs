//! A struct form's builder, `T::form()`: one method per field, each shaping the field for
//! one asking (see the runtime's `shape` module); for a form with fields whose options are
//! given at run time (`options`), the builder's states too, so that a form is asked only once
//! each such field has its options.
//!
//! # Names that never collide
//!
//! The builder is named after the form (`TripForm`), its states after the fields
//! (`DayOptions`, `DayOptionsGiven`), so that rustc's errors and rustdoc read well; a user's
//! own type of such a name must still be usable in the form. So the builder lives in a scope
//! of its own, a constant nested in the expansion's: its names are defined there, and no token
//! the user wrote is resolved there. Every type of the user's the builder needs (the form, its
//! fields' types, the values offered) is named through an alias defined in the outer scope
//! ([`Aliases`]), where the user's tokens mean what they mean in the user's module, and where
//! nothing of ours but `__`-prefixed names and the `elicit_core` module (which re-exports the
//! crate) is defined.

use proc_macro2::TokenStream;
use quote::{ToTokens as _, format_ident, quote};
use syn::spanned::Spanned as _;
use syn::{Ident, Type};

use super::reader;
use super::tokens::respan;
use crate::internals::ast::{BUILDER_METHODS, Field, Input, Part, is_reserved, option_inner};

/// The builder's names for the user's types, defined in the outer scope.
struct Aliases;

impl Aliases {
    /// The form.
    fn form() -> Ident {
        format_ident!("__ElicitForm")
    }

    /// The type a field's shape is of: the field's type, or `T` of an `Option<T>`.
    fn shaped(index: usize, ty: &Type) -> Ident {
        Ident::new(&format!("__ElicitShaped{index}"), ty.span())
    }

    /// The type of the values offered for a field filled at run time.
    fn offered(index: usize, ty: &Type) -> Ident {
        Ident::new(&format!("__ElicitOffered{index}"), ty.span())
    }

    /// The aliases of the form and of the types of `properties` that the builder names: for
    /// a field filled at run time the type of its values, for another its shape's type; for
    /// the stand-in builder (`stub`, without `places`), every field's shape's. A builder that
    /// shapes the fields at `places` also gets the function that finds their values
    /// ([`field_getter`]).
    fn define(input: &Input, properties: &[&Field], places: Option<&Places>) -> TokenStream {
        let stub = places.is_none();
        let form_alias = Self::form();
        let form = input.ident;
        let fields = properties.iter().enumerate().map(|(index, field)| {
            if field.has_run_time_options() && !stub {
                let (value, _, _) = field.offered();
                let alias = Self::offered(index, value);
                quote!(type #alias = #value;)
            } else {
                let alias = Self::shaped(index, field.ty);
                let shaped = shaped_type(field);
                quote!(type #alias = #shaped;)
            }
        });
        let table = places.map(|places| field_getter(properties, places));
        quote! {
            type #form_alias = #form;
            #(#fields)*
            #table
        }
    }

    /// The function that finds a field's value by its place ([`field_getter`]).
    fn getter() -> Ident {
        format_ident!("__elicit_field")
    }

    /// The place of the property at `index`, where a flattened form comes before it.
    fn place(index: usize) -> Ident {
        format_ident!("__ELICIT_PLACE{index}")
    }
}

/// Where each property of the form is in its table of names (`FormFields::NAMES`), the place
/// its builder method and the getter of its value ([`field_getter`]) name it by: a literal,
/// or, after a flattened form (whose number of names only the compiler knows), a constant of
/// the outer scope, where the flattened form's type is named.
struct Places {
    /// Each property's place, as a literal or the constant's name.
    of: Vec<TokenStream>,
    /// The constants.
    definitions: TokenStream,
}

impl Places {
    /// The places of the properties among `members`, in order.
    fn of(members: &[Part], krate: &TokenStream) -> Self {
        let mut places = Self {
            of: Vec::new(),
            definitions: TokenStream::new(),
        };
        let all = reader::places(members, krate);
        let mut flattened_before = false;
        for (member, place) in members.iter().zip(all) {
            match member {
                Part::Flatten(_) => flattened_before = true,
                Part::Property(_) if flattened_before => {
                    let name = Aliases::place(places.of.len());
                    places
                        .definitions
                        .extend(quote!(const #name: usize = #place;));
                    places.of.push(quote!(#name));
                }
                Part::Property(_) => places.of.push(place),
            }
        }
        places
    }
}

/// The function that finds the value of each field of a fixed kind in a whole answer, by its
/// place (`places`), for its checks (a field filled at run time has its own method, which
/// passes its own): the builder's `FieldGetter`. Its name and whether it is an `Option` are
/// the form's `NAMES` and `NEEDS_VALUE`, which the builder reads at the same place. One
/// function a form, rather than a closure a method: the builder's methods are most of what a
/// static form costs to build.
fn field_getter(properties: &[&Field], places: &Places) -> TokenStream {
    let (form, getter) = (Aliases::form(), Aliases::getter());
    let arms = properties.iter().zip(&places.of).map(|(field, place)| {
        let member = &field.member;
        if field.has_run_time_options() {
            TokenStream::new()
        } else if option_inner(field.ty).is_some() {
            quote! {
                #place => match &__form.#member {
                    ::core::option::Option::Some(__value) => ::core::option::Option::Some(__value),
                    ::core::option::Option::None => ::core::option::Option::None,
                },
            }
        } else {
            quote!(#place => ::core::option::Option::Some(&__form.#member),)
        }
    });
    let definitions = &places.definitions;
    quote! {
        #definitions
        fn #getter(__form: &#form, __index: usize) -> ::core::option::Option<&dyn ::core::any::Any> {
            match __index {
                #(#arms)*
                _ => ::core::option::Option::None,
            }
        }
    }
}

/// The form's `Shaped` impl, whose builder is `builder` (with its states, for an options
/// form): what `Elicit::form` reaches. A form without a builder has no such impl, and calling
/// `T::form()` on it is the error that says to write `shaped`.
fn shaped_impl(builder: &TokenStream, krate: &TokenStream) -> TokenStream {
    let form = Aliases::form();
    quote! {
        #[automatically_derived]
        #[diagnostic::do_not_recommend]
        impl #krate::__private::Shaped for #form {
            type Builder = #builder;

            #[inline]
            fn builder() -> Self::Builder {
                #form::form()
            }
        }
    }
}

/// The name of the builder type: `{Form}Form`, in the builder's scope.
fn builder_name(input: &Input) -> Ident {
    format_ident!("{}Form", input.ident)
}

/// `Some(&form.member)` or, for an `Option` field, `form.member.as_ref()`: what a check of the
/// field sees. Read from the syntax, like [`shaped_type`], so that no trait is asked of an
/// unsupported type here (the field trait reports it, once).
fn getter(field: &Field) -> TokenStream {
    let member = &field.member;
    let form = Aliases::form();
    if option_inner(field.ty).is_some() {
        quote!(|__form: &#form| __form.#member.as_ref())
    } else {
        quote!(|__form: &#form| ::core::option::Option::Some(&__form.#member))
    }
}

/// The type a field's shape is of: the field's type, or `T` of an `Option<T>` (read from the
/// syntax, so that an unsupported type is reported once, by the field trait, and not again by
/// the builder's signature).
fn shaped_type<'a>(field: &Field<'a>) -> &'a Type {
    option_inner(field.ty).unwrap_or(field.ty)
}

/// The method that shapes the field at `index` of the properties, of a fixed kind: the
/// field's place in the form's table of names (`place`, [`Places`]) is all it passes on.
fn field_method(
    index: usize,
    place: &TokenStream,
    field: &Field,
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let form = Aliases::form();
    let vis = field.vis;
    let method = field_method_name(field);
    let ty = Aliases::shaped(index, field.ty);
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
            self.parts.field_at(#place, shape);
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
    let [_, with_message] = BUILDER_METHODS.map(|name| format_ident!("{name}"));
    quote! {
        /// Replaces the prompt for this asking.
        #[inline]
        #[must_use]
        #vis fn #with_message(mut self, message: impl ::core::convert::Into<::std::string::String>) -> Self {
            self.parts.message(::core::convert::Into::into(message));
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

/// The builder of a form whose fields are all of a fixed kind (its `members`): it starts from
/// the form's own cached schema and reads answers with its one reader.
pub(super) fn static_builder(input: &Input, members: &[Part], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let form = Aliases::form();
    let vis = input.vis;
    let builder = builder_name(input);
    let properties: Vec<&Field> = members
        .iter()
        .filter_map(|member| match member {
            Part::Property(field) => Some(*field),
            Part::Flatten(_) => None,
        })
        .collect();
    let places = Places::of(members, krate);
    let methods = properties
        .iter()
        .zip(&places.of)
        .enumerate()
        .map(|(index, (field, place))| field_method(index, place, field, krate));
    let own = own_methods(input);
    let doc = form_doc(input);
    let aliases = Aliases::define(input, &properties, Some(&places));
    let getter = Aliases::getter();
    let shaped = shaped_impl(&quote!(#builder), krate);
    quote! {
        #aliases

        const _: () = {
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
                        parts: #private::FormParts::of_fields(
                            <#form as #krate::Elicit>::message(),
                            ::core::clone::Clone::clone(<#form as #krate::Elicit>::requested_schema()),
                            #getter,
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
                    self.parts.build(::std::vec::Vec::new())
                }
            }

            #[automatically_derived]
            impl #private::IntoForm<#form> for #builder {
                #[inline]
                fn into_form(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                    self.build()
                }
            }

            #shaped
        };
    }
}

/// One field whose options are given at run time: its index among the properties, its
/// builder state parameter, its marker trait, and the index of the builder's offers its
/// options are kept at.
struct Offered<'f, 'a> {
    field: &'f Field<'a>,
    index: usize,
    state: Ident,
    given: Ident,
    slot: usize,
}

/// The fields of `properties` whose options are given at run time, each named after the
/// field: its state `DateOptions`, its marker `DateOptionsGiven` (which rustc's errors show).
fn offered_fields<'f, 'a>(properties: &[&'f Field<'a>]) -> Vec<Offered<'f, 'a>> {
    let mut camels: Vec<String> = Vec::new();
    properties
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, field)| field.has_run_time_options())
        .enumerate()
        .map(|(slot, (index, field))| {
            let mut camel: String = field
                .name()
                .split('_')
                .map(|word| {
                    let mut chars = word.chars();
                    chars.next().map_or_else(String::new, |first| {
                        first.to_uppercase().chain(chars).collect()
                    })
                })
                .collect();
            // `a_b` and `a__b` are both `AB`: the second is `AB2`.
            if camels.contains(&camel) {
                camel = format!("{camel}{}", camels.len() + 1);
            }
            camels.push(camel.clone());
            Offered {
                field,
                index,
                state: format_ident!("{}Options", camel),
                given: format_ident!("{}OptionsGiven", camel),
                slot,
            }
        })
        .collect()
}

/// What the parts of a builder with fields filled at run time are written from.
struct OptionsBuilder<'f, 'a> {
    input: &'f Input<'a>,
    builder: Ident,
    krate: &'f TokenStream,
    offered: Vec<Offered<'f, 'a>>,
}

impl OptionsBuilder<'_, '_> {
    fn private(&self) -> TokenStream {
        let krate = self.krate;
        quote!(#krate::__private)
    }

    fn states(&self) -> Vec<&Ident> {
        self.offered.iter().map(|o| &o.state).collect()
    }

    /// `NotGiven` for every field filled at run time: the builder `form()` returns.
    fn not_given(&self) -> Vec<TokenStream> {
        let private = self.private();
        self.offered
            .iter()
            .map(|_| quote!(#private::NotGiven))
            .collect()
    }

    /// `DateOptions: DateOptionsGiven, …`: the builder's states once every field has its
    /// options.
    fn bounds(&self) -> Vec<TokenStream> {
        self.offered
            .iter()
            .map(|o| {
                let (state, given) = (&o.state, &o.given);
                quote!(#state: #given)
            })
            .collect()
    }

    /// The method of the field `which` of `offered`, on the states where its options are not
    /// given yet: it gives them, and the builder's state says so.
    fn options_method(&self, which: usize) -> TokenStream {
        let private = self.private();
        let (form, builder) = (Aliases::form(), &self.builder);
        let Offered {
            field, index, slot, ..
        } = &self.offered[which];
        let vis = field.vis;
        let method = field_method_name(field);
        let (value, multi, _) = field.offered();
        let value = Aliases::offered(*index, value);
        let (shape, register) = if multi {
            (quote!(MultiOptions), quote!(multi_options))
        } else {
            (quote!(Options), quote!(options))
        };
        let get = getter(field);
        let states = self.states();
        let with = |state: TokenStream| -> Vec<TokenStream> {
            states
                .iter()
                .enumerate()
                .map(|(i, other)| {
                    if i == which {
                        state.clone()
                    } else {
                        quote!(#other)
                    }
                })
                .collect()
        };
        let (before, after) = (
            with(quote!(#private::NotGiven)),
            with(quote!(#private::Given)),
        );
        let others = states
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != which)
            .map(|(_, state)| state);
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
                    self.offers[#slot] = #private::Offered::<#value>::keep(
                        self.parts.#register(#index, #get, shape),
                    );
                    #builder {
                        parts: self.parts,
                        offers: self.offers,
                        _state: ::core::marker::PhantomData,
                    }
                }
            }
        }
    }

    /// The marker trait of a field's state once its options are given, whose `on_unimplemented`
    /// is the error of a form asked without them.
    fn marker(&self, o: &Offered) -> TokenStream {
        let private = self.private();
        let (form, vis) = (self.input.ident, self.input.vis);
        let given = &o.given;
        let name = o.field.name();
        let message = format!("the options of `{name}` are not given");
        let label = format!("this form still needs the options of `{name}`");
        let how = format!(
            "a field marked `#[elicit(options)]` has its options given each time the form is asked, through the form's builder: `{form}::form().{name}(|f| f.options(…))`"
        );
        let whole = format!(
            "`{form}` has no schema of its own: ask its builder or the `Form` it builds (`Dialog::ask_form`, `Inputs::form_of`, `Asked::complete_with`), not `{form}` itself (`Dialog::ask`, `Inputs::form`, `Asked::complete`)"
        );
        let doc = format!("The state of a builder whose field `{name}` has its options.");
        // On the field: rustc's "the trait is implemented for `Given`" then points at it.
        let given_impl = respan(
            quote!(impl #given for #private::Given {}),
            o.field.member.span(),
        );
        quote! {
            #[doc = #doc]
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #how, note = #whole)]
            #vis trait #given {}
            #given_impl
        }
    }

    /// `IntoForm` for the builder once every field has its options, and an `Elicit` impl for
    /// the form that never holds. A form with fields filled at run time has no schema of its
    /// own, so no `Elicit` impl that holds; this one's bound is the builder's before any
    /// option is given (`for<'__a>` keeps rustc from judging it where it is written), so that
    /// asking the form itself (`ask::<T>`, `Form::<T>::new()`) is the builder's error, naming
    /// the field whose options are missing and how to give them, rather than "not an
    /// elicitation form". Both are spanned on the form's name, not on the derive: rustc's
    /// notes "required for `…Form<…>` to implement `IntoForm<…>`" then point at the form,
    /// without its advice for derived impls ("consider manually implementing `IntoForm`").
    fn asked_through_builder(&self) -> TokenStream {
        let (private, krate) = (self.private(), self.krate);
        let builder = &self.builder;
        let span = self.input.ident.span();
        let form = respan(Aliases::form().into_token_stream(), span);
        let (states, bounds, not_given) = (self.states(), self.bounds(), self.not_given());
        // Only the trait and the type: the rest stays the derive's, which lints leave alone.
        let into_form = respan(quote!(#private::IntoForm<#form>), span);
        let built = respan(quote!(#builder<#(#states),*>), span);
        let elicit = respan(quote!(#krate::Elicit), span);
        quote! {
            #[automatically_derived]
            impl<#(#states),*> #into_form for #built
            where
                #(#bounds,)*
            {
                #[inline]
                fn into_form(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                    self.build()
                }
            }

            #[automatically_derived]
            impl #elicit for #form
            where
                for<'__a> #builder<#(#not_given),*>: #private::IntoForm<#form>,
            {
                fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                    ::core::unreachable!()
                }
                fn message() -> &'static str {
                    ::core::unreachable!()
                }
                fn from_content(
                    _: &#private::Content,
                ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                    ::core::unreachable!()
                }
                fn to_content(&self) -> #private::Content {
                    ::core::unreachable!()
                }
            }
        }
    }
}

/// A form with fields whose options are given at run time: no `Elicit` impl that holds (it has
/// no schema of its own), but a builder whose states track which of those fields have their
/// options. It starts from the form's base schema and prompt, `__elicit_base_schema()` and
/// `__elicit_message()`, defined in the outer scope (`form::options_form`).
pub(super) fn options_form(
    input: &Input,
    properties: &[&Field],
    krate: &TokenStream,
) -> TokenStream {
    let parts = OptionsBuilder {
        input,
        builder: builder_name(input),
        krate,
        offered: offered_fields(properties),
    };
    let private = parts.private();
    let (form, vis, builder) = (Aliases::form(), input.vis, &parts.builder);
    let doc = form_doc(input);
    let own = own_methods(input);
    let (states, bounds, not_given) = (parts.states(), parts.bounds(), parts.not_given());
    let offer_count = parts.offered.len();
    // Such a form flattens nothing (`valid::run_time_forms_flatten_nothing`): its fields'
    // places are their indexes.
    let members: Vec<Part> = properties
        .iter()
        .map(|field| Part::Property(field))
        .collect();
    let places = Places::of(&members, krate);
    // The methods of the fields of a fixed kind, on every state.
    let methods = properties
        .iter()
        .zip(&places.of)
        .enumerate()
        .filter(|(_, (field, _))| !field.has_run_time_options())
        .map(|(index, (field, place))| field_method(index, place, field, krate));
    let options_methods = (0..parts.offered.len()).map(|which| parts.options_method(which));
    let markers = parts.offered.iter().map(|o| parts.marker(o));
    let asked_through_builder = parts.asked_through_builder();
    let aliases = Aliases::define(input, properties, Some(&places));
    let getter = Aliases::getter();
    let shaped = shaped_impl(&quote!(#builder<#(#not_given),*>), krate);
    quote! {
        #aliases

        const _: () = {
            #[doc = #doc]
            #vis struct #builder<#(#states),*> {
                parts: #private::FormParts<#form>,
                // What was offered, field by field (nothing until a field's method is called;
                // the builder's states keep a form with nothing offered from being asked).
                offers: [#private::OfferSlot; #offer_count],
                _state: ::core::marker::PhantomData<fn() -> (#(#states,)*)>,
            }

            #(#markers)*

            #[automatically_derived]
            impl #form {
                #[doc = #doc]
                #[inline]
                #[must_use]
                #vis fn form() -> #builder<#(#not_given),*> {
                    #builder {
                        parts: #private::FormParts::of_fields(
                            __elicit_message(),
                            ::core::clone::Clone::clone(__elicit_base_schema()),
                            #getter,
                        ),
                        offers: ::core::array::from_fn(|_| ::core::default::Default::default()),
                        _state: ::core::marker::PhantomData,
                    }
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
                    self.parts.build(
                        ::std::vec::Vec::from(self.offers),
                    )
                }
            }

            #(#options_methods)*

            #asked_through_builder

            #shaped
        };
    }
}

/// The builder of a form whose derive failed (`fallback`): `T::form()` and one method per
/// field, each taking a closure over a `ShapeStub` that accepts whatever shaping the author
/// wrote, and the builder's own methods; so that the code shaping and asking the form reports
/// nothing more than the derive's own errors. Fields named like the builder's own methods
/// (an error of their own) get no method.
pub(super) fn stub_builder(input: &Input, fields: &[Field], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let form = Aliases::form();
    let vis = input.vis;
    let builder = builder_name(input);
    let properties: Vec<&Field> = fields
        .iter()
        .filter(|field| !field.is_skipped() && !field.is_flattened())
        .collect();
    let methods = properties
        .iter()
        .enumerate()
        .filter(|(_, field)| !is_reserved(&field.name()))
        .map(|(index, field)| {
            let vis = field.vis;
            let method = field_method_name(field);
            let checked = Aliases::shaped(index, field.ty);
            quote! {
                #vis fn #method<__R>(
                    self,
                    _: impl ::core::ops::FnOnce(#private::ShapeStub<#form, #checked>) -> __R,
                ) -> Self {
                    self
                }
            }
        });
    let aliases = Aliases::define(input, &properties, None);
    quote! {
        #aliases

        const _: () = {
            #vis struct #builder {}

            #[automatically_derived]
            impl #form {
                #vis fn form() -> #builder {
                    #builder {}
                }
            }

            #[automatically_derived]
            impl #builder {
                #(#methods)*

                #vis fn with_message(self, _: impl ::core::convert::Into<::std::string::String>) -> Self {
                    self
                }

                #vis fn build(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                    ::core::unimplemented!()
                }
            }

            #[automatically_derived]
            impl #private::IntoForm<#form> for #builder {
                fn into_form(self) -> ::core::result::Result<#private::Form<#form>, #private::ShapeError> {
                    ::core::unimplemented!()
                }
            }
        };
    }
}
