//! Code generation. Every decision was made in `ast` and `valid`; this module only writes
//! tokens. All paths are absolute and go through `<crate>::__private`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::DeriveInput;
use syn::spanned::Spanned as _;

use crate::ast::{Data, Field, Input, Variant};
use crate::attr::Format;
use crate::case::RenameRule;
use crate::check;
use crate::ctxt::Ctxt;
use crate::fallback;
use crate::lit::{DefaultValue, Number};
use crate::valid;

pub(crate) fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let parsed = Input::from_syn(&cx, input);
    if let Some(parsed) = &parsed {
        valid::check(&cx, parsed);
    }
    match (cx.check(), parsed) {
        (Ok(()), Some(parsed)) => expand(&parsed),
        (Err(error), parsed) => fallback::expand(input, parsed.as_ref(), &error),
        // `from_syn` records an error whenever it returns `None`.
        (Ok(()), None) => TokenStream::new(),
    }
}

fn expand(input: &Input) -> TokenStream {
    let krate = input.krate();
    let body = match &input.data {
        Data::Struct(fields) => expand_struct(input, fields, &krate),
        Data::Enum(variants) => expand_enum(input, variants, &krate),
    };
    quote! {
        const _: () = {
            #body
        };
    }
}

fn number_tokens(number: Number, krate: &TokenStream) -> TokenStream {
    match number {
        Number::Int(int) => quote!(#krate::__private::int(#int)),
        Number::Float(float) => quote!(#krate::__private::float(#float)),
    }
}

/// `FieldDefault<Ty>` for the field.
fn default_tokens(field: &Field, krate: &TokenStream) -> TokenStream {
    let ty = field.ty;
    let private = quote!(#krate::__private);
    let Some(default) = field.default() else {
        return quote!(#private::FieldDefault::<#ty>::None);
    };
    let json = match default {
        DefaultValue::Str(lit) => {
            quote!(#private::Value::String(::core::convert::From::from(#lit)))
        }
        DefaultValue::Number(number) => {
            let number = number_tokens(number.value, krate);
            quote!(#private::Value::Number(#number))
        }
        DefaultValue::Bool(lit) => quote!(#private::Value::Bool(#lit)),
        DefaultValue::TypeDefault(span) => {
            return quote_spanned! {*span=>
                #private::FieldDefault::<#ty>::Value(<#ty as ::core::default::Default>::default)
            };
        }
        DefaultValue::Function(path) => {
            return quote_spanned! {path.span()=>
                #private::FieldDefault::<#ty>::Value(#path)
            };
        }
        DefaultValue::Array(tokens) => {
            let field_type = check::field_type(field);
            return quote_spanned! {tokens.span()=>
                #private::FieldDefault::<#ty>::Value(|| {
                    #field_type::__from_inner(::core::convert::From::from(#tokens))
                })
            };
        }
        DefaultValue::Expr(tokens) => {
            let field_type = check::field_type(field);
            return quote_spanned! {tokens.span()=>
                #private::FieldDefault::<#ty>::Value(|| #field_type::__from_inner(#tokens))
            };
        }
    };
    quote!(#private::FieldDefault::<#ty>::Literal(|| #json))
}

/// The block that builds one field's property schema.
fn field_schema(field: &Field, krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let attrs = &field.attrs;
    let mut steps = Vec::new();

    if let Some(title) = &attrs.title {
        let title = &title.value;
        steps.push(quote!(#private::set::title(&mut __schema, #title);));
    }
    if let Some(description) = field.description() {
        steps.push(quote!(#private::set::description(&mut __schema, #description);));
    }
    if let Some(format) = &attrs.format {
        let format = match format.value.0 {
            Format::Email => quote!(Email),
            Format::Uri => quote!(Uri),
            Format::Date => quote!(Date),
            Format::DateTime => quote!(DateTime),
        };
        steps.push(quote!(#private::set::format(&mut __schema, #krate::StringFormat::#format);));
    }
    let counts = [
        ("min_length", &attrs.min_length),
        ("max_length", &attrs.max_length),
        ("min_items", &attrs.min_items),
        ("max_items", &attrs.max_items),
    ];
    for (setter, value) in counts {
        if let Some(value) = value {
            let setter = format_ident!("{setter}");
            let count = value.value.0;
            steps.push(quote!(#private::set::#setter(&mut __schema, #count);));
        }
    }
    if let Some(pattern) = &attrs.pattern {
        let pattern = &pattern.value;
        steps.push(quote!(#private::set::pattern(&mut __schema, #pattern);));
    }
    for (setter, value) in [("minimum", &attrs.minimum), ("maximum", &attrs.maximum)] {
        if let Some(value) = value {
            let setter = format_ident!("{setter}");
            let number = number_tokens(value.value.value, krate);
            steps.push(quote!(#private::set::#setter(&mut __schema, #number);));
        }
    }
    let default = default_tokens(field, krate);
    let field_type = check::field_type(field);
    quote! {{
        let mut __schema = #field_type::__schema();
        #(#steps)*
        #private::set::default(&mut __schema, #field_type::__default_json(&#default));
        __schema
    }}
}

fn expand_struct(input: &Input, fields: &[Field], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let active: Vec<&Field> = fields.iter().filter(|field| !field.is_skipped()).collect();

    let pushes = active.iter().map(|field| {
        let name = &field.wire_name;
        let schema = field_schema(field, krate);
        let required = if field.default().is_some() {
            quote!(false)
        } else {
            let field_type = check::field_type(field);
            quote!(#field_type::__REQUIRED)
        };
        quote!(__form.push(#name, #schema, #required);)
    });

    let from_content = from_content_body(input, fields, &active, krate);
    let puts = active.iter().map(|field| {
        let member = field.member;
        let name = &field.wire_name;
        let has_default = field.default().is_some();
        let field_type = check::field_type(field);
        quote!(#field_type::__put(&self.#member, &mut __content, #name, #has_default);)
    });
    let definitions = check::definitions(&active, krate);
    let assertions = check::attribute_assertions(&active);

    quote! {
        #definitions
        #assertions

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            fn requested_schema() -> &'static #krate::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    let mut __form = #krate::RequestedSchema::new();
                    #(#pushes)*
                    __form
                })
            }

            fn message() -> &'static str {
                #message
            }

            fn from_content(
                __content: &#private::Map<::std::string::String, #private::Value>,
            ) -> ::core::result::Result<Self, #krate::ContentError> {
                #from_content
            }

            fn to_content(&self) -> #private::Map<::std::string::String, #private::Value> {
                let mut __content = #private::Map::new();
                #(#puts)*
                __content
            }
        }
    }
}

/// The body of `from_content`: every field parsed (each recording its own error), then the
/// struct built if none failed.
fn from_content_body(
    input: &Input,
    fields: &[Field],
    active: &[&Field],
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let locals: Vec<_> = active
        .iter()
        .enumerate()
        .map(|(index, _)| format_ident!("__field{index}"))
        .collect();
    let parses = active.iter().zip(&locals).enumerate().map(|(index, (field, local))| {
        let name = &field.wire_name;
        let default = default_tokens(field, krate);
        let field_type = check::field_type(field);
        quote! {
            let #local = #field_type::__parse(__content, #name, &__schema.properties[#index].1, &#default, &mut __errors);
        }
    });
    let deny = input.attrs.deny_unknown_fields.as_ref().map(|_| {
        let names = active.iter().map(|field| &field.wire_name);
        quote!(#private::deny_unknown_fields(__content, &[#(#names),*], &mut __errors);)
    });
    let mut local_iter = locals.iter();
    let inits = fields.iter().map(|field| {
        let member = field.member;
        if field.is_skipped() {
            let value = match field.default() {
                Some(DefaultValue::Expr(tokens)) => tokens.clone(),
                Some(DefaultValue::Function(path)) => quote!(#path()),
                _ => quote!(::core::default::Default::default()),
            };
            quote!(#member: #value)
        } else {
            let local = local_iter.next();
            quote!(#member: #local)
        }
    });
    let unpack = if locals.is_empty() {
        quote!()
    } else {
        quote! {
            let (#(::core::option::Option::Some(#locals),)*) = (#(#locals,)*) else {
                return ::core::result::Result::Err(__errors.into_error());
            };
        }
    };

    quote! {
        let __schema = <Self as #krate::Elicit>::requested_schema();
        let mut __errors = #private::Errors::new();
        #(#parses)*
        #deny
        if !__errors.is_empty() {
            return ::core::result::Result::Err(__errors.into_error());
        }
        #unpack
        ::core::result::Result::Ok(Self { #(#inits,)* })
    }
}

fn expand_enum(input: &Input, variants: &[Variant], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let style = if input.attrs.legacy_enum_names.is_some() {
        quote!(LegacyEnumNames)
    } else if input.attrs.untitled.is_some() {
        quote!(Untitled)
    } else {
        quote!(Titled)
    };
    let field_name = input.attrs.field.as_ref().map_or_else(
        || RenameRule::Snake.apply_to_variant(&ident.to_string()),
        |spanned| spanned.value.value(),
    );
    let entries = variants.iter().map(|variant| {
        let value = &variant.value;
        let title = &variant.title;
        quote!(#krate::EnumVariant { value: #value, title: #title })
    });
    let from_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(#index => ::core::option::Option::Some(Self::#v))
    });
    let to_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(Self::#v => #index)
    });
    let multi = input.attrs.legacy_enum_names.is_none().then(|| {
        quote! {
            #[automatically_derived]
            impl #krate::MultiSelectOption for #ident {}
        }
    });
    let span = Span::call_site();
    quote_spanned! {span=>
        #[automatically_derived]
        impl #krate::ElicitEnum for #ident {
            const VARIANTS: &'static [#krate::EnumVariant] = &[#(#entries),*];
            const STYLE: #krate::EnumStyle = #krate::EnumStyle::#style;

            fn from_index(index: usize) -> ::core::option::Option<Self> {
                match index {
                    #(#from_index,)*
                    _ => ::core::option::Option::None,
                }
            }

            fn index(&self) -> usize {
                match self {
                    #(#to_index,)*
                }
            }
        }

        #multi

        #[automatically_derived]
        impl #krate::ElicitField for #ident {
            fn field_schema() -> #krate::PropertySchema {
                #private::single_select_schema::<Self>()
            }

            fn from_json(value: &#private::Value) -> ::core::result::Result<Self, #krate::FieldErrorKind> {
                #private::parse_single::<Self>(value)
            }

            fn to_json(&self) -> #private::Value {
                #private::single_to_json(self)
            }
        }

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            fn requested_schema() -> &'static #krate::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    let mut __form = #krate::RequestedSchema::new();
                    __form.push(#field_name, #private::single_select_schema::<Self>(), true);
                    __form
                })
            }

            fn message() -> &'static str {
                #message
            }

            fn from_content(
                __content: &#private::Map<::std::string::String, #private::Value>,
            ) -> ::core::result::Result<Self, #krate::ContentError> {
                let __schema = <Self as #krate::Elicit>::requested_schema();
                let mut __errors = #private::Errors::new();
                match #private::parse_field::<Self>(
                    __content,
                    #field_name,
                    &__schema.properties[0].1,
                    &#private::FieldDefault::None,
                    &mut __errors,
                ) {
                    ::core::option::Option::Some(choice) => ::core::result::Result::Ok(choice),
                    ::core::option::Option::None => ::core::result::Result::Err(__errors.into_error()),
                }
            }

            fn to_content(&self) -> #private::Map<::std::string::String, #private::Value> {
                let mut __content = #private::Map::new();
                #private::put_field::<Self>(&mut __content, #field_name, self, false);
                __content
            }
        }
    }
}
