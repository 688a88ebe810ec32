// 221 lines: the expansion of the input in elicit-derive/src/snapshots.rs
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
    impl ::elicit_core::Elicit for SignUp {
        #[inline]
        fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            static __SCHEMA: ::elicit_core::__private::OnceLock<
                ::elicit_core::__private::RequestedSchema,
            > = ::elicit_core::__private::OnceLock::new();
            __SCHEMA
                .get_or_init(|| ::elicit_core::__private::set::schema::<
                    SignUp,
                >(
                    "SignUp",
                    &[
                        ::elicit_core::__private::set::Member::Property(::elicit_core::__private::set::Property {
                            base: <String as elicit_core::ElicitField>::__schema,
                            facts: <String as elicit_core::ElicitField>::__FACTS,
                            narrows: &[
                                ::elicit_core::__private::set::Narrow::DefaultTitle(
                                    "User name",
                                ),
                            ],
                            default: ::elicit_core::__private::set::DefaultJson::None,
                        }),
                        ::elicit_core::__private::set::Member::Flatten(
                            ::elicit_core::__private::Flatten::<Address>::push,
                        ),
                    ],
                ))
        }
        #[inline]
        fn message() -> &'static str {
            "Sign up"
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
            <String as elicit_core::ElicitField>::__put(&self.user_name, &mut __out);
            ::elicit_core::__private::Flatten::<Address>::put(&self.address, &mut __out);
            __out.into_content()
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FormFields for SignUp {
        const NAMES: &'static [&'static str] = &::elicit_core::__private::concat_names::<
            { 1usize + ::elicit_core::__private::Flatten::<Address>::NAMES.len() },
        >(&[&["user_name"], ::elicit_core::__private::Flatten::<Address>::NAMES]);
        const NEEDS_VALUE: &'static [bool] = &::elicit_core::__private::concat_flags::<
            { 1usize + ::elicit_core::__private::Flatten::<Address>::NAMES.len() },
        >(
            &[
                &[<String as elicit_core::ElicitField>::__REQUIRED],
                ::elicit_core::__private::Flatten::<Address>::NEEDS_VALUE,
            ],
        );
        const SECRET: &'static [bool] = &::elicit_core::__private::concat_flags::<
            { 1usize + ::elicit_core::__private::Flatten::<Address>::NAMES.len() },
        >(
            &[
                &[<String as elicit_core::ElicitField>::__SECRET],
                ::elicit_core::__private::Flatten::<Address>::SECRET,
            ],
        );
        const ASKABLE: &'static [bool] = &::elicit_core::__private::concat_flags::<
            { 1usize + ::elicit_core::__private::Flatten::<Address>::NAMES.len() },
        >(&[&[false], ::elicit_core::__private::Flatten::<Address>::ASKABLE]);
        #[inline]
        fn base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            <Self as ::elicit_core::Elicit>::requested_schema()
        }
        #[inline]
        fn read_fields(
            __in: &mut ::elicit_core::__private::Reading<'_>,
        ) -> ::core::option::Option<Self> {
            let __field0 = <String as elicit_core::ElicitField>::__read(__in, 0usize);
            let __field1 = ::elicit_core::__private::Flatten::<
                Address,
            >::parse(__in, 1usize);
            let (
                ::core::option::Option::Some(__field0),
                ::core::option::Option::Some(__field1),
            ) = (__field0, __field1) else {
                return ::core::option::Option::None;
            };
            ::core::option::Option::Some(Self {
                user_name: __field0,
                address: __field1,
                referrer: ::core::default::Default::default(),
            })
        }
    }
    #[automatically_derived]
    #[diagnostic::do_not_recommend]
    impl ::elicit_core::FormMode for SignUp
    where
        for<'__elicit> ::elicit_core::__private::Secrecy<
            {
                ::elicit_core::__private::any_secret(
                    <SignUp as ::elicit_core::__private::FormFields>::SECRET,
                )
            },
        >: ::elicit_core::__private::NoSecret,
    {}
    #[automatically_derived]
    impl ::elicit_core::__private::FlatForm for SignUp {}
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if !::elicit_core::__private::Flatten::<Address>::IS_FORM {
        ::core::panic!(
            "`Address` cannot be flattened into a form: `#[elicit(flatten)]` inlines the fields of a struct with named fields that derives `Elicit`, or of an `Option` of one; a newtype or an enum that derives `Elicit` is one field of a form (drop `flatten`), and a form with fields marked `#[elicit(options)]` is asked on its own, through its builder"
        )
    }
};
#[allow(unused_imports)]
const _: () = {
    use ::elicit_core::__private::fallbacks::*;
    if let ::core::option::Option::Some((__name, __owner)) = ::elicit_core::__private::name_clash(
        <SignUp as ::elicit_core::__private::FormFields>::NAMES,
        &[
            ::elicit_core::__private::FormPart::Own("field `user_name`"),
            ::elicit_core::__private::FormPart::Flattened(
                "flattened field `address`",
                ::elicit_core::__private::Flatten::<Address>::NAMES.len(),
            ),
        ],
        1usize,
    ) {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("flattened field `address` brings the wire name \"").push(__name)
            .push("\", which ").push(__owner)
            .push(" also has; give one of them a different `rename`").as_str()
        );
    }
};
