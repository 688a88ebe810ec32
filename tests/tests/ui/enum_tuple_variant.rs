use elicit_core::Elicit;

#[derive(Elicit)]
enum Shape {
    Circle,
    Square(u32),
}

fn main() {}
