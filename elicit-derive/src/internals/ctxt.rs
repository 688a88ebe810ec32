//! Collects every error of one derive, so all of them are reported together.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// The errors found so far. Dropping it without [`Ctxt::check`] is a bug in the derive.
pub(crate) struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub(crate) fn new() -> Self {
        Self {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanned on `tokens`.
    pub(crate) fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens, message));
    }

    /// Records an error produced by syn.
    pub(crate) fn syn_error(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    /// All errors combined into one, or `Ok` if there were none.
    pub(crate) fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut errors = errors.into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for rest in errors {
            combined.combine(rest);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        assert!(
            std::thread::panicking() || self.errors.borrow().is_none(),
            "Ctxt dropped without check()"
        );
    }
}
