//! A schema as a request or a form holds it: a derived form's cached one, borrowed for the
//! whole program, or one built at run time, shared between the form and each request that
//! asks it. Either way, asking a form copies no schema.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use super::RequestedSchema;

/// A [`RequestedSchema`] borrowed for good, or shared.
#[derive(Clone)]
pub(crate) enum SharedSchema {
    /// A derived form's cached schema.
    Static(&'static RequestedSchema),
    /// A schema built at run time.
    Shared(Arc<RequestedSchema>),
}

impl SharedSchema {
    /// Shares a schema built at run time.
    pub(crate) fn new(schema: RequestedSchema) -> Self {
        Self::Shared(Arc::new(schema))
    }
}

impl Deref for SharedSchema {
    type Target = RequestedSchema;

    fn deref(&self) -> &RequestedSchema {
        match self {
            Self::Static(schema) => schema,
            Self::Shared(schema) => schema,
        }
    }
}

impl fmt::Debug for SharedSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        RequestedSchema::fmt(self, f)
    }
}

impl PartialEq for SharedSchema {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}
