use elicit_core::Elicit;

// A wallet's seed phrase is its private key; credentials and SSH keys are secrets too.
#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Restore {
    seed_phrase: String,
    credentials: String,
    ssh_key: Option<String>,
    seed_phrase_length: u8,
    ssh_key_path: String,
}

fn main() {}
