use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Profile {
    first_name: String,
    #[elicit(rename = "firstName")]
    given_name: String,
}

fn main() {}
