//! With default features only, a form's fields reach the JSON text in declaration order, even
//! through a `serde_json::Value`. Run alone (`cargo test -p elicit-core --test default_order`):
//! in `cargo test --workspace`, features are unified across members and other packages turn
//! `preserve_order` on anyway.

use elicit_core::Elicit;
use serde_json::json;

/// Please confirm your table reservation
#[derive(Elicit)]
#[allow(dead_code)]
struct Booking {
    zone: String,
    guest_name: String,
    party_size: u8,
    email: Option<String>,
    accessible: bool,
}

/// Declaration order, which is not alphabetical (`accessible`, `email`, `guest_name`, …).
const DECLARED: [&str; 5] = ["zone", "guest_name", "party_size", "email", "accessible"];

/// Where each field's `"name":` key first appears in `text`, in the order they appear.
fn key_order(text: &str) -> Vec<&'static str> {
    let mut found: Vec<(usize, &'static str)> = DECLARED
        .iter()
        .map(|name| {
            let at = text
                .find(&format!("\"{name}\":"))
                .unwrap_or_else(|| panic!("no `{name}` key in {text}"));
            (at, *name)
        })
        .collect();
    found.sort_unstable();
    found.into_iter().map(|(_, name)| name).collect()
}

#[test]
fn a_value_keeps_declaration_order() {
    let value = serde_json::to_value(Booking::requested_schema()).unwrap();
    let text = serde_json::to_string(&value).unwrap();
    assert_eq!(key_order(&text), DECLARED, "{text}");
}

#[test]
fn json_macro_keeps_declaration_order() {
    let params =
        json!({"message": Booking::message(), "requestedSchema": Booking::requested_schema()});
    let text = serde_json::to_string(&params).unwrap();
    assert_eq!(key_order(&text), DECLARED, "{text}");
}

#[test]
fn the_schema_serialized_directly_keeps_declaration_order() {
    // No `Value` in between: the order never depended on the feature here.
    let text = serde_json::to_string(Booking::requested_schema()).unwrap();
    assert_eq!(key_order(&text), DECLARED, "{text}");
}
