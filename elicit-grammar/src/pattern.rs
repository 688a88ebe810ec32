//! A string field's `pattern`: ECMA-262 syntax, checked and parsed for a linear-time engine.
//!
//! JSON Schema's `pattern` is an ECMA-262 regular expression. JavaScript clients compile it as
//! `new RegExp(pattern, "u")` (Ajv) or, for an HTML `<input pattern>`, with the `v` flag. A
//! pattern is accepted here only when it is valid under both flags and means the same under
//! both, and only when it can run in linear time: no lookaround, no backreferences. It is then
//! parsed, construct by construct, into a tree with the identical meaning (`hir.rs`: `\s` is
//! ECMA-262's Unicode white space, `.` every character but the line terminators, `^` and `$`
//! the ends of the string, …), which the linear-time matcher (`matcher.rs`) compiles and runs,
//! while the source as written is what a schema sends.

use std::fmt;

use crate::hir::{Hir, Look, MAX_CHAR, Set, WORD};
use crate::matcher::Program;

/// A pattern that JavaScript clients and this crate read the same way, ready to match.
///
/// ```
/// let pattern = elicit_grammar::pattern::compile(r"^\s*[a-z\-]+$").unwrap();
/// assert_eq!(pattern.source(), r"^\s*[a-z\-]+$");
/// // ECMA-262's `\s` includes the no-break space.
/// assert!(pattern.is_match("\u{a0}ab-c"));
/// assert!(!pattern.is_match("ab-c\n"));
/// ```
#[derive(Clone, Debug)]
pub struct Compiled {
    source: Box<str>,
    program: Program,
}

impl Compiled {
    /// The pattern as written: what a schema sends to clients.
    ///
    /// ```
    /// let pattern = elicit_grammar::pattern::compile(r"^\d+$").unwrap();
    /// assert_eq!(pattern.source(), r"^\d+$");
    /// ```
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether `text` contains a match, as `new RegExp(source, "u").test(text)` answers.
    ///
    /// ```
    /// let pattern = elicit_grammar::pattern::compile("b").unwrap();
    /// assert!(pattern.is_match("abc")); // unanchored, as JSON Schema's `pattern` is
    /// ```
    pub fn is_match(&self, text: &str) -> bool {
        self.program.is_match(text)
    }
}

/// Why a pattern was refused: a syntax error, or a construct that does not mean the same in
/// every client or cannot run in linear time.
///
/// ```
/// let error = elicit_grammar::pattern::compile("(?i)abc").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "inline flags `(?i)` are not ECMA-262 syntax (JavaScript clients reject them)",
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    message: String,
}

impl PatternError {
    fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PatternError {}

/// Checks `source` as an ECMA-262 pattern and compiles it for matching.
///
/// ```
/// use elicit_grammar::pattern::compile;
///
/// let pattern = compile("^[a-z]+$").unwrap();
/// assert!(pattern.is_match("abc"));
/// assert!(compile("(").is_err());
/// // Valid under the `u` flag but not under `v`: a `-` in a class must be escaped.
/// assert!(compile("^[a-z-]+$").is_err());
/// assert!(compile(r"^[a-z\-]+$").is_ok());
/// // Lookaround cannot run in linear time.
/// assert!(compile("^(?=a)").unwrap_err().to_string().contains("linear time"));
/// ```
///
/// # Errors
/// What is wrong with `source`, in words: where ECMA-262 (with the `u` or the `v` flag)
/// refuses it, where the two flags read it differently, or what cannot run in linear time.
pub fn compile(source: &str) -> Result<Compiled, PatternError> {
    let program = Program::new(&parse(source)?).map_err(|error| {
        PatternError::new(format!(
            "the pattern is too large or too deeply nested for the linear-time engine ({error}): lower its repeat counts, since `x{{n,m}}` copies `x` up to m times"
        ))
    })?;
    Ok(Compiled {
        source: source.into(),
        program,
    })
}

/// The regex that `source` means, in the syntax the `regex` crates read, with every construct
/// whose meaning differs between dialects spelled out (`\A`, `\z`, classes of code points):
/// for checking the matcher against another engine.
///
/// ```
/// use elicit_grammar::pattern::translate;
///
/// assert_eq!(translate(r"^\d$").unwrap(), r"\A[0-9]\z");
/// assert!(translate("(?=a)").is_err());
/// ```
///
/// # Errors
/// As [`compile`], but for the size of the compiled pattern, which is not checked.
pub fn translate(source: &str) -> Result<String, PatternError> {
    Ok(parse(source)?.to_string())
}

/// The tree of `source`, refused in words where a client would refuse or misread it.
fn parse(source: &str) -> Parsed<Hir> {
    let mut parser = Parser {
        chars: source.chars().collect(),
        pos: 0,
        names: Vec::new(),
        depth: 0,
    };
    let hir = parser.disjunction()?;
    if parser.pos < parser.chars.len() {
        // `disjunction` stops only at the end or at a `)` it did not open.
        return error("unmatched `)`");
    }
    let empty = Empty::of(&hir);
    if empty.inside_pair && !empty.always {
        return error(
            "this pattern can match an empty string with `\\B` as its only condition, and JavaScript engines disagree on where: V8 (Chrome, Node) also finds `\\B` between the two halves of an astral character, ECMA-262 does not; make the match consume a character",
        );
    }
    Ok(hir)
}

/// How deep groups may nest: the parser, the matcher's compiler and the walks over the tree
/// recurse once a level.
const MAX_DEPTH: u32 = 24;

/// ECMA-262 `WhiteSpace` and `LineTerminator`: what `\s` matches.
const SPACE: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];
const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
/// ECMA-262 `LineTerminator`: what `.` does not match.
const LINE_TERMINATOR: &[(u32, u32)] = &[(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)];

/// Characters that, doubled inside a class, are reserved under the `v` flag.
const DOUBLE_PUNCTUATORS: &str = "&!#$%*+,.:;<=>?@^`~";
/// Characters that, escaped inside a class, are valid only under the `v` flag.
const V_ONLY_CLASS_ESCAPES: &str = "&!#%,:;<=>@`~";
/// `SyntaxCharacter`: what may be escaped anywhere (with `/`).
const SYNTAX_CHARACTERS: &str = "^$\\.*+?()[]{}|";

/// How a piece of a pattern can match the empty string.
#[derive(Clone, Copy)]
struct Empty {
    /// At any position, whatever surrounds it.
    always: bool,
    /// Between the two UTF-16 halves of an astral character, where V8 also tries to match
    /// (against ECMA-262) and where `\B` holds and no other assertion does.
    inside_pair: bool,
}

impl Empty {
    const NEVER: Self = Self {
        always: false,
        inside_pair: false,
    };
    const ALWAYS: Self = Self {
        always: true,
        inside_pair: true,
    };

    /// How `hir` can match the empty string.
    fn of(hir: &Hir) -> Self {
        match hir {
            Hir::Class(_) => Self::NEVER,
            Hir::Look(look) => Self {
                always: false,
                inside_pair: *look == Look::NotWordBoundary,
            },
            Hir::Concat(hirs) => hirs
                .iter()
                .fold(Self::ALWAYS, |empty, hir| empty.and(Self::of(hir))),
            Hir::Alternate(branches) => branches
                .iter()
                .fold(Self::NEVER, |empty, hir| empty.or(Self::of(hir))),
            Hir::Repeat { min: 0, .. } => Self::ALWAYS,
            Hir::Repeat { hir, .. } => Self::of(hir),
        }
    }

    fn or(self, other: Self) -> Self {
        Self {
            always: self.always || other.always,
            inside_pair: self.inside_pair || other.inside_pair,
        }
    }

    fn and(self, other: Self) -> Self {
        Self {
            always: self.always && other.always,
            inside_pair: self.inside_pair && other.inside_pair,
        }
    }
}

/// What a class atom or an escape denotes.
enum Atom {
    Char(u32),
    Class(Set),
}

impl Atom {
    fn into_hir(self) -> Hir {
        match self {
            Self::Char(c) => Hir::char(c),
            Self::Class(set) => Hir::class(set),
        }
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    names: Vec<String>,
    depth: u32,
}

type Parsed<T> = Result<T, PatternError>;

fn error<T>(message: impl Into<String>) -> Parsed<T> {
    Err(PatternError::new(message))
}

fn linear_time(what: &str) -> String {
    format!(
        "{what} is not supported: patterns run in linear time, and ECMA-262 {} cannot",
        if what.starts_with("backreference") {
            "backreferences"
        } else {
            "lookaround"
        }
    )
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn looking_at(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.peek_at(i) == Some(c))
    }

    fn disjunction(&mut self) -> Parsed<Hir> {
        let mut branches = vec![self.alternative()?];
        while self.eat('|') {
            branches.push(self.alternative()?);
        }
        Ok(if branches.len() == 1 {
            branches.swap_remove(0)
        } else {
            Hir::Alternate(branches)
        })
    }

    fn alternative(&mut self) -> Parsed<Hir> {
        let mut terms = Vec::new();
        while let Some(c) = self.peek().filter(|&c| c != '|' && c != ')') {
            terms.push(self.term(c)?);
        }
        Ok(Hir::Concat(terms))
    }

    /// The term that starts with `c`, the character at the cursor.
    fn term(&mut self, c: char) -> Parsed<Hir> {
        let start = self.pos;
        // Assertions: never quantifiable with the `u` flag.
        let look = match c {
            '^' => Some(Look::Start),
            '$' => Some(Look::End),
            '\\' if self.peek_at(1) == Some('b') => Some(Look::WordBoundary),
            '\\' if self.peek_at(1) == Some('B') => Some(Look::NotWordBoundary),
            _ => None,
        };
        if let Some(look) = look {
            self.pos += if c == '\\' { 2 } else { 1 };
            if self.quantifier_ahead() {
                let written: String = self.chars[start..self.pos].iter().collect();
                return error(format!(
                    "the assertion `{written}` cannot be repeated (ECMA-262 with the `u` flag)"
                ));
            }
            return Ok(Hir::Look(look));
        }
        let atom = match c {
            '(' => self.group()?,
            '.' => {
                self.pos += 1;
                Hir::class(Set::from_ranges(LINE_TERMINATOR).complement())
            }
            '[' => {
                self.pos += 1;
                Hir::class(self.class()?)
            }
            '\\' => {
                self.pos += 1;
                self.atom_escape()?.into_hir()
            }
            '*' | '+' | '?' => return error(format!("nothing to repeat before `{c}`")),
            '{' => {
                return if self.quantifier_ahead() {
                    error("nothing to repeat before `{`")
                } else {
                    error("a lone `{` is not valid ECMA-262 with the `u` flag: write `\\{`")
                };
            }
            '}' | ']' => {
                return error(format!(
                    "a lone `{c}` is not valid ECMA-262 with the `u` flag: write `\\{c}`"
                ));
            }
            _ => {
                self.pos += 1;
                Hir::char(u32::from(c))
            }
        };
        self.quantifier(atom)
    }

    /// Whether a quantifier starts here (a `{` that does not form one is not a quantifier).
    fn quantifier_ahead(&self) -> bool {
        match self.peek() {
            Some('*' | '+' | '?') => true,
            Some('{') => self.braces().is_some(),
            _ => false,
        }
    }

    /// The `{n}`, `{n,}` or `{n,m}` at the cursor: its bounds and its length.
    fn braces(&self) -> Option<(u64, Option<u64>, usize)> {
        let mut i = self.pos + 1;
        let number = |i: &mut usize| {
            let start = *i;
            let mut value: u64 = 0;
            while let Some(d) = self.chars.get(*i).and_then(|c| c.to_digit(10)) {
                value = value.saturating_mul(10).saturating_add(u64::from(d));
                *i += 1;
            }
            (*i > start).then_some(value)
        };
        let min = number(&mut i)?;
        let max = if self.chars.get(i) == Some(&',') {
            i += 1;
            number(&mut i)
        } else {
            Some(min)
        };
        (self.chars.get(i) == Some(&'}')).then_some((min, max, i + 1 - self.pos))
    }

    /// `atom` with the quantifier after it, if any.
    fn quantifier(&mut self, atom: Hir) -> Parsed<Hir> {
        let (min, max) = match self.peek() {
            Some(c @ ('*' | '+' | '?')) => {
                self.pos += 1;
                (u64::from(c == '+'), (c == '?').then_some(1))
            }
            Some('{') => {
                let Some((min, max, len)) = self.braces() else {
                    return error(
                        "a lone `{` is not valid ECMA-262 with the `u` flag: write `\\{`",
                    );
                };
                if let Some(max) = max
                    && max < min
                {
                    return error(format!(
                        "numbers out of order in the quantifier `{{{min},{max}}}`"
                    ));
                }
                self.pos += len;
                (min, max)
            }
            _ => return Ok(atom),
        };
        // Lazy: the same as greedy for whether a match exists.
        self.eat('?');
        Ok(Hir::Repeat {
            hir: Box::new(atom),
            min,
            max,
        })
    }

    fn group(&mut self) -> Parsed<Hir> {
        self.pos += 1; // `(`
        if self.eat('?') {
            if self.eat(':') {
            } else if self.looking_at("=") {
                return error(linear_time("lookahead `(?=…)`"));
            } else if self.looking_at("!") {
                return error(linear_time("negative lookahead `(?!…)`"));
            } else if self.looking_at("<=") {
                return error(linear_time("lookbehind `(?<=…)`"));
            } else if self.looking_at("<!") {
                return error(linear_time("negative lookbehind `(?<!…)`"));
            } else if self.eat('<') {
                self.group_name()?;
            } else if self.looking_at("P<") {
                return error("`(?P<name>…)` is not ECMA-262 syntax: write `(?<name>…)`");
            } else if self
                .peek()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '-')
            {
                let mut flags = String::from("(?");
                while let Some(c) = self.peek().filter(|c| c.is_ascii_alphabetic() || *c == '-') {
                    flags.push(c);
                    self.pos += 1;
                }
                if let Some(end) = self.peek().filter(|c| matches!(c, ')' | ':')) {
                    flags.push(end);
                }
                return error(format!(
                    "inline flags `{flags}` are not ECMA-262 syntax (JavaScript clients reject them)"
                ));
            } else {
                return error(
                    "invalid group: `(?` must be followed by `:`, `<name>`, or lookaround",
                );
            }
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return error(format!(
                "groups nested more than {MAX_DEPTH} deep are not supported"
            ));
        }
        let hir = self.disjunction()?;
        if !self.eat(')') {
            return error("unterminated group: missing `)`");
        }
        self.depth -= 1;
        Ok(hir)
    }

    /// `name>` after `(?<`.
    fn group_name(&mut self) -> Parsed<()> {
        let mut name = String::new();
        loop {
            match self.peek() {
                None => return error("unterminated group name: missing `>`"),
                Some('>') => {
                    self.pos += 1;
                    break;
                }
                Some(c) => {
                    name.push(c);
                    self.pos += 1;
                }
            }
        }
        let mut chars = name.chars();
        let valid_ascii = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        if !valid_ascii {
            return if name.is_ascii() && !name.contains('\\') {
                error(format!("invalid group name `{name}`"))
            } else {
                error(format!(
                    "group name `{name}`: only ASCII identifiers (letters, digits, `_`, `$`) are supported"
                ))
            };
        }
        if self.names.contains(&name) {
            return error(format!("duplicate group name `{name}`"));
        }
        self.names.push(name);
        Ok(())
    }

    /// After a `\` outside a class.
    fn atom_escape(&mut self) -> Parsed<Atom> {
        let Some(c) = self.peek() else {
            return error("`\\` at end of pattern");
        };
        match c {
            '1'..='9' => {
                let mut digits = String::new();
                while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                    digits.push(d);
                    self.pos += 1;
                }
                error(linear_time(&format!("backreference `\\{digits}`")))
            }
            'k' => {
                if self.peek_at(1) == Some('<') {
                    let end = self.chars[self.pos..].iter().position(|&c| c == '>');
                    let written: String = match end {
                        Some(end) => self.chars[self.pos..=self.pos + end].iter().collect(),
                        None => "k<".into(),
                    };
                    error(linear_time(&format!("backreference `\\{written}`")))
                } else {
                    error("`\\k` must be followed by `<name>` in ECMA-262 with the `u` flag")
                }
            }
            'A' => error("`\\A` is not an ECMA-262 escape: write `^`"),
            'z' | 'Z' => error(format!("`\\{c}` is not an ECMA-262 escape: write `$`")),
            '-' => error("`\\-` is valid ECMA-262 only inside a class: write `-`"),
            _ => self.character_escape(false),
        }
    }

    /// The escapes valid both outside and inside a class (the cursor is after the `\`).
    fn character_escape(&mut self, in_class: bool) -> Parsed<Atom> {
        let Some(c) = self.peek() else {
            return error("`\\` at end of pattern");
        };
        self.pos += 1;
        let class = |ranges: &[(u32, u32)], negated: bool| {
            let set = Set::from_ranges(ranges);
            Ok(Atom::Class(if negated { set.complement() } else { set }))
        };
        match c {
            'd' | 'D' => class(DIGIT, c == 'D'),
            'w' | 'W' => class(WORD, c == 'W'),
            's' | 'S' => class(SPACE, c == 'S'),
            't' => Ok(Atom::Char(0x09)),
            'n' => Ok(Atom::Char(0x0A)),
            'v' => Ok(Atom::Char(0x0B)),
            'f' => Ok(Atom::Char(0x0C)),
            'r' => Ok(Atom::Char(0x0D)),
            'c' => match self.peek() {
                Some(letter) if letter.is_ascii_alphabetic() => {
                    self.pos += 1;
                    Ok(Atom::Char(u32::from(letter) % 32))
                }
                _ => {
                    error("`\\c` must be followed by an ASCII letter in ECMA-262 with the `u` flag")
                }
            },
            '0' => {
                if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    error(
                        "`\\0` followed by a digit is not valid ECMA-262 with the `u` flag (no octal escapes)",
                    )
                } else {
                    Ok(Atom::Char(0))
                }
            }
            'x' => {
                let value = self.hex_digits(2).ok_or_else(|| {
                    PatternError::new(
                        "`\\x` must be followed by two hex digits in ECMA-262 with the `u` flag",
                    )
                })?;
                Ok(Atom::Char(value))
            }
            'u' => self.unicode_escape(),
            'p' | 'P' => {
                if self.peek() == Some('{') {
                    let end = self.chars[self.pos..].iter().position(|&c| c == '}');
                    let name: String = match end {
                        Some(end) => self.chars[self.pos..=self.pos + end].iter().collect(),
                        None => "{…}".into(),
                    };
                    error(format!(
                        "the Unicode property escape `\\{c}{name}` is not supported: the linear-time engine has no Unicode property tables"
                    ))
                } else {
                    error(format!(
                        "`\\{c}` must be followed by `{{property}}` in ECMA-262 with the `u` flag"
                    ))
                }
            }
            'q' if in_class => error(
                "the class string disjunction `\\q{…}` is valid only under the `v` flag (clients using the `u` flag reject it)",
            ),
            c if SYNTAX_CHARACTERS.contains(c) || c == '/' => Ok(Atom::Char(u32::from(c))),
            c => error(format!(
                "`\\{c}` is not an ECMA-262 escape with the `u` flag{}",
                if c.is_ascii_alphanumeric() {
                    ""
                } else {
                    ": write the character without `\\`"
                }
            )),
        }
    }

    fn hex_digits(&mut self, count: usize) -> Option<u32> {
        let mut value = 0;
        for i in 0..count {
            value = value * 16 + self.peek_at(i)?.to_digit(16)?;
        }
        self.pos += count;
        Some(value)
    }

    /// After `\u`.
    fn unicode_escape(&mut self) -> Parsed<Atom> {
        if self.eat('{') {
            let mut value: u32 = 0;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                value = value.saturating_mul(16).saturating_add(d);
                digits += 1;
                self.pos += 1;
            }
            if digits == 0 || !self.eat('}') {
                return error("`\\u{…}` must hold hex digits and end with `}`");
            }
            if value > MAX_CHAR {
                return error("`\\u{…}` is above U+10FFFF");
            }
            return Ok(Atom::Char(value));
        }
        let lead = self.hex_digits(4).ok_or_else(|| {
            PatternError::new("`\\u` must be followed by four hex digits or `{…}`")
        })?;
        // `\uD83D\uDE00`: with the `u` flag a surrogate pair written as two escapes is one
        // code point.
        if (0xD800..=0xDBFF).contains(&lead) && self.looking_at("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(trail) if (0xDC00..=0xDFFF).contains(&trail) => {
                    return Ok(Atom::Char(
                        0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00),
                    ));
                }
                _ => self.pos = save,
            }
        }
        Ok(Atom::Char(lead))
    }

    /// After `[`: the class, as the set of code points it matches.
    fn class(&mut self) -> Parsed<Set> {
        let negated = self.eat('^');
        if negated && self.peek() == Some(']') {
            return error(
                "`[^]` is not supported: Node 20 (V8 11) matches it wrongly under the `v` flag when repeated; write `[\\s\\S]`",
            );
        }
        let mut set = Set::default();
        loop {
            match self.peek() {
                None => return error("unterminated class: missing `]`"),
                Some(']') => {
                    self.pos += 1;
                    break;
                }
                Some(_) => {}
            }
            let first = self.class_atom()?;
            if self.peek() == Some('-') {
                if self.peek_at(1) == Some(']') {
                    return error(
                        "a `-` at the end of a class is invalid under the `v` flag: write `\\-`",
                    );
                }
                self.pos += 1;
                let last = self.class_atom()?;
                let (Atom::Char(lo), Atom::Char(hi)) = (&first, &last) else {
                    return error(
                        "a class escape such as `\\d` cannot bound a range in ECMA-262 with the `u` flag",
                    );
                };
                if lo > hi {
                    return error(format!(
                        "range out of order in class: U+{lo:04X} comes after U+{hi:04X}"
                    ));
                }
                set.add(&Set::from_ranges(&[(*lo, *hi)]));
            } else {
                match first {
                    Atom::Char(c) => set.add(&Set::from_ranges(&[(c, c)])),
                    Atom::Class(class) => set.add(&class),
                }
            }
        }
        Ok(if negated { set.complement() } else { set })
    }

    fn class_atom(&mut self) -> Parsed<Atom> {
        let Some(c) = self.peek() else {
            return error("unterminated class: missing `]`");
        };
        if c == '\\' {
            self.pos += 1;
            return match self.peek() {
                Some('b') => {
                    self.pos += 1;
                    Ok(Atom::Char(0x08))
                }
                Some('-') => {
                    self.pos += 1;
                    Ok(Atom::Char(u32::from('-')))
                }
                Some('B') => error("`\\B` is not valid inside a class"),
                Some(d @ '1'..='9') => error(format!(
                    "`\\{d}` is not valid inside a class in ECMA-262 with the `u` flag"
                )),
                Some('k') => {
                    error("`\\k` is not valid inside a class in ECMA-262 with the `u` flag")
                }
                Some(p) if V_ONLY_CLASS_ESCAPES.contains(p) => error(format!(
                    "`\\{p}` inside a class is valid only under the `v` flag: write `{p}`"
                )),
                _ => self.character_escape(true),
            };
        }
        match c {
            '-' => error(
                "a `-` that does not form a range must be escaped to be valid under the `v` flag: write `\\-`",
            ),
            '[' => error(
                "a `[` inside a class must be escaped to mean the same under the `v` flag (where it opens a nested class): write `\\[`",
            ),
            '(' | ')' | '{' | '}' | '/' | '|' => error(format!(
                "a `{c}` inside a class must be escaped to be valid under the `v` flag: write `\\{c}`"
            )),
            c if DOUBLE_PUNCTUATORS.contains(c) && self.peek_at(1) == Some(c) => error(format!(
                "`{c}{c}` inside a class is reserved under the `v` flag: write `\\{c}{c}` or one `{c}`"
            )),
            c => {
                self.pos += 1;
                Ok(Atom::Char(u32::from(c)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::compile;

    #[test]
    fn semantics() {
        let space = compile(r"^\s$").unwrap();
        for c in ['\u{a0}', '\u{feff}', '\u{2028}', '\u{3000}', '\t', '\u{b}'] {
            assert!(space.is_match(&c.to_string()), "{c:?}");
        }
        assert!(!space.is_match("\u{180e}"));
        assert!(!compile(r"^\S+$").unwrap().is_match("a\u{a0}b"));
        let dot = compile("^.$").unwrap();
        assert!(!dot.is_match("\r"));
        assert!(!dot.is_match("\u{2028}"));
        assert!(dot.is_match("\u{1f600}"));
        assert!(compile(r"^\uD83D\uDE00$").unwrap().is_match("\u{1f600}"));
        assert!(!compile(r"\uD83D").unwrap().is_match("\u{1f600}"));
        assert!(compile(r"^[\s\S]$").unwrap().is_match("\n"));
        assert!(compile(r"\B!").unwrap().is_match("\u{1f600}!"));
        assert!(!compile("a$").unwrap().is_match("a\n"));
    }

    #[test]
    fn refusals() {
        for (source, message) in [
            ("(?i)abc", "inline flags `(?i)`"),
            ("(?x)a", "inline flags `(?x)`"),
            (r"\Aabc\z", "`\\A`"),
            ("[[:alpha:]]", "`[` inside a class"),
            ("^[a-z-]+$", "`-` that does not form a range"),
            (
                "a(?=b)",
                "lookahead `(?=…)` is not supported: patterns run in linear time",
            ),
            (
                "(a)\\1",
                "backreference `\\1` is not supported: patterns run in linear time",
            ),
            (r"\p{L}", "`\\p{L}` is not supported"),
            ("a{2,1}", "out of order"),
            ("a**", "nothing to repeat"),
            ("^*", "cannot be repeated"),
            ("a{", "lone `{`"),
            ("(", "missing `)`"),
            (")", "unmatched"),
            ("[a&&b]", "`&&`"),
            (r"[\&]", "only under the `v` flag"),
            ("(?<a>x)(?<a>y)", "duplicate group name `a`"),
            ("^[^]*$", "`[^]` is not supported"),
            (r"\B", "astral character"),
            (r"x?\B|y", "astral character"),
        ] {
            let error = compile(source).unwrap_err().to_string();
            assert!(error.contains(message), "{source}: {error}");
        }
    }
}
