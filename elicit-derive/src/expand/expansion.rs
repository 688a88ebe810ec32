//! What a struct form or a newtype expands to ([`Expansion`]), as the parts that write it
//! hand it to `expand`.

use proc_macro2::TokenStream;

/// The items that make a type a form or a field, in a constant that scopes them, and the
/// compile-time checks on its fields' types and attributes, each an item of its own beside
/// that constant (`proofs::check`).
#[derive(Default)]
pub(super) struct Expansion {
    pub(super) items: TokenStream,
    pub(super) checks: TokenStream,
}
