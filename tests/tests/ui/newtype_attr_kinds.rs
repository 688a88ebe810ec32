// A newtype takes the attributes of what it wraps, and passes that on to the fields using it.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Percent(#[elicit(minimum = 0, maximum = 100, min_length = 1)] u8);

#[derive(Elicit)]
struct Email(#[elicit(format = "email")] String);

#[derive(Elicit)]
struct Form {
    #[elicit(minimum = 1)]
    email: Email,
    #[elicit(pattern = "^[0-9]+$")]
    share: Percent,
}

fn main() {}
