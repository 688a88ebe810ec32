//! What was offered for a field whose options are given when the form is asked: the value
//! each option stands for, kept beside the form for its reader ([`Offer`], [`OfferSlot`]).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// What was offered for a field: the value each option stands for, in the order of the
/// options of the field's select (whose `const`s the form's schema holds, once).
#[doc(hidden)]
pub struct Offer<V> {
    values: Arc<Vec<V>>,
}

impl<V> Clone for Offer<V> {
    fn clone(&self) -> Self {
        Self {
            values: Arc::clone(&self.values),
        }
    }
}

impl<V> fmt::Debug for Offer<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Offer({} values)", self.values.len())
    }
}

impl<V> Offer<V> {
    /// The offer of these values, in the order of the field's options.
    pub(crate) fn new(values: Vec<V>) -> Self {
        Self {
            values: Arc::new(values),
        }
    }

    /// Nothing offered (a field whose options were never given: its form is not asked).
    pub(crate) fn empty() -> Self {
        Self {
            values: Arc::new(Vec::new()),
        }
    }

    /// The value offered as option `index` (the options of the field as sent are in the
    /// order of the offer).
    pub(crate) fn value(&self, index: usize) -> Option<&V> {
        self.values.get(index)
    }

    /// How many values were offered.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

/// What was offered for one field filled at run time, whatever the type of its values: a form
/// keeps one per such field, for its reader. Its type does not name the values' type, so that
/// a type that cannot be offered is reported once, where the derive proves it, and not again
/// by every type and closure that holds the offers.
#[doc(hidden)]
#[derive(Clone, Default)]
pub struct OfferSlot(Option<Arc<dyn Any + Send + Sync>>);

impl fmt::Debug for OfferSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "OfferSlot(offered)"
        } else {
            "OfferSlot(empty)"
        })
    }
}

impl OfferSlot {
    /// The slot of `offer`.
    #[inline]
    pub fn new<V: Send + Sync + 'static>(offer: Offer<V>) -> Self {
        Self(Some(Arc::new(offer)))
    }

    /// The offer kept, or `None` if no offer of values of `V` was kept (which the builder's
    /// states rule out: the form is asked only once each field has its options). Borrowed:
    /// reading an answer touches no reference count.
    #[inline]
    pub(crate) fn get<V: 'static>(&self) -> Option<&Offer<V>> {
        self.0
            .as_ref()
            .and_then(|offer| offer.downcast_ref::<Offer<V>>())
    }
}
