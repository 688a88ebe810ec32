//! The model of a derive's input and its checks: what the user wrote, read into fields and
//! variants with their parsed attributes (`ast`, `attr`), every rule the derive can judge
//! from the syntax alone (`valid`, with `sensitive` for names that read as secrets), and the
//! keys a field refuses should its type hold a secret, which only the compiler can tell
//! (`secret`). Nothing here writes code: the generation (`crate::expand`) reads this model
//! and never the other way round, as `serde_derive`'s `internals` and its code generation
//! are split.

pub(crate) mod ast;
pub(crate) mod attr;
pub(crate) mod case;
pub(crate) mod ctxt;
pub(crate) mod doc;
pub(crate) mod lit;
pub(crate) mod secret;
pub(crate) mod sensitive;
pub(crate) mod valid;
