use elicit_core::Elicit;

/// A newtype over a string can carry a secret: its name still counts.
#[derive(Elicit)]
struct Opaque(String);

#[derive(Elicit)]
struct Login {
    user: String,
    password: Opaque,
}

fn main() {}
