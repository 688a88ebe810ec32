use std::collections::HashMap;

use elicit_core::Elicit;

#[derive(Elicit)]
struct Settings {
    values: HashMap<String, String>,
}

fn main() {}
