use elicit_core::Elicit;

struct Address {
    street: String,
}

#[derive(Elicit)]
#[elicit(rename_all = "camelCase", prompt = "Sign up")]
struct SignUp {
    #[elicit(min_length = 10, max_length = 5, colour = "red")]
    full_name: String,
    #[elicit(format = "phone", minimum = 1)]
    email: String,
    #[elicit(minimum = 18, maximum = 300, default = 12)]
    age: u8,
    #[elicit(pattern = "^[a-z+$", title = 5, min_length = "3")]
    handle: String,
    #[elicit(rename = "fullName")]
    display_name: String,
    address: Address,
}

fn main() {}
