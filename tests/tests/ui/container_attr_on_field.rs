use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(rename_all = "camelCase")]
    full_name: String,
}

fn main() {}
