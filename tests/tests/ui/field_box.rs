use elicit_core::Elicit;

#[derive(Elicit)]
struct Note {
    text: Box<String>,
}

fn main() {}
