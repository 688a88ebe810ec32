use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    name: String,
    #[elicit(rename = "name")]
    nickname: String,
}

fn main() {}
