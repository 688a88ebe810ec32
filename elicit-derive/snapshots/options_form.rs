// 583 lines: the expansion of the input in elicit-derive/src/snapshots.rs
const _: () = ::elicit_core::__private::PRIVATE_API_0_1_0;
#[allow(clippy::approx_constant)]
const _: () = {
    #[allow(unused_imports)]
    use ::elicit_core::__private::fallbacks::*;
    #[allow(unused_imports)]
    mod elicit_core {
        use super::*;
        pub(super) use ::elicit_core::*;
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
            const __FACTS: ::elicit_core::__private::Facts;
            fn __schema() -> ::elicit_core::__private::PropertySchema;
            fn __default_json(
                default: &::elicit_core::__private::FieldDefault<Self>,
            ) -> ::core::option::Option<::elicit_core::__private::Value>;
            fn __from_inner(inner: Self::__Inner) -> Self;
            fn __read(
                fields: &mut ::elicit_core::__private::Reading<'_>,
                place: usize,
            ) -> ::core::option::Option<Self>;
            fn __put(&self, out: &mut ::elicit_core::__private::Writing);
            fn __inner(&self) -> ::core::option::Option<&Self::__Inner>;
        }
        #[diagnostic::do_not_recommend]
        impl<T: ::elicit_core::__private::FormField> ElicitField for T {
            type __Inner = <T as ::elicit_core::__private::FormField>::Inner;
            const __REQUIRED: bool = <T as ::elicit_core::__private::FormField>::REQUIRED;
            const __SECRET: bool = <T as ::elicit_core::__private::FormField>::SECRET;
            const __FACTS: ::elicit_core::__private::Facts = <T as ::elicit_core::__private::FormField>::FACTS;
            fn __schema() -> ::elicit_core::__private::PropertySchema {
                <T as ::elicit_core::__private::FormField>::schema()
            }
            fn __default_json(
                default: &::elicit_core::__private::FieldDefault<Self>,
            ) -> ::core::option::Option<::elicit_core::__private::Value> {
                default.to_json()
            }
            fn __from_inner(inner: Self::__Inner) -> Self {
                <T as ::elicit_core::__private::FormField>::from_inner(inner)
            }
            #[inline]
            fn __read(
                fields: &mut ::elicit_core::__private::Reading<'_>,
                place: usize,
            ) -> ::core::option::Option<Self> {
                let (slot, name, sent, errors) = fields.field(place);
                ::elicit_core::__private::read_field(slot, name, sent, errors)
            }
            fn __put(&self, out: &mut ::elicit_core::__private::Writing) {
                let (content, name) = out.next_field();
                ::elicit_core::__private::put_field(content, name, self);
            }
            fn __inner(&self) -> ::core::option::Option<&Self::__Inner> {
                <T as ::elicit_core::__private::FormField>::inner(self)
            }
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FormFields for Rebooking {
        const NAMES: &'static [&'static str] = &["date", "travellers", "extras"];
        const NEEDS_VALUE: &'static [bool] = &[
            true,
            <u8 as elicit_core::ElicitField>::__REQUIRED,
            false,
        ];
        const SECRET: &'static [bool] = &[
            false,
            <u8 as elicit_core::ElicitField>::__SECRET,
            false,
        ];
        const ASKABLE: &'static [bool] = &[false, false, false];
        #[inline]
        fn base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            __elicit_base_schema()
        }
        #[inline]
        fn read_fields(
            __in: &mut ::elicit_core::__private::Reading<'_>,
        ) -> ::core::option::Option<Self> {
            let __field0 = ::elicit_core::__private::Offered::<
                String,
            >::pick_required(__in, 0usize, 0usize);
            let __field1 = <u8 as elicit_core::ElicitField>::__read(__in, 1usize);
            let __field2 = ::elicit_core::__private::Offered::<
                String,
            >::pick_all_optional(__in, 2usize, 1usize);
            let (
                ::core::option::Option::Some(__field0),
                ::core::option::Option::Some(__field1),
                ::core::option::Option::Some(__field2),
            ) = (__field0, __field1, __field2) else {
                return ::core::option::Option::None;
            };
            ::core::option::Option::Some(Self {
                date: __field0,
                travellers: __field1,
                extras: __field2,
            })
        }
    }
    #[automatically_derived]
    #[diagnostic::do_not_recommend]
    impl ::elicit_core::FormMode for Rebooking
    where
        for<'__elicit> ::elicit_core::__private::Secrecy<
            {
                ::elicit_core::__private::any_secret(
                    <Rebooking as ::elicit_core::__private::FormFields>::SECRET,
                )
            },
        >: ::elicit_core::__private::NoSecret,
    {}
    #[inline]
    fn __elicit_message() -> &'static str {
        "That date is full: pick another one"
    }
    #[inline]
    fn __elicit_base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
        static __BASE: ::elicit_core::__private::OnceLock<
            ::elicit_core::__private::RequestedSchema,
        > = ::elicit_core::__private::OnceLock::new();
        __BASE
            .get_or_init(|| ::elicit_core::__private::set::schema::<
                Rebooking,
            >(
                "Rebooking",
                &[
                    ::elicit_core::__private::set::Member::Offered(::elicit_core::__private::set::Offered {
                        multi: false,
                        title: ::core::option::Option::Some("Date"),
                        description: ::core::option::Option::None,
                        min_items: ::core::option::Option::None,
                        max_items: ::core::option::Option::None,
                    }),
                    ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                        base: <u8 as elicit_core::ElicitField>::__schema,
                        facts: <u8 as elicit_core::ElicitField>::__FACTS,
                        narrows: &[
                            ::elicit_core::__private::set::Narrow::DefaultTitle(
                                "Travellers",
                            ),
                            ::elicit_core::__private::set::Narrow::Minimum(
                                ::elicit_core::__private::set::Bound::Int(1i128),
                            ),
                            ::elicit_core::__private::set::Narrow::Maximum(
                                ::elicit_core::__private::set::Bound::Int(9i128),
                            ),
                        ],
                        default: ::elicit_core::__private::set::DefaultJson::Int(1i128),
                    }),
                    ::elicit_core::__private::set::Member::Offered(::elicit_core::__private::set::Offered {
                        multi: true,
                        title: ::core::option::Option::Some("Extras"),
                        description: ::core::option::Option::None,
                        min_items: ::core::option::Option::None,
                        max_items: ::core::option::Option::None,
                    }),
                ],
            ))
    }
    type __ElicitForm = Rebooking;
    type __ElicitOffered0 = String;
    type __ElicitShaped1 = u8;
    type __ElicitOffered2 = String;
    fn __elicit_field(
        __form: &__ElicitForm,
        __index: usize,
    ) -> ::core::option::Option<&dyn ::core::any::Any> {
        match __index {
            1usize => ::core::option::Option::Some(&__form.travellers),
            _ => ::core::option::Option::None,
        }
    }
    const _: () = {
        ///`Rebooking`'s form, to shape for one asking: each field's method takes a closure that narrows its range, offers fewer options, sets a default, a text or a check (see `elicit_core::shape`). Ask the builder, or `build()` it into a `Form`.
        pub struct RebookingForm<DateOptions, ExtrasOptions> {
            parts: ::elicit_core::__private::FormParts<__ElicitForm>,
            offers: [::elicit_core::__private::OfferSlot; 2usize],
            _state: ::core::marker::PhantomData<fn() -> (DateOptions, ExtrasOptions)>,
        }
        ///The state of a builder whose field `date` has its options.
        #[diagnostic::on_unimplemented(
            message = "the options of `date` are not given",
            label = "this form still needs the options of `date`",
            note = "a field marked `#[elicit(options)]` has its options given each time the form is asked, through the form's builder: `Rebooking::form().date(|f| f.options(…))`",
            note = "`Rebooking` has no schema of its own: ask its builder or the `Form` it builds (`Dialog::ask_form`, `Inputs::form_of`, `Asked::complete_with`), not `Rebooking` itself (`Dialog::ask`, `Inputs::form`, `Asked::complete`)"
        )]
        pub trait DateOptionsGiven {}
        impl DateOptionsGiven for ::elicit_core::__private::Given {}
        ///The state of a builder whose field `extras` has its options.
        #[diagnostic::on_unimplemented(
            message = "the options of `extras` are not given",
            label = "this form still needs the options of `extras`",
            note = "a field marked `#[elicit(options)]` has its options given each time the form is asked, through the form's builder: `Rebooking::form().extras(|f| f.options(…))`",
            note = "`Rebooking` has no schema of its own: ask its builder or the `Form` it builds (`Dialog::ask_form`, `Inputs::form_of`, `Asked::complete_with`), not `Rebooking` itself (`Dialog::ask`, `Inputs::form`, `Asked::complete`)"
        )]
        pub trait ExtrasOptionsGiven {}
        impl ExtrasOptionsGiven for ::elicit_core::__private::Given {}
        #[automatically_derived]
        impl __ElicitForm {
            ///`Rebooking`'s form, to shape for one asking: each field's method takes a closure that narrows its range, offers fewer options, sets a default, a text or a check (see `elicit_core::shape`). Ask the builder, or `build()` it into a `Form`.
            #[inline]
            #[must_use]
            pub fn form() -> RebookingForm<
                ::elicit_core::__private::NotGiven,
                ::elicit_core::__private::NotGiven,
            > {
                RebookingForm {
                    parts: ::elicit_core::__private::FormParts::of_fields(
                        __elicit_message(),
                        ::core::clone::Clone::clone(__elicit_base_schema()),
                        __elicit_field,
                    ),
                    offers: ::core::array::from_fn(|_| ::core::default::Default::default()),
                    _state: ::core::marker::PhantomData,
                }
            }
        }
        #[automatically_derived]
        impl<DateOptions, ExtrasOptions> RebookingForm<DateOptions, ExtrasOptions> {
            ///Shapes the field `travellers` for this asking: its texts, a narrower range, fewer options, a default, a check.
            #[inline]
            #[must_use]
            pub fn travellers(
                mut self,
                shape: impl ::core::ops::FnOnce(
                    ::elicit_core::__private::FieldShape<__ElicitForm, __ElicitShaped1>,
                ) -> ::elicit_core::__private::FieldShape<__ElicitForm, __ElicitShaped1>,
            ) -> Self {
                self.parts.field_at(1usize, shape);
                self
            }
            /// Replaces the prompt for this asking.
            #[inline]
            #[must_use]
            pub fn with_message(
                mut self,
                message: impl ::core::convert::Into<::std::string::String>,
            ) -> Self {
                self.parts.message(::core::convert::Into::into(message));
                self
            }
            /// The form, once every field filled at run time has its options; or what
            /// contradicts itself in what was given (found before anything is sent).
            ///
            /// # Errors
            /// A `ShapeError` naming the field and the problem.
            #[inline]
            pub fn build(
                self,
            ) -> ::core::result::Result<
                ::elicit_core::__private::Form<__ElicitForm>,
                ::elicit_core::__private::ShapeError,
            >
            where
                DateOptions: DateOptionsGiven,
                ExtrasOptions: ExtrasOptionsGiven,
            {
                self.parts.build(::std::vec::Vec::from(self.offers))
            }
        }
        #[automatically_derived]
        impl<
            ExtrasOptions,
        > RebookingForm<::elicit_core::__private::NotGiven, ExtrasOptions> {
            ///Gives the options of `date` (required before the form can be asked), and shapes it: its texts, a default, a check.
            #[inline]
            #[must_use]
            pub fn date(
                mut self,
                shape: impl ::core::ops::FnOnce(
                    ::elicit_core::__private::Options<
                        __ElicitForm,
                        __ElicitOffered0,
                        ::elicit_core::__private::NotGiven,
                    >,
                ) -> ::elicit_core::__private::Options<
                        __ElicitForm,
                        __ElicitOffered0,
                        ::elicit_core::__private::Given,
                    >,
            ) -> RebookingForm<::elicit_core::__private::Given, ExtrasOptions> {
                self.offers[0usize] = ::elicit_core::__private::Offered::<
                    __ElicitOffered0,
                >::keep(
                    self
                        .parts
                        .options(
                            0usize,
                            |__form: &__ElicitForm| ::core::option::Option::Some(
                                &__form.date,
                            ),
                            shape,
                        ),
                );
                RebookingForm {
                    parts: self.parts,
                    offers: self.offers,
                    _state: ::core::marker::PhantomData,
                }
            }
        }
        #[automatically_derived]
        impl<
            DateOptions,
        > RebookingForm<DateOptions, ::elicit_core::__private::NotGiven> {
            ///Gives the options of `extras` (required before the form can be asked), and shapes it: its texts, a default, a check, item counts.
            #[inline]
            #[must_use]
            pub fn extras(
                mut self,
                shape: impl ::core::ops::FnOnce(
                    ::elicit_core::__private::MultiOptions<
                        __ElicitForm,
                        __ElicitOffered2,
                        ::elicit_core::__private::NotGiven,
                    >,
                ) -> ::elicit_core::__private::MultiOptions<
                        __ElicitForm,
                        __ElicitOffered2,
                        ::elicit_core::__private::Given,
                    >,
            ) -> RebookingForm<DateOptions, ::elicit_core::__private::Given> {
                self.offers[1usize] = ::elicit_core::__private::Offered::<
                    __ElicitOffered2,
                >::keep(
                    self
                        .parts
                        .multi_options(
                            2usize,
                            |__form: &__ElicitForm| __form.extras.as_ref(),
                            shape,
                        ),
                );
                RebookingForm {
                    parts: self.parts,
                    offers: self.offers,
                    _state: ::core::marker::PhantomData,
                }
            }
        }
        #[automatically_derived]
        impl<DateOptions, ExtrasOptions> ::elicit_core::__private::IntoForm<__ElicitForm>
        for RebookingForm<DateOptions, ExtrasOptions>
        where
            DateOptions: DateOptionsGiven,
            ExtrasOptions: ExtrasOptionsGiven,
        {
            #[inline]
            fn into_form(
                self,
            ) -> ::core::result::Result<
                ::elicit_core::__private::Form<__ElicitForm>,
                ::elicit_core::__private::ShapeError,
            > {
                self.build()
            }
        }
        #[automatically_derived]
        impl ::elicit_core::Elicit for __ElicitForm
        where
            for<'__a> RebookingForm<
                ::elicit_core::__private::NotGiven,
                ::elicit_core::__private::NotGiven,
            >: ::elicit_core::__private::IntoForm<__ElicitForm>,
        {
            fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
                ::core::unreachable!()
            }
            fn message() -> &'static str {
                ::core::unreachable!()
            }
            fn from_content(
                _: &::elicit_core::__private::Content,
            ) -> ::core::result::Result<Self, ::elicit_core::__private::ContentError> {
                ::core::unreachable!()
            }
            fn to_content(&self) -> ::elicit_core::__private::Content {
                ::core::unreachable!()
            }
        }
        #[automatically_derived]
        #[diagnostic::do_not_recommend]
        impl ::elicit_core::__private::Shaped for __ElicitForm {
            type Builder = RebookingForm<
                ::elicit_core::__private::NotGiven,
                ::elicit_core::__private::NotGiven,
            >;
            #[inline]
            fn builder() -> Self::Builder {
                __ElicitForm::form()
            }
        }
    };
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<u8>::NUMBER {
        ::core::panic!(
            "`minimum` and `maximum` apply only to integer and float fields, and `u8` is not one: a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS)
        .bound_int(1i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`minimum` 1 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS)
        .bound_int(9i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`maximum` 9 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS
        .minimum_int(1i128)
        .maximum_int(9i128))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("field `travellers`: ").push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS
        .minimum_int(1i128)
        .maximum_int(9i128))
        .check_int(1i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("`default` 1 of field `travellers` ").push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::CLONE {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Clone` (derive or implement `Clone` for `String`); the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::SEND {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Send`, so a form holding it cannot move between threads; the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::SYNC {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Sync`, so a form holding it cannot be shared between threads; the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Offered::<String>::CLONE
        && ::elicit_core::__private::Offered::<String>::SEND
        && ::elicit_core::__private::Offered::<String>::SYNC
        && !::elicit_core::__private::Offered::<String>::OWNED
    {
        ::core::panic!(
            "`String` cannot be offered as an option: it borrows its data, and the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer; use a type that owns it (`String`, not `&str`)"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::CollectionProbe::<String>::IS_COLLECTION {
        ::core::panic!(
            "`String` is a collection: a field with `options` is a multi-select when its type is written `Vec<…>`; write `Vec<…>` in place of the alias"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::CLONE {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Clone` (derive or implement `Clone` for `String`); the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::SEND {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Send`, so a form holding it cannot move between threads; the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Offered::<String>::SYNC {
        ::core::panic!(
            "`String` cannot be offered as an option: it is not `Sync`, so a form holding it cannot be shared between threads; the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Offered::<String>::CLONE
        && ::elicit_core::__private::Offered::<String>::SEND
        && ::elicit_core::__private::Offered::<String>::SYNC
        && !::elicit_core::__private::Offered::<String>::OWNED
    {
        ::core::panic!(
            "`String` cannot be offered as an option: it borrows its data, and the options of a field marked `#[elicit(options)]` are kept with the form and come back as its answer; use a type that owns it (`String`, not `&str`)"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<String>::SECRET {
        ::core::panic!(
            "`date` holds a secret, and `options` would list values of it in the form's schema and on the page: drop `options`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<u8>::SECRET {
        ::core::panic!(
            "`travellers` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<String>::SECRET {
        ::core::panic!(
            "`extras` holds a secret, and `options` would list values of it in the form's schema and on the page: drop `options`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
