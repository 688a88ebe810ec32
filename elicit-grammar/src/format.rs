//! The four string formats MCP allows (`email`, `uri`, `date`, `date-time`): their wire names
//! and their grammars, as JSON Schema defines them. A literal `default` the derive accepts at
//! compile time is then exactly one the parser accepts at run time, and the schema writes the
//! names the derive reads.

/// One of the four string `format`s MCP allows: its name on the wire, how an error describes
/// a valid value, and its grammar. This is the one list of formats: the runtime's schema
/// writes and reads it (`elicit_core::schema::StringFormat` is this type) and checks answers
/// with it, and the derive parses `format = "…"` and checks a literal `default` with it.
///
/// A new format is a variant here, its place in [`ALL`](Self::ALL), and an arm in each
/// `match` below (the compiler points at every one) with its grammar.
///
/// ```
/// use elicit_grammar::format::Format;
///
/// assert_eq!(Format::parse("date-time"), Some(Format::DateTime));
/// assert_eq!(Format::DateTime.as_str(), "date-time");
/// assert!(Format::Date.is_valid("2024-02-29"));
/// assert_eq!(Format::parse("phone"), None);
/// ```
///
/// On the wire (feature `serde`, which elicit-core turns on), a format is its name:
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use elicit_grammar::format::Format;
///
/// assert_eq!(serde_json::to_value(Format::DateTime).unwrap(), "date-time");
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `"email"`: an e-mail address (RFC 5321 mailbox).
    Email,
    /// `"uri"`: an absolute URI, with a scheme (RFC 3986).
    Uri,
    /// `"date"`: a calendar date, `YYYY-MM-DD` (RFC 3339 `full-date`).
    Date,
    /// `"date-time"`: an RFC 3339 date-time with an offset.
    DateTime,
}

impl Format {
    /// Every format, in the order the spec lists them.
    ///
    /// ```
    /// use elicit_grammar::format::Format;
    ///
    /// let names: Vec<&str> = Format::ALL.iter().map(|format| format.as_str()).collect();
    /// assert_eq!(names, ["email", "uri", "date", "date-time"]);
    /// ```
    pub const ALL: [Self; 4] = [Self::Email, Self::Uri, Self::Date, Self::DateTime];

    /// The wire names of [`ALL`](Self::ALL), in its order: what an error about an unknown
    /// format lists.
    ///
    /// ```
    /// assert_eq!(elicit_grammar::format::Format::NAMES, ["email", "uri", "date", "date-time"]);
    /// ```
    pub const NAMES: [&'static str; Self::ALL.len()] = {
        let mut names = [""; Self::ALL.len()];
        let mut index = 0;
        while index < names.len() {
            names[index] = Self::ALL[index].as_str();
            index += 1;
        }
        names
    };

    /// The name on the wire (`"email"`, `"uri"`, `"date"`, `"date-time"`).
    ///
    /// ```
    /// assert_eq!(elicit_grammar::format::Format::Uri.as_str(), "uri");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Uri => "uri",
            Self::Date => "date",
            Self::DateTime => "date-time",
        }
    }

    /// The format named `name`, if MCP allows it.
    ///
    /// ```
    /// use elicit_grammar::format::Format;
    /// assert_eq!(Format::parse("email"), Some(Format::Email));
    /// ```
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|format| format.as_str() == name)
    }

    /// The position of this format in [`ALL`](Self::ALL): how generated code names a format
    /// (`ALL[i]`) without a second list of the variants.
    ///
    /// ```
    /// use elicit_grammar::format::Format;
    /// assert_eq!(Format::ALL[Format::Date.index()], Format::Date);
    /// ```
    pub fn index(self) -> usize {
        Self::ALL
            .iter()
            .position(|format| *format == self)
            .unwrap_or_default()
    }

    /// What a valid value is, for error messages ("calendar date (YYYY-MM-DD)").
    ///
    /// ```
    /// assert_eq!(elicit_grammar::format::Format::Email.describe(), "e-mail address");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Self::Email => "e-mail address",
            Self::Uri => "absolute URI with a scheme",
            Self::Date => "calendar date (YYYY-MM-DD)",
            Self::DateTime => "RFC 3339 date-time with an offset",
        }
    }

    /// Whether `text` is a valid value of this format.
    ///
    /// ```
    /// use elicit_grammar::format::Format;
    /// assert!(Format::Email.is_valid("ada@example.com"));
    /// assert!(!Format::Uri.is_valid("no scheme"));
    /// ```
    pub fn is_valid(self, text: &str) -> bool {
        match self {
            Self::Email => is_email(text),
            Self::Uri => is_absolute_uri(text),
            Self::Date => is_date(text),
            Self::DateTime => is_date_time(text),
        }
    }
}

// By hand, so that neither this crate nor elicit-core needs serde's `derive` (and with it
// serde_derive) for one enum.

#[cfg(feature = "serde")]
impl serde_core::Serialize for Format {
    fn serialize<S: serde_core::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde_core::Deserialize<'de> for Format {
    fn deserialize<D: serde_core::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NameVisitor;

        impl serde_core::de::Visitor<'_> for NameVisitor {
            type Value = Format;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string format name")
            }

            fn visit_str<E: serde_core::de::Error>(self, name: &str) -> Result<Format, E> {
                Format::parse(name).ok_or_else(|| E::unknown_variant(name, &Format::NAMES))
            }
        }

        deserializer.deserialize_str(NameVisitor)
    }
}

/// A set of ASCII bytes, as a table: one load per byte checked.
struct ByteSet([bool; 256]);

impl ByteSet {
    const EMPTY: Self = Self([false; 256]);

    /// The letters and digits, and `extra`.
    const fn alphanumeric_and(extra: &[u8]) -> Self {
        Self::EMPTY
            .with(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
            .with(extra)
    }

    /// This set and `bytes`.
    const fn with(self, bytes: &[u8]) -> Self {
        let mut table = self.0;
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = true;
            i += 1;
        }
        Self(table)
    }

    const fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }

    /// Whether every byte of `bytes` is in the set, read eight at a time with no branch
    /// between them: about two instructions a byte.
    #[inline]
    fn contains_all(&self, bytes: &[u8]) -> bool {
        // Folded as bytes: on `bool`s the compiler branches after each byte.
        let every = |octet: &[u8; 8]| {
            octet
                .iter()
                .fold(1, |all, &b| all & u8::from(self.contains(b)))
                != 0
        };
        match bytes.last_chunk::<8>() {
            // The last eight bytes may overlap the octets before them: reading some bytes
            // twice costs less than reading the last few one at a time.
            Some(last) => bytes.as_chunks::<8>().0.iter().all(every) && every(last),
            None => bytes.iter().all(|&b| self.contains(b)),
        }
    }
}

/// RFC 5321 `atext`.
const ATEXT: ByteSet = ByteSet::alphanumeric_and(b"!#$%&'*+-/=?^_`{|}~");
/// What an absolute URI may hold after its scheme, besides `%` escapes and its one `#`.
const URI_CHARS: ByteSet = ByteSet::alphanumeric_and(b"-._~:/?[]@!$&'()*+,;=");
/// What a URI scheme may hold after its first letter.
const SCHEME_CHARS: ByteSet = ByteSet::alphanumeric_and(b"+-.");
/// What a `%` escape holds after the `%`.
const HEX_DIGITS: ByteSet = ByteSet::EMPTY.with(b"0123456789ABCDEFabcdef");

/// A state of an automaton over bytes.
///
/// The validators run on every answer a client sends, so `email` and `uri` are read by
/// automata: each byte costs one table load, which gives the next state, and no branch. A
/// value is valid where the automaton stops in an accepting state.
///
/// The states are an enum of at most eight: a row of the table (the states after one byte)
/// holds eight, so that finding `TABLE[byte][state]` is one address computation, and the
/// compiler knows the index in bounds without a check.
trait State: Copy + Eq + 'static {
    /// The state that every byte keeps: the value is refused, whatever follows.
    const REFUSED: Self;
    /// `TABLE[byte][state]` is the state after `byte`, written out by `transitions!`.
    const TABLE: &'static [[Self; 8]; 256];

    /// The state's place in a row of [`TABLE`](Self::TABLE).
    fn index(self) -> usize;

    /// The state after reading `bytes`, from this one.
    #[inline]
    fn run(self, bytes: &[u8]) -> Self {
        let mut state = self;
        // Four bytes a round, with no branch between them; a value already refused stops
        // there rather than be read to its end.
        let (quads, tail) = bytes.as_chunks::<4>();
        for quad in quads {
            for &b in quad {
                state = Self::TABLE[usize::from(b)][state.index()];
            }
            if state == Self::REFUSED {
                return state;
            }
        }
        for &b in tail {
            state = Self::TABLE[usize::from(b)][state.index()];
        }
        state
    }
}

/// The [`State::TABLE`] of an enum of states with `ALL` (every state) and
/// `const fn step(self, byte: u8) -> Self` (the state after `byte`): `step` written out for
/// every byte and state, at compile time.
macro_rules! transitions {
    ($state:ty) => {
        &{
            let mut table = [[<$state as State>::REFUSED; 8]; 256];
            let mut b = 0;
            while b < 256 {
                let mut s = 0;
                while s < <$state>::ALL.len() {
                    let state = <$state>::ALL[s];
                    // `b < 256`, so the cast is exact.
                    #[allow(clippy::cast_possible_truncation)]
                    let byte = b as u8;
                    table[b][state as usize] = state.step(byte);
                    s += 1;
                }
                b += 1;
            }
            table
        }
    };
}

/// An RFC 5321 `Mailbox`: a dot-atom or quoted local part, `@`, and a host name or an
/// address literal.
///
/// ```
/// assert!(elicit_grammar::format::is_email("ada@example.com"));
/// assert!(!elicit_grammar::format::is_email("ada"));
/// ```
pub fn is_email(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() > Mailbox::UNLIMITED {
        return is_any_mailbox(text);
    }
    // A short mailbox breaks no length limit, and the automaton reads the common form,
    // `dot-atom@host-name`; any other valid one has a quoted local part or an address literal.
    Mailbox::AtomStart.run(bytes) == Mailbox::Label
        || ((bytes.first() == Some(&b'"') || bytes.last() == Some(&b']')) && is_any_mailbox(text))
}

/// Where an automaton reading a mailbox `dot-atom@host-name` stands after a byte.
///
/// It knows no length limit, nor quoted local parts or address literals, which
/// [`is_any_mailbox`] reads. Started at [`LabelStart`](Self::LabelStart), it reads a host
/// name.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Mailbox {
    /// Where an atom of the local part must start: first, and after a dot.
    AtomStart,
    /// In an atom (where the local part may end).
    Atom,
    /// Where a label of the host name must start: after the `@`, and after a dot.
    LabelStart,
    /// In a label, after a letter or digit (where the host name may end).
    Label,
    /// In a label, after a hyphen.
    Hyphen,
    /// Not a mailbox of this form, whatever follows.
    Refused,
}

impl Mailbox {
    const ALL: [Self; 6] = [
        Self::AtomStart,
        Self::Atom,
        Self::LabelStart,
        Self::Label,
        Self::Hyphen,
        Self::Refused,
    ];

    /// The longest mailbox that cannot break a length limit: a local part may have 64 bytes,
    /// a host name 253 and a label 63, and each is shorter than the mailbox by at least the
    /// `@` and one byte.
    const UNLIMITED: usize = 65;

    const fn step(self, b: u8) -> Self {
        match self {
            Self::AtomStart | Self::Atom if ATEXT.contains(b) => Self::Atom,
            Self::Atom if b == b'.' => Self::AtomStart,
            Self::Atom if b == b'@' => Self::LabelStart,
            Self::LabelStart | Self::Label | Self::Hyphen if b.is_ascii_alphanumeric() => {
                Self::Label
            }
            // A hyphen inside a label: not first, and (see `Hyphen`) not last.
            Self::Label | Self::Hyphen if b == b'-' => Self::Hyphen,
            Self::Label if b == b'.' => Self::LabelStart,
            _ => Self::Refused,
        }
    }
}

impl State for Mailbox {
    const REFUSED: Self = Self::Refused;
    const TABLE: &'static [[Self; 8]; 256] = transitions!(Self);

    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// Whether a host name's length and its labels' keep within the limits.
fn is_host_name_short(host: &[u8]) -> bool {
    // No label is longer than the host name.
    host.len() <= 63
        || (host.len() <= 253 && host.split(|&b| b == b'.').all(|label| label.len() <= 63))
}

/// Any mailbox, of any length: the domain follows the last `@`, since a quoted local part
/// may hold one.
#[inline(never)]
fn is_any_mailbox(text: &str) -> bool {
    let Some(at) = text.bytes().rposition(|b| b == b'@') else {
        return false;
    };
    // `@` is ASCII, so both sides are `str`s.
    is_local_part(&text.as_bytes()[..at]) && is_mail_domain(&text[at + 1..])
}

fn is_local_part(local: &[u8]) -> bool {
    if local.is_empty() || local.len() > 64 {
        return false;
    }
    if let [b'"', inner @ .., b'"'] = local {
        return is_quoted_content(inner);
    }
    Mailbox::AtomStart.run(local) == Mailbox::Atom
}

fn is_quoted_content(inner: &[u8]) -> bool {
    let mut bytes = inner.iter();
    while let Some(&b) = bytes.next() {
        match b {
            b'\\' => match bytes.next() {
                Some(b' '..=b'~') => {}
                _ => return false,
            },
            b'"' => return false,
            b' '..=b'~' => {}
            _ => return false,
        }
    }
    true
}

fn is_mail_domain(domain: &str) -> bool {
    // Between two ASCII brackets, the literal is a `str` too.
    if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        return match literal.strip_prefix("IPv6:") {
            Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
            None => literal.parse::<std::net::Ipv4Addr>().is_ok(),
        };
    }
    // An RFC 1123 host name: labels of letters, digits and inner hyphens joined by dots.
    let domain = domain.as_bytes();
    Mailbox::LabelStart.run(domain) == Mailbox::Label && is_host_name_short(domain)
}

/// An RFC 3986 absolute `URI`: a scheme, `:`, then only characters a URI may hold, with
/// every `%` starting a two-digit escape and at most one `#`.
///
/// ```
/// assert!(elicit_grammar::format::is_absolute_uri("https://example.com/a"));
/// assert!(!elicit_grammar::format::is_absolute_uri("/relative"));
/// ```
pub fn is_absolute_uri(text: &str) -> bool {
    // The scheme's first letter; the automaton reads the rest.
    match text.as_bytes().split_first() {
        Some((first, rest)) if first.is_ascii_alphabetic() => is_uri_after_first(rest),
        _ => false,
    }
}

/// [`is_absolute_uri`] after the first letter. Apart, so that a value refused at its first
/// byte costs only that test.
#[inline(never)]
fn is_uri_after_first(rest: &[u8]) -> bool {
    // The first eight bytes usually hold the scheme and its `:`. Past them, most URIs have
    // only plain characters, with no escape and no `#`, which one pass checks with fewer
    // instructions than the automaton spends.
    let state = match rest.split_first_chunk::<8>() {
        Some((head, tail)) => match Uri::Scheme.run(head) {
            Uri::Rest if URI_CHARS.contains_all(tail) => return true,
            Uri::Refused => return false,
            state => state.run(tail),
        },
        None => Uri::Scheme.run(rest),
    };
    matches!(state, Uri::Rest | Uri::Fragment)
}

/// Where an automaton reading an absolute URI stands after a byte, its first letter read.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Uri {
    /// In the scheme, up to the first `:`.
    Scheme,
    /// After the scheme, outside escapes and before any `#` (where the URI may end).
    Rest,
    /// After a `%`.
    Escape,
    /// After a `%` and one hex digit.
    EscapeDigit,
    /// After the `#` (where the URI may end).
    Fragment,
    /// After a `%` in the fragment.
    FragmentEscape,
    /// After a `%` and one hex digit in the fragment.
    FragmentEscapeDigit,
    /// Not a URI, whatever follows.
    Refused,
}

impl Uri {
    const ALL: [Self; 8] = [
        Self::Scheme,
        Self::Rest,
        Self::Escape,
        Self::EscapeDigit,
        Self::Fragment,
        Self::FragmentEscape,
        Self::FragmentEscapeDigit,
        Self::Refused,
    ];

    const fn step(self, b: u8) -> Self {
        match self {
            Self::Scheme if SCHEME_CHARS.contains(b) => Self::Scheme,
            Self::Scheme if b == b':' => Self::Rest,
            Self::Rest | Self::Fragment if URI_CHARS.contains(b) => self,
            Self::Rest if b == b'%' => Self::Escape,
            Self::Rest if b == b'#' => Self::Fragment,
            Self::Escape if HEX_DIGITS.contains(b) => Self::EscapeDigit,
            Self::EscapeDigit if HEX_DIGITS.contains(b) => Self::Rest,
            Self::Fragment if b == b'%' => Self::FragmentEscape,
            Self::FragmentEscape if HEX_DIGITS.contains(b) => Self::FragmentEscapeDigit,
            Self::FragmentEscapeDigit if HEX_DIGITS.contains(b) => Self::Fragment,
            _ => Self::Refused,
        }
    }
}

impl State for Uri {
    const REFUSED: Self = Self::Refused;
    const TABLE: &'static [[Self; 8]; 256] = transitions!(Self);

    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// RFC 3339 `full-date`: `YYYY-MM-DD`, a day that exists in that month of that year.
///
/// ```
/// assert!(elicit_grammar::format::is_date("2024-02-29"));
/// assert!(!elicit_grammar::format::is_date("2023-02-29"));
/// ```
pub fn is_date(text: &str) -> bool {
    text.as_bytes().try_into().is_ok_and(is_full_date)
}

/// Eight bytes of fixed layout, such as `hh:mm:ss`, read at once as one `u64`: in the
/// template, `0` stands for any ASCII digit and every other byte for itself.
///
/// The dates and times of RFC 3339 are such layouts, and a byte-by-byte reading of one spends
/// most of its work on tests and branches; this reads all eight bytes with a few
/// arithmetic operations.
struct Template {
    /// The template's bytes, the first lowest.
    bytes: u64,
    /// For each byte, what added to it sets its top bit exactly where it is out of range.
    limits: u64,
}

impl Template {
    const fn new(template: [u8; 8]) -> Self {
        let mut limits = [0; 8];
        let mut i = 0;
        while i < 8 {
            // XORed with the template, a digit becomes its value (up to 9), a literal 0:
            // adding 0x76 takes 10 and more to 0x80 and more, adding 0x7F takes 1 and more.
            limits[i] = if template[i] == b'0' {
                0x80 - 10
            } else {
                0x80 - 1
            };
            i += 1;
        }
        Self {
            bytes: u64::from_le_bytes(template),
            limits: u64::from_le_bytes(limits),
        }
    }

    /// If `text` fits the template, its two-digit numbers, each at the position of its first
    /// digit (`[hh, _, _, mm, _, _, ss, _]` for `hh:mm:ss`).
    #[inline]
    fn read(&self, text: [u8; 8]) -> Option<[u8; 8]> {
        const TOP_BITS: u64 = 0x8080_8080_8080_8080;
        let values = u64::from_le_bytes(text) ^ self.bytes;
        // A byte of 0x80 or more is refused by `values` itself; every other stays below
        // 0x100 when its limit is added, so no carry spoils the next byte's test.
        if (values | values.wrapping_add(self.limits)) & TOP_BITS != 0 {
            return None;
        }
        // Each byte becomes ten times itself plus the next byte's value: at a field's first
        // digit, the field's number. Every byte is at most 9, so none passes 99 and carries.
        Some((values * 10 + (values >> 8)).to_le_bytes())
    }
}

/// The number two ASCII digits write, if both are digits.
#[inline]
fn two_digits(tens: u8, ones: u8) -> Option<u8> {
    // A byte below `'0'` wraps to 246 or more, so one comparison bounds each digit.
    let (tens, ones) = (tens.wrapping_sub(b'0'), ones.wrapping_sub(b'0'));
    // `then`, not `then_some`: the sum is computed only for digits (it overflows for others).
    (tens < 10 && ones < 10).then(|| tens * 10 + ones)
}

fn is_full_date(date: &[u8; 10]) -> bool {
    /// `YYYYMMDD`: the date's digits, without their dashes.
    const DIGITS: Template = Template::new(*b"00000000");
    /// The days of each month of a common year, by the month's number, and 0 for any other
    /// number up to 255: one load, with no bounds check, answers both questions.
    const DAYS_IN_MONTH: [u8; 256] = {
        let mut days = [0; 256];
        let common_year = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        let mut month = 0;
        while month < 12 {
            days[month + 1] = common_year[month];
            month += 1;
        }
        days
    };
    let [c1, c2, y1, y2, b'-', m1, m2, b'-', d1, d2] = *date else {
        return false;
    };
    // The year as its century and its year in the century: the leap-year rule reads them.
    let Some([century, _, year_of_century, _, month, _, day, _]) =
        DIGITS.read([c1, c2, y1, y2, m1, m2, d1, d2])
    else {
        return false;
    };
    // Day 0 wraps to 255, past any month.
    if day.wrapping_sub(1) < DAYS_IN_MONTH[usize::from(month)] {
        return true;
    }
    // 29 February: every fourth year, but of the century years only every fourth century.
    let leap = if year_of_century == 0 {
        century % 4 == 0
    } else {
        year_of_century % 4 == 0
    };
    month == 2 && day == 29 && leap
}

/// RFC 3339 `date-time`: `full-date T partial-time offset`, `T` and `Z` in either case.
/// A leap second (`:60`) is valid only where it falls at 23:59:60 UTC.
///
/// ```
/// assert!(elicit_grammar::format::is_date_time("2024-02-29T12:00:00Z"));
/// assert!(!elicit_grammar::format::is_date_time("2024-02-29"));
/// ```
pub fn is_date_time(text: &str) -> bool {
    const TIME: Template = Template::new(*b"00:00:00");
    // The shortest is `YYYY-MM-DDThh:mm:ssZ`.
    if text.len() < 20 {
        return false;
    }
    let Some((date, [b'T' | b't', rest @ ..])) = text.as_bytes().split_first_chunk::<10>() else {
        return false;
    };
    let Some((&time, rest)) = rest.split_first_chunk::<8>() else {
        return false;
    };
    let Some([hour, _, _, minute, _, _, second, _]) = TIME.read(time) else {
        return false;
    };
    if hour > 23 || minute > 59 || second > 60 || !is_full_date(date) {
        return false;
    }
    let mut rest = rest;
    if let [b'.', fraction @ ..] = rest {
        let count = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if count == 0 {
            return false;
        }
        rest = &fraction[count..];
    }
    let offset_minutes: i32 = match *rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (Some(hours), Some(minutes)) = (two_digits(h1, h2), two_digits(m1, m2)) else {
                return false;
            };
            if hours > 23 || minutes > 59 {
                return false;
            }
            let minutes = i32::from(hours) * 60 + i32::from(minutes);
            if sign == b'-' { -minutes } else { minutes }
        }
        _ => return false,
    };
    if second == 60 {
        let local_minute = i32::from(hour) * 60 + i32::from(minute);
        return (local_minute - offset_minutes).rem_euclid(24 * 60) == 23 * 60 + 59;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_of_letters_where_digits_go_is_refused_without_overflow() {
        // Each two-digit field is read only once both bytes are digits: a letter well past
        // `'9'` (26 or more above `'0'`) would overflow the sum in a debug build.
        for text in [
            "2024-ZZ-10",
            "2024-02-zz",
            "2024-02-29TZZ:30:00Z",
            "2024-02-29T12:zz:00Z",
            "2024-02-29T12:30:00+ZZ:00",
        ] {
            assert!(!Format::Date.is_valid(text), "{text}");
            assert!(!Format::DateTime.is_valid(text), "{text}");
        }
        for tens in 0..=u8::MAX {
            assert_eq!(two_digits(tens, b'0').is_some(), tens.is_ascii_digit());
        }
    }

    #[test]
    fn names_are_written_and_read_both_ways() {
        for (index, format) in Format::ALL.into_iter().enumerate() {
            assert_eq!(format.index(), index);
            assert_eq!(Format::parse(format.as_str()), Some(format));
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn on_the_wire_a_format_is_its_name() {
        for format in Format::ALL {
            let json = serde_json::to_value(format).unwrap();
            assert_eq!(json, format.as_str());
            assert_eq!(serde_json::from_value::<Format>(json).unwrap(), format);
        }
        let unknown = serde_json::from_value::<Format>(serde_json::json!("ipv4")).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown variant `ipv4`, expected one of `email`, `uri`, `date`, `date-time`"
        );
        assert!(serde_json::from_value::<Format>(serde_json::json!(4)).is_err());
    }

    #[test]
    fn emails() {
        for good in [
            "joe@example.com",
            "a.b+c@sub.example.org",
            "\"john doe\"@example.com",
            "user@localhost",
            "x@[127.0.0.1]",
            "x@[IPv6:::1]",
            "a@b--c.d",
            // A quoted local part may be empty and may hold an `@`: the domain follows the
            // last one.
            "\"\"@example.com",
            "\"a@b\"@example.com",
            "\"a\\\"b\"@example.com",
            "\"a b\"@[127.0.0.1]",
        ] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "",
            "joe",
            "@example.com",
            "joe@",
            "joe@@example.com",
            ".joe@example.com",
            "jo..e@example.com",
            "joe.@example.com",
            "joe@-example.com",
            "joe@example..com",
            "jo e@example.com",
            "jöe@example.com",
            "joe@[300.0.0.1]",
            "a@b-.c",
            "a@b.-c",
            "a@b-",
            "a@b.c.",
            "a@exämple.com",
            "\"a\"@b@example.com",
            "\"jö\"@example.com",
            "x@[]",
            "x@[IPv6:::1",
            "x@[IPv4:127.0.0.1]",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    /// Up to 65 bytes, a mailbox cannot break a length limit and only the automaton reads
    /// it; past that, the limits are checked. Both sides of each limit, on both sides of 65.
    #[test]
    fn email_length_limits() {
        let label = |n: usize| "b".repeat(n);
        // A label of 63 bytes, in a mailbox of 65, and of 64 in one of 66.
        assert!(is_email(&format!("a@{}", label(63))));
        assert!(!is_email(&format!("a@{}", label(64))));
        assert!(is_email(&format!("a@{}.c", label(63))));
        assert!(!is_email(&format!("a@{}.c", label(64))));
        // A local part of 64 bytes, and of 65.
        assert!(is_email(&format!("{}@b", "a".repeat(64))));
        assert!(!is_email(&format!("{}@b", "a".repeat(65))));
        assert!(is_email(&format!("\"{}\"@b", "a".repeat(62))));
        assert!(!is_email(&format!("\"{}\"@b", "a".repeat(63))));
        // A host name of 253 bytes, and of 254.
        let host =
            |last: usize| format!("{}.{}.{}.{}", label(63), label(63), label(63), label(last));
        assert!(is_email(&format!("a@{}", host(61))));
        assert!(!is_email(&format!("a@{}", host(62))));
    }

    #[test]
    fn uris() {
        for good in [
            "https://example.com/a?b=c#d",
            "mailto:joe@example.com",
            "urn:isbn:0451450523",
            "http://[::1]:8080/",
            "https://example.com/%20",
            "mailto:",
            "https://example.com/path/%41",
            "https://example.com/a#b%2f%2F",
            // Eight bytes after the first letter are read first: a scheme longer than that,
            // a `:` at the eighth byte, an escape and a fragment across the boundary.
            "abcdefghijk:x",
            "abcdefgh:x",
            "ab:cdef%41",
            "ab:cde#%41",
        ] {
            assert!(is_absolute_uri(good), "{good}");
        }
        for bad in [
            "",
            "example.com",
            "/relative/path",
            "1http://x",
            "https://exa mple.com",
            "https://example.com/%zz",
            "https://example.com/%2",
            "https://example.com/#a#b",
            "https://exämple.com",
            "abcdefghijklmnop",
            "ab:cdef%4g",
            "ab:cdefg%",
            "ab:c#defgh#i",
            "https://example.com/path/%4",
            "https://example.com/path/x y",
            "https://example.com/%G0",
        ] {
            assert!(!is_absolute_uri(bad), "{bad}");
        }
    }

    #[test]
    fn dates() {
        for good in [
            "2024-02-29",
            "2000-02-29",
            "2023-12-31",
            "0001-01-01",
            // Years divisible by 400 are leap years, year 0 included.
            "0000-02-29",
            "1600-02-29",
            "2400-02-29",
            "2023-02-28",
        ] {
            assert!(is_date(good), "{good}");
        }
        for bad in [
            "2023-02-29",
            "1900-02-29",
            "2023-04-31",
            "2023-13-01",
            "2023-00-10",
            "2023-1-01",
            "2023/01/01",
            "20230101",
            "2023-01-01T00:00:00Z",
            "1700-02-29",
            "1800-02-29",
            "2100-02-29",
            "2023-01-00",
            "2023-12-32",
            "2023-00-00",
            // The bytes next to the digits, and a byte past ASCII, where a digit should be.
            "2023-0:-01",
            "2023-/1-01",
            "20é-01-01",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }

    #[test]
    fn date_times() {
        for good in [
            "2024-02-29T12:30:00Z",
            "2024-02-29t12:30:00z",
            "2024-01-01T00:00:00.123+05:30",
            "2016-12-31T23:59:60Z",
            "2016-12-31T15:59:60-08:00",
            // A leap second is 23:59:60 in UTC, which an offset may move past midnight.
            "2016-12-31T00:29:60+00:30",
            "2016-12-31T23:59:60.999Z",
            "2024-01-01T12:00:00+23:59",
            "2024-01-01T12:00:00.00000000000000000001Z",
        ] {
            assert!(is_date_time(good), "{good}");
        }
        for bad in [
            "2024-01-01T24:00:00Z",
            "2024-01-01T12:60:00Z",
            "2024-01-01T12:00:00",
            "2024-01-01 12:00:00Z",
            "2024-01-01T12:00:00+25:00",
            "2024-01-01T12:00:00.Z",
            "2023-02-29T12:00:00Z",
            "2016-12-31T22:59:60Z",
            "2024-01-01T12:00Z",
            "2016-12-31T23:59:60+00:01",
            "2024-01-01T12:00:00+24:00",
            "2024-01-01T12:00:00-00:60",
            "2024-01-01T12:0/:00Z",
            "2024-01-01T12:00:0:Z",
        ] {
            assert!(!is_date_time(bad), "{bad}");
        }
    }
}
