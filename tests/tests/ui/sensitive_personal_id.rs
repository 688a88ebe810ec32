use elicit_core::Elicit;

// Government identifiers and bank account numbers are sensitive personal data; the
// country that issued a passport is not.
#[derive(Elicit)]
struct Identity {
    full_name: String,
    passport_number: String,
    passport_country: String,
    tax_id: Option<String>,
    iban: String,
}

fn main() {}
