// 106 lines: the expansion of the input in elicit-derive/src/snapshots.rs
const _: () = ::elicit_core::__private::PRIVATE_API_0_1_0;
#[allow(clippy::approx_constant)]
const _: () = {
    #[automatically_derived]
    impl ::elicit_core::__private::ElicitEnum for Seating {
        const VARIANTS: &'static [::elicit_core::__private::VariantOption] = &[
            ::elicit_core::__private::VariantOption {
                value: "Window",
                title: "By the window",
            },
            ::elicit_core::__private::VariantOption {
                value: "Aisle",
                title: "Aisle",
            },
            ::elicit_core::__private::VariantOption {
                value: "bar",
                title: "At The Bar",
            },
        ];
        const STYLE: ::elicit_core::__private::EnumStyle = ::elicit_core::__private::EnumStyle::Titled;
        #[inline]
        fn from_index(index: usize) -> ::core::option::Option<Self> {
            match index {
                0usize => ::core::option::Option::Some(Self::Window),
                1usize => ::core::option::Option::Some(Self::Aisle),
                2usize => ::core::option::Option::Some(Self::AtTheBar),
                _ => ::core::option::Option::None,
            }
        }
        #[inline]
        fn index(&self) -> usize {
            match self {
                Self::Window => 0usize,
                Self::Aisle => 1usize,
                Self::AtTheBar => 2usize,
            }
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::MultiSelectOption for Seating {}
    #[automatically_derived]
    impl ::elicit_core::ElicitField for Seating {
        const CAN_HOLD_SECRET: bool = false;
        const FACTS: ::elicit_core::__private::Facts = ::elicit_core::__private::Facts::single(
            <Self as ::elicit_core::__private::ElicitEnum>::VARIANTS,
        );
        #[inline]
        fn field_schema() -> ::elicit_core::__private::PropertySchema {
            ::elicit_core::__private::single_select_schema::<Self>()
        }
        #[inline]
        fn from_json(
            value: &::elicit_core::__private::Value,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::FieldErrorKind> {
            ::elicit_core::__private::parse_single_raw::<
                Self,
            >(&::elicit_core::__private::Raw::Json(value))
        }
        #[inline]
        fn from_raw(
            raw: &::elicit_core::__private::Raw<'_>,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::FieldErrorKind> {
            ::elicit_core::__private::parse_single_raw::<Self>(raw)
        }
        #[inline]
        fn to_json(&self) -> ::elicit_core::__private::Value {
            ::elicit_core::__private::single_to_json(self)
        }
    }
    #[automatically_derived]
    impl ::elicit_core::FormMode for Seating {}
    #[automatically_derived]
    impl ::elicit_core::Elicit for Seating {
        #[inline]
        fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            static __SCHEMA: ::elicit_core::__private::OnceLock<
                ::elicit_core::__private::RequestedSchema,
            > = ::elicit_core::__private::OnceLock::new();
            __SCHEMA
                .get_or_init(|| {
                    let mut __form = ::elicit_core::__private::RequestedSchema::new();
                    __form
                        .push(
                            "seating",
                            ::elicit_core::__private::single_select_schema::<Self>(),
                            true,
                        );
                    __form
                })
        }
        #[inline]
        fn message() -> &'static str {
            "Where to sit"
        }
        #[inline]
        fn from_content(
            __content: &::elicit_core::__private::Content,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::ContentError> {
            ::elicit_core::__private::read_one::<Self>(__content, "seating")
        }
        #[inline]
        fn to_content(&self) -> ::elicit_core::__private::Content {
            ::elicit_core::__private::one_content::<Self>("seating", self)
        }
    }
};
