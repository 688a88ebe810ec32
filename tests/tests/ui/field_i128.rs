use elicit_core::Elicit;

#[derive(Elicit)]
struct Ledger {
    balance: i128,
}

fn main() {}
