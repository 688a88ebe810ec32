// A type's kind and range are judged by its facts (`ElicitField::FACTS`), by const
// evaluation, the same way whether the syntax shows the type or not: every mistake below is
// written once on a primitive type and once on an alias of it, and reported the same way.
// (The pointer-size types are judged with the target's range.)
use elicit_core::Elicit;

type Age = u8;
type Size = usize;
type Flag = bool;

#[derive(Elicit)]
struct Form {
    #[elicit(default = 300)]
    age: u8,
    #[elicit(default = 300)]
    age_alias: Age,
    #[elicit(maximum = 300)]
    limit: u8,
    #[elicit(maximum = 300)]
    limit_alias: Age,
    #[elicit(minimum = 1.5)]
    step: u8,
    #[elicit(minimum = 1.5)]
    step_alias: Age,
    #[elicit(default = "two")]
    count: usize,
    #[elicit(default = "two")]
    count_alias: Size,
    #[elicit(minimum = -1)]
    size: usize,
    #[elicit(minimum = -1)]
    size_alias: Size,
    #[elicit(default = 1)]
    on: bool,
    #[elicit(default = 1)]
    on_alias: Flag,
}

fn main() {}
