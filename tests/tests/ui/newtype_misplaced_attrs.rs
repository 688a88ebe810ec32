// What belongs to the form field that uses a newtype cannot go on the newtype.
use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(message = "Your e-mail", rename_all = "camelCase")]
struct Email(
    #[elicit(format = "email", rename = "mail", default = "a@b.co", skip, not_sensitive, flatten)]
    String,
);

fn main() {}
