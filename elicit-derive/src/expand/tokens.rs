//! Small token helpers shared by the generating modules.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens as _, quote};

use crate::internals::lit::Number;

/// The tokens of a type, all spanned at `span`, so an unmet bound on it is reported there.
pub(super) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &tree {
                let mut inner = Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                tree = TokenTree::Group(inner);
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}

/// Whether `tokens` hold a float literal (`3.14f64`, as a number the user wrote is written
/// back).
pub(super) fn has_float(tokens: &TokenStream) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        TokenTree::Group(group) => has_float(&group.stream()),
        TokenTree::Literal(literal) => {
            let text = literal.to_string();
            text.ends_with("f64") || text.ends_with("f32")
        }
        TokenTree::Ident(_) | TokenTree::Punct(_) => false,
    })
}

/// A number of `minimum` or `maximum`, as a field's table holds it.
pub(super) fn bound_tokens(number: Number, krate: &TokenStream) -> TokenStream {
    match number {
        Number::Int(int) => quote!(#krate::__private::set::Bound::Int(#int)),
        Number::Float(float) => quote!(#krate::__private::set::Bound::Float(#float)),
    }
}

/// `Some(value)` or `None`, as an expression.
pub(super) fn option_tokens<T: quote::ToTokens>(value: Option<T>) -> TokenStream {
    value.map_or_else(
        || quote!(::core::option::Option::None),
        |value| quote!(::core::option::Option::Some(#value)),
    )
}

/// A type as the user wrote it, for a message: `Option<Vec<u8>>`, not the token stream's
/// `Option < Vec < u8 > >`.
pub(super) fn written(ty: &syn::Type) -> String {
    let spaced = ty.to_token_stream().to_string();
    let mut out = String::with_capacity(spaced.len());
    let mut chars = spaced.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ' ' {
            let before = out.chars().last();
            let after = chars.peek().copied();
            // A space stays only between two words (`dyn Trait`, `&'a str`) and after a comma
            // or a semicolon.
            let keep = matches!(before, Some(',' | ';'))
                || (before.is_some_and(|b| b.is_alphanumeric() || b == '_' || b == '\'')
                    && after.is_some_and(|a| a.is_alphanumeric() || a == '_'));
            if keep {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}
