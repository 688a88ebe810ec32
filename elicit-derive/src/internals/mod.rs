//! The model of a derive's input and its checks: what the user wrote, read into fields and
//! variants with their parsed attributes (`ast`, `attr`), and every rule the derive can judge
//! from the syntax alone (`valid`, with `sensitive` for names that read as secrets). Nothing
//! here writes code: the generation (`crate::expand`) reads this model and never the other
//! way round, as `serde_derive`'s `internals` and its code generation are split.

pub(crate) mod ast;
pub(crate) mod attr;
pub(crate) mod case;
pub(crate) mod ctxt;
pub(crate) mod doc;
pub(crate) mod lit;
pub(crate) mod sensitive;
pub(crate) mod valid;
