//! `#[derive(Elicit)]`: use it through `elicit_core`, which re-exports it with the trait.
//!
//! The stages, one module each: `ast` reads the input into a model of fields and variants
//! (or a newtype's one field) with their parsed attributes (`attr`), `valid` checks what
//! spans several attributes or fields (and, through `sensitive`, refuses names that read as
//! secrets; through `elicit-grammar`, literal defaults of formatted fields), and `expand` writes the
//! impls. What only the compiler can judge (is this type a field? a string? a form to
//! flatten? do flattened forms clash on a wire name?) is proven by the traits of `check`
//! and by const assertions, whose errors are worded by us and spanned on the user's tokens.
//! Every error is collected in a `ctxt::Ctxt` so a user sees all mistakes at once; on error,
//! `fallback` still emits the type checks and stub impls, so the mistakes are not buried
//! under "trait not implemented" errors.

mod ast;
mod attr;
mod builder;
mod case;
mod check;
mod ctxt;
mod doc;
mod expand;
mod facts;
mod fallback;
mod lit;
mod sensitive;
mod valid;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `elicit_core::Elicit` (and, on enums, `ElicitField` and `ElicitEnum`); on a
/// one-field tuple struct (a newtype), `ElicitField` alone.
///
/// See the `elicit_core` documentation for the attributes.
#[proc_macro_derive(Elicit, attributes(elicit))]
pub fn derive_elicit(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}
