//! The input model: the struct's fields or the enum's variants, with their parsed
//! attributes and resolved wire names, each keeping its syn node for error spans.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{
    Data as SynData, DeriveInput, Fields, GenericArgument, Ident, LitStr, Member, PathArguments,
    Type,
};

use super::attr::{Attrs, Place, keys};
use super::case::{RenameRule, field_title, words};
use super::ctxt::Ctxt;
use super::doc::{Doc, doc_comment};
use super::lit::DefaultValue;

pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    /// The type's visibility: its builder (`T::form()`) has the same.
    pub(crate) vis: &'a syn::Visibility,
    pub(crate) attrs: Attrs,
    pub(crate) doc: Option<Doc>,
    pub(crate) data: Data<'a>,
}

pub(crate) enum Data<'a> {
    Struct(Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
    /// A one-field tuple struct: a field type carrying its field's attributes.
    Newtype(Box<Field<'a>>),
}

pub(crate) struct Field<'a> {
    /// The field's name, or `0` for a newtype's field.
    pub(crate) member: Member,
    /// The field's visibility: its builder method has the same, so a private field's type
    /// never shows in a public signature.
    pub(crate) vis: &'a syn::Visibility,
    pub(crate) ty: &'a Type,
    pub(crate) attrs: Attrs,
    pub(crate) doc: Option<Doc>,
    /// The property name: `rename`, else serde's `rename`, else `rename_all` applied.
    pub(crate) wire_name: String,
    /// The property's title: `title = "…"`, else the field's name in words ("Party size"),
    /// unless the form is `untitled`; `None` for a newtype's field without `title`.
    pub(crate) title: Option<String>,
    /// The struct's own `#[serde(default…)]`, which gives a field without a default of its
    /// own the one the struct's default value holds.
    pub(crate) container_default: Option<DefaultValue>,
}

impl Field<'_> {
    /// Whether the field is left out of the form (`skip` or `#[serde(skip)]`).
    pub(crate) fn is_skipped(&self) -> bool {
        self.attrs.skipped()
    }

    /// Whether the field's form is inlined (`flatten` or `#[serde(flatten)]`) rather than
    /// being one property.
    pub(crate) fn is_flattened(&self) -> bool {
        self.attrs.flattened()
    }

    /// Whether the field's options are given when the form is asked (`options`).
    pub(crate) fn has_run_time_options(&self) -> bool {
        self.attrs.has(&keys::OPTIONS)
    }

    /// For a field with run-time options: the type of one value offered, and whether the
    /// field is a multi-select (`Vec<V>`) and optional (`Option<…>`).
    pub(crate) fn offered(&self) -> (&Type, bool, bool) {
        let (ty, optional) = match option_inner(self.ty) {
            Some(inner) => (inner, true),
            None => (self.ty, false),
        };
        match generic_inner(ty, "Vec") {
            Some(item) => (item, true, optional),
            None => (ty, false, optional),
        }
    }

    /// The type of the values the field holds: its own, or for a field with `options` the
    /// type of one value offered (the field is a `Vec` or an `Option` of them). What the
    /// compiler is asked whether it holds a secret.
    pub(crate) fn value_type(&self) -> &Type {
        if self.has_run_time_options() {
            self.offered().0
        } else {
            self.ty
        }
    }

    /// The field's name as written, for messages.
    pub(crate) fn name(&self) -> String {
        match &self.member {
            Member::Named(ident) => unraw(ident),
            Member::Unnamed(index) => index.index.to_string(),
        }
    }

    /// The field's default: `#[elicit(default…)]`, else `#[serde(default…)]`, else the
    /// struct's `#[serde(default…)]`.
    pub(crate) fn default(&self) -> Option<&DefaultValue> {
        self.attrs.default().or(self.container_default.as_ref())
    }

    /// `description = "…"`, else the doc comment.
    pub(crate) fn description(&self) -> Option<Doc> {
        self.attrs
            .str(&keys::DESCRIPTION)
            .map(|lit| Doc::Text(lit.value()))
            .or_else(|| self.doc.clone())
    }
}

/// Whether the field's type, or for a field with `options` the type of the values offered, is
/// a reference (refused by `field_owns_its_value` and `run_time_options_rules`).
pub(crate) fn is_borrowed(field: &Field) -> bool {
    let ty = if field.has_run_time_options() {
        field.offered().0
    } else {
        option_inner(field.ty).unwrap_or(field.ty)
    };
    matches!(ty, Type::Reference(_))
}

/// The builder's own methods (`T::form().build()`…): a field may not be named like one
/// (`valid` says so), since each field has a builder method of its name.
pub(crate) const BUILDER_METHODS: [&str; 2] = ["build", "with_message"];

/// Whether `name` is one of the [`BUILDER_METHODS`].
pub(crate) fn is_reserved(name: &str) -> bool {
    BUILDER_METHODS.contains(&name)
}

/// Whether any field of the form has its options given at run time.
pub(crate) fn has_run_time_options(fields: &[Field]) -> bool {
    fields
        .iter()
        .any(|field| field.has_run_time_options() && !field.is_skipped())
}

/// A struct's field that is in the form: one property, or a flattened form's properties.
pub(crate) enum Part<'f, 'a> {
    Property(&'f Field<'a>),
    Flatten(&'f Field<'a>),
}

/// A struct's fields that are in the form, in declaration order, and the same split by kind.
pub(crate) struct Parts<'f, 'a> {
    pub(crate) all: Vec<Part<'f, 'a>>,
    pub(crate) properties: Vec<&'f Field<'a>>,
    pub(crate) flattened: Vec<&'f Field<'a>>,
}

impl<'f, 'a> Parts<'f, 'a> {
    pub(crate) fn of(fields: &'f [Field<'a>]) -> Self {
        let mut members = Self {
            all: Vec::new(),
            properties: Vec::new(),
            flattened: Vec::new(),
        };
        for field in fields.iter().filter(|field| !field.is_skipped()) {
            if field.is_flattened() {
                members.all.push(Part::Flatten(field));
                members.flattened.push(field);
            } else {
                members.all.push(Part::Property(field));
                members.properties.push(field);
            }
        }
        members
    }
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: Attrs,
    /// The `const`: `rename`, else serde's `rename`, else `rename_all` applied.
    pub(crate) value: String,
    /// `title = "…"`, else the doc comment's first line, else the name as words.
    pub(crate) title: String,
}

impl<'a> Input<'a> {
    /// Reads the item, recording every shape or attribute error in `cx`. `None` when the
    /// shape is one a form cannot take.
    pub(crate) fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let place = match &input.data {
            SynData::Enum(_) => Place::Enum,
            SynData::Struct(data) if is_newtype(&data.fields) => Place::Newtype,
            _ => Place::Struct,
        };
        let attrs = Attrs::parse(cx, &input.attrs, place);
        if !input.generics.params.is_empty() {
            cx.error_spanned_by(
                &input.generics,
                "`Elicit` cannot be derived for a generic type; a form's schema is built once per type, so write the form with concrete field types",
            );
        }
        let rule = rename_rule(&attrs);
        let titled = !attrs.has(&keys::UNTITLED);
        let container_default = attrs.serde.default.clone();
        let data = match &input.data {
            SynData::Struct(data) => match &data.fields {
                Fields::Named(fields) => Data::Struct(
                    fields
                        .named
                        .iter()
                        .filter_map(|field| {
                            Field::from_syn(cx, field, rule, titled, container_default.as_ref())
                        })
                        .collect(),
                ),
                Fields::Unnamed(fields) if is_newtype(&data.fields) => {
                    let field = &fields.unnamed[0];
                    let attrs = Attrs::parse(cx, &field.attrs, Place::NewtypeField);
                    Data::Newtype(Box::new(Field {
                        member: Member::from(0),
                        vis: &field.vis,
                        ty: &field.ty,
                        title: attrs.str(&keys::TITLE).map(LitStr::value),
                        attrs,
                        doc: doc_comment(&field.attrs),
                        wire_name: String::new(),
                        container_default: None,
                    }))
                }
                Fields::Unnamed(fields) => {
                    cx.error_spanned_by(
                        &input.ident,
                        format!(
                            "`Elicit` cannot be derived for a tuple struct with {} fields; a form needs named fields, one per question, and a newtype (a reusable field type) exactly one field",
                            fields.unnamed.len()
                        ),
                    );
                    return None;
                }
                Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        "`Elicit` cannot be derived for a unit struct; a form needs named fields, one per question",
                    );
                    return None;
                }
            },
            SynData::Enum(data) => {
                if data.variants.is_empty() {
                    cx.error_spanned_by(
                        &input.ident,
                        "`Elicit` cannot be derived for an enum with no variants; a choice needs at least one option",
                    );
                }
                Data::Enum(
                    data.variants
                        .iter()
                        .map(|variant| Variant::from_syn(cx, variant, rule))
                        .collect(),
                )
            }
            SynData::Union(data) => {
                cx.error_spanned_by(
                    // As tokens: a `&` would be needless where syn's `clone-impls` makes the
                    // token `Copy` (a build that also has serde_derive), and needed where not.
                    data.union_token.to_token_stream(),
                    "`Elicit` cannot be derived for a union; use a struct with named fields",
                );
                return None;
            }
        };
        Some(Self {
            ident: &input.ident,
            vis: &input.vis,
            doc: doc_comment(&input.attrs),
            attrs,
            data,
        })
    }

    /// The path of the runtime crate: `crate = "…"`, else `::elicit_core`. A relative path
    /// that starts with `elicit_core` is read as the crate (`::elicit_core…`): the expansion
    /// defines a module of that name (see `check`), which would otherwise shadow it.
    pub(crate) fn krate(&self) -> TokenStream {
        match self.attrs.krate() {
            None => quote!(::elicit_core),
            Some(path)
                if path.leading_colon.is_none()
                    && path
                        .segments
                        .first()
                        .is_some_and(|first| first.ident == "elicit_core") =>
            {
                quote!(::#path)
            }
            Some(path) => path.to_token_stream(),
        }
    }

    /// Whether the struct form has a builder, `T::form()`: it asks for one (`shaped`), or a
    /// field has its options given at run time (such a form is asked only through one).
    pub(crate) fn has_builder(&self) -> bool {
        match &self.data {
            Data::Struct(fields) => self.attrs.has(&keys::SHAPED) || has_run_time_options(fields),
            Data::Enum(_) | Data::Newtype(_) => false,
        }
    }

    /// The default prompt: `message = "…"`, else the doc comment, else the type's name.
    pub(crate) fn message(&self) -> Doc {
        self.attrs
            .str(&keys::MESSAGE)
            .map(|lit| Doc::Text(lit.value()))
            .or_else(|| self.doc.clone())
            .unwrap_or_else(|| Doc::Text(words(&self.ident.to_string())))
    }
}

impl<'a> Field<'a> {
    fn from_syn(
        cx: &Ctxt,
        field: &'a syn::Field,
        rule: Option<RenameRule>,
        titled: bool,
        container_default: Option<&DefaultValue>,
    ) -> Option<Self> {
        let member = field.ident.as_ref()?;
        let attrs = Attrs::parse(cx, &field.attrs, Place::Field);
        let name = unraw(member);
        let wire_name = explicit_name(&attrs).unwrap_or_else(|| {
            rule.map_or_else(|| name.clone(), |rule| rule.apply_to_field(&name))
        });
        let title = attrs
            .str(&keys::TITLE)
            .map(LitStr::value)
            .or_else(|| titled.then(|| field_title(&name)));
        // The struct's default value gives a field its default only when the field has
        // none of its own (serde's rule).
        let container_default = container_default
            .filter(|_| attrs.default().is_none())
            .map(|default| DefaultValue::FromContainer(Box::new(default.clone())));
        Some(Self {
            member: Member::Named(member.clone()),
            vis: &field.vis,
            ty: &field.ty,
            doc: doc_comment(&field.attrs),
            attrs,
            wire_name,
            title,
            container_default,
        })
    }
}

impl Variant<'_> {
    /// The variant's name as written, for messages and casing rules.
    pub(crate) fn name(&self) -> String {
        unraw(self.ident)
    }
}

impl<'a> Variant<'a> {
    fn from_syn(cx: &Ctxt, variant: &'a syn::Variant, rule: Option<RenameRule>) -> Self {
        match &variant.fields {
            Fields::Unit => {}
            fields => cx.error_spanned_by(
                fields,
                format!(
                    "variant `{}` carries data; an `Elicit` enum is a choice, so every variant must be a unit variant",
                    variant.ident
                ),
            ),
        }
        let attrs = Attrs::parse(cx, &variant.attrs, Place::Variant);
        let name = unraw(&variant.ident);
        let value = explicit_name(&attrs).unwrap_or_else(|| {
            rule.map_or_else(|| name.clone(), |rule| rule.apply_to_variant(&name))
        });
        let title = attrs
            .str(&keys::TITLE)
            .map(LitStr::value)
            .or_else(|| {
                // A title is the first line, which a doc built by a macro does not show
                // the derive: such a variant is titled by its name.
                doc_comment(&variant.attrs).and_then(|doc| {
                    doc.text()
                        .and_then(|text| text.lines().next())
                        .map(str::to_owned)
                })
            })
            .unwrap_or_else(|| words(&name));
        Self {
            ident: &variant.ident,
            attrs,
            value,
            title,
        }
    }
}

/// A tuple struct of exactly one field.
fn is_newtype(fields: &Fields) -> bool {
    matches!(fields, Fields::Unnamed(fields) if fields.unnamed.len() == 1)
}

/// `rename`, else serde's `rename`. (Where serde's name differs from the one this gives, the
/// derive refuses the field: `valid`.)
fn explicit_name(attrs: &Attrs) -> Option<String> {
    attrs
        .str(&keys::RENAME)
        .or(attrs.serde.rename.as_ref())
        .map(LitStr::value)
}

/// `rename_all`, else serde's.
fn rename_rule(attrs: &Attrs) -> Option<RenameRule> {
    attrs
        .rule()
        .or(attrs.serde.rename_all.as_ref().map(|(rule, _)| *rule))
}

/// The identifier as written, without a raw `r#` prefix.
fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#")
        .map_or_else(|| name.clone(), str::to_owned)
}

/// `T` of `Vec<T>` (also `std::vec::Vec<T>`, `alloc::vec::Vec<T>`), for the wrapper `name`.
pub(crate) fn generic_inner<'t>(ty: &'t Type, name: &str) -> Option<&'t Type> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let PathArguments::AngleBracketed(arguments) = &last.arguments else {
        return None;
    };
    match arguments.args.first()? {
        GenericArgument::Type(inner) if arguments.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// `T` of `Option<T>` (also `std::option::Option<T>`).
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else { return None };
    let segment = path.path.segments.last()?;
    if segment.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(inner) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}
