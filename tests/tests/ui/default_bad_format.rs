// A literal default of a formatted field is checked at compile time: against the `format`
// written on the field, or the one its type implies.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Event {
    #[elicit(format = "date", default = "2026-02-30")]
    day: String,
    #[elicit(format = "date-time", default = "2026-01-01 09:00")]
    starts: Option<String>,
    #[elicit(format = "email", default = "nobody")]
    email: String,
    #[elicit(default = "01/01/2026")]
    first_day: chrono::NaiveDate,
    #[elicit(default = "2026-01-01T09:00:00")]
    opens_at: chrono::DateTime<chrono::Utc>,
    #[elicit(default = "2026-1-1")]
    closes_on: Option<time::Date>,
    #[elicit(default = "example.com")]
    docs: url::Url,
    #[elicit(default = "localhost")]
    bind: std::net::Ipv4Addr,
    #[elicit(default = 20260101)]
    last_day: chrono::NaiveDate,
}

fn main() {}
