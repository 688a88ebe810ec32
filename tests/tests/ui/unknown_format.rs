use elicit_core::Elicit;

#[derive(Elicit)]
struct Profile {
    #[elicit(format = "phone")]
    phone: String,
}

fn main() {}
