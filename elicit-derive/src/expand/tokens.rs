//! Small token helpers shared by the generating modules.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::quote;

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

pub(super) fn number_tokens(number: Number, krate: &TokenStream) -> TokenStream {
    match number {
        Number::Int(int) => quote!(#krate::__private::int(#int)),
        Number::Float(float) => quote!(#krate::__private::float(#float)),
    }
}

/// `Some(value)` or `None`, as an expression.
pub(super) fn option_tokens<T: quote::ToTokens>(value: Option<T>) -> TokenStream {
    value.map_or_else(
        || quote!(::core::option::Option::None),
        |value| quote!(::core::option::Option::Some(#value)),
    )
}
