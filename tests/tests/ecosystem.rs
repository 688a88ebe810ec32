//! The standard library's and the ecosystem's value types as fields: non-zero integers, IP
//! addresses, boxed and shared strings, chrono's and time's dates and date-times, url's
//! `Url`, and a type of the user's own. For each: the schema (checked against the spec),
//! parsing, errors, defaults and round trips. For the formatted types, both sides of
//! validity: what the `format` checker refuses, and what it allows but the crate refuses.

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::{
    NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroIsize, NonZeroU8, NonZeroU16, NonZeroU32,
    NonZeroU64, NonZeroUsize,
};
use std::sync::Arc;

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use elicit_core::schema::{PropertySchema, StringFormat};
use elicit_core::{Elicit, ElicitField, FieldErrorKind};
use serde_json::{Value, json};
use tests::forms::{codes, error_codes, map, round_trip, schema_json};
use url::Url;

/// Whether `T` reads `text`, as a form's field would (the type's parser, then the schema's
/// constraints on the raw value); checks that the verdict never contradicts the schema's.
fn read<T: ElicitField>(text: &str) -> Result<T, FieldErrorKind> {
    let value = Value::String(text.to_owned());
    let schema = T::field_schema();
    let verdict = T::from_json(&value).and_then(|parsed| {
        schema.check(&value)?;
        Ok(parsed)
    });
    if verdict.is_ok() {
        assert_eq!(
            schema.check(&value),
            Ok(()),
            "{text:?}: parsed but off-schema"
        );
    }
    if schema.check(&value).is_err() {
        assert!(verdict.is_err(), "{text:?}: off-schema but parsed");
    }
    verdict
}

fn code<T: ElicitField + std::fmt::Debug>(text: &str) -> &'static str {
    read::<T>(text).expect_err(text).code()
}

// ---------------------------------------------------------------------------------------------
// Non-zero integers
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct NonZeros {
    u8: NonZeroU8,
    u16: NonZeroU16,
    u32: NonZeroU32,
    u64: NonZeroU64,
    usize: NonZeroUsize,
    i8: NonZeroI8,
    i16: NonZeroI16,
    i32: NonZeroI32,
    i64: NonZeroI64,
    isize: NonZeroIsize,
    #[elicit(minimum = 2, maximum = 10, default = 3)]
    seats: NonZeroU8,
    #[elicit(minimum = -5, maximum = 5)]
    step: Option<NonZeroI8>,
}

/// 2^53 − 1: a 64-bit integer's schema stops there by default (I-JSON, RFC 7493).
const I_JSON_MAX: i64 = (1 << 53) - 1;

fn non_zeros_sample() -> NonZeros {
    NonZeros {
        u8: NonZeroU8::MAX,
        u16: NonZeroU16::MIN,
        u32: NonZeroU32::new(7).expect("non-zero"),
        u64: NonZeroU64::new(I_JSON_MAX as u64).expect("non-zero"),
        usize: NonZeroUsize::new(42).expect("non-zero"),
        i8: NonZeroI8::MIN,
        i16: NonZeroI16::new(-1).expect("non-zero"),
        i32: NonZeroI32::MAX,
        i64: NonZeroI64::new(-I_JSON_MAX).expect("non-zero"),
        isize: NonZeroIsize::new(1).expect("non-zero"),
        seats: NonZeroU8::new(10).expect("non-zero"),
        step: NonZeroI8::new(-5),
    }
}

#[test]
fn non_zero_schema() {
    let schema = schema_json::<NonZeros>();
    let properties = &schema["properties"];
    assert_eq!(
        properties["u8"],
        json!({"type": "integer", "minimum": 1, "maximum": 255})
    );
    assert_eq!(
        properties["u64"],
        json!({"type": "integer", "minimum": 1, "maximum": I_JSON_MAX})
    );
    assert_eq!(
        properties["usize"],
        json!({"type": "integer", "minimum": 1, "maximum": I_JSON_MAX})
    );
    assert_eq!(
        properties["i8"],
        json!({"type": "integer", "minimum": -128, "maximum": 127})
    );
    assert_eq!(
        properties["i64"],
        json!({"type": "integer", "minimum": -I_JSON_MAX, "maximum": I_JSON_MAX})
    );
    // `minimum`/`maximum` narrow the type's range, as on plain integers.
    assert_eq!(
        properties["seats"],
        json!({"type": "integer", "minimum": 2, "maximum": 10, "default": 3})
    );
    assert_eq!(
        properties["step"],
        json!({"type": "integer", "minimum": -5, "maximum": 5})
    );
    assert_eq!(
        schema["required"],
        json!([
            "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"
        ])
    );
}

#[test]
fn non_zero_parse_and_round_trip() {
    round_trip(&non_zeros_sample());
    round_trip(&NonZeros {
        step: None,
        ..non_zeros_sample()
    });
    let mut content = non_zeros_sample().to_content();
    content.remove("seats");
    content.insert("u8".into(), json!(4.0));
    let parsed = NonZeros::from_content(&content).expect("parses");
    assert_eq!(parsed.seats.get(), 3, "the default");
    assert_eq!(parsed.u8.get(), 4, "a whole float is an integer");
}

#[test]
fn non_zero_refuses_zero_and_what_does_not_fit() {
    let mut content = non_zeros_sample().to_content();
    for key in ["u8", "u64", "i8", "i64", "isize"] {
        content.insert(key.into(), json!(0));
    }
    content.insert("u16".into(), json!(-1));
    content.insert("u32".into(), json!(4.5));
    content.insert("i16".into(), json!(40_000));
    content.insert("i32".into(), json!("1"));
    content.insert("seats".into(), json!(1));
    content.insert("step".into(), json!(0));
    assert_eq!(
        error_codes::<NonZeros>(&Value::Object(content)),
        codes(&[
            ("u8", "out_of_range"),
            ("u16", "out_of_range"),
            ("u32", "not_an_integer"),
            ("u64", "out_of_range"),
            ("i8", "out_of_range"),
            ("i16", "out_of_range"),
            ("i32", "wrong_type"),
            ("i64", "out_of_range"),
            ("isize", "out_of_range"),
            ("seats", "below_minimum"),
            ("step", "out_of_range"),
        ])
    );
    assert_eq!(
        NonZeroI32::from_json(&json!(0)).map_err(|e| e.to_string()),
        Err("0 is out of the range of `NonZeroI32`".to_owned())
    );
}

#[test]
fn signed_zero_is_only_refused_by_the_type() {
    // The schema of a signed non-zero cannot exclude 0, so a schema-only client lets it
    // through; the typed parser does not.
    let mut content = non_zeros_sample().to_content();
    content.insert("i8".into(), json!(0));
    assert_eq!(NonZeros::requested_schema().validate(&content), Ok(()));
    assert_eq!(
        error_codes::<NonZeros>(&Value::Object(content)),
        codes(&[("i8", "out_of_range")])
    );
    // Unsigned: the schema's `minimum: 1` already refuses it.
    let mut content = non_zeros_sample().to_content();
    content.insert("u8".into(), json!(0));
    let error = NonZeros::requested_schema()
        .validate(&content)
        .expect_err("minimum 1");
    assert_eq!(error.errors()[0].kind().code(), "below_minimum");
}

// ---------------------------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Addresses {
    any: IpAddr,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    #[elicit(default = "127.0.0.1")]
    bind: Ipv4Addr,
    /// The gateway, if not the default one
    gateway: Option<IpAddr>,
}

fn addresses_sample() -> Addresses {
    Addresses {
        any: IpAddr::V6(Ipv6Addr::LOCALHOST),
        v4: Ipv4Addr::new(192, 0, 2, 1),
        v6: "2001:db8::1".parse().expect("IPv6"),
        bind: Ipv4Addr::UNSPECIFIED,
        gateway: Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1))),
    }
}

#[test]
fn ip_schema() {
    let schema = schema_json::<Addresses>();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "any": {"type": "string"},
                "v4": {"type": "string"},
                "v6": {"type": "string"},
                "bind": {"type": "string", "default": "127.0.0.1"},
                "gateway": {"type": "string", "description": "The gateway, if not the default one"}
            },
            "required": ["any", "v4", "v6"]
        })
    );
}

#[test]
fn ip_parse_and_round_trip() {
    round_trip(&addresses_sample());
    round_trip(&Addresses {
        gateway: None,
        ..addresses_sample()
    });
    let content = json!({"any": "192.0.2.1", "v4": "192.0.2.1", "v6": "2001:DB8:0:0:0:0:0:1"});
    let parsed = Addresses::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.any, IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)));
    assert_eq!(parsed.bind, Ipv4Addr::LOCALHOST, "the default");
    // Written back in the canonical form.
    assert_eq!(parsed.to_content()["v6"], "2001:db8::1");
    assert_eq!(
        read::<Ipv6Addr>("::ffff:192.0.2.1").map(|a| a.to_json()),
        Ok(json!("::ffff:192.0.2.1"))
    );
}

#[test]
fn ip_errors() {
    let content = json!({
        "any": "localhost",
        "v4": "2001:db8::1",
        "v6": "192.0.2.1",
        "bind": "01.2.3.4",
        "gateway": 10
    });
    let error = Addresses::from_content(map(&content)).expect_err("all invalid");
    assert_eq!(
        error.to_string(),
        "\
`any`: must be an IPv4 or IPv6 address
`v4`: must be an IPv4 address
`v6`: must be an IPv6 address
`bind`: must be an IPv4 address
`gateway`: expected a string, got number"
    );
    assert_eq!(error.errors()[0].kind().code(), "invalid");
    for bad in [
        "",
        " 192.0.2.1",
        "192.0.2.1/24",
        "192.0.2",
        "256.0.0.1",
        "[::1]",
    ] {
        assert_eq!(code::<IpAddr>(bad), "invalid", "{bad:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Boxed, shared and copy-on-write strings
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Strings {
    boxed: Box<str>,
    shared: Arc<str>,
    cow: Cow<'static, str>,
    #[elicit(min_length = 2, max_length = 5, pattern = "^[a-z]+$")]
    word: Box<str>,
    #[elicit(format = "email")]
    email: Option<Arc<str>>,
    #[elicit(default = "hello")]
    greeting: Cow<'static, str>,
}

fn strings_sample() -> Strings {
    Strings {
        boxed: "bøx".into(),
        shared: Arc::from(""),
        cow: Cow::Borrowed("borrowed"),
        word: "abc".into(),
        email: Some(Arc::from("ada@example.com")),
        greeting: Cow::Owned("hi".to_owned()),
    }
}

#[test]
fn string_like_schema() {
    let schema = schema_json::<Strings>();
    assert_eq!(
        schema["properties"],
        json!({
            "boxed": {"type": "string"},
            "shared": {"type": "string"},
            "cow": {"type": "string"},
            "word": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"},
            "email": {"type": "string", "format": "email"},
            "greeting": {"type": "string", "default": "hello"}
        })
    );
    assert_eq!(
        schema["required"],
        json!(["boxed", "shared", "cow", "word"])
    );
}

#[test]
fn string_like_parse_and_round_trip() {
    round_trip(&strings_sample());
    round_trip(&Strings {
        email: None,
        ..strings_sample()
    });
    let content = json!({"boxed": "a", "shared": "b", "cow": "c", "word": "de"});
    let parsed = Strings::from_content(map(&content)).expect("parses");
    assert_eq!(&*parsed.shared, "b");
    assert_eq!(parsed.greeting, "hello", "the default");
    assert!(matches!(parsed.cow, Cow::Owned(_)));
}

#[test]
fn string_like_errors() {
    let content = json!({
        "boxed": 1,
        "shared": null,
        "cow": ["c"],
        "word": "ABCDEF",
        "email": "ada"
    });
    assert_eq!(
        error_codes::<Strings>(&content),
        codes(&[
            ("boxed", "wrong_type"),
            ("shared", "missing"),
            ("cow", "wrong_type"),
            ("word", "too_long"),
            ("email", "bad_format"),
        ])
    );
    let content = json!({"boxed": "", "shared": "", "cow": "", "word": "A1"});
    assert_eq!(
        error_codes::<Strings>(&content),
        codes(&[("word", "pattern_mismatch")])
    );
}

// ---------------------------------------------------------------------------------------------
// chrono
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
#[elicit(rename_all = "camelCase")]
struct ChronoForm {
    /// The day of the event
    day: NaiveDate,
    starts_at: DateTime<Utc>,
    local_time: DateTime<FixedOffset>,
    #[elicit(default = "2026-01-01")]
    first_day: NaiveDate,
    #[elicit(default = "2026-01-01T09:00:00+01:00")]
    opens_at: DateTime<FixedOffset>,
    ends_at: Option<DateTime<Utc>>,
}

fn chrono_sample() -> ChronoForm {
    let offset = FixedOffset::east_opt(5 * 3600 + 30 * 60).expect("offset");
    ChronoForm {
        day: NaiveDate::from_ymd_opt(2024, 2, 29).expect("date"),
        starts_at: Utc
            .with_ymd_and_hms(2024, 5, 1, 12, 0, 0)
            .single()
            .expect("date-time"),
        local_time: offset
            .with_ymd_and_hms(2024, 5, 1, 17, 30, 0)
            .single()
            .expect("date-time"),
        first_day: NaiveDate::from_ymd_opt(2000, 1, 1).expect("date"),
        opens_at: FixedOffset::west_opt(8 * 3600)
            .expect("offset")
            .with_ymd_and_hms(1999, 12, 31, 23, 59, 59)
            .single()
            .expect("date-time"),
        ends_at: Some(
            DateTime::parse_from_rfc3339("2024-05-01T13:00:00.123456789Z")
                .expect("RFC 3339")
                .to_utc(),
        ),
    }
}

#[test]
fn chrono_schema() {
    let schema = schema_json::<ChronoForm>();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "day": {"type": "string", "description": "The day of the event", "format": "date"},
                "startsAt": {"type": "string", "format": "date-time"},
                "localTime": {"type": "string", "format": "date-time"},
                "firstDay": {"type": "string", "format": "date", "default": "2026-01-01"},
                "opensAt": {"type": "string", "format": "date-time",
                            "default": "2026-01-01T09:00:00+01:00"},
                "endsAt": {"type": "string", "format": "date-time"}
            },
            "required": ["day", "startsAt", "localTime"]
        })
    );
}

#[test]
fn chrono_parse_defaults_and_round_trip() {
    round_trip(&chrono_sample());
    round_trip(&ChronoForm {
        ends_at: None,
        ..chrono_sample()
    });
    let content = json!({
        "day": "2024-02-29",
        "startsAt": "2024-05-01T14:00:00+02:00",
        "localTime": "2024-05-01t17:30:00.5+05:30",
    });
    let parsed = ChronoForm::from_content(map(&content)).expect("parses");
    assert_eq!(
        parsed.starts_at,
        chrono_sample().starts_at,
        "converted to UTC"
    );
    assert_eq!(
        parsed.local_time.offset(),
        &FixedOffset::east_opt(19_800).expect("offset")
    );
    // The string defaults went through `NaiveDate`'s and `DateTime`'s own parsers.
    assert_eq!(
        parsed.first_day,
        NaiveDate::from_ymd_opt(2026, 1, 1).expect("date")
    );
    assert_eq!(parsed.opens_at.to_rfc3339(), "2026-01-01T09:00:00+01:00");
    assert_eq!(parsed.ends_at, None);
    let written = parsed.to_content();
    assert_eq!(written["startsAt"], "2024-05-01T12:00:00Z");
    assert_eq!(written["localTime"], "2024-05-01T17:30:00.500+05:30");
    assert_eq!(written["firstDay"], "2026-01-01");
}

#[test]
fn chrono_errors() {
    let content = json!({
        "day": "2023-02-29",
        "startsAt": "2024-05-01T12:00:00",
        "localTime": "2024-05-01 12:00:00Z",
        "firstDay": 20_260_101,
        "endsAt": "0000-01-01T00:30:00+01:00",
    });
    let error = ChronoForm::from_content(map(&content)).expect_err("all invalid");
    assert_eq!(
        error.to_string(),
        "\
`day`: must be a valid calendar date (YYYY-MM-DD)
`startsAt`: must be a valid RFC 3339 date-time with an offset
`localTime`: must be a valid RFC 3339 date-time with an offset
`firstDay`: expected a string, got number
`endsAt`: must fall in the years 0000–9999 in UTC"
    );
    assert_eq!(error.errors()[4].kind().code(), "invalid");
}

#[test]
fn chrono_date_time_edges() {
    let utc = |text: &str| read::<DateTime<Utc>>(text).map(|dt| dt.to_json());
    let fixed = |text: &str| read::<DateTime<FixedOffset>>(text).map(|dt| dt.to_json());
    // Lowercase `t` and `z` are RFC 3339; written back in uppercase.
    assert_eq!(
        utc("2024-02-29t12:30:00z"),
        Ok(json!("2024-02-29T12:30:00Z"))
    );
    // A leap second, at 23:59:60 UTC on any day: chrono keeps it.
    assert_eq!(
        utc("2016-12-31T23:59:60Z"),
        Ok(json!("2016-12-31T23:59:60Z"))
    );
    assert_eq!(
        utc("2016-12-30T23:59:60Z"),
        Ok(json!("2016-12-30T23:59:60Z"))
    );
    assert_eq!(
        fixed("2016-12-31T15:59:60.25-08:00"),
        Ok(json!("2016-12-31T15:59:60.250-08:00"))
    );
    assert_eq!(code::<DateTime<Utc>>("2016-12-31T22:59:60Z"), "bad_format");
    // Fraction digits past nine are dropped.
    assert_eq!(
        utc("2024-01-01T00:00:00.1234567891Z"),
        Ok(json!("2024-01-01T00:00:00.123456789Z"))
    );
    // Offsets up to ±23:59; `-00:00` is UTC.
    assert_eq!(
        fixed("2024-01-01T00:00:00-23:59"),
        Ok(json!("2024-01-01T00:00:00-23:59"))
    );
    assert_eq!(
        fixed("2024-01-01T00:00:00-00:00"),
        Ok(json!("2024-01-01T00:00:00Z"))
    );
    assert_eq!(
        code::<DateTime<Utc>>("2024-01-01T00:00:00+24:00"),
        "bad_format"
    );
    // The instant must be writable with `Z`, so within the years 0000–9999 in UTC too.
    assert_eq!(
        utc("0000-01-01T00:00:00Z"),
        Ok(json!("0000-01-01T00:00:00Z"))
    );
    assert_eq!(
        code::<DateTime<Utc>>("9999-12-31T23:00:00-01:00"),
        "invalid"
    );
    assert_eq!(
        fixed("9999-12-31T23:00:00-01:00"),
        Ok(json!("9999-12-31T23:00:00-01:00"))
    );
    // An offset with seconds cannot be written in RFC 3339: written in UTC instead.
    let odd = FixedOffset::east_opt(3601)
        .expect("offset")
        .with_ymd_and_hms(2024, 1, 1, 1, 0, 1)
        .single()
        .expect("date-time");
    assert_eq!(odd.to_json(), "2024-01-01T00:00:00Z");
}

#[test]
fn chrono_dates() {
    let date = |text: &str| read::<NaiveDate>(text).map(|d| d.to_json());
    assert_eq!(date("2000-02-29"), Ok(json!("2000-02-29")));
    assert_eq!(date("0000-01-01"), Ok(json!("0000-01-01")));
    assert_eq!(date("9999-12-31"), Ok(json!("9999-12-31")));
    for bad in [
        "1900-02-29",
        "2024-04-31",
        "2024-1-5",
        "+2024-01-05",
        "20240105",
        "2024-01-05T00:00:00Z",
        " 2024-01-05",
        "",
    ] {
        assert_eq!(code::<NaiveDate>(bad), "bad_format", "{bad:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// time
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct TimeForm {
    day: time::Date,
    at: time::OffsetDateTime,
    #[elicit(default = "2026-01-01")]
    first_day: time::Date,
    #[elicit(default = "2026-01-01T09:00:00+01:00")]
    opens_at: time::OffsetDateTime,
    closes_at: Option<time::OffsetDateTime>,
}

fn time_sample() -> TimeForm {
    let date = |y, m, d| time::Date::from_calendar_date(y, m, d).expect("date");
    let offset = time::UtcOffset::from_hms(-3, -30, 0).expect("offset");
    TimeForm {
        day: date(2024, time::Month::February, 29),
        at: date(2024, time::Month::May, 1)
            .with_hms_nano(12, 0, 0, 500_000_000)
            .expect("time")
            .assume_offset(offset),
        first_day: date(1, time::Month::January, 1),
        opens_at: date(2024, time::Month::May, 1).midnight().assume_utc(),
        closes_at: Some(
            date(9999, time::Month::December, 31)
                .with_hms(23, 59, 59)
                .expect("time")
                .assume_utc(),
        ),
    }
}

#[test]
fn time_schema() {
    let schema = schema_json::<TimeForm>();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "day": {"type": "string", "format": "date"},
                "at": {"type": "string", "format": "date-time"},
                "first_day": {"type": "string", "format": "date", "default": "2026-01-01"},
                "opens_at": {"type": "string", "format": "date-time",
                             "default": "2026-01-01T09:00:00+01:00"},
                "closes_at": {"type": "string", "format": "date-time"}
            },
            "required": ["day", "at"]
        })
    );
}

#[test]
fn time_parse_defaults_and_round_trip() {
    round_trip(&time_sample());
    round_trip(&TimeForm {
        closes_at: None,
        ..time_sample()
    });
    let content = json!({"day": "2024-02-29", "at": "2024-05-01t12:00:00.5-03:30"});
    let parsed = TimeForm::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.day, time_sample().day);
    assert_eq!(parsed.at, time_sample().at);
    assert_eq!(parsed.at.offset(), time_sample().at.offset(), "offset kept");
    assert_eq!(
        parsed.first_day,
        time::Date::from_calendar_date(2026, time::Month::January, 1).expect("date")
    );
    assert_eq!(
        parsed.opens_at.offset(),
        time::UtcOffset::from_hms(1, 0, 0).expect("offset")
    );
    let written = parsed.to_content();
    assert_eq!(written["at"], "2024-05-01T12:00:00.5-03:30");
    assert_eq!(written["first_day"], "2026-01-01");
    assert_eq!(time_sample().to_content()["first_day"], "0001-01-01");
}

#[test]
fn time_errors() {
    let content = json!({
        "day": "2024-02-30",
        "at": "2024-05-01T12:00:00+0200",
        "first_day": "2026-01-01T00:00:00Z",
        "closes_at": "2024-01-15T23:59:60Z",
    });
    let error = TimeForm::from_content(map(&content)).expect_err("all invalid");
    assert_eq!(
        error.to_string(),
        "\
`day`: must be a valid calendar date (YYYY-MM-DD)
`at`: must be a valid RFC 3339 date-time with an offset
`first_day`: must be a valid calendar date (YYYY-MM-DD)
`closes_at`: a leap second (23:59:60 UTC) is accepted only on the last day of a month"
    );
}

#[test]
fn time_date_time_edges() {
    let read_back = |text: &str| read::<time::OffsetDateTime>(text).map(|dt| dt.to_json());
    assert_eq!(
        read_back("2024-02-29t12:30:00z"),
        Ok(json!("2024-02-29T12:30:00Z"))
    );
    // time has no leap seconds: the last second of a month reads as its last nanosecond…
    assert_eq!(
        read_back("2016-12-31T23:59:60Z"),
        Ok(json!("2016-12-31T23:59:59.999999999Z"))
    );
    assert_eq!(
        read_back("2016-12-31T15:59:60-08:00"),
        Ok(json!("2016-12-31T15:59:59.999999999-08:00"))
    );
    // …and on another day, the format allows it but time refuses: a field error.
    assert_eq!(
        code::<time::OffsetDateTime>("2016-12-30T23:59:60Z"),
        "invalid"
    );
    assert_eq!(
        code::<time::OffsetDateTime>("2016-12-31T22:59:60Z"),
        "bad_format"
    );
    assert_eq!(
        read_back("2024-01-01T00:00:00.1234567891Z"),
        Ok(json!("2024-01-01T00:00:00.123456789Z"))
    );
    assert_eq!(
        read_back("0000-01-01T00:00:00+23:59"),
        Ok(json!("0000-01-01T00:00:00+23:59"))
    );
    assert_eq!(
        read_back("9999-12-31T23:59:59-23:59"),
        Ok(json!("9999-12-31T23:59:59-23:59"))
    );
    // Separators time would take and the format does not.
    assert_eq!(
        code::<time::OffsetDateTime>("2024-01-01 00:00:00Z"),
        "bad_format"
    );
    assert_eq!(
        code::<time::OffsetDateTime>("2024-01-01X00:00:00Z"),
        "bad_format"
    );
    // An offset RFC 3339 cannot write is written in UTC.
    let odd = time::Date::from_calendar_date(2024, time::Month::January, 1)
        .expect("date")
        .with_hms(1, 0, 1)
        .expect("time")
        .assume_offset(time::UtcOffset::from_hms(1, 0, 1).expect("offset"));
    assert_eq!(odd.to_json(), "2024-01-01T00:00:00Z");
    // No RFC 3339 form at all (UTC is in the year 10000): written, and refused when read.
    let beyond = time::Date::from_calendar_date(9999, time::Month::December, 31)
        .expect("date")
        .with_hms(23, 59, 59)
        .expect("time")
        .assume_offset(time::UtcOffset::from_hms(-23, -59, -59).expect("offset"));
    let written = beyond.to_json();
    assert_eq!(
        time::OffsetDateTime::from_json(&written).map_err(|e| e.code()),
        Err("bad_format"),
        "{written}"
    );
}

#[test]
fn time_dates() {
    let date = |text: &str| read::<time::Date>(text).map(|d| d.to_json());
    assert_eq!(date("2000-02-29"), Ok(json!("2000-02-29")));
    assert_eq!(date("0000-01-01"), Ok(json!("0000-01-01")));
    assert_eq!(date("9999-12-31"), Ok(json!("9999-12-31")));
    for bad in [
        "1900-02-29",
        "2024-13-01",
        "2024-00-10",
        "2024/01/05",
        "٢٠٢٤-01-05",
    ] {
        assert_eq!(code::<time::Date>(bad), "bad_format", "{bad:?}");
    }
}

/// Every string one edit away from a valid date-time: none may panic, and each type's
/// verdict agrees with the schema's whenever the type accepts.
#[test]
fn date_time_neighbours_never_panic() {
    let seeds = [
        "2016-12-31T23:59:60.123+05:30",
        "2024-02-29t00:00:00z",
        "0000-01-01T00:00:00-23:59",
    ];
    let replacements = "0123456789:-+.TtZz 6é";
    let mut tried = 0;
    for seed in seeds {
        let chars: Vec<char> = seed.chars().collect();
        for index in 0..=chars.len() {
            let mut variants = vec![];
            for replacement in replacements.chars() {
                let mut replaced = chars.clone();
                if index < chars.len() {
                    replaced[index] = replacement;
                    variants.push(replaced.iter().collect::<String>());
                }
                let mut inserted = chars.clone();
                inserted.insert(index, replacement);
                variants.push(inserted.iter().collect());
            }
            let mut removed = chars.clone();
            if index < chars.len() {
                removed.remove(index);
                variants.push(removed.iter().collect());
            }
            for text in variants {
                let _ = read::<DateTime<Utc>>(&text);
                let _ = read::<DateTime<FixedOffset>>(&text);
                let _ = read::<time::OffsetDateTime>(&text);
                let date: String = text.chars().take(10).collect();
                let _ = read::<NaiveDate>(&date);
                let _ = read::<time::Date>(&date);
                tried += 1;
            }
        }
    }
    assert!(tried > 1000);
}

// ---------------------------------------------------------------------------------------------
// url
// ---------------------------------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(untitled)]
struct Links {
    homepage: Url,
    #[elicit(default = "https://example.com/docs")]
    docs: Url,
    /// Where to send the result
    callback: Option<Url>,
}

fn links_sample() -> Links {
    Links {
        homepage: Url::parse("https://example.com/a?b=c#d").expect("URL"),
        docs: Url::parse("mailto:joe@example.com").expect("URL"),
        callback: Some(Url::parse("http://[::1]:8080/hook").expect("URL")),
    }
}

#[test]
fn url_schema() {
    assert_eq!(
        schema_json::<Links>(),
        json!({
            "type": "object",
            "properties": {
                "homepage": {"type": "string", "format": "uri"},
                "docs": {"type": "string", "format": "uri", "default": "https://example.com/docs"},
                "callback": {"type": "string", "description": "Where to send the result",
                             "format": "uri"}
            },
            "required": ["homepage"]
        })
    );
}

#[test]
fn url_parse_defaults_and_round_trip() {
    round_trip(&links_sample());
    round_trip(&Links {
        callback: None,
        ..links_sample()
    });
    let content = json!({"homepage": "HTTPS://Example.COM:443/a/./b/../c"});
    let parsed = Links::from_content(map(&content)).expect("parses");
    assert_eq!(parsed.homepage.as_str(), "https://example.com/a/c");
    assert_eq!(
        parsed.docs.as_str(),
        "https://example.com/docs",
        "the default"
    );
    assert_eq!(parsed.to_content()["homepage"], "https://example.com/a/c");
}

#[test]
fn url_both_sides_of_validity() {
    for good in [
        "https://example.com/a?b=c#d",
        "mailto:joe@example.com",
        "urn:isbn:0451450523",
        "http://[::1]:8080/",
        "file:///etc/hosts",
        "https://example.com/%20x",
        "https://user:pass@example.com/",
        "https://xn--mnchen-3ya.de/",
        "custom+scheme://host/p?q#f",
        "HTTPS://Example.COM:443/a/./b/../c",
    ] {
        let url = read::<Url>(good).unwrap_or_else(|error| panic!("{good}: {error}"));
        // What `to_json` writes passes the format too, and reads back equal.
        let written = url.to_json();
        let written = written.as_str().expect("a string");
        assert_eq!(read::<Url>(written), Ok(url), "{good}");
    }
    // `Url::parse` would take these (encoding or trimming), the `uri` format does not.
    for lenient in [
        "https://example.com/a b",
        " https://example.com/",
        "https://exämple.com/",
        "https:\\\\example.com\\a",
        "https://example.com/#a#b",
        "https://example.com/{x}",
        "https://example.com/%zz",
    ] {
        assert!(Url::parse(lenient).is_ok(), "{lenient}");
        assert_eq!(code::<Url>(lenient), "bad_format", "{lenient:?}");
    }
    // The format takes these, `Url::parse` does not.
    for refused in [
        "http:",
        "http://256.0.0.1/",
        "https://example.com:99999/",
        "http://[::1/",
        "https://exa%41mple.com:x/",
    ] {
        assert!(
            elicit_core::schema::PropertySchema::String(elicit_core::schema::StringSchema {
                format: Some(StringFormat::Uri),
                ..Default::default()
            })
            .check(&json!(refused))
            .is_ok(),
            "{refused}"
        );
        assert_eq!(code::<Url>(refused), "invalid", "{refused:?}");
    }
    for neither in ["", "example.com", "/relative/path", "1http://x"] {
        assert_eq!(code::<Url>(neither), "bad_format", "{neither:?}");
    }
}

#[test]
fn url_errors() {
    let content = json!({"homepage": "example.com", "docs": "http://256.0.0.1/", "callback": 3});
    let error = Links::from_content(map(&content)).expect_err("all invalid");
    assert_eq!(
        error.to_string(),
        "\
`homepage`: must be a valid absolute URI with a scheme
`docs`: must be a valid URL: invalid IPv4 address
`callback`: expected a string, got number"
    );
}

// ---------------------------------------------------------------------------------------------
// A field type of the user's own (the example in the guide's `types` chapter)
// ---------------------------------------------------------------------------------------------

mod own_type {
    use std::fmt;
    use std::str::FromStr;

    use elicit_core::schema::{PropertySchema, StringSchema};
    use elicit_core::{Elicit, ElicitField, FieldErrorKind};
    use serde_json::{Value, json};

    /// A URL path segment: lowercase letters, digits and inner hyphens.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Slug(String);

    impl FromStr for Slug {
        type Err = String;

        fn from_str(text: &str) -> Result<Self, String> {
            if !text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            {
                return Err("use only lowercase letters, digits and `-`".into());
            }
            if text.starts_with('-') || text.ends_with('-') {
                return Err("a slug cannot start or end with `-`".into());
            }
            Ok(Slug(text.to_owned()))
        }
    }

    impl fmt::Display for Slug {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl ElicitField for Slug {
        fn field_schema() -> PropertySchema {
            // What the client sees. Constraints written here are checked on every answer
            // too, after `from_json`.
            PropertySchema::String(StringSchema {
                min_length: Some(1),
                max_length: Some(60),
                ..StringSchema::default()
            })
        }

        fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
            let text = String::from_json(value)?; // not a string: `wrong_type`
            text.parse()
                .map_err(|reason| FieldErrorKind::Invalid { reason })
        }

        fn to_json(&self) -> Value {
            Value::String(self.to_string())
        }
    }

    /// Publish the post
    #[derive(Elicit, Debug, PartialEq)]
    #[elicit(untitled)]
    #[elicit(rename_all = "camelCase")]
    struct Publish {
        /// The post's address, like `my-first-post`
        slug: Slug,
        #[elicit(default = "drafts")]
        section: Slug,
        redirect_from: Option<Slug>,
    }

    #[test]
    fn readme_example() {
        assert_eq!(
            serde_json::to_value(Publish::requested_schema()).unwrap(),
            json!({
                "type": "object",
                "properties": {
                    "slug": {"type": "string", "description": "The post's address, like `my-first-post`",
                             "minLength": 1, "maxLength": 60},
                    "section": {"type": "string", "minLength": 1, "maxLength": 60, "default": "drafts"},
                    "redirectFrom": {"type": "string", "minLength": 1, "maxLength": 60}
                },
                "required": ["slug"]
            })
        );

        let answer = json!({"slug": "hello-world"});
        let post = Publish::from_content(answer.as_object().unwrap()).unwrap();
        assert_eq!(post.slug, Slug("hello-world".into()));
        assert_eq!(post.section.to_string(), "drafts");
        assert_eq!(post.redirect_from, None);

        let bad = json!({"slug": "Hello World", "section": "", "redirectFrom": "old-"});
        let error = Publish::from_content(bad.as_object().unwrap()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "\
`slug`: use only lowercase letters, digits and `-`
`section`: must be at least 1 character, got 0
`redirectFrom`: a slug cannot start or end with `-`"
        );
    }

    #[test]
    fn round_trip_and_spec() {
        let post = Publish {
            slug: "a-b".parse().unwrap(),
            section: "news".parse().unwrap(),
            redirect_from: Some("c".parse().unwrap()),
        };
        super::round_trip(&post);
        super::schema_json::<Publish>();
    }
}

/// The property schema of each type, as `field_schema` gives it (before attributes).
#[test]
fn field_schemas_of_formatted_types() {
    let format = |schema: PropertySchema| match schema {
        PropertySchema::String(s) => s.format,
        _ => panic!("not a string"),
    };
    assert_eq!(format(NaiveDate::field_schema()), Some(StringFormat::Date));
    assert_eq!(format(time::Date::field_schema()), Some(StringFormat::Date));
    for schema in [
        DateTime::<Utc>::field_schema(),
        DateTime::<FixedOffset>::field_schema(),
        time::OffsetDateTime::field_schema(),
    ] {
        assert_eq!(format(schema), Some(StringFormat::DateTime));
    }
    assert_eq!(format(Url::field_schema()), Some(StringFormat::Uri));
    assert_eq!(format(IpAddr::field_schema()), None);
}

/// Every form declared at the top of this file: parser, `to_content`, `validate` and the
/// defaults agree on answers generated from its schema.
#[test]
fn every_form_here_is_sound() {
    tests::soundness::check_narrowed_form_is_sound::<NonZeros>();
    tests::soundness::check_narrowed_form_is_sound::<Addresses>();
    tests::soundness::check_form_is_sound::<Strings>();
    tests::soundness::check_narrowed_form_is_sound::<ChronoForm>();
    tests::soundness::check_narrowed_form_is_sound::<TimeForm>();
    tests::soundness::check_form_is_sound::<Links>();
}

/// `NonZeros`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "validate accepts 0 for a signed non-zero (the schema cannot exclude it); the parser refuses it"]
fn non_zeros_verdicts_agree() {
    tests::soundness::check_form_is_sound::<NonZeros>();
}

/// `Addresses`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "an IP address field is a plain string in the schema; the parser refuses non-addresses"]
fn addresses_verdicts_agree() {
    tests::soundness::check_form_is_sound::<Addresses>();
}

/// `ChronoForm`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "a date-time the format allows but outside chrono's years 0000-9999 in UTC passes validate, the parser refuses it"]
fn chrono_form_verdicts_agree() {
    tests::soundness::check_form_is_sound::<ChronoForm>();
}

/// `TimeForm`'s parser refuses some answers its schema allows (see the ignore reason): kept as
/// a record; `every_form_here_is_sound` checks the form with that one allowance.
#[test]
#[ignore = "a leap second not on a month's last day passes the date-time format, the time crate refuses it"]
fn time_form_verdicts_agree() {
    tests::soundness::check_form_is_sound::<TimeForm>();
}
