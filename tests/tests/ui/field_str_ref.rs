use elicit_core::Elicit;

#[derive(Elicit)]
struct Greeting {
    name: &'static str,
}

fn main() {}
