//! What the compiler proves about a field's type, with errors worded by us and spanned on
//! the user's tokens: that the type can be a field at all (or, for a flattened field, a form
//! to inline; for a newtype's field, a field type to wrap), and that it is of the kind its
//! attributes apply to (`min_length` on a string, `minimum` on a number, `max_items` on a
//! multi-select of enough options).
//!
//! Each proof goes through a trait defined in the expansion, with one blanket impl bounded
//! by the real trait of `__private`. The local trait is the root of a failed obligation and
//! its impl is `#[diagnostic::do_not_recommend]`, so rustc shows the local trait's
//! `on_unimplemented` and nothing of the chain behind it (no list of other impls, no "required
//! by a bound in" notes pointing into elicit-core).
//!
//! Every use of a field's type in the generated impls goes through its field trait, spanned on
//! the type: an unsupported type fails the same obligation, with the same notes, in every
//! generated function, and rustc drops identical diagnostics, so the user sees one error per
//! field rather than one per function.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use super::tokens::respan;
use crate::internals::ast::Field;
use crate::internals::attr::{Key, Kind, keys};

/// The trait a field's type is used through: `ElicitField` in a module of the expansion named
/// `elicit_core`, so that rustc's "the trait … is not implemented" line reads
/// `elicit_core::ElicitField`, the trait the type would need, rather than a name of ours.
/// Its wording stands in for `ElicitField`'s, which rustc would not show here: it prefers
/// the root trait's message when the root and the leaf have the same `Self`. It names kinds
/// rather than types, so it stays true as elicit-core supports more types.
struct FieldTrait;

impl FieldTrait {
    /// The trait and its blanket impl, delegating to `FormField`.
    fn definition(krate: &TokenStream) -> TokenStream {
        let private = quote!(#krate::__private);
        let map = quote!(#private::Content);
        let trait_definition = quote! {
            #[diagnostic::on_unimplemented(
                message = "`{Self}` cannot be a field of an elicitation form",
                label = "unsupported field type",
                note = "MCP forms are flat: a field is a string, a number (an integer of up to 64 bits, `f32` or `f64`), a boolean, a single select (a unit-variant enum that derives `Elicit`) or a multi-select (a `Vec`, `BTreeSet` or `HashSet` of such an enum), or an `Option` of one",
                note = "a multi-select's enum also needs `Ord` for a `BTreeSet`, `Hash` and `Eq` for a `HashSet`; an enum marked `#[elicit(legacy_enum_names)]` has no multi-select form (the 2025-06-18 `enumNames` style is single-select only)",
                note = "a type of your own can be a field by implementing `elicit_core::ElicitField`, or by deriving `Elicit` on a one-field tuple struct (a newtype)",
                note = "to inline the fields of a struct that derives `Elicit`, mark the field `#[elicit(flatten)]`"
            )]
            pub(super) trait ElicitField: ::core::marker::Sized {
                type __Inner;
                const __REQUIRED: bool;
                const __CAN_HOLD_SECRET: bool;
                const __FACTS: #private::Facts;
                fn __schema() -> #krate::__private::PropertySchema;
                fn __default_json(
                    default: &#private::FieldDefault<Self>,
                ) -> ::core::option::Option<#private::Value>;
                fn __from_inner(inner: Self::__Inner) -> Self;
                fn __read(
                    slot: ::core::option::Option<&#private::Raw<'_>>,
                    name: &str,
                    sent: #private::AsSent<'_>,
                    errors: &mut #private::Errors,
                ) -> ::core::option::Option<Self>;
                fn __put(&self, content: &mut #map, name: &str);
                fn __inner(&self) -> ::core::option::Option<&Self::__Inner>;
            }

            #[diagnostic::do_not_recommend]
            impl<T: #private::FormField> ElicitField for T {
                type __Inner = <T as #private::FormField>::Inner;
                const __REQUIRED: bool = <T as #private::FormField>::REQUIRED;
                const __CAN_HOLD_SECRET: bool = <T as #private::FormField>::CAN_HOLD_SECRET;
                const __FACTS: #private::Facts = <T as #private::FormField>::FACTS;

                fn __schema() -> #krate::__private::PropertySchema {
                    <T as #private::FormField>::schema()
                }

                fn __default_json(
                    default: &#private::FieldDefault<Self>,
                ) -> ::core::option::Option<#private::Value> {
                    default.to_json()
                }

                fn __from_inner(inner: Self::__Inner) -> Self {
                    <T as #private::FormField>::from_inner(inner)
                }

                fn __read(
                    slot: ::core::option::Option<&#private::Raw<'_>>,
                    name: &str,
                    sent: #private::AsSent<'_>,
                    errors: &mut #private::Errors,
                ) -> ::core::option::Option<Self> {
                    #private::read_field(slot, name, sent, errors)
                }

                fn __put(&self, content: &mut #map, name: &str) {
                    #private::put_field(content, name, self);
                }

                fn __inner(&self) -> ::core::option::Option<&Self::__Inner> {
                    <T as #private::FormField>::inner(self)
                }
            }
        };
        trait_definition
    }
}

/// `<Ty as elicit_core::ElicitField>` (the expansion's trait), spanned on the type: what every
/// generated use of a field's type starts with.
pub(crate) fn field_type(field: &Field) -> TokenStream {
    let ty = field.ty;
    quote_spanned!(ty.span()=> <#ty as elicit_core::ElicitField>)
}

/// The trait a flattened field's type is used through, spanned like the field trait.
fn flatten_definition(krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let map = quote!(#private::Content);
    quote! {
        #[diagnostic::on_unimplemented(
            message = "`{Self}` cannot be flattened into a form",
            label = "not a struct form",
            note = "`#[elicit(flatten)]` inlines the fields of a struct with named fields that derives `Elicit`, or of an `Option` of one",
            note = "a newtype or an enum that derives `Elicit` is one field of a form: drop `flatten`",
            note = "a form with fields marked `#[elicit(options)]` is not flattened: its options are given each time it is asked, through its own builder, so ask it on its own"
        )]
        pub(super) trait FlatForm: ::core::marker::Sized {
            const __NAMES: &'static [&'static str];
            const __NEEDS_VALUE: &'static [bool];
            fn __push(form: &mut #krate::__private::RequestedSchema);
            fn __parse(
                slots: &[#private::Slot<'_>],
                sent: &#private::Sent<'_>,
                errors: &mut #private::Errors,
            ) -> ::core::option::Option<Self>;
            fn __put(&self, content: &mut #map);
        }

        #[diagnostic::do_not_recommend]
        impl<T: #private::FlattenSlot> FlatForm for T {
            const __NAMES: &'static [&'static str] = <T as #private::FlattenSlot>::NAMES;
            const __NEEDS_VALUE: &'static [bool] = <T as #private::FlattenSlot>::NEEDS_VALUE;

            fn __push(form: &mut #krate::__private::RequestedSchema) {
                <T as #private::FlattenSlot>::push(form);
            }

            fn __parse(
                slots: &[#private::Slot<'_>],
                sent: &#private::Sent<'_>,
                errors: &mut #private::Errors,
            ) -> ::core::option::Option<Self> {
                <T as #private::FlattenSlot>::parse(slots, sent, errors)
            }

            fn __put(&self, content: &mut #map) {
                <T as #private::FlattenSlot>::put(self, content);
            }
        }
    }
}

/// `<Ty as elicit_core::FlatForm>`, spanned on the type of a flattened field.
pub(crate) fn flatten_type(field: &Field) -> TokenStream {
    let ty = field.ty;
    quote_spanned!(ty.span()=> <#ty as elicit_core::FlatForm>)
}

/// The trait a newtype's field type is used through: any `ElicitField`.
fn newtype_inner_definition(krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let trait_definition = quote! {
        #[diagnostic::on_unimplemented(
            message = "`{Self}` cannot be wrapped in a newtype field type",
            label = "not a field type",
            note = "a newtype wraps a type that is a form field on its own: a string, a number, a boolean, a single or multi-select, or another newtype (the implementors of `elicit_core::ElicitField`)",
            note = "an `Option` belongs on the form field that uses the newtype: `Option<MyNewtype>`"
        )]
        pub(super) trait ElicitField: ::core::marker::Sized {
            const __CHECK: () = ();
            const __CAN_HOLD_SECRET: bool;
            const __FACTS: #private::Facts;
            fn __schema() -> #krate::__private::PropertySchema;
            fn __from_json(
                value: &#private::Value,
            ) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind>;
            fn __to_json(&self) -> #private::Value;
        }

        #[diagnostic::do_not_recommend]
        impl<T: #krate::ElicitField> ElicitField for T {
            const __CAN_HOLD_SECRET: bool = <T as #krate::ElicitField>::CAN_HOLD_SECRET;
            const __FACTS: #private::Facts = <T as #krate::ElicitField>::FACTS;

            fn __schema() -> #krate::__private::PropertySchema {
                <T as #krate::ElicitField>::field_schema()
            }

            fn __from_json(
                value: &#private::Value,
            ) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                <T as #krate::ElicitField>::from_json(value)
            }

            fn __to_json(&self) -> #private::Value {
                <T as #krate::ElicitField>::to_json(self)
            }
        }
    };
    trait_definition
}

/// `<Ty as elicit_core::ElicitField>` (the expansion's trait for a newtype's field), spanned
/// on the type of a newtype's field.
pub(crate) fn newtype_inner_type(field: &Field) -> TokenStream {
    let ty = field.ty;
    quote_spanned!(ty.span()=> <#ty as elicit_core::ElicitField>)
}

/// `items` inside the expansion's module `elicit_core`, whose name is what rustc shows of a
/// trait defined there.
fn in_module(items: &TokenStream) -> TokenStream {
    quote! {
        mod elicit_core {
            // A `crate = "…"` path relative to the deriving module still resolves here.
            #[allow(unused_imports)]
            use super::*;

            #items
        }
    }
}

/// The trait proving that a field is of the kind its keys need, one per kind, named like the
/// kind (`elicit_core::NumberField` in rustc's help line); the error is spanned on the key.
fn kind_trait_name(kind: Kind) -> Ident {
    match kind {
        Kind::String => format_ident!("StringField"),
        Kind::Number => format_ident!("NumberField"),
        Kind::MultiSelect => format_ident!("MultiSelectField"),
    }
}

/// The keys with a kind: the ones whose use needs a proof.
fn kinded_keys() -> impl Iterator<Item = (&'static Key, Kind)> {
    keys::ALL
        .iter()
        .filter_map(|key| key.kind().map(|kind| (*key, kind)))
}

/// "`min_items` and `max_items`": the keys of a kind, from the table.
fn keys_of(kind: Kind) -> String {
    let names: Vec<String> = kinded_keys()
        .filter(|(_, of)| *of == kind)
        .map(|(key, _)| format!("`{}`", key.name))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

fn kind_definition(kind: Kind, krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let name = kind_trait_name(kind);
    let keys = keys_of(kind);
    let (message, label, note, bound) = match kind {
        Kind::String => (
            "`{Self}` is not a string field",
            format!("{keys} apply only to string fields"),
            "a string field is a `String` or another plain string type such as `Box<str>`, or an `Option` of one",
            quote!(#private::StringField),
        ),
        Kind::Number => (
            "`{Self}` is not a number field",
            format!("{keys} apply only to integer and float fields"),
            "a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or an `Option` of one",
            quote!(#private::NumberField),
        ),
        Kind::MultiSelect => (
            "`{Self}` is not a multi-select field",
            format!("{keys} apply only to multi-select fields"),
            "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one",
            quote!(#private::MultiSelectField),
        ),
    };
    let option_count = (kind == Kind::MultiSelect).then(
        || quote!(const __OPTION_COUNT: usize = <T as #private::MultiSelectField>::OPTION_COUNT;),
    );
    let declared_count = option_count.as_ref().map(|_| {
        quote!(
            const __OPTION_COUNT: usize;
        )
    });
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub(super) trait #name {
            const __APPLIES: () = ();
            #declared_count
        }

        #[diagnostic::do_not_recommend]
        impl<T: #bound> #name for T {
            #option_count
        }
    }
}

/// The proof for one key written on a field, spanned on the key: the kind, and for an item
/// count that it is within the number of options.
fn attr_assertion(key: &Key, kind: Kind, field: &Field) -> Option<TokenStream> {
    let entry = field.attrs.get(key)?;
    let span = entry.path.span();
    let ty = respan(field.ty.to_token_stream(), span);
    let name = kind_trait_name(kind);
    Some(match field.attrs.count(key) {
        Some(count) if kind == Kind::MultiSelect => {
            let count = count.value;
            let message = format!(
                "`{}` ({count}) is more than the number of options to choose from",
                key.name
            );
            quote_spanned! {span=>
                const _: () = ::core::assert!(
                    #count as usize <= <#ty as elicit_core::#name>::__OPTION_COUNT,
                    #message
                );
            }
        }
        _ => quote_spanned!(span=> const _: () = <#ty as elicit_core::#name>::__APPLIES;),
    })
}

/// The traits the properties `fields` and the flattened fields `flattened` need, each
/// defined once.
pub(crate) fn definitions(
    fields: &[&Field],
    flattened: &[&Field],
    form: &syn::Ident,
    krate: &TokenStream,
) -> TokenStream {
    let shaped = Shaped {
        offered: false,
        checked: fields.iter().any(|field| field.attrs.check().is_some()),
        form: form.span(),
    };
    definitions_with(fields, flattened, shaped, krate)
}

/// The traits a form's run-time shaping needs besides the field traits.
#[derive(Clone, Copy)]
pub(crate) struct Shaped {
    /// A field has `options`: the trait its values are used through ([`offerable`]).
    pub(crate) offered: bool,
    /// A field has `check = …`: the trait the function is called through
    /// (`builder::checks`).
    pub(crate) checked: bool,
    /// The form's name, where these traits' impls are as far as rustc's notes say ("required
    /// for `Room` to implement `Offerable`"): with an impl's trait and type spanned on the
    /// derive, rustc would add its advice for derived impls, "consider manually implementing".
    /// (Only those two tokens: the rest stays the derive's, which lints leave alone.)
    pub(crate) form: Span,
}

/// [`definitions`], where `fields` are the properties used through their field trait (not
/// those filled at run time), with the traits `shaped` says are needed.
pub(crate) fn definitions_with(
    fields: &[&Field],
    flattened: &[&Field],
    shaped: Shaped,
    krate: &TokenStream,
) -> TokenStream {
    let field_traits = (!fields.is_empty()).then(|| FieldTrait::definition(krate));
    let flatten = (!flattened.is_empty()).then(|| flatten_definition(krate));
    let offered = shaped
        .offered
        .then(|| offered_definition(krate, shaped.form));
    let checked = shaped.checked.then(|| check_definition(shaped.form));
    let traits: TokenStream = field_traits
        .into_iter()
        .chain(flatten)
        .chain(offered)
        .chain(checked)
        .chain(attr_definitions(fields, krate))
        .collect();
    in_module(&traits)
}

/// The traits a newtype's field needs.
pub(crate) fn newtype_definitions(field: &Field, krate: &TokenStream) -> TokenStream {
    let inner = newtype_inner_definition(krate);
    let attrs = attr_definitions(&[field], krate);
    in_module(&quote!(#inner #(#attrs)*))
}

fn attr_definitions(fields: &[&Field], krate: &TokenStream) -> Vec<TokenStream> {
    [Kind::String, Kind::Number, Kind::MultiSelect]
        .into_iter()
        .filter(|kind| {
            kinded_keys().any(|(key, of)| of == *kind && fields.iter().any(|f| f.attrs.has(key)))
        })
        .map(|kind| kind_definition(kind, krate))
        .collect()
}

/// The proofs that each attribute suits its field's type.
pub(crate) fn attribute_assertions(fields: &[&Field]) -> TokenStream {
    fields
        .iter()
        .flat_map(|field| kinded_keys().filter_map(|(key, kind)| attr_assertion(key, kind, field)))
        .collect()
}

/// The proofs that each field's type can be a field, and each flattened field's a form, for
/// when no impl uses the types (the fallback after other mistakes).
pub(crate) fn type_assertions(fields: &[&Field], flattened: &[&Field]) -> TokenStream {
    let fields = fields.iter().map(|field| {
        let field_type = field_type(field);
        quote!(const _: bool = #field_type::__REQUIRED;)
    });
    let flattened = flattened.iter().map(|field| {
        let flatten_type = flatten_type(field);
        quote!(const _: usize = #flatten_type::__NAMES.len();)
    });
    fields.chain(flattened).collect()
}

/// The proofs that the values offered for each field filled at run time (`options`) can be
/// kept in a form and handed back: `Clone`, `Send`, `Sync` and owning their data. Each is
/// spanned on the type of the values; the trait is defined by [`definitions_with`]. A borrowed
/// value type has its own error already (`valid::run_time_options_rules`).
pub(crate) fn offered_assertions(fields: &[&Field], krate: &TokenStream) -> TokenStream {
    fields
        .iter()
        .filter(|field| field.has_run_time_options() && !crate::internals::ast::is_borrowed(field))
        .map(|field| {
            let offerable = offerable(field);
            let (value, multi, _) = field.offered();
            // A single select whose values are a collection behind an alias (`type Days =
            // Vec<String>`) would offer whole lists as options: the field is meant as the
            // multi-select that `Vec<…>` written out makes it.
            // (A set written out is refused by name already, `valid::run_time_options_rules`.)
            let written_set = ["BTreeSet", "HashSet"].iter().any(|set| {
                crate::internals::ast::generic_inner(value, set).is_some()
            });
            let collection = (!multi && !written_set).then(|| {
                let message = format!(
                    "`{}` is a collection: a field with `options` is a multi-select when its type is written `Vec<…>`; write `Vec<…>` in place of the alias",
                    value.to_token_stream().to_string().replace(' ', "")
                );
                quote_spanned! {value.span()=>
                    const _: () = {
                        #[allow(unused_imports)]
                        use #krate::__private::NotACollection as _;
                        ::core::assert!(
                            !#krate::__private::CollectionProbe::<#value>::IS_COLLECTION,
                            #message
                        );
                    };
                }
            });
            quote! {
                const _: () = #offerable::__OFFERED;
                #collection
            }
        })
        .collect()
}

/// `<V as elicit_core::Offerable>` for the values offered for a field with `options`, spanned
/// on their type: every use of the values in the builder and its reader goes through it, so
/// a type that cannot be offered fails one obligation, reported once, on the type.
pub(crate) fn offerable(field: &Field) -> TokenStream {
    let (value, _, _) = field.offered();
    quote_spanned!(value.span()=> <#value as elicit_core::Offerable>)
}

/// The trait the values offered at run time are used through: kept in the builder (type-erased,
/// so that no type or closure holding the offers names the values' type) and picked from by
/// the reader. Its blanket impl is not `do_not_recommend`: rustc then names the bound that is
/// missing (`Clone`, `Send`, `Sync`) under this message, and suggests `#[derive(Clone)]`
/// where that is what is missing.
fn offered_definition(krate: &TokenStream, form: Span) -> TokenStream {
    let private = quote!(#krate::__private);
    let (trait_path, self_type) = (respan(quote!(Offerable), form), respan(quote!(T), form));
    let picks = [
        (quote!(__pick_required), quote!(pick_required), quote!(Self)),
        (
            quote!(__pick_optional),
            quote!(pick_optional),
            quote!(::core::option::Option<Self>),
        ),
        (
            quote!(__pick_all_required),
            quote!(pick_all_required),
            quote!(::std::vec::Vec<Self>),
        ),
        (
            quote!(__pick_all_optional),
            quote!(pick_all_optional),
            quote!(::core::option::Option<::std::vec::Vec<Self>>),
        ),
    ];
    let declarations = picks.iter().map(|(method, _, picked)| {
        quote! {
            fn #method(
                slot: ::core::option::Option<&#private::Raw<'_>>,
                name: &str,
                sent: #private::AsSent<'_>,
                offer: ::core::option::Option<&#private::OfferSlot>,
                errors: &mut #private::Errors,
            ) -> ::core::option::Option<#picked>;
        }
    });
    let definitions = picks.iter().map(|(method, pick, picked)| {
        quote! {
            fn #method(
                slot: ::core::option::Option<&#private::Raw<'_>>,
                name: &str,
                sent: #private::AsSent<'_>,
                offer: ::core::option::Option<&#private::OfferSlot>,
                errors: &mut #private::Errors,
            ) -> ::core::option::Option<#picked> {
                #private::#pick::<T>(slot, name, sent, offer, errors)
            }
        }
    });
    quote! {
        #[diagnostic::on_unimplemented(
            message = "`{Self}` cannot be offered as an option",
            label = "not a value a form can offer",
            note = "the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer: their type must be `Clone`, `Send` and `Sync`, and own its data (`String`, not `&str`)",
            note = "a field with `options` is `V` (a single select), `Vec<V>` (a multi-select) or an `Option` of one"
        )]
        pub(super) trait Offerable: ::core::marker::Sized {
            const __OFFERED: () = ();
            fn __keep(offer: #private::Offer<Self>) -> #private::OfferSlot;
            #(#declarations)*
        }

        impl<T: ::core::clone::Clone + ::core::marker::Send + ::core::marker::Sync + 'static> #trait_path for #self_type {
            fn __keep(offer: #private::Offer<Self>) -> #private::OfferSlot {
                #private::OfferSlot::new(offer)
            }
            #(#definitions)*
        }
    }
}

/// The trait a function named by `check = …` is used through: a `Fn(&B, &F) -> R`, for a
/// field whose checks see a `V` in the form `F`, where `V: Borrow<B>` (so a `String` field's
/// check may take `&str`, as idiomatic Rust and clippy's `ptr_arg` want) and `R` is a
/// `CheckResult`. Neither impl is
/// `do_not_recommend`: for a function of another signature rustc then says what differs (the
/// number of arguments, their types, an error that is not `Display`), on the path; a return
/// type that is no `Result<(), E>` is `CheckResult`'s error, which says what a check returns.
fn check_definition(form: Span) -> TokenStream {
    let string = quote!(::std::string::String);
    let (check_path, check_self) = (
        respan(quote!(FieldCheck<V, F, B>), form),
        respan(quote!(C), form),
    );
    let (result_path, result_self) = (
        respan(quote!(CheckResult), form),
        respan(quote!(::core::result::Result<(), E>), form),
    );
    quote! {
        #[diagnostic::on_unimplemented(
            message = "`{Self}` cannot check a field of type `{V}`",
            label = "not a function that can check this field",
            note = "a `check` is a function `fn(&{V}, &{F}) -> Result<(), E>` where `E: Display`: it runs after the field checks, with the field's value and the whole form, and its error is the field's"
        )]
        pub(super) trait FieldCheck<V, F, B: ?::core::marker::Sized> {
            fn __run(&self, value: &V, form: &F) -> ::core::result::Result<(), #string>;
        }

        impl<C, V, F, B, R> #check_path for #check_self
        where
            B: ?::core::marker::Sized,
            V: ::core::borrow::Borrow<B>,
            C: ::core::ops::Fn(&B, &F) -> R,
            R: CheckResult,
        {
            fn __run(&self, value: &V, form: &F) -> ::core::result::Result<(), #string> {
                CheckResult::__into_result(self(::core::borrow::Borrow::borrow(value), form))
            }
        }

        #[diagnostic::on_unimplemented(
            message = "a `check` returns `Result<(), E>` where `E: Display`, not `{Self}`",
            label = "not what a check returns",
            note = "`Ok(())` accepts the answer; `Err(error)` refuses it, and `error` (a `String`, a `&str`, an error type) is shown on the field"
        )]
        pub(super) trait CheckResult {
            fn __into_result(self) -> ::core::result::Result<(), #string>;
        }

        impl<E: ::core::fmt::Display> #result_path for #result_self {
            fn __into_result(self) -> ::core::result::Result<(), #string> {
                match self {
                    ::core::result::Result::Ok(()) => ::core::result::Result::Ok(()),
                    ::core::result::Result::Err(error) => {
                        ::core::result::Result::Err(::std::string::ToString::to_string(&error))
                    }
                }
            }
        }
    }
}

/// The proof that a newtype's field type can be wrapped, for the fallback.
pub(crate) fn newtype_type_assertion(field: &Field) -> TokenStream {
    let inner_type = newtype_inner_type(field);
    quote!(const _: () = #inner_type::__CHECK;)
}

/// The compile-time proof that a flattened field brings no wire name the form's own fields
/// (`properties`) or the flattened fields before it (`earlier`) already have; the error names
/// the clashing name and its owner, on the flattened field.
pub(super) fn collision_check(
    properties: &[&Field],
    earlier: &[&Field],
    field: &Field,
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let owners = properties
        .iter()
        .map(|property| {
            let who = format!("field `{}`", property.name());
            let name = &property.wire_name;
            quote!((#who, &[#name]))
        })
        .chain(earlier.iter().map(|other| {
            let who = format!("flattened field `{}`", other.name());
            let flatten_type = flatten_type(other);
            quote!((#who, #flatten_type::__NAMES))
        }));
    let flatten_type = flatten_type(field);
    let prefix = format!("flattened field `{}` brings the wire name \"", field.name());
    let span = field.member.span();
    quote_spanned! {span=>
        const _: () = {
            if let ::core::option::Option::Some((__name, __owner)) =
                #private::name_clash(&[#(#owners),*], #flatten_type::__NAMES)
            {
                ::core::panic!(
                    "{}",
                    #private::ConstMessage::new()
                        .push(#prefix)
                        .push(__name)
                        .push("\", which ")
                        .push(__owner)
                        .push(" also has; give one of them a different `rename`")
                        .as_str()
                );
            }
        };
    }
}
