//! time's dates and date-times (feature `time`).

use ::time::format_description::well_known::Rfc3339;
use ::time::{Date, Month, OffsetDateTime, UtcOffset};
use serde_json::Value;

use super::formatted::{invalid, schema, text};
use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::schema::{PropertySchema, StringFormat};

/// `{"type":"string","format":"date"}`: a calendar date, `YYYY-MM-DD`.
///
/// Anything but a real date of the years 0000–9999 in exactly that form (`2023-02-29`,
/// `2024-1-5`, a date-time) is `bad_format`. A date outside those years has no such form:
/// `to_json` writes a signed or longer year, which does not parse back.
///
/// ```
/// use elicit_core::ElicitField;
/// use time::{Date, Month};
///
/// let leap_day = Date::from_calendar_date(2024, Month::February, 29).unwrap();
/// assert_eq!(Date::from_json(&"2024-02-29".into()), Ok(leap_day));
/// assert_eq!(Date::from_json(&"2023-02-29".into()).unwrap_err().code(), "bad_format");
/// assert_eq!(leap_day.to_json(), "2024-02-29");
/// ```
impl ElicitField for Date {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::Date)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let text = text(value, StringFormat::Date)?;
        // The format's checker has proven `YYYY-MM-DD` in ASCII digits.
        let number = |range: std::ops::Range<usize>| text[range].parse::<u16>().unwrap_or(0);
        let month = u8::try_from(number(5..7)).unwrap_or(0);
        let day = u8::try_from(number(8..10)).unwrap_or(0);
        Month::try_from(month)
            .and_then(|month| Date::from_calendar_date(i32::from(number(0..4)), month, day))
            .map_err(|error| invalid(format!("must be a calendar date: {error}")))
    }

    fn to_json(&self) -> Value {
        Value::String(format!(
            "{:04}-{:02}-{:02}",
            self.year(),
            u8::from(self.month()),
            self.day()
        ))
    }
}

/// `{"type":"string","format":"date-time"}`: an RFC 3339 date-time, keeping its offset.
///
/// Accepts what the `date-time` format accepts (`T`/`Z` in either case, any number of
/// fraction digits, of which time keeps nine), with one difference: time has no leap
/// seconds, and takes `23:59:60` (UTC) only on the last day of a month, as the nanosecond
/// before (`23:59:59.999999999`); on another day it is `invalid`. `to_json` writes time's
/// [`Rfc3339`] form, or the UTC one for an offset RFC 3339 cannot write (with seconds, or
/// of 24 hours or more). A value built in code with no RFC 3339 form even in UTC (outside
/// the years 0000–9999) is written in time's `Display` form, which does not parse back.
///
/// ```
/// use elicit_core::ElicitField;
/// use time::{OffsetDateTime, UtcOffset};
///
/// let parsed = OffsetDateTime::from_json(&"2024-05-01t14:00:00.5+02:00".into()).unwrap();
/// assert_eq!(parsed.offset(), UtcOffset::from_hms(2, 0, 0).unwrap());
/// assert_eq!(parsed.to_json(), "2024-05-01T14:00:00.5+02:00");
///
/// let leap = OffsetDateTime::from_json(&"2016-12-31T23:59:60Z".into()).unwrap();
/// assert_eq!(leap.to_json(), "2016-12-31T23:59:59.999999999Z");
/// let error = OffsetDateTime::from_json(&"2016-12-30T23:59:60Z".into()).unwrap_err();
/// assert_eq!(error.code(), "invalid");
/// ```
impl ElicitField for OffsetDateTime {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::DateTime)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let text = text(value, StringFormat::DateTime)?;
        OffsetDateTime::parse(text, &Rfc3339).map_err(|error| {
            // The format's checker has proven the seconds are at bytes 17..19.
            if &text[17..19] == "60" {
                invalid("a leap second (23:59:60 UTC) is accepted only on the last day of a month")
            } else {
                invalid(format!("must be an RFC 3339 date-time: {error}"))
            }
        })
    }

    fn to_json(&self) -> Value {
        let text = self
            .format(&Rfc3339)
            .ok()
            .or_else(|| {
                self.checked_to_offset(UtcOffset::UTC)?
                    .format(&Rfc3339)
                    .ok()
            })
            // Outside the years 0000–9999 even in UTC: no RFC 3339 form, so time's own.
            .unwrap_or_else(|| self.to_string());
        Value::String(text)
    }
}
