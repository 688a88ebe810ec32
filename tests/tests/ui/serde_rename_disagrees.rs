use elicit_core::Elicit;

#[derive(Elicit, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[elicit(rename_all = "kebab-case")]
struct Booking {
    #[serde(rename = "fromSerde")]
    #[elicit(rename = "fromElicit")]
    both: bool,
}

fn main() {}
