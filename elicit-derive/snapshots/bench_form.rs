// 866 lines: the expansion of the input in elicit-derive/src/snapshots.rs
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
    impl ::elicit_core::Elicit for Everything {
        #[inline]
        fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            static __SCHEMA: ::elicit_core::__private::OnceLock<
                ::elicit_core::__private::RequestedSchema,
            > = ::elicit_core::__private::OnceLock::new();
            __SCHEMA
                .get_or_init(|| ::elicit_core::__private::set::schema::<
                    Everything,
                >(
                    "Everything",
                    &[
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <String as elicit_core::ElicitField>::__schema,
                            facts: <String as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title("String"),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Your full, legal name",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Option<bool> as elicit_core::ElicitField>::__schema,
                            facts: <Option<bool> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title("Boolean"),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Agree to the terms and conditions",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <String as elicit_core::ElicitField>::__schema,
                            facts: <String as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "String with default",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Favorite first line of a story",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Str(
                                "It was a dark and stormy night.",
                            ),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Option<String> as elicit_core::ElicitField>::__schema,
                            facts: <Option<String> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "String with email format",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Your email address (will be verified, and never shared with anyone else)",
                                ),
                                ::elicit_core::__private::set::Narrow::Format(
                                    ::elicit_core::__private::StringFormat::ALL[0usize],
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Option<String> as elicit_core::ElicitField>::__schema,
                            facts: <Option<String> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "String with uri format",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Portfolio / personal website",
                                ),
                                ::elicit_core::__private::set::Narrow::Format(
                                    ::elicit_core::__private::StringFormat::ALL[1usize],
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Option<String> as elicit_core::ElicitField>::__schema,
                            facts: <Option<String> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "String with date format",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Your date of birth",
                                ),
                                ::elicit_core::__private::set::Narrow::Format(
                                    ::elicit_core::__private::StringFormat::ALL[2usize],
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <i64 as elicit_core::ElicitField>::__schema,
                            facts: <i64 as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title("Integer"),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Your favorite integer (do not give us your phone number, pin, or other sensitive info)",
                                ),
                                ::elicit_core::__private::set::Narrow::Minimum(
                                    ::elicit_core::__private::set::Bound::Int(1i128),
                                ),
                                ::elicit_core::__private::set::Narrow::Maximum(
                                    ::elicit_core::__private::set::Bound::Int(100i128),
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Int(
                                42i128,
                            ),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <f64 as elicit_core::ElicitField>::__schema,
                            facts: <f64 as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Number in range 1-1000",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Favorite number (there are no wrong answers)",
                                ),
                                ::elicit_core::__private::set::Narrow::Minimum(
                                    ::elicit_core::__private::set::Bound::Int(0i128),
                                ),
                                ::elicit_core::__private::set::Narrow::Maximum(
                                    ::elicit_core::__private::set::Bound::Int(1000i128),
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Float(
                                3.14f64,
                            ),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Friend as elicit_core::ElicitField>::__schema,
                            facts: <Friend as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Untitled Single Select Enum",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Choose your favorite friend",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Made(|| <Friend as elicit_core::ElicitField>::__default_json(
                                &::elicit_core::__private::FieldDefault::<
                                    Friend,
                                >::Value(|| <Friend as elicit_core::ElicitField>::__from_inner(
                                    Friend::Monica,
                                )),
                            )),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Vec<
                                Instrument,
                            > as elicit_core::ElicitField>::__schema,
                            facts: <Vec<
                                Instrument,
                            > as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Untitled Multiple Select Enum",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Choose your favorite instruments",
                                ),
                                ::elicit_core::__private::set::Narrow::MinItems(1u64),
                                ::elicit_core::__private::set::Narrow::MaxItems(3u64),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Made(|| <Vec<
                                Instrument,
                            > as elicit_core::ElicitField>::__default_json(
                                &::elicit_core::__private::FieldDefault::<
                                    Vec<Instrument>,
                                >::Value(|| {
                                    <Vec<
                                        Instrument,
                                    > as elicit_core::ElicitField>::__from_inner(
                                        ::core::convert::From::from([Instrument::Guitar]),
                                    )
                                }),
                            )),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Hero as elicit_core::ElicitField>::__schema,
                            facts: <Hero as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Titled Single Select Enum",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Choose your favorite hero",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Made(|| <Hero as elicit_core::ElicitField>::__default_json(
                                &::elicit_core::__private::FieldDefault::<
                                    Hero,
                                >::Value(|| <Hero as elicit_core::ElicitField>::__from_inner(
                                    Hero::Superman,
                                )),
                            )),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Vec<Fish> as elicit_core::ElicitField>::__schema,
                            facts: <Vec<Fish> as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Titled Multiple Select Enum",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Choose your favorite types of fish",
                                ),
                                ::elicit_core::__private::set::Narrow::MinItems(1u64),
                                ::elicit_core::__private::set::Narrow::MaxItems(3u64),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Made(|| <Vec<
                                Fish,
                            > as elicit_core::ElicitField>::__default_json(
                                &::elicit_core::__private::FieldDefault::<
                                    Vec<Fish>,
                                >::Value(|| {
                                    <Vec<
                                        Fish,
                                    > as elicit_core::ElicitField>::__from_inner(
                                        ::core::convert::From::from([Fish::Tuna]),
                                    )
                                }),
                            )),
                        }),
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <Pet as elicit_core::ElicitField>::__schema,
                            facts: <Pet as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::Title(
                                    "Legacy Titled Single Select Enum",
                                ),
                                ::elicit_core::__private::set::Narrow::Description(
                                    "Choose your favorite type of pet",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::Made(|| <Pet as elicit_core::ElicitField>::__default_json(
                                &::elicit_core::__private::FieldDefault::<
                                    Pet,
                                >::Value(|| <Pet as elicit_core::ElicitField>::__from_inner(
                                    Pet::Cats,
                                )),
                            )),
                        }),
                    ],
                ))
        }
        #[inline]
        fn message() -> &'static str {
            "Please provide inputs for the following fields:"
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
            <Option<bool> as elicit_core::ElicitField>::__put(&self.check, &mut __out);
            <String as elicit_core::ElicitField>::__put(&self.first_line, &mut __out);
            <Option<String> as elicit_core::ElicitField>::__put(&self.email, &mut __out);
            <Option<
                String,
            > as elicit_core::ElicitField>::__put(&self.homepage, &mut __out);
            <Option<
                String,
            > as elicit_core::ElicitField>::__put(&self.birthdate, &mut __out);
            <i64 as elicit_core::ElicitField>::__put(&self.integer, &mut __out);
            <f64 as elicit_core::ElicitField>::__put(&self.number, &mut __out);
            <Friend as elicit_core::ElicitField>::__put(
                &self.untitled_single_select_enum,
                &mut __out,
            );
            <Vec<
                Instrument,
            > as elicit_core::ElicitField>::__put(
                &self.untitled_multiple_select_enum,
                &mut __out,
            );
            <Hero as elicit_core::ElicitField>::__put(
                &self.titled_single_select_enum,
                &mut __out,
            );
            <Vec<
                Fish,
            > as elicit_core::ElicitField>::__put(
                &self.titled_multiple_select_enum,
                &mut __out,
            );
            <Pet as elicit_core::ElicitField>::__put(
                &self.legacy_titled_enum,
                &mut __out,
            );
            __out.into_content()
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FormFields for Everything {
        const NAMES: &'static [&'static str] = &[
            "name",
            "check",
            "firstLine",
            "email",
            "homepage",
            "birthdate",
            "integer",
            "number",
            "untitledSingleSelectEnum",
            "untitledMultipleSelectEnum",
            "titledSingleSelectEnum",
            "titledMultipleSelectEnum",
            "legacyTitledEnum",
        ];
        const NEEDS_VALUE: &'static [bool] = &[
            <String as elicit_core::ElicitField>::__REQUIRED,
            <Option<bool> as elicit_core::ElicitField>::__REQUIRED,
            <String as elicit_core::ElicitField>::__REQUIRED,
            <Option<String> as elicit_core::ElicitField>::__REQUIRED,
            <Option<String> as elicit_core::ElicitField>::__REQUIRED,
            <Option<String> as elicit_core::ElicitField>::__REQUIRED,
            <i64 as elicit_core::ElicitField>::__REQUIRED,
            <f64 as elicit_core::ElicitField>::__REQUIRED,
            <Friend as elicit_core::ElicitField>::__REQUIRED,
            <Vec<Instrument> as elicit_core::ElicitField>::__REQUIRED,
            <Hero as elicit_core::ElicitField>::__REQUIRED,
            <Vec<Fish> as elicit_core::ElicitField>::__REQUIRED,
            <Pet as elicit_core::ElicitField>::__REQUIRED,
        ];
        const SECRET: &'static [bool] = &[
            <String as elicit_core::ElicitField>::__SECRET,
            <Option<bool> as elicit_core::ElicitField>::__SECRET,
            <String as elicit_core::ElicitField>::__SECRET,
            <Option<String> as elicit_core::ElicitField>::__SECRET,
            <Option<String> as elicit_core::ElicitField>::__SECRET,
            <Option<String> as elicit_core::ElicitField>::__SECRET,
            <i64 as elicit_core::ElicitField>::__SECRET,
            <f64 as elicit_core::ElicitField>::__SECRET,
            <Friend as elicit_core::ElicitField>::__SECRET,
            <Vec<Instrument> as elicit_core::ElicitField>::__SECRET,
            <Hero as elicit_core::ElicitField>::__SECRET,
            <Vec<Fish> as elicit_core::ElicitField>::__SECRET,
            <Pet as elicit_core::ElicitField>::__SECRET,
        ];
        const ASKABLE: &'static [bool] = &[
            false, false, false, false, false, false, false, false, false, false, false,
            false, false,
        ];
        #[inline]
        fn base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            <Self as ::elicit_core::Elicit>::requested_schema()
        }
        #[inline]
        fn read_fields(
            __in: &mut ::elicit_core::__private::Reading<'_>,
        ) -> ::core::option::Option<Self> {
            let __field0 = <String as elicit_core::ElicitField>::__read(__in, 0usize);
            let __field1 = <Option<
                bool,
            > as elicit_core::ElicitField>::__read(__in, 1usize);
            let __field2 = <String as elicit_core::ElicitField>::__read(__in, 2usize);
            let __field3 = <Option<
                String,
            > as elicit_core::ElicitField>::__read(__in, 3usize);
            let __field4 = <Option<
                String,
            > as elicit_core::ElicitField>::__read(__in, 4usize);
            let __field5 = <Option<
                String,
            > as elicit_core::ElicitField>::__read(__in, 5usize);
            let __field6 = <i64 as elicit_core::ElicitField>::__read(__in, 6usize);
            let __field7 = <f64 as elicit_core::ElicitField>::__read(__in, 7usize);
            let __field8 = <Friend as elicit_core::ElicitField>::__read(__in, 8usize);
            let __field9 = <Vec<
                Instrument,
            > as elicit_core::ElicitField>::__read(__in, 9usize);
            let __field10 = <Hero as elicit_core::ElicitField>::__read(__in, 10usize);
            let __field11 = <Vec<
                Fish,
            > as elicit_core::ElicitField>::__read(__in, 11usize);
            let __field12 = <Pet as elicit_core::ElicitField>::__read(__in, 12usize);
            let (
                ::core::option::Option::Some(__field0),
                ::core::option::Option::Some(__field1),
                ::core::option::Option::Some(__field2),
                ::core::option::Option::Some(__field3),
                ::core::option::Option::Some(__field4),
                ::core::option::Option::Some(__field5),
                ::core::option::Option::Some(__field6),
                ::core::option::Option::Some(__field7),
                ::core::option::Option::Some(__field8),
                ::core::option::Option::Some(__field9),
                ::core::option::Option::Some(__field10),
                ::core::option::Option::Some(__field11),
                ::core::option::Option::Some(__field12),
            ) = (
                __field0,
                __field1,
                __field2,
                __field3,
                __field4,
                __field5,
                __field6,
                __field7,
                __field8,
                __field9,
                __field10,
                __field11,
                __field12,
            ) else {
                return ::core::option::Option::None;
            };
            ::core::option::Option::Some(Self {
                name: __field0,
                check: __field1,
                first_line: __field2,
                email: __field3,
                homepage: __field4,
                birthdate: __field5,
                integer: __field6,
                number: __field7,
                untitled_single_select_enum: __field8,
                untitled_multiple_select_enum: __field9,
                titled_single_select_enum: __field10,
                titled_multiple_select_enum: __field11,
                legacy_titled_enum: __field12,
            })
        }
    }
    #[automatically_derived]
    #[diagnostic::do_not_recommend]
    impl ::elicit_core::FormMode for Everything
    where
        for<'__elicit> ::elicit_core::__private::Secrecy<
            {
                ::elicit_core::__private::any_secret(
                    <Everything as ::elicit_core::__private::FormFields>::SECRET,
                )
            },
        >: ::elicit_core::__private::NoSecret,
    {}
    #[automatically_derived]
    impl ::elicit_core::__private::FlatForm for Everything {}
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
    if !::elicit_core::__private::Kind::<Option<String>>::STRING {
        ::core::panic!(
            "`format` applies only to string fields, and `Option<String>` is not one: a string field is a `String` or another plain string type such as `Box<str>`, or an `Option` of one"
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
    if !::elicit_core::__private::Kind::<i64>::NUMBER {
        ::core::panic!(
            "`minimum` and `maximum` apply only to integer and float fields, and `i64` is not one: a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<f64>::NUMBER {
        ::core::panic!(
            "`minimum` and `maximum` apply only to integer and float fields, and `f64` is not one: a number field is an integer of up to 64 bits (`NonZero` ones too), `f32` or `f64`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<Vec<Instrument>>::MULTI_SELECT {
        ::core::panic!(
            "`min_items` and `max_items` apply only to multi-select fields, and `Vec<Instrument>` is not one: a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Kind::<Vec<Instrument>>::MULTI_SELECT
        && 1u64 as usize
            > ::elicit_core::__private::Kind::<Vec<Instrument>>::OPTION_COUNT
    {
        ::core::panic!(
            "`min_items` (1) is more than the number of options to choose from"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Kind::<Vec<Instrument>>::MULTI_SELECT
        && 3u64 as usize
            > ::elicit_core::__private::Kind::<Vec<Instrument>>::OPTION_COUNT
    {
        ::core::panic!(
            "`max_items` (3) is more than the number of options to choose from"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Kind::<Vec<Fish>>::MULTI_SELECT {
        ::core::panic!(
            "`min_items` and `max_items` apply only to multi-select fields, and `Vec<Fish>` is not one: a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-variant enum that derives `Elicit`, or an `Option` of one"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Kind::<Vec<Fish>>::MULTI_SELECT
        && 1u64 as usize > ::elicit_core::__private::Kind::<Vec<Fish>>::OPTION_COUNT
    {
        ::core::panic!(
            "`min_items` (1) is more than the number of options to choose from"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::Kind::<Vec<Fish>>::MULTI_SELECT
        && 3u64 as usize > ::elicit_core::__private::Kind::<Vec<Fish>>::OPTION_COUNT
    {
        ::core::panic!(
            "`max_items` (3) is more than the number of options to choose from"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        String,
    >::FACTS)
        .check_str("It was a dark and stormy night.")
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("`default` \"It was a dark and stormy night.\" of field `first_line` ")
            .push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        i64,
    >::FACTS)
        .bound_int(1i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`minimum` 1 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        i64,
    >::FACTS)
        .bound_int(100i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`maximum` 100 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        i64,
    >::FACTS
        .minimum_int(1i128)
        .maximum_int(100i128))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("field `integer`: ")
            .push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        i64,
    >::FACTS
        .minimum_int(1i128)
        .maximum_int(100i128))
        .check_int(42i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("`default` 42 of field `integer` ").push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        f64,
    >::FACTS)
        .bound_int(0i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`minimum` 0 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        f64,
    >::FACTS)
        .bound_int(1000i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`maximum` 1000 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        f64,
    >::FACTS
        .minimum_int(0i128)
        .maximum_int(1000i128))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("field `number`: ")
            .push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports, clippy::approx_constant)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        f64,
    >::FACTS
        .minimum_int(0i128)
        .maximum_int(1000i128))
        .check_float(3.14f64)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("`default` 3.14 of field `number` ").push(__problem.as_str()).as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        Vec<Instrument>,
    >::FACTS
        .min_items(1u64)
        .max_items(3u64))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("field `untitled_multiple_select_enum`: ").push(__problem.as_str())
            .as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        Vec<Fish>,
    >::FACTS
        .min_items(1u64)
        .max_items(3u64))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("field `titled_multiple_select_enum`: ").push(__problem.as_str())
            .as_str()
        );
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<String>::SECRET {
        ::core::panic!(
            "`firstLine` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<i64>::SECRET {
        ::core::panic!(
            "`integer` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<f64>::SECRET {
        ::core::panic!(
            "`number` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<Friend>::SECRET {
        ::core::panic!(
            "`untitledSingleSelectEnum` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<Vec<Instrument>>::SECRET {
        ::core::panic!(
            "`untitledMultipleSelectEnum` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<Hero>::SECRET {
        ::core::panic!(
            "`titledSingleSelectEnum` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<Vec<Fish>>::SECRET {
        ::core::panic!(
            "`titledMultipleSelectEnum` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if ::elicit_core::__private::FieldProbe::<Pet>::SECRET {
        ::core::panic!(
            "`legacyTitledEnum` holds a secret, and a default would be written into the form's schema and read as the answer when the field is left empty: drop `default`; a secret field takes none: the person types it on the server's own page"
        )
    }
};
