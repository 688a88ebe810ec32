//! What the derive emits for a form's builder when the form has mistakes: `T::form()` and a
//! method per field still exist, taking any shape a closure writes, so that the code shaping
//! and asking the form does not bury the derive's errors under "no function named `form`"
//! or under errors about types the derive has already refused.

use std::marker::PhantomData;

/// Stands in for a field's shape (`FieldShape`, `Options`, `MultiOptions`) in the builder of
/// a form whose derive failed: every method of those, with bounds loose enough that whatever
/// the author wrote type-checks. `V` is the value a check of the field sees and `F` the
/// form, so that a check's closure still infers its arguments.
pub struct ShapeStub<F, V> {
    _types: PhantomData<fn() -> (F, V)>,
}

// Stand-ins, never run: their bounds only need to accept what the author wrote.
#[allow(
    clippy::must_use_candidate,
    clippy::return_self_not_must_use,
    missing_docs
)]
impl<F, V> ShapeStub<F, V> {
    pub fn options<C>(self, _: impl IntoIterator<Item = C>) -> Self {
        self
    }

    pub fn title(self, _: impl Into<String>) -> Self {
        self
    }

    pub fn description(self, _: impl Into<String>) -> Self {
        self
    }

    pub fn check<E>(self, _: impl Fn(&V, &F) -> Result<(), E>) -> Self {
        self
    }

    pub fn default<D>(self, _: D) -> Self {
        self
    }

    pub fn default_option(self, _: impl Into<String>) -> Self {
        self
    }

    pub fn default_options<C>(self, _: impl IntoIterator<Item = C>) -> Self {
        self
    }

    pub fn min_length(self, _: u64) -> Self {
        self
    }

    pub fn max_length(self, _: u64) -> Self {
        self
    }

    pub fn minimum<N>(self, _: N) -> Self {
        self
    }

    pub fn maximum<N>(self, _: N) -> Self {
        self
    }

    pub fn only<O>(self, _: impl IntoIterator<Item = O>) -> Self {
        self
    }

    pub fn option_title<O>(self, _: O, _: impl Into<String>) -> Self {
        self
    }

    pub fn min_items(self, _: u64) -> Self {
        self
    }

    pub fn max_items(self, _: u64) -> Self {
        self
    }
}
