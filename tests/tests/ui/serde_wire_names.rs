// A type serde reads too has one wire name per field and variant: wherever serde's name (its
// `rename`, its `rename_all`, or one of its `alias`es) and this derive's could differ, it is a
// compile error on the attribute that makes them differ.
use elicit_core::Elicit;

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Profile {
    // serde reads `firstName`.
    #[elicit(rename = "nick")]
    first_name: String,
    // The same name: fine.
    #[elicit(rename = "lastName")]
    last_name: String,
    // serde reads it by its alias too: fine.
    #[serde(alias = "mail")]
    #[elicit(rename = "mail")]
    email: String,
}

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "camelCase"))]
enum Size {
    // serde reads `extraLarge`.
    #[elicit(rename = "xl")]
    ExtraLarge,
    Small,
}

// serde reads `user_name`: no `rename_all` of its own.
#[derive(Elicit, serde::Deserialize)]
#[elicit(rename_all = "camelCase")]
struct Login {
    #[serde(default)]
    user_name: String,
}

#[derive(Elicit, serde::Deserialize)]
struct Counter {
    #[serde(default)]
    count: u8,
    // serde reads `number`.
    #[elicit(rename = "n")]
    number: u8,
}

fn main() {}
