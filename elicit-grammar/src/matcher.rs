//! The linear-time matcher behind [`Compiled::is_match`](crate::pattern::Compiled::is_match):
//! a parsed pattern (`hir.rs`) compiled to a Thompson NFA and run as a Pike VM, which keeps one
//! thread per NFA state and so matches in time proportional to the text times the program,
//! whatever the pattern (no backtracking, no catastrophic cases).
//!
//! The tree it compiles already has ECMA-262's meaning in every node: classes of code points,
//! concatenation, alternation, repetition with bounds, and the assertions (the two ends of the
//! text, `\b` and `\B` on ASCII word characters, as ECMA-262's `\b` without the `i` flag).
//! Written here rather than borrowed from a regex crate so that the derive and the runtime
//! compile no regex engine of which they would use a sliver.

use std::fmt;

use crate::hir::{Hir, Look, WORD};

/// How many NFA states a pattern may compile to: `x{n,m}` repeats `x`'s states, so a large
/// count is refused rather than built (`a{999999}` would take a million).
const MAX_STATES: usize = 100_000;

/// One NFA state.
#[derive(Clone, Debug)]
enum State {
    /// Consumes one character in the class (sorted, disjoint, inclusive ranges).
    Class(Box<[(u32, u32)]>),
    /// Goes on at either state.
    Split(usize, usize),
    /// Goes on at the state.
    Jump(usize),
    /// Goes on at the next state if the assertion holds here.
    Assert(Look),
    /// The pattern matched.
    Match,
}

/// A parsed pattern, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    states: Box<[State]>,
    /// Whether every match starts at the start of the text (the program begins with `\A`), so
    /// that no thread need start later.
    anchored: bool,
}

/// Why a pattern could not be compiled: it takes more than [`MAX_STATES`] states.
#[derive(Debug)]
pub(crate) struct TooLarge;

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "more than {MAX_STATES} states")
    }
}

impl Program {
    /// Compiles the tree of a pattern.
    pub(crate) fn new(hir: &Hir) -> Result<Self, TooLarge> {
        let mut states = Vec::new();
        emit(hir, &mut states)?;
        states.push(State::Match);
        let anchored = matches!(states.first(), Some(State::Assert(Look::Start)));
        Ok(Self {
            states: states.into_boxed_slice(),
            anchored,
        })
    }

    /// Whether `text` contains a match.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        let mut current = Threads::new(self.states.len());
        let mut next = Threads::new(self.states.len());
        let mut stack = Vec::new();
        let mut at = Position {
            before: None,
            after: text.chars().next(),
        };
        let mut rest = text.chars();
        loop {
            if (!self.anchored || at.is_start()) && self.add(&mut current, &mut stack, 0, at) {
                return true;
            }
            if current.is_empty() && self.anchored {
                return false;
            }
            let Some(c) = rest.next() else {
                return false;
            };
            let after = Position {
                before: Some(c),
                after: rest.clone().next(),
            };
            for &index in &current.dense {
                if let State::Class(ranges) = &self.states[index]
                    && class_contains(ranges, c)
                    && self.add(&mut next, &mut stack, index + 1, after)
                {
                    return true;
                }
            }
            std::mem::swap(&mut current, &mut next);
            next.clear();
            at = after;
        }
    }

    /// Adds the thread at `state` and every state it reaches without consuming a character
    /// at `at`; true when one of them is the match.
    fn add(
        &self,
        threads: &mut Threads,
        stack: &mut Vec<usize>,
        state: usize,
        at: Position,
    ) -> bool {
        stack.push(state);
        while let Some(state) = stack.pop() {
            if !threads.insert(state) {
                continue;
            }
            match self.states[state] {
                State::Class(_) => {}
                State::Split(first, second) => {
                    stack.push(second);
                    stack.push(first);
                }
                State::Jump(to) => stack.push(to),
                State::Assert(look) => {
                    if at.holds(look) {
                        stack.push(state + 1);
                    }
                }
                State::Match => {
                    stack.clear();
                    return true;
                }
            }
        }
        false
    }
}

/// Where in the text the machine is: the characters on either side.
#[derive(Clone, Copy)]
struct Position {
    before: Option<char>,
    after: Option<char>,
}

impl Position {
    /// The start of the text: no character before it.
    fn is_start(self) -> bool {
        self.before.is_none()
    }

    fn holds(self, look: Look) -> bool {
        let word = |c: Option<char>| c.is_some_and(|c| class_contains(WORD, c));
        match look {
            Look::Start => self.is_start(),
            Look::End => self.after.is_none(),
            Look::WordBoundary => word(self.before) != word(self.after),
            Look::NotWordBoundary => word(self.before) == word(self.after),
        }
    }
}

fn class_contains(ranges: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    let index = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(index).is_some_and(|&(lo, _)| lo <= c)
}

/// A set of states, in the order added: a sparse set, cleared in constant time.
struct Threads {
    dense: Vec<usize>,
    sparse: Vec<usize>,
}

impl Threads {
    fn new(size: usize) -> Self {
        Self {
            dense: Vec::new(),
            sparse: vec![0; size],
        }
    }

    fn is_empty(&self) -> bool {
        self.dense.is_empty()
    }

    /// Adds `state`; false if it was there.
    fn insert(&mut self, state: usize) -> bool {
        let slot = self.sparse[state];
        if self.dense.get(slot) == Some(&state) {
            return false;
        }
        self.sparse[state] = self.dense.len();
        self.dense.push(state);
        true
    }

    fn clear(&mut self) {
        self.dense.clear();
    }
}

/// Emits `hir`'s states after `states`.
fn emit(hir: &Hir, states: &mut Vec<State>) -> Result<(), TooLarge> {
    if states.len() > MAX_STATES {
        return Err(TooLarge);
    }
    match hir {
        Hir::Class(set) => states.push(State::Class(set.ranges().into())),
        Hir::Look(look) => states.push(State::Assert(*look)),
        Hir::Concat(hirs) => {
            for hir in hirs {
                emit(hir, states)?;
            }
        }
        Hir::Alternate(branches) => {
            // split(first, rest) … first … jump(end), rest: split(second, rest) …, last.
            let mut jumps = Vec::new();
            for (index, branch) in branches.iter().enumerate() {
                let split = states.len();
                let last = index + 1 == branches.len();
                if !last {
                    states.push(State::Split(split + 1, 0));
                }
                emit(branch, states)?;
                if !last {
                    jumps.push(states.len());
                    states.push(State::Jump(0));
                    let rest = states.len();
                    states[split] = State::Split(split + 1, rest);
                }
            }
            let end = states.len();
            for jump in jumps {
                states[jump] = State::Jump(end);
            }
        }
        // A repeated node of no states (`(?:){9}`, `(?:a{0})*`) is no states, however many
        // times: without this, a huge count would loop that many times for nothing.
        Hir::Repeat { hir, .. } if emits_nothing(hir) => {}
        Hir::Repeat { hir, min, max } => {
            for _ in 0..*min {
                emit(hir, states)?;
            }
            match max {
                // `x*`: split(x, end) x jump(split).
                None => {
                    let split = states.len();
                    states.push(State::Split(split + 1, 0));
                    emit(hir, states)?;
                    states.push(State::Jump(split));
                    let end = states.len();
                    states[split] = State::Split(split + 1, end);
                }
                // `max - min` optional copies, nested: `(?:x(?:x(?:x)?)?)?`, every skip going
                // to the end. The same language as `x?x?x?`, but a count of copies is reached
                // one way only, so one thread holds it (`[a-z0-9_]{3,16}` ran about 3× slower
                // sequential).
                Some(max) => {
                    let mut splits = Vec::new();
                    for _ in *min..*max {
                        splits.push(states.len());
                        states.push(State::Split(states.len() + 1, 0));
                        emit(hir, states)?;
                        if states.len() > MAX_STATES {
                            return Err(TooLarge);
                        }
                    }
                    let end = states.len();
                    for split in splits {
                        states[split] = State::Split(split + 1, end);
                    }
                }
            }
        }
    }
    if states.len() > MAX_STATES {
        return Err(TooLarge);
    }
    Ok(())
}

/// Whether `hir` compiles to no states at all.
fn emits_nothing(hir: &Hir) -> bool {
    match hir {
        Hir::Concat(hirs) => hirs.iter().all(emits_nothing),
        Hir::Repeat { max: Some(0), .. } => true,
        Hir::Repeat { hir, .. } => emits_nothing(hir),
        Hir::Class(_) | Hir::Look(_) | Hir::Alternate(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::pattern::{compile, translate};

    /// A xorshift generator: the same cases on every run, no dependency.
    struct Cases(u64);

    impl Cases {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            usize::try_from(self.0 % n as u64).unwrap_or(0)
        }

        fn pattern(&mut self, depth: u32) -> String {
            const ATOMS: &[&str] = &[
                "a", "b", "1", ".", r"\d", r"\w", r"\s", r"\S", "[ab]", "[^a]", r"[a-c\d]", "é",
                "😀", r"\n", "-", " ",
            ];
            const ASSERTIONS: &[&str] = &["^", "$", r"\b", r"\B"];
            const QUANTIFIERS: &[&str] = &["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "*?"];
            let mut out = String::new();
            for _ in 0..=self.below(4) {
                match self.below(10) {
                    0 if depth < 3 => {
                        let inner = self.pattern(depth + 1);
                        out.push_str("(?:");
                        out.push_str(&inner);
                        out.push(')');
                    }
                    1 if depth < 3 => {
                        let (left, right) = (self.pattern(depth + 1), self.pattern(depth + 1));
                        for piece in ["(?:", &left, "|", &right, ")"] {
                            out.push_str(piece);
                        }
                    }
                    2 => {
                        out.push_str(ASSERTIONS[self.below(ASSERTIONS.len())]);
                        continue;
                    }
                    _ => out.push_str(ATOMS[self.below(ATOMS.len())]),
                }
                out.push_str(QUANTIFIERS[self.below(QUANTIFIERS.len())]);
            }
            out
        }

        fn text(&mut self) -> String {
            const CHARS: &[char] = &['a', 'b', 'c', '1', ' ', '_', '\n', '-', 'é', '😀', '\u{a0}'];
            (0..self.below(7))
                .map(|_| CHARS[self.below(CHARS.len())])
                .collect()
        }
    }

    /// The matcher answers what regex-lite answers on the same tree, printed, for thousands of
    /// generated patterns and texts (regex-lite reads the printed tree with the meaning the
    /// parser gives it; the ECMA-262 verdicts themselves are checked against Node's in
    /// `tests/tests/pattern_ecma.rs`).
    #[test]
    fn agrees_with_regex_lite() {
        let mut cases = Cases(0x2545_f491_4f6c_dd1d);
        let mut compared = 0;
        for _ in 0..4000 {
            let source = cases.pattern(0);
            let Ok(pattern) = compile(&source) else {
                continue;
            };
            let translation = translate(&source).unwrap();
            let regex = regex_lite::Regex::new(&translation)
                .unwrap_or_else(|error| panic!("{source:?} (translated {translation:?}): {error}"));
            for _ in 0..25 {
                let text = cases.text();
                assert_eq!(
                    pattern.is_match(&text),
                    regex.is_match(&text),
                    "{source:?} (translated {translation:?}) on {text:?}"
                );
                compared += 1;
            }
        }
        assert!(compared > 50_000, "only {compared} comparisons");
    }

    #[test]
    fn large_counts_are_refused_and_empty_ones_are_free() {
        let error = compile("a{999999}").unwrap_err().to_string();
        assert!(error.contains("too large"), "{error}");
        assert!(error.contains("lower its repeat counts"), "{error}");
        assert!(compile("^(?:a{0}){99999999}$").unwrap().is_match(""));
        assert!(compile("(?:){99999999,}").unwrap().is_match("x"));
        assert!(compile("^[a-z]{1,5000}$").unwrap().is_match("abc"));
    }

    #[test]
    fn runs_in_linear_time() {
        // Catastrophic for a backtracking engine: 2^40 paths.
        let pattern = compile("^(?:a|a)*(?:a*)*b$").unwrap();
        assert!(!pattern.is_match(&"a".repeat(40)));
        assert!(pattern.is_match(&format!("{}b", "a".repeat(40))));
    }
}
