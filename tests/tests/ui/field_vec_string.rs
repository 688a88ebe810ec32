use elicit_core::Elicit;

#[derive(Elicit)]
struct Post {
    tags: Vec<String>,
}

fn main() {}
