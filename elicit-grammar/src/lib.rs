//! The string grammars both halves of `elicit` must agree on: the derive checks a literal
//! `default` at compile time with exactly the code the runtime parser checks an answer with
//! at run time. One source, in its own package so that each published tarball carries it.
//!
//! Not meant to be used directly: depend on `elicit-core`.

pub mod format;
mod hir;
mod matcher;
pub mod pattern;
