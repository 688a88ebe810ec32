//! `#[derive(Elicit)]`: use it through `elicit_core`, which re-exports it with the trait.
//!
//! Two halves, as in `serde_derive`, and the second never reaches into the first's work:
//! `internals` reads the input into a model of fields and variants (or a newtype's one field)
//! with their parsed attributes (`attr`), and `valid` checks what spans several attributes or
//! fields (through `sensitive`, it refuses names that read as secrets; through
//! `elicit-grammar`, literal defaults of formatted fields); `expand` writes the impls from
//! that model. What only the compiler can judge (is this type a field? a string? a form to
//! flatten? a secret? do flattened forms clash on a wire name?) is proven by `expand::proofs`
//! and `expand::facts`, with errors worded by us and spanned on the user's tokens. Every error
//! is collected in a `Ctxt` so a user sees all mistakes at once; on error, `expand::fallback`
//! still emits the type checks and stub impls, so the mistakes are not buried under "trait
//! not implemented" errors.

// The model of the input and its checks, which never reach into code generation.
mod internals;
// The impls, written from that model.
mod expand;
#[cfg(test)]
mod snapshots;

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
