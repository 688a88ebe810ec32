//! The answers to each form: valid ones, each bound exactly and one past it, wrong JSON
//! types, `null`, missing and unknown keys, and the departures (`Divergence`) marked.

use serde_json::{Map, Value, json};

use super::divergence::Divergence;

pub(crate) struct Answer {
    pub(crate) what: String,
    pub(crate) content: Value,
    /// Where, and how, `from_content` departs from the schema's letter on this answer.
    pub(crate) divergence: Option<(Divergence, &'static str)>,
}

/// Answers to one form: whole answers, and answers that change one field of a base answer.
struct Answers {
    base: Value,
    list: Vec<Answer>,
}

impl Answers {
    fn new(base: Value) -> Self {
        let mut answers = Answers {
            base: base.clone(),
            list: Vec::new(),
        };
        answers.whole("the base answer", base);
        answers
    }

    fn push(
        &mut self,
        what: String,
        content: Value,
        divergence: Option<(Divergence, &'static str)>,
    ) -> &mut Self {
        self.list.push(Answer {
            what,
            content,
            divergence,
        });
        self
    }

    /// The base answer, changed by `edit`.
    fn edited(&self, edit: impl FnOnce(&mut Map<String, Value>)) -> Value {
        let mut content = self.base.clone();
        edit(
            content
                .as_object_mut()
                .expect("the base answer is an object"),
        );
        content
    }

    fn whole(&mut self, what: &str, content: Value) -> &mut Self {
        self.push(what.to_owned(), content, None)
    }

    /// The base answer with `field` set to each value.
    fn set(&mut self, field: &'static str, values: Vec<(&str, Value)>) -> &mut Self {
        self.each(field, values, None)
    }

    /// The base answer with `field` set to each value, each breaking `field`'s format.
    fn bad_format(&mut self, field: &'static str, values: Vec<(&str, Value)>) -> &mut Self {
        self.diverge(Divergence::Format, field, values)
    }

    /// The base answer with `field` set to each value, on which `from_content` departs from
    /// the schema's letter as `divergence` says.
    fn diverge(
        &mut self,
        divergence: Divergence,
        field: &'static str,
        values: Vec<(&str, Value)>,
    ) -> &mut Self {
        self.each(field, values, Some(divergence))
    }

    fn each(
        &mut self,
        field: &'static str,
        values: Vec<(&str, Value)>,
        divergence: Option<Divergence>,
    ) -> &mut Self {
        for (what, value) in values {
            let content = self.edited(|object| {
                object.insert(field.to_owned(), value);
            });
            let what = match divergence {
                Some(divergence) => format!("{field}: {what} ({})", divergence.name()),
                None => format!("{field}: {what}"),
            };
            self.push(
                what,
                content,
                divergence.map(|divergence| (divergence, field)),
            );
        }
        self
    }

    /// The base answer with `null` for `field`, which `from_content` reads as absent.
    fn null_is_absent(&mut self, field: &'static str) -> &mut Self {
        self.diverge(Divergence::NullIsAbsent, field, vec![("null", Value::Null)])
    }

    /// The base answer with every key of `fields` set.
    fn merged(&self, fields: &Value) -> Value {
        self.edited(|object| {
            for (key, value) in fields.as_object().expect("an object") {
                object.insert(key.clone(), value.clone());
            }
        })
    }

    /// The base answer with every key of `fields` set, as a whole answer.
    fn merge(&mut self, what: &str, fields: &Value) -> &mut Self {
        let content = self.merged(fields);
        self.whole(what, content)
    }

    /// A whole answer on which `from_content` departs from the schema's letter as
    /// `divergence` says, on `field` (which the answer need not contain).
    fn diverge_whole(
        &mut self,
        divergence: Divergence,
        field: &'static str,
        what: &str,
        content: Value,
    ) -> &mut Self {
        let what = format!("{what} ({})", divergence.name());
        self.push(what, content, Some((divergence, field)))
    }

    /// The base answer without `field`.
    fn without(&mut self, field: &str) -> &mut Self {
        let content = self.edited(|object| {
            object.remove(field);
        });
        self.push(format!("{field}: missing"), content, None)
    }

    /// The base answer with an extra key.
    fn extra(&mut self, key: &str, value: Value) -> &mut Self {
        let content = self.edited(|object| {
            object.insert(key.to_owned(), value);
        });
        self.push(format!("unknown key {key:?}"), content, None)
    }
}

/// A value of every JSON type but strings (and `null`, which is tried on its own).
fn not_strings() -> Vec<(&'static str, Value)> {
    vec![
        ("an integer", json!(5)),
        ("a float", json!(4.5)),
        ("true", json!(true)),
        ("an array", json!(["a"])),
        ("an object", json!({"a": "b"})),
    ]
}

/// A value of every JSON type but numbers.
fn not_numbers() -> Vec<(&'static str, Value)> {
    vec![
        ("a numeric string", json!("5")),
        ("true", json!(true)),
        ("an array", json!([1])),
        ("an object", json!({"value": 1})),
    ]
}

/// 2^53 − 1, I-JSON's largest exact integer: the 64-bit types' default bound.
const I_JSON_MAX: i64 = (1 << 53) - 1;

#[allow(clippy::too_many_lines)]
pub(crate) fn strings() -> Vec<Answer> {
    let mut a = Answers::new(json!({"plain": "hello", "short": "abc"}));
    a.whole(
        "every field",
        json!({"plain": "p", "short": "ab", "nonempty": "x", "tiny": "abc", "code": "abc-12",
               "hasDigit": "a1", "digits": "0123", "initials": "ABC", "tag": "abcd"}),
    )
    .whole("nothing", json!({}))
    .whole("only plain", json!({"plain": "hello"}))
    .whole("only short", json!({"short": "abc"}))
    .set(
        "plain",
        vec![
            ("empty", json!("")),
            ("an astral character", json!("😀")),
            ("NUL inside", json!("a\u{0}b")),
            ("1000 characters", json!("x".repeat(1000))),
            ("null", Value::Null),
        ],
    )
    .set("plain", not_strings())
    .without("plain")
    .set(
        "short",
        vec![
            ("at minLength", json!("ab")),
            ("one below minLength", json!("a")),
            ("empty", json!("")),
            ("at maxLength", json!("abcde")),
            ("one past maxLength", json!("abcdef")),
            ("1 astral character (2 UTF-16 units)", json!("😀")),
            ("2 astral characters (4 UTF-16 units)", json!("😀😀")),
            ("5 astral characters (10 UTF-16 units)", json!("😀😀😀😀😀")),
            ("6 astral characters", json!("😀😀😀😀😀😀")),
            ("e + combining acute: 2 scalars", json!("e\u{301}")),
            ("precomposed é: 1 scalar", json!("é")),
            ("family emoji: 5 scalars", json!("👨‍👩‍👧")),
            ("family of four: 7 scalars", json!("👨‍👩‍👧‍👦")),
            ("5 CJK characters (15 bytes)", json!("日本語文字")),
            ("2 NULs", json!("\u{0}\u{0}")),
            ("null", Value::Null),
        ],
    )
    .set("short", not_strings())
    .without("short")
    .set(
        "nonempty",
        vec![
            ("one character", json!("x")),
            ("empty", json!("")),
            ("an astral character", json!("😀")),
            ("a number", json!(0)),
        ],
    )
    .set(
        "tiny",
        vec![
            ("empty", json!("")),
            ("at maxLength", json!("abc")),
            ("one past maxLength", json!("abcd")),
            ("3 astral characters (6 UTF-16 units)", json!("😀😀😀")),
            ("4 astral characters", json!("😀😀😀😀")),
            ("a number", json!(3)),
        ],
    )
    .set(
        "code",
        vec![
            ("matching", json!("abc-12")),
            ("one digit too many", json!("abc-123")),
            ("a leading character", json!("xabc-12")),
            ("upper case", json!("ABC-12")),
            ("empty", json!("")),
            ("a number", json!(12)),
        ],
    )
    .set(
        "hasDigit",
        vec![
            ("a digit inside (unanchored)", json!("a1b")),
            ("only a digit", json!("9")),
            ("no digit", json!("abc")),
            ("empty", json!("")),
            ("a digit after an astral character", json!("😀7")),
            ("a number", json!(7)),
        ],
    )
    .set(
        "digits",
        vec![
            ("ASCII digits", json!("0123")),
            ("a letter", json!("12a")),
            ("empty", json!("")),
            ("a number", json!(123)),
        ],
    )
    .set(
        "initials",
        vec![
            ("at minLength", json!("AB")),
            ("at maxLength", json!("ABC")),
            ("one past maxLength", json!("ABCD")),
            ("one below minLength", json!("A")),
            ("lower case", json!("ab")),
            ("a digit", json!("A1")),
            ("true", json!(true)),
        ],
    )
    .set(
        "tag",
        vec![
            ("empty", json!("")),
            ("at maxLength", json!("abcd")),
            ("one past maxLength", json!("abcde")),
            ("the default", json!("none")),
            ("an integer", json!(4)),
        ],
    )
    .without("tag")
    .extra("unknown", json!(1))
    .extra("PLAIN", json!(5))
    .extra("nested", json!({"deeper": [1, {"x": null}]}));
    a.null_is_absent("nonempty")
        .null_is_absent("tiny")
        .diverge(
            Divergence::NotEcma,
            "code",
            vec![("matching, then a final newline", json!("abc-12\n"))],
        )
        .diverge(
            Divergence::NotEcma,
            "digits",
            vec![
                ("digits, then a final newline", json!("123\n")),
                ("Arabic-Indic digits", json!("\u{661}\u{662}\u{663}")),
            ],
        );
    a.list
}

pub(crate) fn formats() -> Vec<Answer> {
    let mut a = Answers::new(json!({"email": "ada@example.com"}));
    a.whole(
        "every field",
        json!({"email": "joe@example.com", "site": "https://example.com/", "day": "2024-02-29",
               "at": "2024-02-29T12:30:00Z", "shortLink": "https://a.example/x", "start": "2000-01-01"}),
    )
    .whole("nothing", json!({}))
    .set(
        "email",
        vec![
            ("plain", json!("joe@example.com")),
            ("quoted local part", json!("\"joe doe\"@example.com")),
            ("address literal", json!("joe@[127.0.0.1]")),
            ("null", Value::Null),
        ],
    )
    .set("email", not_strings())
    .without("email")
    .bad_format(
        "email",
        vec![
            ("no @", json!("joe.example.com")),
            ("two @", json!("joe@@example.com")),
            ("empty local part", json!("@example.com")),
            ("empty", json!("")),
            ("double dot", json!("jo..e@example.com")),
            ("non-ASCII local part", json!("jöe@example.com")),
        ],
    )
    .set(
        "site",
        vec![
            ("https with query and fragment", json!("https://example.com/a?b=c#d")),
            ("urn", json!("urn:isbn:0451450523")),
            ("mailto", json!("mailto:joe@example.com")),
            ("a number", json!(80)),
        ],
    )
    .bad_format(
        "site",
        vec![
            ("relative reference", json!("/a/b")),
            ("no scheme", json!("example.com")),
            ("a space", json!("https://exa mple.com")),
            ("bad percent escape", json!("https://x/%zz")),
            ("two fragments", json!("https://x/#a#b")),
            ("empty", json!("")),
        ],
    )
    .set(
        "day",
        vec![
            ("29 Feb in a leap year", json!("2024-02-29")),
            ("29 Feb 2000", json!("2000-02-29")),
            ("an integer", json!(20_240_229)),
        ],
    )
    .bad_format(
        "day",
        vec![
            ("29 Feb 1900", json!("1900-02-29")),
            ("29 Feb 2023", json!("2023-02-29")),
            ("31 April", json!("2023-04-31")),
            ("month 13", json!("2023-13-01")),
            ("one-digit month", json!("2023-1-01")),
            ("a date-time", json!("2023-01-01T00:00:00Z")),
        ],
    )
    .set(
        "at",
        vec![
            ("UTC", json!("2024-02-29T12:30:00Z")),
            ("lower-case t and z", json!("2024-02-29t12:30:00z")),
            ("offset and fraction", json!("2024-01-01T00:00:00.123+05:30")),
            ("leap second", json!("2016-12-31T23:59:60Z")),
            ("an array", json!(["2024-02-29T12:30:00Z"])),
        ],
    )
    .bad_format(
        "at",
        vec![
            ("24:00:00", json!("2024-01-01T24:00:00Z")),
            ("no offset", json!("2024-01-01T12:00:00")),
            ("space for T", json!("2024-01-01 12:00:00Z")),
            ("offset +24:00", json!("2024-01-01T12:00:00+24:00")),
        ],
    )
    .set(
        "shortLink",
        vec![
            ("at maxLength", json!("https://example.com/abcd")),
            ("one past maxLength", json!("https://example.com/abcde")),
            ("one past maxLength and no URI", json!("not a uri, and far too long")),
            ("a number", json!(1)),
        ],
    )
    .bad_format("shortLink", vec![("short, no URI", json!("not a uri"))])
    .without("start")
    .set(
        "start",
        vec![("a date", json!("1999-12-31")), ("a number", json!(20_260_101))],
    )
    .bad_format("start", vec![("30 Feb", json!("2026-02-30"))])
    .extra("phone", json!("+1 555 0100"));
    a.null_is_absent("site").null_is_absent("start");
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn integers() -> Vec<Answer> {
    let mut a = Answers::new(json!({"count": 1}));
    a.whole(
        "every field",
        json!({"count": 0, "tiny": -1, "short": 2, "int": 3, "long": 4, "ushort": 5, "uint": 6,
               "ulong": 7, "size": 8, "offset": -9, "delta": 0, "atLeast": 10, "atMost": 100,
               "id": 12, "wide": 13, "level": 9}),
    )
    .whole("nothing", json!({}))
    .set(
        "count",
        vec![
            ("0", json!(0)),
            ("u8 max", json!(255)),
            ("u8 max + 1", json!(256)),
            ("-1", json!(-1)),
            ("4.0", json!(4.0)),
            ("-0.0", json!(-0.0)),
            ("255.0", json!(255.0)),
            ("4.5", json!(4.5)),
            ("1e300", json!(1e300)),
            ("-1e300", json!(-1e300)),
            ("1e-300", json!(1e-300)),
            ("2^64 as a float", json!(18_446_744_073_709_551_616.0)),
            ("null", Value::Null),
        ],
    )
    .set("count", not_numbers())
    .without("count")
    .set(
        "tiny",
        vec![
            ("i8 min", json!(-128)),
            ("i8 max", json!(127)),
            ("i8 min - 1", json!(-129)),
            ("i8 max + 1", json!(128)),
            ("127.0", json!(127.0)),
            ("128.0", json!(128.0)),
            ("-128.0", json!(-128.0)),
            ("a string", json!("1")),
        ],
    )
    .set(
        "short",
        vec![
            ("i16 min", json!(-32_768)),
            ("i16 max", json!(32_767)),
            ("i16 min - 1", json!(-32_769)),
            ("i16 max + 1", json!(32_768)),
            ("an array", json!([1])),
        ],
    )
    .set(
        "int",
        vec![
            ("i32 min", json!(i32::MIN)),
            ("i32 max", json!(i32::MAX)),
            ("i32 min - 1", json!(i64::from(i32::MIN) - 1)),
            ("i32 max + 1", json!(i64::from(i32::MAX) + 1)),
            ("i32 max as a float", json!(2_147_483_647.0)),
            ("0.5", json!(0.5)),
        ],
    )
    .set(
        "long",
        vec![
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("2^53 - 1 as a float", json!(9_007_199_254_740_991.0)),
            ("2^53 as a float", json!(9_007_199_254_740_992.0)),
            ("i64 min", json!(i64::MIN)),
            ("i64 max", json!(i64::MAX)),
            ("u64 max", json!(u64::MAX)),
            ("1e300", json!(1e300)),
            ("-1e300", json!(-1e300)),
            ("a numeric string", json!("5")),
        ],
    )
    .set(
        "ushort",
        vec![
            ("u16 max", json!(65_535)),
            ("u16 max + 1", json!(65_536)),
            ("-1", json!(-1)),
            ("-0.0", json!(-0.0)),
            ("true", json!(true)),
        ],
    )
    .set(
        "uint",
        vec![
            ("0", json!(0)),
            ("-1", json!(-1)),
            ("an object", json!({})),
            ("u32 max", json!(u32::MAX)),
            ("u32 max + 1", json!(u64::from(u32::MAX) + 1)),
            ("1e300", json!(1e300)),
        ],
    )
    .set(
        "ulong",
        vec![
            ("0", json!(0)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("u64 max", json!(u64::MAX)),
            ("-1", json!(-1)),
            ("-0.0", json!(-0.0)),
            ("2^64 as a float", json!(18_446_744_073_709_551_616.0)),
            ("true", json!(true)),
        ],
    )
    .set(
        "size",
        vec![
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("-1", json!(-1)),
            ("0", json!(0)),
            ("a string", json!("0")),
        ],
    )
    .set(
        "offset",
        vec![
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("i64 min", json!(i64::MIN)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("a string", json!("-1")),
        ],
    )
    .set(
        "delta",
        vec![
            ("at minimum", json!(-5)),
            ("at maximum", json!(5)),
            ("one below minimum", json!(-6)),
            ("one past maximum", json!(6)),
            ("5.0", json!(5.0)),
            ("-5.0", json!(-5.0)),
            ("5.5", json!(5.5)),
            ("-0.0", json!(-0.0)),
            ("5.000000000000001", json!(5.000_000_000_000_001)),
        ],
    )
    .set(
        "atLeast",
        vec![
            ("at minimum", json!(10)),
            ("one below minimum", json!(9)),
            ("u16 max", json!(65_535)),
            ("u16 max + 1", json!(65_536)),
            ("a string", json!("10")),
        ],
    )
    .set(
        "atMost",
        vec![
            ("at maximum", json!(100)),
            ("one past maximum", json!(101)),
            ("1e2", json!(1e2)),
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("true", json!(true)),
        ],
    )
    .set(
        "id",
        vec![
            ("u64 max", json!(u64::MAX)),
            ("2^53 + 1", json!(I_JSON_MAX + 2)),
            ("2^64 as a float", json!(18_446_744_073_709_551_616.0)),
            ("1e19 as a float", json!(1e19)),
            (
                "the largest float below 2^64",
                json!(18_446_744_073_709_549_568.0),
            ),
            ("-1", json!(-1)),
            ("0", json!(0)),
            ("a string", json!("12")),
        ],
    )
    .set(
        "wide",
        vec![
            ("i64 min", json!(i64::MIN)),
            ("i64 max", json!(i64::MAX)),
            (
                "i64 max + 1",
                json!(u64::try_from(i64::MAX).expect("positive") + 1),
            ),
            ("2^63 as a float", json!(9_223_372_036_854_775_808.0)),
            ("the float below -2^63", json!(-9_223_372_036_854_777_856.0)),
            ("the float above -2^63", json!(-9_223_372_036_854_774_784.0)),
            ("1e300", json!(1e300)),
            ("a string", json!("13")),
        ],
    )
    .diverge(
        Divergence::IntegerEdge,
        "wide",
        vec![
            ("-2^63 as a float", json!(-9_223_372_036_854_775_808.0)),
            (
                "-9223372036854775809, as the JSON parser reads it",
                serde_json::from_str("-9223372036854775809").expect("a JSON number"),
            ),
        ],
    )
    .without("level")
    .set(
        "level",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(9)),
            ("one below minimum", json!(0)),
            ("one past maximum", json!(10)),
            ("9.0", json!(9.0)),
            ("a string", json!("3")),
        ],
    )
    .extra("unknown", json!(3));
    a.null_is_absent("tiny").null_is_absent("level");
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn numbers() -> Vec<Answer> {
    let mut a = Answers::new(json!({"ratio": 0.5}));
    a.whole(
        "every field",
        json!({"ratio": 1, "unit": 0.5, "celsius": 20.5, "capped": 3, "weight": 2.5,
               "fraction": 0.5, "stars": 4.5, "scale": 2, "opacity": 1}),
    )
    .whole("nothing", json!({}))
    .set(
        "ratio",
        vec![
            ("0", json!(0)),
            ("-0.0", json!(-0.0)),
            ("1e300", json!(1e300)),
            ("-1e300", json!(-1e300)),
            ("f64 max", json!(f64::MAX)),
            ("the smallest subnormal", json!(5e-324)),
            ("u64 max, an integer", json!(u64::MAX)),
            ("i64 min, an integer", json!(i64::MIN)),
            ("null", Value::Null),
        ],
    )
    .set("ratio", not_numbers())
    .without("ratio")
    .set(
        "unit",
        vec![
            ("at minimum", json!(0.0)),
            ("at maximum", json!(1.0)),
            ("at maximum, an integer", json!(1)),
            ("one ULP past maximum", json!(1.000_000_000_000_000_2)),
            ("just below minimum", json!(-5e-324)),
            ("-0.0", json!(-0.0)),
            ("2", json!(2)),
            ("a string", json!("0.5")),
        ],
    )
    .set(
        "celsius",
        vec![
            ("at minimum", json!(-273.15)),
            ("one ULP below minimum", json!(-273.150_000_000_000_03)),
            ("below minimum", json!(-273.16)),
            ("1e300", json!(1e300)),
            ("true", json!(true)),
        ],
    )
    .set(
        "capped",
        vec![
            ("at maximum", json!(10)),
            ("at maximum, a float", json!(10.0)),
            ("one ULP past maximum", json!(10.000_000_000_000_002)),
            ("-1e300", json!(-1e300)),
            ("an array", json!([10])),
        ],
    )
    .set(
        "weight",
        vec![
            ("f32 max", json!(f64::from(f32::MAX))),
            ("-f32 max", json!(-f64::from(f32::MAX))),
            ("3.5e38", json!(3.5e38)),
            ("1e39", json!(1e39)),
            ("-1e39", json!(-1e39)),
            ("1e-50 (rounds to 0)", json!(1e-50)),
            ("the smallest f32 subnormal", json!(1e-45)),
            ("0.1", json!(0.1)),
            ("an integer", json!(16_777_217)),
            ("a string", json!("2.5")),
        ],
    )
    .set(
        "fraction",
        vec![
            ("at minimum (exact f32)", json!(f64::from(0.1_f32))),
            ("at maximum (exact f32)", json!(f64::from(0.7_f32))),
            ("inside", json!(0.5)),
            ("well below minimum", json!(0.05)),
            ("well past maximum", json!(0.8)),
            ("a string", json!("0.5")),
        ],
    )
    .set(
        "stars",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(10)),
            ("at maximum, a float", json!(10.0)),
            ("below minimum", json!(0.999)),
            ("past maximum", json!(10.5)),
            ("past maximum by an f32 ULP", json!(10.000_001)),
            ("true", json!(true)),
        ],
    )
    .without("scale")
    .set(
        "scale",
        vec![("an integer", json!(3)), ("a string", json!("1.5"))],
    )
    .without("opacity")
    .set(
        "opacity",
        vec![
            ("at minimum", json!(0)),
            ("at maximum", json!(1)),
            ("the default", json!(0.25)),
            ("past maximum", json!(1.5)),
            ("below minimum", json!(-0.5)),
            ("-0.0", json!(-0.0)),
            ("a string", json!("0.25")),
        ],
    )
    .extra("unknown", json!(1.5));
    a.null_is_absent("weight")
        .null_is_absent("opacity")
        .diverge(
            Divergence::F32Nearest,
            "fraction",
            vec![
                ("0.1, the minimum as written", json!(0.1)),
                ("0.7, the maximum as written", json!(0.7)),
                (
                    "one f64 step below the emitted minimum",
                    json!(f64::from(0.1_f32).next_down()),
                ),
            ],
        )
        .diverge(
            Divergence::F32Nearest,
            "stars",
            vec![("10.0000001, past the maximum", json!(10.000_000_1))],
        )
        .diverge(
            Divergence::F32Nearest,
            "opacity",
            vec![
                ("1.00000001, past the maximum", json!(1.000_000_01)),
                ("-1e-50, below the minimum", json!(-1e-50)),
            ],
        )
        .diverge(
            Divergence::F32Nearest,
            "weight",
            vec![("3.4028235e38, past f32::MAX", json!(3.402_823_5e38))],
        );
    a.list
}

pub(crate) fn flags() -> Vec<Answer> {
    let mut a = Answers::new(json!({"agree": true}));
    a.whole(
        "every field",
        json!({"agree": false, "newsletter": true, "remember": false}),
    )
    .whole("nothing", json!({}))
    .set(
        "agree",
        vec![
            ("false", json!(false)),
            ("the string \"true\"", json!("true")),
            ("0", json!(0)),
            ("1", json!(1)),
            ("an array", json!([true])),
            ("an object", json!({"value": true})),
            ("null", Value::Null),
        ],
    )
    .without("agree")
    .set(
        "newsletter",
        vec![("false", json!(false)), ("\"yes\"", json!("yes"))],
    )
    .without("remember")
    .set(
        "remember",
        vec![("false", json!(false)), ("\"false\"", json!("false"))],
    )
    .extra("unknown", json!(false));
    a.null_is_absent("newsletter");
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn choices() -> Vec<Answer> {
    let mut a = Answers::new(json!({"color": "green"}));
    a.whole(
        "every field",
        json!({"color": "dark-red", "shade": "dark", "reply": "No", "fallback": "blue", "tone": "light"}),
    )
    .whole("nothing", json!({}))
    .set(
        "color",
        vec![
            ("a const", json!("dark-red")),
            ("the last const", json!("blue")),
            ("a title", json!("Dark red")),
            ("the variant's name", json!("DarkRed")),
            ("upper case", json!("GREEN")),
            ("trailing space", json!("green ")),
            ("empty", json!("")),
            ("a number", json!(1)),
            ("an array", json!(["green"])),
            ("an object", json!({"const": "green"})),
            ("null", Value::Null),
        ],
    )
    .without("color")
    .set(
        "shade",
        vec![
            ("a value", json!("light")),
            ("capitalized", json!("Light")),
            ("empty", json!("")),
            ("true", json!(true)),
        ],
    )
    .set(
        "reply",
        vec![
            ("a value", json!("Yes")),
            ("the other value", json!("No")),
            ("an enumName", json!("Yes please")),
            ("lower case", json!("yes")),
            ("a number", json!(0)),
        ],
    )
    .without("fallback")
    .set(
        "fallback",
        vec![
            ("a const", json!("blue")),
            ("unknown", json!("purple")),
            ("a number", json!(2)),
        ],
    )
    .without("tone")
    .set(
        "tone",
        vec![
            ("a value", json!("light")),
            ("unknown", json!("grey")),
            ("true", json!(true)),
        ],
    )
    .extra("unknown", json!("green"));
    a.null_is_absent("shade").null_is_absent("tone");
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn multi_selects() -> Vec<Answer> {
    let mut a = Answers::new(json!({"colors": ["green"], "shades": []}));
    a.whole(
        "every field",
        json!({"colors": ["blue", "dark-red"], "shades": ["dark", "light"], "both": ["light", "dark"],
               "one": ["green"], "tags": ["dark"], "picks": ["green", "blue", "dark-red"]}),
    )
    .whole("nothing", json!({}))
    .set(
        "colors",
        vec![
            ("at maxItems", json!(["green", "blue"])),
            ("one past maxItems", json!(["green", "blue", "dark-red"])),
            ("empty (below minItems)", json!([])),
            ("an unknown option", json!(["purple"])),
            ("a title", json!(["Dark red"])),
            ("a bare string", json!("green")),
            ("a number inside", json!([1])),
            ("null inside", json!([null])),
            ("a nested array", json!([["green"]])),
            ("an object", json!({"green": true})),
            ("null", Value::Null),
        ],
    )
    .without("colors")
    .set(
        "shades",
        vec![
            ("both", json!(["light", "dark"])),
            ("both, other order", json!(["dark", "light"])),
            ("capitalized", json!(["Light"])),
            ("a bare string", json!("light")),
            ("null", Value::Null),
            ("a number inside", json!([1])),
        ],
    )
    .without("shades")
    .set(
        "both",
        vec![
            ("at minItems", json!(["light", "dark"])),
            ("one below minItems", json!(["light"])),
            ("empty", json!([])),
            ("an unknown option", json!(["light", "grey"])),
            ("a bare string", json!("light")),
            ("true inside", json!([true, "light"])),
        ],
    )
    .set(
        "one",
        vec![
            ("at maxItems", json!(["green"])),
            ("empty", json!([])),
            ("one past maxItems", json!(["green", "blue"])),
            ("an object", json!({})),
            ("an unknown option", json!(["purple"])),
        ],
    )
    .set(
        "tags",
        vec![
            ("empty", json!([])),
            ("one", json!(["dark"])),
            ("a number inside", json!([0])),
            ("a bare string", json!("dark")),
            ("an unknown option", json!(["grey"])),
        ],
    )
    .without("picks")
    .set(
        "picks",
        vec![
            ("empty", json!([])),
            ("all three", json!(["dark-red", "blue", "green"])),
            ("unknown", json!(["red"])),
            ("a number", json!(5)),
        ],
    )
    .extra("unknown", json!(["green"]));
    a.null_is_absent("both")
        .diverge(
            Divergence::Repeated,
            "colors",
            vec![("an option twice", json!(["green", "green"]))],
        )
        .diverge(
            Divergence::Repeated,
            "shades",
            vec![("an option twice", json!(["light", "light"]))],
        )
        .diverge(
            Divergence::Repeated,
            "both",
            vec![(
                "one option twice, meeting minItems",
                json!(["light", "light"]),
            )],
        )
        .diverge(
            Divergence::Repeated,
            "tags",
            vec![("an option twice", json!(["dark", "dark"]))],
        )
        .diverge(
            Divergence::Repeated,
            "picks",
            vec![("an option twice", json!(["blue", "blue"]))],
        );
    a.list
}

pub(crate) fn closed() -> Vec<Answer> {
    let mut a = Answers::new(json!({"name": "Ada"}));
    a.whole("nothing", json!({}))
        .set(
            "age",
            vec![
                ("at maximum", json!(120)),
                ("one past maximum", json!(121)),
                ("-1", json!(-1)),
                ("0", json!(0)),
                ("a string", json!("5")),
            ],
        )
        .set("name", vec![("a number", json!(1))])
        .without("name");
    a.diverge(Divergence::Unknown, "unknown", vec![("a number", json!(1))])
        .diverge(
            Divergence::Unknown,
            "Name",
            vec![("name, capitalized", json!("Ada"))],
        );
    a.list
}

pub(crate) fn favorite_color() -> Vec<Answer> {
    let mut a = Answers::new(json!({"favorite_color": "red"}));
    a.whole("nothing", json!({}))
        .set(
            "favorite_color",
            vec![
                ("the other value", json!("green")),
                ("capitalized", json!("Red")),
                ("an array", json!(["red"])),
                ("null", Value::Null),
            ],
        )
        .extra("unknown", json!("red"));
    a.list
}

pub(crate) fn mood() -> Vec<Answer> {
    let mut a = Answers::new(json!({"mood": "Happy"}));
    a.whole("nothing", json!({}))
        .set(
            "mood",
            vec![
                ("the other const", json!("Sad")),
                ("lower case", json!("happy")),
                ("a number", json!(1)),
            ],
        )
        .extra("unknown", json!(1));
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn non_zeros() -> Vec<Answer> {
    let mut a = Answers::new(json!({"count": 1}));
    a.whole(
        "every field",
        json!({"count": 255, "tiny": -1, "ushort": 2, "short": -3, "uint": 4, "int": -5,
               "ulong": 6, "long": -7, "size": 8, "offset": -9, "capped": 10, "few": 3,
               "atLeast": 5, "delta": -5, "positive": 9, "negative": -1, "id": 12,
               "wide": -13, "level": 1}),
    )
    .whole("nothing", json!({}))
    .set(
        "count",
        vec![
            ("at minimum", json!(1)),
            ("u8 max", json!(255)),
            ("0", json!(0)),
            ("-0.0", json!(-0.0)),
            ("u8 max + 1", json!(256)),
            ("-1", json!(-1)),
            ("4.0", json!(4.0)),
            ("4.5", json!(4.5)),
            ("1e300", json!(1e300)),
            ("null", Value::Null),
        ],
    )
    .set("count", not_numbers())
    .without("count")
    .set(
        "tiny",
        vec![
            ("i8 min", json!(-128)),
            ("i8 max", json!(127)),
            ("i8 min - 1", json!(-129)),
            ("i8 max + 1", json!(128)),
            ("-1.0", json!(-1.0)),
            ("a string", json!("1")),
        ],
    )
    .set(
        "ushort",
        vec![
            ("at minimum", json!(1)),
            ("u16 max", json!(65_535)),
            ("0", json!(0)),
            ("u16 max + 1", json!(65_536)),
            ("true", json!(true)),
        ],
    )
    .set(
        "short",
        vec![
            ("i16 min", json!(-32_768)),
            ("i16 max", json!(32_767)),
            ("i16 min - 1", json!(-32_769)),
            ("i16 max + 1", json!(32_768)),
            ("an array", json!([1])),
        ],
    )
    .set(
        "uint",
        vec![
            ("at minimum", json!(1)),
            ("u32 max", json!(u32::MAX)),
            ("0", json!(0)),
            ("u32 max + 1", json!(u64::from(u32::MAX) + 1)),
            ("an object", json!({})),
        ],
    )
    .set(
        "int",
        vec![
            ("i32 min", json!(i32::MIN)),
            ("i32 max", json!(i32::MAX)),
            ("i32 min - 1", json!(i64::from(i32::MIN) - 1)),
            ("i32 max + 1", json!(i64::from(i32::MAX) + 1)),
            ("0.5", json!(0.5)),
        ],
    )
    .set(
        "ulong",
        vec![
            ("at minimum", json!(1)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("u64 max", json!(u64::MAX)),
            ("0", json!(0)),
            ("-0.0", json!(-0.0)),
            ("a string", json!("6")),
        ],
    )
    .set(
        "long",
        vec![
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("i64 min", json!(i64::MIN)),
            ("a string", json!("-7")),
        ],
    )
    .set(
        "size",
        vec![
            ("at minimum", json!(1)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("0", json!(0)),
            ("true", json!(true)),
        ],
    )
    .set(
        "offset",
        vec![
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("2^53 - 1", json!(I_JSON_MAX)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("a string", json!("-9")),
        ],
    )
    .set(
        "capped",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(10)),
            ("0", json!(0)),
            ("one past maximum", json!(11)),
            ("a string", json!("10")),
        ],
    )
    .set(
        "few",
        vec![
            ("at minimum (the type's 1, not the attribute's 0)", json!(1)),
            ("at maximum", json!(3)),
            ("0, the attribute's minimum", json!(0)),
            ("one past maximum", json!(4)),
            ("null inside an array", json!([null])),
        ],
    )
    .set(
        "atLeast",
        vec![
            ("at minimum", json!(5)),
            ("one below minimum", json!(4)),
            ("u32 max", json!(u32::MAX)),
            ("u32 max + 1", json!(u64::from(u32::MAX) + 1)),
            ("a string", json!("5")),
        ],
    )
    .set(
        "delta",
        vec![
            ("at minimum", json!(-5)),
            ("at maximum", json!(5)),
            ("one below minimum", json!(-6)),
            ("one past maximum", json!(6)),
            ("1", json!(1)),
            ("-1", json!(-1)),
            ("5.0", json!(5.0)),
            ("0.5", json!(0.5)),
        ],
    )
    .set(
        "positive",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(9)),
            ("0", json!(0)),
            ("-1", json!(-1)),
            ("one past maximum", json!(10)),
            ("true", json!(true)),
        ],
    )
    .set(
        "negative",
        vec![
            ("at maximum", json!(-1)),
            ("-(2^53 - 1)", json!(-I_JSON_MAX)),
            ("0", json!(0)),
            ("-2^53", json!(-I_JSON_MAX - 1)),
            ("1", json!(1)),
            ("a string", json!("-1")),
        ],
    )
    .set(
        "id",
        vec![
            ("at minimum", json!(1)),
            ("u64 max", json!(u64::MAX)),
            ("2^53 + 1", json!(I_JSON_MAX + 2)),
            ("0", json!(0)),
            ("-1", json!(-1)),
            ("2^64 as a float", json!(18_446_744_073_709_551_616.0)),
            ("a string", json!("12")),
        ],
    )
    .set(
        "wide",
        vec![
            ("i64 min", json!(i64::MIN)),
            ("i64 max", json!(i64::MAX)),
            (
                "i64 max + 1",
                json!(u64::try_from(i64::MAX).expect("positive") + 1),
            ),
            ("the float below -2^63", json!(-9_223_372_036_854_777_856.0)),
            ("a string", json!("13")),
        ],
    )
    .diverge(
        Divergence::IntegerEdge,
        "wide",
        vec![("-2^63 as a float", json!(-9_223_372_036_854_775_808.0))],
    )
    .without("level")
    .set(
        "level",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(255)),
            ("the default", json!(3)),
            ("0", json!(0)),
            ("one past maximum", json!(256)),
            ("a string", json!("3")),
        ],
    )
    .extra("unknown", json!(1));
    a.null_is_absent("tiny").null_is_absent("level");
    for field in ["tiny", "short", "int", "long", "offset", "delta", "wide"] {
        a.diverge(
            Divergence::NonZero,
            field,
            vec![("0", json!(0)), ("-0.0", json!(-0.0)), ("0.0", json!(0.0))],
        );
    }
    a.list
}

/// An e-mail address of `length` characters, ending in `domain`: a 64-character local part,
/// then labels of at most 63 characters.
fn long_email(length: usize, domain: &str) -> String {
    let mut rest = length - 65 - domain.len();
    let mut labels = Vec::new();
    for letter in ['b', 'c', 'd', 'e'] {
        if rest == 0 {
            break;
        }
        // Each label but the last is followed by a dot.
        let take = rest.min(63);
        labels.push(letter.to_string().repeat(take));
        rest = (rest - take).saturating_sub(1);
    }
    format!("{}@{}{domain}", "a".repeat(64), labels.join("."))
}

#[allow(clippy::too_many_lines)]
pub(crate) fn newtypes() -> Vec<Answer> {
    let mut a = Answers::new(json!({"share": 50}));
    a.whole(
        "every field",
        json!({"share": 0, "discount": 10, "tip": 100, "email": "ada@example.com",
               "cc": "ada@example.com", "slug": "a-1", "word": "abc", "work": "joe@example.com",
               "big": 1, "low": -1, "ratio": 0.5, "steps": 2, "nudge": -3, "day": "2024-02-29",
               "paint": "green", "palette": ["blue"], "fallback": 1, "replyTo": "me@example.com"}),
    )
    .whole("nothing", json!({}))
    .set(
        "share",
        vec![
            ("at minimum", json!(0)),
            ("at maximum", json!(100)),
            ("one past maximum", json!(101)),
            ("past u8", json!(300)),
            ("-1", json!(-1)),
            ("100.0", json!(100.0)),
            ("4.5", json!(4.5)),
            ("null", Value::Null),
        ],
    )
    .set("share", not_numbers())
    .without("share")
    .set(
        "discount",
        vec![
            ("at the field's minimum", json!(10)),
            ("below the field's minimum", json!(9)),
            ("at the newtype's maximum", json!(100)),
            ("past the newtype's maximum", json!(101)),
            ("a string", json!("10")),
        ],
    )
    .set(
        "tip",
        vec![
            ("at minimum", json!(0)),
            ("at the newtype's maximum", json!(100)),
            ("past the newtype's maximum, inside the field's", json!(150)),
            ("-1", json!(-1)),
            ("true", json!(true)),
        ],
    )
    .set(
        "email",
        vec![
            ("an address", json!("joe@example.com")),
            ("at maxLength", json!(long_email(254, ".example.com"))),
            ("one past maxLength", json!(long_email(255, ".example.com"))),
            ("a number", json!(5)),
        ],
    )
    .set(
        "cc",
        vec![
            ("at the field's maxLength", json!("abcdefgh@example.com")),
            (
                "one past the field's maxLength",
                json!("abcdefghi@example.com"),
            ),
            ("an array", json!(["a@example.com"])),
        ],
    )
    .set(
        "slug",
        vec![
            ("at minLength", json!("a")),
            ("at maxLength", json!("abcdef-12345")),
            ("one past maxLength", json!("abcdef-123456")),
            ("empty", json!("")),
            ("a leading hyphen", json!("-abc")),
            ("two hyphens", json!("a--b")),
            ("upper case", json!("Abc")),
            ("a number", json!(1)),
        ],
    )
    .set(
        "word",
        vec![
            ("letters", json!("abc")),
            ("at minLength", json!("a")),
            ("at maxLength (the newtype's)", json!("abcdef-ghijk")),
            ("one past maxLength", json!("abcdef-ghijkl")),
            ("empty", json!("")),
            (
                "a digit (the newtype's pattern allows it, the field's does not)",
                json!("abc1"),
            ),
            ("a number", json!(1)),
        ],
    )
    .set(
        "work",
        vec![
            ("an address at example.com", json!("joe@example.com")),
            ("elsewhere", json!("joe@elsewhere.org")),
            (
                "one past maxLength",
                json!(format!("{}@example.com", "a".repeat(243))),
            ),
            ("a number", json!(5)),
        ],
    )
    .set(
        "big",
        vec![
            ("at minimum", json!(0)),
            ("u64 max", json!(u64::MAX)),
            ("2^53 + 1", json!(I_JSON_MAX + 2)),
            ("-1", json!(-1)),
            ("2^64 as a float", json!(18_446_744_073_709_551_616.0)),
            (
                "the largest float below 2^64",
                json!(18_446_744_073_709_549_568.0),
            ),
            ("a string", json!("1")),
        ],
    )
    .set(
        "low",
        vec![
            ("i64 min", json!(i64::MIN)),
            ("the float below -2^63", json!(-9_223_372_036_854_777_856.0)),
            ("2^53 - 1 (the default maximum)", json!(I_JSON_MAX)),
            ("2^53", json!(I_JSON_MAX + 1)),
            ("i64 max", json!(i64::MAX)),
            ("a string", json!("-1")),
        ],
    )
    .diverge(
        Divergence::IntegerEdge,
        "low",
        vec![("-2^63 as a float", json!(-9_223_372_036_854_775_808.0))],
    )
    .set(
        "ratio",
        vec![
            ("at minimum", json!(0.0)),
            ("at maximum", json!(1.0)),
            ("at maximum, an integer", json!(1)),
            ("-0.0", json!(-0.0)),
            ("one ULP past maximum", json!(1.000_000_000_000_000_2)),
            ("just below minimum", json!(-5e-324)),
            ("a string", json!("0.5")),
        ],
    )
    .set(
        "steps",
        vec![
            ("at minimum", json!(1)),
            ("u32 max", json!(u32::MAX)),
            ("0", json!(0)),
            ("u32 max + 1", json!(u64::from(u32::MAX) + 1)),
            ("a string", json!("1")),
        ],
    )
    .set(
        "nudge",
        vec![
            ("at minimum", json!(-3)),
            ("at maximum", json!(3)),
            ("one below minimum", json!(-4)),
            ("one past maximum", json!(4)),
            ("1.5", json!(1.5)),
            ("a string", json!("1")),
        ],
    )
    .set(
        "day",
        vec![
            ("29 Feb 2024", json!("2024-02-29")),
            ("an integer", json!(20_240_229)),
        ],
    )
    .set(
        "paint",
        vec![
            ("a const", json!("dark-red")),
            ("a title", json!("Dark red")),
            ("a number", json!(1)),
        ],
    )
    .set(
        "palette",
        vec![
            ("at minItems", json!(["green"])),
            ("at maxItems", json!(["green", "blue"])),
            ("empty", json!([])),
            ("one past maxItems", json!(["green", "blue", "dark-red"])),
            ("an unknown option", json!(["purple"])),
            ("a bare string", json!("green")),
        ],
    )
    .without("fallback")
    .set(
        "fallback",
        vec![
            ("at minimum", json!(0)),
            ("at maximum", json!(100)),
            ("one past maximum", json!(101)),
            ("-1", json!(-1)),
            ("a string", json!("50")),
        ],
    )
    .without("replyTo")
    .set(
        "replyTo",
        vec![
            ("an address", json!("joe@example.com")),
            ("at maxLength", json!(long_email(254, ".example.com"))),
            ("one past maxLength", json!(long_email(255, ".example.com"))),
            ("a number", json!(1)),
        ],
    )
    .extra("unknown", json!(50));
    a.bad_format(
        "email",
        vec![("no @", json!("joe.example.com")), ("empty", json!(""))],
    )
    .bad_format("cc", vec![("no @, short", json!("not-an-email"))])
    .bad_format(
        "work",
        vec![
            (
                "empty local part, matching the pattern",
                json!("@example.com"),
            ),
            (
                "at maxLength, a local part past 64 characters",
                json!(format!("{}@example.com", "a".repeat(242))),
            ),
        ],
    )
    .bad_format("day", vec![("29 Feb 2023", json!("2023-02-29"))])
    .bad_format("replyTo", vec![("no @", json!("support"))])
    .diverge(
        Divergence::NewtypePattern,
        "word",
        vec![
            ("a leading hyphen", json!("-abc")),
            ("two hyphens", json!("a--b")),
        ],
    )
    .diverge(Divergence::NonZero, "nudge", vec![("0", json!(0))])
    .diverge(
        Divergence::Repeated,
        "palette",
        vec![("an option twice", json!(["green", "green"]))],
    )
    .null_is_absent("email")
    .null_is_absent("fallback");
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn flattened() -> Vec<Answer> {
    let mut a = Answers::new(json!({"name": "Ada", "emailAddress": "ada@example.com", "party": 2}));
    let address = json!({"street": "Main St 1", "city": "Utrecht"});
    let place = json!({"PLACE_NAME": "Home", "lat": 52.1, "lon": 5.1});
    a.whole(
        "every field",
        json!({"name": "A", "emailAddress": "joe@example.com", "phone": "123", "mayCall": false,
               "street": "S", "city": "C", "country": "BE", "floor": 3,
               "PLACE_NAME": "P", "lat": -90, "lon": 180.5, "party": 12}),
    )
    .whole("nothing", json!({}))
    .set(
        "name",
        vec![
            ("at minLength", json!("A")),
            ("empty", json!("")),
            ("a number", json!(5)),
            ("null", Value::Null),
        ],
    )
    .without("name")
    .set(
        "emailAddress",
        vec![("a number", json!(5)), ("null", Value::Null)],
    )
    .without("emailAddress")
    .set(
        "phone",
        vec![("a string", json!("+31 6")), ("a number", json!(6))],
    )
    .set(
        "mayCall",
        vec![("false", json!(false)), ("\"yes\"", json!("yes"))],
    )
    .without("mayCall")
    .set(
        "party",
        vec![
            ("at minimum", json!(1)),
            ("at maximum", json!(12)),
            ("one below minimum", json!(0)),
            ("one past maximum", json!(13)),
            ("4.5", json!(4.5)),
        ],
    )
    .without("party")
    .merge("the address", &address)
    .merge(
        "the address, a country",
        &json!({"street": "S", "city": "C", "country": "BE"}),
    )
    .merge(
        "the address, the default country",
        &json!({"street": "S", "city": "C", "country": "NL"}),
    )
    .merge(
        "only the default country: no address",
        &json!({"country": "NL"}),
    )
    .merge("street at minLength", &json!({"street": "S", "city": "C"}))
    .merge("street empty", &json!({"street": "", "city": "C"}))
    .merge("street a number", &json!({"street": 1, "city": "C"}))
    .merge("city a number", &json!({"street": "S", "city": 1}))
    .merge(
        "country a number",
        &json!({"street": "S", "city": "C", "country": 31}),
    )
    .merge(
        "floor at minimum",
        &json!({"street": "S", "city": "C", "floor": 0}),
    )
    .merge(
        "floor at maximum",
        &json!({"street": "S", "city": "C", "floor": 99}),
    )
    .merge(
        "floor one past maximum",
        &json!({"street": "S", "city": "C", "floor": 100}),
    )
    .merge(
        "floor -1",
        &json!({"street": "S", "city": "C", "floor": -1}),
    )
    .merge(
        "floor a string",
        &json!({"street": "S", "city": "C", "floor": "1"}),
    )
    .merge(
        "street null, city given",
        &json!({"street": null, "city": "C"}),
    )
    .merge("the place", &place)
    .merge(
        "lat at minimum",
        &json!({"PLACE_NAME": "P", "lat": -90, "lon": 0}),
    )
    .merge(
        "lat at maximum",
        &json!({"PLACE_NAME": "P", "lat": 90.0, "lon": 0}),
    )
    .merge(
        "lat below minimum",
        &json!({"PLACE_NAME": "P", "lat": -90.5, "lon": 0}),
    )
    .merge(
        "lat past maximum",
        &json!({"PLACE_NAME": "P", "lat": 91, "lon": 0}),
    )
    .merge(
        "lat a string",
        &json!({"PLACE_NAME": "P", "lat": "1", "lon": 0}),
    )
    .merge(
        "lon a string",
        &json!({"PLACE_NAME": "P", "lat": 1, "lon": "0"}),
    )
    .merge(
        "PLACE_NAME a number",
        &json!({"PLACE_NAME": 1, "lat": 1, "lon": 0}),
    )
    .merge(
        "the place and the address",
        &json!({"PLACE_NAME": "P", "lat": 1, "lon": 2, "street": "S", "city": "C"}),
    );
    a.null_is_absent("phone")
        .null_is_absent("mayCall")
        .diverge(
            Divergence::NullIsAbsent,
            "street",
            vec![("null, nothing else of the address", Value::Null)],
        )
        .diverge(
            Divergence::NullIsAbsent,
            "lat",
            vec![("null, nothing else of the place", Value::Null)],
        )
        .bad_format("emailAddress", vec![("no @", json!("ada"))]);
    let partial = [
        ("street", "only the city", json!({"city": "Utrecht"})),
        ("city", "only the street", json!({"street": "S"})),
        (
            "city",
            "street and floor",
            json!({"street": "S", "floor": 3}),
        ),
        (
            "street",
            "city and another country",
            json!({"city": "C", "country": "BE"}),
        ),
        (
            "lon",
            "place name and lat",
            json!({"PLACE_NAME": "P", "lat": 1}),
        ),
        ("PLACE_NAME", "lat and lon", json!({"lat": 1, "lon": 2})),
    ];
    for (field, what, fields) in partial {
        let content = a.merged(&fields);
        a.diverge_whole(Divergence::PartialGroup, field, what, content);
    }
    a.diverge(Divergence::Unknown, "extra", vec![("a string", json!("x"))])
        .diverge(
            Divergence::Unknown,
            "contact",
            vec![(
                "the flattened field's Rust name",
                json!({"emailAddress": "a@b.co"}),
            )],
        )
        .diverge(
            Divergence::Unknown,
            "email_address",
            vec![("a flattened field's Rust name", json!("a@b.co"))],
        )
        .diverge(
            Divergence::Unknown,
            "place_name",
            vec![("a flattened field's Rust name", json!("P"))],
        );
    a.list
}

#[allow(clippy::too_many_lines)]
pub(crate) fn ecosystem() -> Vec<Answer> {
    let mut a = Answers::new(json!({"day": "2024-02-29"}));
    a.whole(
        "every field",
        json!({"day": "2000-01-01", "at": "2024-02-29T12:30:00Z",
               "local": "2024-01-01T00:00:00.5+05:30", "date": "2024-02-29",
               "moment": "2024-05-01t12:00:00.5-03:30", "site": "https://example.com/",
               "ip": "192.0.2.1", "start": "1999-12-31", "docs": "https://example.org/d"}),
    )
    .whole("nothing", json!({}))
    .set(
        "day",
        vec![
            ("0000-01-01", json!("0000-01-01")),
            ("9999-12-31", json!("9999-12-31")),
            ("an integer", json!(20_240_229)),
            ("null", Value::Null),
        ],
    )
    .without("day")
    .set(
        "at",
        vec![
            ("UTC", json!("2024-02-29T12:30:00Z")),
            ("lower-case t and z", json!("2024-02-29t12:30:00z")),
            ("an offset", json!("2024-01-01T00:00:00.123+05:30")),
            ("a leap second", json!("2016-12-31T23:59:60Z")),
            (
                "a leap second on another day",
                json!("2016-12-30T23:59:60Z"),
            ),
            ("the first instant of year 0", json!("0000-01-01T00:00:00Z")),
            (
                "ten fraction digits",
                json!("2024-01-01T00:00:00.1234567891Z"),
            ),
            ("a number", json!(5)),
        ],
    )
    .set(
        "local",
        vec![
            ("offset -23:59", json!("2024-01-01T00:00:00-23:59")),
            ("offset -00:00", json!("2024-01-01T00:00:00-00:00")),
            (
                "year 9999, UTC in 10000",
                json!("9999-12-31T23:00:00-01:00"),
            ),
            (
                "a leap second with an offset",
                json!("2016-12-31T15:59:60.25-08:00"),
            ),
            ("an array", json!(["2024-01-01T00:00:00Z"])),
        ],
    )
    .set(
        "date",
        vec![
            ("29 Feb 2000", json!("2000-02-29")),
            ("0000-01-01", json!("0000-01-01")),
            ("a number", json!(1)),
        ],
    )
    .set(
        "moment",
        vec![
            (
                "a leap second at a month's end",
                json!("2016-12-31T23:59:60Z"),
            ),
            (
                "the same, with an offset",
                json!("2016-12-31T15:59:60-08:00"),
            ),
            (
                "year 0 at +23:59 (UTC before year 0)",
                json!("0000-01-01T00:00:00+23:59"),
            ),
            ("year 9999 at -23:59", json!("9999-12-31T23:59:59-23:59")),
            ("true", json!(true)),
        ],
    )
    .set(
        "site",
        vec![
            ("normalized", json!("HTTPS://Example.COM:443/a/./b/../c")),
            ("mailto", json!("mailto:joe@example.com")),
            ("urn", json!("urn:isbn:0451450523")),
            ("IPv6 host and port", json!("http://[::1]:8080/")),
            ("a percent escape", json!("https://example.com/%20x")),
            ("a number", json!(80)),
        ],
    )
    .set(
        "ip",
        vec![
            ("IPv4", json!("192.0.2.1")),
            ("IPv6, written back short", json!("2001:DB8::0:1")),
            ("IPv4-mapped IPv6", json!("::ffff:192.0.2.1")),
            ("a number", json!(1)),
        ],
    )
    .without("start")
    .set(
        "start",
        vec![
            ("a date", json!("1999-12-31")),
            ("the default", json!("2026-01-01")),
            ("a number", json!(20_260_101)),
        ],
    )
    .without("docs")
    .set(
        "docs",
        vec![
            ("a URL", json!("https://example.org/")),
            ("a number", json!(1)),
        ],
    )
    .extra("unknown", json!("2024-01-01"));
    a.bad_format(
        "day",
        vec![
            ("29 Feb 2023", json!("2023-02-29")),
            ("one-digit month", json!("2024-1-05")),
            ("a date-time", json!("2024-01-05T00:00:00Z")),
            ("a leading space", json!(" 2024-01-05")),
            ("empty", json!("")),
        ],
    )
    .bad_format(
        "at",
        vec![
            ("no offset", json!("2024-01-01T12:00:00")),
            ("24:00:00", json!("2024-01-01T24:00:00Z")),
            (
                "a leap second not at 23:59 UTC",
                json!("2016-12-31T22:59:60Z"),
            ),
            ("offset +24:00", json!("2024-01-01T00:00:00+24:00")),
        ],
    )
    .bad_format(
        "local",
        vec![("offset without a colon", json!("2024-05-01T12:00:00+0200"))],
    )
    .bad_format(
        "date",
        vec![
            ("month 13", json!("2024-13-01")),
            ("29 Feb 1900", json!("1900-02-29")),
            ("slashes", json!("2024/01/05")),
        ],
    )
    .bad_format(
        "moment",
        vec![
            ("a space for T", json!("2024-01-01 00:00:00Z")),
            ("X for T", json!("2024-01-01X00:00:00Z")),
        ],
    )
    .bad_format(
        "site",
        vec![
            ("a space", json!("https://example.com/a b")),
            ("no scheme", json!("example.com")),
            ("non-ASCII host", json!("https://exämple.com/")),
            ("two fragments", json!("https://example.com/#a#b")),
            ("empty", json!("")),
        ],
    )
    .bad_format("start", vec![("30 Feb", json!("2026-02-30"))])
    .bad_format("docs", vec![("relative", json!("/docs"))])
    .diverge(
        Divergence::NarrowerType,
        "at",
        vec![
            (
                "year 9999 at -01:00: UTC in year 10000",
                json!("9999-12-31T23:00:00-01:00"),
            ),
            (
                "year 0 at +01:00: UTC before year 0",
                json!("0000-01-01T00:30:00+01:00"),
            ),
        ],
    )
    .diverge(
        Divergence::NarrowerType,
        "moment",
        vec![(
            "a leap second off a month's end",
            json!("2016-12-30T23:59:60Z"),
        )],
    )
    .diverge(
        Divergence::NarrowerType,
        "site",
        vec![
            ("an IPv4 host past 255", json!("http://256.0.0.1/")),
            ("a port past 65535", json!("https://example.com:99999/")),
            ("http without a host", json!("http:")),
        ],
    )
    .diverge(
        Divergence::NarrowerType,
        "docs",
        vec![("an IPv4 host past 255", json!("http://256.0.0.1/"))],
    )
    .diverge(
        Divergence::NarrowerType,
        "ip",
        vec![
            ("a host name", json!("example.com")),
            ("an octet past 255", json!("256.0.0.1")),
            ("empty", json!("")),
        ],
    )
    .null_is_absent("at")
    .null_is_absent("start");
    a.list
}

pub(crate) fn renamed() -> Vec<Answer> {
    let mut a = Answers::new(json!({"e-mail": "ada@example.com"}));
    a.whole(
        "every field",
        json!({"e-mail": "joe@example.com", "zip": "1234", "age": 30, "Nick Name": "ada"}),
    )
    .whole("nothing", json!({}))
    .whole(
        "the Rust name instead of the wire name",
        json!({"email": "ada@example.com"}),
    )
    .set(
        "e-mail",
        vec![("a number", json!(5)), ("null", Value::Null)],
    )
    .without("e-mail")
    .set(
        "zip",
        vec![
            ("four digits", json!("1234")),
            ("three digits", json!("123")),
            ("five digits", json!("12345")),
            ("a number", json!(1234)),
        ],
    )
    .set(
        "age",
        vec![
            ("at minimum", json!(0)),
            ("at maximum", json!(150)),
            ("one past maximum", json!(151)),
            ("-1", json!(-1)),
            ("a string", json!("30")),
        ],
    )
    .set(
        "Nick Name",
        vec![
            ("empty", json!("")),
            ("at maxLength", json!("abcdefgh")),
            ("one past maxLength", json!("abcdefghi")),
            ("a number", json!(1)),
        ],
    )
    .extra("postal_code", json!("not checked: unknown"))
    .extra("nick", json!(5))
    .extra("cache", json!([1, 2]))
    .extra("internal", json!("x"))
    .extra("retries", json!(3))
    .extra("from_fn", json!(-1));
    a.bad_format("e-mail", vec![("no @", json!("ada"))])
        .null_is_absent("zip");
    a.list
}

pub(crate) fn renamed_closed() -> Vec<Answer> {
    let mut a = Answers::new(json!({"id": "a"}));
    a.whole("nothing", json!({}))
        .whole(
            "the Rust name instead of the wire name",
            json!({"ident": "a"}),
        )
        .set("id", vec![("a number", json!(1))])
        .without("id")
        .set(
            "n",
            vec![
                ("at minimum", json!(1)),
                ("u8 max", json!(255)),
                ("0", json!(0)),
                ("u8 max + 1", json!(256)),
                ("a string", json!("1")),
            ],
        );
    a.diverge(
        Divergence::Unknown,
        "ident",
        vec![("the Rust name too", json!("a"))],
    )
    .diverge(
        Divergence::Unknown,
        "number",
        vec![("the Rust name", json!(1))],
    )
    .diverge(
        Divergence::Unknown,
        "counter",
        vec![("a skipped field", json!(1))],
    )
    .null_is_absent("n");
    a.list
}
