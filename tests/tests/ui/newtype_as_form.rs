// A newtype is a field type: it has no form schema and cannot be asked as a form.
use elicit_core::Elicit;

#[derive(Elicit)]
struct Email(#[elicit(format = "email")] String);

fn ask<T: Elicit>() -> &'static str {
    T::message()
}

fn main() {
    let _ = Email::requested_schema();
    let _ = ask::<Email>();
}
