use elicit_core::Elicit;

type Count = u8;
type Name = String;

#[derive(Elicit)]
#[elicit(rename_all = "kebab-case")]
enum Cup {
    LargeCup,
    Small,
}

#[derive(Elicit)]
struct Percent(#[elicit(maximum = 100)] u8);

#[derive(Elicit)]
struct Order {
    #[elicit(default = 300)]
    count: Count,
    #[elicit(default = 5)]
    name: Name,
    #[elicit(default = "LargeCup")]
    cup: Cup,
    #[elicit(default = 200)]
    share: Percent,
    #[elicit(default = Percent(250))]
    tip: Option<Percent>,
}

fn main() {}
