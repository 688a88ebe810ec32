use elicit_core::Elicit;

#[derive(Elicit)]
struct Ratios {
    #[elicit(default = f64::NAN)]
    ratio: f64,
    #[elicit(default = f32::INFINITY)]
    limit: f32,
}

fn main() {}
