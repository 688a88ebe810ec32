// Only a struct form (or an `Option` of one) can be flattened: not a field type, a newtype,
// an enum form or a type without `Elicit`.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Email(#[elicit(format = "email")] String);

#[derive(Elicit)]
enum Size {
    Small,
    Large,
}

struct Plain {
    name: String,
}

#[derive(Elicit)]
struct Form {
    #[elicit(flatten)]
    name: String,
    #[elicit(flatten)]
    email: Option<Email>,
    #[elicit(flatten)]
    size: Size,
    #[elicit(flatten)]
    plain: Plain,
}

fn main() {}
