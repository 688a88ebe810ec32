use elicit_core::Elicit;

const TOO_BIG: u8 = 50;
const NOT_A_NUMBER: f64 = f64::NAN;

#[derive(Elicit)]
struct Retries {
    #[elicit(minimum = 1, maximum = 10, default = TOO_BIG)]
    n: u8,
    #[elicit(default = NOT_A_NUMBER)]
    ratio: f64,
    #[elicit(maximum = 100, default = u16::MAX)]
    port: Option<u16>,
}

fn main() {}
