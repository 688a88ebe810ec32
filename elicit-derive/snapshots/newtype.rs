// 157 lines: the expansion of the input in elicit-derive/src/snapshots.rs
const _: () = ::elicit_core::__private::PRIVATE_API_0_1_0;
#[allow(clippy::approx_constant)]
const _: () = {
    #[allow(unused_imports)]
    mod elicit_core {
        use super::*;
        pub(super) use ::elicit_core::*;
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
            const __FACTS: ::elicit_core::__private::Facts;
            fn __schema() -> ::elicit_core::__private::PropertySchema;
            fn __from_json(
                value: &::elicit_core::__private::Value,
            ) -> ::core::result::Result<Self, ::elicit_core::__private::FieldErrorKind>;
            fn __to_json(&self) -> ::elicit_core::__private::Value;
        }
        #[diagnostic::do_not_recommend]
        impl<T: ::elicit_core::ElicitField> ElicitField for T {
            const __CAN_HOLD_SECRET: bool = <T as ::elicit_core::ElicitField>::CAN_HOLD_SECRET;
            const __SECRET: bool = <T as ::elicit_core::ElicitField>::SECRET;
            const __FACTS: ::elicit_core::__private::Facts = <T as ::elicit_core::ElicitField>::FACTS;
            fn __schema() -> ::elicit_core::__private::PropertySchema {
                <T as ::elicit_core::ElicitField>::field_schema()
            }
            fn __from_json(
                value: &::elicit_core::__private::Value,
            ) -> ::core::result::Result<Self, ::elicit_core::__private::FieldErrorKind> {
                <T as ::elicit_core::ElicitField>::from_json(value)
            }
            fn __to_json(&self) -> ::elicit_core::__private::Value {
                <T as ::elicit_core::ElicitField>::to_json(self)
            }
        }
    }
    #[automatically_derived]
    impl ::elicit_core::ElicitField for Percent {
        const CAN_HOLD_SECRET: bool = <u8 as elicit_core::ElicitField>::__CAN_HOLD_SECRET;
        const SECRET: bool = <u8 as elicit_core::ElicitField>::__SECRET;
        const FACTS: ::elicit_core::__private::Facts = (<u8 as elicit_core::ElicitField>::__FACTS
            .minimum_int(0i128)
            .maximum_int(100i128))
            .finished();
        #[inline]
        fn field_schema() -> ::elicit_core::__private::PropertySchema {
            ::core::clone::Clone::clone(
                <Self as ::elicit_core::__private::NewtypeField>::schema(),
            )
        }
        #[inline]
        fn from_json(
            value: &::elicit_core::__private::Value,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::FieldErrorKind> {
            let __inner = <u8 as elicit_core::ElicitField>::__from_json(value)?;
            ::elicit_core::__private::check_newtype(
                <Self as ::elicit_core::__private::NewtypeField>::schema(),
                value,
                &<u8 as elicit_core::ElicitField>::__FACTS,
            )?;
            ::core::result::Result::Ok(Self(__inner))
        }
        #[inline]
        fn to_json(&self) -> ::elicit_core::__private::Value {
            <u8 as elicit_core::ElicitField>::__to_json(&self.0)
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::NewtypeField for Percent {
        type Inner = u8;
        #[inline]
        fn schema() -> &'static ::elicit_core::__private::PropertySchema {
            static __SCHEMA: ::elicit_core::__private::OnceLock<
                ::elicit_core::__private::PropertySchema,
            > = ::elicit_core::__private::OnceLock::new();
            __SCHEMA
                .get_or_init(|| ::elicit_core::__private::set::newtype(
                    <u8 as elicit_core::ElicitField>::__schema(),
                    <u8 as elicit_core::ElicitField>::__FACTS,
                    &[
                        ::elicit_core::__private::set::Narrow::Description(
                            "A percentage",
                        ),
                        ::elicit_core::__private::set::Narrow::Minimum(
                            ::elicit_core::__private::set::Bound::Int(0i128),
                        ),
                        ::elicit_core::__private::set::Narrow::Maximum(
                            ::elicit_core::__private::set::Bound::Int(100i128),
                        ),
                    ],
                    "Percent",
                ))
        }
    }
    impl Percent {
        #[doc(hidden)]
        #[must_use]
        #[inline]
        pub fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema
        where
            for<'__a> Percent: ::elicit_core::Elicit,
        {
            <Percent as ::elicit_core::Elicit>::requested_schema()
        }
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
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS)
        .bound_int(0i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`minimum` 0 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS)
        .bound_int(100i128)
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new().push("`maximum` 100 ")
            .push(__problem.as_str()).as_str()
        );
    }
    if let ::core::option::Option::Some(__problem) = (::elicit_core::__private::FieldProbe::<
        u8,
    >::FACTS
        .minimum_int(0i128)
        .maximum_int(100i128))
        .empty()
    {
        ::core::panic!(
            "{}", ::elicit_core::__private::ConstMessage::new()
            .push("newtype `Percent`: ").push(__problem.as_str()).as_str()
        );
    }
};
