//! What the compiler proves about a field's type, with errors worded by us and spanned on
//! the user's tokens: that the type can be a field at all (or, for a flattened field, a form
//! to inline; for a newtype's field, a field type to wrap; for a field with `options`, values
//! a form can keep), and that it is of the kind its attributes apply to (`min_length` on a
//! string, `minimum` on a number, `max_items` on a multi-select of enough options).
//!
//! Two means, by what the error must say:
//! - Whether a type is a field at all is a trait bound, through a trait defined in the
//!   expansion's module `elicit_core` with one blanket impl bounded by the real trait of
//!   `__private`: rustc shows the local trait's `on_unimplemented`, names it
//!   `elicit_core::ElicitField` (the public trait the type would need), and nothing of the
//!   chain behind it (the impl is `#[diagnostic::do_not_recommend]`). Every use of a field's
//!   type in the generated impls goes through it, spanned on the type: an unsupported type
//!   fails the same obligation in every generated function, and rustc drops identical
//!   diagnostics, so the user sees one error per field. (A `check` function is called
//!   through the public trait `shape::FieldCheck`, so that rustc says what differs in its
//!   signature.)
//! - Everything else (the kind an attribute needs, a form to flatten, values to offer) is a
//!   const assertion on a probe of `__private::probe`, which answers `false` rather than
//!   failing a bound: the error is our sentence alone, spanned on the attribute or the type,
//!   and no name of ours reaches the user. The uses of a flattened form or of offered values
//!   go through the same probes, whose fallbacks type-check for any type, so that the
//!   assertion is the only error. Each assertion is an item of its own at the top level of
//!   the expansion ([`check`]), so that rustc's note names no constant of ours; the probes'
//!   fallbacks are imported inside each.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned as _;

use super::tokens::{has_float, respan, written};
use crate::internals::ast::{Field, Part, generic_inner, is_borrowed};
use crate::internals::attr::{Key, Kind, keys};
use crate::internals::secret::{self, Refusal};

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
                const __SECRET: bool;
                const __FACTS: #private::Facts;
                fn __schema() -> #krate::__private::PropertySchema;
                fn __default_json(
                    default: &#private::FieldDefault<Self>,
                ) -> ::core::option::Option<#private::Value>;
                fn __from_inner(inner: Self::__Inner) -> Self;
                fn __read(
                    fields: &mut #private::Reading<'_>,
                    place: usize,
                ) -> ::core::option::Option<Self>;
                fn __put(&self, out: &mut #private::Writing);
                fn __inner(&self) -> ::core::option::Option<&Self::__Inner>;
            }

            #[diagnostic::do_not_recommend]
            impl<T: #private::FormField> ElicitField for T {
                type __Inner = <T as #private::FormField>::Inner;
                const __REQUIRED: bool = <T as #private::FormField>::REQUIRED;
                const __SECRET: bool = <T as #private::FormField>::SECRET;
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

                // Inlined into the form's reader, where `place` is a constant: the field's
                // slot, name and property are then found as if written there (without it, 2a
                // read about 15% slower, paired against 0f6af6b).
                #[inline]
                fn __read(
                    fields: &mut #private::Reading<'_>,
                    place: usize,
                ) -> ::core::option::Option<Self> {
                    let (slot, name, sent, errors) = fields.field(place);
                    #private::read_field(slot, name, sent, errors)
                }

                fn __put(&self, out: &mut #private::Writing) {
                    let (content, name) = out.next_field();
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

/// A compile-time check (`body`, const evaluations that panic with our message, each an
/// expression of type `()`) as an item of its own, for the top level of the expansion, beside
/// the constant that holds the rest: rustc's note on a failed evaluation names the constant by
/// its path, `_` there and `_::_` nested in the other. It reads only the user's tokens (which
/// mean there what they mean in the user's module) and paths of the crate, through probes
/// whose fallbacks it imports inside itself (where a probe answers for a field, its fallback
/// is not used: hence the `allow`).
pub(super) fn check(body: &[TokenStream], krate: &TokenStream) -> TokenStream {
    // A float the user wrote (`default = 3.14`), written back: lints about the user's own
    // number belong on their attribute, not on the derive.
    let floats = body
        .iter()
        .any(has_float)
        .then(|| quote!(, clippy::approx_constant));
    quote! {
        #[allow(unused_imports #floats)]
        const _: () = {
            use #krate::__private::fallbacks::*;
            #(#body)*
        };
    }
}

/// The probes' fallbacks in scope, where a probe may be asked of a type it does not answer
/// for (the answer is then the fallback's): inside a check, or at the top of the items that
/// use the probes of flattened forms and offered values.
pub(super) fn fallbacks(krate: &TokenStream) -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use #krate::__private::fallbacks::*;
    }
}

/// `<crate>::__private::FieldProbe::<Ty>`, spanned on the type: what a field's type says of
/// itself (its facts, whether it holds a secret), read by the checks at the top level, where
/// the expansion's field trait is out of scope; a type that is no field says nothing (its
/// error is the field trait's, in the impls).
pub(super) fn field_probe(ty: &syn::Type, krate: &TokenStream) -> TokenStream {
    let probe = respan(quote!(#krate::__private::FieldProbe), ty.span());
    quote_spanned!(ty.span()=> #probe::<#ty>)
}

/// `items` inside the expansion's module `elicit_core`, whose name is what rustc shows of a
/// trait defined there. The module also re-exports the crate, so that a path the user wrote
/// through `elicit_core::…` (a field type, a default) still names the crate's item from
/// inside the expansion, where the module would otherwise shadow the crate.
fn in_module(items: &TokenStream, krate: &TokenStream) -> TokenStream {
    // A relative `crate = "…"` path is not re-exported: it names another crate already.
    let crate_items = krate.to_string().starts_with("::").then(|| {
        quote! {
            pub(super) use #krate::*;
        }
    });
    // Either import may go unused, as the form's fields need.
    quote! {
        #[allow(unused_imports)]
        mod elicit_core {
            // A `crate = "…"` path relative to the deriving module still resolves here.
            use super::*;
            #crate_items

            #items
        }
    }
}

/// The trait a struct form's fields are used through, when any field is (`fields`).
pub(super) fn definitions(fields: &[&Field], krate: &TokenStream) -> TokenStream {
    let field_trait = (!fields.is_empty()).then(|| FieldTrait::definition(krate));
    in_module(&quote!(#field_trait), krate)
}

/// The traits a newtype's field needs.
pub(super) fn newtype_definitions(krate: &TokenStream) -> TokenStream {
    in_module(&newtype_inner_definition(krate), krate)
}

/// `<crate>::__private::Flatten::<Ty>`, spanned on the type of a flattened field: every use of
/// the flattened form goes through it.
pub(super) fn flatten_type(field: &Field, krate: &TokenStream) -> TokenStream {
    let ty = field.ty;
    let probe = respan(quote!(#krate::__private::Flatten), ty.span());
    quote_spanned!(ty.span()=> #probe::<#ty>)
}

/// `<crate>::__private::Offered::<V>` for the values offered for a field with `options`,
/// spanned on their type: every use of the values in the builder and its reader goes through
/// it.
pub(super) fn offered_type(value: &syn::Type, krate: &TokenStream) -> TokenStream {
    let probe = respan(quote!(#krate::__private::Offered), value.span());
    quote_spanned!(value.span()=> #probe::<#value>)
}

/// The keys with a kind: the ones whose use needs a proof.
fn kinded_keys() -> impl Iterator<Item = (&'static Key, Kind)> {
    keys::ALL
        .iter()
        .filter_map(|key| key.kind().map(|kind| (*key, kind)))
}

/// The probe's constant for a kind, and what a field of that kind is.
fn kind_probe(kind: Kind) -> (TokenStream, &'static str, &'static str) {
    match kind {
        Kind::String => (
            quote!(STRING),
            "string fields",
            "a string field is a `String` or another plain string type such as `Box<str>`, or an `Option` of one",
        ),
        Kind::Number => (
            quote!(NUMBER),
            "integer and float fields",
            "a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or an `Option` of one",
        ),
        Kind::MultiSelect => (
            quote!(MULTI_SELECT),
            "multi-select fields",
            "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one",
        ),
    }
}

/// The proofs for the keys of one kind written on a field: that the field is of that kind,
/// once for them all, spanned on the first and naming each (`minimum` and `maximum` on a
/// string are one mistake); and for an item count, that it is within the number of options.
fn kind_assertions(
    keys: &[&Key],
    kind: Kind,
    field: &Field,
    krate: &TokenStream,
) -> Option<TokenStream> {
    let entries: Vec<_> = keys
        .iter()
        .filter_map(|key| Some((*key, field.attrs.get(key)?)))
        .collect();
    let (_, first) = entries.first()?;
    let span = first.path.span();
    let ty = respan(field.ty.to_token_stream(), span);
    let kinds = respan(quote!(#krate::__private::Kind), span);
    let (constant, applies_to, what) = kind_probe(kind);
    let names: Vec<String> = entries
        .iter()
        .map(|(key, _)| format!("`{}`", key.name))
        .collect();
    let (keys_named, verb) = match names.as_slice() {
        [one] => (one.clone(), "applies"),
        [rest @ .., last] => (format!("{} and {last}", rest.join(", ")), "apply"),
        [] => return None,
    };
    let message = format!(
        "{keys_named} {verb} only to {applies_to}, and `{}` is not one: {what}",
        written(field.ty)
    );
    let is_kind = check(
        &[quote_spanned! {span=>
            if !#kinds::<#ty>::#constant {
                ::core::panic!(#message)
            }
        }],
        krate,
    );
    let counts = entries.iter().filter_map(|(key, entry)| {
        let count = field.attrs.count(key)?.value;
        if kind != Kind::MultiSelect {
            return None;
        }
        let span = entry.path.span();
        let ty = respan(field.ty.to_token_stream(), span);
        let kinds = respan(quote!(#krate::__private::Kind), span);
        let message = format!(
            "`{}` ({count}) is more than the number of options to choose from",
            key.name
        );
        // Judged only on a multi-select: any other type has its kind's error above.
        Some(check(
            &[quote_spanned! {span=>
                if #kinds::<#ty>::MULTI_SELECT
                    && #count as usize > #kinds::<#ty>::OPTION_COUNT
                {
                    ::core::panic!(#message)
                }
            }],
            krate,
        ))
    });
    Some(quote!(#is_kind #(#counts)*))
}

/// The proofs that each attribute suits its field's type, the keys of one kind together.
pub(super) fn attribute_assertions(fields: &[&Field], krate: &TokenStream) -> TokenStream {
    let kinds = [Kind::String, Kind::Number, Kind::MultiSelect];
    fields
        .iter()
        .flat_map(|field| {
            kinds.into_iter().filter_map(move |kind| {
                let keys: Vec<&Key> = kinded_keys()
                    .filter(|(_, of)| *of == kind)
                    .map(|(key, _)| key)
                    .collect();
                kind_assertions(&keys, kind, field, krate)
            })
        })
        .collect()
}

/// The proofs that no field whose type holds a secret has a key that would put a value of the
/// secret into the form's schema, the page or the source (`internals::secret` says which):
/// each a const evaluation of the probe of the field's type (or, for a field with `options`,
/// of the values offered), failing on the key ([`check`]).
pub(super) fn secret_assertions(fields: &[Field], krate: &TokenStream) -> TokenStream {
    fields
        .iter()
        .flat_map(|field| {
            let ty = field.value_type();
            secret::refusals(field)
                .into_iter()
                .map(move |Refusal { key, message }| {
                    let span = key.span();
                    let probe = respan(quote!(#krate::__private::FieldProbe), span);
                    check(
                        &[quote_spanned! {span=>
                            if #probe::<#ty>::SECRET {
                                ::core::panic!(#message)
                            }
                        }],
                        krate,
                    )
                })
        })
        .collect()
}

/// The proofs that each flattened field's type is a struct form that can be flattened,
/// spanned on the type.
pub(super) fn flatten_assertions(flattened: &[&Field], krate: &TokenStream) -> TokenStream {
    flattened
        .iter()
        .map(|field| {
            let probe = flatten_type(field, krate);
            let message = format!(
                "`{}` cannot be flattened into a form: `#[elicit(flatten)]` inlines the fields of a struct with named fields that derives `Elicit`, or of an `Option` of one; a newtype or an enum that derives `Elicit` is one field of a form (drop `flatten`), and a form with fields marked `#[elicit(options)]` is asked on its own, through its builder",
                written(field.ty)
            );
            check(&[quote_spanned! {field.ty.span()=>
                    if !#probe::IS_FORM {
                        ::core::panic!(#message)
                    }
                }], krate)
        })
        .collect()
}

/// The proofs that each field's type can be a field, for when no impl uses the types (the
/// fallback after other mistakes).
pub(super) fn type_assertions(fields: &[&Field]) -> TokenStream {
    fields
        .iter()
        .map(|field| {
            let field_type = field_type(field);
            quote!(const _: bool = #field_type::__REQUIRED;)
        })
        .collect()
}

/// The proofs that the values offered for each field filled at run time (`options`) can be
/// kept in a form and handed back: `Clone`, `Send`, `Sync` and owning their data, each its own
/// assertion spanned on the type of the values, so that every missing one is named. A
/// borrowed value type has its own error already (`valid::run_time_options_rules`).
pub(super) fn offered_assertions(fields: &[&Field], krate: &TokenStream) -> TokenStream {
    fields
        .iter()
        .filter(|field| field.has_run_time_options() && !is_borrowed(field))
        .map(|field| {
            let (value, multi, _) = field.offered();
            let probe = offered_type(value, krate);
            let shown = written(value);
            let why = "the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer";
            let missing = [
                (quote!(CLONE), format!("it is not `Clone` (derive or implement `Clone` for `{shown}`)")),
                (quote!(SEND), "it is not `Send`, so a form holding it cannot move between threads".to_owned()),
                (quote!(SYNC), "it is not `Sync`, so a form holding it cannot be shared between threads".to_owned()),
            ]
            .into_iter()
            .map(|(constant, reason)| {
                let message = format!("`{shown}` cannot be offered as an option: {reason}; {why}");
                check(&[quote_spanned! {value.span()=>
                        if !#probe::#constant {
                            ::core::panic!(#message)
                        }
                    }], krate)
            });
            let owned_message = format!(
                "`{shown}` cannot be offered as an option: it borrows its data, and {why}; use a type that owns it (`String`, not `&str`)"
            );
            let owned = check(&[quote_spanned! {value.span()=>
                    if #probe::CLONE && #probe::SEND && #probe::SYNC && !#probe::OWNED {
                        ::core::panic!(#owned_message)
                    }
                }], krate);
            // A single select whose values are a collection behind an alias (`type Days =
            // Vec<String>`) would offer whole lists as options: the field is meant as the
            // multi-select that `Vec<…>` written out makes it.
            // (A set written out is refused by name already, `valid::run_time_options_rules`.)
            let written_set = ["BTreeSet", "HashSet"]
                .iter()
                .any(|set| generic_inner(value, set).is_some());
            let collection = (!multi && !written_set).then(|| {
                let message = format!(
                    "`{shown}` is a collection: a field with `options` is a multi-select when its type is written `Vec<…>`; write `Vec<…>` in place of the alias"
                );
                check(&[quote_spanned! {value.span()=>
                        if #krate::__private::CollectionProbe::<#value>::IS_COLLECTION {
                            ::core::panic!(#message)
                        }
                    }], krate)
            });
            quote!(#(#missing)* #owned #collection)
        })
        .collect()
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
            const __SECRET: bool;
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
            const __SECRET: bool = <T as #krate::ElicitField>::SECRET;
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

/// The proof that a newtype's field type can be wrapped, for the fallback.
pub(crate) fn newtype_type_assertion(field: &Field) -> TokenStream {
    let inner_type = newtype_inner_type(field);
    quote!(const _: () = #inner_type::__CHECK;)
}

/// The compile-time proofs that each flattened field brings no wire name the form's own
/// fields or the flattened fields before it already have, read from the form's one table of
/// names (`FormFields::NAMES`, each member's names a run of it); the error names the clashing
/// name and its owner, on the flattened field.
pub(super) fn collision_checks(form: &Ident, members: &[Part], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let parts: Vec<TokenStream> = members
        .iter()
        .map(|member| match member {
            Part::Property(field) => {
                let who = format!("field `{}`", field.name());
                quote!(#private::FormPart::Own(#who))
            }
            Part::Flatten(field) => {
                let who = format!("flattened field `{}`", field.name());
                let flatten_type = flatten_type(field, krate);
                quote!(#private::FormPart::Flattened(#who, #flatten_type::NAMES.len()))
            }
        })
        .collect();
    members
        .iter()
        .enumerate()
        .filter_map(|(which, member)| match member {
            Part::Flatten(field) => Some((which, field)),
            Part::Property(_) => None,
        })
        .map(|(which, field)| {
            let prefix = format!("flattened field `{}` brings the wire name \"", field.name());
            let span = field.member.span();
            check(
                &[quote_spanned! {span=>
                    if let ::core::option::Option::Some((__name, __owner)) = #private::name_clash(
                        <#form as #private::FormFields>::NAMES,
                        &[#(#parts),*],
                        #which,
                    ) {
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
                }],
                krate,
            )
        })
        .collect()
}
