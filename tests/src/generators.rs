//! Proptest generators of values in MCP's string formats, shared by the property tests and
//! the soundness checker: valid dates, date-times, e-mail addresses and URIs.

use proptest::prelude::*;
use proptest::sample::select;

/// The days of `month` (1–12) in `year`, leap years included.
pub fn days_in(year: u32, month: u32) -> u32 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Any valid RFC 3339 `full-date` from 0000-01-01 to 9999-12-31.
pub fn date() -> BoxedStrategy<String> {
    (0u32..=9999, 1u32..=12)
        .prop_flat_map(|(year, month)| (Just(year), Just(month), 1..=days_in(year, month)))
        .prop_map(|(year, month, day)| format!("{year:04}-{month:02}-{day:02}"))
        .boxed()
}

/// Any RFC 3339 `date-time` of `date()`, either case of `T` and `Z`, an optional fraction;
/// seconds reach 60 (a leap second) only when `leap_seconds`.
pub fn date_time(leap_seconds: bool) -> BoxedStrategy<String> {
    let offset = prop_oneof![
        Just("Z".to_owned()),
        Just("z".to_owned()),
        (select(vec!['+', '-']), 0u32..24, 0u32..60)
            .prop_map(|(sign, h, m)| format!("{sign}{h:02}:{m:02}")),
    ];
    let fraction = prop_oneof![Just(String::new()), "\\.[0-9]{1,9}"];
    let last_second = if leap_seconds { 60 } else { 59 };
    (
        date(),
        select(vec!['T', 't']),
        0u32..24,
        0u32..60,
        0u32..=last_second,
        fraction,
        offset,
    )
        .prop_map(|(date, t, h, m, s, fraction, offset)| {
            format!("{date}{t}{h:02}:{m:02}:{s:02}{fraction}{offset}")
        })
        .boxed()
}

/// E-mail addresses: a dot-atom local part and a host name.
pub fn email() -> BoxedStrategy<String> {
    "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,10}(\\.[a-z0-9]{1,5}){0,2}@[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?(\\.[a-z]{2,6}){0,3}"
        .boxed()
}

/// Absolute URIs: a scheme and URI characters, with an escape and a fragment now and then.
pub fn uri() -> BoxedStrategy<String> {
    "[a-zA-Z][a-zA-Z0-9+.-]{0,6}:[a-zA-Z0-9/?._~:@!$&'()*+,;=-]{0,24}(%[0-9a-fA-F]{2})?(#[a-z0-9]{0,6})?"
        .boxed()
}
