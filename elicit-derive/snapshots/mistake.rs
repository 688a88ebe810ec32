// 163 lines: the expansion of the input in elicit-derive/src/snapshots.rs
const _: () = ::elicit_core::__private::PRIVATE_API_0_1_0;
::core::compile_error! {
    "unknown `elicit` attribute `no_such_key` on a field; expected one of `title`, `description`, `rename`, `format`, `min_length`, `max_length`, `pattern`, `minimum`, `maximum`, `min_items`, `max_items`, `default`, `skip`, `not_sensitive`, `flatten`, `options`, `ask_if_missing`, `check`"
}
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
    const _: bool = <String as elicit_core::ElicitField>::__REQUIRED;
    const _: bool = <u8 as elicit_core::ElicitField>::__REQUIRED;
    type __ElicitForm = Broken;
    type __ElicitShaped0 = String;
    type __ElicitShaped1 = u8;
    const _: () = {
        pub struct BrokenForm {}
        #[automatically_derived]
        impl __ElicitForm {
            pub fn form() -> BrokenForm {
                BrokenForm {}
            }
        }
        #[automatically_derived]
        impl BrokenForm {
            pub fn name<__R>(
                self,
                _: impl ::core::ops::FnOnce(
                    ::elicit_core::__private::ShapeStub<__ElicitForm, __ElicitShaped0>,
                ) -> __R,
            ) -> Self {
                self
            }
            pub fn age<__R>(
                self,
                _: impl ::core::ops::FnOnce(
                    ::elicit_core::__private::ShapeStub<__ElicitForm, __ElicitShaped1>,
                ) -> __R,
            ) -> Self {
                self
            }
            pub fn with_message(
                self,
                _: impl ::core::convert::Into<::std::string::String>,
            ) -> Self {
                self
            }
            pub fn build(
                self,
            ) -> ::core::result::Result<
                ::elicit_core::__private::Form<__ElicitForm>,
                ::elicit_core::__private::ShapeError,
            > {
                ::core::unimplemented!()
            }
        }
        #[automatically_derived]
        impl ::elicit_core::__private::IntoForm<__ElicitForm> for BrokenForm {
            fn into_form(
                self,
            ) -> ::core::result::Result<
                ::elicit_core::__private::Form<__ElicitForm>,
                ::elicit_core::__private::ShapeError,
            > {
                ::core::unimplemented!()
            }
        }
    };
    #[automatically_derived]
    impl ::elicit_core::FormMode for Broken {}
    #[automatically_derived]
    impl ::elicit_core::Elicit for Broken {
        fn requested_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            ::core::unimplemented!()
        }
        fn message() -> &'static str {
            ::core::unimplemented!()
        }
        fn from_content(
            _: &::elicit_core::__private::Content,
        ) -> ::core::result::Result<Self, ::elicit_core::__private::ContentError> {
            ::core::unimplemented!()
        }
        fn to_content(&self) -> ::elicit_core::__private::Content {
            ::core::unimplemented!()
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FormFields for Broken {
        const NAMES: &'static [&'static str] = &[];
        const NEEDS_VALUE: &'static [bool] = &[];
        fn base_schema() -> &'static ::elicit_core::__private::RequestedSchema {
            ::core::unimplemented!()
        }
        fn read_fields(
            _: &mut ::elicit_core::__private::Reading<'_>,
        ) -> ::core::option::Option<Self> {
            ::core::unimplemented!()
        }
    }
    #[automatically_derived]
    impl ::elicit_core::__private::FlatForm for Broken {}
};
