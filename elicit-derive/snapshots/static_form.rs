// 423 lines: the expansion of the input in elicit-derive/src/snapshots.rs
const _: () = ::elicit_core::__private::PRIVATE_API_0_1_0;
#[allow(clippy::approx_constant)]
const _: () = {
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
    impl ::elicit_core::Elicit for Booking {
        #[inline]
        fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            static __SCHEMA: ::elicit_core::__private::OnceLock<
                ::elicit_core::__private::RequestedSchema,
            > = ::elicit_core::__private::OnceLock::new();
            __SCHEMA
                .get_or_init(|| ::elicit_core::__private::set::schema::<
                    Booking,
                >(
                    "Booking",
                    &[
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <String as elicit_core::ElicitField>::__schema,
                            facts: <String as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle("Name"),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Your name",
                                ),
                                ::elicit_core::__private::set::Narrow::MinLength(1u64),
                                ::elicit_core::__private::set::Narrow::MaxLength(40u64),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <u8 as elicit_core::ElicitField>::__schema,
                            facts: <u8 as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle(
                                    "Party size",
                                ),
                                ::elicit_core::__private::set::Narrow::Minimum(
                                    ::elicit_core::__private::set::Bound::Int(1i128),
                                ),
                                ::elicit_core::__private::set::Narrow::Maximum(
                                    ::elicit_core::__private::set::Bound::Int(12i128),
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Int(
                                2i128,
                            ),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Option<String> as elicit_core::ElicitField>::__schema,
                            facts: <Option<String> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle(
                                    "Email",
                                ),
                                ::elicit_core::__private::set::Narrow::Format(
                                    ::elicit_core::__private::StringFormat::ALL[0usize],
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Seating as elicit_core::ElicitField>::__schema,
                            facts: <Seating as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle(
                                    "Seating",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Vec<Extra> as elicit_core::ElicitField>::__schema,
                            facts: <Vec<Extra> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle(
                                    "Extras",
                                ),
                                ::elicit_core::__private::set::Narrow::MinItems(1u64),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <String as elicit_core::ElicitField>::__schema,
                            facts: <String as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle("Time"),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                    ],
                ))
        }
        #[inline]
        fn message() -> &'static str {
            "Book a table"
        }
        const READER: ::core::option::Option<
            ::elicit_core::__private::FormReader<Self>,
        > = ::core::option::Option::Some(
            ::elicit_core::__private::form_reader::<Self>(),
        );
        #[inline]
        fn from_content(
            __content: &::elicit_core::__private::Content,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::ContentError> {
            ::elicit_core::__private::read_map(
                __content,
                &::elicit_core::__private::form_reader::<Self>(),
                &::elicit_core::__private::Sent::in_order(
                    <Self as ::elicit_core::Elicit>::requested_schema(),
                ),
            )
        }
        #[inline]
        fn to_content(&self) -> ::elicit_core::__private::Content {
            let mut __out = ::elicit_core::__private::Writing::of::<Self>();
            <String as elicit_core::ElicitField>::__put(&self.name, &mut __out);
            <u8 as elicit_core::ElicitField>::__put(&self.party_size, &mut __out);
            <Option<String> as elicit_core::ElicitField>::__put(&self.email, &mut __out);
            <Seating as elicit_core::ElicitField>::__put(&self.seating, &mut __out);
            <Vec<Extra> as elicit_core::ElicitField>::__put(&self.extras, &mut __out);
            <String as elicit_core::ElicitField>::__put(&self.time, &mut __out);
            __out.into_content()
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FormFields for Booking {
        const NAMES: &'static [&'static str] = &[
            "name",
            "partySize",
            "email",
            "seating",
            "extras",
            "time",
        ];
        const NEEDS_VALUE: &'static [bool] = &[
            <String as elicit_core::ElicitField>::__REQUIRED,
            <u8 as elicit_core::ElicitField>::__REQUIRED,
            <Option<String> as elicit_core::ElicitField>::__REQUIRED,
            <Seating as elicit_core::ElicitField>::__REQUIRED,
            <Vec<Extra> as elicit_core::ElicitField>::__REQUIRED,
            <String as elicit_core::ElicitField>::__REQUIRED,
        ];
        const SECRET: &'static [bool] = &[
            <String as elicit_core::ElicitField>::__SECRET,
            <u8 as elicit_core::ElicitField>::__SECRET,
            <Option<String> as elicit_core::ElicitField>::__SECRET,
            <Seating as elicit_core::ElicitField>::__SECRET,
            <Vec<Extra> as elicit_core::ElicitField>::__SECRET,
            <String as elicit_core::ElicitField>::__SECRET,
        ];
        const ASKABLE: &'static [bool] = &[false, false, false, false, false, false];
        #[inline]
        fn base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            <Self as ::elicit_core::Elicit>::requested_schema()
        }
        #[inline]
        fn read_fields(
            __in: &mut ::elicit_core::__private::Reading<'_>,
        ) -> ::core::option::Option<Self> {
            let __field0 = <String as elicit_core::ElicitField>::__read(__in, 0usize);
            let __field1 = <u8 as elicit_core::ElicitField>::__read(__in, 1usize);
            let __field2 = <Option<
                String,
            > as elicit_core::ElicitField>::__read(__in, 2usize);
            let __field3 = <Seating as elicit_core::ElicitField>::__read(__in, 3usize);
            let __field4 = <Vec<
                Extra,
            > as elicit_core::ElicitField>::__read(__in, 4usize);
            let __field5 = <String as elicit_core::ElicitField>::__read(__in, 5usize);
            let (
                ::core::option::Option::Some(__field0),
                ::core::option::Option::Some(__field1),
                ::core::option::Option::Some(__field2),
                ::core::option::Option::Some(__field3),
                ::core::option::Option::Some(__field4),
                ::core::option::Option::Some(__field5),
            ) = (__field0, __field1, __field2, __field3, __field4, __field5) else {
                return ::core::option::Option::None;
            };
            let __value = Self {
                name: __field0,
                party_size: __field1,
                email: __field2,
                seating: __field3,
                extras: __field4,
                time: __field5,
            };
            let __before = __in.error_count();
            {
                let __field = &__value.time;
                __in.checked(
                    5usize,
                    ::elicit_core::shape::FieldCheck::<
                        String,
                        Booking,
                        _,
                    >::check(&Self::not_too_late, __field, &__value),
                );
            }
            if __in.error_count() > __before {
                return ::core::option::Option::None;
            }
            ::core::option::Option::Some(__value)
        }
    }
    #[automatically_derived]
    #[diagnostic::do_not_recommend]
    impl ::elicit_core::FormMode for Booking
    where
        for<'__elicit> ::elicit_core::__private::Secrecy<
            {
                ::elicit_core::__private::any_secret(
                    <Booking as ::elicit_core::__private::FormFields>::SECRET,
                )
            },
        >: ::elicit_core::__private::NoSecret,
    {}
    #[automatically_derived]
    impl ::elicit_core::__private::FlatForm for Booking {}
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<String>::STRING {
        ::core::panic!(
            "`min_length` and `max_length` apply only to string fields, and `String` is not one: a string field is a `String` or another plain string type such as `Box<str>`, or an `Option` of one"
        )
    }
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
    if !::elicit_core::__private::Kind::<Option<String>>::STRING {
        ::core::panic!(
            "`format` applies only to string fields, and `Option<String>` is not one: a string field is a `String` or another plain string type such as `Box<str>`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<Vec<Extra>>::MULTI_SELECT {
        ::core::panic!(
            "`min_items` applies only to multi-select fields, and `Vec<Extra>` is not one: a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Kind::<Vec<Extra>>::MULTI_SELECT
        && 1u64 as usize > ::elicit_core::__private::Kind::<Vec<Extra>>::OPTION_COUNT
    {
        ::core::panic!(
            "`min_items` (1) is more than the number of options to choose from"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        String,
    >::FACTS
        .min_length(1u64)
        .max_length(40u64))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("field `name`: ")
            .push(__problem.as_str()).as_str()
        );
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
        .bound_int(12i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`maximum` 12 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS
        .minimum_int(1i128)
        .maximum_int(12i128))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("field `party_size`: ").push(__problem.as_str()).as_str()
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
        .maximum_int(12i128))
        .check_int(2i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("`default` 2 of field `party_size` ").push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        Vec<Extra>,
    >::FACTS
        .min_items(1u64))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("field `extras`: ")
            .push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<u8>::SECRET {
        ::core::panic!(
            "`partySize` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
