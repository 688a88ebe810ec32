//! What derived forms call for run-time options beyond the `shape` module: the probe proving
//! an offered value is not a collection.

/// Whether a type is a `Vec`, a `BTreeSet` or a `HashSet`, seen through any alias: the derive
/// proves that the value type of a single select filled at run time is none of them (the
/// field is a multi-select when its type is written `Vec<…>`). The inherent constant of the
/// collections takes precedence over the trait's, which answers for every other type.
pub struct CollectionProbe<T: ?Sized>(std::marker::PhantomData<T>);

impl<V> CollectionProbe<Vec<V>> {
    /// A `Vec`.
    pub const IS_COLLECTION: bool = true;
}

impl<V> CollectionProbe<std::collections::BTreeSet<V>> {
    /// A `BTreeSet`.
    pub const IS_COLLECTION: bool = true;
}

impl<V, S> CollectionProbe<std::collections::HashSet<V, S>> {
    /// A `HashSet`.
    pub const IS_COLLECTION: bool = true;
}

/// What [`CollectionProbe`] says of every type that is no collection.
pub trait NotACollection {
    /// Not a collection.
    const IS_COLLECTION: bool = false;
}

impl<T: ?Sized> NotACollection for CollectionProbe<T> {}
