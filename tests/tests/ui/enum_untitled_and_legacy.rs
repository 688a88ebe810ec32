use elicit_core::Elicit;

#[derive(Elicit)]
#[elicit(untitled, legacy_enum_names)]
enum Color {
    Red,
    Green,
}

fn main() {}
