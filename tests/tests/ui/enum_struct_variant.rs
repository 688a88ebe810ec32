use elicit_core::Elicit;

#[derive(Elicit)]
enum Shape {
    Circle,
    Rectangle { width: u32, height: u32 },
}

fn main() {}
