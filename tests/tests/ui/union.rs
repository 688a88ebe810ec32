use elicit_core::Elicit;

#[derive(Elicit)]
union Number {
    int: u32,
    float: f32,
}

fn main() {}
