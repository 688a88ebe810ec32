use elicit_core::Elicit;
use serde_json::json;

/// Tell us about yourself
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Profile {
    /// Your name
    #[elicit(min_length = 1, max_length = 10, title = "Name")]
    full_name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(minimum = 18, default = 30)]
    age: u8,
    color: Color,
    #[elicit(min_items = 1)]
    extras: Vec<Color>,
    ratio: f32,
}

/// Pick a color
#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "snake_case")]
enum Color {
    /// The red one
    DarkRed,
    Blue,
}

#[test]
fn smoke() {
    let schema = serde_json::to_string_pretty(Profile::requested_schema()).unwrap();
    println!("{schema}");
    let ok = json!({"fullName": "Ada", "color": "blue", "extras": ["dark_red"], "ratio": 0.5});
    let p = Profile::from_content(ok.as_object().unwrap()).unwrap();
    println!("{p:?}");
    assert_eq!(Profile::from_content(&p.to_content()).unwrap(), p);
    let bad = json!({"fullName": "", "email": "x", "age": 3, "color": "Blue", "extras": [], "ratio": "a"});
    let e = Profile::from_content(bad.as_object().unwrap()).unwrap_err();
    println!("{e}");
    println!("{}", serde_json::to_string(&e).unwrap());
}
