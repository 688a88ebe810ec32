//! The tree a pattern is parsed into (`pattern.rs`) and the matcher compiles (`matcher.rs`).
//!
//! Every node already has ECMA-262's meaning, whatever the syntax that spelled it: `\s`, `.` and
//! `[^…]` are sets of code points, `^` and `$` the ends of the text, a group only its contents.
//! Printed (`Display`), the tree is a regex with that same meaning in the syntax the `regex`
//! crates read, which the tests run on another engine to check the matcher against. (`Hir`, a
//! high-level intermediate representation, is what regex-syntax calls its own such tree.)

use std::fmt;

/// A parsed pattern.
pub(crate) enum Hir {
    /// One character in the set, which holds no surrogate.
    Class(Set),
    /// A zero-width assertion.
    Look(Look),
    /// The nodes one after the other (no nodes: the empty string).
    Concat(Vec<Hir>),
    /// Any one of two or more branches.
    Alternate(Vec<Hir>),
    /// The node `min` to `max` times (`None`: no bound). Lazy or greedy is the same for
    /// whether a match exists, so the tree does not say.
    Repeat {
        hir: Box<Hir>,
        min: u64,
        max: Option<u64>,
    },
}

/// A zero-width assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Look {
    /// `^`: the start of the text.
    Start,
    /// `$`: the end of the text.
    End,
    /// `\b`: a [`WORD`] character on one side only.
    WordBoundary,
    /// `\B`: [`WORD`] characters on both sides or on neither.
    NotWordBoundary,
}

/// ECMA-262 `\w` (without the `i` flag): what `\b` and `\B` look at too.
pub(crate) const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];

/// The largest code point.
pub(crate) const MAX_CHAR: u32 = 0x10_FFFF;

/// The UTF-16 surrogates: no Rust string holds one, and the `regex` crates cannot name them.
const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);

impl Hir {
    /// One character in `set`: its surrogates dropped, since no text can hold them.
    pub(crate) fn class(set: Set) -> Self {
        let (first, last) = SURROGATES;
        if set.0.iter().all(|&(lo, hi)| hi < first || lo > last) {
            return Self::Class(set);
        }
        let mut ranges = Vec::with_capacity(set.0.len() + 1);
        for (lo, hi) in set.0 {
            for (lo, hi) in [(lo, hi.min(first - 1)), (lo.max(last + 1), hi)] {
                if lo <= hi {
                    ranges.push((lo, hi));
                }
            }
        }
        Self::Class(Set(ranges))
    }

    /// The code point `c` (none, if it is a lone surrogate).
    pub(crate) fn char(c: u32) -> Self {
        Self::class(Set(vec![(c, c)]))
    }
}

/// A set of code points as sorted, disjoint, non-adjacent inclusive ranges.
#[derive(Default)]
pub(crate) struct Set(Vec<(u32, u32)>);

impl Set {
    pub(crate) fn from_ranges(ranges: &[(u32, u32)]) -> Self {
        let mut set = Self(ranges.to_vec());
        set.normalize();
        set
    }

    pub(crate) fn ranges(&self) -> &[(u32, u32)] {
        &self.0
    }

    pub(crate) fn add(&mut self, other: &Set) {
        self.0.extend_from_slice(&other.0);
        self.normalize();
    }

    fn normalize(&mut self) {
        self.0.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(self.0.len());
        for &(lo, hi) in &self.0 {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        self.0 = merged;
    }

    pub(crate) fn complement(&self) -> Self {
        let mut ranges = Vec::new();
        let mut next = 0;
        for &(lo, hi) in &self.0 {
            if lo > next {
                ranges.push((next, lo - 1));
            }
            next = hi + 1;
        }
        if next <= MAX_CHAR {
            ranges.push((next, MAX_CHAR));
        }
        Self(ranges)
    }
}

/// The tree as a regex of the `regex` crates' syntax: `\A` and `\z` for the ends of the text,
/// classes of code points (`\x{HEX}` for all but ASCII alphanumerics), `(?:…)` where
/// precedence needs it.
impl fmt::Display for Hir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Class(set) => match set.ranges() {
                // The class of no code point.
                [] => f.write_str(r"[^\x00-\x{10FFFF}]"),
                &[(lo, hi)] if lo == hi => write_char(f, lo),
                ranges => {
                    f.write_str("[")?;
                    for &(lo, hi) in ranges {
                        write_char(f, lo)?;
                        if hi > lo {
                            f.write_str("-")?;
                            write_char(f, hi)?;
                        }
                    }
                    f.write_str("]")
                }
            },
            Self::Look(look) => f.write_str(match look {
                Look::Start => r"\A",
                Look::End => r"\z",
                Look::WordBoundary => r"\b",
                Look::NotWordBoundary => r"\B",
            }),
            Self::Concat(hirs) => {
                for hir in hirs {
                    match hir {
                        Self::Alternate(_) => write!(f, "(?:{hir})")?,
                        _ => write!(f, "{hir}")?,
                    }
                }
                Ok(())
            }
            Self::Alternate(branches) => {
                for (index, branch) in branches.iter().enumerate() {
                    if index > 0 {
                        f.write_str("|")?;
                    }
                    write!(f, "{branch}")?;
                }
                Ok(())
            }
            Self::Repeat { hir, min, max } => {
                match **hir {
                    Self::Class(_) => write!(f, "{hir}")?,
                    _ => write!(f, "(?:{hir})")?,
                }
                match (min, max) {
                    (0, None) => f.write_str("*"),
                    (1, None) => f.write_str("+"),
                    (0, Some(1)) => f.write_str("?"),
                    (min, None) => write!(f, "{{{min},}}"),
                    (min, Some(max)) if min == max => write!(f, "{{{min}}}"),
                    (min, Some(max)) => write!(f, "{{{min},{max}}}"),
                }
            }
        }
    }
}

fn write_char(f: &mut fmt::Formatter<'_>, c: u32) -> fmt::Result {
    match char::from_u32(c) {
        Some(c) if c.is_ascii_alphanumeric() => write!(f, "{c}"),
        _ => write!(f, r"\x{{{c:X}}}"),
    }
}

#[cfg(test)]
mod tests {
    use crate::pattern::translate;

    fn translated(source: &str) -> String {
        translate(source).unwrap()
    }

    #[test]
    fn printed() {
        assert_eq!(translated("^a$"), r"\Aa\z");
        assert_eq!(translated(r"\b\B"), r"\b\B");
        assert_eq!(translated("a|b"), "a|b");
        assert_eq!(translated("(a)"), "a");
        assert_eq!(translated("(?:a|b)c"), "(?:a|b)c");
        assert_eq!(translated("(ab)+(a)*"), "(?:ab)+(?:a)*");
        assert_eq!(translated("a{3}b{2,}c{0,1}d{1,}?"), "a{3}b{2,}c?d+");
        assert_eq!(translated(r"[\d]{2,3}?"), "[0-9]{2,3}");
        assert_eq!(translated(r"[\-a]"), r"[\x{2D}a]");
        assert_eq!(translated("[]"), r"[^\x00-\x{10FFFF}]");
        // Surrogates are dropped: a lone one matches nothing, and `.` skips them.
        assert_eq!(translated(r"\uD83D"), r"[^\x00-\x{10FFFF}]");
        assert_eq!(
            translated("."),
            r"[\x{0}-\x{9}\x{B}-\x{C}\x{E}-\x{2027}\x{202A}-\x{D7FF}\x{E000}-\x{10FFFF}]"
        );
    }
}
