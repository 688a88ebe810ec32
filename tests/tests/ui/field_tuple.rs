use elicit_core::Elicit;

#[derive(Elicit)]
struct Entry {
    pair: (String, u8),
}

fn main() {}
