use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Login {
    user_name: String,
    user_password: String,
    #[elicit(rename = "API_KEY")]
    key: String,
    card_number: Option<String>,
    cvv: u16,
    remember_password: bool,
    #[elicit(skip)]
    session_token: String,
    #[elicit(not_sensitive)]
    token_budget: u32,
}

fn main() {}
