//! Code generation. Every decision was made in `ast` and `valid`; this module only writes
//! tokens. All paths are absolute and go through `<crate>::__private`.
//!
//! Every generated method is `#[inline]`: its machine code is then made in the crate (and
//! the codegen unit) that calls it, so a form, or an enum's one-question form, that is never
//! used costs no code generation. serde's derived impls get that for free by being generic.
//! Measured on 100 forms: the crate that declares them builds in 0.4× the CPU time, and with
//! every form used 0.85×.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::DeriveInput;
use syn::spanned::Spanned as _;

use crate::ast::{Data, Field, Input, Part, Parts, Variant, option_inner};
use crate::attr::{Value, keys};
use crate::builder;
use crate::case::snake_words;
use crate::check;
use crate::ctxt::Ctxt;
use crate::doc::Doc;
use crate::facts;
use crate::fallback;
use crate::lit::{DefaultValue, Number};
use crate::valid;

pub(crate) fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let parsed = Input::from_syn(&cx, input);
    if let Some(parsed) = &parsed {
        valid::check(&cx, parsed);
    }
    let krate = parsed
        .as_ref()
        .map_or_else(|| quote!(::elicit_core), Input::krate);
    let marker = private_api_marker(&krate);
    let expanded = match (cx.check(), parsed) {
        (Ok(()), Some(parsed)) => expand(&parsed),
        (Err(error), parsed) => fallback::expand(input, parsed.as_ref(), &error),
        // `from_syn` records an error whenever it returns `None`.
        (Ok(()), None) => TokenStream::new(),
    };
    quote!(#marker #expanded)
}

/// `const _: () = <crate>::__private::PRIVATE_API_<this version>;`, first in every expansion.
/// elicit-core declares the marker of its own version only, so paired with another version of
/// elicit-core the derive fails here, naming the version it needs (and rustc suggests the one
/// found), before the errors of whatever else the private API no longer matches. The same
/// idea as thiserror's `__private<patch>` module.
fn private_api_marker(krate: &TokenStream) -> TokenStream {
    let version = env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_");
    let marker = format_ident!("PRIVATE_API_{version}");
    quote!(const _: () = #krate::__private::#marker;)
}

fn expand(input: &Input) -> TokenStream {
    let krate = input.krate();
    let body = match &input.data {
        Data::Struct(fields) => expand_struct(input, fields, &krate),
        Data::Enum(variants) => expand_enum(input, variants, &krate),
        Data::Newtype(field) => expand_newtype(input, field, &krate),
    };
    quote! {
        // A float literal the user wrote (`default = 3.14`) lands in generated code; lints
        // about the user's own literal belong on their attribute, not on the derive.
        #[allow(clippy::approx_constant)]
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
pub(crate) fn default_tokens(field: &Field, krate: &TokenStream) -> TokenStream {
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
        DefaultValue::FromContainer(container) => {
            let value = container_default_value(field, container);
            return quote!(#private::FieldDefault::<#ty>::Value(|| #value));
        }
    };
    quote!(#private::FieldDefault::<#ty>::Literal(|| #json))
}

/// The block that builds one field's property schema: `base` (the type's schema) with the
/// field's attributes applied, in the table's order, its default last (checked there
/// against the complete schema).
fn field_schema(
    field: &Field,
    description: Option<Doc>,
    (base, facts): (&TokenStream, &TokenStream),
    form: &str,
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let attrs = &field.attrs;
    let mut steps = Vec::new();

    match (attrs.str(&keys::TITLE), &field.title) {
        (Some(title), _) => steps.push(quote!(#private::set::title(&mut __schema, #title);)),
        // A derived title gives way to one the field's type (a newtype) already has.
        (None, Some(title)) => {
            steps.push(quote!(#private::set::default_title(&mut __schema, #title);));
        }
        (None, None) => {}
    }
    if let Some(description) = description {
        steps.push(quote!(#private::set::description(&mut __schema, #description);));
    }
    for key in keys::ALL {
        let (Some(narrows), Some(entry)) = (&key.narrows, attrs.get(key)) else {
            continue;
        };
        let value = match &entry.value {
            Value::Count(count) => {
                let count = count.value;
                quote!(#count)
            }
            Value::Number(number) => number_tokens(number.value, krate),
            // By its place in the one list of formats, which the runtime's `StringFormat` is.
            Value::Format(format, _) => {
                let index = format.index();
                quote!(#krate::__private::StringFormat::ALL[#index])
            }
            Value::Str(lit) => quote!(#lit),
            _ => continue,
        };
        let setter = format_ident!("{}", narrows.setter);
        steps.push(quote!(#private::set::#setter(&mut __schema, #value);));
    }
    let wire_name = &field.wire_name;
    if attrs
        .entries()
        .iter()
        .any(|entry| entry.key.narrows.is_some())
    {
        steps.push(quote!(#private::set::check_satisfiable(&__schema, #form, #wire_name);));
    }
    if field.default().is_some() {
        let default = default_tokens(field, krate);
        let field_type = check::field_type(field);
        steps.push(quote! {
            #private::set::default(
                &mut __schema,
                #field_type::__default_json(&#default),
                #form,
                #wire_name,
            );
        });
    }
    quote! {{
        let mut __schema = #private::set::FieldSchema::new(#base, #facts);
        #(#steps)*
        __schema.into_schema()
    }}
}

fn expand_struct(input: &Input, fields: &[Field], krate: &TokenStream) -> TokenStream {
    if builder::has_run_time_options(fields) {
        return expand_options_struct(input, fields, krate);
    }
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let Parts {
        all: members,
        properties,
        flattened,
    } = Parts::of(fields);

    let form = ident.to_string();
    let pushes = members
        .iter()
        .map(|member| schema_push(member, &form, krate));

    let collisions = flattened
        .iter()
        .enumerate()
        .map(|(index, field)| collision_check(&properties, &flattened[..index], field, krate));
    let reader = form_fields(input, fields, &members, krate);
    let puts = members.iter().map(content_put);
    let proofs = struct_proofs(&properties, &flattened, ident, krate);
    let values = value_proofs(&properties, krate, facts::Proofs::Complete);
    let map = quote!(#private::Content);
    let form_builder = builder::static_builder(input, &properties, krate);

    quote! {
        #proofs
        #values
        #(#collisions)*
        #form_builder

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            #[inline]
            fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    let mut __form = #krate::__private::RequestedSchema::new();
                    #(#pushes)*
                    __form
                })
            }

            #[inline]
            fn message() -> &'static str {
                #message
            }

            const READER: ::core::option::Option<#private::FormReader<Self>> =
                ::core::option::Option::Some(#private::form_reader::<Self>());

            #[inline]
            fn from_content(
                __content: &#map,
            ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                #private::read_map(
                    __content,
                    &#private::form_reader::<Self>(),
                    &#private::Sent::in_order(<Self as #krate::Elicit>::requested_schema()),
                )
            }

            #[inline]
            fn to_content(&self) -> #map {
                let mut __content = #private::Map::new();
                #(#puts)*
                __content
            }
        }

        #reader

        #[automatically_derived]
        impl #private::FlatForm for #ident {}
    }
}

/// A struct form with fields whose options are given at run time: no `Elicit` impl that holds
/// (it has no schema of its own), its builder and reader instead (`builder::options_form`).
fn expand_options_struct(input: &Input, fields: &[Field], krate: &TokenStream) -> TokenStream {
    let private = quote!(#krate::__private);
    let Parts {
        all, properties, ..
    } = Parts::of(fields);
    let form = input.ident.to_string();
    let fixed: Vec<&Field> = properties
        .iter()
        .copied()
        .filter(|field| !field.has_run_time_options())
        .collect();
    let pushes: Vec<TokenStream> = properties
        .iter()
        .map(|field| {
            if !field.has_run_time_options() {
                return schema_push(&Part::Property(field), &form, krate);
            }
            let name = &field.wire_name;
            let (_, multi, optional) = field.offered();
            let title = option_tokens(field.title.as_deref());
            let description = option_tokens(field.description());
            let count = |key| option_tokens(field.attrs.count(key).map(|count| count.value));
            let (min_items, max_items) = (count(&keys::MIN_ITEMS), count(&keys::MAX_ITEMS));
            let required = !optional;
            quote! {
                __form.push(
                    #name,
                    #private::options_property(#multi, #title, #description, #min_items, #max_items),
                    #required,
                );
            }
        })
        .collect();
    let shaped = check::Shaped {
        offered: true,
        checked: properties.iter().any(|field| field.attrs.check().is_some()),
        form: input.ident.span(),
    };
    let definitions = check::definitions_with(&fixed, &[], shaped, krate);
    let kinds = check::attribute_assertions(&fixed);
    let values = value_proofs(&fixed, krate, facts::Proofs::Complete);
    let offered = check::offered_assertions(&properties, krate);
    let form_builder = builder::options_form(input, &properties, krate, &pushes);
    let reader = form_fields(input, fields, &all, krate);
    quote! {
        #definitions
        #kinds
        #values
        #offered
        #form_builder
        #reader
    }
}

/// `Some(value)` or `None`, as an expression.
fn option_tokens<T: quote::ToTokens>(value: Option<T>) -> TokenStream {
    value.map_or_else(
        || quote!(::core::option::Option::None),
        |value| quote!(::core::option::Option::Some(#value)),
    )
}

/// What the compiler proves about a struct form's fields' types: the traits they are used
/// through, and that each attribute suits its field's kind. (The fallback after other
/// mistakes emits the same proofs, and proves the values of fields with `options` offerable.)
fn struct_proofs(
    properties: &[&Field],
    flattened: &[&Field],
    form: &syn::Ident,
    krate: &TokenStream,
) -> TokenStream {
    let definitions = check::definitions(properties, flattened, form, krate);
    let kinds = check::attribute_assertions(properties);
    quote!(#definitions #kinds)
}

/// What the compiler proves about the fields' values, by their types' facts: that a name read
/// as a secret has a type that cannot hold one, and that bounds, defaults and narrowing fit
/// the type (`facts`). After a mistake of the derive's own (the fallback), only the proofs
/// that judge the type alone, which cannot repeat it.
pub(crate) fn value_proofs(
    properties: &[&Field],
    krate: &TokenStream,
    proofs: facts::Proofs,
) -> TokenStream {
    properties
        .iter()
        .map(|field| facts::field_assertions(field, krate, proofs))
        .collect()
}

/// The statement that adds a member's properties to the form's schema.
fn schema_push(member: &Part, form: &str, krate: &TokenStream) -> TokenStream {
    match member {
        Part::Property(field) => {
            let name = &field.wire_name;
            let field_type = check::field_type(field);
            let schema = field_schema(
                field,
                field.description(),
                (
                    &quote!(#field_type::__schema()),
                    &quote!(#field_type::__FACTS),
                ),
                form,
                krate,
            );
            let required = if field.default().is_some() {
                quote!(false)
            } else {
                quote!(#field_type::__REQUIRED)
            };
            quote!(__form.push(#name, #schema, #required);)
        }
        Part::Flatten(field) => {
            let flatten_type = check::flatten_type(field);
            quote!(#flatten_type::__push(&mut __form);)
        }
    }
}

/// The statement that writes a member into `to_content`'s map.
fn content_put(member: &Part) -> TokenStream {
    match member {
        Part::Property(field) => {
            let member = &field.member;
            let name = &field.wire_name;
            let field_type = check::field_type(field);
            quote!(#field_type::__put(&self.#member, &mut __content, #name);)
        }
        Part::Flatten(field) => {
            let member = &field.member;
            let flatten_type = check::flatten_type(field);
            quote!(#flatten_type::__put(&self.#member, &mut __content);)
        }
    }
}

/// Every wire name of the form, in declaration order: a literal list, or, with flattened
/// fields, one computed at compile time from their forms' lists.
fn property_names(members: &[Part], krate: &TokenStream) -> TokenStream {
    let mut own = 0usize;
    let mut flattened_lens = Vec::new();
    let parts: Vec<TokenStream> = members
        .iter()
        .map(|member| match member {
            Part::Property(field) => {
                own += 1;
                let name = &field.wire_name;
                quote!(&[#name])
            }
            Part::Flatten(field) => {
                let flatten_type = check::flatten_type(field);
                flattened_lens.push(quote!(#flatten_type::__NAMES.len()));
                quote!(#flatten_type::__NAMES)
            }
        })
        .collect();
    if flattened_lens.is_empty() {
        let names = members.iter().filter_map(|member| match member {
            Part::Property(field) => Some(&field.wire_name),
            Part::Flatten(_) => None,
        });
        return quote!(&[#(#names),*]);
    }
    quote! {
        &#krate::__private::concat_names::<{ #own #(+ #flattened_lens)* }>(&[#(#parts),*])
    }
}

/// Whether each field of the form needs a value (is not an `Option`), in the order of
/// [`property_names`]: a literal list, or, with flattened fields, one computed at compile
/// time from their forms' lists.
fn needs_value(members: &[Part], krate: &TokenStream) -> TokenStream {
    let own = |field: &Field| {
        if field.has_run_time_options() {
            let (_, _, optional) = field.offered();
            let needs = !optional;
            quote!(#needs)
        } else {
            let field_type = check::field_type(field);
            quote!(#field_type::__REQUIRED)
        }
    };
    let mut lens = Vec::new();
    let mut count = 0usize;
    let parts: Vec<TokenStream> = members
        .iter()
        .map(|member| match member {
            Part::Property(field) => {
                count += 1;
                let flag = own(field);
                quote!(&[#flag])
            }
            Part::Flatten(field) => {
                let flatten_type = check::flatten_type(field);
                lens.push(quote!(#flatten_type::__NAMES.len()));
                quote!(#flatten_type::__NEEDS_VALUE)
            }
        })
        .collect();
    if lens.is_empty() {
        let flags = members.iter().filter_map(|member| match member {
            Part::Property(field) => Some(own(field)),
            Part::Flatten(_) => None,
        });
        return quote!(&[#(#flags),*]);
    }
    quote! {
        &#krate::__private::concat_flags::<{ #count #(+ #lens)* }>(&[#(#parts),*])
    }
}

/// The compile-time proof that a flattened field brings no wire name the form's own fields
/// (`properties`) or the flattened fields before it (`earlier`) already have; the error names
/// the clashing name and its owner, on the flattened field.
fn collision_check(
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
            let flatten_type = check::flatten_type(other);
            quote!((#who, #flatten_type::__NAMES))
        }));
    let flatten_type = check::flatten_type(field);
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

/// The form's one reader, `FormFields`: its wire names, and `read_fields`, which reads every
/// field once against the field as sent (each recording its own error, a flattened form its
/// fields', a field filled at run time against what was offered), then builds the struct if
/// none failed and runs the checks written on fields.
pub(crate) fn form_fields(
    input: &Input,
    fields: &[Field],
    members: &[Part],
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let ident = input.ident;
    let names = property_names(members, krate);
    let needs_value = needs_value(members, krate);
    let denies =
        input.attrs.has(&keys::DENY_UNKNOWN_FIELDS) || input.attrs.serde.deny_unknown_fields;
    let deny = denies.then(|| {
        quote!(
            const DENY_UNKNOWN: bool = true;
        )
    });
    let body = read_fields_body(ident, fields, members, krate);
    quote! {
        #[automatically_derived]
        impl #private::FormFields for #ident {
            const NAMES: &'static [&'static str] = #names;
            const NEEDS_VALUE: &'static [bool] = #needs_value;
            #deny

            #[inline]
            fn read_fields(
                __slots: &[#private::Slot<'_>],
                __sent: &#private::Sent<'_>,
                __errors: &mut #private::Errors,
            ) -> ::core::option::Option<Self> {
                #body
            }
        }
    }
}

/// The body of `FormFields::read_fields`.
fn read_fields_body(
    form: &syn::Ident,
    fields: &[Field],
    members: &[Part],
    krate: &TokenStream,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let locals: Vec<_> = (0..members.len())
        .map(|index| format_ident!("__field{index}"))
        .collect();
    // A property's index among the form's fields: the properties before it, and the
    // properties of the flattened forms before it.
    let mut own_before = 0usize;
    let mut flattened_before: Vec<TokenStream> = Vec::new();
    // The index of a field filled at run time among those fields: its offer's.
    let mut offered_before = 0usize;
    let parses: Vec<TokenStream> = members
        .iter()
        .zip(&locals)
        .map(|(member, local)| match member {
            Part::Property(field) => {
                let name = &field.wire_name;
                let index = quote!(#own_before #(+ #flattened_before)*);
                own_before += 1;
                if field.has_run_time_options() {
                    let pick = match field.offered() {
                        (_, false, false) => quote!(__pick_required),
                        (_, false, true) => quote!(__pick_optional),
                        (_, true, false) => quote!(__pick_all_required),
                        (_, true, true) => quote!(__pick_all_optional),
                    };
                    let offerable = check::offerable(field);
                    let offer = offered_before;
                    offered_before += 1;
                    return quote! {
                        let #local = #offerable::#pick(
                            #private::slot(__slots, #index),
                            #name,
                            __sent.field(#index),
                            __sent.offer(#offer),
                            __errors,
                        );
                    };
                }
                let field_type = check::field_type(field);
                quote! {
                    let #local = #field_type::__read(
                        #private::slot(__slots, #index),
                        #name,
                        __sent.field(#index),
                        __errors,
                    );
                }
            }
            Part::Flatten(field) => {
                let flatten_type = check::flatten_type(field);
                let start = quote!(#own_before #(+ #flattened_before)*);
                let len = quote!(#flatten_type::__NAMES.len());
                let parse = quote! {
                    let #local = #flatten_type::__parse(
                        #private::sub_slots(__slots, #start, #len),
                        &__sent.sub(#start, #len),
                        __errors,
                    );
                };
                flattened_before.push(len);
                parse
            }
        })
        .collect();
    let mut local_iter = locals.iter();
    let inits = fields.iter().map(|field| {
        let member = &field.member;
        if field.is_skipped() {
            let value = skipped_value(field);
            quote!(#member: #value)
        } else {
            let local = local_iter.next();
            quote!(#member: #local)
        }
    });
    let unpack = (!locals.is_empty()).then(|| {
        quote! {
            let (#(::core::option::Option::Some(#locals),)*) = (#(#locals,)*) else {
                return ::core::option::Option::None;
            };
        }
    });

    let all: Vec<&Field> = fields.iter().collect();
    let checks = builder::checks(&all, form, krate);
    let build = if checks.is_empty() {
        quote!(::core::option::Option::Some(Self { #(#inits,)* }))
    } else {
        // The checks written on fields, once every field was read: their errors join the
        // others, and the form is not handed back.
        quote! {
            let __value = Self { #(#inits,)* };
            let __before = __errors.len();
            #checks
            if __errors.len() > __before {
                return ::core::option::Option::None;
            }
            ::core::option::Option::Some(__value)
        }
    };
    quote! {
        #(#parses)*
        #unpack
        #build
    }
}

/// The field's value in the struct's own default (`#[serde(default)]` on the struct: its
/// `Default`; `#[serde(default = "path")]`: what the function returns).
fn container_default_value(field: &Field, container: &DefaultValue) -> TokenStream {
    let member = &field.member;
    let make = if let DefaultValue::Function(path) = container {
        quote!(#path())
    } else {
        quote!(<Self as ::core::default::Default>::default())
    };
    quote!({
        let __default: Self = #make;
        __default.#member
    })
}

/// A skipped field's value: its default, with the meaning `default = …` has on a field in
/// the form (written as `T` for an `Option<T>`), or the type's `Default`.
pub(crate) fn skipped_value(field: &Field) -> TokenStream {
    let value = match field.default() {
        None | Some(DefaultValue::TypeDefault(_)) => {
            return quote!(::core::default::Default::default());
        }
        Some(DefaultValue::Function(path)) => return quote!(#path()),
        Some(DefaultValue::FromContainer(container)) => {
            return container_default_value(field, container);
        }
        Some(DefaultValue::Str(lit)) => quote!(::core::convert::From::from(#lit)),
        Some(DefaultValue::Number(number)) => number.tokens.clone(),
        Some(DefaultValue::Bool(lit)) => quote!(#lit),
        Some(DefaultValue::Array(tokens)) => quote!(::core::convert::From::from(#tokens)),
        Some(DefaultValue::Expr(tokens)) => tokens.clone(),
    };
    if option_inner(field.ty).is_some() {
        quote!(::core::option::Option::Some(#value))
    } else {
        value
    }
}

/// A newtype: an `ElicitField` whose schema is its field type's with the field's attributes
/// applied, and whose parser also checks that schema; and no form.
fn expand_newtype(input: &Input, field: &Field, krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let ty = field.ty;
    let private = quote!(#krate::__private);
    let inner = check::newtype_inner_type(field);
    let description = field.description().or_else(|| input.doc.clone());
    let form = ident.to_string();
    let schema = field_schema(
        field,
        description,
        (&quote!(#inner::__schema()), &quote!(#inner::__FACTS)),
        &form,
        krate,
    );
    let definitions = check::newtype_definitions(field, krate);
    let assertions = check::attribute_assertions(&[field]);
    let narrowing = facts::narrowing(field);
    let subject = format!("newtype `{ident}`");
    let inner_facts = facts::assertions(
        field,
        &subject,
        &quote!(#inner::__FACTS),
        krate,
        facts::Proofs::Complete,
    );

    quote! {
        #definitions
        #assertions
        #inner_facts

        #[automatically_derived]
        impl #krate::ElicitField for #ident {
            const CAN_HOLD_SECRET: bool = #inner::__CAN_HOLD_SECRET;
            // Its schema is final: a bound on a field of the newtype only narrows it.
            const FACTS: #private::Facts = (#inner::__FACTS #narrowing).finished();

            #[inline]
            fn field_schema() -> #krate::__private::PropertySchema {
                ::core::clone::Clone::clone(<Self as #private::NewtypeField>::schema())
            }

            #[inline]
            fn from_json(
                value: &#private::Value,
            ) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                let __inner = #inner::__from_json(value)?;
                #private::check_newtype(
                    <Self as #private::NewtypeField>::schema(),
                    value,
                    &#inner::__FACTS,
                )?;
                ::core::result::Result::Ok(Self(__inner))
            }

            #[inline]
            fn to_json(&self) -> #private::Value {
                #inner::__to_json(&self.0)
            }
        }

        #[automatically_derived]
        impl #private::NewtypeField for #ident {
            type Inner = #ty;

            #[inline]
            fn schema() -> &'static #krate::__private::PropertySchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::PropertySchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| #schema)
            }
        }

        // A newtype is no form: calling `requested_schema` on it is an error saying so (the
        // bound cannot hold; `for<'__a>` keeps rustc from rejecting it where it is written).
        impl #ident {
            #[doc(hidden)]
            #[must_use]
            #[inline]
            pub fn requested_schema() -> &'static #krate::__private::RequestedSchema
            where
                for<'__a> #ident: #private::NotAForm,
            {
                <#ident as #private::NotAForm>::requested_schema()
            }
        }
    }
}

/// The `EnumStyle` an enum's attributes choose.
fn enum_style(input: &Input) -> TokenStream {
    if input.attrs.has(&keys::LEGACY_ENUM_NAMES) {
        quote!(LegacyEnumNames)
    } else if input.attrs.has(&keys::UNTITLED) {
        quote!(Untitled)
    } else {
        quote!(Titled)
    }
}

/// An enum's `ElicitEnum` impl: its options' wire names and titles, and the index of each.
fn enum_variants(input: &Input, variants: &[Variant], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let style = enum_style(input);
    let entries = variants.iter().map(|variant| {
        let value = &variant.value;
        let title = &variant.title;
        quote!(#krate::__private::EnumVariant { value: #value, title: #title })
    });
    let from_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(#index => ::core::option::Option::Some(Self::#v))
    });
    let to_index = variants.iter().enumerate().map(|(index, variant)| {
        let v = variant.ident;
        quote!(Self::#v => #index)
    });
    quote! {
        #[automatically_derived]
        impl #krate::__private::ElicitEnum for #ident {
            const VARIANTS: &'static [#krate::__private::EnumVariant] = &[#(#entries),*];
            const STYLE: #krate::__private::EnumStyle = #krate::__private::EnumStyle::#style;

            #[inline]
            fn from_index(index: usize) -> ::core::option::Option<Self> {
                match index {
                    #(#from_index,)*
                    _ => ::core::option::Option::None,
                }
            }

            #[inline]
            fn index(&self) -> usize {
                match self {
                    #(#to_index,)*
                }
            }
        }
    }
}

fn expand_enum(input: &Input, variants: &[Variant], krate: &TokenStream) -> TokenStream {
    let ident = input.ident;
    let private = quote!(#krate::__private);
    let message = input.message();
    let variants_impl = enum_variants(input, variants, krate);
    let field_name = input
        .attrs
        .str(&keys::FIELD)
        .map_or_else(|| snake_words(&ident.to_string()), syn::LitStr::value);
    let multi = (!input.attrs.has(&keys::LEGACY_ENUM_NAMES)).then(|| {
        quote! {
            #[automatically_derived]
            impl #krate::__private::MultiSelectOption for #ident {}
        }
    });
    let span = Span::call_site();
    quote_spanned! {span=>
        #variants_impl

        #multi

        #[automatically_derived]
        impl #krate::ElicitField for #ident {
            const CAN_HOLD_SECRET: bool = false;
            const FACTS: #private::Facts =
                #private::Facts::single(<Self as #krate::__private::ElicitEnum>::VARIANTS);

            #[inline]
            fn field_schema() -> #krate::__private::PropertySchema {
                #private::single_select_schema::<Self>()
            }

            #[inline]
            fn from_json(value: &#private::Value) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                #private::parse_single_raw::<Self>(&#private::Raw::Json(value))
            }

            #[inline]
            fn from_raw(raw: &#private::Raw<'_>) -> ::core::result::Result<Self, #krate::__private::FieldErrorKind> {
                #private::parse_single_raw::<Self>(raw)
            }

            #[inline]
            fn to_json(&self) -> #private::Value {
                #private::single_to_json(self)
            }
        }

        #[automatically_derived]
        impl #krate::Elicit for #ident {
            #[inline]
            fn requested_schema() -> &'static #krate::__private::RequestedSchema {
                static __SCHEMA: #private::OnceLock<#krate::__private::RequestedSchema> = #private::OnceLock::new();
                __SCHEMA.get_or_init(|| {
                    let mut __form = #krate::__private::RequestedSchema::new();
                    __form.push(#field_name, #private::single_select_schema::<Self>(), true);
                    __form
                })
            }

            #[inline]
            fn message() -> &'static str {
                #message
            }

            #[inline]
            fn from_content(
                __content: &#private::Content,
            ) -> ::core::result::Result<Self, #krate::__private::ContentError> {
                let __schema = <Self as #krate::Elicit>::requested_schema();
                let mut __errors = #private::Errors::new();
                let __sent = #private::Sent::in_order(__schema);
                let __raw = __content.get(#field_name).map(#private::Raw::Json);
                match #private::read_field::<Self>(
                    __raw.as_ref(),
                    #field_name,
                    __sent.field(0),
                    &mut __errors,
                ) {
                    ::core::option::Option::Some(choice) => ::core::result::Result::Ok(choice),
                    ::core::option::Option::None => ::core::result::Result::Err(__errors.into_error()),
                }
            }

            #[inline]
            fn to_content(&self) -> #private::Content {
                let mut __content = #private::Map::new();
                #private::put_field::<Self>(&mut __content, #field_name, self);
                __content
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_expansion_names_the_private_api_version_first() {
        let version = env!("CARGO_PKG_VERSION").replace('.', "_");
        let marker =
            format!("const _ : () = :: elicit_core :: __private :: PRIVATE_API_{version} ;");
        let good: syn::DeriveInput = syn::parse_quote! {
            struct Form { name: String }
        };
        let bad: syn::DeriveInput = syn::parse_quote! {
            struct Form { #[elicit(no_such_key)] name: String }
        };
        for input in [good, bad] {
            let expanded = super::derive(&input).to_string();
            assert!(expanded.starts_with(&marker), "{expanded}");
        }
    }
}
