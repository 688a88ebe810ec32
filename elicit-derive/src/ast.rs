//! The input model: the struct's fields or the enum's variants, with their parsed
//! attributes and resolved wire names, each keeping its syn node for error spans.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{
    Data as SynData, DeriveInput, Fields, GenericArgument, Ident, LitStr, Member, PathArguments,
    Type,
};

use crate::attr::{ContainerAttrs, FieldAttrs, Item, VariantAttrs};
use crate::case::{RenameRule, words};
use crate::ctxt::Ctxt;
use crate::doc::doc_comment;
use crate::lit::DefaultValue;

pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: ContainerAttrs,
    pub(crate) doc: Option<String>,
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
    pub(crate) ty: &'a Type,
    pub(crate) attrs: FieldAttrs,
    pub(crate) doc: Option<String>,
    /// The property name: `rename`, else serde's `rename`, else `rename_all` applied.
    pub(crate) wire_name: String,
}

impl Field<'_> {
    /// Whether the field is left out of the form (`skip` or `#[serde(skip)]`).
    pub(crate) fn is_skipped(&self) -> bool {
        self.attrs.skip.is_some() || self.attrs.serde_skip
    }

    /// Whether the field's form is inlined (`flatten` or `#[serde(flatten)]`) rather than
    /// being one property.
    pub(crate) fn is_flattened(&self) -> bool {
        self.attrs.flatten.is_some() || self.attrs.serde_flatten
    }

    /// The field's name as written, for messages.
    pub(crate) fn name(&self) -> String {
        match &self.member {
            Member::Named(ident) => unraw(ident),
            Member::Unnamed(index) => index.index.to_string(),
        }
    }

    /// The field's default, `#[elicit(default…)]` winning over `#[serde(default…)]`.
    pub(crate) fn default(&self) -> Option<&DefaultValue> {
        self.attrs
            .default
            .as_ref()
            .map(|spanned| &spanned.value)
            .or(self.attrs.serde_default.as_ref())
    }

    /// Whether the type reads as a multi-select field (a `Vec`, `BTreeSet` or `HashSet`, or an
    /// `Option` of one); only the wording of an error depends on it.
    pub(crate) fn reads_as_multi_select(&self) -> bool {
        let ty = option_inner(self.ty).unwrap_or(self.ty);
        let Type::Path(path) = ty else { return false };
        path.path.segments.last().is_some_and(|segment| {
            ["Vec", "BTreeSet", "HashSet"]
                .iter()
                .any(|name| segment.ident == name)
        })
    }

    /// `description = "…"`, else the doc comment.
    pub(crate) fn description(&self) -> Option<String> {
        self.attrs
            .description
            .as_ref()
            .map(|spanned| spanned.value.value())
            .or_else(|| self.doc.clone())
    }
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: VariantAttrs,
    /// The `const`: `rename`, else serde's `rename`, else `rename_all` applied.
    pub(crate) value: String,
    /// `title = "…"`, else the doc comment's first line, else the name as words.
    pub(crate) title: String,
}

impl<'a> Input<'a> {
    /// Reads the item, recording every shape or attribute error in `cx`. `None` when the
    /// shape is one a form cannot take.
    pub(crate) fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let item = match &input.data {
            SynData::Enum(_) => Item::Enum,
            SynData::Struct(data) if is_newtype(&data.fields) => Item::Newtype,
            _ => Item::Struct,
        };
        let attrs = ContainerAttrs::parse(cx, &input.attrs, item);
        if !input.generics.params.is_empty() {
            cx.error_spanned_by(
                &input.generics,
                "`Elicit` cannot be derived for a generic type; a form's schema is built once per type, so write the form with concrete field types",
            );
        }
        let rule = attrs
            .rename_all
            .as_ref()
            .map(|spanned| spanned.value)
            .or(attrs.serde_rename_all);
        let data = match &input.data {
            SynData::Struct(data) => match &data.fields {
                Fields::Named(fields) => Data::Struct(
                    fields
                        .named
                        .iter()
                        .filter_map(|field| Field::from_syn(cx, field, rule))
                        .collect(),
                ),
                Fields::Unnamed(fields) if is_newtype(&data.fields) => {
                    let field = &fields.unnamed[0];
                    Data::Newtype(Box::new(Field {
                        member: Member::from(0),
                        ty: &field.ty,
                        attrs: FieldAttrs::parse(cx, &field.attrs),
                        doc: doc_comment(&field.attrs),
                        wire_name: String::new(),
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
                    data.union_token,
                    "`Elicit` cannot be derived for a union; use a struct with named fields",
                );
                return None;
            }
        };
        Some(Self {
            ident: &input.ident,
            doc: doc_comment(&input.attrs),
            attrs,
            data,
        })
    }

    /// The path of the runtime crate: `crate = "…"`, else `::elicit_core`.
    pub(crate) fn krate(&self) -> TokenStream {
        self.attrs.krate.as_ref().map_or_else(
            || quote!(::elicit_core),
            |spanned| spanned.value.to_token_stream(),
        )
    }

    /// The default prompt: `message = "…"`, else the doc comment, else the type's name.
    pub(crate) fn message(&self) -> String {
        self.attrs
            .message
            .as_ref()
            .map(|spanned| spanned.value.value())
            .or_else(|| self.doc.clone())
            .unwrap_or_else(|| words(&self.ident.to_string()))
    }
}

impl<'a> Field<'a> {
    fn from_syn(cx: &Ctxt, field: &'a syn::Field, rule: Option<RenameRule>) -> Option<Self> {
        let member = field.ident.as_ref()?;
        let attrs = FieldAttrs::parse(cx, &field.attrs);
        let wire_name = explicit_name(
            attrs.rename.as_ref().map(|s| &s.value),
            attrs.serde_rename.as_ref(),
        )
        .unwrap_or_else(|| {
            let name = unraw(member);
            rule.map_or_else(|| name.clone(), |rule| rule.apply_to_field(&name))
        });
        Some(Self {
            member: Member::Named(member.clone()),
            ty: &field.ty,
            doc: doc_comment(&field.attrs),
            attrs,
            wire_name,
        })
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
        let attrs = VariantAttrs::parse(cx, &variant.attrs);
        let name = unraw(&variant.ident);
        let value = explicit_name(
            attrs.rename.as_ref().map(|s| &s.value),
            attrs.serde_rename.as_ref(),
        )
        .unwrap_or_else(|| rule.map_or_else(|| name.clone(), |rule| rule.apply_to_variant(&name)));
        let title = attrs
            .title
            .as_ref()
            .map(|spanned| spanned.value.value())
            .or_else(|| {
                doc_comment(&variant.attrs).and_then(|doc| doc.lines().next().map(str::to_owned))
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

fn explicit_name(elicit: Option<&LitStr>, serde: Option<&LitStr>) -> Option<String> {
    elicit.or(serde).map(LitStr::value)
}

/// The identifier as written, without a raw `r#` prefix.
fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#")
        .map_or_else(|| name.clone(), str::to_owned)
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
