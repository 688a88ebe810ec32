//! chrono's dates and date-times (feature `chrono`).

use ::chrono::{DateTime, Datelike, FixedOffset, NaiveDate, SecondsFormat, Utc};
use serde_json::Value;

use super::formatted::{invalid, schema, text};
use crate::error::FieldErrorKind;
use crate::field::ElicitField;
use crate::schema::{PropertySchema, StringFormat};

/// `{"type":"string","format":"date"}`: a calendar date, `YYYY-MM-DD`.
///
/// Anything but a real date of the years 0000–9999 in exactly that form (`2023-02-29`,
/// `2024-1-5`, a date-time) is `bad_format`. A date outside those years has no such form:
/// `to_json` writes chrono's signed one, which does not parse back.
///
/// ```
/// use chrono::NaiveDate;
/// use elicit_core::ElicitField;
///
/// let leap_day = NaiveDate::from_ymd_opt(2024, 2, 29).unwrap();
/// assert_eq!(NaiveDate::from_json(&"2024-02-29".into()), Ok(leap_day));
/// assert_eq!(NaiveDate::from_json(&"2023-02-29".into()).unwrap_err().code(), "bad_format");
/// assert_eq!(leap_day.to_json(), "2024-02-29");
/// ```
impl ElicitField for NaiveDate {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::Date)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let text = text(value, StringFormat::Date)?;
        text.parse()
            .map_err(|error| invalid(format!("must be a calendar date: {error}")))
    }

    fn to_json(&self) -> Value {
        Value::String(self.to_string())
    }
}

/// `{"type":"string","format":"date-time"}`: an RFC 3339 date-time, converted to UTC.
///
/// Accepts what the `date-time` format accepts (`T`/`Z` in either case, any number of
/// fraction digits, of which chrono keeps nine, a leap second at 23:59:60 UTC), provided the
/// instant falls in the years 0000–9999 in UTC too (`0000-01-01T00:30:00+01:00` does not),
/// since `to_json` writes it with `Z`: `2024-05-01T12:00:00Z`, the fraction as
/// chrono's [`SecondsFormat::AutoSi`] gives it. (A value built in code outside those years
/// has no RFC 3339 form; what `to_json` writes for it does not parse back.)
///
/// ```
/// use chrono::{DateTime, TimeZone, Utc};
/// use elicit_core::ElicitField;
///
/// let noon = Utc.with_ymd_and_hms(2024, 5, 1, 12, 0, 0).unwrap();
/// assert_eq!(DateTime::<Utc>::from_json(&"2024-05-01T14:00:00+02:00".into()), Ok(noon));
/// assert_eq!(DateTime::<Utc>::from_json(&"2024-05-01 12:00:00Z".into()).unwrap_err().code(), "bad_format");
/// assert_eq!(noon.to_json(), "2024-05-01T12:00:00Z");
/// ```
impl ElicitField for DateTime<Utc> {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::DateTime)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let utc = DateTime::<FixedOffset>::from_json(value)?.with_timezone(&Utc);
        if (0..=9999).contains(&utc.year()) {
            Ok(utc)
        } else {
            Err(invalid("must fall in the years 0000–9999 in UTC"))
        }
    }

    fn to_json(&self) -> Value {
        Value::String(self.to_rfc3339_opts(SecondsFormat::AutoSi, true))
    }
}

/// `{"type":"string","format":"date-time"}`: an RFC 3339 date-time, keeping its offset.
///
/// Accepts what the `date-time` format accepts (`T`/`Z` in either case, any number of
/// fraction digits, of which chrono keeps nine, a leap second at 23:59:60 UTC). `to_json`
/// writes the same local time and offset (`Z` for `+00:00` and `-00:00`), the fraction as
/// chrono's [`SecondsFormat::AutoSi`] gives it; an offset with seconds, which RFC 3339
/// cannot write, is written in UTC instead. (A local time built in code outside the years
/// 0000–9999 has no RFC 3339 form; what `to_json` writes for it does not parse back.)
///
/// ```
/// use chrono::{DateTime, FixedOffset};
/// use elicit_core::ElicitField;
///
/// let parsed = DateTime::<FixedOffset>::from_json(&"2024-05-01t14:00:00.5+02:00".into()).unwrap();
/// assert_eq!(parsed.offset().local_minus_utc(), 2 * 3600);
/// assert_eq!(parsed.to_json(), "2024-05-01T14:00:00.500+02:00");
/// ```
impl ElicitField for DateTime<FixedOffset> {
    const FACTS: crate::schema::facts::Facts = crate::schema::facts::Facts::STRING;

    fn field_schema() -> PropertySchema {
        schema(StringFormat::DateTime)
    }

    fn from_json(value: &Value) -> Result<Self, FieldErrorKind> {
        let text = text(value, StringFormat::DateTime)?;
        DateTime::parse_from_rfc3339(text)
            .map_err(|error| invalid(format!("must be an RFC 3339 date-time: {error}")))
    }

    fn to_json(&self) -> Value {
        let text = if self.offset().local_minus_utc() % 60 == 0 {
            self.to_rfc3339_opts(SecondsFormat::AutoSi, true)
        } else {
            self.with_timezone(&Utc)
                .to_rfc3339_opts(SecondsFormat::AutoSi, true)
        };
        Value::String(text)
    }
}
